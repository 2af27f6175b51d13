"""Thrown objects: aiming at a spot, the Lift Roll and the Throw Roll (``docs/rules/combat.md``
§15; seed "Lift Roll", "Throw Roll"; ``docs/rules/decisions.md`` G-21, G-24; G-84): the plugin.
Its hooks play the rules of :mod:`mands_rulebook.kit.thrown_objects`, which any chapter may
import."""

from __future__ import annotations

from mands_rulebook.kit.range import distance, sight_modifier
from mands_rulebook.kit.thrown_objects import (
    LIFT_AND_THROW,
    initiate,
    refusals,
    resolve,
)
from mands_rulebook.kit.weapons.table import Ranges
from mands_rulebook.kit.weapons.thrown import THROWN_RANGES_OPTION
from mands_sim.api import (
    Encounter,
    Intent,
    Modifier,
    Register,
    answers_actions,
    hookimpl,
    register_actions,
)

# --- aiming at a spot (G-24) --------------------------------------------------------------------


# --- lifting and throwing (seed "Lift Roll", "Throw Roll"; G-84) --------------------------------


# --- the hooks ----------------------------------------------------------------------------------


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_actions(
        register, (LIFT_AND_THROW,), initiate=initiate, resolve=resolve, source="rules text"
    )


@hookimpl
@answers_actions(LIFT_AND_THROW.name)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    return refusals(encounter, actor, intent) if intent.action == LIFT_AND_THROW.name else []


@hookimpl
@answers_actions(LIFT_AND_THROW.name)
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    """A throw's sight modifier (seed 002 Sight), as ``mands_rulebook.combat.range`` gives a thrown
    weapon's. No Range-Set penalty: the object's Maximum Range is the throw itself, its Short
    Range too (G-21)."""
    ranges = intent.options.get(THROWN_RANGES_OPTION)
    if intent.action != LIFT_AND_THROW.name or purpose != "combat" or intent.target is None:
        return []
    if not isinstance(ranges, Ranges):
        return []
    sight = sight_modifier(encounter, actor, ranges, distance(encounter, actor, intent.target))
    return (
        [Modifier(sight, "sight", "seed 002 Sight: Close/Ranged combat modifier")] if sight else []
    )
