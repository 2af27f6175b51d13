"""The ``mands-sim`` command line.

Each subcommand lives in its own module of this package and exposes ``add_parser(subparsers)``,
which registers the subcommand and sets ``func`` to a callable taking the parsed arguments and
returning the exit status. Errors of the :class:`~mands_sim.errors.MandsSimError` family are
printed as one clear line on stderr with exit status 2; Ctrl-C that a command does not handle
itself ends it with one line and status 130; nothing else is caught.
"""

from __future__ import annotations

import argparse
import importlib
import math
import sys
from collections.abc import Sequence

from mands_sim import __version__
from mands_sim.errors import MandsSimError

SUBCOMMANDS = (
    "run",
    "award",
    "sheet",
    "replay",
    "validate",
    "check",
    "schema",
    "plugins",
    "store",
)
"""Modules of this package that add subcommands (``run`` adds ``run`` and ``compare``), in the
order ``--help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mands-sim",
        description="Simulate Men & Supermen encounters and report how tough they are.",
    )
    parser.add_argument("--version", action="version", version=f"mands-sim {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in SUBCOMMANDS:
        importlib.import_module(f"mands_sim.cli.{name}").add_parser(subparsers)
    return parser


INTERRUPTED = 130
"""Exit status after Ctrl-C (128 + SIGINT), as shells report it."""


def seconds(text: str) -> float:
    """An argument that is a duration (``--run-timeout``): a finite number of seconds, 0 or
    more; anything else is the parser's error (status 2)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value < math.inf:
        raise argparse.ArgumentTypeError(f"expected seconds, 0 or more, not {text!r}")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        status: int = args.func(args)
    except MandsSimError as error:
        print(f"mands-sim: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("mands-sim: interrupted", file=sys.stderr)
        return INTERRUPTED
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
