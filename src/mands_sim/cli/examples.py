"""``mands-sim examples [DIR]``: the bundled scenarios and character sheets, copied out.

They travel inside the installed package (``mands_sim_examples``: the repository's
``scenarios/``), so every command of the README works for someone who installed mands-sim and
never cloned it: ``mands-sim examples`` writes them to ``./scenarios``. A folder that holds
anything already is left alone (exit status 2): nothing of the user's is overwritten.
"""

from __future__ import annotations

import argparse
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Final

from mands_sim.cli import COMMANDS
from mands_sim.errors import MandsSimError

PACKAGE: Final = "mands_sim_examples"
"""The package the bundled scenarios, sheets and golden logs are installed as."""

KINDS: Final = (".toml", ".jsonl")
"""The files that are examples: scenarios and sheets, golden event logs."""


class ExamplesError(MandsSimError):
    """The examples cannot be written where asked (printed as one line, exit status 2)."""


def add_parser(subparsers: Any) -> None:
    """Register ``examples`` on the ``mands-sim`` command line."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "examples",
        help=COMMANDS["examples"].help,
        description="Copy the bundled scenarios, their character sheets and golden event logs "
        "into DIR, so that the README's commands work without a clone.",
    )
    parser.add_argument(
        "folder",
        type=Path,
        nargs="?",
        default=Path("scenarios"),
        metavar="DIR",
        help="where to write them: a new or empty folder (default: ./scenarios)",
    )
    parser.set_defaults(func=examples_command)


def examples(root: Traversable, prefix: Path = Path()) -> list[tuple[Path, Traversable]]:
    """Every example under ``root``: its path relative to the package, and the file."""
    found = []
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if entry.is_dir() and not entry.name.startswith(("_", ".")):
            found += examples(entry, prefix / entry.name)
        elif entry.is_file() and entry.name.endswith(KINDS):
            found.append((prefix / entry.name, entry))
    return found


def write_examples(folder: Path) -> list[Path]:
    """Copy every example into ``folder`` (created if missing); the files written. A folder
    holding anything already is an :class:`ExamplesError`, before anything is written."""
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise ExamplesError(
            f"{folder}: exists and is not an empty folder; give another DIR "
            "(mands-sim examples DIR), nothing was written"
        )
    written = []
    for relative, source in examples(files(PACKAGE)):
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(source.read_bytes())
        written.append(target)
    return written


def examples_command(args: argparse.Namespace) -> int:
    written = write_examples(args.folder)
    scenarios = [p for p in written if p.parent == args.folder and p.suffix == ".toml"]
    print(
        f"{len(written)} files written to {args.folder}: {len(scenarios)} scenarios, their "
        f"character sheets and golden logs. Try: mands-sim run {args.folder / 'bank_job.toml'}"
    )
    return 0
