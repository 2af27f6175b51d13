"""``mands-sim balance``: the answer in a sentence, the points played, JSON; a target out of
reach said so; a malformed range refused before any run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mands_sim.cli import main

ROOT = Path(__file__).parent.parent
DUEL = ROOT / "scenarios" / "seraph_vs_sphinx.toml"


def balance(tmp_path: Path, vary: str, *extra: str) -> list[str]:
    return ["balance", str(DUEL), "--vary", vary, "--runs", "20", "--seed", "1", "--jobs", "1",
            "--quiet", "--store", str(tmp_path / "b.db"), *extra]  # fmt: skip


def test_balance_prints_the_value_with_its_interval_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "b.json"
    assert main(balance(tmp_path, "stop.time_limit=10..200", "--json", str(out))) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("heroes win 50% at stop.time_limit ≈ ")
    assert "the nearest whole value is" in printed and "(the same seeds at each)" in printed
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["kind"] == "balance" and data["side"] == "heroes" and data["whole"]
    low, high = data["interval"]
    assert 10 <= low <= data["value"] <= high <= 200
    assert data["runs"] == 20 * len(data["points"])


def test_a_target_out_of_reach_says_how_far_the_win_rate_got(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(balance(tmp_path, "stop.time_limit=150..200", "--target", "0.3")) == 0
    assert "heroes do not win 30% anywhere in stop.time_limit = 150..200" in capsys.readouterr().out


def test_a_malformed_range_is_the_parsers_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as parser_exit:
        main(balance(tmp_path, "stop.time_limit=200..10"))
    assert parser_exit.value.code == 2
    assert "expected PATH=A..B, numbers with A < B" in capsys.readouterr().err
    assert not (tmp_path / "b.db").exists()


def test_one_parameter_only_and_no_step(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    two = balance(tmp_path, "stop.time_limit=10..200", "--vary", "stop.time_limit=20..30")
    assert main(two) == 2
    assert "expected one parameter to balance" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(balance(tmp_path, "stop.time_limit=10..200:10"))
    assert "without a step: the search picks its points" in capsys.readouterr().err


def test_a_side_misspelt_is_named_with_the_nearest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(balance(tmp_path, "stop.time_limit=10..200", "--side", "Heroes")) == 2
    assert 'did you mean "heroes"?' in capsys.readouterr().err
    assert not (tmp_path / "b.db").exists()
