"""Drama Points (``docs/rules.md`` §9) as an optional rule: ``[rules] optional =
["drama-points"]``.

"Now it's my turn: spend a DP to gain a single +20 to a combat roll." A character with Drama
Points left (its sheet's ``drama_points``, less those spent) may spend one on a parry or dodge
that failed, when the +20 would hold the strike. When to spend is its mind's to say: a mind's
optional ``spend_drama_point(encounter, actor, blow)`` answers; without it, ML-10: a character
spends one when the blow would reach its HP (the roll that matters most: its SDC is gone, or the
blow goes past it), never on one its armor and SDC would take.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar, Final

from mands_microlite.character import microlite_character
from mands_microlite.events import ArmorDamaged, DefenseRolled
from mands_microlite.tables import tables
from mands_sim.api import (
    ActionInProgress,
    AttackResolved,
    DamageTaken,
    Encounter,
    Event,
    Register,
    RuleState,
    hookimpl,
)

RULE_NAME: Final = "drama-points"


@dataclass(frozen=True, slots=True)
class DramaPointSpent(Event):
    """§9: ``character`` spends a Drama Point on ``on`` (``+20 to a parry``); ``left`` after."""

    kind: ClassVar[str] = "drama-point"
    character: str
    on: str
    left: int


DRAMA: Final = RuleState(
    "microlite-drama-points",
    0,
    {DramaPointSpent: lambda spent, _event: spent + 1},
    summary="The Drama Points each character has spent (rules.md §9).",
)


def points_left(encounter: Encounter, actor: str) -> int:
    """``actor``'s Drama Points not yet spent."""
    sheet = microlite_character(encounter, actor).sheet
    return sheet.drama_points - encounter.state[actor].get(DRAMA)


def takes_hit_points(encounter: Encounter, event: Event, defender: str) -> bool:
    """ML-10: whether ``event`` takes some of ``defender``'s HP."""
    return (
        isinstance(event, DamageTaken)
        and event.character == defender
        and event.damage_points_after < encounter.state[defender].damage_points
    )


def rescued(encounter: Encounter, events: list[Event]) -> list[Event] | None:
    """``events`` with a Drama Point spent on the defender's last failed defense, when it has one
    left, its mind would, and +20 holds the strike; ``None`` otherwise."""
    hit = next((e for e in events if isinstance(e, AttackResolved) and e.hit), None)
    if hit is None:
        return None
    defender = hit.target
    defenses = [e for e in events if isinstance(e, DefenseRolled) and e.character == defender]
    bonus = tables().combat.drama_roll
    if not defenses or defenses[-1].total + bonus < hit.attack:
        return None
    if points_left(encounter, defender) <= 0 or not _willing(encounter, defender, events):
        return None
    last = defenses[-1]
    held = replace(last, total=last.total + bonus, held=True)
    left = points_left(encounter, defender) - 1
    spent = DramaPointSpent(encounter.now, defender, f"+{bonus} to a {last.maneuver}", left)
    kept: list[Event] = []
    for event in events:
        if event is last:
            kept += [spent, held]
        elif event is hit:
            kept.append(replace(hit, defense=held.total, hit=False))
        elif isinstance(event, DamageTaken | ArmorDamaged) and event.character == defender:
            continue
        else:
            kept.append(event)
    return kept


def _willing(encounter: Encounter, defender: str, events: list[Event]) -> bool:
    ask = getattr(encounter.minds[defender], "spend_drama_point", None)
    if callable(ask):
        return bool(ask(encounter, defender, events))
    return any(takes_hit_points(encounter, event, defender) for event in events)


class DramaPoints:
    """The optional rule's plugin, registered when a scenario switches it on."""

    @hookimpl
    def mands_ruleset(self) -> str:
        return "microlite"

    @hookimpl
    def mands_resolution_adjust(
        self, encounter: Encounter, actor: str, action: ActionInProgress, events: list[Event]
    ) -> list[Event] | None:
        return rescued(encounter, events)


@hookimpl
def mands_ruleset() -> str:
    return "microlite"


@hookimpl
def mands_register_optional_rules(register: Register) -> None:
    register(
        RULE_NAME,
        DramaPoints(),
        summary="Drama Points: +20 to a failed parry or dodge that would cost HP (rules.md §9)",
        source="rules text",
    )


@hookimpl
def mands_register_rule_states(register: Register) -> None:
    register(DRAMA.name, DRAMA, summary=DRAMA.summary, source="rules text")
