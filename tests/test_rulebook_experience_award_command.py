"""``mands-sim award``, a command of the plugin ``mands_rulebook.experience.awards``, from the
command line (seed 000 "Editing Points")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mands_sim.cli import main

ROOT = Path(__file__).parent.parent


def test_award_at_a_given_toughness_prints_the_seed_example(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Seed 000: Experience 35, toughness 1.3, 4 hours: 6.24 Editing Points."""
    assert main(["award", "--toughness", "1.3", "--experience", "seraph=35"]) == 0
    assert "seraph earns about 6.24 Editing Points for 4 hours" in capsys.readouterr().out


def test_award_writes_the_section_as_json(tmp_path: Path) -> None:
    out = tmp_path / "award.json"
    args = ["award", "--toughness", "1.5", "--hours", "2", "--used", "x=11", "--json", str(out)]
    assert main(args) == 0
    section = json.loads(out.read_text(encoding="utf-8"))
    (hero,) = section["heroes"]
    assert (hero["id"], hero["editing_points"], hero["experience_after"]) == ("x", 3.0, 11)
    assert [level["row"] for level in hero["level_ups"]] == [1]


def test_award_measures_the_toughness_of_a_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The scenario's batch gives the G-71 verdict; its first side is the heroes."""
    args = ["award", str(ROOT / "scenarios" / "grunts.toml"), "--runs", "10", "--jobs", "1",
            "--store", str(tmp_path / "a.db"), "--hours", "1"]  # fmt: skip
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert "At this toughness" in printed and "sinister earns about" in printed
    assert "dexter" not in printed


def test_award_reuses_the_stored_batch_unless_fresh(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``award`` plays its batch as ``run`` does: the same command again reports the stored
    runs without playing them, ``--fresh`` plays them anew; ``--run-timeout`` and ``--quiet``
    are taken."""
    args = ["award", str(ROOT / "scenarios" / "grunts.toml"), "--runs", "10", "--jobs", "1",
            "--store", str(tmp_path / "a.db"), "--run-timeout", "30", "--quiet"]  # fmt: skip
    assert main(args) == 0
    assert "stored already" not in capsys.readouterr().err
    assert main(args) == 0
    assert "10 runs of this batch were stored already" in capsys.readouterr().err
    assert main([*args, "--fresh"]) == 0
    assert "stored already" not in capsys.readouterr().err


def test_award_of_a_scenario_counts_the_points_used_in_play(tmp_path: Path) -> None:
    """With Editing Points on, Sinister uses points in most runs: the section's "used" is his
    median over the batch (not 0), half of it trained (seed 000), all of it Experience."""
    out = tmp_path / "award.json"
    args = ["award", str(ROOT / "scenarios" / "grunts_editing_points.toml"), "--runs", "40",
            "--jobs", "1", "--store", str(tmp_path / "a.db"), "--json", str(out)]  # fmt: skip
    assert main(args) == 0
    (hero,) = json.loads(out.read_text(encoding="utf-8"))["heroes"]
    assert hero["id"] == "sinister" and hero["used"] > 0 and hero["used_mean"] > 0
    assert (hero["trained"], hero["experience_after"]) == (hero["used"] / 2, hero["used"])


@pytest.mark.parametrize(
    "args",
    [["award"], ["award", "--toughness", "1.2", "--experience", "seraph"]],
)
def test_award_without_a_toughness_or_with_a_bad_name_is_a_clear_error(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    assert "mands-sim: error:" in capsys.readouterr().err


def test_a_toughness_above_one_and_a_half_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 000: "a number from 1.1 to 1.5"."""
    assert main(["award", "--toughness", "2"]) == 2
    assert "toughness multiplier must be 1 to 1.5" in capsys.readouterr().err
