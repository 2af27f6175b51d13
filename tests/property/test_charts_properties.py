"""Properties of the chart lookups: one row per value, monotone, reversible, endless."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from mands_sim.charts.action import Column
from mands_sim.charts.loading import load_standard_charts
from tests.strategies import (
    bonus_pools,
    chart_columns,
    chart_rows,
    chart_values,
    experience_totals,
    sight_scores,
)

CHARTS = load_standard_charts()
CHART = CHARTS.action


@given(chart_columns(), chart_values())
def test_value_lies_between_its_row_and_the_next(column: Column, value: float) -> None:
    """§1.1: the row found holds the largest entry ≤ value — exactly one row qualifies."""
    row = CHART.to_result(column, value)
    assert CHART.from_result(column, row, magnitude=True) <= value
    assert value < CHART.from_result(column, row + 1, magnitude=True)


@given(chart_columns(), chart_values(), chart_values())
def test_lookup_is_monotone_for_positive_values(column: Column, a: float, b: float) -> None:
    low, high = sorted((a, b))
    assert CHART.to_result(column, low) <= CHART.to_result(column, high)


@given(chart_columns(), bonus_pools(), bonus_pools())
def test_lookup_is_monotone_for_negative_values(column: Column, a: int, b: int) -> None:
    low, high = sorted((-abs(a) - 1, -abs(b) - 1))
    assert CHART.to_result(column, low) <= CHART.to_result(column, high)


@given(chart_columns(), bonus_pools())
def test_negative_value_is_the_mirror_of_its_magnitude(column: Column, pool: int) -> None:
    """G-02: look up the magnitude and negate (pool −17 → −10)."""
    magnitude = abs(pool) + 1
    assert CHART.to_result(column, -magnitude) == -CHART.to_result(column, magnitude)


@given(chart_columns(), chart_rows())
def test_row_read_as_a_magnitude_reads_back_to_the_row(column: Column, row: int) -> None:
    value = CHART.from_result(column, row, magnitude=True)
    assert CHART.to_result(column, value) == row


@given(chart_columns(), chart_rows())
def test_row_read_as_a_modifier_reads_back_to_the_row(column: Column, row: int) -> None:
    """G-02: negative rows give the parenthesized integer, which mirrors back."""
    value = CHART.from_result(column, row)
    assert CHART.to_result(column, value) == row


@given(chart_columns(), chart_rows())
def test_entries_rise_from_row_to_row(column: Column, row: int) -> None:
    """Printed and derived rows (G-01) alike keep rising."""
    here = CHART.from_result(column, row, magnitude=True)
    assert here < CHART.from_result(column, row + 1, magnitude=True)


@given(st.integers(37, 400))
def test_derived_sphere_rows_chain_four_thirds(row: int) -> None:
    """G-40: beyond row 36 each Sphere entry is the previous × 4/3, rounded."""
    previous, here = CHART.from_result("sphere", row - 1), CHART.from_result("sphere", row)
    assert abs(here - previous * 4 / 3) <= 0.5 + 1e-12 * here


@given(st.integers(-50, 50), st.integers(-50, 50))
def test_ep_cost_never_falls_as_the_row_rises(a: int, b: int) -> None:
    low, high = sorted((a, b))
    assert 0 <= CHARTS.ep_use.cost(low) <= CHARTS.ep_use.cost(high)


@given(st.integers(-50, 50), st.integers(-50, 50))
def test_skin_temper_never_rises_as_the_row_rises(a: int, b: int) -> None:
    low, high = sorted((a, b))
    assert CHARTS.skin_temper.multiplier(low) >= CHARTS.skin_temper.multiplier(high) > 0


@given(experience_totals(), experience_totals())
def test_experience_row_and_multiplier_never_fall(a: int, b: int) -> None:
    low, high = sorted((a, b))
    chart = CHARTS.experience
    assert chart.row(low) <= chart.row(high)
    assert chart.multiplier(low) <= chart.multiplier(high)


@given(experience_totals())
def test_experience_multiplier_is_1_plus_a_tenth_per_row(experience: int) -> None:
    """Page C: every row adds .1 to the multiplier (1 at row 0)."""
    chart = CHARTS.experience
    assert chart.multiplier(experience) == 1 + Fraction(chart.row(experience), 10)


@given(sight_scores(), sight_scores())
def test_sight_modifiers_never_fall(a: int, b: int) -> None:
    low, high = sorted((a, b))
    lower, higher = CHARTS.sight.modifiers(low), CHARTS.sight.modifiers(high)
    assert lower.close <= higher.close
    assert lower.ranged <= higher.ranged
    assert lower.defense <= higher.defense


@given(st.floats(0, 10**6), st.floats(0, 10**6))
def test_hearing_multiplier_never_rises(a: float, b: float) -> None:
    low, high = sorted((a, b))
    assert CHARTS.hearing.penalty_multiplier(low) >= CHARTS.hearing.penalty_multiplier(high)
