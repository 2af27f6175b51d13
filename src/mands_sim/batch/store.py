"""The results store: an embedded SQLite file with one row per finished run.

Every chunk of runs is committed as it finishes, so Ctrl-C or a killed process keeps all the runs
already done. A batch is found by its key (scenario content, seed, options, versions): playing
it again continues it where it stopped, or, if it is finished, reports the stored runs without
playing them again (they would come out the same); it is replaced only when asked
(``fresh``: ``--fresh``). The report is always computed from the stored rows in run order, so a
resumed batch reports exactly what an uninterrupted one would.

The file is opened only if it is a mands-sim store (:mod:`mands_sim.batch.store_file`), and
every row read back is checked first (:mod:`mands_sim.batch.rows`): a row that fails is refused
with :class:`~mands_sim.errors.StoredRunInvalid`, never aggregated. One process at a time plays
a batch (:mod:`mands_sim.batch.locks`).

Each batch notes the format of its run rows (:data:`~mands_sim.batch.records.RECORD_FORMAT`). A
file written by an older mands-sim opens as it is (its ``batches`` table gains the
``record_format`` column, empty for its batches: format 1) and its runs read back with what they
hold; resuming such a batch would mix rows that lack the newer counts with rows that have them,
so it is refused with :class:`StoreFormatError`, and its runs stay in the file.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from mands_sim.batch.records import RECORD_FORMAT, RunRecord
from mands_sim.batch.rows import row_digest, row_problem
from mands_sim.batch.store_file import open_store, translated
from mands_sim.errors import StoredRunInvalid, StoreFormatError

__all__ = [
    "FIRST_FORMAT",
    "BatchInfo",
    "ResultStore",
    "StoredBatch",
    "default_store_path",
]

FIRST_FORMAT = 1
"""The record format of a batch stored before batches noted theirs."""

RUN_COLUMNS = "idx, seed, winner, reason, segments, characters, error, failure, digest"

INSERT_RUN = f"INSERT OR REPLACE INTO runs (batch, {RUN_COLUMNS}) VALUES ({', '.join('?' * 10)})"

BATCH_COLUMNS = (
    "id, key, scenario, scenario_hash, seed, options, versions, created, final_runs, record_format"
)


def default_store_path() -> Path:
    """``$MANDS_SIM_CACHE_DIR`` or the user cache directory (``$XDG_CACHE_HOME`` or
    ``~/.cache``), ``mands-sim/results.sqlite``."""
    override = os.environ.get("MANDS_SIM_CACHE_DIR")
    if override:
        return Path(override) / "results.sqlite"
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "mands-sim" / "results.sqlite"


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

    def described(self) -> str:
        """``"batch 3 (scenarios/grunts.toml, seed 0)"``: how messages name it."""
        return f"batch {self.id} ({self.scenario}, seed {self.seed})"


@dataclass(frozen=True, slots=True)
class StoredBatch:
    """A batch as ``mands-sim store list`` shows it: its metadata, how many runs are kept
    (``errors`` of them errored) and about how many bytes their rows take."""

    info: BatchInfo
    runs: int
    errors: int
    size: int


class ResultStore:
    """One SQLite results file. Use as a context manager, or call :meth:`close`.

    Raises (on opening, and any method):
        StoreUnreadable: the file is not a mands-sim store, or is damaged.
        StoreError: it cannot be opened, read or written (its message says why).
    """

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._db = open_store(self.path)
        self._seeds: dict[int, int] = {}

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._db.close()

    def find(self, key: str) -> BatchInfo | None:
        with translated(self.path):
            row = self._db.execute(
                f"SELECT {BATCH_COLUMNS} FROM batches WHERE key = ?", (key,)
            ).fetchone()
        return None if row is None else self._batch(row)

    def played_scenario(self, batch: int) -> str | None:
        """The scenario batch ``batch`` played, as TOML with its overrides applied (``None``
        for a batch stored before mands-sim kept it)."""
        with translated(self.path):
            row = self._db.execute(
                "SELECT played_scenario FROM batches WHERE id = ?", (batch,)
            ).fetchone()
        return None if row is None or row[0] is None else str(row[0])

    def batch(self, batch: int) -> BatchInfo | None:
        """The batch with id ``batch``, if stored."""
        with translated(self.path):
            row = self._db.execute(
                f"SELECT {BATCH_COLUMNS} FROM batches WHERE id = ?", (batch,)
            ).fetchone()
        return None if row is None else self._batch(row)

    def _batch(self, row: tuple[Any, ...]) -> BatchInfo:
        batch_id, key, scenario, scenario_hash, seed, options, versions, created, final, fmt = row
        try:
            info = BatchInfo(
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
        except (TypeError, ValueError) as error:
            problem = _changed(f"batch {batch_id}", str(error), batch_id)
            raise StoredRunInvalid(self.path, problem) from None
        self._seeds[info.id] = info.seed
        return info

    def begin(
        self,
        key: str,
        *,
        scenario: str,
        scenario_hash: str,
        seed: int,
        options: dict[str, Any],
        versions: dict[str, str],
        fresh: bool = False,
        played: str | None = None,
    ) -> BatchInfo:
        """The batch with ``key``: kept as stored (to continue or report it), or, if ``fresh``
        or not stored yet, started afresh, with ``played``, the scenario as played (TOML, its
        overrides applied: :meth:`played_scenario`). The caller holds the batch's lock
        (:func:`mands_sim.batch.locks.take`).

        Raises:
            StoreFormatError: a stored batch whose runs are in another record format, unless
                ``fresh`` (its runs are left as they are).
        """
        existing = self.find(key)
        if existing is not None and not fresh:
            self._check_format(existing)
            return existing
        row = (key, scenario, scenario_hash, seed, json.dumps(options, sort_keys=True))
        created = datetime.now(UTC).isoformat(timespec="seconds")
        with translated(self.path), self._db:
            self._db.execute("DELETE FROM batches WHERE key = ?", (key,))
            self._db.execute(
                "INSERT INTO batches (key, scenario, scenario_hash, seed, options, versions,"
                " created, record_format, played_scenario) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (*row, json.dumps(versions, sort_keys=True), created, RECORD_FORMAT, played),
            )
        info = self.find(key)
        assert info is not None
        return info

    def _check_format(self, batch: BatchInfo) -> None:
        if batch.record_format == RECORD_FORMAT:
            return
        stored = len(self.done(batch.id))
        if not stored:
            with translated(self.path), self._db:
                self._db.execute(
                    "UPDATE batches SET record_format = ? WHERE id = ?", (RECORD_FORMAT, batch.id)
                )
            return
        raise StoreFormatError(
            self.path,
            f"the batch of {batch.scenario} (seed {batch.seed}) was stored by another mands-sim "
            f"(run records in format {batch.record_format}; this one writes format "
            f"{RECORD_FORMAT}), so its {stored} runs cannot be resumed: their rows lack counts "
            "this version reports. They are kept. Run again with --fresh to play the batch "
            f"afresh (mands-sim run {batch.scenario} --seed {batch.seed} with the same options "
            "and --fresh; this replaces them), or give --store another file.",
        )

    def add(self, batch: int, records: Iterable[RunRecord]) -> None:
        """Store finished runs in one transaction (a chunk is kept whole or not at all)."""
        self.add_rows(batch, [r.row() for r in records])

    def add_rows(self, batch: int, rows: Iterable[tuple[Any, ...]]) -> None:
        """:meth:`add` for runs already made rows (:meth:`RunRecord.row`, as a worker sends
        them)."""
        stored = [(batch, *row, row_digest(batch, row)) for row in rows]
        with translated(self.path), self._db:
            self._db.executemany(INSERT_RUN, stored)

    def finish(self, batch: int, final_runs: int) -> None:
        with translated(self.path), self._db:
            self._db.execute("UPDATE batches SET final_runs = ? WHERE id = ?", (final_runs, batch))

    def done(self, batch: int) -> set[int]:
        """The indices of the runs already stored."""
        with translated(self.path):
            rows = self._db.execute("SELECT idx FROM runs WHERE batch = ?", (batch,)).fetchall()
        return {row[0] for row in rows}

    def records(self, batch: int, below: int | None = None, start: int = 0) -> Iterator[RunRecord]:
        """The stored runs in index order, from ``start`` up to (not including) ``below``.

        Raises:
            StoredRunInvalid: a row fails its checks (:mod:`mands_sim.batch.rows`).
        """
        master = self._master(batch)
        limit = below if below is not None else 2**62
        with translated(self.path):
            cursor = self._db.execute(
                f"SELECT {RUN_COLUMNS} FROM runs WHERE batch = ? AND idx >= ? AND idx < ?"
                " ORDER BY idx",
                (batch, start, limit),
            )
            for row in cursor:
                yield self._record(batch, master, row)

    def _record(self, batch: int, master: int, stored: tuple[Any, ...]) -> RunRecord:
        *row, digest = stored
        problem = row_problem(tuple(row), master, batch, digest)
        if problem is not None:
            what = f"run {row[0]!r} of batch {batch}"
            raise StoredRunInvalid(self.path, _changed(what, problem, batch))
        return RunRecord.from_row(tuple(row))

    def _master(self, batch: int) -> int:
        if batch not in self._seeds and self.batch(batch) is None:
            raise StoredRunInvalid(self.path, f"batch {batch} is not in the store")
        return self._seeds[batch]

    def failed(self, batch: int, limit: int) -> list[RunRecord]:
        """The first ``limit`` errored runs of ``batch``, in index order."""
        master = self._master(batch)
        with translated(self.path):
            rows = self._db.execute(
                f"SELECT {RUN_COLUMNS} FROM runs WHERE batch = ? AND error IS NOT NULL"
                " ORDER BY idx LIMIT ?",
                (batch, limit),
            ).fetchall()
        return [self._record(batch, master, row) for row in rows]

    def batches(self) -> list[StoredBatch]:
        """Every stored batch, oldest first, with its runs counted."""
        with translated(self.path):
            rows = self._db.execute(
                "SELECT id, COUNT(idx), COUNT(error), TOTAL(LENGTH(characters)"
                " + IFNULL(LENGTH(error), 0) + IFNULL(LENGTH(failure), 0) + 40)"
                " FROM batches LEFT JOIN runs ON runs.batch = batches.id GROUP BY id ORDER BY id"
            ).fetchall()
        listed = []
        for batch_id, runs, errors, size in rows:
            info = self.batch(batch_id)
            assert info is not None
            listed.append(StoredBatch(info, runs, errors, int(size)))
        return listed

    def remove(self, batches: Iterable[int]) -> None:
        """Delete ``batches`` and their runs, then give the space back to the file system."""
        with translated(self.path), self._db:
            self._db.executemany("DELETE FROM batches WHERE id = ?", [(b,) for b in batches])
        with contextlib.suppress(sqlite3.OperationalError):  # another process reads: reused
            self._db.execute("VACUUM")


def _changed(what: str, problem: str, batch: int) -> str:
    return (
        f"{what} is not a valid record ({problem}): the file was changed outside mands-sim, "
        "and the batch is refused rather than reported wrong. Play the batch again with "
        f"--fresh (this replaces its runs), or remove it: mands-sim store prune --batch {batch}."
    )
