"""Running a batch: many seeds of one scenario, in worker processes, into the results store.

Runs are numbered from 0; run ``i`` uses :func:`~mands_sim.batch.seeds.run_seed` ``(seed, i)``
and is cut into fixed chunks, so which process runs it never matters: ``--jobs 1`` and
``--jobs 8`` store the same rows. Whoever plays a chunk also tallies it (:class:`PlayedChunk`),
and finished chunks are committed at once. The report folds the runs in index order at fixed
checkpoints (every :data:`CHECKPOINT` runs), each as the store reads it back: by merging the
tallies of the chunks that make up the checkpoint, or else run by run from the rows just
written, or from the store for runs an earlier execution stored:
``--target-error`` decides to stop at a checkpoint from the runs below it only, so the stopping
point is the same for any number of processes, and a resumed batch stops where an uninterrupted
one would.

Playing a batch that is stored already continues it (or, if it is finished, reports it) and
never plays a stored run again; ``fresh`` replaces it. One process at a time plays a batch: a
second one is refused (:mod:`mands_sim.batch.locks`). Each run has a wall-clock budget
(``run_timeout``, :mod:`mands_sim.batch.budget`); a run that raises or goes over it is stored
as an error with its :class:`~mands_sim.batch.failures.Failure`, and the batch goes on. Ctrl-C
stops the batch, keeping every finished chunk; a ``KeyboardInterrupt`` or ``SystemExit`` that
a plugin raises is that plugin's error instead (:mod:`mands_sim.interrupts`).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib
import json
import math
import os
import shlex
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from mands_sim import interrupts
from mands_sim.batch import budget, locks
from mands_sim.batch.aggregate import Aggregate, Part, tally
from mands_sim.batch.budget import DEFAULT_RUN_TIMEOUT
from mands_sim.batch.executors import (
    EXECUTORS,
    ExecutorError,
    ScenarioContent,
    check_versions,
    code_fingerprint,
    dask_client,
    plugin_versions,
    prepared_here,
    simulation_versions,
    this_worker,
    worker_versions,
)
from mands_sim.batch.records import COUNTED, RunRecord
from mands_sim.batch.seeds import run_seed
from mands_sim.batch.store import BatchInfo, ResultStore, default_store_path
from mands_sim.defaults import CoreDefaults
from mands_sim.errors import MandsSimError
from mands_sim.plugins import disabled_from_environment
from mands_sim.registry import Registries
from mands_sim.scenario import (
    Override,
    ScenarioSpec,
    as_arguments,
    described,
    load_scenario,
    scenario_content,
    scenario_data,
)
from mands_sim.simulation import Simulation

CHECKPOINT = 100
"""Runs between two looks at the running totals (``--target-error`` stops only there)."""

CHUNK = 25
"""Runs a worker plays per task."""

WORKER_LOST = "worker lost"
"""Why a batch stopped when a worker process died with no Ctrl-C (an error, not an interrupt)."""

DASK_PATIENCE = 60.0
"""Seconds a batch on Dask waits for a chunk before it asks whether the cluster has workers."""

DEFAULT_RUNS = 1000
"""Runs of a batch that names neither ``runs`` nor ``target_error``."""


@dataclass(frozen=True, slots=True)
class BatchOptions:
    """How to run a batch.

    Attributes:
        runs: a fixed number of runs (default :data:`DEFAULT_RUNS` unless ``target_error``).
        target_error: stop once the 95 % interval half-width of every headline rate (each
            side's win rate, the timeout rate) is at most this, after ``min_runs``.
        min_runs, max_runs: bounds for ``target_error`` batches.
        seed: the master seed.
        jobs: worker processes (``None``: every core; 1: run in this process).
        without: plugins to disable (what-if comparisons).
        run_timeout: each run's wall-clock budget in seconds (:mod:`mands_sim.batch.budget`;
            ``None`` or 0: none). Like ``jobs``, it is how to play the batch, not what the
            batch is: a run stored as over it stays so when the batch is resumed.
        overrides: values of the scenario changed for this batch (``--set``,
            ``--without-character``: :class:`~mands_sim.scenario.Override`), recorded with the
            batch in the store.
        executor: where the chunks are played: ``local`` (a process pool here, ``jobs``
            processes) or ``dask`` (the workers of the Dask cluster at ``scheduler``, or of the
            ``client`` given to :func:`run_batch`; :mod:`mands_sim.batch.executors`). Like
            ``jobs``, not part of what the batch is: a batch begun on one finishes on the other.
        scheduler: the Dask scheduler's address (``tcp://host:8786``), with ``executor="dask"``.
    """

    runs: int | None = None
    target_error: float | None = None
    min_runs: int = 200
    max_runs: int = 100_000
    seed: int = 0
    jobs: int | None = None
    without: tuple[str, ...] = ()
    run_timeout: float | None = DEFAULT_RUN_TIMEOUT
    overrides: tuple[Override, ...] = ()
    executor: str = "local"
    scheduler: str | None = None

    def __post_init__(self) -> None:
        if self.executor not in EXECUTORS:
            raise ValueError(f"executor must be one of {', '.join(EXECUTORS)}")
        if self.runs is not None and self.target_error is not None:
            raise ValueError("give either runs or target_error, not both")
        if self.runs is not None and self.runs < 1:
            raise ValueError("runs must be at least 1")
        if self.target_error is not None and not 0 < self.target_error < 0.5:
            raise ValueError("target_error must be between 0 and 0.5")
        if self.run_timeout is not None and not 0 <= self.run_timeout < float("inf"):
            raise ValueError("run_timeout must be a finite number of seconds, 0 or more")

    @property
    def planned(self) -> int:
        """The most runs this batch can make."""
        if self.target_error is not None:
            return self.max_runs
        return self.runs if self.runs is not None else DEFAULT_RUNS

    def identity(self) -> dict[str, Any]:
        """What makes two batches the same batch (``jobs``, ``run_timeout`` and where the runs
        are played do not)."""
        mine = asdict(self)
        for how in ("jobs", "run_timeout", "executor", "scheduler"):
            del mine[how]
        mine["without"] = sorted(self.without)
        mine["overrides"] = described(self.overrides)
        if not self.overrides:
            del mine["overrides"]  # the identity of every batch stored before overrides
        return mine


def replay_command(scenario: str, seed: int, options: Mapping[str, Any]) -> str:
    """The command that replays the run of ``seed`` of a batch of ``scenario`` played with
    ``options`` (:meth:`BatchOptions.identity`, as the store keeps it): without its plugins,
    with its ``--set`` values and without its characters."""
    parts = ["mands-sim", "replay", scenario, "--seed", str(seed)]
    for name in options.get("without", ()):
        parts += ["--disable", name]
    for flag, value in as_arguments(options.get("overrides", ())):
        parts += [flag, value]
    return shlex.join(parts)


class Progress:
    """What the runner tells about its progress; the command line shows a bar."""

    def start(self, total: int, done: int) -> None:
        """``total`` runs at most, ``done`` of them already stored."""

    def advance(self, runs: int) -> None:
        """``runs`` more runs finished."""

    def estimate(self, total: int) -> None:
        """The batch is now expected to need ``total`` runs in all (with a target error: from
        the headline intervals at each checkpoint, :func:`runs_needed`; at the end, the runs
        it took)."""

    def stop(self) -> None:
        """The batch is over (finished or interrupted)."""


@dataclass
class BatchResult:
    """A finished (or interrupted) batch: the aggregate numbers and where the rows are kept."""

    scenario: ScenarioSpec
    options: BatchOptions
    batch: BatchInfo
    store_path: Path
    aggregate: Aggregate
    runs: int
    stopped: str
    """``"runs"`` (the planned count), ``"target error"``, ``"max runs"`` or ``"interrupted"``."""
    plugin_versions: dict[str, str] = field(default_factory=dict)
    reused: int = 0
    """Runs of the batch already stored before this play (none played again)."""
    registries: Registries = field(default_factory=Registries)
    """What the batch's plugins registered: the report reads their metrics and sections."""

    @property
    def interrupted(self) -> bool:
        return self.stopped == "interrupted"

    @property
    def errors(self) -> int:
        return sum(self.aggregate.errors.values())

    def records(self) -> Iterator[RunRecord]:
        """The batch's runs in index order, read back from the store: those the report covers,
        or, for an interrupted batch, every run kept so far."""
        below = None if self.interrupted else self.runs
        with ResultStore(self.store_path) as store:
            yield from store.records(self.batch.id, below=below)

    def to_dataframe(self) -> Any:
        """The per-run records as a pandas DataFrame (one row per character per run).

        Needs pandas (``pip install 'mands-sim[pandas]'``)."""
        try:
            pd = importlib.import_module("pandas")
        except ImportError as error:  # pragma: no cover - depends on the environment
            raise MandsSimError(
                "to_dataframe needs pandas: pip install 'mands-sim[pandas]'"
            ) from error
        records = list(self.records())
        metrics = sorted({name for r in records for c in r.characters for name, _ in c.metrics})
        rows = [
            {
                "run": r.index,
                "seed": r.seed,
                "winner": r.winner,
                "reason": r.reason,
                "segments": r.segments,
                "error": r.error,
                **{f"character_{k}": v for k, v in _character_columns(c).items()},
                **_metric_columns(c, metrics),
            }
            for r in records
            for c in (r.characters or (None,))
        ]
        return pd.DataFrame(rows)


def _metric_columns(c: Any, metrics: list[str]) -> dict[str, int]:
    """``character_metric: <name>`` for every metric any run counted, 0 where it counted
    nothing (:mod:`mands_sim.metrics`)."""
    counted = {} if c is None else dict(c.metrics)
    return {f"character_metric: {name}": counted.get(name, 0) for name in metrics}


def _character_columns(c: Any) -> dict[str, Any]:
    if c is None:
        return {}
    return {
        "id": c.id,
        "side": c.side,
        "condition": c.condition,
        "vp_lost": c.vp_lost,
        "dp_lost": c.dp_lost,
        "ep_spent": c.ep_spent,
        "damage_dealt": c.damage_dealt,
        "damage_taken": c.damage_taken,
        "out_at": c.out_at,
        "injured": c.injured,
        **{name: getattr(c, name) for name in COUNTED},
    }


def run_batch(
    scenario: Path | str,
    options: BatchOptions = BatchOptions(),
    *,
    store: Path | str | None = None,
    resume: bool = True,
    fresh: bool = False,
    progress: Progress | None = None,
    extra_plugins: Mapping[str, object] | None = None,
    client: Any = None,
) -> BatchResult:
    """Play (or continue) a batch of ``scenario`` and return its aggregate.

    The Python face of ``mands-sim run``::

        from mands_sim.batch.runner import BatchOptions, run_batch
        result = run_batch("scenarios/seraph_vs_sphinx.toml", BatchOptions(runs=2000, seed=1))
        result.aggregate.win_rate("heroes")      # Interval(estimate, low, high)
        result.to_dataframe()                    # with pandas installed

    ``extra_plugins`` (picklable plugin objects) join every run, as ``Simulation`` takes them.
    ``client`` (a ``distributed.Client``) plays the chunks on its Dask cluster, as
    ``options.executor = "dask"`` does with ``options.scheduler`` (``docs/scaling.md``).

    A batch already stored is continued (``resume`` is always so; the argument is kept for
    older callers), or replaced if ``fresh``.

    Raises:
        BatchInPlay: another process is playing this batch on this store.
        StoreError: the store cannot be used (its message names the file and what to do).
    """
    path = Path(scenario)
    with _connected(options, client) as cluster:
        spec = load_scenario(path, options.overrides)
        simulation = Simulation(spec, disabled=options.without, extra_plugins=extra_plugins or {})
        versions = plugin_versions(simulation)
        store_path = Path(store) if store is not None else default_store_path()
        key = _batch_key(spec, options, versions, code_fingerprint(simulation))
        pools = _Pools(path, options, extra_plugins or {}, versions, cluster)
        pools.check()  # a cluster that cannot play the batch: said before it is stored
        with ResultStore(store_path) as results:
            described = f"the batch of {path} (seed {options.seed})"
            with locks.take(store_path, key, described):
                info = results.begin(
                    key,
                    scenario=str(path),
                    scenario_hash=spec.content_hash,
                    seed=options.seed,
                    options=options.identity(),
                    versions=versions,
                    fresh=fresh,
                    played=tomli_w.dumps(scenario_data(path, options.overrides)),
                )
                run = _Run(spec, options, results, info, progress or Progress())
                reused = len(run.done)
                stopped = run.execute(pools.open, simulation)
    if stopped == WORKER_LOST:
        raise ExecutorError(
            f"a worker process ended before its runs were played (killed, out of memory, or "
            f"it could not start); the {run.aggregate.runs} runs finished are kept in "
            f"{store_path}: the same command goes on from them"
        )
    runs = run.aggregate.runs if stopped == "interrupted" else run.reported
    return BatchResult(
        spec,
        options,
        info,
        store_path,
        run.aggregate,
        runs,
        stopped,
        versions,
        reused,
        simulation.prepare().registries,
    )


@contextlib.contextmanager
def _connected(options: BatchOptions, client: Any) -> Iterator[Any]:
    """The Dask client the batch plays on (``None``: the local pool): ``client``, or one
    connected to ``options.scheduler`` for the batch and closed after it. A scheduler out of
    reach is an error before anything is stored."""
    if options.scheduler and options.executor != "dask":
        raise ExecutorError("--scheduler is for --executor dask (docs/scaling.md)")
    if client is not None or options.executor != "dask":
        yield client
        return
    if not options.scheduler:
        raise ExecutorError("--executor dask needs --scheduler ADDRESS (docs/scaling.md)")
    connected = dask_client(options.scheduler)
    try:
        yield connected
    finally:
        connected.close()


def _batch_key(
    spec: ScenarioSpec, options: BatchOptions, versions: dict[str, str], code: str
) -> str:
    """The batch's identity in the store: its scenario, options, versions and code (a plugin
    edited in place keeps its version, :func:`code_fingerprint`)."""
    identity = {
        "scenario": spec.content_hash,
        "options": options.identity(),
        "versions": versions,
        "code": code,
    }
    return hashlib.sha256(json.dumps(identity, sort_keys=True).encode()).hexdigest()


class _Run:
    """One execution of a batch: schedules the missing chunks, stores them, checks progress."""

    def __init__(
        self,
        spec: ScenarioSpec,
        options: BatchOptions,
        store: ResultStore,
        info: BatchInfo,
        progress: Progress,
    ) -> None:
        self.options = options
        self.store = store
        self.info = info
        self.progress = progress
        self.spec = spec
        self.aggregate = self._new_aggregate()
        self.done = store.done(info.id)
        self.written: dict[int, tuple[Any, ...]] = {}
        """The rows this execution stored and has not folded yet, by run index: a checkpoint
        folds them as the store would read them back, without reading it."""
        self.parts: dict[int, tuple[range, Part]] = {}
        """The tallies of the chunks this execution played and has not folded yet, by their
        first run: a checkpoint that whole chunks make up merges them instead."""
        self.reported = 0
        """Runs below this index are in :attr:`aggregate`."""

    def _new_aggregate(self) -> Aggregate:
        return Aggregate(*_folding(self.spec))

    def execute(self, make_executor: Callable[[], _Pool | None], simulation: Simulation) -> str:
        """Play what is missing; the aggregate then holds the report's runs (on an interrupt:
        every run stored, whatever the checkpoints)."""
        planned = self.options.planned
        try:
            done = len([i for i in self.done if i < planned])
            self.progress.start(self._first_estimate(planned), done)
            with interrupts.watching(), budget.timing():
                stopped = self._catch_up(planned) or self._play_missing(
                    planned, make_executor, simulation
                )
        except KeyboardInterrupt:
            stopped = "interrupted"
        except BrokenProcessPool:
            stopped = interrupts.broken_by_whom()
        finally:
            self.progress.stop()
        if stopped in ("interrupted", WORKER_LOST):
            self._fold_every_stored_run()
        else:
            self.store.finish(self.info.id, self.reported)
        return stopped

    def _first_estimate(self, planned: int) -> int:
        """What the bar counts up to before anything is known: the batch's runs, or with a
        target error its least runs (the intervals will tell how many more)."""
        if self.options.target_error is None:
            return planned
        return min(planned, _checkpoint_above(self.options.min_runs))

    def _play_missing(
        self,
        planned: int,
        make_executor: Callable[[], _Pool | None],
        simulation: Simulation,
    ) -> str:
        pool = make_executor()
        try:
            return self._play(planned, pool, simulation)
        finally:
            if pool is not None:
                pool.close()

    def _fold_every_stored_run(self) -> None:
        """After an interrupt: the aggregate afresh, of every run stored, in index order (the
        interrupt may have come in the middle of folding a checkpoint)."""
        self.aggregate = self._new_aggregate()
        for record in self.store.records(self.info.id):
            self.aggregate.add(record)

    def _catch_up(self, planned: int) -> str | None:
        """Fold in runs a previous (interrupted) execution stored; maybe it already stops."""
        return self._checkpoints(planned)

    def _play(self, planned: int, pool: _Pool | None, simulation: Simulation) -> str:
        chunks = self._missing_chunks(planned)
        timeout = self.options.run_timeout
        if pool is None:
            folding = _folding(self.spec)
            for chunk in chunks:
                self._store(played_chunk(simulation, folding, self.options.seed, chunk, timeout))
                stopped = self._checkpoints(planned)
                if stopped:
                    return stopped
            return self._checkpoints(planned) or "runs"
        pending: set[Future[PlayedChunk]] = set()
        source = iter(chunks)
        while True:
            for chunk in source:
                pending.add(pool.submit(self.options.seed, chunk, timeout))
                if len(pending) >= pool.window:
                    break
            if not pending:
                return self._checkpoints(planned) or "runs"
            finished, pending = wait(pending, pool.patience, return_when=FIRST_COMPLETED)
            if not finished:
                pool.check_alive()
                continue
            self._store_all(pool, finished)
            stopped = self._checkpoints(planned)
            if stopped:
                for future in pending:
                    future.cancel()
                return stopped

    def _store_all(self, pool: _Pool, finished: set[Future[PlayedChunk]]) -> None:
        """Store every chunk that finished, in index order; then raise the first error of a
        chunk that failed (the others are kept)."""
        played: list[PlayedChunk] = []
        failure: ExecutorError | None = None
        for future in finished:
            try:
                played.append(pool.result(future))
            except ExecutorError as error:
                failure = failure or error
        for chunk in sorted(played, key=lambda p: p.rows[0][0]):
            self._store(chunk)
        if failure is not None:
            raise failure

    def _missing_chunks(self, planned: int) -> list[list[int]]:
        missing = [i for i in range(planned) if i not in self.done]
        return [missing[i : i + CHUNK] for i in range(0, len(missing), CHUNK)]

    def _store(self, chunk: PlayedChunk) -> None:
        rows = chunk.rows
        self.store.add_rows(self.info.id, rows)
        for row in rows:
            self.written[row[0]] = row
        self.done.update(row[0] for row in rows)
        indices = [row[0] for row in rows]
        if indices == list(range(indices[0], indices[0] + len(indices))):
            self.parts[indices[0]] = range(indices[0], indices[0] + len(indices)), chunk.part
        self.progress.advance(len(rows))

    def _fold(self, start: int, end: int) -> None:
        """Fold runs ``start`` to ``end`` into the aggregate: by merging the tallies of the
        chunks that make them up, or else run by run (:meth:`_folded`)."""
        parts = self._tiling(start, end)
        if parts is None:
            for first in [first for first in self.parts if start <= first < end]:
                del self.parts[first]
            for record in self._folded(start, end):
                self.aggregate.add(record)
            return
        for runs, part in parts:
            del self.parts[runs.start]
            for i in runs:
                del self.written[i]
            self.aggregate.merge(part)

    def _tiling(self, start: int, end: int) -> list[tuple[range, Part]] | None:
        """The tallied chunks that make up runs ``start`` to ``end`` exactly, in order, if
        they do."""
        tiles = []
        while start < end:
            tile = self.parts.get(start)
            if tile is None or tile[0].stop > end:
                return None
            tiles.append(tile)
            start = tile[0].stop
        return tiles

    def _folded(self, start: int, end: int) -> Iterable[RunRecord]:
        """The runs ``start`` to ``end`` in index order, as the store reads them back: from the
        rows this execution wrote, or, when an earlier one stored some, from the store."""
        indices = range(start, end)
        if all(i in self.written for i in indices):
            return [RunRecord.from_row(self.written.pop(i)) for i in indices]
        for i in indices:
            self.written.pop(i, None)
        return self.store.records(self.info.id, below=end, start=start)

    def _checkpoints(self, planned: int) -> str | None:
        """Fold every complete checkpoint into the aggregate; say why to stop, if so."""
        while True:
            nxt = min(self.reported + CHECKPOINT, planned)
            if nxt <= self.reported or not all(i in self.done for i in range(self.reported, nxt)):
                return None
            self._fold(self.reported, nxt)
            self.reported = nxt
            stopped = self._should_stop(planned)
            if stopped:
                return stopped

    def _should_stop(self, planned: int) -> str | None:
        target = self.options.target_error
        if target is not None:
            widths = [r.half_width for r in self.aggregate.headline_rates().values()]
            enough = self.reported >= self.options.min_runs and self.aggregate.played
            if enough and max(widths) <= target:
                self.progress.estimate(self.reported)
                return "target error"
            needed = runs_needed(self.reported, max(widths, default=0.0), target)
            self.progress.estimate(min(planned, max(needed, self.options.min_runs)))
        if self.reported >= planned:
            return "max runs" if target is not None else "runs"
        return None


def runs_needed(runs: int, half_width: float, target: float) -> int:
    """The runs at which an interval ``half_width`` wide after ``runs`` runs would be
    ``target`` wide (a half-width shrinks as one over the square root of the runs), at the
    next checkpoint, and one checkpoint more than ``runs`` at least."""
    if runs <= 0 or half_width <= target:
        return _checkpoint_above(runs + 1)
    return _checkpoint_above(max(runs + 1, math.ceil(runs * (half_width / target) ** 2)))


def _checkpoint_above(runs: int) -> int:
    """``runs`` rounded up to a whole number of checkpoints."""
    return -(-runs // CHECKPOINT) * CHECKPOINT


def play_chunk(
    simulation: Simulation, master: int, indices: list[int], run_timeout: float | None = None
) -> list[RunRecord]:
    """Play runs ``indices``, each within ``run_timeout`` seconds (when SIGALRM is handled by
    the budget here: :func:`mands_sim.batch.budget.timing`). A run that raises, goes over its
    budget, or has a plugin raise ``SystemExit`` or ``KeyboardInterrupt``, is kept as an error
    with its :class:`~mands_sim.batch.failures.Failure`; the user's Ctrl-C stops the chunk."""
    return [play_run(simulation, master, index, run_timeout) for index in indices]


def play_run(
    simulation: Simulation, master: int, index: int, run_timeout: float | None = None
) -> RunRecord:
    """Run ``index`` of a batch with master seed ``master`` (:func:`play_chunk`); loading the
    plugins and figuring the characters, shared by every run, is not in its budget."""
    seed = run_seed(master, index)
    simulation.prepare()
    try:
        with budget.budget(run_timeout):
            result = simulation.run(seed=seed)
    except KeyboardInterrupt as error:
        if not interrupts.raised_by_code(error):
            raise  # the user's Ctrl-C: the batch stops
        return RunRecord.raised(index, seed, error)
    except (Exception, SystemExit, budget.RunOverTime) as error:  # the run, not the batch
        return RunRecord.raised(index, seed, error)
    return RunRecord.from_result(index, result)


_WORKER: Simulation | None = None


def _start_worker(path: Path, options: BatchOptions, extra: Mapping[str, object]) -> None:
    """A worker process: its simulation, Ctrl-C told from a plugin's interrupt, runs timed.
    The user's Ctrl-C while it prepares or waits for a chunk ends it quietly
    (:func:`mands_sim.interrupts.watch_worker`; the batch's process, which gets the same Ctrl-C,
    reports the interrupt), not with a traceback of the preparation or of the pool."""
    global _WORKER
    interrupts.watch_worker()
    budget.time_runs()
    try:
        spec = load_scenario(path, options.overrides)
        _WORKER = Simulation(spec, disabled=options.without, extra_plugins=extra)
        _WORKER.prepare()
    except SystemExit as error:
        interrupts.ended_quietly(error)


@dataclass(frozen=True, slots=True)
class PlayedChunk:
    """A chunk's runs as the store keeps them (:meth:`RunRecord.row`), and their tally
    (:func:`~mands_sim.batch.aggregate.tally`) of the records those rows read back as."""

    rows: list[tuple[Any, ...]]
    part: Part


def played_chunk(
    simulation: Simulation,
    folding: tuple[tuple[str, ...], str],
    master: int,
    indices: list[int],
    run_timeout: float | None,
) -> PlayedChunk:
    """Runs ``indices`` played (:func:`play_chunk`), made rows and tallied by the player, so
    that the batch's process only writes and merges them. ``folding``: the aggregate's sides
    and knock-out rule (:func:`_folding`)."""
    rows = [record.row() for record in play_chunk(simulation, master, indices, run_timeout)]
    return PlayedChunk(rows, tally((RunRecord.from_row(row) for row in rows), *folding))


def _folding(spec: ScenarioSpec) -> tuple[tuple[str, ...], str]:
    """What an aggregate of ``spec``'s runs is made with: its sides, and G-239's rule."""
    sides = tuple(side.name for side in spec.sides)
    return sides, spec.rule_defaults.of(CoreDefaults).G239_party_knock_out


def _play_in_worker(master: int, indices: list[int], run_timeout: float | None) -> PlayedChunk:
    """A chunk played in a worker (:func:`played_chunk`)."""
    assert _WORKER is not None
    folding = _folding(_WORKER.scenario)
    with interrupts.working():
        return played_chunk(_WORKER, folding, master, indices, run_timeout)


def _play_content(
    content: ScenarioContent,
    versions: Mapping[str, str],
    master: int,
    indices: list[int],
    run_timeout: float | None,
) -> PlayedChunk:
    """A chunk played on a Dask worker: its simulation of ``content`` (prepared once per
    worker), checked to load the plugin versions the batch was begun with. No Ctrl-C reaches a
    worker's thread: a ``KeyboardInterrupt`` there is a plugin's, an error of its run."""
    after = "the runs finished are kept, and the same command goes on from them"
    simulation = prepared_here(content)
    check_versions(versions, {this_worker(): simulation_versions(simulation)}, after=after)
    with interrupts.deaf():
        return played_chunk(simulation, _folding(simulation.scenario), master, indices, run_timeout)


@dataclass
class _Pool:
    """An executor the runner submits chunks to, and how it is closed: a local process pool, or
    a Dask cluster's (whose errors in a chunk become an :class:`ExecutorError`)."""

    executor: Executor
    task: Callable[..., PlayedChunk]
    window: int
    on_dask: bool = False
    client: Any = None

    @property
    def patience(self) -> float | None:
        """How long to wait for a chunk before asking whether anyone is playing it."""
        return DASK_PATIENCE if self.on_dask else None

    def check_alive(self) -> None:
        """No chunk for :data:`DASK_PATIENCE` seconds: an error if the cluster has no workers
        (every one left); waiting on otherwise."""
        if self.client is not None and not self.client.scheduler_info().get("workers"):
            raise ExecutorError(
                f"the Dask cluster has had no workers for {DASK_PATIENCE:.0f} s; the runs "
                "finished are kept, and the same command goes on from them"
            )

    def submit(self, master: int, indices: list[int], timeout: float | None) -> Future[PlayedChunk]:
        return self.executor.submit(self.task, master, indices, timeout)

    def result(self, future: Future[PlayedChunk]) -> PlayedChunk:
        if not self.on_dask:
            return future.result()
        try:
            return future.result()
        except ExecutorError:
            raise
        except Exception as error:
            raise ExecutorError(
                f"the Dask cluster could not play a chunk of runs: {type(error).__name__}: "
                f"{error}; the runs finished are kept, and the same command goes on from them"
            ) from error

    def close(self) -> None:
        if self.on_dask:
            self.executor.shutdown(wait=False)
        else:
            self.executor.shutdown(wait=False, cancel_futures=True)


@dataclass
class _Pools:
    """Opens the batch's executor when there are runs to play (none for a batch stored whole).
    On Dask, :meth:`check` sends the scenario and checks the workers before the batch is
    stored, so a cluster that cannot play it leaves no batch behind."""

    path: Path
    options: BatchOptions
    extra: Mapping[str, object]
    versions: Mapping[str, str]
    client: Any = None
    content: ScenarioContent | None = None
    workers: int = 0

    def check(self) -> None:
        """On Dask: every worker prepares the scenario and reports its versions; a mismatch,
        a worker that cannot prepare it, or none at all, is an :class:`ExecutorError`."""
        if self.client is None:
            return
        without = (*self.options.without, *disabled_from_environment(os.environ))
        data = scenario_content(self.path, self.options.overrides)
        self.content = ScenarioContent(data, without, dict(self.extra))
        try:
            workers = self.client.run(worker_versions, self.content)
        except ExecutorError:
            raise
        except Exception as error:
            raise ExecutorError(
                f"the Dask workers could not take the batch: {type(error).__name__}: {error} "
                "(an extra plugin must be importable on the workers)"
            ) from error
        if not workers:
            address = self.client.scheduler.address
            raise ExecutorError(f"the Dask cluster of {address} has no workers")
        check_versions(self.versions, workers)
        self.workers = len(workers)

    def open(self) -> _Pool | None:
        if self.client is not None:
            return self._dask(self.client)
        jobs = self.options.jobs or os.cpu_count() or 1
        if jobs <= 1:
            return None
        executor = ProcessPoolExecutor(
            max_workers=jobs,
            initializer=_start_worker,
            initargs=(self.path, self.options, self.extra),
        )
        return _Pool(executor, _play_in_worker, window=4 * jobs)

    def _dask(self, client: Any) -> _Pool:
        if self.content is None:
            self.check()
        assert self.content is not None  # check() sent it
        task = functools.partial(_play_content, self.content, dict(self.versions))
        executor = client.get_executor(pure=False)
        return _Pool(executor, task, window=4 * self.workers, on_dask=True, client=client)
