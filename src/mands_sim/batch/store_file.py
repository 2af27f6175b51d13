"""The results store's file: opened only if it is a mands-sim store, its SQLite errors told as
one clear error naming the file and what to do.

A store file is an SQLite database marked with mands-sim's ``application_id``
(:data:`APPLICATION_ID`). Opening a path:

* no file, or an empty one: a new store is made there (tables, the mark);
* a file with the mark: a mands-sim store;
* an SQLite file without the mark whose tables are a store's (``batches``, ``runs``): a store
  an older mands-sim wrote; it is marked and used;
* anything else — another program's database, a file that is not a database, a damaged one —
  is refused with :class:`~mands_sim.errors.StoreUnreadable`, and the file is left untouched.

The store is written ahead (``journal_mode = WAL``) with ``synchronous = NORMAL``: a commit is
not waited onto the disk, so a process that stops, however it stops, keeps every committed
chunk, and only a crash of the machine itself may lose the last few (SQLite's own documented
guarantee for that pair; the file is never damaged by it). The runs lost so are played again
when the batch is resumed. On a file system where SQLite cannot write ahead, it keeps its
journal and the default ``synchronous = FULL``.

Every later SQLite error (a page damaged after opening, a full disk, a read-only file, a lock
held too long) is turned into a :class:`~mands_sim.errors.StoreError` naming the file
(:func:`translated`), never a traceback.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final

from mands_sim.errors import StoreError, StoreUnreadable

APPLICATION_ID: Final = 0x4D615353
"""SQLite's ``application_id`` of a mands-sim results store ("MaSS")."""

BUSY_SECONDS: Final = 60.0
"""How long a write waits for another process's write to the same file to finish."""

SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS batches (
    id INTEGER PRIMARY KEY,
    key TEXT UNIQUE NOT NULL,
    scenario TEXT NOT NULL,
    scenario_hash TEXT NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    versions TEXT NOT NULL,
    created TEXT NOT NULL,
    final_runs INTEGER,
    record_format INTEGER,
    played_scenario TEXT
);
CREATE TABLE IF NOT EXISTS runs (
    batch INTEGER NOT NULL REFERENCES batches(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    winner TEXT,
    reason TEXT NOT NULL,
    segments INTEGER NOT NULL,
    characters TEXT NOT NULL,
    error TEXT,
    failure TEXT,
    digest TEXT,
    PRIMARY KEY (batch, idx)
);
"""

STORE_TABLES: Final = frozenset({"batches", "runs"})

FIRST_COLUMNS: Final = {
    "batches": frozenset(
        {"id", "key", "scenario", "scenario_hash", "seed", "options", "versions", "created"}
    ),
    "runs": frozenset(
        {"batch", "idx", "seed", "winner", "reason", "segments", "characters", "error"}
    ),
}
"""The columns of the first stores mands-sim wrote, which an older store must have."""

ADDED_COLUMNS: Final = (
    ("batches", "record_format", "INTEGER"),
    ("batches", "played_scenario", "TEXT"),
    ("runs", "failure", "TEXT"),
    ("runs", "digest", "TEXT"),
)
"""Columns later versions added to an older store's tables, when it is opened."""

MOVE_ASIDE: Final = (
    "Move it aside (or delete it) and mands-sim starts an empty store there, or give --store "
    "another file."
)


def open_store(path: Path) -> sqlite3.Connection:
    """A connection to the store at ``path``, made there if nothing is (module docstring).

    Raises:
        StoreUnreadable: the file is not a mands-sim store, or is damaged.
        StoreError: it cannot be opened or written (permissions, a directory in the way).
    """
    with translated(path):
        path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(path, timeout=BUSY_SECONDS)
        try:
            _identify(db, path)
            db.execute("PRAGMA foreign_keys = ON")
            mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() == "wal":  # NORMAL is safe written ahead, not in a journal
                db.execute("PRAGMA synchronous = NORMAL")
            _add_columns(db)
        except BaseException:
            db.close()
            raise
    return db


def _identify(db: sqlite3.Connection, path: Path) -> None:
    """Make a new store, adopt an older one, or refuse another program's file."""
    mark = db.execute("PRAGMA application_id").fetchone()[0]
    if mark == APPLICATION_ID:
        return
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if mark == 0 and (not tables or _older_store(db, tables)):
        # One transaction: another process opening the file meanwhile sees all of it or none.
        db.executescript(
            f"BEGIN IMMEDIATE; {SCHEMA} PRAGMA application_id = {APPLICATION_ID}; COMMIT;"
        )
        return
    listed = ", ".join(sorted(tables)) or "none"
    raise StoreUnreadable(
        path,
        "not a mands-sim results store: another program's SQLite file (application id "
        f"{mark}, tables: {listed}). mands-sim leaves it as it is; give --store a file of its "
        "own.",
    )


def _older_store(db: sqlite3.Connection, tables: set[str]) -> bool:
    """Whether ``tables`` are those of a store an older mands-sim wrote (before the mark)."""
    if not tables >= STORE_TABLES:
        return False
    for table, needed in FIRST_COLUMNS.items():
        columns = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        if not needed <= columns:
            return False
    return True


def _add_columns(db: sqlite3.Connection) -> None:
    """An older store's tables gain the columns added since (empty in its rows)."""
    for table, column, kind in ADDED_COLUMNS:
        columns = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        if column in columns:
            continue
        try:
            with db:
                db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
        except sqlite3.OperationalError as error:  # another process added it meanwhile
            if "duplicate column" not in str(error):
                raise


@contextmanager
def translated(path: Path) -> Iterator[None]:
    """SQLite's and the file system's errors within, as :class:`StoreError` naming ``path``."""
    try:
        yield
    except sqlite3.DatabaseError as error:
        raise _store_error(path, error) from error
    except OSError as error:
        raise StoreError(path, f"cannot be opened ({error.strerror or error}).") from error


def _store_error(path: Path, error: sqlite3.DatabaseError) -> StoreError:
    said = str(error)
    if "locked" in said or "busy" in said:
        return StoreError(
            path,
            f"another process kept the store busy for over {BUSY_SECONDS:g} s; try again, or "
            "give --store another file.",
        )
    if "readonly" in said or "read-only" in said:
        return StoreError(path, "cannot be written (read-only); give --store another file.")
    if "unable to open" in said:
        return StoreError(path, f"cannot be opened as a file ({said}); give --store a file.")
    if "disk is full" in said or "disk I/O" in said:
        return StoreError(path, f"cannot be written ({said}).")
    return StoreUnreadable(
        path,
        f"damaged, or not a mands-sim results store (SQLite says: {said}); its runs cannot be "
        f"read. {MOVE_ASIDE}",
    )
