"""Constitution Bonus (seed "Constitution Bonus"): a power with no action and no EP.

Seed: "Roll the dice given where the bonus was rolled up and add to the character's
constitution. This power does not use EP." The Superhuman class table gives it as "Constitution +
3d8" (seed "Biff Turk Creates a Sample Character": "His third roll is 38, Constitution + 3d8 ...
He gets +17, for a constitution of 32"), so that name is an alias and 3d8 its dice.

Why it does nothing in an encounter (G-112): the bonus is added once, when the character is
made, and the sheet records the Constitution with the bonus in it — as Seraph's sheet does ("The
class powers ... are already included in ... constitution 32"). Everything figured from
Constitution (Endurance Points, Skin Temper, Mass and the Damage Points figured from it, the Hold
Breath and Healing Rolls) then carries it, and every rule that reads the ability sees it. A
sheet entry (``power_rating`` = the bonus rolled) is a record of the roll and is not added
again. :func:`roll_bonus` and :func:`with_constitution_bonus` are the creation step.
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Final

from mands_rulebook.kit.powers.uses import RULES_TEXT, PowerSpec, register_power
from mands_sim.api import CharacterSheet, DiceSource, PowerEntry, Register, hookimpl, parse_dice

NAME: Final = "Constitution Bonus"
SUPERHUMAN_DICE: Final = "3d8"
"""Seed, Superhuman class table: "Constitution + 3d8"."""


def roll_bonus(dice: DiceSource, expression: str = SUPERHUMAN_DICE) -> int:
    """Seed: "Roll the dice given where the bonus was rolled up" (3d8: 5 + 6 + 6 = 17)."""
    return parse_dice(expression).roll(dice).total


def with_constitution_bonus(sheet: CharacterSheet, bonus: int) -> CharacterSheet:
    """Seed: "add to the character's constitution" (Seraph: 15 + 17 = 32), and the roll
    recorded as the power's entry (G-112)."""
    abilities = dataclasses.replace(
        sheet.abilities, constitution=sheet.abilities.constitution + bonus
    )
    powers = {**sheet.powers, NAME: PowerEntry(NAME, power_rating=bonus)}
    return dataclasses.replace(sheet, abilities=abilities, powers=MappingProxyType(powers))


CONSTITUTION_BONUS = PowerSpec(
    name=NAME,
    summary="Add the rolled dice to Constitution (made into the sheet; no EP, no action).",
    source=RULES_TEXT,
    uses=(),
    aliases=("Constitution + 3d8",),
    pr_dice=SUPERHUMAN_DICE,
)


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, CONSTITUTION_BONUS)
