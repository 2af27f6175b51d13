"""Interval estimates for a batch: Wilson score intervals, quantiles, paired differences.

Paired differences come from what-if comparisons (``docs/reports.md``, "Comparing"): each run
index is played in both arms with the same seed. A difference of two shares is estimated from
the discordant runs with the adjusted Wald interval of Agresti and Min (:class:`PairedCounts`),
a difference of means with the paired t interval (:class:`PairedDifference`).
"""

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

    def interval(self) -> Interval:
        """The paired t interval: mean ± t(0.975, n − 1) × s / √n; (mean, −∞, ∞) below 2 pairs."""
        if self.n < 2:
            return Interval(self.mean, -math.inf, math.inf)
        spread = t95(self.n - 1) * math.sqrt(self._m2 / (self.n - 1) / self.n)
        return Interval(self.mean, self.mean - spread, self.mean + spread)


@dataclass(slots=True)
class PairedCounts:
    """Paired yes/no outcomes (a side won, a character died) in arms A and B, run by run.

    Only the discordant runs tell the arms apart: ``gained`` (yes in B, not in A) and ``lost``
    (yes in A, not in B)."""

    n: int = 0
    in_a: int = 0
    in_b: int = 0
    gained: int = 0
    lost: int = 0

    def add(self, a: bool, b: bool) -> None:
        self.n += 1
        self.in_a += a
        self.in_b += b
        self.gained += b and not a
        self.lost += a and not b

    def rate_a(self) -> float:
        return self.in_a / self.n if self.n else 0.0

    def rate_b(self) -> float:
        return self.in_b / self.n if self.n else 0.0

    def difference(self, z: float = Z95) -> Interval:
        """B − A with the adjusted Wald ("Wald+2") interval for matched pairs of Agresti and
        Min (Statistics in Medicine 24, 2005, 729–740): half a run added to each of the four
        cells, so ``(g − l)/(n + 2) ± z √(g + l + 1 − (g − l)²/(n + 2)) / (n + 2)``, cut to
        −1…1. It keeps a width when no run differs, where the plain Wald interval is a point.
        The estimate is the plain ``(g − l)/n``; the bounds never cross it."""
        n, g, lost = self.n, self.gained, self.lost
        if n == 0:
            return Interval(0.0, -1.0, 1.0)
        estimate = (g - lost) / n
        centre = (g - lost) / (n + 2)
        spread = z * math.sqrt(g + lost + 1 - (g - lost) ** 2 / (n + 2)) / (n + 2)
        low = max(-1.0, min(estimate, centre - spread))
        return Interval(estimate, low, min(1.0, max(estimate, centre + spread)))


EXACT_T_UP_TO = 200
"""Degrees of freedom up to which :func:`t95` inverts the exact distribution function; above,
the Cornish–Fisher expansion is exact to better than 1e-9."""


def t95(df: int) -> float:
    """The two-sided 95 % quantile of Student's t with ``df`` degrees of freedom (12.706 for 1,
    2.262 for 9, 1.984 for 100, tending to 1.960)."""
    if df < 1:
        raise ValueError("Student's t needs at least one degree of freedom")
    if df > EXACT_T_UP_TO:
        return _t_expansion(Z95, df)
    low, high = 0.0, math.pi / 2  # bisect on θ = atan(t / √df): P(|T| ≤ t) grows with θ
    for _ in range(60):
        middle = (low + high) / 2
        low, high = (middle, high) if _t_central(middle, df) < 0.95 else (low, middle)
    return math.sqrt(df) * math.tan((low + high) / 2)


def _t_central(theta: float, df: int) -> float:
    """P(|T| ≤ √df tan θ) for Student's t with whole ``df`` (Abramowitz and Stegun 26.7.3–4)."""
    c2, s = math.cos(theta) ** 2, math.sin(theta)
    term = total = 1.0
    for k in range(3 if df % 2 else 2, df - 1, 2):
        term *= (k - 1) / k * c2
        total += term
    if df % 2 == 0:
        return s * total
    series = s * math.cos(theta) * total if df > 1 else 0.0
    return 2 / math.pi * (theta + series)


def _t_expansion(z: float, df: int) -> float:
    """Student's t quantile from the normal one (Abramowitz and Stegun 26.7.5)."""
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4
