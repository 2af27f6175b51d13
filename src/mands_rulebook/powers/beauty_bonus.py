"""Beauty Bonus (seed "Beauty Bonus"): a power with no action and no EP.

Seed: "Roll up the bonus with the dice given where this power was gained, then add it to the
character's Beauty. There is a 1% chance that a hero should actually subtract the roll from
beauty, a 5% chance that Intelligent Robots should do so, and a 20% chance that villains should
do so. This power does not use EP." The Superhuman class table gives it as "Beauty + 3d6" (seed
"Biff Turk Creates a Sample Character": "Beauty + 3d6: He gets a bonus of 13 ... He rolls 18 for
his physical beauty, and adds 13 because that's one of his powers, for a physical beauty of
31"), so that name is an alias and 3d6 its dice.

Why it does nothing in an encounter (G-112, as for the other ability bonuses): the bonus is
added (or, on the creation roll's 1 / 5 / 20 %, subtracted) once, when the character is made,
and the sheet records the Beauty with it — as Seraph's sheet does ("already included in ...
beauty 31"). The Weirdness Bonus figured from Beauty ("ten minus the character's Beauty, if
Beauty is less than 10") then carries it; Charm and Horror are not encounter actions. A sheet
entry (``power_rating`` = the dice rolled, ``subtract = true`` when taken off) is a record of
the roll and is not applied again. :func:`roll_beauty_bonus` and :func:`with_beauty_bonus` are
the creation step.
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Final, Literal

from mands_rulebook.kit.powers.uses import RULES_TEXT, PowerSpec, register_power
from mands_sim.api import (
    CharacterSheet,
    DiceSource,
    PowerEntry,
    Register,
    hookimpl,
    parse_dice,
    sheet_d100,
)

NAME: Final = "Beauty Bonus"

SUPERHUMAN_DICE: Final = "3d6"
"""Seed, Superhuman class table: "Beauty + 3d6"."""

SUBTRACT_KEY: Final = "subtract"
"""The sheet entry's record that the roll was taken off Beauty."""

Who = Literal["hero", "robot", "villain"]
SUBTRACT_CHANCE: Final[dict[str, int]] = {"hero": 1, "robot": 5, "villain": 20}
"""Seed: "a 1% chance that a hero should actually subtract the roll from beauty, a 5% chance
that Intelligent Robots should do so, and a 20% chance that villains should do so"."""

BEAUTY_BONUS = PowerSpec(
    name=NAME,
    summary="Add the rolled dice to Beauty, or on a rare roll take them off (made into the "
    "sheet; no EP, no action).",
    source=RULES_TEXT,
    uses=(),
    aliases=("Beauty + 3d6",),
    pr_dice=SUPERHUMAN_DICE,
)


def roll_beauty_bonus(dice: DiceSource, who: Who, expression: str = SUPERHUMAN_DICE) -> int:
    """Seed: the bonus dice, then d100 ≤ the chance for ``who`` to subtract them: the change to
    Beauty (Seraph, a hero: 3d6 13, d100 over 1 → +13)."""
    bonus = parse_dice(expression).roll(dice).total
    return -bonus if sheet_d100(dice) <= SUBTRACT_CHANCE[who] else bonus


def with_beauty_bonus(sheet: CharacterSheet, change: int) -> CharacterSheet:
    """Seed: "add it to the character's Beauty" (Seraph: 18 + 13 = 31; a subtracted roll is a
    negative ``change``), and the roll recorded as the power's entry (G-112)."""
    beauty = sheet.attributes.beauty + change
    attributes = dataclasses.replace(sheet.attributes, beauty=beauty)
    extra = MappingProxyType({SUBTRACT_KEY: True}) if change < 0 else MappingProxyType({})
    entry = PowerEntry(NAME, power_rating=abs(change), extra=extra)
    powers = {**sheet.powers, NAME: entry}
    return dataclasses.replace(sheet, attributes=attributes, powers=MappingProxyType(powers))


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, BEAUTY_BONUS)
