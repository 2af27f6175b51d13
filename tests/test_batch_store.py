"""The results store (``mands_sim.batch.store``): rows survive, batches are found by key and
replaced only when asked, rows that fail their checks are refused, batches are listed and
removed."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from mands_sim.batch.failures import Failure
from mands_sim.batch.records import RECORD_FORMAT, CharacterRecord, RunRecord
from mands_sim.batch.seeds import run_seed
from mands_sim.batch.store import (
    FIRST_FORMAT,
    ResultStore,
    StoreFormatError,
    default_store_path,
)
from mands_sim.errors import StoredRunInvalid

SERAPH = CharacterRecord("seraph", "heroes", "active", 7, 0, 4.0, 9, 7, None, (("fist-attack", 2),))


def record(index: int) -> RunRecord:
    seed = run_seed(1, index)
    return RunRecord(index, seed, "heroes", "the other side is out of action", 30, (SERAPH,))


def begin(store: ResultStore, *, fresh: bool = False, key: str = "key") -> int:
    info = store.begin(
        key, scenario="s.toml", scenario_hash="abc", seed=1, options={"runs": 3},
        versions={"mands-sim": "0"}, fresh=fresh,
    )  # fmt: skip
    return info.id


def test_stored_runs_come_back_in_index_order_after_reopening(tmp_path: Path) -> None:
    with ResultStore(tmp_path / "r.db") as store:
        batch = begin(store)
        store.add(batch, [record(2), record(0)])
        store.add(batch, [record(1)])
    with ResultStore(tmp_path / "r.db") as store:
        info = store.find("key")
        assert info is not None and info.options == {"runs": 3}
        assert list(store.records(info.id)) == [record(0), record(1), record(2)]
        assert list(store.records(info.id, below=2, start=1)) == [record(1)]
        assert store.done(info.id) == {0, 1, 2}


def test_a_stored_batch_is_kept_unless_a_fresh_start_is_asked_for(tmp_path: Path) -> None:
    with ResultStore(tmp_path / "r.db") as store:
        batch = begin(store)
        store.add(batch, [record(0)])
        assert store.done(begin(store)) == {0}
        assert store.done(begin(store, fresh=True)) == set()


def test_an_errored_run_is_kept_with_its_failure(tmp_path: Path) -> None:
    failure = Failure("PluginHookError", "plugin 'flaky' …", "flaky", "mands_action_after",
                      "seraph's policy (Tactician)", "Traceback …")  # fmt: skip
    failed = RunRecord.failed(3, run_seed(1, 3), "plugin 'flaky' …", failure)
    with ResultStore(tmp_path / "r.db") as store:
        batch = begin(store)
        store.add(batch, [record(0), failed])
        assert list(store.records(batch)) == [record(0), failed]
        assert store.failed(batch, limit=5) == [failed]


def test_finish_records_the_final_run_count(tmp_path: Path) -> None:
    with ResultStore(tmp_path / "r.db") as store:
        batch = begin(store)
        store.finish(batch, 300)
        info = store.find("key")
        assert info is not None and info.final_runs == 300


def test_the_default_store_lives_in_the_cache_directory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MANDS_SIM_CACHE_DIR", "/somewhere")
    assert default_store_path() == Path("/somewhere/results.sqlite")
    monkeypatch.delenv("MANDS_SIM_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", "/cache")
    assert default_store_path() == Path("/cache/mands-sim/results.sqlite")


FORMAT_1_SCHEMA = """
CREATE TABLE batches (
    id INTEGER PRIMARY KEY, key TEXT UNIQUE NOT NULL, scenario TEXT NOT NULL,
    scenario_hash TEXT NOT NULL, seed INTEGER NOT NULL, options TEXT NOT NULL,
    versions TEXT NOT NULL, created TEXT NOT NULL, final_runs INTEGER
);
CREATE TABLE runs (
    batch INTEGER NOT NULL REFERENCES batches(id) ON DELETE CASCADE, idx INTEGER NOT NULL,
    seed INTEGER NOT NULL, winner TEXT, reason TEXT NOT NULL, segments INTEGER NOT NULL,
    characters TEXT NOT NULL, error TEXT, PRIMARY KEY (batch, idx)
);
"""
"""The store as mands-sim wrote it before batches noted their record format."""

FORMAT_1_ROW = json.dumps([{
    "id": "seraph", "side": "heroes", "condition": "active", "vp_lost": 7, "dp_lost": 0,
    "ep_spent": 4.0, "damage_dealt": 9, "damage_taken": 7, "out_at": None,
    "actions": [["fist-attack", 2]], "injured": False, "times_thrown": 0, "times_fallen": 0,
}])  # fmt: skip


def format_1_store(path: Path, runs: int) -> None:
    """A store file from the older version: one batch ``key`` with ``runs`` runs."""
    db = sqlite3.connect(path)
    with db:
        db.executescript(FORMAT_1_SCHEMA)
        db.execute(
            "INSERT INTO batches (key, scenario, scenario_hash, seed, options, versions, created)"
            " VALUES ('key', 's.toml', 'abc', 1, '{}', '{}', '2026-11-01T00:00:00+00:00')"
        )
        db.executemany(
            "INSERT INTO runs VALUES (1, ?, ?, 'heroes', 'the other side is out of action', 30, ?,"
            " NULL)",
            [(i, run_seed(1, i), FORMAT_1_ROW) for i in range(runs)],
        )
    db.close()


def test_an_older_store_opens_and_its_runs_read_back(tmp_path: Path) -> None:
    format_1_store(tmp_path / "old.db", runs=3)
    with ResultStore(tmp_path / "old.db") as store:
        info = store.find("key")
        assert info is not None and info.record_format == FIRST_FORMAT < RECORD_FORMAT
        assert list(store.records(info.id)) == [record(0), record(1), record(2)]


def test_resuming_an_older_batch_is_a_clear_error_that_keeps_its_runs(tmp_path: Path) -> None:
    format_1_store(tmp_path / "old.db", runs=3)
    with ResultStore(tmp_path / "old.db") as store:
        with pytest.raises(StoreFormatError, match="its 3 runs cannot be resumed") as error:
            begin(store)
        assert "with --fresh" in str(error.value) and str(tmp_path / "old.db") in str(error.value)
        info = store.find("key")
        assert info is not None and store.done(info.id) == {0, 1, 2}


def test_an_older_batch_with_no_runs_resumes_in_the_new_format(tmp_path: Path) -> None:
    format_1_store(tmp_path / "old.db", runs=0)
    with ResultStore(tmp_path / "old.db") as store:
        batch = begin(store)
        store.add(batch, [record(0)])
        info = store.find("key")
        assert info is not None and info.record_format == RECORD_FORMAT


def test_a_fresh_start_of_an_older_batch_is_in_the_new_format(tmp_path: Path) -> None:
    format_1_store(tmp_path / "old.db", runs=2)
    with ResultStore(tmp_path / "old.db") as store:
        assert store.done(begin(store, fresh=True)) == set()
        info = store.find("key")
        assert info is not None and info.record_format == RECORD_FORMAT
        assert store.done(begin(store)) == set()


def stored_row(path: Path, change: str) -> None:
    """Change run 0's row of the store at ``path`` behind mands-sim's back."""
    with sqlite3.connect(path) as db:
        db.execute(f"UPDATE runs SET {change} WHERE idx = 0")
    db.close()


def test_a_stored_row_that_fails_its_checks_is_refused_naming_the_run(tmp_path: Path) -> None:
    with ResultStore(tmp_path / "r.db") as store:
        batch = begin(store)
        store.add(batch, [record(0), record(1)])
    stored_row(tmp_path / "r.db", "segments = 31")
    with ResultStore(tmp_path / "r.db") as store, pytest.raises(StoredRunInvalid) as refused:
        list(store.records(batch))
    message = str(refused.value)
    assert message.startswith(str(tmp_path / "r.db"))
    assert "does not match the digest it was stored with" in message
    assert "run 0 of batch 1" in message and "--fresh" in message


def test_batches_are_listed_with_their_runs_and_removed_with_them(tmp_path: Path) -> None:
    with ResultStore(tmp_path / "r.db") as store:
        first, second = begin(store), begin(store, key="other")
        store.add(first, [record(0), RunRecord.failed(1, run_seed(1, 1), "boom")])
        store.finish(first, 2)
        listed = store.batches()
        assert [(b.info.id, b.runs, b.errors) for b in listed] == [(first, 2, 1), (second, 0, 0)]
        assert listed[0].size > listed[1].size == 0
        store.remove([first])
        assert [b.info.id for b in store.batches()] == [second]
        assert store.find("key") is None and store.done(first) == set()
