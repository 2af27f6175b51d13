"""Agility Bonus (seed "Agility Bonus"): a power with no action and no EP.

Seed: "Roll the dice given where the bonus was rolled up and add this to the character's current
agility. This power does not use EP." The Superhuman class table gives it as "Agility + 3d8"
(seed "Biff Turk Creates a Sample Character": "His second roll is 18, Agility + 3d8 ... Agility
+ 3d8: He gets +11, for a agility of 22"), so that name is an alias and 3d8 its dice.

Why it does nothing in an encounter (G-112, as for the other ability bonuses): the bonus is
added once, when the character is made, and the sheet records the Agility with the bonus in it —
as Seraph's sheet does ("The class powers Agility + 3d8 ... are already included in agility
22"). Everything figured from Agility (the Combat Roll, twice Agility on the Sphere chart:
Agility 11 → 22 → 11, 22 → 44 → 14; Virtual Damage Points; the Move and Jump Rolls) then carries
it, and every rule that reads the ability (Dropping, Teamwork, the Nerve Pinch save, skill rolls)
sees it. A sheet entry (``power_rating`` = the bonus rolled) is a record of the roll and is not
added again. :func:`roll_agility_bonus` and :func:`with_agility_bonus` are the creation step.
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Final

from mands_rulebook.kit.powers.uses import RULES_TEXT, PowerSpec, register_power
from mands_sim.api import CharacterSheet, DiceSource, PowerEntry, Register, hookimpl, parse_dice

NAME: Final = "Agility Bonus"

SUPERHUMAN_DICE: Final = "3d8"
"""Seed, Superhuman class table: "Agility + 3d8"."""

AGILITY_BONUS = PowerSpec(
    name=NAME,
    summary="Add the rolled dice to Agility (made into the sheet; no EP, no action).",
    source=RULES_TEXT,
    uses=(),
    aliases=("Agility + 3d8",),
    pr_dice=SUPERHUMAN_DICE,
)


def roll_agility_bonus(dice: DiceSource, expression: str = SUPERHUMAN_DICE) -> int:
    """Seed: "Roll the dice given where the bonus was rolled up" (Seraph's 3d8: +11)."""
    return parse_dice(expression).roll(dice).total


def with_agility_bonus(sheet: CharacterSheet, bonus: int) -> CharacterSheet:
    """Seed: "add this to the character's current agility" (Seraph: 11 + 11 = 22), and the roll
    recorded as the power's entry (G-112)."""
    abilities = dataclasses.replace(sheet.abilities, agility=sheet.abilities.agility + bonus)
    powers = {**sheet.powers, NAME: PowerEntry(NAME, power_rating=bonus)}
    return dataclasses.replace(sheet, abilities=abilities, powers=MappingProxyType(powers))


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, AGILITY_BONUS)
