"""``mands-sim store path|list|show|prune``: the results store, seen and tidied.

* ``path``: where the store is (``--store FILE``, else the default in the user cache
  directory), and whether it exists yet.
* ``list``: the file's size and every batch in it: scenario, seed, runs kept (and planned),
  errored runs, whether it is finished, unfinished or being played now, its age and size.
* ``show BATCH``: one batch in full, with its first errored runs, the command that replays each
  and, with ``--tracebacks``, their tracebacks.
* ``prune``: remove batches (``--batch``, ``--older-than DAYS``, ``--unfinished``, ``--all``),
  never one being played; the file shrinks to what is left.

Looking never creates a store: ``list`` and ``show`` of a path with no file say so.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from mands_sim.batch import locks
from mands_sim.batch.aggregate import FAILED_SHOWN
from mands_sim.batch.runner import DEFAULT_RUNS, replay_command
from mands_sim.batch.store import BatchInfo, ResultStore, StoredBatch, default_store_path
from mands_sim.cli import COMMANDS, STANDARD_OUTPUT, emit_json, json_option, scenario_header
from mands_sim.errors import StoreError
from mands_sim.scenario import as_arguments


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "store",
        help=COMMANDS["store"].help,
        description="The results store keeps every run of every batch played "
        f"(default: {default_store_path()}).",
    )
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    path = actions.add_parser("path", help="where the store is, and whether it exists")
    path.set_defaults(func=path_command)
    listing = actions.add_parser("list", help="the store's size and every batch in it")
    json_option(listing, "the listing")
    listing.set_defaults(func=list_command)
    show = actions.add_parser("show", help="one batch, with its errored runs")
    show.add_argument("batch", type=int, help="the batch's number (mands-sim store list)")
    show.add_argument(
        "--tracebacks", action="store_true", help="print each listed errored run's traceback"
    )
    show.add_argument(
        "--scenario",
        action="store_true",
        help="print the scenario the batch played (its --set values applied) as TOML, only",
    )
    json_option(show, "the batch")
    show.set_defaults(func=show_command)
    prune = actions.add_parser("prune", help="remove batches (never one being played)")
    prune.add_argument(
        "--batch", type=int, action="append", default=[], metavar="N", help="this batch"
    )
    prune.add_argument(
        "--older-than", type=float, metavar="DAYS", help="batches started over DAYS days ago"
    )
    prune.add_argument("--unfinished", action="store_true", help="batches not finished")
    prune.add_argument("--all", action="store_true", help="every batch")
    prune.add_argument("--dry-run", action="store_true", help="only say what would go")
    prune.set_defaults(func=prune_command)
    for sub in (path, listing, show, prune):
        sub.add_argument(
            "--store",
            type=Path,
            metavar="FILE",
            help=f"the store file (default: {default_store_path()})",
        )


def _path(args: argparse.Namespace) -> Path:
    return Path(args.store) if args.store is not None else default_store_path()


@contextmanager
def _opened(args: argparse.Namespace) -> Iterator[ResultStore | None]:
    """The store, or ``None`` (and a line saying so) when there is no file yet."""
    path = _path(args)
    if not path.exists():
        print(f"No results store at {path} yet: nothing has been played with it.")
        yield None
        return
    with ResultStore(path) as store:
        yield store


def path_command(args: argparse.Namespace) -> int:
    path = _path(args)
    print(path)
    if not path.exists():
        print("(no file yet: the first batch played makes it)", file=sys.stderr)
    return 0


def list_command(args: argparse.Namespace) -> int:
    path = _path(args)
    with _opened(args) as store:
        if store is None:
            return 0
        batches = store.batches()
        listed = [_listed(path, batch) for batch in batches]
    size = _file_size(path)
    if args.json:
        emit_json({"store": str(path), "bytes": size, "batches": listed}, args.json, "store-list")
    if args.json == STANDARD_OUTPUT:
        return 0
    runs = sum(batch.runs for batch in batches)
    console = Console()
    console.print(f"{path}: {_bytes(size)}, {len(batches)} batches, {runs} runs", soft_wrap=True)
    if listed:
        console.print(_table(listed))
    return 0


def _listed(path: Path, batch: StoredBatch) -> dict[str, Any]:
    """What ``list`` tells of a batch, as JSON-ready data."""
    info = batch.info
    return {
        "batch": info.id,
        "scenario": info.scenario,
        "overrides": info.options.get("overrides", []),
        "seed": info.seed,
        "runs": batch.runs,
        "planned": planned(info),
        "errors": batch.errors,
        "state": state(path, info),
        "created": info.created,
        "age": age(info.created),
        "bytes": batch.size,
    }


def _table(listed: list[dict[str, Any]]) -> Table:
    table = Table(title="Batches (mands-sim store show N)", title_justify="left")
    for column in ("N", "scenario", "seed", "runs", "errors", "state", "age", "size"):
        if column in ("scenario", "state"):
            table.add_column(column, overflow="fold")
        else:
            table.add_column(column, justify="right", no_wrap=True)
    for b in listed:
        table.add_row(
            str(b["batch"]),
            " ".join([b["scenario"], *(f"{f} {v}" for f, v in as_arguments(b["overrides"]))]),
            str(b["seed"]),
            f"{b['runs']} of {b['planned']}",
            str(b["errors"]),
            b["state"],
            b["age"],
            _bytes(b["bytes"]),
        )
    return table


def planned(info: BatchInfo) -> int:
    """The runs the batch was asked for: its final count once finished, else its ``runs`` or,
    with a target error, its ``max_runs``."""
    if info.final_runs is not None:
        return info.final_runs
    options = info.options
    if options.get("target_error") is not None:
        return int(options.get("max_runs") or 0)
    return int(options.get("runs") or DEFAULT_RUNS)


def state(path: Path, info: BatchInfo) -> str:
    """``in play`` (another process is playing it now), ``finished`` or ``unfinished``."""
    if locks.held(path, info.key):
        return "in play"
    return "finished" if info.final_runs is not None else "unfinished"


def age(created: str, now: datetime | None = None) -> str:
    """How long ago ``created`` (ISO 8601) was: ``"40 s"``, ``"3 min"``, ``"5 h"``, ``"12 d"``."""
    try:
        then = datetime.fromisoformat(created)
    except ValueError:
        return "?"
    seconds = max(((now or datetime.now(UTC)) - then).total_seconds(), 0)
    for unit, size in (("d", 86_400), ("h", 3_600), ("min", 60)):
        if seconds >= size:
            return f"{seconds // size:.0f} {unit}"
    return f"{seconds:.0f} s"


def _bytes(size: int) -> str:
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if size >= scale:
            return f"{size / scale:.1f} {unit}"
    return f"{size} B"


def _file_size(path: Path) -> int:
    """The store's bytes on disk, its write-ahead log included."""
    files = (path, path.with_name(path.name + "-wal"))
    return sum(file.stat().st_size for file in files if file.exists())


def show_command(args: argparse.Namespace) -> int:
    with _opened(args) as store:
        if store is None:
            return 1
        info = store.batch(args.batch)
        if info is None:
            raise StoreError(store.path, f"no batch {args.batch} (mands-sim store list)")
        if args.scenario:
            return _print_played(store, info)
        runs = len(store.done(info.id))
        failed = store.failed(info.id, FAILED_SHOWN)
        shown = _shown(store.path, info, runs, failed)
    if args.json:
        emit_json(shown, args.json, "store-batch")
    if args.json == STANDARD_OUTPUT:
        return 0
    _print_shown(shown, args.tracebacks)
    return 0


def _print_played(store: ResultStore, info: BatchInfo) -> int:
    """The scenario ``info``'s batch played, as TOML; 1 if the store did not keep it."""
    played = store.played_scenario(info.id)
    if played is None:
        print(
            f"{info.described()}: the scenario played was not kept (the batch was stored by "
            "an older mands-sim)",
            file=sys.stderr,
        )
        return 1
    print(scenario_header(info.scenario, info.options.get("overrides", ())))
    print(played, end="")
    return 0


def _shown(path: Path, info: BatchInfo, runs: int, failed: list[Any]) -> dict[str, Any]:
    return {
        "batch": info.id,
        "key": info.key,
        "scenario": info.scenario,
        "content_hash": info.scenario_hash,
        "seed": info.seed,
        "options": info.options,
        "versions": info.versions,
        "created": info.created,
        "state": state(path, info),
        "runs": runs,
        "planned": planned(info),
        "failed_runs": [
            {
                "run": record.index,
                "seed": record.seed,
                "error": record.error,
                "replay": _replay(info, record.seed),
                **(record.failure.to_json() if record.failure else {}),
            }
            for record in failed
        ],
    }


def _replay(info: BatchInfo, seed: int) -> str:
    return replay_command(info.scenario, seed, info.options)


def _print_shown(shown: dict[str, Any], tracebacks: bool) -> None:
    print(f"Batch {shown['batch']}: {shown['scenario']} (seed {shown['seed']}), {shown['state']}")
    print(f"  runs kept: {shown['runs']} of {shown['planned']}; started {shown['created']}")
    print(f"  options: {json.dumps(shown['options'], sort_keys=True)}")
    print(f"  key: {shown['key']}; scenario content hash: {shown['content_hash']}")
    versions = shown["versions"]
    plugins = len(versions) - ("mands-sim" in versions)
    print(f"  versions: mands-sim {versions.get('mands-sim', '?')}, {plugins} plugins (--json)")
    if not shown["failed_runs"]:
        print("  no errored run")
        return
    print(f"Errored runs (the first {len(shown['failed_runs'])}):")
    for run in shown["failed_runs"]:
        print(f"  run {run['run']}: {run['error']}")
        print(f"    {run['replay']}")
        if tracebacks and run.get("traceback"):
            print("    " + run["traceback"].rstrip().replace("\n", "\n    "))


def prune_command(args: argparse.Namespace) -> int:
    if not (args.batch or args.older_than is not None or args.unfinished or args.all):
        raise StoreError(
            _path(args), "say which batches to remove: --batch N, --older-than DAYS, "
            "--unfinished or --all"
        )  # fmt: skip
    path = _path(args)
    with _opened(args) as store:
        if store is None:
            return 0
        before = _file_size(path)
        chosen = [b for b in store.batches() if _chosen(b.info, args)]
        playing = [b for b in chosen if state(path, b.info) == "in play"]
        gone = [b for b in chosen if b not in playing]
        for batch in playing:
            print(f"Kept batch {batch.info.id} ({batch.info.scenario}): it is being played.")
        if args.dry_run:
            _say_pruned(gone, "Would remove")
            return 0
        store.remove(b.info.id for b in gone)
    _say_pruned(gone, "Removed")
    print(f"{path}: {_bytes(before)} before, {_bytes(_file_size(path))} now.")
    return 0


def _chosen(info: BatchInfo, args: argparse.Namespace) -> bool:
    """``--all``, a ``--batch`` named, or every other filter given holds (``--unfinished
    --older-than 7``: unfinished and older than a week)."""
    if args.all or info.id in args.batch:
        return True
    filters = []
    if args.unfinished:
        filters.append(info.final_runs is None)
    if args.older_than is not None:
        filters.append(_older(info.created, timedelta(days=args.older_than)))
    return bool(filters) and all(filters)


def _older(created: str, than: timedelta) -> bool:
    try:
        return datetime.now(UTC) - datetime.fromisoformat(created) > than
    except ValueError:
        return False


def _say_pruned(gone: list[StoredBatch], verb: str) -> None:
    runs = sum(batch.runs for batch in gone)
    names = ", ".join(f"{b.info.id} ({b.info.scenario})" for b in gone) or "none"
    print(f"{verb} {len(gone)} batches, {runs} runs: {names}.")
