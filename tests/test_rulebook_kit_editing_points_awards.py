"""Editing Points awards and Experience levels (seed 000 "Editing Points", "Experience")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mands_rulebook.kit.editing_points.awards import (
    LevelUp,
    editing_points_award,
    experience_row,
    level_ups,
)
from mands_sim.charts.loading import Charts, load_standard_charts

CHARTS: Charts = load_standard_charts()


def test_award_example_gives_6_24_points() -> None:
    """Seed 000 "Award Multipliers": "a character with an Experience total of 35 … toughness of
    1.3, the total multiplier will be 1.2 times 1.3, or 1.56. If the players played for 4 hours,
    that character gains 4 times 1.56, or 6.24 Editing Points"."""
    assert editing_points_award(4, Fraction(13, 10), 35, CHARTS) == Fraction(624, 100)


def test_award_reads_a_float_multiplier_exactly() -> None:
    """The same example with toughness written 1.3: still exactly 6.24."""
    assert editing_points_award(4, 1.3, 35, CHARTS) == Fraction(624, 100)


def test_award_is_one_point_per_hour_for_a_beginner() -> None:
    """Seed 000 "Editing Points": "1 Editing Point for every hour"; Experience 0 multiplies by 1."""
    assert editing_points_award(3, 1, 0, CHARTS) == 3


def test_toughness_above_one_and_a_half_is_refused() -> None:
    """Seed 000 "Award Multipliers": "a number from 1.1 to 1.5"."""
    with pytest.raises(ValueError, match="toughness"):
        editing_points_award(4, Fraction(8, 5), 35, CHARTS)


def test_negative_hours_are_refused() -> None:
    """Hours played cannot be negative."""
    with pytest.raises(ValueError, match="hours"):
        editing_points_award(-1, 1, 35, CHARTS)


def test_experience_35_is_row_2() -> None:
    """``docs/rules/charts.md`` §4: Experience 21–40 is row 2."""
    assert experience_row(35, CHARTS) == 2


def test_reaching_row_3_gives_its_bonuses() -> None:
    """Seed 000 "Experience": Perception + Row number, +1 ability, +1 Resist Death, Charisma +
    Row/10 (41–80 is row 3, ``docs/rules/charts.md`` §4)."""
    (level,) = level_ups(40, 41, CHARTS)
    assert (
        level.perception_increase,
        level.ability_increase,
        level.resist_death_increase,
        level.charisma_change,
    ) == (3, 1, 1, Fraction(3, 10))


def test_jumping_two_rows_gives_both_levels() -> None:
    """Seed 000: "Every time a character jumps a level" — 0 → 35 passes rows 1 and 2."""
    assert level_ups(0, 35, CHARTS) == (LevelUp(row=1), LevelUp(row=2))


def test_no_new_row_no_level_up() -> None:
    """Seed 000: bonuses come only with a new row (21 → 40 stays in row 2)."""
    assert level_ups(21, 40, CHARTS) == ()


def test_experience_10_stays_in_row_0() -> None:
    """``docs/rules/decisions.md`` G-31 default: the shared value 10 belongs to row 0, so 10 → 11 is
    the level-up to row 1."""
    assert level_ups(10, 11, CHARTS) == (LevelUp(row=1),)
