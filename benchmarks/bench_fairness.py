"""Fairness: verdicts that come from the encounter, not from how it was written down
(``docs/fairness.md`` holds the table this prints).

    .venv/bin/python benchmarks/bench_fairness.py [--runs 2000] [--jobs 2] [--seed 0]
        [--mirrors mirror_fists.toml,...] [--renamed grunts.toml,...] [--listing-seeds 20]
        [--defaults G227_tie_order=id,G228_same_segment_decisions=in_turn] [--json FILE]

**Mirror matches.** Each ``scenarios/mirror_*.toml`` sets one sheet and policy against itself on a
map symmetric between the sides. ``--runs`` runs each (run seeds ``mands_sim.batch.seeds.run_seed``
of ``--seed``); each side's win rate with a Wilson 95 % interval, and the difference west − east (a
win +1, a loss −1, anything else 0) with a normal 95 % interval: *even* when it holds 0.

**Renaming.** Each ``--renamed`` scenario as written and with every character id moved to the
next id in sorted order (``mands_sim.variants.rotation``), ``--runs`` runs each: each side's win
rate in both and the difference with a 95 % interval for two independent proportions (a run of
the renamed scenario draws other dice: the streams are keyed by id).

**Listing order.** Each bundled scenario and its sides and characters listed in reverse
(``mands_sim.variants.reordered``), ``--listing-seeds`` seeds: how many event logs are identical
(all of them must be).

``--defaults`` plays everything with other rules defaults, e.g. the order before G-227 and G-228
(``G227_tie_order=id,G228_same_segment_decisions=in_turn``), to see what they change.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
import tomllib
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from mands_sim.batch.records import RunRecord
from mands_sim.batch.runner import play_chunk
from mands_sim.batch.stats import wilson
from mands_sim.events import to_json_line
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from mands_sim.variants import character_ids, renamed, reordered, rotation, with_defaults

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"
CHUNK = 25
Z95 = 1.96
DEFAULT_RENAMED = (
    "grunts.toml",
    "armed_fight.toml",
    "ranged_duel.toml",
    "rooftop_standoff.toml",
    "street_chase.toml",
    "bank_job.toml",
)


def scenario_data(name: str, defaults: Mapping[str, str]) -> dict[str, Any]:
    with (SCENARIOS / name).open("rb") as file:
        return with_defaults(tomllib.load(file), defaults)


# -- workers ----------------------------------------------------------------------------------

_SIMULATIONS: dict[str, Simulation] = {}


def _play(job: tuple[str, str, int, list[int]]) -> list[RunRecord]:
    data, name, seed, indices = job
    simulation = _SIMULATIONS.get(data)
    if simulation is None:
        spec = parse_scenario(json.loads(data), path=SCENARIOS / name)
        simulation = _SIMULATIONS[data] = Simulation(spec)
    return play_chunk(simulation, seed, indices)


def play(
    pool: ProcessPoolExecutor, data: dict[str, Any], name: str, runs: int, seed: int
) -> list[RunRecord]:
    text = json.dumps(data, sort_keys=True)
    chunks = [list(range(i, min(i + CHUNK, runs))) for i in range(0, runs, CHUNK)]
    jobs = [(text, name, seed, chunk) for chunk in chunks]
    return [record for records in pool.map(_play, jobs) for record in records]


# -- measures ---------------------------------------------------------------------------------


def _interval(wins: int, runs: int) -> list[float]:
    found = wilson(wins, runs)
    return [round(found.estimate, 4), round(found.low, 4), round(found.high, 4)]


def mirror(pool: ProcessPoolExecutor, name: str, args: argparse.Namespace) -> dict[str, Any]:
    """One mirror match: both sides' win rates and the difference west − east."""
    data = scenario_data(name, args.defaults)
    west, east = (side["name"] for side in data["sides"])
    begun = time.perf_counter()
    records = play(pool, data, name, args.runs, args.seed)
    scores = [1 if r.winner == west else -1 if r.winner == east else 0 for r in records]
    mean = statistics.fmean(scores)
    spread = Z95 * statistics.pstdev(scores) / math.sqrt(len(scores))
    return {
        "scenario": name,
        "runs": len(records),
        "west": _interval(scores.count(1), len(records)),
        "east": _interval(scores.count(-1), len(records)),
        "draw": round(sum(r.winner is None and not r.timed_out for r in records) / len(records), 4),
        "timeout": round(sum(r.timed_out for r in records) / len(records), 4),
        "errors": sum(r.error is not None for r in records),
        "difference": [round(mean, 4), round(mean - spread, 4), round(mean + spread, 4)],
        "even": mean - spread <= 0 <= mean + spread,
        "wall_seconds": round(time.perf_counter() - begun, 1),
    }


def renaming(pool: ProcessPoolExecutor, name: str, args: argparse.Namespace) -> dict[str, Any]:
    """The scenario as written and renamed: each side's win rate and the difference."""
    data = scenario_data(name, args.defaults)
    names = rotation(character_ids(data))
    written = play(pool, data, name, args.runs, args.seed)
    moved = play(pool, renamed(data, names), name, args.runs, args.seed)
    back = {new: old for old, new in names.items()}
    sides = {}
    for side in (s["name"] for s in data["sides"]):
        a = sum(r.winner == side for r in written) / len(written)
        b = sum(back.get(str(r.winner), r.winner) == side for r in moved) / len(moved)
        spread = Z95 * math.sqrt(a * (1 - a) / len(written) + b * (1 - b) / len(moved))
        sides[side] = {
            "as_written": round(a, 4),
            "renamed": round(b, 4),
            "difference": [round(b - a, 4), round(b - a - spread, 4), round(b - a + spread, 4)],
            "within": b - a - spread <= 0 <= b - a + spread,
        }
    return {"scenario": name, "runs": args.runs, "names": names, "sides": sides}


def listing(name: str, args: argparse.Namespace) -> dict[str, Any]:
    """How many of ``--listing-seeds`` runs give the same event log listed in reverse."""
    data = scenario_data(name, args.defaults)
    simulations = [
        Simulation(parse_scenario(variant, path=SCENARIOS / name))
        for variant in (data, reordered(data))
    ]
    same = sum(
        len({_log(simulation, seed) for simulation in simulations}) == 1
        for seed in range(args.listing_seeds)
    )
    return {"scenario": name, "seeds": args.listing_seeds, "identical": same}


def _log(simulation: Simulation, seed: int) -> str:
    encounter = simulation.start(seed=seed)
    encounter.run()
    return "".join(to_json_line(event) + "\n" for event in encounter.log)


# -- the report -------------------------------------------------------------------------------


def _percent(triple: list[float]) -> str:
    return f"{100 * triple[0]:.1f} % ({100 * triple[1]:.1f}–{100 * triple[2]:.1f})"


def print_tables(found: dict[str, Any]) -> None:
    print("| mirror match | runs | west wins | east wins | draws | time limit | west − east |")
    print("|---|---|---|---|---|---|---|")
    for row in found["mirrors"]:
        d = row["difference"]
        verdict = "even" if row["even"] else "**uneven**"
        print(
            f"| {row['scenario']} | {row['runs']} | {_percent(row['west'])} | "
            f"{_percent(row['east'])} | {100 * row['draw']:.1f} % | {100 * row['timeout']:.1f} % "
            f"| {d[0]:+.3f} ({d[1]:+.3f} to {d[2]:+.3f}): {verdict} |"
        )
    print()
    print("| renamed scenario | side | as written | renamed | difference (95 %) |")
    print("|---|---|---|---|---|")
    for row in found["renamed"]:
        for side, s in row["sides"].items():
            d = s["difference"]
            mark = "" if s["within"] else " **outside**"
            print(
                f"| {row['scenario']} | {side} | {100 * s['as_written']:.1f} % | "
                f"{100 * s['renamed']:.1f} % | {d[0]:+.3f} ({d[1]:+.3f} to {d[2]:+.3f}){mark} |"
            )
    print()
    print("| listed in reverse | identical event logs |")
    print("|---|---|")
    for row in found["listing"]:
        print(f"| {row['scenario']} | {row['identical']} of {row['seeds']} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--mirrors", default="")
    parser.add_argument("--renamed", default=",".join(DEFAULT_RENAMED))
    parser.add_argument("--listing-seeds", type=int, default=20)
    parser.add_argument("--defaults", default="")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    args.defaults = dict(pair.split("=", 1) for pair in args.defaults.split(",") if pair)
    mirrors = (
        args.mirrors.split(",")
        if args.mirrors
        else [path.name for path in sorted(SCENARIOS.glob("mirror_*.toml"))]
    )
    renamed_names = [name for name in args.renamed.split(",") if name]
    bundled = [path.name for path in sorted(SCENARIOS.glob("*.toml"))]
    found: dict[str, Any] = {"runs": args.runs, "seed": args.seed, "defaults": args.defaults}
    with ProcessPoolExecutor(args.jobs) as pool:
        found["mirrors"] = [mirror(pool, name, args) for name in mirrors]
        found["renamed"] = [renaming(pool, name, args) for name in renamed_names]
    found["listing"] = [listing(name, args) for name in bundled] if args.listing_seeds else []
    print_tables(found)
    if args.json:
        args.json.write_text(json.dumps(found, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
