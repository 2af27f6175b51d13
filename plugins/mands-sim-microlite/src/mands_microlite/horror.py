"""Horror Factor (``docs/rules.md`` §5): "When the character comes face to face with a horrific
supernatural entity. The character must roll the entity's HF or higher on a d20, or be
momentarily stunned. If stunned, he looses initiative, one attack, and cannot defend against the
entity's first attack."

ML-12: a character faces the Horror Factor of each enemy at its place when the fight opens
(a sheet's ``horror_factor``), one d20 of its own dice for each, the highest Horror Factor first
(then by id: the same dice whatever order the scenario lists them in). A stunned character loses
initiative and an attack in the first round, and neither parries nor dodges that entity's first
strike at it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from mands_microlite.character import enemies_in_reach, microlite_character
from mands_microlite.events import HorrorFaced
from mands_microlite.rounds import lose_initiative
from mands_microlite.tables import tables
from mands_sim.api import Encounter, Event, Register, RuleState, fighting, hookimpl


@dataclass(frozen=True, slots=True)
class Defenseless(Event):
    """§5: ``character``, stunned by ``entity``'s Horror Factor, cannot defend against its first
    attack: this is it."""

    kind: ClassVar[str] = "defenseless"
    character: str
    entity: str


def _stunned(entities: frozenset[str], event: HorrorFaced) -> frozenset[str]:
    return entities | {event.entity} if event.stunned else entities


def _defenseless(entities: frozenset[str], event: Defenseless) -> frozenset[str]:
    return entities - {event.entity}


HORRIFIED: Final = RuleState(
    "microlite-horrified",
    frozenset[str](),
    {HorrorFaced: _stunned, Defenseless: _defenseless},
    summary="The entities whose first attack each character cannot defend against (§5).",
)


def horrors_faced(encounter: Encounter, actor: str) -> list[str]:
    """The enemies at ``actor``'s place with a Horror Factor, the highest first (then by id)."""
    found = [
        (-microlite_character(encounter, enemy).sheet.horror_factor, enemy)
        for enemy in enemies_in_reach(encounter, actor, anywhere=False)
    ]
    return [entity for horror, entity in sorted(found) if horror < 0]


def face_horrors(encounter: Encounter) -> list[Event]:
    """Every character in action faces each horror at its place (ML-12)."""
    events: list[Event] = []
    for state in encounter.state:
        actor = state.character_id
        if not fighting(encounter, state):
            continue
        stunned = False
        for entity in horrors_faced(encounter, actor):
            factor = microlite_character(encounter, entity).sheet.horror_factor
            roll = encounter.dice_for(actor).face(tables().combat.die)
            failed = roll < factor
            events.append(HorrorFaced(encounter.now, actor, entity, factor, roll, failed))
            stunned = stunned or failed
        if stunned:  # the fight opens: its first round
            events += lose_initiative(encounter, actor, "horror")
    return events


def defenseless(encounter: Encounter, defender: str, attacker: str) -> bool:
    """Whether ``defender`` may not defend against ``attacker``'s strike (its first, after the
    Horror Factor stunned it)."""
    return attacker in encounter.state[defender].get(HORRIFIED)


@hookimpl
def mands_ruleset() -> str:
    return "microlite"


@hookimpl
def mands_encounter_opening(encounter: Encounter) -> list[Event]:
    return face_horrors(encounter)


@hookimpl
def mands_register_rule_states(register: Register) -> None:
    register(HORRIFIED.name, HORRIFIED, summary=HORRIFIED.summary, source="rules text")
