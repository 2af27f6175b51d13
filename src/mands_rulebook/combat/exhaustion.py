"""Endurance Points below zero (``docs/rules/combat.md`` §10; ``docs/rules/decisions.md`` G-16;
G-231): the plugin. Its hooks play the rules of :mod:`mands_rulebook.kit.exhaustion`, which any
chapter may import."""

from __future__ import annotations

import math

from mands_rulebook.kit.exhaustion import costs_ep, fleeing, low_ep_penalty, spent
from mands_rulebook.kit.movement.pace import MOVE
from mands_sim.api import (
    ActionDropped,
    ActionInProgress,
    Encounter,
    Event,
    Intent,
    Modifier,
    hookimpl,
)


@hookimpl
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    penalty = low_ep_penalty(encounter.state[actor].endurance_points)
    return [Modifier(penalty, "low EP", "G-16")] if penalty else []


@hookimpl
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """G-231: at the floor, no action that costs EP; G-233: a run leaving the encounter
    excepted."""
    if not spent(encounter, actor) or not costs_ep(encounter, intent) or fleeing(encounter, intent):
        return []
    ep = math.floor(encounter.state[actor].endurance_points)
    return [f"{actor} is spent: EP {ep}, at the floor of its endurance (G-231)"]


@hookimpl
def mands_action_sustain(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """G-231: at the floor, a sustained action (a run excepted) is dropped, paying no more."""
    if action.name == MOVE.name or not spent(encounter, actor):
        return []
    reason = "spent: EP at the floor of its endurance (G-231)"
    return [ActionDropped(encounter.now, actor, action.name, action.action_id, reason)]
