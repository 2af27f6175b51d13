"""``mands-sim run ADVENTURE.toml`` and ``mands-sim validate ADVENTURE.toml``: the day's report
in the terminal and as JSON; options that belong to a single scenario refused by name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mands_sim.cli import main
from mands_sim.cli.adventure import names_an_adventure

ROOT = Path(__file__).parent.parent
BUNDLED = ROOT / "scenarios" / "adventures" / "seraphs_day.toml"


def test_run_reports_an_adventure_day(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(BUNDLED), "--runs", "6", "--jobs", "1", "--quiet"]) == 0
    printed = capsys.readouterr().out
    assert "Seraph's long day" in printed
    assert "Where the party falls" in printed and "The party at the day's end" in printed
    assert "Sun-Ruler vs Seraph" in printed


def test_run_writes_the_day_as_json_and_html(tmp_path: Path) -> None:
    out, page = tmp_path / "day.json", tmp_path / "day.html"
    assert main(["run", str(BUNDLED), "--runs", "6", "--seed", "2", "--jobs", "1",
                 "--quiet", "--json", str(out), "--html", str(page)]) == 0  # fmt: skip
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["kind"] == "adventure"
    assert (data["days"]["seed"], data["days"]["played"]) == (2, 6)
    assert next(s["name"] for s in data["scenes"]) == "The bank job"
    assert [m["id"] for m in data["party"]] == ["seraph", "officer-1", "officer-2", "officer-3"]
    assert 'data-plot="through-the-day"' in page.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "option",
    [
        ["--set", "stop.time_limit=100"],
        ["--store", "x.db"],
        ["--without-character", "seraph"],
        ["--show-scenario"],
        ["--fresh"],
        ["--min-runs", "300"],
        ["--executor", "dask"],
    ],
)
def test_run_refuses_a_scenarios_options_for_a_day(
    option: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", str(BUNDLED), "--runs", "2", *option]) == 2
    error = capsys.readouterr().err
    assert "is an adventure file" in error and option[0] in error


def test_validate_checks_an_adventure_and_its_scenes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", str(BUNDLED)]) == 0
    assert f"{BUNDLED}: ok" in capsys.readouterr().out
    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\nname = "x"\n[[scenes]]\nscenario = "none.toml"\n', encoding="utf-8")
    assert main(["validate", str(bad)]) == 2
    assert "scenes[0].scenario" in capsys.readouterr().err


def test_names_an_adventure_reads_the_file(tmp_path: Path) -> None:
    assert names_an_adventure(BUNDLED)
    assert not names_an_adventure(ROOT / "scenarios" / "bank_job.toml")
    assert not names_an_adventure(tmp_path / "missing.toml")
