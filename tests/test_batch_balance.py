"""Balancing (``mands_sim.batch.balance``): the logistic fit, the search landing on a value
whose answer is known, whole numbers, a target out of reach, and the warning where the curve is
not monotonic."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from mands_sim.batch.balance import (
    BalancePoint,
    _against,
    _Search,
    balance,
    balance_range,
    fit_logistic,
)
from mands_sim.batch.records import RunRecord
from mands_sim.batch.runner import BatchOptions, Progress, run_batch
from mands_sim.batch.sweep import Vary
from mands_sim.errors import ScenarioError
from mands_sim.report.balance import balance_data, headline

ROOT = Path(__file__).parent.parent
DUEL = ROOT / "scenarios" / "seraph_vs_sphinx.toml"


def test_the_fit_recovers_a_logistic_curve_and_its_crossing() -> None:
    """Counts drawn exactly from logit(p) = -6 + 0.1 x, 10,000 runs a point: the fit gives
    back a and b, and the 50 % point x = 60, with a standard error under 1."""
    points = [
        (x, round(10_000 / (1 + math.exp(6 - 0.1 * x))), 10_000) for x in (20, 40, 60, 80, 100)
    ]
    fit = fit_logistic(points)
    assert fit is not None
    assert fit.a == pytest.approx(-6, abs=0.02) and fit.b == pytest.approx(0.1, abs=0.001)
    value, error = fit.solve(0.5)  # type: ignore[misc]
    assert value == pytest.approx(60, abs=0.2) and 0 < error < 1
    assert fit.rate(60) == pytest.approx(0.5, abs=0.01)


def test_no_fit_for_separated_or_constant_outcomes() -> None:
    assert fit_logistic([(1, 0, 50), (2, 0, 50), (3, 50, 50), (4, 50, 50)]) is None
    assert fit_logistic([(1, 50, 50), (2, 50, 50)]) is None
    assert fit_logistic([(1, 10, 50)]) is None


def test_the_search_lands_on_the_known_answer_within_its_interval(tmp_path: Path) -> None:
    """The heroes of the duel win a run within a time limit T exactly when that run, played
    without it, ends by segment T (the same seed plays the same fight up to T). So the time
    limit at which they win half the fights is the median fight length of the same seeds,
    known from one batch without the search."""
    options = BatchOptions(runs=60, seed=2, jobs=1)
    found = balance(DUEL, "stop.time_limit", 10, 200, options=options, store=tmp_path / "b.db")
    median = run_batch(DUEL, options, store=tmp_path / "b.db").aggregate.duration(0.5)
    assert found.value is not None and found.low is not None and found.high is not None
    assert found.low <= median <= found.high  # type: ignore[operator]
    assert found.whole and found.suggested is not None and float(found.suggested).is_integer()
    assert all(float(p.value).is_integer() for p in found.points)
    assert found.runs == 60 * len(found.points) and found.not_monotonic == ()
    assert found.side == "heroes"


def test_a_target_out_of_reach_has_no_value_and_says_how_far_it_got(tmp_path: Path) -> None:
    found = balance(
        DUEL, "stop.time_limit", 150, 200, options=BatchOptions(runs=40, jobs=1),
        store=tmp_path / "b.db",
    )  # fmt: skip
    assert found.value is None and found.suggested is None
    assert min(p.rate for p in found.points) > 0.9


def test_a_side_that_is_not_one_is_an_error_before_any_run(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="expected a side"):
        balance(DUEL, "stop.time_limit", 10, 20, side="crew", store=tmp_path / "b.db")
    with pytest.raises(ScenarioError, match="did you mean 'time_limit'"):
        balance(DUEL, "stop.time_limt", 10, 20, store=tmp_path / "b.db")
    assert not (tmp_path / "b.db").exists()


@dataclass(frozen=True)
class _Aggregate:
    sides: tuple[str, ...] = ("heroes", "villains")


@dataclass
class _Played:
    """What ``_against`` reads of a batch: its sides and its runs."""

    winners: list[str | None]
    aggregate: _Aggregate = field(default_factory=_Aggregate)

    @property
    def runs(self) -> int:
        return len(self.winners)

    def records(self) -> list[RunRecord]:
        return [RunRecord(i, i, w, "", 10, ()) for i, w in enumerate(self.winners)]


def point(value: float, heroes_win: int, runs: int = 100) -> BalancePoint:
    winners: list[str | None] = ["heroes"] * heroes_win + ["villains"] * (runs - heroes_win)
    return BalancePoint(value, heroes_win, runs, _Played(winners))  # type: ignore[arg-type]


def test_a_fall_against_a_rising_curve_beyond_its_paired_interval_is_reported() -> None:
    """Rising overall (20 → 90 %), but from 30 to 40 the heroes lose 30 runs they had won on
    the same seeds: not monotonic there. A dip of two runs is within the interval."""
    points = [
        point(10, 20),
        point(20, 50),
        point(30, 80),
        point(40, 50),
        point(50, 78),
        point(60, 90),
    ]
    fit = fit_logistic([(p.value, p.wins, p.played) for p in points])
    assert fit is not None and fit.b > 0
    assert [(a.value, b.value) for a, b in _against(points, fit, "heroes")] == [(30, 40)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("stop.time_limit=10..200", ("stop.time_limit", 10.0, 200.0)),
        ("a.b=0.5..1.5", ("a.b", 0.5, 1.5)),
    ],
)
def test_a_range_reads_a_path_and_its_ends(text: str, expected: tuple[str, float, float]) -> None:
    assert balance_range(text) == expected


@pytest.mark.parametrize("text", ["a.b=5..1", "a.b=1,2", "a.b=x..2", "=1..2", "a.b"])
def test_a_malformed_range_is_an_error_naming_it(text: str) -> None:
    with pytest.raises(ScenarioError, match=r"expected PATH=A\.\.B") as caught:
        balance_range(text)
    assert caught.value.key == f"--vary {text}"


def test_without_a_finite_fit_the_answer_is_between_the_points_that_bracket_it() -> None:
    """All lost at 58, all won at 60, half at 59: no finite logistic fit (the likelihood grows
    as the curve steepens); the crossing is at 59 itself, bracketed by 58 and 59."""
    counts = [(58.0, 0, 40), (59.0, 20, 40), (60.0, 40, 40)]
    assert fit_logistic(counts) is None
    search = _Search(DUEL, Vary("stop.time_limit", ()), BatchOptions(), None, lambda _v: None, True)
    search.side = "heroes"
    search.points = {v: point(v, w, n) for v, w, n in counts}
    found = search.found(None, 0.5, 10, 200, 1.0)
    assert (found.value, found.low, found.high, found.suggested, found.fitted_rate) == (
        59.0, 58.0, 59.0, 59.0, 0.5
    )  # fmt: skip


class _CtrlC(Progress):
    def advance(self, runs: int) -> None:
        raise KeyboardInterrupt


def test_an_interrupted_search_gives_no_answer_and_keeps_its_points(tmp_path: Path) -> None:
    """Cut at its third point, the search answers nothing (a conclusion from part of the
    points would mislead); the points finished are kept and not played again."""
    options = BatchOptions(runs=20, seed=2, jobs=1)
    calls: list[float] = []

    def progress(value: float) -> Progress | None:
        calls.append(value)
        return _CtrlC() if len(calls) == 3 else None

    cut = balance(DUEL, "stop.time_limit", 10, 200, options=options, store=tmp_path / "b.db",
                  progress=progress)  # fmt: skip
    assert cut.interrupted and cut.value is None and cut.suggested is None
    assert "no answer yet" in headline(balance_data(cut))
    again = balance(DUEL, "stop.time_limit", 10, 200, options=options, store=tmp_path / "b.db")
    assert not again.interrupted and again.value is not None
    reused = {p.value: p.result.reused for p in again.points}
    assert reused[calls[0]] == reused[calls[1]] == 20


def test_a_parameter_both_set_and_balanced_is_refused(tmp_path: Path) -> None:
    options = BatchOptions(overrides=(Vary("stop.time_limit", ()).override(900),))
    with pytest.raises(ScenarioError, match="expected no --set of a parameter --vary varies"):
        balance(DUEL, "stop.time_limit", 10, 200, options=options, store=tmp_path / "b.db")
