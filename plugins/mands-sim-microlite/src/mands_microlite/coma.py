"""Coma and death (``docs/rules.md`` §8), and how a Microlite fight ends.

"Characters lapse into a coma when they reach 0 HP. They can survive injury down to their PE
score below 0. Anything further down and they die." A character at 0 HP or less is out of
action, unconscious; one below minus its PE is dead. The fight ends when one side has nobody
left in action, as mands-sim's own ``side-out-of-action`` decides.
"""

from __future__ import annotations

from mands_microlite.character import microlite_character
from mands_sim.api import Encounter, Event, OutOfAction, Register, hookimpl, side_out_of_action

COMA = "unconscious"
DEAD = "dead"


def condition_after_damage(hit_points: int, pe: int) -> str | None:
    """§8: ``None`` while HP is above 0; a coma at 0 or less; death below minus PE."""
    if hit_points < -pe:
        return DEAD
    if hit_points <= 0:
        return COMA
    return None


def status(encounter: Encounter, actor: str) -> list[Event]:
    """Out of action, or dead, as ``actor``'s HP says (§8)."""
    state = encounter.state[actor]
    pe = microlite_character(encounter, actor).sheet.stat("PE")
    condition = condition_after_damage(state.damage_points, pe)
    if condition is None or condition == state.condition:
        return []
    if condition == COMA and not state.in_action:
        return []
    return [OutOfAction(encounter.now, actor, condition)]


@hookimpl
def mands_ruleset() -> str:
    return "microlite"


@hookimpl
def mands_status_check(encounter: Encounter, actor: str) -> list[Event]:
    return status(encounter, actor)


@hookimpl
def mands_register_outcome_conditions(register: Register) -> None:
    register(
        "side-out-of-action",
        side_out_of_action,
        summary="The fight ends when at most one side has anyone in action; that side wins.",
        source="template, not rules text",
    )
