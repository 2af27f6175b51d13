"""The results store (``mands_sim.batch.store``): rows survive, batches are found by key."""

from __future__ import annotations

from pathlib import Path

import pytest

from mands_sim.batch.records import CharacterRecord, RunRecord
from mands_sim.batch.store import ResultStore, default_store_path

SERAPH = CharacterRecord("seraph", "heroes", "active", 7, 0, 4.0, 9, 7, None, (("fist-attack", 2),))


def record(index: int) -> RunRecord:
    return RunRecord(index, 100 + index, "heroes", "the other side is out of action", 30, (SERAPH,))


def begin(store: ResultStore, *, resume: bool = False) -> int:
    info = store.begin(
        "key", scenario="s.toml", scenario_hash="abc", seed=1, options={"runs": 3},
        versions={"mands-sim": "0"}, resume=resume,
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


def test_resume_keeps_a_batch_and_a_fresh_start_clears_it(tmp_path: Path) -> None:
    with ResultStore(tmp_path / "r.db") as store:
        batch = begin(store)
        store.add(batch, [record(0)])
        assert store.done(begin(store, resume=True)) == {0}
        assert store.done(begin(store, resume=False)) == set()


def test_an_errored_run_is_kept_with_its_message(tmp_path: Path) -> None:
    failed = RunRecord.failed(3, 99, "plugin 'flaky' in hook 'mands_action_after': boom")
    with ResultStore(tmp_path / "r.db") as store:
        batch = begin(store)
        store.add(batch, [failed])
        assert list(store.records(batch)) == [failed]


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
