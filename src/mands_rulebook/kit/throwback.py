"""Throwback and Pushback from blows (``docs/rules/combat.md`` §8; seed "Throwback Roll").

These are the rules :mod:`mands_rulebook.combat.throwback` registers: the hooks named below are
that plugin's; nothing here is a hook.

After an action resolves (``mands_action_after``), every character its blows hurt may be
knocked flying. The blows are the ``DamageTaken`` events of that resolution whose ``source`` is
the actor: the events logged between the previous ``ActionResolved`` of the segment and this
action's own (the kernel logs an action's resolution events right before its
``ActionResolved``). All the blows one action lands on one victim make one Throwback Roll.

* **Throwback Roll** (seed): Mass on the Sphere chart (the figured ``throwback_roll``), no bonus
  pool, a penalty of the raw damage (before skill, Skin Temper or Ignore Damage: ``raw``). A
  victim who lost only VP rolls only if surprised, with a bonus of the higher of Agility and
  Strength (Sphere chart); one who lost DP gets Strength (Sphere chart), halved (rounded down)
  when surprised.
* **Thrown**: the failure margin read Result → Sphere is the distance in meters and the speed
  in m/segment (one segment in the air for most characters); halved for mainly penetrating
  blows, halved again for small projectiles (the ``damage_kind`` and ``small_projectile`` of
  the damage event, when it carries them).
* **On the map** (:mod:`mands_rulebook.kit.throw_flight`; G-245 … G-248): the victim flies away
  from the attacker its full length over open ground, passing places and flying on the
  straightest way; only a place with a ``wall`` or an ``obstacle`` stops it short, and under
  ``G68_throwback_collision = "meters_short"`` the meters left (rounded up) land as bludgeoning
  damage through :func:`mands_rulebook.kit.damage.strike`. Landing lower than it stood, or over a
  rooftop ``edge``, the victim falls the difference (:mod:`mands_rulebook.movement.falling`, G-174,
  G-249).
* **Pushback** (§8.2): the failure margin is added to every action the victim has in progress;
  G-10 (``G10_pushback_from_damage = "dp_lost"``) adds the DP the blows took as well.
  Pushback is returned as :class:`~mands_sim.events.PushedBack` events computed as
  :meth:`Encounter.push_back <mands_sim.kernel.encounter.Encounter.push_back>` computes them.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Final, Literal

from mands_rulebook.kit.damage import PENETRATING, Blow, strike
from mands_rulebook.kit.falling import thrown_fall
from mands_rulebook.kit.injury import Hit, hits_between, roll_event, survival_roll
from mands_rulebook.kit.positions import position_now
from mands_rulebook.kit.throw_flight import flight
from mands_sim.charts.action import ActionChart
from mands_sim.defaults import rule_default
from mands_sim.events import ActionResolved, Event, Moved, PushedBack
from mands_sim.kernel.encounter import Encounter
from mands_sim.metrics import Metric, one_for
from mands_sim.world import Position


@dataclass(frozen=True, slots=True)
class ThrowbackDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-10, G-68."""

    G10_pushback_from_damage: Literal["none", "dp_lost"] = rule_default(
        "G-10",
        "Pushback from being hit: none unless the blow throws the character back ('none'), or "
        "also the DP the blow took (after Skin Temper and Ignore Damage) as segments of "
        "Pushback on every action the victim has in progress ('dp_lost').",
        "none",
        ("none", "dp_lost"),
    )
    G68_throwback_collision: Literal["meters_short", "none"] = rule_default(
        "G-68",
        "A character thrown back further than the map lets it fly (it stops at the next place) "
        "takes the meters it fell short, rounded up, as bludgeoning damage ('meters_short'), "
        "or just stops.",
        "meters_short",
        ("meters_short", "none"),
    )


THROWBACK_ROLL: Final = "throwback roll"
"""The purpose of a Throwback Roll's :class:`~mands_sim.events.RollMade` (§8.1)."""


COLLISION: Final = "collision"
"""The ``source`` of the damage a thrown character takes when a wall stops it (G-68, G-245)."""


THROWBACK: Final = "throwback"
"""The ``reason`` of a thrown character's Moved and PushedBack events (§8.1)."""


DAMAGE_PUSHBACK: Final = "damage taken (G-10)"
"""The ``reason`` of the G-10 ``dp_lost`` Pushback."""


_SNAP: Final = 1e-9
"""Meters: float rounding, not distance."""


@dataclass(frozen=True, slots=True)
class ThrownBack(Event):
    """A failed Throwback Roll: knocked flying by a blow (``docs/rules/combat.md`` §8.1).

    ``margin`` is the failure margin, also the Pushback it adds; ``meters`` the distance (and
    the speed in m/segment) after any halving; ``flown`` the meters flown, over open ground
    beyond the drawn map too, less when a wall or an obstacle stopped the flight short (G-68,
    G-245).
    """

    kind: ClassVar[str] = "thrown-back"
    character: str
    source: str
    margin: int
    meters: float
    flown: float

    def narrative(self) -> str:
        crash = f", and crashes after {self.flown:g} m" if self.flown < self.meters else ""
        return f"{self.character} is thrown back {self.meters:g} m by {self.source}'s blow{crash}."


THROWN_BACK: Final = Metric(
    "thrown back", {ThrownBack: one_for("character")}, summary="throwbacks suffered (§8.1)"
)
"""Counted for whom was thrown; the report gives it per run."""


@dataclass(frozen=True, slots=True)
class Impact:
    """What the blows of one resolving action did to one victim (§8.1)."""

    victim: str
    source: str
    raw: int
    damage_points_lost: int
    mainly_penetrating: bool = False
    small_projectile: bool = False


def impacts(encounter: Encounter, actor: str, action_id: int) -> list[Impact]:
    """The blows ``actor``'s resolved action landed, one :class:`Impact` per victim."""
    log = encounter.log
    end = resolved_index(log, action_id)
    if end is None:
        return []
    blows: dict[str, list[Hit]] = {}
    for hit in hits_between(encounter, resolution_start(log, end), end):
        if hit.event.source == actor:
            blows.setdefault(hit.victim, []).append(hit)
    return [impact_of(victim, actor, hits) for victim, hits in blows.items()]


def resolved_index(log: Sequence[Event], action_id: int) -> int | None:
    """Where the ``ActionResolved`` of ``action_id`` is, searching back through its segment."""
    for index in range(len(log) - 1, -1, -1):
        event = log[index]
        if isinstance(event, ActionResolved) and event.action_id == action_id:
            return index
        if event.segment < log[-1].segment:
            return None
    return None


def resolution_start(log: Sequence[Event], end: int) -> int:
    """The first event of the resolution that ends at ``log[end]``: just after the segment's
    previous ``ActionResolved``, or the segment's first event."""
    start = end
    segment = log[end].segment
    while start > 0 and log[start - 1].segment == segment:
        if isinstance(log[start - 1], ActionResolved):
            break
        start -= 1
    return start


def impact_of(victim: str, source: str, hits: Sequence[Hit]) -> Impact:
    """One victim's blows added up: raw damage, DP lost, what kind of blow it mainly was."""
    events = [hit.event for hit in hits]
    penetrating = sum(e.penetrating for e in events)
    taken = sum(e.taken for e in events)
    mainly_penetrating = (
        any(e.damage_kind == PENETRATING for e in events) or 2 * penetrating > taken
    )
    return Impact(
        victim=victim,
        source=source,
        raw=sum(e.raw for e in events),
        damage_points_lost=sum(hit.damage_points_lost for hit in hits),
        mainly_penetrating=mainly_penetrating,
        small_projectile=any(e.small_projectile for e in events),
    )


def aftermath(encounter: Encounter, impact: Impact) -> list[Event]:
    """The Throwback Roll, the flight, and the Pushback of one victim."""
    events, margin = throwback(encounter, impact)
    pushes = [(margin, THROWBACK)] if margin > 0 else []
    if (
        encounter.defaults.of(ThrowbackDefaults).G10_pushback_from_damage == "dp_lost"
        and impact.damage_points_lost
    ):
        pushes.append((impact.damage_points_lost, DAMAGE_PUSHBACK))
    return [*events, *pushback_events(encounter, impact.victim, pushes)]


def throwback_bonus(encounter: Encounter, impact: Impact) -> int | None:
    """Seed "Throwback Roll": the victim's bonus, or ``None`` when it cannot be thrown (only VP
    lost and not surprised)."""
    abilities = encounter.abilities(impact.victim)
    sphere = encounter.charts.action.sphere
    surprised = caught_unready(encounter, impact.victim)
    if impact.damage_points_lost <= 0:
        return int(sphere(max(abilities.agility, abilities.strength))) if surprised else None
    strength = int(sphere(abilities.strength))
    return strength // 2 if surprised else strength


def caught_unready(encounter: Encounter, victim: str) -> bool:
    """Whether ``victim`` counts as the seed's surprised victim: under a condition that catches
    it unready (``ConditionDefinition.unready``): surprise itself (``kit.surprise``), the
    paralysing horror (``abilities.charm``) and Mind Control's hold (``powers.mind_control``),
    which hold their victim as surprise does. Another condition (a stun) leaves the roll as it
    is."""
    rules = encounter.rules
    return any(rules.condition(name).unready for name in encounter.state[victim].conditions)


def throwback_target(encounter: Encounter, impact: Impact, bonus: int) -> int:
    """Mass (Sphere chart) − the raw damage + the bonus; no bonus pool (seed)."""
    return int(encounter.figured(impact.victim).throwback_roll) - impact.raw + bonus


def throwback(encounter: Encounter, impact: Impact) -> tuple[list[Event], int]:
    """The Throwback Roll and, on a failure, the flight; with the failure margin (0: none)."""
    bonus = throwback_bonus(encounter, impact)
    if bonus is None:
        return [], 0
    victim = impact.victim
    target = throwback_target(encounter, impact, bonus)
    # seed 000: the victim's own 2d10 roll, so its player may edit it (G-154); it is for Mass
    roll = survival_roll(encounter, victim, THROWBACK_ROLL, target, improves="Mass")
    events: list[Event] = [roll_event(encounter, victim, THROWBACK_ROLL, roll)]
    if roll.succeeded:
        return events, 0
    meters = throw_meters(encounter.charts.action, roll.margin, impact)
    thrown = ThrownBack(encounter.now, victim, impact.source, roll.margin, meters, 0.0)
    return events + flown_events(encounter, thrown), roll.margin


def flown_events(encounter: Encounter, thrown: ThrownBack) -> list[Event]:
    """``thrown`` with what it flew, the landing, a wall's damage and a fall (G-174, G-245)."""
    victim = thrown.character
    start = position_now(encounter, victim)
    flew = flight(encounter, victim, thrown.source, thrown.meters)
    events: list[Event] = [dataclasses.replace(thrown, flown=flew.flown)]
    if flew.landing is not None:
        events.append(moved(encounter, victim, flew.landing))
    events += collision(encounter, victim, flew.struck)
    return events + thrown_fall(encounter, victim, start, flew, events)


def throw_meters(chart: ActionChart, margin: int, impact: Impact) -> float:
    """The failure margin, Result → Sphere, in meters (and m/segment); halved for mainly
    penetrating blows, halved again for small projectiles (seed "Throwback Roll")."""
    meters = chart.from_result("sphere", margin)
    if impact.mainly_penetrating:
        meters /= 2
    if impact.small_projectile:
        meters /= 2
    return meters


def moved(encounter: Encounter, victim: str, landing: Position) -> Moved:
    return Moved(
        segment=encounter.now,
        character=victim,
        place=landing.place,
        toward=landing.toward,
        offset=landing.offset,
        reason=THROWBACK,
    )


def collision(encounter: Encounter, victim: str, struck: float) -> list[Event]:
    """G-68: the meters left when a wall stopped the flight (G-245), rounded up, as
    bludgeoning damage."""
    if (
        encounter.defaults.of(ThrowbackDefaults).G68_throwback_collision == "none"
        or struck <= _SNAP
    ):
        return []
    return strike(encounter, victim, Blow(raw=math.ceil(struck - _SNAP), source=COLLISION))


def pushback_events(
    encounter: Encounter, victim: str, pushes: Sequence[tuple[int, str]]
) -> list[Event]:
    """Each push, in segments, on every action ``victim`` has in progress (§8.2)."""
    events: list[Event] = []
    for action in encounter.state[victim].actions:
        completes_at = action.completes_at
        for segments, reason in pushes:
            completes_at += segments
            events.append(
                PushedBack(
                    segment=encounter.now,
                    character=victim,
                    action=action.name,
                    action_id=action.action_id,
                    segments=segments,
                    completes_at=completes_at,
                    reason=reason,
                )
            )
    return events
