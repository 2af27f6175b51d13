"""Charisma Bonus (seed "Charisma Bonus"): a power with no action and no EP.

Seed: "Roll the dice given where the bonus was rolled up and add this to one of the character's
charisma scores. The character can divide the bonus up among both charisma scores if so desired.
There is a 25% chance that villains who roll up Charisma Bonus are fear-inspiring villains. This
power does not use EP."

Why it does nothing in an encounter (G-112): the bonus is added once, when the character is
made, and the sheet records both charismas with their share in them (as Seraph's sheet records
his class bonuses in his abilities). Active Charisma then counts wherever the rules read it —
Virtual Damage Points take it instead of Learning when it is greater (seed "Virtual Damage
Points"). A sheet entry (``power_rating`` = the bonus rolled; ``fear_inspiring``) is a record,
not added again. The creation step: :func:`roll_bonus`, :func:`with_charisma_bonus` (the split
is the player's: every point goes to one score or the other) and :func:`fear_inspiring` (a
villain's d100; fear has no rule in the simulator yet, so it is recorded only).
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Final

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

NAME: Final = "Charisma Bonus"
DEFAULT_DICE: Final = "3d6"
"""Seed "Powers": "For most powers, the PR is determined with 3d6" (the tables that would give
this bonus's own dice are lost)."""
FEAR_INSPIRING_CHANCE: Final = 25
"""Seed: "a 25% chance that villains who roll up Charisma Bonus are fear-inspiring villains"."""


def roll_bonus(dice: DiceSource, expression: str = DEFAULT_DICE) -> int:
    """Seed: "Roll the dice given where the bonus was rolled up" (3d6: 2 + 3 + 4 = 9)."""
    return parse_dice(expression).roll(dice).total


def fear_inspiring(dice: DiceSource) -> bool:
    """Seed: a villain who rolls the bonus is fear-inspiring on d100 ≤ 25 (25 yes, 26 no)."""
    return sheet_d100(dice) <= FEAR_INSPIRING_CHANCE


def with_charisma_bonus(
    sheet: CharacterSheet, *, active: int, normal: int, fear: bool = False
) -> CharacterSheet:
    """Seed: the bonus added "to one of the character's charisma scores", or divided "among
    both": ``active`` points to Active Charisma, ``normal`` to Normal Charisma (each ≥ 0); the
    roll (their sum) recorded as the power's entry (G-112)."""
    if active < 0 or normal < 0:
        raise ValueError(f"a charisma's share of the bonus is 0 or more, not {active}/{normal}")
    abilities = dataclasses.replace(
        sheet.abilities,
        active_charisma=sheet.abilities.active_charisma + active,
        normal_charisma=sheet.abilities.normal_charisma + normal,
    )
    extra = MappingProxyType({"fear_inspiring": True} if fear else {})
    entry = PowerEntry(NAME, power_rating=active + normal, extra=extra)
    powers = MappingProxyType({**sheet.powers, NAME: entry})
    return dataclasses.replace(sheet, abilities=abilities, powers=powers)


CHARISMA_BONUS = PowerSpec(
    name=NAME,
    summary="Add the rolled dice to the charismas, split as chosen (made into the sheet; no EP).",
    source=RULES_TEXT,
    uses=(),
)


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, CHARISMA_BONUS)
