"""Throughput of a batch on the local process pool against a Dask cluster on this machine, in
the same run: runs per second of wall-clock time, and their ratio.

    .venv/bin/python benchmarks/bench_executors.py [SCENARIO] [--runs 2000] [--workers 2]

SCENARIO defaults to the duel (``scenarios/seraph_vs_sphinx.toml``). The pool has ``--workers``
processes; the cluster is a ``distributed.LocalCluster`` of as many worker processes with one
thread each. Each executor plays a fresh batch of the same runs (same seed) into a fresh store,
twice: the first Dask batch pays its workers' imports and preparation, the second finds them
ready (as a long-lived cluster would). The reports must be equal; the script says if not.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from bare_kernel import REFERENCE_SCENARIO, machine
from distributed import Client, LocalCluster

from mands_sim.batch.runner import BatchOptions, run_batch


def timed(scenario: str, options: BatchOptions, client: Client | None) -> tuple[float, str]:
    """Wall-clock seconds of a fresh batch, and its aggregate's ``repr``."""
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        result = run_batch(scenario, options, store=Path(folder) / "s.db", client=client)
        return time.perf_counter() - started, repr(result.aggregate)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenario", nargs="?", default=REFERENCE_SCENARIO)
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(machine())
    options = BatchOptions(runs=args.runs, seed=1, jobs=args.workers)
    cluster = LocalCluster(
        n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with Client(cluster) as client:
        rows = []
        for label, on in (
            ("pool", None),
            ("dask, cold", client),
            ("pool", None),
            ("dask, warm", client),
        ):
            seconds, aggregate = timed(args.scenario, options, on)
            rows.append((label, seconds, aggregate))
            print(f"{label:12} {seconds:7.1f} s  {args.runs / seconds:8.1f} runs/s")
    cluster.close()
    pool = min(s for label, s, _ in rows if label == "pool")
    warm = next(s for label, s, _ in rows if label == "dask, warm")
    print(f"dask (warm) / pool throughput: {pool / warm:.2f}")
    if len({aggregate for _, _, aggregate in rows}) != 1:
        print("THE REPORTS DIFFER")


if __name__ == "__main__":
    main()
