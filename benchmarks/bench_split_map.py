"""Does how finely the map is drawn change the outcome? (G-245 … G-248)

    .venv/bin/python benchmarks/bench_split_map.py [--scenarios grunts.toml,street_chase.toml]
        [--runs 2000] [--pieces 2] [--seed 0]

For each scenario (default: every bundled scenario with an edge), plays ``--runs`` runs on its
own map and as many on the same map with every edge of open ground split into ``--pieces``
edges by places only passed (:func:`mands_sim.scenario.split_edges`), with the same run seeds
(``mands_sim.batch.seeds.run_seed``). Prints each side's win rate and the share of runs nobody won,
each with its Wilson 95 % interval, on both maps, and the largest gap between them.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from mands_sim.batch.seeds import run_seed
from mands_sim.batch.stats import wilson
from mands_sim.scenario import ScenarioSpec, load_scenario, split_edges
from mands_sim.simulation import Simulation

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def outcomes(spec: ScenarioSpec, runs: int, seed: int) -> Counter[str]:
    """Who won each run (``-``: nobody), runs played with the batch's run seeds."""
    simulation = Simulation(spec)
    return Counter(simulation.run(seed=run_seed(seed, i)).winner or "-" for i in range(runs))


def rate(count: int, runs: int) -> str:
    interval = wilson(count, runs)
    return f"{interval.estimate:6.3f} [{interval.low:.3f}, {interval.high:.3f}]"


def compare(path: Path, runs: int, pieces: int, seed: int) -> None:
    spec = load_scenario(path)
    plain, fine = outcomes(spec, runs, seed), outcomes(split_edges(spec, pieces), runs, seed)
    print(f"\n{path.name}: {runs} runs per map, seed {seed}, edges split in {pieces}")
    print(f"  {'outcome':<16} {'as drawn':>24} {'split':>24}")
    gap = 0.0
    for kind in [side.name for side in spec.sides] + ["-"]:
        print(f"  {kind:<16} {rate(plain[kind], runs):>24} {rate(fine[kind], runs):>24}")
        gap = max(gap, abs(plain[kind] - fine[kind]) / runs)
    print(f"  largest gap {gap:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenarios", default="")
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--pieces", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    names = [n for n in args.scenarios.split(",") if n]
    paths = [SCENARIOS / n for n in names] or sorted(SCENARIOS.glob("*.toml"))
    for path in paths:
        if load_scenario(path).map.edges:
            compare(path, args.runs, args.pieces, args.seed)


if __name__ == "__main__":
    main()
