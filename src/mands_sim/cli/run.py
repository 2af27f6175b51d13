"""``mands-sim run SCENARIO``: the toughness report of a batch of runs.

With ``--without PLUGIN`` the report is still the scenario's as written, and the same runs
played without the plugin are compared with it beside the report (``what_if``). Also
``mands-sim compare A.toml B.toml``: two scenarios played with the same seeds (common random
numbers), and the differences in win rates, death rates and fight length with their paired
95 % intervals (:mod:`mands_sim.report.comparison`).
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from mands_sim.batch.budget import DEFAULT_RUN_TIMEOUT
from mands_sim.batch.executors import EXECUTORS
from mands_sim.batch.runner import BatchOptions, BatchResult, run_batch
from mands_sim.batch.runner import Progress as BatchProgress
from mands_sim.batch.store import default_store_path
from mands_sim.cli import (
    COMMANDS,
    INTERRUPTED,
    STANDARD_OUTPUT,
    count,
    emit_json,
    json_option,
    note_overrides,
    output_file,
    override_arguments,
    seconds,
    share,
    shown_scenario,
)
from mands_sim.errors import ScenarioError
from mands_sim.report.comparison import build_comparison, render_comparison
from mands_sim.report.summary import build_summary
from mands_sim.report.terminal import render
from mands_sim.scenario import Override, load_scenario, without_character
from mands_sim.simulation import Simulation


def add_parser(subparsers: Any) -> None:
    run = subparsers.add_parser("run", help=COMMANDS["run"].help)
    run.add_argument(
        "scenario", type=Path, help="scenario file (TOML), or an adventure file listing scenes"
    )
    batch_arguments(run)
    run.add_argument(
        "--target-error",
        type=share,
        metavar="E",
        help="stop when every headline rate's 95%% interval half-width is <= E (e.g. 0.01)",
    )
    run.add_argument("--min-runs", type=count, help="with --target-error (default 200)")
    run.add_argument("--max-runs", type=count, help="with --target-error (default 100000)")
    run.add_argument(
        "--resume",
        action="store_true",
        help="continue the stored batch (what playing a stored batch always does)",
    )
    run.add_argument(
        "--without",
        action="append",
        default=[],
        metavar="NAME",
        help="also play the same runs without this plugin and compare (what-if)",
    )
    run.add_argument(
        "--without-character",
        action="append",
        default=[],
        metavar="ID",
        help="also play the same runs without this character and compare (what-if)",
    )
    run.add_argument(
        "--show-scenario",
        action="store_true",
        help="print the scenario as it would be played (with every --set) as TOML, and stop",
    )
    json_option(run, "the report")
    run.add_argument("--html", type=output_file, metavar="FILE", help="write the report as HTML")
    run.set_defaults(func=run_command)

    compare = subparsers.add_parser(
        "compare",
        help=COMMANDS["compare"].help,
        description="Two scenarios played with the same seeds, or one as written (A) and with "
        "its --set values (B).",
    )
    compare.add_argument("first", type=Path, help="scenario A (TOML)")
    compare.add_argument(
        "second",
        type=Path,
        nargs="?",
        help="scenario B (TOML); without it, B is A with the --set values",
    )
    batch_arguments(compare)
    compare.add_argument(
        "--show-scenario",
        action="store_true",
        help="print scenario B as it would be played (with every --set) as TOML, and stop",
    )
    json_option(compare, "the comparison")
    compare.set_defaults(func=compare_command)


def batch_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options that choose and play a batch, as ``mands-sim run`` takes them:
    ``--runs``, ``--seed``, ``--jobs``, ``--store``, ``--run-timeout``, ``--disable``,
    ``--fresh``, ``--quiet``, ``--executor``, ``--scheduler`` and ``--set`` (a plugin command's
    too: :mod:`mands_sim.commands`)."""
    parser.add_argument("--runs", type=count, metavar="N", help="number of runs (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    parser.add_argument(
        "--jobs", type=count, metavar="J", help="worker processes (default: every core)"
    )
    parser.add_argument(
        "--store",
        type=Path,
        metavar="FILE",
        help=f"SQLite results file (default: {default_store_path()}; see mands-sim store)",
    )
    parser.add_argument(
        "--run-timeout",
        type=seconds,
        default=DEFAULT_RUN_TIMEOUT,
        metavar="S",
        help="a run taking longer than S seconds is stopped and kept as an error; the batch "
        f"goes on (default {DEFAULT_RUN_TIMEOUT:g}; 0: no limit)",
    )
    parser.add_argument(
        "--disable",
        action="append",
        default=[],
        metavar="NAME",
        help="play without the plugin NAME (repeatable; also MANDS_SIM_DISABLE_PLUGINS)",
    )
    parser.add_argument(
        "--fresh", action="store_true", help="replace the stored batch: play every run again"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument(
        "--executor",
        choices=EXECUTORS,
        default="local",
        help="where the runs are played: local processes (default) or a Dask cluster "
        "(with --scheduler; docs/scaling.md)",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="the Dask scheduler's address for --executor dask (e.g. tcp://10.0.0.5:8786)",
    )
    override_arguments(parser, show=False)


class RichProgress(BatchProgress):
    """A progress bar with runs/s and the time left; with a target error it counts up to the
    runs the intervals say are needed, estimated again at each checkpoint."""

    def __init__(self, console: Console, label: str) -> None:
        self.label = label
        self.bar = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TaskProgressColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=console,
            transient=True,
        )
        self.task: Any = None

    def start(self, total: int, done: int) -> None:
        self.bar.start()
        self.task = self.bar.add_task(self.label, total=total, completed=done, rate="")

    def advance(self, runs: int) -> None:
        self.bar.advance(self.task, runs)
        speed = self.bar.tasks[0].speed
        self.bar.update(self.task, rate=f"{speed:,.0f} runs/s" if speed else "")

    def estimate(self, total: int) -> None:
        self.bar.update(self.task, total=total)

    def stop(self) -> None:
        self.bar.stop()


def batch_options(args: argparse.Namespace, **extra: Any) -> BatchOptions:
    """The batch the arguments of :func:`batch_arguments` ask for (``--disable``: a batch
    without those plugins)."""
    chosen: dict[str, Any] = {
        "runs": args.runs,
        "seed": args.seed,
        "jobs": args.jobs,
        "run_timeout": args.run_timeout,
        "without": tuple(args.disable),
        "overrides": tuple(args.overrides),
        "executor": args.executor,
        "scheduler": args.scheduler,
    }
    return BatchOptions(**{**chosen, **extra})


def played_batch(
    args: argparse.Namespace,
    scenario: Path,
    options: BatchOptions,
    console: Console,
    *,
    label: str = "runs",
) -> BatchResult:
    """Play (or continue, or report) the batch, with a progress bar unless ``--quiet``; says
    so when it was stored already."""
    progress = None if args.quiet else RichProgress(console, label)
    result = run_batch(scenario, options, store=args.store, fresh=args.fresh, progress=progress)
    if result.reused:
        console.print(
            f"{result.reused} runs of this batch were stored already ({result.store_path}, "
            f"started {result.batch.created}): not played again (--fresh plays them again)."
        )
    return result


def run_command(args: argparse.Namespace) -> int:
    """``mands-sim run``; Ctrl-C at any moment ends it with what was finished, status 130."""
    progress_console = Console(stderr=True)
    played: list[BatchResult] = []
    try:
        return _run(args, progress_console, played)
    except KeyboardInterrupt:
        progress_console.print(_interrupted(played[0] if played else None, args))
        return INTERRUPTED


def _run(args: argparse.Namespace, progress_console: Console, played: list[BatchResult]) -> int:
    """The batch, its report and the what-if arm; the batch goes in ``played`` once it is over
    (finished or interrupted), so an interrupt later still tells what was kept."""
    console = Console(stderr=False)
    from mands_sim.cli.adventure import names_an_adventure, run_adventure  # only when run

    if names_an_adventure(args.scenario):
        return run_adventure(args, progress_console)
    if shown_scenario(args, args.scenario):
        return 0
    bounds = {"min_runs": args.min_runs, "max_runs": args.max_runs}
    given = {name: value for name, value in bounds.items() if value is not None}
    options = batch_options(args, target_error=args.target_error, **given)
    note_overrides(args.scenario, options.overrides)
    if args.without or args.without_character:
        _check_without(args)
    result = played_batch(args, args.scenario, options, progress_console)
    played.append(result)
    if result.interrupted and not result.runs:
        raise KeyboardInterrupt
    summary = build_summary(result)
    status = _status(result, progress_console, args)
    if (args.without or args.without_character) and not result.interrupted:
        what_if = _without(args, result, progress_console)
        left_out = ", ".join([*args.without, *args.without_character])
        if what_if.interrupted:  # the report as written, without the half-played comparison
            progress_console.print(
                f"Interrupted while playing the runs without {left_out}: the "
                f"report below is the scenario's as written, with no comparison. "
                f"{_resume_hint(args)}"
            )
            status = INTERRUPTED
        else:
            changed = ", ".join(o.text for o in args.overrides)
            label_a = f"with {changed}" if changed else "as written"
            label_b = f"{label_a}, without {left_out}" if changed else f"without {left_out}"
            summary["what_if"] = build_comparison(result, what_if, label_a=label_a, label_b=label_b)
            status = status or _status(what_if, progress_console, args)
    if args.json != STANDARD_OUTPUT:
        render(summary, console)
    _write(summary, args)
    return status


def _interrupted(result: BatchResult | None, args: argparse.Namespace) -> str:
    """What Ctrl-C leaves: no run, or the runs kept and where; how to go on."""
    if result is None or not result.runs:
        return f"Interrupted: no runs finished. {_resume_hint(args)}"
    return (
        f"Interrupted: {result.runs} runs finished and are kept in {result.store_path}. "
        f"{_resume_hint(args)}"
    )


def _resume_hint(args: argparse.Namespace) -> str:
    """How to go on after an interrupt: the same command, which continues the batch (unless
    it asks for a fresh one)."""
    if args.fresh:
        return "Run the same command again without --fresh to continue the batch."
    return "Run the same command again (or with --resume) to continue the batch."


def _check_without(args: argparse.Namespace) -> None:
    """A plugin or a character to leave out that does not exist is an error before any run is
    played."""
    spec = load_scenario(args.scenario, _what_if_overrides(args))
    Simulation(spec, disabled=(*args.disable, *args.without)).prepare()


def _what_if_overrides(args: argparse.Namespace) -> tuple[Override, ...]:
    """The ``--set`` values and the characters ``--without-character`` takes out."""
    return (*args.overrides, *(without_character(c) for c in args.without_character))


def _without(args: argparse.Namespace, result: BatchResult, console: Console) -> BatchResult:
    """The same runs (seeds ``0 … runs − 1`` of the master seed) without the plugins and the
    characters named, played as the batch was (its jobs and its runs' wall-clock budget)."""
    same_runs = batch_options(
        args,
        runs=result.runs,
        without=(*args.disable, *args.without),
        overrides=_what_if_overrides(args),
    )
    label = "without " + ", ".join([*args.without, *args.without_character])
    return played_batch(args, args.scenario, same_runs, console, label=label)


def _write(summary: dict[str, Any], args: argparse.Namespace) -> None:
    if args.json:
        emit_json(summary, args.json, "report")
    if args.html:
        from mands_sim.report.html import write_html

        write_html(summary, args.html)


def _status(result: BatchResult, console: Console, args: argparse.Namespace) -> int:
    if result.interrupted:
        console.print(f"{_interrupted(result, args)} The report below is theirs.")
        return INTERRUPTED
    if result.errors:
        console.print(f"[red]{result.errors} runs raised an error (see the report).")
        return 1
    return 0


def compare_command(args: argparse.Namespace) -> int:
    """``mands-sim compare``; Ctrl-C ends it without a comparison, status 130."""
    progress_console = Console(stderr=True)
    try:
        return _compare(args, progress_console)
    except KeyboardInterrupt:
        progress_console.print(f"Interrupted: no comparison. {_resume_hint(args)}")
        return INTERRUPTED


def _compare(args: argparse.Namespace, progress_console: Console) -> int:
    console = Console()
    options = batch_options(args)
    if args.second is None and not args.overrides:
        raise ScenarioError(
            args.first, "", "expected a second scenario to compare, or --set values to compare "
            "the scenario with (e.g. --set sides.crew.gunman.count=2)"
        )  # fmt: skip
    second = args.first if args.second is None else args.second
    if shown_scenario(args, second):
        return 0
    note_overrides(second, options.overrides)
    as_written = replace(options, overrides=()) if args.second is None else options
    first = played_batch(args, args.first, as_written, progress_console, label="A")
    if first.interrupted:
        raise KeyboardInterrupt
    second_result = played_batch(args, second, options, progress_console, label="B")
    if second_result.interrupted:
        raise KeyboardInterrupt
    label_a, label_b = _compare_labels(args)
    comparison = build_comparison(first, second_result, label_a=label_a, label_b=label_b)
    if args.json != STANDARD_OUTPUT:
        render_comparison(comparison, console)
    if args.json:
        emit_json(comparison, args.json, "comparison")
    return 1 if first.errors or second_result.errors else 0


def _compare_labels(args: argparse.Namespace) -> tuple[str, str]:
    """The two arms' names: the files, or the file as written and with its ``--set`` values."""
    changed = ", ".join(o.text for o in args.overrides)
    if args.second is not None:
        with_set = f" with {changed}" if changed else ""
        return args.first.name + with_set, args.second.name + with_set
    return "as written", f"with {changed}"
