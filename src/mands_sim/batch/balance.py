"""Balancing: the value of one scenario parameter at which a side wins a target share of the
fights (``mands-sim balance SCENARIO --vary PATH=A..B --target 0.5``).

Each point played is a batch on the same seeds (common random numbers), kept in the results
store like a sweep's. The search:

1. plays :data:`FIRST_POINTS` points spread over ``A..B``;
2. fits a logistic curve, ``logit(win rate) = a + b × value``, to every run played so far (the
   maximum-likelihood fit, by Newton's method), and solves it for the target: the estimate;
   its 95 % interval comes from the fit's covariance (the delta method);
3. plays the estimate and the two ends of its interval (whole numbers for a whole-number
   parameter) and fits again, for :data:`REFINEMENTS` rounds or until the interval is
   narrower than the tolerance.

The runs of every point count in every fit, so each round refines the last instead of starting
over. When the runs leave no finite fit (the win rate jumps from none to all between two points
played, with at most one point in between), the search plays points between those two, and the
answer is the crossing between the neighbours that bracket it, with them as its interval.

Between neighbouring points played, a win rate that falls where the curve rises (or rises where
it falls) by more than the paired 95 % interval allows is reported: the curve is not monotonic
there (a policy switching tactics, say), and the fitted value may mislead.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

from mands_sim.batch.paired import pair_runs
from mands_sim.batch.runner import BatchOptions, BatchResult, Progress, run_batch
from mands_sim.batch.sweep import PointCheck, Vary, check_not_set
from mands_sim.errors import ScenarioError
from mands_sim.scenario import load_scenario
from mands_sim.suggestions import suggestion

FIRST_POINTS: Final = 5
"""Points played over the whole range before the first fit."""

REFINEMENTS: Final = 3
"""Rounds of points played around the estimate, at most."""

Z95: Final = 1.959963984540054
"""The standard normal's 97.5 % quantile."""


@dataclass(frozen=True, slots=True)
class BalancePoint:
    """A value played, and how often the side won there."""

    value: float
    wins: int
    played: int
    result: BatchResult

    @property
    def rate(self) -> float:
        return self.wins / self.played if self.played else math.nan


@dataclass(frozen=True, slots=True)
class Balanced:
    """What the search found.

    Attributes:
        value: the estimated value giving the target win rate (``None``: the fitted curve does
            not reach it within the range, or is flat).
        low, high: its 95 % interval, within the range.
        whole: whether the parameter takes whole numbers; ``suggested`` is then the whole
            number whose fitted win rate is nearest the target.
        points: every value played, in order of value.
        not_monotonic: the neighbouring points where the win rate goes against the curve.
    """

    path: str
    side: str
    target: float
    lowest: float
    highest: float
    value: float | None
    low: float | None
    high: float | None
    whole: bool
    suggested: float | None
    fitted_rate: float | None
    points: tuple[BalancePoint, ...]
    not_monotonic: tuple[tuple[BalancePoint, BalancePoint], ...]
    runs: int
    seconds: float
    interrupted: bool = False


@dataclass(frozen=True, slots=True)
class Fit:
    """``logit(p) = a + b × value``, with the covariance of ``(a, b)``."""

    a: float
    b: float
    covariance: tuple[tuple[float, float], tuple[float, float]]

    def rate(self, value: float) -> float:
        return _logistic(self.a + self.b * value)

    def solve(self, target: float) -> tuple[float, float] | None:
        """The value at which the fitted rate is ``target``, and its standard error; ``None``
        for a flat curve."""
        if abs(self.b) < 1e-12:
            return None
        logit = math.log(target / (1 - target))
        value = (logit - self.a) / self.b
        ga, gb = -1 / self.b, -(logit - self.a) / self.b**2
        (vaa, vab), (_, vbb) = self.covariance
        variance = ga * ga * vaa + 2 * ga * gb * vab + gb * gb * vbb
        return value, math.sqrt(max(variance, 0.0))


def fit_logistic(points: Sequence[tuple[float, int, int]]) -> Fit | None:
    """The maximum-likelihood logistic curve through ``(value, wins, played)`` points (Newton's
    method on the binomial likelihood, values centred and scaled for stability); ``None`` when
    it has no finite maximum (every run won, or lost, or wins that fall wholly on one side of
    a value: the slope is infinite)."""
    used = [(x, w, n) for x, w, n in points if n > 0]
    if len({x for x, _, _ in used}) < 2:
        return None
    centre = sum(x * n for x, _, n in used) / sum(n for _, _, n in used)
    scale = max(abs(x - centre) for x, _, _ in used) or 1.0
    scaled = [((x - centre) / scale, w, n) for x, w, n in used]
    a = b = 0.0
    for _ in range(100):
        grad_a, grad_b, haa, hab, hbb = _derivatives(scaled, a, b)
        det = haa * hbb - hab * hab
        if det <= 1e-12:
            return None
        step_a = (hbb * grad_a - hab * grad_b) / det
        step_b = (haa * grad_b - hab * grad_a) / det
        # Newton's step, halved until the likelihood does not fall (it may overshoot)
        current = _log_likelihood(scaled, a, b)
        while _log_likelihood(scaled, a + step_a, b + step_b) < current - 1e-12:
            step_a, step_b = step_a / 2, step_b / 2
            if abs(step_a) + abs(step_b) < 1e-14:
                break
        a, b = a + step_a, b + step_b
        if abs(b) > 50:  # separated: the likelihood grows without bound
            return None
        if abs(step_a) + abs(step_b) < 1e-10:
            break
    grad_a, grad_b, haa, hab, hbb = _derivatives(scaled, a, b)
    det = haa * hbb - hab * hab
    if det <= 1e-12:
        return None
    cov_u = ((hbb / det, -hab / det), (-hab / det, haa / det))
    # back to the value's own units: logit = a + b (x − c)/s = (a − b c/s) + (b/s) x
    b_x, a_x = b / scale, a - b * centre / scale
    jac = ((1.0, -centre / scale), (0.0, 1.0 / scale))
    cov = _transformed(cov_u, jac)
    return Fit(a_x, b_x, cov)


def _derivatives(
    scaled: Sequence[tuple[float, int, int]], a: float, b: float
) -> tuple[float, float, float, float, float]:
    """The log-likelihood's gradient in ``(a, b)`` and its Fisher information."""
    grad_a = grad_b = haa = hab = hbb = 0.0
    for u, wins, n in scaled:
        p = _logistic(a + b * u)
        grad_a += wins - n * p
        grad_b += (wins - n * p) * u
        weight = n * p * (1 - p)
        haa, hab, hbb = haa + weight, hab + weight * u, hbb + weight * u * u
    return grad_a, grad_b, haa, hab, hbb


def _log_likelihood(scaled: Sequence[tuple[float, int, int]], a: float, b: float) -> float:
    total = 0.0
    for u, wins, n in scaled:
        z = a + b * u
        # log p = −log(1 + e^−z), log(1 − p) = −log(1 + e^z), computed without overflow
        total -= wins * _log1pexp(-z) + (n - wins) * _log1pexp(z)
    return total


def _log1pexp(z: float) -> float:
    return z + math.log1p(math.exp(-z)) if z > 0 else math.log1p(math.exp(z))


def _logistic(z: float) -> float:
    if z >= 0:
        return 1 / (1 + math.exp(-z))
    e = math.exp(z)
    return e / (1 + e)


def _transformed(
    cov: tuple[tuple[float, float], tuple[float, float]],
    jac: tuple[tuple[float, float], tuple[float, float]],
) -> tuple[tuple[float, float], tuple[float, float]]:
    """``J Σ Jᵀ`` for 2 × 2 matrices."""
    rows = [[sum(jac[i][k] * cov[k][j] for k in range(2)) for j in range(2)] for i in range(2)]
    out = [[sum(rows[i][k] * jac[j][k] for k in range(2)) for j in range(2)] for i in range(2)]
    return (out[0][0], out[0][1]), (out[1][0], out[1][1])


def balance(
    scenario: Path | str,
    path: str,
    lowest: float,
    highest: float,
    *,
    target: float = 0.5,
    side: str | None = None,
    options: BatchOptions | None = None,
    whole: bool | None = None,
    tolerance: float | None = None,
    store: Path | str | None = None,
    progress: Callable[[float], Progress | None] = lambda _value: None,
) -> Balanced:
    """Find the value of ``path`` in ``lowest..highest`` at which ``side`` (default: the first)
    wins ``target`` of the fights (module docstring). ``whole`` (default: both ends are whole
    numbers) plays whole numbers only; ``tolerance`` (default: 1 for whole numbers, else 1 %
    of the range) is the interval half-width at which the search stops early.

    Raises:
        ScenarioError: the path names nothing, a value is refused, or ``side`` is no side.
        ValueError: an empty range, or a target not strictly between 0 and 1.
    """
    if not 0 < target < 1:
        raise ValueError("the target win rate must be between 0 and 1")
    if not lowest < highest:
        raise ValueError("the range must have its lower end first")
    options = options if options is not None else BatchOptions()
    whole = (
        whole if whole is not None else float(lowest).is_integer() and float(highest).is_integer()
    )
    tolerance = tolerance if tolerance is not None else (1.0 if whole else (highest - lowest) / 100)
    check_not_set(Path(scenario), options, [path])
    search = _Search(Path(scenario), Vary(path, ()), options, store, progress, whole)
    search.side = search.checked_side(side, lowest)
    for end in (lowest, highest):  # the values the user gave are refused as given
        search.check(search.batch(end))
    started = time.monotonic()
    fit: Fit | None = None
    try:
        search.play(_spread(lowest, highest, FIRST_POINTS, whole))
        for _ in range(REFINEMENTS + 1):
            fit = fit_logistic(search.counts())
            if fit is None:  # the rate jumps between two points: look between them
                bracket = search.bracket(target)
                if bracket is None or bracket[1] - bracket[0] <= tolerance:
                    break
                search.play(_spread(*bracket, FIRST_POINTS, whole)[1:-1])
                continue
            found = fit.solve(target)
            if found is None or not lowest <= found[0] <= highest:
                break
            value, error = found
            if Z95 * error <= tolerance:
                break
            search.play([value - Z95 * error, value, value + Z95 * error], lowest, highest)
    except KeyboardInterrupt:
        search.interrupted = True
    return search.found(fit, target, lowest, highest, time.monotonic() - started)


def _spread(lowest: float, highest: float, count: int, whole: bool) -> list[float]:
    values = [lowest + (highest - lowest) * i / (count - 1) for i in range(count)]
    return sorted({float(round(v)) for v in values}) if whole else values


class _Search:
    """The points played so far, and how to play more."""

    def __init__(
        self,
        scenario: Path,
        vary: Vary,
        options: BatchOptions,
        store: Path | str | None,
        progress: Callable[[float], Progress | None],
        whole: bool,
    ) -> None:
        self.scenario, self.vary, self.options = scenario, vary, options
        self.store, self.progress, self.whole = store, progress, whole
        self.points: dict[float, BalancePoint] = {}
        self.side = ""
        self.interrupted = False
        self.check = PointCheck(scenario, options)

    def checked_side(self, side: str | None, value: float) -> str:
        spec = load_scenario(self.scenario, self.batch(value).overrides)
        sides = [s.name for s in spec.sides]
        if side is None:
            return sides[0]
        if side not in sides:
            raise ScenarioError(
                self.scenario,
                "--side",
                f"expected a side of the scenario, {suggestion(side, sides)}",
            )
        return side

    def batch(self, value: float) -> BatchOptions:
        shown = int(value) if self.whole else value
        return replace(self.options, overrides=(*self.options.overrides, self.vary.override(shown)))

    def play(
        self, values: Sequence[float], lowest: float = -math.inf, highest: float = math.inf
    ) -> None:
        wanted = [min(max(v, lowest), highest) for v in values]
        wanted = [float(round(v)) if self.whole else v for v in wanted]
        for value in sorted(set(wanted) - set(self.points)):
            self.check(self.batch(value))  # every value refused before any is played
        for value in sorted(set(wanted) - set(self.points)):
            batch = self.batch(value)
            result = run_batch(
                self.scenario, batch, store=self.store, progress=self.progress(value)
            )
            wins = result.aggregate.wins[self.side]
            self.points[value] = BalancePoint(value, wins, result.aggregate.played, result)
            if result.interrupted:
                raise KeyboardInterrupt

    def bracket(self, target: float) -> tuple[float, float] | None:
        """The neighbouring points played between which the win rate crosses ``target``."""
        points = sorted(self.points.values(), key=lambda p: p.value)
        for before, after in itertools.pairwise(points):
            if (before.rate - target) * (after.rate - target) <= 0 and before.rate != after.rate:
                return before.value, after.value
        return None

    def _between(
        self, bracket: tuple[float, float], target: float
    ) -> tuple[float, float, float, float, float]:
        """Without a finite fit (the rate jumps from all to none): the crossing interpolated
        between the bracket's points, the bracket as its interval, and the point nearer the
        target as the suggestion, with its own rate."""
        before, after = self.points[bracket[0]], self.points[bracket[1]]
        share = (target - before.rate) / (after.rate - before.rate)
        value = before.value + share * (after.value - before.value)
        nearer = min((before, after), key=lambda p: (abs(p.rate - target), p.value))
        suggested = int(nearer.value) if self.whole else nearer.value
        return value, before.value, after.value, suggested, nearer.rate

    def counts(self) -> list[tuple[float, int, int]]:
        return [(p.value, p.wins, p.played) for p in self.points.values()]

    def found(
        self, fit: Fit | None, target: float, lowest: float, highest: float, seconds: float
    ) -> Balanced:
        points = tuple(sorted(self.points.values(), key=lambda p: p.value))
        solved = fit.solve(target) if fit else None
        value = low = high = suggested = fitted = None
        if self.interrupted:
            pass  # no answer from part of the search: the points played are kept to go on
        elif fit is not None and solved is not None and lowest <= solved[0] <= highest:
            value, error = solved
            low, high = max(lowest, value - Z95 * error), min(highest, value + Z95 * error)
            suggested = _nearest(fit, target, value, lowest, highest) if self.whole else value
            fitted = fit.rate(suggested)
        elif fit is None and (bracket := self.bracket(target)) is not None:
            value, low, high, suggested, fitted = self._between(bracket, target)
        return Balanced(
            self.vary.path, self.side, target, lowest, highest, value, low, high, self.whole,
            suggested, fitted, points, _against(points, fit, self.side),
            sum(p.result.runs for p in points), seconds, self.interrupted,
        )  # fmt: skip


def _nearest(fit: Fit, target: float, value: float, lowest: float, highest: float) -> int:
    """The whole number nearest ``value`` whose fitted rate is nearest ``target``."""
    candidates = [c for c in (math.floor(value), math.ceil(value)) if lowest <= c <= highest]
    return min(candidates, key=lambda c: (abs(fit.rate(c) - target), c))


def _against(
    points: Sequence[BalancePoint], fit: Fit | None, side: str
) -> tuple[tuple[BalancePoint, BalancePoint], ...]:
    """Neighbouring points whose win rates move against the fitted curve beyond their paired
    95 % interval (the same seeds: run ``i`` of one against run ``i`` of the other)."""
    if fit is None or fit.b == 0:
        return ()
    rising = fit.b > 0
    found = []
    for before, after in itertools.pairwise(points):
        sides = tuple(before.result.aggregate.sides)
        paired = pair_runs(before.result.records(), after.result.records(), sides)
        difference = paired.wins[side].difference()
        if (rising and difference.high < 0) or (not rising and difference.low > 0):
            found.append((before, after))
    return tuple(found)


def balance_range(text: str) -> tuple[str, float, float]:
    """``PATH=A..B`` of ``--vary`` for ``balance``: the path and the range's ends.

    Raises:
        ScenarioError: not of that form, or the ends are not numbers in order.
    """
    path, equals, spec = text.partition("=")
    if ":" in spec:
        raise ScenarioError(
            None, f"--vary {text}", "expected PATH=A..B without a step: the search picks its points"
        )
    low_text, dots, high_text = spec.partition("..")
    try:
        low, high = float(low_text), float(high_text)
    except ValueError:
        low = high = math.nan
    if not equals or not dots or not path.strip() or not low < high:
        raise ScenarioError(None, f"--vary {text}", "expected PATH=A..B, numbers with A < B")
    return path.strip(), low, high


__all__: list[Any] = ["BalancePoint", "Balanced", "Fit", "balance", "balance_range", "fit_logistic"]
