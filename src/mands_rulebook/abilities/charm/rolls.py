"""The charm or horror roll and its Quality (seed "Charisma", "Beauty"; G-156, G-157): the
Action Roll, its Bonus Pool, and how the mind spends the Q (``spend_charm_quality``)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from mands_rulebook.abilities.charm.allures import (
    BEAUTY_CHARM,
    CHARM,
    HORRIFY,
    Allure,
    CharmDefaults,
    beauty,
    charisma,
)
from mands_rulebook.kit.editing_points.rolls import edited_roll
from mands_sim.api import ActionRoll, Encounter, Event, Intent, RollMade, action_roll, roll_made


@dataclass(frozen=True, slots=True)
class CharmQualitySpent(Event):
    """How a charm or horror roll's Q was spent: ``save`` points (3 each off the saves), speed,
    ``time`` (extra d6 of paralysis), ``interval`` (rows up the save progression)."""

    kind: ClassVar[str] = "charm-quality"
    character: str
    action: str
    save: int = 0
    speed: int = 0
    time: int = 0
    interval: int = 0


def roll_target(encounter: Encounter, actor: str, allure: Allure) -> int:
    """The Action Roll: |Active Charisma| (fear "is the same"), half Beauty rounded down, or
    the negative of Beauty (seed "Charisma", "Beauty"; G-156 rounds toward 0)."""
    if allure is CHARM:
        return int(abs(charisma(encounter, actor)))
    if allure is BEAUTY_CHARM:
        return beauty(encounter, actor) // 2
    return -beauty(encounter, actor)


def base_pool(encounter: Encounter, actor: str, allure: Allure, targets: Sequence[str]) -> int:
    """Charm: −the target's Charisma (its magnitude, the largest among targets, G-156); Beauty
    charm: + Sex Appeal; several targets: −1 each (G-157)."""
    pool = 0
    if allure is CHARM:
        pool -= max(int(abs(charisma(encounter, t))) for t in targets)
    if allure is BEAUTY_CHARM:
        pool += int(encounter.character(actor).sheet.skills.get("Sex Appeal", 0))
    if (
        len(targets) > 1
        and encounter.defaults.of(CharmDefaults).G157_multiple_targets_penalty == "rule"
    ):
        pool -= len(targets)
    return pool


def allure_roll(
    encounter: Encounter, actor: str, intent: Intent, allure: Allure, targets: Sequence[str]
) -> ActionRoll:
    """The roll, with the ``charm``/``horror`` Bonus Pool modifiers, edited if a player may."""
    pool = base_pool(encounter, actor, allure, targets)
    pool += encounter.rules.bonus_pool(encounter, actor, intent, allure.purpose)
    roll = action_roll(
        encounter.dice_for(actor),
        target=roll_target(encounter, actor, allure),
        bonus_pool=pool,
        quality_modifier=encounter.rules.quality_modifier(encounter, actor, intent, allure.purpose),
        is_special=encounter.character(actor).sheet.is_special,
        charts=encounter.charts,
    )
    return edited_roll(
        encounter, actor, intent, f"{allure.purpose} roll", roll, improves=allure.improves
    )


def roll_event(encounter: Encounter, actor: str, allure: Allure, roll: ActionRoll) -> RollMade:
    return roll_made(encounter.now, actor, f"{allure.purpose} roll", roll)


@dataclass(frozen=True, slots=True)
class Attempt:
    """A charm or horror roll made and its Q spent, with the events that say so."""

    roll: ActionRoll
    spent: Mapping[str, int]
    events: tuple[Event, ...]


def attempt(
    encounter: Encounter, actor: str, intent: Intent, allure: Allure, targets: Sequence[str]
) -> Attempt:
    """Roll (edited if a player may) and let the mind spend the Q."""
    roll = allure_roll(encounter, actor, intent, allure, targets)
    spent = spend_quality(encounter, actor, intent, allure, roll.quality)
    events = (
        roll_event(encounter, actor, allure, roll),
        CharmQualitySpent(encounter.now, actor, allure.action.name, **spent),
    )
    return Attempt(roll, spent, events)


def default_spend(allure: Allure, quality: int) -> dict[str, int]:
    """A horror splits its Q as the example does (half, rounded up, off the saves; the rest
    on paralysis); a charm puts it all on the save."""
    if allure is HORRIFY:
        return {"save": math.ceil(quality / 2), "time": quality // 2}
    return {"save": quality}


def spend_quality(
    encounter: Encounter, actor: str, intent: Intent, allure: Allure, quality: int
) -> dict[str, int]:
    """The mind's ``spend_charm_quality`` (uses → points), checked; else :func:`default_spend`."""
    if quality <= 0:
        return {}
    ask = getattr(encounter.minds[actor], "spend_charm_quality", None)
    spent = (
        default_spend(allure, quality)
        if ask is None
        else dict(ask(encounter, actor, intent, quality))
    )
    bad = [
        k
        for k, v in spent.items()
        if k not in allure.quality_uses or not isinstance(v, int) or v < 0
    ]
    if bad or sum(spent.values()) > quality:
        raise ValueError(f"{actor}'s mind spent {spent} of {quality} Q on {allure.action.name}")
    return spent
