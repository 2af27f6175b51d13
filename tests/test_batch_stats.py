"""Interval estimates (``mands_sim.batch.stats``) against published values."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mands_sim.batch.stats import PairedDifference, quantile, wilson


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        # Newcombe (1998), Statistics in Medicine 17:857, table I, method 3 (Wilson score).
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_matches_newcombes_table(
    successes: int, trials: int, low: float, high: float
) -> None:
    interval = wilson(successes, trials)
    assert interval.low == pytest.approx(low, abs=5e-5)
    assert interval.high == pytest.approx(high, abs=5e-5)
    assert interval.estimate == successes / trials


def test_wilson_with_no_trials_knows_nothing() -> None:
    assert (wilson(0, 0).low, wilson(0, 0).high) == (0.0, 1.0)


@given(st.integers(0, 500), st.integers(1, 500))
def test_wilson_interval_contains_the_estimate_within_0_and_1(k: int, n: int) -> None:
    k = min(k, n)
    interval = wilson(k, n)
    assert 0 <= interval.low <= interval.estimate <= interval.high <= 1


def test_quantiles_of_a_histogram_use_the_nearest_rank() -> None:
    histogram = Counter({10: 1, 20: 2, 30: 1})  # 10, 20, 20, 30
    assert [quantile(histogram, q) for q in (0.1, 0.5, 0.75, 0.9)] == [10, 20, 20, 30]
    assert quantile(Counter(), 0.5) is None


def test_paired_difference_of_identical_arms_is_exactly_zero() -> None:
    difference = PairedDifference()
    for _ in range(50):
        difference.add(0.0)
    interval = difference.interval()
    assert (interval.estimate, interval.low, interval.high) == (0.0, 0.0, 0.0)


def test_paired_difference_mean_and_interval() -> None:
    difference = PairedDifference()
    for value in [1.0, 0.0, 1.0, 0.0]:
        difference.add(value)
    interval = difference.interval()
    # mean 0.5, sample sd 0.57735, se 0.288675, half-width 1.96 × se
    assert interval.estimate == 0.5
    assert interval.high - 0.5 == pytest.approx(1.959964 * 0.288675, rel=1e-5)
