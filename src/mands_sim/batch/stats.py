"""Interval estimates for a batch: Wilson score intervals, quantiles, paired differences."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The two-sided 95 % normal quantile."""


@dataclass(frozen=True, slots=True)
class Interval:
    """An estimate with its 95 % interval."""

    estimate: float
    low: float
    high: float

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2


def wilson(successes: int, trials: int, z: float = Z95) -> Interval:
    """The Wilson score interval for a proportion (Wilson 1927); (0, 0, 1) with no trials."""
    if trials == 0:
        return Interval(0.0, 0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # At k = 0 or k = n the bound is exactly the estimate; keep rounding from crossing it.
    return Interval(p, max(0.0, min(p, centre - spread)), min(1.0, max(p, centre + spread)))


def quantile(histogram: Counter[int], q: float) -> int | None:
    """The ``q`` quantile (lower value, nearest rank) of the integers counted in ``histogram``."""
    total = sum(histogram.values())
    if total == 0:
        return None
    rank = max(1, math.ceil(q * total))
    seen = 0
    for value in sorted(histogram):
        seen += histogram[value]
        if seen >= rank:
            return value
    return max(histogram)  # pragma: no cover - unreachable: seen reaches total


@dataclass(slots=True)
class PairedDifference:
    """Running mean and variance of paired differences (Welford), for common-random-number
    comparisons: each run index is played in both arms with the same seed."""

    n: int = 0
    mean: float = 0.0
    _m2: float = 0.0

    def add(self, difference: float) -> None:
        self.n += 1
        delta = difference - self.mean
        self.mean += delta / self.n
        self._m2 += delta * (difference - self.mean)

    def interval(self, z: float = Z95) -> Interval:
        if self.n < 2:
            return Interval(self.mean, -1.0, 1.0)
        spread = z * math.sqrt(self._m2 / (self.n - 1) / self.n)
        return Interval(self.mean, self.mean - spread, self.mean + spread)
