"""The results store: an embedded SQLite file with one row per finished run.

Every chunk of runs is committed as it finishes, so Ctrl-C or a killed process keeps all the runs
already done; ``--resume`` finds the batch by its key (scenario content, seed, options, versions)
and runs only what is missing. The report is always computed from the stored rows in run order,
so a resumed batch reports exactly what an uninterrupted one would.

Each batch notes the format of its run rows (:data:`~mands_sim.batch.records.RECORD_FORMAT`). A
file written by an older mands-sim opens as it is (its ``batches`` table gains the
``record_format`` column, empty for its batches: format 1) and its runs read back with what they
hold; resuming such a batch would mix rows that lack the newer counts with rows that have them,
so it is refused with :class:`StoreFormatError`, and its runs stay in the file.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from mands_sim.batch.records import RECORD_FORMAT, RunRecord
from mands_sim.errors import MandsSimError

FIRST_FORMAT = 1
"""The record format of a batch stored before batches noted theirs."""

SCHEMA = """
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
    record_format INTEGER
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
    PRIMARY KEY (batch, idx)
);
"""


def default_store_path() -> Path:
    """``$MANDS_SIM_CACHE_DIR`` or the user cache directory (``$XDG_CACHE_HOME`` or
    ``~/.cache``), ``mands-sim/results.sqlite``."""
    override = os.environ.get("MANDS_SIM_CACHE_DIR")
    if override:
        return Path(override) / "results.sqlite"
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "mands-sim" / "results.sqlite"


class StoreFormatError(MandsSimError):
    """A stored batch whose run rows are in another format than this mands-sim writes."""


@dataclass(frozen=True, slots=True)
class BatchInfo:
    """A stored batch's metadata."""

    id: int
    key: str
    scenario: str
    scenario_hash: str
    seed: int
    options: dict[str, Any]
    versions: dict[str, str]
    created: str
    final_runs: int | None
    record_format: int = RECORD_FORMAT


class ResultStore:
    """One SQLite results file. Use as a context manager, or call :meth:`close`."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path)
        self._db.execute("PRAGMA foreign_keys = ON")
        self._db.execute("PRAGMA journal_mode = WAL")
        self._db.executescript(SCHEMA)
        self._note_formats()

    def _note_formats(self) -> None:
        """A file from before ``record_format``: add the column (its batches are format 1)."""
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(batches)")}
        if "record_format" in columns:
            return
        try:
            with self._db:
                self._db.execute("ALTER TABLE batches ADD COLUMN record_format INTEGER")
        except sqlite3.OperationalError as error:  # another process added it meanwhile
            if "duplicate column" not in str(error):
                raise

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._db.close()

    def find(self, key: str) -> BatchInfo | None:
        row = self._db.execute(
            "SELECT id, key, scenario, scenario_hash, seed, options, versions, created,"
            " final_runs, record_format FROM batches WHERE key = ?",
            (key,),
        ).fetchone()
        if row is None:
            return None
        batch_id, key, scenario, scenario_hash, seed, options, versions, created, final, fmt = row
        return BatchInfo(
            id=batch_id,
            key=key,
            scenario=scenario,
            scenario_hash=scenario_hash,
            seed=seed,
            options=json.loads(options),
            versions=json.loads(versions),
            created=created,
            final_runs=final,
            record_format=FIRST_FORMAT if fmt is None else fmt,
        )

    def begin(
        self,
        key: str,
        *,
        scenario: str,
        scenario_hash: str,
        seed: int,
        options: dict[str, Any],
        versions: dict[str, str],
        resume: bool,
    ) -> BatchInfo:
        """The batch with ``key``: kept if ``resume``, otherwise started afresh.

        Raises:
            StoreFormatError: ``resume`` of a batch whose stored runs are in another record
                format (its runs are left as they are).
        """
        existing = self.find(key)
        if existing is not None and resume:
            self._check_format(existing)
            return existing
        with self._db:
            self._db.execute("DELETE FROM batches WHERE key = ?", (key,))
            self._db.execute(
                "INSERT INTO batches (key, scenario, scenario_hash, seed, options, versions,"
                " created, record_format) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    key,
                    scenario,
                    scenario_hash,
                    seed,
                    json.dumps(options, sort_keys=True),
                    json.dumps(versions, sort_keys=True),
                    datetime.now(UTC).isoformat(timespec="seconds"),
                    RECORD_FORMAT,
                ),
            )
        info = self.find(key)
        assert info is not None
        return info

    def _check_format(self, batch: BatchInfo) -> None:
        if batch.record_format == RECORD_FORMAT:
            return
        stored = len(self.done(batch.id))
        if not stored:
            with self._db:
                self._db.execute(
                    "UPDATE batches SET record_format = ? WHERE id = ?", (RECORD_FORMAT, batch.id)
                )
            return
        raise StoreFormatError(
            f"{self.path}: the batch of {batch.scenario} (seed {batch.seed}) was stored by "
            f"another mands-sim (run records in format {batch.record_format}; this one writes "
            f"format {RECORD_FORMAT}), so its {stored} runs cannot be resumed: their rows lack "
            "counts this version reports. They are kept. Run again without --resume to play the "
            f"batch afresh (mands-sim run {batch.scenario} --seed {batch.seed} with the same "
            "options; this replaces them), or give --store another file."
        )

    def add(self, batch: int, records: Iterable[RunRecord]) -> None:
        """Store finished runs in one transaction (a chunk is kept whole or not at all)."""
        rows = [
            (batch, r.index, r.seed, r.winner, r.reason, r.segments, r.characters_json(), r.error)
            for r in records
        ]
        with self._db:
            self._db.executemany("INSERT OR REPLACE INTO runs VALUES (?,?,?,?,?,?,?,?)", rows)

    def finish(self, batch: int, final_runs: int) -> None:
        with self._db:
            self._db.execute("UPDATE batches SET final_runs = ? WHERE id = ?", (final_runs, batch))

    def done(self, batch: int) -> set[int]:
        """The indices of the runs already stored."""
        return {
            row[0] for row in self._db.execute("SELECT idx FROM runs WHERE batch = ?", (batch,))
        }

    def records(self, batch: int, below: int | None = None, start: int = 0) -> Iterator[RunRecord]:
        """The stored runs in index order, from ``start`` up to (not including) ``below``."""
        limit = below if below is not None else 2**62
        cursor = self._db.execute(
            "SELECT idx, seed, winner, reason, segments, characters, error FROM runs"
            " WHERE batch = ? AND idx >= ? AND idx < ? ORDER BY idx",
            (batch, start, limit),
        )
        for row in cursor:
            yield RunRecord.from_row(row)
