"""The Death Shot bought with Editing Points (seed 000): a player turns a fist attack into a
Death Shot (intent option ``death_shot``) for 4 Editing Points, which train the combat skill;
"Editors cannot use this option" (G-154)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from mands_rulebook.kit.editing_points.points import (
    EditingPointsUsed,
    editing_points_left,
    is_player,
)
from mands_sim.actions import Intent
from mands_sim.events import Event
from mands_sim.kernel.encounter import Encounter

DEATH_SHOT_COST: Final = 4
"""Seed 000: "Players can turn a normal attack into a Death Shot by using 4 Editing Points"."""

DEATH_SHOT_SKILLS: Final[Mapping[str, str]] = {"fist-attack": "Fistfighting"}
"""Attacks that read the ``death_shot`` option (:mod:`mands_rulebook.combat.fists`), and the combat
skill the points train (seed 000: "These Edit Points go to the combat skill being used"). Named,
not imported: the rule plugins that roll import this package for ``edited_roll``."""


def asks_death_shot(intent: Intent) -> bool:
    return intent.action in DEATH_SHOT_SKILLS and bool(intent.options.get("death_shot", False))


def death_shot_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """Seed 000: only players may buy a Death Shot, and only with 4 Editing Points left."""
    if not asks_death_shot(intent):
        return []
    if not is_player(encounter, actor):
        return ["only players can turn an attack into a Death Shot (seed 000: not the Editor)"]
    left = editing_points_left(encounter, actor)
    if left < DEATH_SHOT_COST:
        return [f"a Death Shot takes {DEATH_SHOT_COST} Editing Points; {actor} has {left}"]
    return []


def death_shot_cost(encounter: Encounter, actor: str, intent: Intent) -> list[Event]:
    """The 4 points a player's Death Shot uses, training the attack's combat skill."""
    if not asks_death_shot(intent) or not is_player(encounter, actor):
        return []
    skill = DEATH_SHOT_SKILLS[intent.action]
    return [
        EditingPointsUsed(encounter.now, actor, DEATH_SHOT_COST, "death shot", intent.action, skill)
    ]
