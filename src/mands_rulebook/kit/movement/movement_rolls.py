"""The Move Roll and the Jump Roll, and how a mind spends their Quality (seed "Move Roll",
"Jump Roll"). Part of the movement rules (:mod:`mands_rulebook.movement.moving`); not a hook.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from mands_rulebook.kit.editing_points.rolls import character_roll
from mands_sim.actions import Intent, QualityAllocation
from mands_sim.events import Event, QualityAllocated, RollMade
from mands_sim.kernel.encounter import Encounter
from mands_sim.rolls import ActionRoll


def move_roll(encounter: Encounter, actor: str, intent: Intent) -> ActionRoll:
    """Seed "Move Roll": vs the figured Move Roll (G-08), with the Bonus Pool modifiers."""
    return _roll(encounter, actor, intent, "move", encounter.figured(actor).move_roll)


def jump_roll(encounter: Encounter, actor: str, intent: Intent) -> ActionRoll:
    """Seed "Jump Roll": vs Agility + Strength (the figured Jump Roll), a bonus of twice Height."""
    return _roll(encounter, actor, intent, "jump", encounter.figured(actor).jump_roll)


TRAINS: Final[Mapping[str, str]] = {"move": "Move Roll", "jump": "Jump Roll"}
"""What Editing Points on each roll train (seed 000: "whatever the roll was for")."""


def _roll(
    encounter: Encounter, actor: str, intent: Intent, purpose: str, target: int
) -> ActionRoll:
    """The roll through :func:`~mands_rulebook.kit.editing_points.rolls.character_roll` (seed
    000)."""
    figured = encounter.figured(actor)
    bonus = figured.jump_bonus if purpose == "jump" else 0  # seed: "twice height (Square)"
    return character_roll(
        encounter, actor, intent, purpose, target=target, pool=bonus, improves=TRAINS[purpose]
    )


def spend(encounter: Encounter, actor: str, intent: Intent, quality: int) -> QualityAllocation:
    """Ask the mind how to spend a success on speed, Defense and EP (nothing on a failure)."""
    if quality <= 0:
        return QualityAllocation()
    spent = encounter.minds[actor].allocate(encounter, actor, intent, quality)
    parts = (spent.speed, spent.defense, spent.ep)
    if spent.total > quality or min(parts) < 0 or spent.attack or spent.damage:
        raise ValueError(f"{actor}'s policy spent {spent} of {quality} Q on {intent.action}")
    return spent


def logged(encounter: Encounter, actor: str, roll: ActionRoll, purpose: str) -> RollMade:
    dice = roll.dice
    return RollMade(
        encounter.now, actor, purpose, roll.target, roll.bonus_pool, roll.pool_bonus,
        dice.faces, dice.rerolls, dice.total, roll.quality,
    )  # fmt: skip


def allocated(encounter: Encounter, actor: str, action: str, s: QualityAllocation) -> Event:
    return QualityAllocated(encounter.now, actor, action, 0, s.defense, s.speed, 0, s.ep)
