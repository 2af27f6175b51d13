"""``mands-sim check``: exit 0 when every expectation holds, 1 when one does not, 2 for a
malformed file; golden logs rewritten on request and byte-stable across runs and ``--jobs``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mands_sim.cli import main
from mands_sim.scenario import load_scenario
from tests.test_regression import DUEL, GOLDEN, MET, WRONG, folder_with


def scenario(tmp_path: Path, text: str, name: str = "duel") -> str:
    return str(folder_with(tmp_path / "scenarios", **{name: text}) / f"{name}.toml")


def test_met_expectations_exit_with_status_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = scenario(tmp_path, DUEL + MET)
    assert main(["check", file]) == 0
    assert capsys.readouterr().out.startswith(f"{file}: ok\n")


def test_unmet_expectation_exits_with_status_1_showing_observed_and_expected(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", scenario(tmp_path, DUEL + WRONG)]) == 1
    [line] = [line for line in capsys.readouterr().out.splitlines() if "FAILED win_rate" in line]
    assert "(95 % CI " in line and line.endswith("expected [0.00, 0.05]")


def test_malformed_scenario_exits_with_status_2_naming_file_and_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = scenario(tmp_path, DUEL + "\n[expect]\nseed = 1\nruns = 5\nluck = 3\n")
    assert main(["check", file]) == 2
    assert f"{file} at 'expect.luck'" in capsys.readouterr().err


def test_malformed_file_outweighs_a_failed_one(tmp_path: Path) -> None:
    wrong = scenario(tmp_path, DUEL + WRONG, "wrong")
    bad = scenario(tmp_path, DUEL + "\n[expect]\nluck = 3\n", "bad")
    assert main(["check", wrong, bad]) == 2


def test_scenario_without_expect_has_nothing_to_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = scenario(tmp_path, DUEL)
    assert main(["check", file]) == 0
    assert capsys.readouterr().out == f"{file}: no [expect] table: nothing to check\n"


def test_missing_golden_log_fails_until_updated(tmp_path: Path) -> None:
    file = scenario(tmp_path, DUEL + GOLDEN)
    assert main(["check", file]) == 1
    assert main(["check", "--update-golden", file]) == 0
    assert main(["check", file]) == 0


def test_golden_log_is_byte_stable_across_jobs_and_processes(tmp_path: Path) -> None:
    """Written in this process with ``--jobs 1``, then by another process with ``--jobs 2`` and
    another hash seed: the same bytes."""
    file = scenario(tmp_path, DUEL + GOLDEN)
    assert main(["check", "--update-golden", "--jobs", "1", file]) == 0
    log = tmp_path / "scenarios" / "golden" / "duel.seed5.jsonl"
    first = log.read_bytes()
    log.unlink()
    command = [sys.executable, "-m", "mands_sim", "check", "--update-golden", "--jobs", "2", file]
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    assert subprocess.run(command, env=env, capture_output=True, check=False).returncode == 0
    assert log.read_bytes() == first


def test_batch_checks_are_the_same_for_any_jobs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = scenario(tmp_path, DUEL + WRONG.replace("runs = 20", "runs = 30"))
    main(["check", "--jobs", "1", file])
    one = capsys.readouterr().out
    main(["check", "--jobs", "2", file])
    assert capsys.readouterr().out == one


def test_suggest_prints_an_expect_block_that_loads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = scenario(tmp_path, DUEL + GOLDEN)
    assert main(["check", "--suggest", "--suggest-runs", "20", file]) == 0
    block = capsys.readouterr().out
    expect = load_scenario(scenario(tmp_path, DUEL + block, "suggested")).expect
    assert expect is not None
    assert (expect.seed, expect.runs, expect.golden_seed) == (1, 200, 5)
    assert set(expect.win_rate) == {"heroes", "villains"}
    assert set(expect.characters) == {"seraph", "sphinx"}


def test_set_checks_the_expectations_on_the_changed_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``check --set`` plays the changed scenario against the file's own ``[expect]``: a
    time limit of 1 segment and the met expectations are no longer met."""
    file = scenario(tmp_path, DUEL + MET)
    assert main(["check", file, "--set", "stop.time_limit=1"]) == 1
    out = capsys.readouterr().out
    assert "FAILED win_rate.heroes" in out
    assert main(["check", file]) == 0


def test_set_leaves_the_golden_log_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A golden log is the scenario's as written: with ``--set`` it is not compared, and it
    is not rewritten."""
    file = scenario(tmp_path, DUEL + GOLDEN)
    assert main(["check", "--update-golden", file]) == 0
    golden = Path(file).parent / "golden" / "duel.seed5.jsonl"
    before = golden.read_bytes()
    capsys.readouterr()
    assert main(["check", file, "--set", "stop.time_limit=1"]) == 0
    assert (
        "duel.seed5.jsonl: not compared (the scenario is played with --set)"
        in capsys.readouterr().out
    )
    assert main(["check", "--update-golden", file, "--set", "stop.time_limit=1"]) == 2
    assert f"{file} at '--update-golden': a golden log" in capsys.readouterr().err
    assert golden.read_bytes() == before


def test_suggest_with_set_derives_the_block_from_the_changed_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = scenario(tmp_path, DUEL + MET)
    command = ["check", "--suggest", "--suggest-runs", "20", file]
    assert main([*command, "--set", "stop.time_limit=1"]) == 0
    assert "timeout_rate = [0.96, 1.00]" in capsys.readouterr().out
