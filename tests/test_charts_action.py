"""The Action Charts (``docs/rules/charts.md`` §1): the examples of §1.4, G-01, G-02, G-40."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from mands_sim.charts.action import ChartRangeError
from mands_sim.charts.loading import load_chart, load_standard_charts, standard_chart_path
from mands_sim.defaults import STANDARD_DEFAULTS
from mands_sim.errors import RulesDataError

CHART = load_standard_charts().action
STRICT = load_standard_charts(
    STANDARD_DEFAULTS.with_overrides({"G01_rows_beyond_printed": "error"})
).action
ACTION_TEXT = standard_chart_path("action").read_text(encoding="utf-8")

# --- chart -> Result (docs/rules/charts.md §1.4) -------------------------------------------------


def test_42_on_the_sphere_chart_is_13() -> None:
    """Page A: 42 on the Sphere chart → the largest entry ≤ 42 is 32 → Result 13."""
    assert CHART.sphere(42) == 13


def test_twice_agility_22_gives_combat_roll_14() -> None:
    """Combat2 page: Seraph, Agility 22 → 2 × 22 = 44 (Sphere) → Combat Roll 14."""
    assert CHART.sphere(2 * 22) == 14


@pytest.mark.parametrize(("pool", "penalty"), [(-17, -10), (-18, -11)])
def test_negative_bonus_pool_reads_magnitude_then_negates(pool: int, penalty: int) -> None:
    """Seed "Example of Movement": a pool of −17 is "a total penalty of 10", −18 "a penalty
    of 11" (G-02: look up the magnitude, negate)."""
    assert CHART.sphere(pool) == penalty


@pytest.mark.parametrize(("speed_q", "dm_per_segment"), [(17, 10), (18, 11), (21, 11)])
def test_speed_q_on_the_sphere_chart(speed_q: int, dm_per_segment: int) -> None:
    """Seed "Example of Movement": Q 17 → 10 dm/segment; 18 → 11; "21 and 18 are the same
    on the Sphere chart"."""
    assert CHART.sphere(speed_q) == dm_per_segment


def test_mass_100_over_10_on_the_doubles_chart_is_4() -> None:
    """Seed "Hand Damage": Mass 100 kg → 10 (Doubles) → 4, + Strength 14/4 → Hand Damage 7."""
    assert CHART.doubles(100 / 10) == 4


def test_skin_temper_1_5_on_the_doubles_chart_is_1() -> None:
    """Seed "Skin Temper": Str 11, Con 32 → 11/50 + 32/25 = 1.5 (Doubles) → up 1 row."""
    assert CHART.doubles(11 / 50 + 32 / 25) == 1


def test_skin_temper_point_6_on_the_doubles_chart_is_row_0() -> None:
    """``docs/rules/charts.md`` §1.1: .6 on the Doubles chart → largest entry ≤ .6 is .5 → row 0."""
    assert CHART.doubles(0.6) == 0


def test_resist_death_15_on_the_doubles_chart_is_4() -> None:
    """Seraph: max Body DP 9 + Newoen 20 − 14 = 15 (Doubles) → Resist Death 4."""
    assert CHART.doubles(9 + 20 - 14) == 4


def test_low_mass_40_gives_a_one_line_penalty() -> None:
    """``docs/rules/charts.md`` §3: Mass 40 → 40/100 = .4 on the Doubles chart → row −1."""
    assert CHART.doubles(40 / 100) == -1


@pytest.mark.parametrize(
    ("quality", "bonus"), [(1, 1), (2, 2), (3, 2), (4, 3), (7, 3), (8, 4), (15, 4), (16, 5)]
)
def test_damage_q_on_the_doubles_chart(quality: int, bonus: int) -> None:
    """``docs/rules/charts.md`` §5 (G-11): 1 Q → +1, 2–3 → +2, 4–7 → +3, 8–15 → +4, 16–31 → +5."""
    assert CHART.doubles(quality) == bonus


def test_height_1_791_on_the_square_chart_is_1() -> None:
    """Seed "Example of Movement": Move Roll adds "1 (height on the square chart)" for 1.791."""
    assert CHART.square(1.791) == 1


def test_mass_89_6_on_the_square_chart_is_9() -> None:
    """``docs/rules/charts.md`` §1.4: Seraph's Mass ≈ 89.6 kg → Square row 9 (Body DP)."""
    assert CHART.square(89.6) == 9


def test_zero_reads_as_row_0() -> None:
    assert CHART.sphere(0) == 0


def test_negative_value_under_one_reads_as_row_0() -> None:
    """G-02: the parenthesized integer nearest zero for a magnitude under 1 is (0)."""
    assert CHART.sphere(-0.5) == 0


def test_fraction_input_uses_the_printed_decimal() -> None:
    """1/10 on the Sphere chart meets the printed .10 at row −7."""
    assert CHART.sphere(Fraction(1, 10)) == -7


# --- Result -> chart ----------------------------------------------------------------------


def test_newoen_14_gives_sphere_point_10_months() -> None:
    """Seed "Beauty" charm: Newoen 14 → 0 − 7 = −7 → Result to Sphere .10 (× 30 days = 3)."""
    assert CHART.from_result("sphere", 0 - 14 // 2, magnitude=True) == 0.10


@pytest.mark.parametrize(("row", "months"), [(-6, 0.13), (-5, 0.18)])
def test_beauty_charm_later_saves(row: int, months: float) -> None:
    """Seed "Beauty" charm: the next saves read −6, −5 → Sphere .13, .18."""
    assert CHART.from_result("sphere", row, magnitude=True) == months


@pytest.mark.parametrize(("row", "months"), [(-7, 0.004), (-6, 0.008), (-5, 0.016)])
def test_charisma_charm_saves_on_the_doubles_chart(row: int, months: float) -> None:
    """Seed "Charisma" charm: "3 hours (.004 times 30 days)", then .008, then .016 — the seed
    prints ".18" for the last, a typo (G-07: 12 hours is .016 × 30 days)."""
    assert CHART.from_result("doubles", row, magnitude=True) == months


def test_negative_row_as_a_modifier_reads_the_parenthesized_integer() -> None:
    """G-02: row −9 read to the Sphere column as an additive modifier is (−10)."""
    assert CHART.from_result("sphere", -9) == -10


def test_result_column_fraction_at_row_0_is_point_9() -> None:
    """Seed: a speed Q of 0 reads ".9" (the Result fraction of row 0)."""
    assert CHART.result_value(0, magnitude=True) == 0.9


def test_result_column_fraction_at_row_minus_1_is_point_7() -> None:
    assert CHART.result_value(-1, magnitude=True) == 0.7


def test_result_column_integer_for_modifiers() -> None:
    assert CHART.result_value(-3) == -3


def test_printed_sphere_values_are_not_a_formula() -> None:
    """G-01: rows 10 and 14 (14 and 43) differ from 10^((r−1)/8); the printed values stand."""
    assert (CHART.from_result("sphere", 10), CHART.from_result("sphere", 14)) == (14, 43)


def test_doubles_above_row_30_are_exact_powers_of_two() -> None:
    """``docs/rules/charts.md`` §1.3: "1.0 billion" at row 31 is stored as 2^30."""
    assert CHART.from_result("doubles", 31) == 2**30


# --- rows beyond the printed ones (G-01, G-40) --------------------------------------------


def test_derived_sphere_rows_chain_rounded_values() -> None:
    """G-40: rows 37–40 on the Sphere chart are 31,463; 41,951; 55,935; 74,580."""
    derived = [CHART.from_result("sphere", row) for row in range(37, 41)]
    assert derived == [31463, 41951, 55935, 74580]


def test_derived_square_row_37_matches_page_a() -> None:
    """Page A shows row 37's Square value: 1,369."""
    assert CHART.from_result("square", 37) == 1369


def test_large_value_finds_a_derived_row() -> None:
    """G-01: 74,580 on the Sphere chart is row 40."""
    assert CHART.sphere(74580) == 40


def test_error_default_refuses_a_row_beyond_the_printed_ones() -> None:
    """G-01 switch ``G01_rows_beyond_printed = "error"``: row 37 is not printed."""
    with pytest.raises(ChartRangeError, match="G-01"):
        STRICT.from_result("sphere", 37)


def test_error_default_refuses_a_value_beyond_the_printed_rows() -> None:
    with pytest.raises(ChartRangeError, match="printed rows"):
        STRICT.sphere(31463)


def test_error_default_still_reads_the_last_printed_row() -> None:
    assert STRICT.sphere(31462) == 36


def test_error_default_refuses_a_fraction_below_row_minus_13() -> None:
    with pytest.raises(ChartRangeError):
        STRICT.doubles(0.00006)


def test_value_beyond_the_hard_limit_is_refused() -> None:
    with pytest.raises(ChartRangeError, match="beyond rows"):
        CHART.sphere(1e300)


def test_not_a_number_is_refused() -> None:
    with pytest.raises(ChartRangeError):
        CHART.sphere(float("nan"))


def test_unknown_column_is_refused() -> None:
    with pytest.raises(ChartRangeError, match="no 'cube' column"):
        CHART.to_result("cube", 4)  # type: ignore[arg-type]


# --- malformed data files -----------------------------------------------------------------


def _load(tmp_path: Path, text: str) -> None:
    path = tmp_path / "broken_action.toml"
    path.write_text(text, encoding="utf-8")
    load_chart("action", path)


def _row_block(row: int) -> str:
    match = re.search(rf"\[\[rows\]\]\nrow = {row}\n(?:.+\n)*\n", ACTION_TEXT)
    assert match is not None
    return match.group(0)


def test_missing_row_is_a_gap(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match=r"broken_action\.toml: gap between row 4 and row 6"):
        _load(tmp_path, ACTION_TEXT.replace(_row_block(5), ""))


def test_repeated_row_is_an_overlap(tmp_path: Path) -> None:
    block = _row_block(5)
    with pytest.raises(RulesDataError, match=r"broken_action\.toml: row 5 overlaps"):
        _load(tmp_path, ACTION_TEXT.replace(block, block + block))


def test_falling_column_is_rejected(tmp_path: Path) -> None:
    block = _row_block(20)
    broken = block.replace("sphere = 237", "sphere = 1000")
    with pytest.raises(RulesDataError, match=r"broken_action\.toml: sphere column must rise"):
        _load(tmp_path, ACTION_TEXT.replace(block, broken))


def test_wrong_type_is_rejected(tmp_path: Path) -> None:
    block = _row_block(20)
    broken = block.replace("doubles = 524288", "doubles = true")
    with pytest.raises(RulesDataError, match=r"broken_action\.toml: row 20 doubles must be"):
        _load(tmp_path, ACTION_TEXT.replace(block, broken))


def test_negative_row_needs_fraction_and_integer(tmp_path: Path) -> None:
    block = _row_block(-3)
    broken = block.replace('sphere = [".32", -3]', 'sphere = ".32"')
    with pytest.raises(RulesDataError, match=r"row -3 sphere must be \[fraction, integer\]"):
        _load(tmp_path, ACTION_TEXT.replace(block, broken))


def test_integer_that_does_not_mirror_is_rejected(tmp_path: Path) -> None:
    """``docs/rules/charts.md`` §1.1: the parenthesized integers mirror the positive rows."""
    block = _row_block(-9)
    broken = block.replace('sphere = [".056", -10]', 'sphere = [".056", -9]')
    with pytest.raises(RulesDataError, match=r"row -9 sphere: the integer \(-9\) must mirror"):
        _load(tmp_path, ACTION_TEXT.replace(block, broken))


def test_fraction_of_one_or_more_is_rejected(tmp_path: Path) -> None:
    block = _row_block(0)
    broken = block.replace('result = [".9", 0]', 'result = ["1.2", 0]')
    with pytest.raises(RulesDataError, match="must lie between 0 and 1"):
        _load(tmp_path, ACTION_TEXT.replace(block, broken))


def test_sphere_ratio_must_grow(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match="sphere_ratio"):
        _load(tmp_path, ACTION_TEXT.replace('sphere_ratio = "4/3"', 'sphere_ratio = "3/4"'))


def test_square_goes_on_past_the_stored_rows() -> None:
    """G-01: Square = r² without end — 10^12 on the Square chart is row 10^6."""
    assert CHART.square(10**12) == 10**6


def test_square_row_past_the_stored_rows_reads_r_squared() -> None:
    assert CHART.from_result("square", 5000) == 5000**2
