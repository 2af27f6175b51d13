"""The store's file (``mands_sim.batch.store_file``): a new or older store opens, another
program's file or a damaged one is refused with one error naming it, and left untouched."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from mands_sim.batch.store_file import APPLICATION_ID, open_store
from mands_sim.errors import StoreError, StoreUnreadable


def application_id(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return int(db.execute("PRAGMA application_id").fetchone()[0])
    finally:
        db.close()


def test_a_new_store_is_made_and_marked_as_mands_sims(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "r.sqlite"
    open_store(path).close()
    assert application_id(path) == APPLICATION_ID
    open_store(path).close()  # and opens again


def test_an_empty_file_becomes_a_store(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite"
    path.touch()
    open_store(path).close()
    assert application_id(path) == APPLICATION_ID


def test_an_older_unmarked_store_is_adopted_and_gains_the_new_columns(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path)
    db.executescript(
        "CREATE TABLE batches (id INTEGER PRIMARY KEY, key TEXT, scenario TEXT, scenario_hash"
        " TEXT, seed INTEGER, options TEXT, versions TEXT, created TEXT, final_runs INTEGER);"
        "CREATE TABLE runs (batch INTEGER, idx INTEGER, seed INTEGER, winner TEXT, reason TEXT,"
        " segments INTEGER, characters TEXT, error TEXT);"
    )
    db.close()
    open_store(path).close()
    assert application_id(path) == APPLICATION_ID
    db = sqlite3.connect(path)
    assert "failure" in {row[1] for row in db.execute("PRAGMA table_info(runs)")}
    db.close()


def test_another_programs_database_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (text TEXT)")
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(StoreUnreadable) as refused:
        open_store(path)
    message = str(refused.value)
    assert message.startswith(f"{path}: not a mands-sim results store")
    assert "tables: notes" in message and "--store" in message
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    "content", [b"not a database at all, just text\n" * 40, b"SQLite format 3\x00" + b"\xff" * 4000]
)
def test_a_file_that_is_not_a_database_or_is_damaged_is_one_clear_error(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "r.sqlite"
    path.write_bytes(content)
    with pytest.raises(StoreUnreadable) as refused:
        open_store(path)
    message = str(refused.value)
    assert message.startswith(f"{path}: damaged, or not a mands-sim results store")
    assert "Move it aside" in message and "--store" in message
    assert path.read_bytes() == content


def test_a_directory_in_the_way_is_a_store_error_naming_it(tmp_path: Path) -> None:
    with pytest.raises(StoreError) as refused:
        open_store(tmp_path)
    assert str(refused.value).startswith(f"{tmp_path}: cannot be opened")
