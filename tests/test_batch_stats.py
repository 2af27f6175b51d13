"""Interval estimates (``mands_sim.batch.stats``) against published values."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mands_sim.batch.stats import PairedCounts, PairedDifference, quantile, t95, wilson


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


def test_paired_difference_mean_and_paired_t_interval() -> None:
    difference = PairedDifference()
    for value in [1.0, 0.0, 1.0, 0.0]:
        difference.add(value)
    interval = difference.interval()
    # mean 0.5, sample sd 0.57735, se 0.288675; t(0.975, 3 df) = 3.182446
    assert interval.estimate == 0.5
    assert interval.high - 0.5 == pytest.approx(3.182446 * 0.288675, rel=1e-5)
    assert 0.5 - interval.low == pytest.approx(3.182446 * 0.288675, rel=1e-5)


def test_one_pair_gives_no_bound_to_the_mean_difference() -> None:
    difference = PairedDifference()
    difference.add(3.0)
    interval = difference.interval()
    assert (interval.low, interval.high) == (-math.inf, math.inf)


@pytest.mark.parametrize(
    ("df", "quantile_"),
    [(1, 12.7062), (2, 4.3027), (3, 3.1824), (9, 2.2622), (30, 2.0423), (100, 1.9840),
     (200, 1.9719), (201, 1.9718), (1000, 1.9623)],
)  # fmt: skip
def test_t95_matches_the_tables_on_both_sides_of_the_expansion(df: int, quantile_: float) -> None:
    assert t95(df) == pytest.approx(quantile_, abs=1e-4)


def test_t95_needs_a_degree_of_freedom() -> None:
    with pytest.raises(ValueError, match="degree of freedom"):
        t95(0)


def paired(gained: int, lost: int, both: int, neither: int) -> PairedCounts:
    counts = PairedCounts()
    pairs = [(False, True)] * gained + [(True, False)] * lost
    for a, b in pairs + [(True, True)] * both + [(False, False)] * neither:
        counts.add(a, b)
    return counts


def test_paired_counts_rates_and_discordant_runs() -> None:
    counts = paired(gained=6, lost=2, both=50, neither=42)
    assert (counts.n, counts.gained, counts.lost) == (100, 6, 2)
    assert (counts.rate_a(), counts.rate_b()) == (0.52, 0.56)


def test_paired_difference_of_shares_is_agresti_mins_adjusted_wald() -> None:
    """By hand: n 100, 6 gained, 2 lost. Estimate 4/100; centre 4/102 = 0.0392157;
    sd √(6 + 2 + 1 − 16/102) / 102 = √8.843137 / 102 = 0.0291543; ± 1.959964 × sd = 0.0571414."""
    interval = paired(gained=6, lost=2, both=50, neither=42).difference()
    assert interval.estimate == pytest.approx(0.04)
    assert interval.low == pytest.approx(0.0392157 - 0.0571414, abs=1e-6)
    assert interval.high == pytest.approx(0.0392157 + 0.0571414, abs=1e-6)


def test_identical_arms_keep_a_width_for_the_runs_not_played() -> None:
    """No discordant run in 100: ± 1.959964 × √1 / 102 = ± 0.0192153, not a point."""
    interval = paired(gained=0, lost=0, both=30, neither=70).difference()
    assert interval.estimate == 0.0
    assert interval.high == pytest.approx(0.0192153, abs=1e-6)
    assert interval.low == -interval.high


def test_a_one_sided_change_stays_within_minus_one_and_one() -> None:
    interval = paired(gained=0, lost=20, both=0, neither=0).difference()
    assert interval.low == -1.0 and interval.estimate == -1.0 and interval.high < -0.7


def test_no_pairs_say_nothing_about_the_difference() -> None:
    interval = PairedCounts().difference()
    assert (interval.estimate, interval.low, interval.high) == (0.0, -1.0, 1.0)
