"""``mands-sim balance SCENARIO --vary PATH=A..B [--target 0.5] [--side SIDE]``: the value of one
parameter at which a side wins a target share of the fights (:mod:`mands_sim.batch.balance`,
:mod:`mands_sim.report.balance`)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rich.console import Console

from mands_sim.batch.balance import balance, balance_range
from mands_sim.batch.runner import Progress
from mands_sim.batch.sweep import Vary
from mands_sim.cli import (
    COMMANDS,
    INTERRUPTED,
    STANDARD_OUTPUT,
    emit_json,
    json_option,
    note_overrides,
    read_argument,
    share,
)
from mands_sim.cli.run import RichProgress, batch_arguments, batch_options
from mands_sim.errors import ScenarioError
from mands_sim.report.balance import balance_data, render_balance

POINT_RUNS = 400
"""Runs of each point played, unless ``--runs`` says otherwise."""


def ranged(text: str) -> tuple[str, float, float]:
    """A ``--vary PATH=A..B`` argument; a malformed one is the parser's error."""
    return read_argument(balance_range, text)


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "balance",
        help=COMMANDS["balance"].help,
        description="Find the value of one parameter (a scenario path, as --set names it) at "
        "which a side wins the target share of the fights, with a 95 % interval. Each point "
        "played is a batch of --runs runs (here 400 unless given) on the same seeds.",
    )
    parser.add_argument("scenario", type=Path, help="scenario file (TOML)")
    parser.add_argument(
        "--vary",
        type=ranged,
        action="append",
        required=True,
        metavar="PATH=A..B",
        help="the parameter and its range (one)",
    )
    parser.add_argument(
        "--target", type=share, default=0.5, help="the win rate to reach (default 0.5)"
    )
    parser.add_argument("--side", help="whose win rate (default: the first side, the heroes)")
    batch_arguments(parser)
    for action in parser._actions:
        if action.dest == "runs":
            action.help = f"runs of each point played (default {POINT_RUNS})"
    json_option(parser, "the search")
    parser.set_defaults(func=run, runs=POINT_RUNS)


def run(args: argparse.Namespace) -> int:
    if len(args.vary) > 1:
        raise ScenarioError(
            args.scenario,
            "--vary",
            "expected one parameter to balance (mands-sim sweep varies two)",
        )
    [(path, lowest, highest)] = args.vary
    console = Console(stderr=True)

    def progress(value: float) -> Progress | None:
        return None if args.quiet else RichProgress(console, f"{path}={value:g}")

    lowest_point = Vary(path, ()).override(int(lowest) if lowest.is_integer() else lowest)
    note_overrides(args.scenario, (*batch_options(args).overrides, lowest_point))
    found = balance(
        args.scenario, path, lowest, highest, target=args.target, side=args.side,
        options=batch_options(args), store=args.store, progress=progress,
    )  # fmt: skip
    data = balance_data(found)
    if args.json != STANDARD_OUTPUT:
        render_balance(data, Console())
    if args.json:
        emit_json(data, args.json, "balance")
    return INTERRUPTED if found.interrupted else 0
