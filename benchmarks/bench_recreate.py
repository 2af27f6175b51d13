"""What one re-creation costs (``mands_sim.kernel.snapshot``), against one plain run.

    .venv/bin/python benchmarks/bench_recreate.py [--repeat N] [--seed S]

Scenario: ``scenarios/seraph_vs_sphinx.toml``. The real fist fight is over in 50-100 segments,
so the segments 100, 500 and 1000 are measured on the same scenario with pulled punches (a
plugin resolving every blow without effect), which fights on to the 2500-segment time limit;
the real fight is measured at its last segment. Each figure is the best of ``--repeat`` runs
in this process (as ``timeit`` advises: the least disturbed by other load); ratios are against
one plain ``Simulation.run()`` of the same configuration, measured the same way in the same run.
A re-creation replays every segment up to the snapshot, so its cost grows with the segment.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mands_sim.api import hookimpl
from mands_sim.kernel.snapshot import Snapshot, recreate, start, take_snapshot
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

SCENARIO = Path(__file__).resolve().parent.parent / "scenarios" / "seraph_vs_sphinx.toml"
SEGMENTS = (100, 500, 1000)


class PulledPunches:
    """Every blow resolves without effect: the fight lasts to the time limit."""

    @hookimpl
    def mands_resolution_gate(self, encounter: Any, actor: str, action: Any) -> list[Any]:
        return []


def best_seconds(work: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        begun = time.perf_counter()
        work()
        times.append(time.perf_counter() - begun)
    return min(times)


def snapshot_at(simulation: Simulation, segment: int | None) -> Snapshot:
    encounter = start(simulation)
    encounter.run(until=segment)
    return take_snapshot(encounter)


def report(
    name: str, simulation: Simulation, segments: tuple[int | None, ...], repeat: int
) -> None:
    baseline = best_seconds(simulation.run, repeat)
    build = best_seconds(simulation.build, repeat)
    print(f"\n{name}: one plain run {baseline * 1000:.1f} ms (build alone {build * 1000:.2f} ms)")
    columns = ("segment", 8), ("decisions", 9), ("events", 7), ("snapshot", 9), ("recreate", 9)
    print(" ".join(f"{name:>{width}}" for name, width in columns), f"{'ratio':>6}")
    for segment in segments:
        snapshot = snapshot_at(simulation, segment)
        encounter = start(simulation)
        encounter.run(until=snapshot.segment)
        taking = best_seconds(lambda e=encounter: take_snapshot(e), repeat)
        cost = best_seconds(lambda s=snapshot: recreate(simulation, s), repeat)
        print(
            f"{snapshot.segment:>8} {snapshot.decisions:>9} {snapshot.log_length:>7} "
            f"{taking * 1e6:>7.0f}µs {cost * 1000:>7.1f}ms {cost / baseline:>6.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    spec = load_scenario(SCENARIO)
    sparring = Simulation(spec, seed=args.seed, extra_plugins={"pulled": PulledPunches()})
    report("pulled punches (to the 2500-segment limit)", sparring, SEGMENTS, args.repeat)
    report(
        "the real fight (at its last segment)",
        Simulation(spec, seed=args.seed),
        (None,),
        args.repeat,
    )


if __name__ == "__main__":
    main()
