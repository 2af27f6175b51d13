"""``mands-sim replay SCENARIO --seed N``: one run told as a narrative, optionally as JSONL.

A run that raises (a seed the report lists among its errored runs) is told up to the error,
then the error and its traceback are printed and the status is 1: the events before the
failure are the context to debug it in. A ``SystemExit`` or ``KeyboardInterrupt`` a plugin
raises is such an error too (:mod:`mands_sim.interrupts`). A run that went over its budget in a
batch can be replayed with ``--run-timeout`` (no limit by default), or stopped with Ctrl-C:
either way it is told up to where it was, with the traceback of where it was stuck.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from mands_sim import interrupts
from mands_sim.batch import budget
from mands_sim.batch.failures import failure_of
from mands_sim.cli import (
    COMMANDS,
    INTERRUPTED,
    note_overrides,
    output_file,
    override_arguments,
    seconds,
    shown_scenario,
)
from mands_sim.events import Event, to_json_line
from mands_sim.narrative import display_names, narrate
from mands_sim.policy.explain import explained_narrative
from mands_sim.scenario import ScenarioSpec, load_scenario, without_character
from mands_sim.simulation import Simulation


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser("replay", help=COMMANDS["replay"].help)
    parser.add_argument("scenario", type=Path, help="scenario file (TOML)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    parser.add_argument("--jsonl", type=output_file, help="also write the event log to this file")
    parser.add_argument("--until", type=int, metavar="SEGMENT", help="stop after this segment")
    parser.add_argument(
        "--explain",
        action="store_true",
        help="under each explained decision, list what the policy passed over and why",
    )
    parser.add_argument(
        "--disable", action="append", default=[], metavar="NAME", help="do not load this plugin"
    )
    parser.add_argument(
        "--run-timeout",
        type=seconds,
        metavar="S",
        help="stop the run after S seconds and show where it was (default: no limit)",
    )
    override_arguments(parser)
    parser.add_argument(
        "--without-character",
        action="append",
        default=[],
        metavar="ID",
        help="play the run without this character (as mands-sim run --without-character does)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    left_out = tuple(without_character(character) for character in args.without_character)
    if shown_scenario(args, args.scenario, left_out):
        return 0
    scenario = load_scenario(args.scenario, (*args.overrides, *left_out))
    note_overrides(args.scenario, args.overrides)
    events: list[Event] = []
    simulation = Simulation(scenario, seed=args.seed, disabled=tuple(args.disable))
    simulation.prepare()  # a scenario or plugin error is the command's, not the run's
    try:
        with interrupts.watching(), budget.timing(), budget.budget(args.run_timeout):
            result = simulation.run(until=args.until, observers=[events.append])
    except KeyboardInterrupt as error:
        if not interrupts.raised_by_code(error):
            _failed(args, scenario, events, error, "was interrupted")
            return INTERRUPTED
        return _failed(args, scenario, events, error)
    except (Exception, SystemExit, budget.RunOverTime) as error:
        return _failed(args, scenario, events, error)
    _tell(args, scenario, events)
    if result.reason == "stopped early":
        print(f"(stopped after segment {args.until})")
    return 0


def _tell(args: argparse.Namespace, scenario: ScenarioSpec, events: list[Event]) -> None:
    if args.jsonl:
        args.jsonl.write_text("".join(to_json_line(e) + "\n" for e in events), encoding="utf-8")
    tell = explained_narrative if args.explain else narrate
    print("\n".join(tell(events, display_names(scenario))))


def _failed(
    args: argparse.Namespace,
    scenario: ScenarioSpec,
    events: list[Event],
    error: BaseException,
    what: str = "raised an error",
) -> int:
    """The narrative up to the error, then what failed, where, and the traceback; status 1."""
    _tell(args, scenario, events)
    failure = failure_of(error)
    segment = events[-1].segment if events else 0
    print(f"\nThe run {what} after segment {segment}: {failure.summary()}")
    print(failure.traceback, end="")
    return 1
