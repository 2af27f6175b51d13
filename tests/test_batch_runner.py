"""Batches (``mands_sim.batch.runner``): the same rows for any ``--jobs``, stopping on a target
error, errors kept per run, interruption and resumption."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mands_sim.batch import BatchOptions, Progress, run_batch, run_seed
from mands_sim.batch.store import StoreFormatError
from mands_sim.cli import main
from mands_sim.report.summary import build_summary
from tests.data.flaky_plugin import Flaky

ROOT = Path(__file__).parent.parent
SCENARIO = ROOT / "scenarios" / "seraph_vs_sphinx.toml"


def comparable(summary: dict[str, object]) -> dict[str, object]:
    """A report without what legitimately differs between two stores of the same batch."""
    batch = dict(summary["batch"])  # type: ignore[call-overload]
    del batch["store"]
    return {**summary, "batch": batch}


def test_jobs_1_and_jobs_2_store_identical_runs_and_reports(tmp_path: Path) -> None:
    one = run_batch(SCENARIO, BatchOptions(runs=240, seed=5, jobs=1), store=tmp_path / "1.db")
    two = run_batch(SCENARIO, BatchOptions(runs=240, seed=5, jobs=2), store=tmp_path / "2.db")
    assert list(one.records()) == list(two.records())
    assert comparable(build_summary(one)) == comparable(build_summary(two))
    assert [r.seed for r in one.records()][:3] == [run_seed(5, i) for i in range(3)]


def test_target_error_stops_once_every_headline_interval_is_narrow_enough(tmp_path: Path) -> None:
    options = BatchOptions(target_error=0.04, min_runs=100, seed=2, jobs=1)
    result = run_batch(SCENARIO, options, store=tmp_path / "t.db")
    assert result.stopped == "target error"
    assert result.runs % 100 == 0 and result.runs >= 100
    widths = [rate.half_width for rate in result.aggregate.headline_rates().values()]
    assert max(widths) <= 0.04


def test_target_error_never_stops_before_the_minimum(tmp_path: Path) -> None:
    options = BatchOptions(target_error=0.45, min_runs=300, seed=2, jobs=1)
    assert run_batch(SCENARIO, options, store=tmp_path / "t.db").runs == 300


def test_max_runs_caps_a_target_error_batch(tmp_path: Path) -> None:
    options = BatchOptions(target_error=0.001, min_runs=100, max_runs=200, seed=2, jobs=1)
    result = run_batch(SCENARIO, options, store=tmp_path / "t.db")
    assert (result.stopped, result.runs) == ("max runs", 200)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_plugin_raising_in_one_run_is_one_error_naming_it(tmp_path: Path, jobs: int) -> None:
    flaky = Flaky(seed=run_seed(9, 7))
    result = run_batch(
        SCENARIO,
        BatchOptions(runs=40, seed=9, jobs=jobs),
        store=tmp_path / "f.db",
        extra_plugins={"flaky": flaky},
    )
    assert result.runs == 40 and result.errors == 1
    ((message, count),) = result.aggregate.errors.items()
    assert count == 1
    assert "flaky" in message and "mands_action_after" in message
    (failed,) = [r for r in result.records() if r.error]
    assert failed.index == 7
    assert result.aggregate.played == 39


class StopAfter(Progress):
    """Presses Ctrl-C once ``runs`` runs have finished."""

    def __init__(self, runs: int) -> None:
        self.runs = runs
        self.seen = 0

    def advance(self, runs: int) -> None:
        self.seen += runs
        if self.seen >= self.runs:
            raise KeyboardInterrupt


def test_an_interrupted_batch_resumes_to_the_uninterrupted_report(tmp_path: Path) -> None:
    options = BatchOptions(runs=300, seed=4, jobs=1)
    store = tmp_path / "r.db"
    cut = run_batch(SCENARIO, options, store=store, progress=StopAfter(130))
    assert cut.interrupted
    kept = len(list(cut.records()))
    assert kept >= 125  # every finished chunk was committed
    resumed = run_batch(SCENARIO, options, store=store, resume=True)
    whole = run_batch(SCENARIO, options, store=tmp_path / "w.db")
    assert resumed.stopped == "runs"
    assert comparable(build_summary(resumed)) == comparable(build_summary(whole))


def test_without_resume_a_stored_batch_starts_afresh(tmp_path: Path) -> None:
    options = BatchOptions(runs=100, seed=4, jobs=1)
    store = tmp_path / "r.db"
    run_batch(SCENARIO, options, store=store)
    again = run_batch(SCENARIO, options, store=store)
    assert len(list(again.records())) == 100


def test_resuming_a_batch_an_older_version_stored_is_refused_and_keeps_its_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An interrupted batch of record format 1 (the store as it was before batches noted
    their format): ``--resume`` must not mix its rows with newer ones; it says so and keeps them."""
    options = BatchOptions(runs=100, seed=4, jobs=1)
    store = tmp_path / "r.db"
    run_batch(SCENARIO, options, store=store)
    with sqlite3.connect(store) as db:
        db.execute("UPDATE batches SET record_format = NULL")
    with pytest.raises(StoreFormatError, match="100 runs cannot be resumed"):
        run_batch(SCENARIO, options, store=store, resume=True)
    assert _stored_runs(store) == 100
    command = ["run", str(SCENARIO), "--runs", "100", "--seed", "4", "--jobs", "1"]
    assert main([*command, "--store", str(store), "--resume"]) != 0
    assert "Run again without --resume" in capsys.readouterr().err.replace("\n", " ")
    assert _stored_runs(store) == 100
    assert run_batch(SCENARIO, options, store=store).stopped == "runs"  # afresh, format 2
    assert run_batch(SCENARIO, options, store=store, resume=True).stopped == "runs"


def _stored_runs(store: Path) -> int:
    if not store.exists():
        return 0
    try:
        with sqlite3.connect(store) as db:
            return int(db.execute("SELECT COUNT(*) FROM runs").fetchone()[0])
    except sqlite3.OperationalError:
        return 0


def test_a_killed_worker_batch_keeps_its_runs_and_resumes_exactly(tmp_path: Path) -> None:
    """Kill the whole process group (the command and its workers) midway with SIGKILL."""
    store = tmp_path / "killed.db"
    command = [sys.executable, "-m", "mands_sim", "run", str(SCENARIO), "--runs", "500",
               "--seed", "6", "--jobs", "2", "--quiet", "--store", str(store)]  # fmt: skip
    process = subprocess.Popen(
        command, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 120
    while _stored_runs(store) < 50 and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    kept = _stored_runs(store)
    assert 0 < kept < 500
    out = tmp_path / "resumed.json"
    resume = [*command, "--resume", "--json", str(out)]
    subprocess.run(resume, check=True, capture_output=True)
    whole = tmp_path / "whole.json"
    fresh = [*command[:-1], str(tmp_path / "whole.db"), "--json", str(whole)]
    subprocess.run(fresh, check=True, capture_output=True)
    assert comparable(json.loads(out.read_text())) == comparable(json.loads(whole.read_text()))


def test_records_convert_to_a_dataframe_with_one_row_per_character_per_run(
    tmp_path: Path,
) -> None:
    result = run_batch(SCENARIO, BatchOptions(runs=30, seed=1, jobs=1), store=tmp_path / "d.db")
    frame = result.to_dataframe()
    assert len(frame) == 60
    assert set(frame["character_id"]) == {"seraph", "sphinx"}
    wins = frame.drop_duplicates("run")["winner"].value_counts().to_dict()
    assert wins == dict(result.aggregate.wins)
