"""``mands-sim replay SCENARIO --seed N``: one run told as a narrative, optionally as JSONL."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from mands_sim.events import Event, to_json_line
from mands_sim.narrative import display_names, narrate
from mands_sim.policy import explained_narrative
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay", help="run one encounter with a seed and tell it segment by segment"
    )
    parser.add_argument("scenario", type=Path, help="scenario file (TOML)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    parser.add_argument("--jsonl", type=Path, help="also write the event log to this file")
    parser.add_argument("--until", type=int, metavar="SEGMENT", help="stop after this segment")
    parser.add_argument(
        "--explain",
        action="store_true",
        help="under each explained decision, list what the policy passed over and why",
    )
    parser.add_argument(
        "--disable", action="append", default=[], metavar="NAME", help="do not load this plugin"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    scenario = load_scenario(args.scenario)
    events: list[Event] = []
    simulation = Simulation(scenario, seed=args.seed, disabled=tuple(args.disable))
    result = simulation.run(until=args.until, observers=[events.append])
    if args.jsonl:
        args.jsonl.write_text("".join(to_json_line(e) + "\n" for e in events), encoding="utf-8")
    tell = explained_narrative if args.explain else narrate
    print("\n".join(tell(events, display_names(scenario))))
    if result.reason == "stopped early":
        print(f"(stopped after segment {args.until})")
    return 0
