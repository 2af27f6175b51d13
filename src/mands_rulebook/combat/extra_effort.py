"""Extra Effort on the Combat Roll (G-52), the plugin: its hooks watch every initiation for the
efforts made and lower the pushed ability's later rolls. The rules are the kit's,
:mod:`mands_rulebook.kit.extra_effort`."""

from __future__ import annotations

from contextlib import AbstractContextManager

from mands_rulebook.kit.extra_effort import (
    ABILITY_ROLLS,
    current_ability,
    efforts_made,
    lowered_modifiers,
)
from mands_sim.api import Encounter, Event, Intent, Modifier, hookimpl


@hookimpl
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    """An Ability Roll is figured from the current ability, lowered by earlier Extra Efforts."""
    roll = ABILITY_ROLLS.get(purpose)
    if roll is None:
        return []
    ability = current_ability(encounter, actor, roll.ability)
    return lowered_modifiers(encounter, actor, roll, ability)


@hookimpl
def mands_initiation_watch(
    encounter: Encounter, actor: str, intent: Intent
) -> AbstractContextManager[list[Event]]:
    """Record the Extra Efforts made while the action starts and log them after its events."""
    return efforts_made(encounter)
