"""The what-if comparison as data, in the terminal and in HTML (``report.comparison``)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from mands_sim.batch.paired import pair_runs
from mands_sim.batch.records import CharacterRecord, RunRecord
from mands_sim.report.comparison import comparison_data, comparison_html, render_comparison


def run(index: int, winner: str, segments: int, seraph: str = "active") -> RunRecord:
    hero = CharacterRecord("seraph", "heroes", seraph, 0, 0, 0.0, 0, 0, None, ())
    return RunRecord(index, index, winner, "side out", segments, (hero,))


def comparison() -> dict[str, object]:
    """Four runs: B loses run 3 to the villains, where Seraph dies, and each fight lasts
    10 segments longer, but the last, 30 longer."""
    a = [run(0, "heroes", 50), run(1, "heroes", 60), run(2, "heroes", 70), run(3, "heroes", 80)]
    b = [run(0, "heroes", 60), run(1, "heroes", 70), run(2, "heroes", 80),
         run(3, "villains", 110, seraph="dead")]  # fmt: skip
    return comparison_data(pair_runs(a, b, ("heroes", "villains")), "as written", "without x")


def test_the_data_holds_both_arms_and_the_differences() -> None:
    data = comparison()
    assert (data["a"], data["b"], data["pairs"]) == ("as written", "without x", 4)
    heroes = data["sides"]["heroes"]  # type: ignore[index]
    assert (heroes["a"], heroes["b"], heroes["difference"]["estimate"]) == (1.0, 0.75, -0.25)
    assert data["a_hero_dies"]["difference"]["estimate"] == 0.25  # type: ignore[index]
    (death,) = data["deaths"]  # type: ignore[misc]
    assert (death["id"], death["side"], death["b"]) == ("seraph", "heroes", 0.25)


def test_fight_length_median_and_mean_with_the_paired_t_interval() -> None:
    """Differences 10, 10, 10, 30: mean 15, sd 10, se 5; t(0.975, 3) = 3.182446."""
    length = comparison()["length"]
    assert length["median"] == {"a": 60, "b": 70, "difference": 10}  # type: ignore[index]
    mean = length["mean"]  # type: ignore[index]
    assert (mean["a"], mean["b"]) == (65.0, 80.0)
    assert mean["difference"]["estimate"] == 15.0
    assert mean["difference"]["low"] == pytest.approx(15 - 3.182446 * 5, abs=1e-5)
    assert mean["difference"]["high"] == pytest.approx(15 + 3.182446 * 5, abs=1e-5)


def test_one_pair_has_no_bounds_in_the_data() -> None:
    data = comparison_data(
        pair_runs([run(0, "heroes", 5)], [run(0, "heroes", 6)], ("heroes",)), "A", "B"
    )
    assert data["length"]["mean"]["difference"]["low"] is None  # type: ignore[index]


def test_the_terminal_table_shows_deaths_and_length_with_intervals() -> None:
    console = Console(file=io.StringIO(), width=100)
    render_comparison(comparison(), console)
    printed = console.file.getvalue()  # type: ignore[attr-defined]
    assert "What-if: A as written, B without x (4 runs on the same seeds" in printed
    for row in (
        "heroes win",
        "a hero dies",
        "seraph dies",
        "median fight length",
        "mean fight length",
    ):
        assert row in printed
    assert "+15.0 (" in printed and "−25.0%" not in printed and "-25.0%" in printed


def test_the_html_section_escapes_and_tabulates_the_rows() -> None:
    page = comparison_html(comparison())
    assert page.startswith('<section id="what-if">')
    assert "<td>seraph dies</td>" in page and "&lt;" not in page
