"""Combat-Roll Bonus Pool modifiers about the two combatants (``docs/rules/combat.md`` §5): the
plugin. Its hooks play the rules of :mod:`mands_rulebook.kit.combat_pool`, which any chapter may
import."""

from __future__ import annotations

from mands_rulebook.kit.combat_pool import (
    POOR_SIGHT,
    SIZE_DIFFERENCE,
    sight_defense,
    size_difference,
)
from mands_sim.api import DefenseChanged, Encounter, Event, Intent, Modifier, hookimpl


@hookimpl
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    """The size-difference modifier of a Combat Roll against ``intent.target`` (G-25)."""
    if purpose != "combat" or intent.target is None:
        return []
    amount = size_difference(encounter, actor, intent.target)
    return [Modifier(amount, SIZE_DIFFERENCE, "G-25")] if amount else []


@hookimpl
def mands_encounter_opening(encounter: Encounter) -> list[Event]:
    """Poor Sight lowers Defense before anyone acts (seed 002 "Sight")."""
    events: list[Event] = []
    for state in encounter.state:
        penalty = sight_defense(encounter, state.character_id)
        if penalty:
            defense = state.defense + penalty
            events.append(DefenseChanged(encounter.now, state.character_id, defense, POOR_SIGHT))
    return events
