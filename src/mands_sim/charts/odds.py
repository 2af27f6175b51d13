"""The odds of an Action Roll: the exact distribution of 2d10 with the Special 1-rule.

Seed "Dice", "Action Rolls", ``docs/rules/combat.md`` §5: an Action Roll is 2d10 (a zero counts as
10); a Special character re-rolls each die showing 1, once, and subtracts the new face (1 and 7,
re-roll 6: 8 − 6 = 2), so a die that shows 1 counts 1 − r for a re-roll r of 1–10 (0 down to −9).
Normal characters keep the plain sum. The roll succeeds when the dice are at most the Action Roll
with its pool bonus; Q = that number minus the dice (:class:`mands_sim.rolls.ActionRoll`).

Exact fractions, computed once per kind of character (policies ask often: the ``tactician``
weighs every candidate with them).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Final

__all__ = ["chance_at_most", "dice_odds", "die_odds", "quality_odds"]

SIDES: Final = 10
"""Action Rolls use 2d10 (seed "Action Rolls")."""
REROLLED_FACE: Final = 1
"""A Special character re-rolls a die showing 1 and subtracts the new face (seed "Dice")."""


@lru_cache(maxsize=2)
def die_odds(is_special: bool) -> Mapping[int, Fraction]:
    """What one die of an Action Roll counts, and how likely each count is."""
    share = Fraction(1, SIDES)
    odds: dict[int, Fraction] = {}
    for face in range(1, SIDES + 1):
        if face == REROLLED_FACE and is_special:
            for reroll in range(1, SIDES + 1):
                counted = face - reroll
                odds[counted] = odds.get(counted, Fraction(0)) + share * share
        else:
            odds[face] = odds.get(face, Fraction(0)) + share
    return MappingProxyType(odds)


@lru_cache(maxsize=2)
def dice_odds(is_special: bool) -> Mapping[int, Fraction]:
    """The dice total of an Action Roll (two dice added), each total's chance; sums to 1."""
    one = die_odds(is_special)
    odds: dict[int, Fraction] = {}
    for first, p in one.items():
        for second, q in one.items():
            odds[first + second] = odds.get(first + second, Fraction(0)) + p * q
    return MappingProxyType(dict(sorted(odds.items())))


@lru_cache(maxsize=4096)
def chance_at_most(total: int, *, is_special: bool) -> Fraction:
    """P(the dice total ≤ ``total``): the chance an Action Roll needing ``total`` succeeds."""
    return sum((p for dice, p in dice_odds(is_special).items() if dice <= total), Fraction(0))


@lru_cache(maxsize=4096)
def quality_odds(needed: int, *, is_special: bool) -> tuple[tuple[int, Fraction], ...]:
    """Each Quality an Action Roll needing ``needed`` (target plus pool bonus) can come out with,
    and its chance, highest Q first (Q = ``needed`` − dice; negative for a miss)."""
    return tuple((needed - dice, p) for dice, p in dice_odds(is_special).items())
