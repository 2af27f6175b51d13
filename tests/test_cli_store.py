"""``mands-sim store``: where the store is, what it holds, one batch in full, pruning."""

from __future__ import annotations

import json
import sqlite3
import tomllib
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from mands_sim.batch.locks import take
from mands_sim.batch.runner import BatchOptions, run_batch
from mands_sim.batch.seeds import run_seed
from mands_sim.cli import main
from mands_sim.cli.store import age
from mands_sim.scenario import Override
from tests.data.unruly_plugin import Flaky

GRUNTS = Path(__file__).parent.parent / "scenarios" / "grunts.toml"


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store with two batches of grunts: 10 runs (run 3 errored), finished 3 hours ago; then
    5 runs of another seed, played 10 days ago and left unfinished."""
    store = tmp_path_factory.mktemp("store") / "r.sqlite"
    flaky = {"flaky": Flaky(seed=run_seed(1, 3))}
    run_batch(GRUNTS, BatchOptions(runs=10, seed=1, jobs=1), store=store, extra_plugins=flaky)
    run_batch(GRUNTS, BatchOptions(runs=5, seed=2, jobs=1), store=store)
    now = datetime.now(UTC)
    with sqlite3.connect(store) as db:
        db.execute("UPDATE batches SET created = ? WHERE id = 1", (str(now - timedelta(hours=3)),))
        old = str(now - timedelta(days=10))
        db.execute("UPDATE batches SET final_runs = NULL, created = ? WHERE id = 2", (old,))
    db.close()
    return store


def copy_of(store: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "copy.sqlite"
    source, target = sqlite3.connect(store), sqlite3.connect(copy)
    source.backup(target)
    source.close()
    target.close()
    return copy


def test_path_prints_the_default_store(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("MANDS_SIM_CACHE_DIR", str(tmp_path))
    assert main(["store", "path"]) == 0
    captured = capsys.readouterr()
    assert captured.out == f"{tmp_path / 'results.sqlite'}\n" and "no file yet" in captured.err
    assert not (tmp_path / "results.sqlite").exists()  # looking makes nothing


def test_list_tells_each_batch_its_runs_errors_state_and_age(
    stored: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["store", "list", "--store", str(stored), "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert listing["store"] == str(stored) and listing["bytes"] > 0
    rows = [(b["batch"], b["seed"], b["runs"], b["planned"], b["errors"], b["state"], b["age"])
            for b in listing["batches"]]  # fmt: skip
    assert rows == [(1, 1, 10, 10, 1, "finished", "3 h"), (2, 2, 5, 5, 0, "unfinished", "10 d")]
    assert main(["store", "list", "--store", str(stored)]) == 0
    assert "2 batches, 15 runs" in capsys.readouterr().out


def test_a_batch_being_played_is_listed_in_play(
    stored: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with sqlite3.connect(stored) as db:
        (key,) = db.execute("SELECT key FROM batches WHERE id = 2").fetchone()
    db.close()
    with take(stored, key, "batch 2"):
        main(["store", "list", "--store", str(stored), "--json"])
    states = [b["state"] for b in json.loads(capsys.readouterr().out)["batches"]]
    assert states == ["finished", "in play"]


def test_show_lists_the_errored_runs_with_their_replay_and_traceback(
    stored: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["store", "show", "1", "--store", str(stored), "--tracebacks"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Batch 1: {GRUNTS} (seed 1), finished")
    assert "run 3: plugin 'flaky' in hook 'mands_action_after'" in out
    assert f"mands-sim replay {GRUNTS} --seed {run_seed(1, 3)}" in out
    assert "RuntimeError: flaky plugin fails on purpose" in out  # the traceback's last line


def test_show_of_a_batch_that_is_not_there_is_a_clear_error(
    stored: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["store", "show", "9", "--store", str(stored)]) == 2
    assert "no batch 9" in capsys.readouterr().err


def test_prune_removes_the_batches_asked_for_and_shrinks_the_file(
    stored: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = copy_of(stored, tmp_path)
    assert main(["store", "prune", "--store", str(store), "--older-than", "7", "--dry-run"]) == 0
    assert "Would remove 1 batches, 5 runs: 2 (" in capsys.readouterr().out
    assert main(["store", "prune", "--store", str(store), "--unfinished", "--older-than", "7"]) == 0
    assert "Removed 1 batches, 5 runs" in capsys.readouterr().out
    main(["store", "list", "--store", str(store), "--json"])
    assert [b["batch"] for b in json.loads(capsys.readouterr().out)["batches"]] == [1]


def test_prune_never_removes_a_batch_being_played(
    stored: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = copy_of(stored, tmp_path)
    with sqlite3.connect(store) as db:
        (key,) = db.execute("SELECT key FROM batches WHERE id = 1").fetchone()
    db.close()
    with take(store, key, "batch 1"):
        assert main(["store", "prune", "--store", str(store), "--all"]) == 0
    out = capsys.readouterr().out
    assert "Kept batch 1" in out and "Removed 1 batches, 5 runs" in out


def test_prune_without_saying_which_batches_removes_nothing(
    stored: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["store", "prune", "--store", str(stored)]) == 2
    assert "say which batches to remove" in capsys.readouterr().err


def test_age_reads_in_the_largest_whole_unit() -> None:
    now = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)
    assert age("2026-12-02T11:59:20+00:00", now) == "40 s"
    assert age("2026-12-02T09:10:00+00:00", now) == "2 h"
    assert age("2026-11-20T12:00:00+00:00", now) == "12 d"
    assert age("yesterday", now) == "?"


def test_show_scenario_prints_the_scenario_a_batch_played_with_its_overrides(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The store keeps the scenario as played (``--set`` values applied) with its batch, so it
    can be read back after the file has changed; a batch an older store holds says so."""
    store = tmp_path / "r.db"
    duel = Path(__file__).parent.parent / "scenarios" / "seraph_vs_sphinx.toml"
    overrides = (Override.parse("stop.time_limit=900"),)
    result = run_batch(duel, BatchOptions(runs=3, jobs=1, overrides=overrides), store=store)
    capsys.readouterr()
    assert main(["store", "show", str(result.batch.id), "--scenario", "--store", str(store)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith(f"# {duel}\n# --set stop.time_limit=900\n")
    assert tomllib.loads(printed)["stop"]["time_limit"] == 900
    with sqlite3.connect(store) as db:
        db.execute("UPDATE batches SET played_scenario = NULL")
    assert main(["store", "show", str(result.batch.id), "--scenario", "--store", str(store)]) == 1
    assert "the scenario played was not kept" in capsys.readouterr().err
