"""``mands-sim sweep SCENARIO --vary PATH=A..B[:STEP]``: the scenario played at every value of
one or two of its parameters, on the same seeds, with a table of each point's outcomes and
action mix, and plots with ``--html`` (:mod:`mands_sim.batch.sweep`,
:mod:`mands_sim.report.sweep`)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console

from mands_sim.batch.runner import Progress
from mands_sim.batch.sweep import MAX_POINTS, MAX_VALUES, Vary, grid, point_options, sweep
from mands_sim.cli import (
    COMMANDS,
    INTERRUPTED,
    STANDARD_OUTPUT,
    emit_json,
    json_option,
    note_overrides,
    output_file,
    read_argument,
)
from mands_sim.cli.run import RichProgress, batch_arguments, batch_options
from mands_sim.errors import ScenarioError
from mands_sim.report.sweep import render_sweep, sweep_data, write_sweep_html


def vary(text: str) -> Vary:
    """A ``--vary`` argument; a malformed one is the parser's error."""
    return read_argument(Vary.parse, text)


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "sweep",
        help=COMMANDS["sweep"].help,
        description="Play the scenario at every value of one or two parameters (scenario paths, "
        "as --set names them), each point a batch on the same seeds.",
    )
    parser.add_argument("scenario", type=Path, help="scenario file (TOML)")
    parser.add_argument(
        "--vary",
        type=vary,
        action="append",
        required=True,
        metavar="PATH=A..B[:STEP]",
        help=f"a parameter and its values: A..B (whole numbers, step 1), A..B:STEP, or V1,V2,… "
        f"(once or twice; at most {MAX_VALUES} values each, {MAX_POINTS} points)",
    )
    batch_arguments(parser)
    json_option(parser, "the sweep")
    parser.add_argument(
        "--html", type=output_file, metavar="FILE", help="write the sweep with its plots as HTML"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """``mands-sim sweep``; Ctrl-C ends it with the points finished, status 130."""
    varied: Sequence[Vary] = args.vary
    try:
        points = grid(varied)
    except ValueError as error:
        raise ScenarioError(args.scenario, "--vary", f"expected {error}") from None
    options = batch_options(args)
    progress_console = Console(stderr=True)

    def progress(index: int, values: Sequence[Any]) -> Progress | None:
        if args.quiet:
            return None
        shown = ", ".join(str(value) for value in values)
        return RichProgress(progress_console, f"{index + 1}/{len(points)}: {shown}")

    note_overrides(args.scenario, point_options(options, varied, points[0]).overrides)
    result = sweep(
        args.scenario, varied, options, store=args.store, fresh=args.fresh, progress=progress
    )
    data = sweep_data(result)
    if args.json != STANDARD_OUTPUT:
        render_sweep(data, Console())
    if args.json:
        emit_json(data, args.json, "sweep")
    if args.html:
        write_sweep_html(data, args.html)
    if result.interrupted:
        return INTERRUPTED
    return 1 if any(point.result.errors for point in result.points) else 0
