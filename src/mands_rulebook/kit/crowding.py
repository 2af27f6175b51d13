"""Contact and crowding: who is within reach, and how many enemies fit around one character
(seed "Miniatures"; G-65, G-271, G-272, G-274).

Part of the movement rules (:mod:`mands_rulebook.movement.moving` is their plugin); the range rules
refuse a melee attack with :func:`contact_refusal`'s reason, and every policy asks
:func:`in_contact`. Nothing here is a hook.

* **Within reach**: two characters are within reach when they stand within ``G65_reach`` meters
  of each other along the map (G-65) and the higher of the two is within the lower one's reach
  upward (G-274, :mod:`mands_rulebook.kit.altitude`: a flyer in flight is out of a grounded man's
  reach).
* **The ring** (G-271): seed "Miniatures": "let one hex (or square) be one or two meters during
  combat". A one-hex figure has six hexes around it, so at most ``G271_ring_size`` (6) enemies
  can be in melee contact with one character; a further enemy within reach cannot reach it, nor
  it that enemy: its melee attack is refused, and the policies see it out of contact (they wait
  or pick another target). Friends are not counted: the ring holds the enemies who press one.
* **Who holds the ring** (G-272 ``arrival``): the enemies who came within reach first — for each,
  the later of the segments the two last came to where they stand (a runner: now, until it
  arrives) — and those arriving in the same segment in the encounter's drawn order
  (:meth:`Encounter.rank <mands_sim.kernel.encounter.Encounter.rank>`, G-227), never by id or by
  the order a file lists them in. ``rank``: the drawn order alone.
* Contact is symmetric: two enemies are in contact only when each holds a place in the other's
  ring (a character out of action holds none, and blocks none).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from mands_rulebook.kit.altitude import altitude_gap, within_reach_above
from mands_rulebook.kit.positions import current_pace, distance_now, reach
from mands_sim.defaults import rule_default
from mands_sim.events import Moved
from mands_sim.kernel.encounter import Encounter
from mands_sim.log_index import kept_answer, logged


@dataclass(frozen=True, slots=True)
class CrowdingDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-271, G-272."""

    G271_ring_size: int = rule_default(
        "G-271",
        "Crowding: at most this many enemies in melee contact with one character (6, the hexes "
        "around one hex of the seed's 1-2 m hex map; 8, its squares); a further one within reach "
        "cannot reach it. 0: no limit.",
        6,
        (6, 8, 4, 0),
    )
    G272_ring_order: Literal["arrival", "rank"] = rule_default(
        "G-272",
        "Crowding: who holds the places around a character: the enemies who came within reach "
        "first, those arriving in the same segment in the encounter's drawn order (G-227) "
        "('arrival'), or the drawn order alone ('rank').",
        "arrival",
        ("arrival", "rank"),
    )


RING: Final = "crowding: ring"
"""The key under which a character's ring is kept while the log and the segment stand."""

PRESSING: Final = "crowding: enemies in action"
"""The key under which the count of a side's enemies in action is kept likewise."""


def within_reach(encounter: Encounter, one: str, other: str) -> bool:
    """G-65 along the ground, G-274 upward: whether the two could touch, crowding aside."""
    if distance_now(encounter, one, other) > reach(encounter):
        return False
    return within_reach_above(encounter, one, other)


def in_contact(encounter: Encounter, one: str, other: str) -> bool:
    """Whether the two are in melee contact: within reach, and not crowded apart (G-271)."""
    return within_reach(encounter, one, other) and not crowded_apart(encounter, one, other)


def crowded_apart(encounter: Encounter, one: str, other: str) -> bool:
    """Whether two enemies within reach are kept apart: one of them, in action, holds no place
    in the other's ring (G-271)."""
    if int(encounter.defaults.of(CrowdingDefaults).G271_ring_size) <= 0 or not enemies(
        encounter, one, other
    ):
        return False
    return shut_out(encounter, one, other) or shut_out(encounter, other, one)


def shut_out(encounter: Encounter, attacker: str, target: str) -> bool:
    """Whether ``attacker``, in action, finds no place around ``target``."""
    if not encounter.state[attacker].in_action or not crowdable(encounter, target):
        return False
    return attacker not in ring(encounter, target)


def crowdable(encounter: Encounter, target: str) -> bool:
    """Whether ``target`` has more enemies in action than its ring holds (else nobody is ever
    shut out, and the ring need not be drawn up)."""
    side = encounter.state[target].side
    pressing = kept_answer(encounter, (PRESSING, side), lambda: _in_action_against(encounter, side))
    return pressing > int(encounter.defaults.of(CrowdingDefaults).G271_ring_size)


def _in_action_against(encounter: Encounter, side: str) -> int:
    return sum(1 for s in encounter.state if s.side != side and s.in_action)


def no_room(encounter: Encounter, attacker: str, target: str) -> bool:
    """Whether the places around ``target`` are all held by enemies other than ``attacker``
    (G-271): closing in on it would not bring ``attacker`` into contact."""
    size = int(encounter.defaults.of(CrowdingDefaults).G271_ring_size)
    if size <= 0 or not enemies(encounter, attacker, target) or not crowdable(encounter, target):
        return False
    held = ring(encounter, target)
    return len(held) >= size and attacker not in held


def enemies(encounter: Encounter, one: str, other: str) -> bool:
    return encounter.state[one].side != encounter.state[other].side


def ring(encounter: Encounter, target: str) -> tuple[str, ...]:
    """The enemies holding the places around ``target`` now, in the order they took them
    (G-271, G-272)."""
    return kept_answer(encounter, (RING, target), lambda: take_places(encounter, target))


def take_places(encounter: Encounter, target: str) -> tuple[str, ...]:
    side = encounter.state[target].side
    near = [
        s.character_id
        for s in encounter.state
        if s.side != side and s.in_action and within_reach(encounter, s.character_id, target)
    ]
    near.sort(key=lambda who: (came_within(encounter, who, target), encounter.rank(who)))
    return tuple(near[: int(encounter.defaults.of(CrowdingDefaults).G271_ring_size)])


def came_within(encounter: Encounter, who: str, target: str) -> int:
    """G-272 ``arrival``: the segment the two came within reach, the later of the segments each
    came to where it stands; ``rank``: 0 for everyone (the drawn order decides)."""
    if encounter.defaults.of(CrowdingDefaults).G272_ring_order == "rank":
        return 0
    return max(settled_at(encounter, who), settled_at(encounter, target))


def settled_at(encounter: Encounter, who: str) -> int:
    """The segment ``who`` came to where it stands: a run's arrival (now, while it runs), else
    its last ``Moved`` (a throw, a run logged), else 0 (where the encounter put it)."""
    pace = current_pace(encounter, who)
    if pace is not None and encounter.world is not None:
        return min(encounter.now, pace.arrival(encounter.world))
    moves = logged(encounter, Moved, who)
    return moves[-1].segment if moves else 0


def contact_refusal(encounter: Encounter, actor: str, target: str) -> str | None:
    """Why ``actor`` cannot reach ``target`` for a melee blow now, or ``None`` when it can."""
    if distance_now(encounter, actor, target) > reach(encounter):
        return f"{target} is out of reach"
    if not within_reach_above(encounter, actor, target):
        gap = altitude_gap(encounter, actor, target)
        return f"{target} is out of reach, {gap:g} m apart in the air (G-274)"
    if crowded_apart(encounter, actor, target):
        crowded = target if shut_out(encounter, actor, target) else actor
        size = int(encounter.defaults.of(CrowdingDefaults).G271_ring_size)
        return f"{crowded} is crowded: {size} enemies already around (G-271)"
    return None
