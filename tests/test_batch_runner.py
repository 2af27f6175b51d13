"""Batches (``mands_sim.batch.runner``): the same rows for any ``--jobs``, stopping on a target
error, errors kept per run (a plugin's ``SystemExit``, a run over its budget), interruption and
resumption, one process at a time on a batch."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from mands_sim.api import hookimpl
from mands_sim.batch.aggregate import Aggregate, Part
from mands_sim.batch.executors import ExecutorError
from mands_sim.batch.records import RunRecord
from mands_sim.batch.runner import BatchOptions, Progress, run_batch, runs_needed
from mands_sim.batch.seeds import run_seed
from mands_sim.batch.store import ResultStore
from mands_sim.cli import main
from mands_sim.errors import BatchInPlay, StoreFormatError
from mands_sim.events import AttackResolved
from mands_sim.metrics import Metric
from mands_sim.registry import Register
from mands_sim.report.summary import build_summary
from tests.data.gate_plugin import Gate
from tests.data.unruly_plugin import Exits, Flaky, Stuck

ROOT = Path(__file__).parent.parent
SCENARIO = ROOT / "scenarios" / "seraph_vs_sphinx.toml"
GRUNTS = ROOT / "scenarios" / "grunts.toml"


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


class Estimates(Progress):
    """Keeps what the bar would count up to: the first total, then each estimate."""

    def __init__(self) -> None:
        self.totals: list[int] = []

    def start(self, total: int, done: int) -> None:
        self.totals.append(total)

    def estimate(self, total: int) -> None:
        self.totals.append(total)


def test_target_error_stops_once_every_headline_interval_is_narrow_enough(tmp_path: Path) -> None:
    """The progress bar counts to the least runs at first, not to ``max_runs`` (100,000), and
    ends at the runs played (the estimates between: ``runs_needed``)."""
    options = BatchOptions(target_error=0.04, min_runs=100, seed=2, jobs=1)
    progress = Estimates()
    result = run_batch(SCENARIO, options, store=tmp_path / "t.db", progress=progress)
    assert progress.totals[0] == 100 and progress.totals[-1] == result.runs
    assert result.stopped == "target error"
    assert result.runs % 100 == 0 and result.runs >= 100
    widths = [rate.half_width for rate in result.aggregate.headline_rates().values()]
    assert max(widths) <= 0.04


@pytest.mark.parametrize(
    ("runs", "width", "target", "needed"),
    [(100, 0.08, 0.04, 400), (100, 0.05, 0.04, 200), (200, 0.03, 0.04, 300), (0, 1.0, 0.1, 100)],
)
def test_runs_needed_shrinks_a_half_width_as_one_over_the_root_of_the_runs(
    runs: int, width: float, target: float, needed: int
) -> None:
    """Twice as narrow takes four times the runs; rounded up to the next checkpoint (100),
    and always one checkpoint on."""
    assert runs_needed(runs, width, target) == needed


def test_target_error_never_stops_before_the_minimum(tmp_path: Path) -> None:
    options = BatchOptions(target_error=0.45, min_runs=300, seed=2, jobs=1)
    assert run_batch(SCENARIO, options, store=tmp_path / "t.db").runs == 300


def test_max_runs_caps_a_target_error_batch(tmp_path: Path) -> None:
    options = BatchOptions(target_error=0.001, min_runs=100, max_runs=200, seed=2, jobs=1)
    result = run_batch(SCENARIO, options, store=tmp_path / "t.db")
    assert (result.stopped, result.runs) == ("max runs", 200)


class StopAfter(Progress):
    """Presses Ctrl-C once ``runs`` runs have finished (0: before the first)."""

    def __init__(self, runs: int) -> None:
        self.runs = runs
        self.seen = 0

    def start(self, total: int, done: int) -> None:
        if self.runs == 0:
            raise KeyboardInterrupt

    def advance(self, runs: int) -> None:
        self.seen += runs
        if self.seen >= self.runs:
            raise KeyboardInterrupt


def test_an_interrupted_batch_resumes_to_the_uninterrupted_report(tmp_path: Path) -> None:
    options = BatchOptions(runs=200, seed=4, jobs=1)
    store = tmp_path / "r.db"
    cut = run_batch(SCENARIO, options, store=store, progress=StopAfter(130))
    assert cut.interrupted
    kept = len(list(cut.records()))
    assert kept >= 125  # every finished chunk was committed
    resumed = run_batch(SCENARIO, options, store=store, resume=True)
    whole = run_batch(SCENARIO, options, store=tmp_path / "w.db")
    assert resumed.stopped == "runs"
    assert comparable(build_summary(resumed)) == comparable(build_summary(whole))


def test_a_stored_batch_is_reported_again_without_playing_it_unless_fresh(tmp_path: Path) -> None:
    options = BatchOptions(runs=10, seed=4, jobs=1)
    store = tmp_path / "r.db"
    first = run_batch(GRUNTS, options, store=store)
    again = run_batch(GRUNTS, options, store=store, progress=StopAfter(1))
    assert (again.reused, again.stopped) == (10, "runs")  # nothing played: nothing to stop
    assert comparable(build_summary(again)) == comparable(build_summary(first))
    fresh = run_batch(GRUNTS, options, store=store, fresh=True)
    assert (fresh.reused, len(list(fresh.records()))) == (0, 10)


def test_an_interrupt_before_the_first_checkpoint_reports_every_run_stored(
    tmp_path: Path,
) -> None:
    """The report of an interrupted batch counts the runs stored, not the checkpoints."""
    options = BatchOptions(runs=300, seed=4, jobs=1)
    cut = run_batch(GRUNTS, options, store=tmp_path / "r.db", progress=StopAfter(25))
    assert cut.interrupted and cut.runs == cut.aggregate.runs == 25
    batch = build_summary(cut)["batch"]
    assert (batch["runs"], batch["played"]) == (25, 25)
    nothing = run_batch(GRUNTS, options, store=tmp_path / "n.db", progress=StopAfter(0))
    assert nothing.interrupted and nothing.runs == nothing.aggregate.runs == 0


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
        run_batch(SCENARIO, options, store=store)
    assert _stored_runs(store) == 100
    command = ["run", str(SCENARIO), "--runs", "100", "--seed", "4", "--jobs", "1"]
    assert main([*command, "--store", str(store), "--resume"]) == 2
    assert "Run again with --fresh" in capsys.readouterr().err.replace("\n", " ")
    assert _stored_runs(store) == 100
    assert run_batch(SCENARIO, options, store=store, fresh=True).stopped == "runs"  # new format
    assert run_batch(SCENARIO, options, store=store).reused == 100


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
    command = [sys.executable, "-m", "mands_sim", "run", str(SCENARIO), "--runs", "200",
               "--seed", "6", "--jobs", "2", "--quiet", "--store", str(store)]  # fmt: skip
    process = subprocess.Popen(
        command, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 120
    while _stored_runs(store) < 40 and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    kept = _stored_runs(store)
    assert 0 < kept < 200
    out = tmp_path / "resumed.json"
    resume = [*command, "--resume", "--json", str(out)]
    subprocess.run(resume, check=True, capture_output=True)
    whole = tmp_path / "whole.json"
    fresh = [*command[:-1], str(tmp_path / "whole.db"), "--json", str(whole)]
    subprocess.run(fresh, check=True, capture_output=True)
    assert comparable(json.loads(out.read_text())) == comparable(json.loads(whole.read_text()))
    assert _rows(store) == _rows(tmp_path / "whole.db")  # the very runs, not only the numbers


class KillsItsWorker:
    """Ends the worker process that first opens an encounter, once (``marker`` says so)."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    @hookimpl
    def mands_encounter_opening(self, encounter: object) -> None:
        if not self.marker.exists():
            self.marker.touch()
            os._exit(1)


def test_a_worker_that_dies_is_an_error_not_an_interrupt_and_its_batch_resumes(
    tmp_path: Path,
) -> None:
    """A worker killed (here by a plugin; out of memory, say) breaks the pool with no Ctrl-C:
    the batch ends with an error saying so, keeping the runs finished, and the same command
    goes on from them to the report of an unbroken batch."""
    store, plugins = tmp_path / "s.db", {"kills": KillsItsWorker(tmp_path / "killed")}
    options = BatchOptions(runs=100, seed=4, jobs=2)
    with pytest.raises(ExecutorError, match="a worker process ended before its runs were played"):
        run_batch(SCENARIO, options, store=store, extra_plugins=plugins)
    resumed = run_batch(SCENARIO, options, store=store, extra_plugins=plugins)
    whole = run_batch(SCENARIO, options, store=tmp_path / "w.db", extra_plugins=plugins)
    assert resumed.runs == 100 and repr(resumed.aggregate) == repr(whole.aggregate)


def _rows(store: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(store) as db:
        rows = db.execute(
            "SELECT idx, seed, winner, reason, segments, characters, error FROM runs ORDER BY idx"
        ).fetchall()
    db.close()
    return rows


@pytest.mark.parametrize("jobs", [1, 2])
def test_each_plugin_failing_in_a_run_is_one_error_of_that_run_naming_it(
    tmp_path: Path, jobs: int
) -> None:
    """A plugin raising, calling ``sys.exit()`` or raising ``KeyboardInterrupt`` in its hook,
    and one stuck in a loop past ``run_timeout``: each its own run's error, naming the plugin
    and hook; the batch plays every other run, in this process or in workers."""
    plugins = {
        "flaky": Flaky(run_seed(3, 2)),
        "exits": Exits(run_seed(3, 4)),
        "interrupts": Exits(run_seed(3, 9), interrupt=True),
        "stuck": Stuck(run_seed(3, 20)),
    }
    options = BatchOptions(runs=30, seed=3, jobs=jobs, run_timeout=1.0)
    result = run_batch(GRUNTS, options, store=tmp_path / "e.db", extra_plugins=plugins)
    assert (result.runs, result.errors, result.aggregate.played) == (30, 4, 26)
    failures = {r.index: r.failure for r in result.records() if r.failure}
    assert {i: (f.plugin, f.hook) for i, f in failures.items()} == {
        2: ("flaky", "mands_action_after"),
        4: ("exits", "mands_action_after"),
        9: ("interrupts", "mands_action_after"),
        20: ("stuck", "mands_action_after"),
    }
    assert set(result.aggregate.errors.values()) == {1}
    assert "plugin 'exits' in hook 'mands_action_after': SystemExit: 3" in result.aggregate.errors
    assert failures[20].over_time
    assert [run for run, _, _ in result.aggregate.failed] == [2, 4, 9, 20]


GATED = """
import sys
from pathlib import Path
from mands_sim.batch.runner import BatchOptions, run_batch
from tests.data.gate_plugin import Gate
scenario, started, release, store = map(Path, sys.argv[1:5])
gate = {"gate": Gate(started, release)}
run_batch(scenario, BatchOptions(runs=10, seed=8, jobs=1), store=store, extra_plugins=gate)
"""
"""A batch of 10 runs played in its own process, held at its first action by a gate."""


def test_a_second_process_on_a_batch_in_play_is_refused_and_deletes_nothing(
    tmp_path: Path,
) -> None:
    """Two real processes on one batch and one store: the second (this one) is refused, even
    with ``fresh``, naming the first; the first plays on and keeps all its runs."""
    started, release, store = tmp_path / "started", tmp_path / "release", tmp_path / "r.db"
    first = subprocess.Popen(
        [sys.executable, "-c", GATED, str(GRUNTS), str(started), str(release), str(store)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    gate = {"gate": Gate(started, release)}
    options = BatchOptions(runs=10, seed=8, jobs=1)
    try:
        deadline = time.monotonic() + 120
        while not started.exists() and time.monotonic() < deadline and first.poll() is None:
            time.sleep(0.02)
        for fresh in (False, True):
            with pytest.raises(BatchInPlay, match=f"is being played by process {first.pid} on"):
                run_batch(GRUNTS, options, store=store, fresh=fresh, extra_plugins=gate)
    finally:
        release.touch()
        _, err = first.communicate(timeout=120)
    assert first.returncode == 0, err
    assert _stored_runs(store) == 10
    again = run_batch(GRUNTS, options, store=store, extra_plugins=gate)
    assert (again.reused, again.runs) == (10, 10)


def test_records_convert_to_a_dataframe_with_one_row_per_character_per_run(
    tmp_path: Path,
) -> None:
    result = run_batch(SCENARIO, BatchOptions(runs=30, seed=1, jobs=1), store=tmp_path / "d.db")
    frame = result.to_dataframe()
    assert len(frame) == 60
    assert set(frame["character_id"]) == {"seraph", "sphinx"}
    wins = frame.drop_duplicates("run")["winner"].value_counts().to_dict()
    assert wins == dict(result.aggregate.wins)


class Tally:
    """Registers a metric counting each character's resolved attacks that hit."""

    @hookimpl
    def mands_register_metrics(self, register: Register) -> None:
        hits = Metric("hits landed", {AttackResolved: lambda e: [(e.character, int(e.hit))]})
        register(hits.name, hits, summary="attacks that hit")


def test_a_dataframe_has_a_column_for_each_metric_a_run_counted(tmp_path: Path) -> None:
    """``character_metric: <name>`` for every metric that counted in any run, 0 elsewhere."""
    options = BatchOptions(runs=6, seed=1, jobs=1)
    result = run_batch(SCENARIO, options, store=tmp_path / "m.db", extra_plugins={"t": Tally()})
    frame = result.to_dataframe()
    column = frame["character_metric: hits landed"]
    counted = [
        dict(c.metrics).get("hits landed", 0) for r in result.records() for c in r.characters
    ]
    assert list(column) == counted and sum(counted) > 0


def test_checkpoints_fold_the_rows_just_written_without_reading_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fresh batch folds each checkpoint from the rows it wrote, as the store would read them
    back; a batch continued after an earlier execution reads the store for that one's runs. Both
    give the aggregate of an uninterrupted batch."""
    reads: list[int] = []
    records = ResultStore.records

    def counted(
        self: ResultStore, batch: int, below: int | None = None, start: int = 0
    ) -> Iterator[RunRecord]:
        reads.append(start)
        return records(self, batch, below, start)

    monkeypatch.setattr(ResultStore, "records", counted)
    options = BatchOptions(runs=300, seed=4, jobs=1)
    whole = run_batch(SCENARIO, options, store=tmp_path / "a.db")
    assert reads == []
    cut = run_batch(SCENARIO, options, store=tmp_path / "b.db", progress=StopAfter(130))
    reads.clear()
    rest = run_batch(SCENARIO, options, store=tmp_path / "b.db")
    assert cut.interrupted and reads[0] == 0  # the first checkpoint's runs were the cut one's
    assert comparable(build_summary(rest)) == comparable(build_summary(whole))


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_batch_merges_its_players_tallies_into_the_stored_runs_aggregate(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: int
) -> None:
    """Whoever plays a chunk tallies it; the batch's process merges the tallies (one per
    chunk of 25 runs) instead of decoding each row, and gets the aggregate of the stored runs
    added one by one in index order."""
    merged: list[int] = []
    merge = Aggregate.merge

    def counted(self: Aggregate, part: Part) -> None:
        merged.append(part.aggregate.runs)
        merge(self, part)

    monkeypatch.setattr(Aggregate, "merge", counted)
    result = run_batch(GRUNTS, BatchOptions(runs=130, seed=2, jobs=jobs), store=tmp_path / "r.db")
    assert merged == [25] * 5 + [5]
    one_by_one = Aggregate(sides=result.aggregate.sides, knock_out=result.aggregate.knock_out)
    for record in result.records():
        one_by_one.add(record)
    assert result.aggregate == one_by_one


def test_a_stored_batch_is_not_reported_again_once_a_plugin_is_edited(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same scenario, options and versions, but a plugin's code changed (an editable
    install): a new batch, played, not the old one reported."""
    options = BatchOptions(runs=10, seed=4, jobs=1)
    store = tmp_path / "r.db"
    first = run_batch(GRUNTS, options, store=store)
    assert first.reused == 0
    monkeypatch.setattr("mands_sim.batch.runner.code_fingerprint", lambda simulation: "edited")
    edited = run_batch(GRUNTS, options, store=store)
    assert (edited.reused, len(list(edited.records()))) == (0, 10)
