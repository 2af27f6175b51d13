"""``mands-sim run ADVENTURE.toml``: an adventure day played many times and reported.

``run`` reads a file that lists ``scenes`` as an adventure (``docs/scenarios.md`` "Adventure
files") and plays its days here; the options of a single scenario's batch that have no meaning
for a day (``--set``, ``--without``, ``--store`` …) are refused by name before anything is
played.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, Final

from rich.console import Console

from mands_sim.adventure import (
    adventure_data,
    day_summary,
    is_adventure,
    load_adventure,
    play_days,
)
from mands_sim.cli import INTERRUPTED, STANDARD_OUTPUT, emit_json
from mands_sim.errors import InputError, MandsSimError

DEFAULT_DAYS: Final = 1000
"""Days played when ``--runs`` is not given, as many as a scenario's runs."""

NOT_FOR_A_DAY: Final = {
    "overrides": "--set",
    "without": "--without",
    "without_character": "--without-character",
    "show_scenario": "--show-scenario",
    "target_error": "--target-error",
    "min_runs": "--min-runs",
    "max_runs": "--max-runs",
    "resume": "--resume",
    "fresh": "--fresh",
    "store": "--store",
    "scheduler": "--scheduler",
}
"""The ``run`` options an adventure day does not take, by their argument names."""


class AdventureRunError(MandsSimError):
    """``mands-sim run`` on an adventure file cannot go on: an option it does not take, or the
    worker processes died before any day was played."""


def names_an_adventure(path: Path) -> bool:
    """Whether ``path`` is an adventure file (it lists ``scenes``); a file that cannot be read
    or parsed is left to the scenario's own errors."""
    try:
        return is_adventure(adventure_data(path))
    except InputError:
        return False


def run_adventure(args: argparse.Namespace, progress_console: Console) -> int:
    """Play ``args.scenario``'s days and report them (``--json`` too); Ctrl-C reports the days
    finished, status 130."""
    _refuse_options(args)
    adventure = load_adventure(args.scenario)
    progress = None
    if not args.quiet:
        from mands_sim.cli.run import RichProgress

        progress = RichProgress(progress_console, "days")
    result = play_days(
        adventure,
        args.runs or DEFAULT_DAYS,
        seed=args.seed,
        jobs=args.jobs,
        disabled=tuple(args.disable),
        progress=progress,
        run_timeout=args.run_timeout,
    )
    if not result.days:
        if result.worker_lost:
            raise AdventureRunError(
                "a worker process ended before any day was played (killed, out of memory, or "
                "it could not start: does every scene still load?)"
            )
        progress_console.print("Interrupted: no day finished.")
        return INTERRUPTED
    summary = day_summary(result)
    if args.json != STANDARD_OUTPUT:
        from mands_sim.report.adventure import render_day

        render_day(summary, Console(stderr=False))
    if args.json:
        emit_json(summary, args.json, "adventure")
    if args.html:
        from mands_sim.report.adventure import write_day_html

        write_day_html(summary, args.html)
    if result.worker_lost:
        progress_console.print(
            "mands-sim: error: a worker process ended before its days were played (killed, out "
            f"of memory, or it could not start): the report covers the {len(result.days)} days "
            "finished first."
        )
        return 1
    if result.interrupted:
        progress_console.print(
            f"Interrupted: the report covers the {len(result.days)} days finished first."
        )
        return INTERRUPTED
    return 1 if summary["errors"] else 0


def _refuse_options(args: argparse.Namespace) -> None:
    given = [option for name, option in NOT_FOR_A_DAY.items() if _given(getattr(args, name, None))]
    if getattr(args, "executor", "local") != "local":
        given.append("--executor dask")
    if given:
        raise AdventureRunError(
            f"{args.scenario} is an adventure file: {', '.join(given)} "
            f"{'is' if len(given) == 1 else 'are'} for a single scenario; an adventure takes "
            "--runs (days), --seed, --jobs, --run-timeout (a scene's), --disable, --json, "
            "--html and --quiet"
        )


def _given(value: Any) -> bool:
    return bool(value) and value is not None


__all__ = ["DEFAULT_DAYS", "AdventureRunError", "names_an_adventure", "run_adventure"]
