"""``mands-sim run`` and ``mands-sim compare`` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mands_sim.cli import main

ROOT = Path(__file__).parent.parent
SCENARIO = ROOT / "scenarios" / "seraph_vs_sphinx.toml"


def run(tmp_path: Path, *extra: str) -> list[str]:
    return ["run", str(SCENARIO), "--runs", "100", "--seed", "1", "--jobs", "1", "--quiet",
            "--store", str(tmp_path / "r.db"), *extra]  # fmt: skip


def test_run_prints_the_report_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "report.json"
    assert main(run(tmp_path, "--json", str(out))) == 0
    printed = capsys.readouterr().out
    assert "Toughness:" in printed and "heroes win" in printed
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["batch"]["runs"] == 100
    assert report["scenario"]["name"] == "Seraph vs the Sphinx"


def test_run_without_a_plugin_reports_the_difference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(run(tmp_path, "--without", "mands_rulebook.exhaustion")) == 0
    printed = capsys.readouterr().out
    assert "What-if: without mands_rulebook.exhaustion" in printed
    assert "difference B − A" in printed


def test_compare_of_a_scenario_with_itself_finds_no_difference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["compare", str(SCENARIO), str(SCENARIO), "--runs", "100", "--jobs", "1", "--quiet",
            "--store", str(tmp_path / "c.db")]  # fmt: skip
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert "+0.0% (+0.0% to +0.0%)" in printed


def test_an_unknown_plugin_to_leave_out_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(run(tmp_path, "--without", "no-such-plugin")) == 2
    assert "no-such-plugin" in capsys.readouterr().err


def test_a_malformed_scenario_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = ROOT / "tests" / "data" / "scenarios" / "bad_missing_key.toml"
    assert main(["run", str(bad), "--store", str(tmp_path / "r.db"), "--quiet"]) == 2
    assert "sides[0].name" in capsys.readouterr().err


def test_run_writes_the_html_report(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    assert main(run(tmp_path, "--html", str(out))) == 0
    page = out.read_text(encoding="utf-8")
    for plot in ("convergence", "durations", "risk", "survival"):
        assert f'<figure data-plot="{plot}">' in page


STALLED = """
format = 1
name = "Two grunts who cannot meet"

[[map.places]]
name = "roof"
x = 0.0
y = 0.0

[[map.places]]
name = "cellar"
x = 10.0
y = 0.0

[[sides]]
name = "heroes"

[[sides.characters]]
id = "dexter"
sheet = "characters/dexter.toml"
place = "roof"
aware = true

[[sides]]
name = "villains"

[[sides.characters]]
id = "sinister"
sheet = "characters/sinister.toml"
place = "cellar"
aware = true

[stop]
time_limit = 100
when = ["side-out-of-action"]
"""


def test_run_of_a_batch_that_times_out_is_inconclusive_and_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No way between the roof and the cellar: nobody can reach anyone, every run ends at the
    time limit, and the terminal and JSON reports say 'inconclusive' and why (G-230)."""
    scenario = tmp_path / "stalled.toml"
    scenario.write_text(STALLED, encoding="utf-8")
    (tmp_path / "characters").mkdir()
    for sheet in ("dexter.toml", "sinister.toml"):
        source = ROOT / "scenarios" / "characters" / sheet
        (tmp_path / "characters" / sheet).write_text(source.read_text(encoding="utf-8"))
    out = tmp_path / "report.json"
    args = ["run", str(scenario), "--runs", "20", "--seed", "1", "--jobs", "1", "--quiet",
            "--store", str(tmp_path / "r.db"), "--json", str(out)]  # fmt: skip
    assert main(args) == 0
    printed = " ".join(capsys.readouterr().out.split())
    assert "Toughness: inconclusive" in printed
    assert "Warning: 100% of runs ended at the time limit" in printed
    assert "nobody started any action" in printed
    verdict = json.loads(out.read_text(encoding="utf-8"))["verdict"]
    assert (verdict["word"], verdict["multiplier"]) == ("inconclusive", 1.0)
    assert "nobody started any action" in verdict["warning"]
