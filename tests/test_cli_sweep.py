"""``mands-sim sweep``: a table of each point, JSON and an HTML page; the same points for any
``--jobs``; mistakes found before any run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mands_sim.cli import main

ROOT = Path(__file__).parent.parent
DUEL = ROOT / "scenarios" / "seraph_vs_sphinx.toml"
STRENGTH = "sides.villains.sphinx.sheet.strength"


def sweep(tmp_path: Path, *extra: str) -> list[str]:
    return ["sweep", str(DUEL), "--vary", f"{STRENGTH}=10..30:20", "--runs", "40", "--seed", "3",
            "--quiet", "--store", str(tmp_path / "s.db"), *extra]  # fmt: skip


def test_sweep_prints_each_point_and_writes_json_and_html(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, page = tmp_path / "s.json", tmp_path / "s.html"
    assert main(sweep(tmp_path, "--jobs", "1", "--json", str(out), "--html", str(page))) == 0
    printed = capsys.readouterr().out
    assert f"sweep of {STRENGTH} (seed 3)" in printed and "heroes win" in printed
    data = json.loads(out.read_text(encoding="utf-8"))
    assert (data["kind"], data["varied"]) == ("sweep", [STRENGTH])
    assert [p["values"][STRENGTH] for p in data["points"]] == [10, 30]
    assert 'data-plot="win-rates"' in page.read_text(encoding="utf-8")


def test_sweep_gives_the_same_points_on_one_job_and_two(tmp_path: Path) -> None:
    one, two = tmp_path / "1.json", tmp_path / "2.json"
    assert main(sweep(tmp_path, "--jobs", "1", "--json", str(one))) == 0
    two_jobs = sweep(tmp_path, "--jobs", "2", "--json", str(two), "--store", str(tmp_path / "2.db"))
    assert main(two_jobs) == 0
    points = [json.loads(f.read_text(encoding="utf-8"))["points"] for f in (one, two)]
    assert points[0] == points[1]


def test_a_value_a_point_refuses_is_an_error_before_any_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    command = ["sweep", str(DUEL), "--vary", f"{STRENGTH}=10,lots", "--runs", "5", "--quiet",
               "--store", str(tmp_path / "s.db")]  # fmt: skip
    assert main(command) == 2
    assert "whole number" in capsys.readouterr().err
    assert not (tmp_path / "s.db").exists()
    with pytest.raises(SystemExit) as parser_exit:
        main([*command[:3], f"{STRENGTH}=1.5..2.5", *command[4:]])
    assert parser_exit.value.code == 2
    assert "expected a step" in capsys.readouterr().err
