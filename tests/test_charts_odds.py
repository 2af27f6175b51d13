"""The exact odds of an Action Roll (``mands_sim.charts.odds``): 2d10 and the Special 1-rule."""

from __future__ import annotations

import itertools
from fractions import Fraction

from mands_sim.charts.odds import chance_at_most, dice_odds, die_odds, quality_odds
from mands_sim.dice import ScriptedDice, roll_action_dice


def test_a_normal_characters_2d10_is_the_plain_triangle() -> None:
    """2 and 20 come up 1 in 100, 11 (the mode) 10 in 100; 1s are not re-rolled."""
    odds = dice_odds(False)
    assert min(odds) == 2 and max(odds) == 20
    assert odds[2] == odds[20] == Fraction(1, 100)
    assert odds[11] == Fraction(10, 100)
    assert sum(odds.values()) == 1


def test_a_special_die_showing_1_counts_1_minus_the_reroll() -> None:
    """Seed "Dice": a 1 re-rolled as 6 counts −5; every count 0 … −9 has chance 1/100."""
    odds = die_odds(True)
    assert all(odds[count] == Fraction(1, 100) for count in range(-9, 1))
    assert odds[7] == Fraction(1, 10) and 1 not in odds


def test_the_special_distribution_matches_every_scripted_roll() -> None:
    """Enumerate every face and re-roll through ``roll_action_dice``: the same odds."""
    counted: dict[int, Fraction] = {}
    for first, second in itertools.product(range(1, 11), repeat=2):
        rerolls = [r for face in (first, second) if face == 1 for r in range(1, 11)]
        combos = itertools.product(range(1, 11), repeat=(first, second).count(1))
        for combo in combos if rerolls else [()]:
            total = roll_action_dice(ScriptedDice([first, second, *combo]), is_special=True).total
            share = Fraction(1, 100) * Fraction(1, 10) ** len(combo)
            counted[total] = counted.get(total, Fraction(0)) + share
    assert counted == dict(dice_odds(True))


def test_the_seeds_example_roll_of_2_is_possible_for_a_special_character() -> None:
    """1 and 7, re-roll 6: 8 − 6 = 2; both ones re-rolled 10 and 10 give −18, the floor."""
    assert min(dice_odds(True)) == -18
    assert chance_at_most(2, is_special=True) > chance_at_most(2, is_special=False)


def test_chance_at_most_is_a_cumulative_distribution() -> None:
    """A Combat Roll of 11 succeeds 55 % of the time for a normal character."""
    assert chance_at_most(11, is_special=False) == Fraction(55, 100)
    assert chance_at_most(1, is_special=False) == 0
    assert chance_at_most(20, is_special=False) == 1
    assert chance_at_most(-18, is_special=True) == Fraction(1, 10_000)


def test_quality_odds_give_q_as_needed_minus_dice() -> None:
    """Needing 12: a 2 leaves Q 10, a 20 misses by 8; the chances add up to 1."""
    odds = dict(quality_odds(12, is_special=False))
    assert odds[10] == Fraction(1, 100) and odds[-8] == Fraction(1, 100)
    assert sum(odds.values()) == 1
