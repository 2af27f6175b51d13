"""Per-action cost from 2 to 100 combatants, as ratios to the 2-combatant cost and to the bare
kernel (a SimPy skeleton scheduling the same number of events, ``bare_kernel.py``).

    .venv/bin/python benchmarks/bench_scaling.py [--sizes 2,4,10,20,50,100] [--until SEGMENT]
                                                 [--min-actions N] [--repeat R]
                                                 [--fast-calls on|off]

Each size is a scenario made in memory: two sides of the seed's sample grunts
(``characters/dexter.toml`` and ``characters/sinister.toml``, as groups with ``count``), all in
one place so they fight at once. Every run stops at segment ``--until`` (default 250, one
minute of game time, ``docs/rules/combat.md`` §1) or when a side is out; seeds 0, 1, … are played
until at least ``--min-actions`` actions have resolved, and that set of runs is one
measurement, taken ``--repeat`` times alternately with the bare kernel (medians reported, in
CPU time unless ``--clock wall``).
"""

from __future__ import annotations

import argparse
from typing import Any

from bare_kernel import CLOCKS, ROOT, machine, use_clock
from bench_kernel import Measurement, count, measure

from mands_sim.scenario import ScenarioSpec, parse_scenario
from mands_sim.simulation import Simulation

FLATNESS_AIM = 0.30
"""Issue 7's aim: per-action cost flat within ±30 % from 2 to 100 combatants."""

GRUNTS = ("dexter", "sinister")


def brawl(combatants: int, time_limit: int = 2500) -> ScenarioSpec:
    """``combatants`` grunts in one yard, half Dexters, half Sinisters (one more if odd)."""
    if combatants < 2:
        raise ValueError("a brawl needs at least 2 combatants")
    dexters = combatants // 2
    counts = {"dexter": dexters, "sinister": combatants - dexters}
    raw: dict[str, Any] = {
        "format": 1,
        "name": f"brawl of {combatants}",
        "map": {"places": [{"name": "yard"}]},
        "sides": [
            {
                "name": f"{grunt}s",
                "characters": [
                    {
                        "id": grunt,
                        "count": counts[grunt],
                        "sheet": f"characters/{grunt}.toml",
                        "place": "yard",
                    }
                ],
            }
            for grunt in GRUNTS
        ],
        "stop": {"time_limit": time_limit, "when": ["side-out-of-action"]},
    }
    return parse_scenario(raw, base_dir=ROOT / "scenarios")


def seeds_for(simulation: Simulation, min_actions: int, until: int) -> range:
    """The fewest seeds 0, 1, … whose runs resolve at least ``min_actions`` actions."""
    seeds, resolved = 0, 0
    while resolved < min_actions:
        resolved += count(simulation, range(seeds, seeds + 1), until).resolved
        seeds += 1
    return range(seeds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="2,4,10,20,50,100", help="comma-separated counts")
    parser.add_argument("--until", type=int, default=250, help="last segment of each run")
    parser.add_argument("--min-actions", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5, help="measurements (median taken)")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu", help="default: cpu")
    parser.add_argument(
        "--fast-calls", choices=("on", "off"), default="on", help="off: fast_calls=False"
    )
    args = parser.parse_args()
    use_clock(args.clock)
    sizes = [int(size) for size in args.sizes.split(",")]
    print(machine())
    print(
        f"runs to segment {args.until}; {args.clock} time, median of {args.repeat} repeats; "
        f"fast calls {args.fast_calls}"
    )
    print(
        f"{'combatants':>10} {'runs':>5} {'actions':>8} {'events/run':>11} {'us/action':>10}"
        f" {f'vs {sizes[0]}':>9} {'bare us/action':>15} {'vs bare':>8}"
    )
    results: list[Measurement] = []
    for size in sizes:
        simulation = Simulation(brawl(size), fast_calls=args.fast_calls == "on")
        simulation.prepare()
        seeds = seeds_for(simulation, args.min_actions, args.until)
        result = measure(simulation, seeds, args.repeat, until=args.until)
        results.append(result)
        w = result.workload
        bare_per_action = result.bare_seconds / max(1, w.resolved)
        print(
            f"{size:>10} {w.runs:>5} {w.resolved:>8} {sum(w.scheduled) / w.runs:>11.0f}"
            f" {result.per_action * 1e6:>10.0f} {result.per_action / results[0].per_action:>9.2f}"
            f" {bare_per_action * 1e6:>15.1f} {result.ratio:>8.1f}"
        )
    spread = max(abs(r.per_action / results[0].per_action - 1) for r in results)
    met = "met" if spread <= FLATNESS_AIM else "not met"
    print(
        f"largest change of the per-action cost from {sizes[0]} combatants: {spread:+.0%} "
        f"(aim within ±{FLATNESS_AIM:.0%}: {met})"
    )


if __name__ == "__main__":
    main()
