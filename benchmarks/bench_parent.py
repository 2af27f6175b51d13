"""The batch process's own cost per run: the CPU time of the process that runs a batch (not its
workers), as the slope between a small and a big batch, so that loading the plugins and
preparing the simulation (the same in both) cancel out.

    .venv/bin/python benchmarks/bench_parent.py [SCENARIO] [--small 200] [--big 2000]
                                                [--jobs 2] [--repeat 2]

SCENARIO defaults to the duel (``scenarios/seraph_vs_sphinx.toml``): short runs make the
parent's share largest. Each batch is played into a fresh store; the least CPU time of
``--repeat`` batches of each size is taken. What the parent does per run: write the row and its
digest, and merge the chunk tallies the workers send (``mands_sim.batch.runner``).
"""

from __future__ import annotations

import argparse
import resource
import tempfile
from pathlib import Path

from bare_kernel import REFERENCE_SCENARIO, machine

from mands_sim.batch.runner import BatchOptions, run_batch

PARENT_AIM_MS = 0.05
"""The aim (``docs/performance.md``): at most 0.05 ms of the parent's CPU time per run."""


def parent_seconds(scenario: str, runs: int, jobs: int) -> float:
    """CPU seconds this process spends running a fresh batch of ``runs`` runs."""
    with tempfile.TemporaryDirectory() as folder:
        before = resource.getrusage(resource.RUSAGE_SELF)
        options = BatchOptions(runs=runs, jobs=jobs, seed=3)
        run_batch(scenario, options, store=Path(folder) / "store.sqlite")
        after = resource.getrusage(resource.RUSAGE_SELF)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenario", nargs="?", default=str(REFERENCE_SCENARIO))
    parser.add_argument("--small", type=int, default=200)
    parser.add_argument("--big", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    print(machine())
    small = min(parent_seconds(args.scenario, args.small, args.jobs) for _ in range(args.repeat))
    big = min(parent_seconds(args.scenario, args.big, args.jobs) for _ in range(args.repeat))
    slope = (big - small) / (args.big - args.small) * 1000
    met = "met" if slope <= PARENT_AIM_MS else "not met"
    print(f"{Path(args.scenario).name}, {args.jobs} jobs: parent CPU {small:.3f} s for "
          f"{args.small} runs, {big:.3f} s for {args.big}")  # fmt: skip
    print(f"the parent's cost per run: {slope:.4f} ms (aim <= {PARENT_AIM_MS} ms: {met})")


if __name__ == "__main__":
    main()
