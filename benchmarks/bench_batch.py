"""A batch report's wall time with 1 and 2 jobs (the speed-up), and a big batch's peak memory,
against the bare kernel (a SimPy skeleton scheduling the same number of events).

    .venv/bin/python benchmarks/bench_batch.py [SCENARIO] [--runs 10000] [--repeat 3]
                                              [--memory-runs 100000] [--memory-jobs 2]
                                              [--jobs 1,2]

SCENARIO defaults to ``scenarios/seraph_vs_sphinx.toml``. A report is what ``mands-sim run
SCENARIO --runs N --quiet`` makes: ``run_batch`` into a fresh results store, then the summary
rendered as text. Every measurement runs in a fresh Python process, so its peak resident set
(``resource.getrusage``: ``RUSAGE_SELF`` for the parent, ``RUSAGE_CHILDREN`` for the largest
worker, read after the workers have exited) belongs to that batch alone. The report time is
taken inside that process (imports and start-up are shown apart).

The bare-kernel time of a batch is estimated in this process, in the same run: the SimPy event
counts of the batch's first ``--sample`` runs are played by the skeleton, and the time is
scaled to the batch's run count. With 2 jobs the ratio is still against that one-core figure.
Each report's CPU seconds (parent and workers, from ``getrusage``) are shown too: on a machine
busy with other work the wall-clock speed-up is mostly a measure of the load, and "if both
cores were free" is the CPU time of 1 job over half the CPU time of 2 jobs (an estimate).
``--memory-runs 0`` skips the memory measurement.
"""

from __future__ import annotations

import argparse
import io
import json
import multiprocessing
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bare_kernel import REFERENCE_SCENARIO, bare_kernel, machine, median_seconds, scheduled_events

MEMORY_AIM_MB = 300
"""The aim (``docs/performance.md``): peak memory under 300 MB at any run count."""

REPORT_AIM_SECONDS = 40.0
"""The aim (``docs/performance.md``): a 10,000-run report of the reference scenario within
40 s on two free cores."""


def child(scenario: Path, runs: int, jobs: int) -> dict[str, Any]:
    """One report in this (fresh) process: its times and peak memory, as JSON-ready data."""
    begun = time.perf_counter()
    from rich.console import Console

    from mands_sim.batch.runner import BatchOptions, run_batch
    from mands_sim.report.summary import build_summary
    from mands_sim.report.terminal import render

    imported = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        options = BatchOptions(runs=runs, seed=0, jobs=jobs)
        result = run_batch(scenario, options, store=Path(folder) / "results.sqlite")
        render(build_summary(result), Console(file=io.StringIO(), width=100))
    done = time.perf_counter()
    _reap_workers()
    return {
        "runs": result.runs,
        "errors": result.errors,
        "start_seconds": imported - begun,
        "report_seconds": done - imported,
        "parent_mb": _maxrss_mb(resource.RUSAGE_SELF),
        "worker_mb": _maxrss_mb(resource.RUSAGE_CHILDREN),
        "parent_cpu": _cpu_seconds(resource.RUSAGE_SELF),
        "worker_cpu": _cpu_seconds(resource.RUSAGE_CHILDREN),
    }


def _reap_workers(timeout: float = 60.0) -> None:
    """Wait until the batch's worker processes have exited (their rusage counts only then)."""
    deadline = time.monotonic() + timeout
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)


def _cpu_seconds(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def _maxrss_mb(who: int) -> float:
    return resource.getrusage(who).ru_maxrss / 1024  # Linux: KiB


def measure_report(scenario: Path, runs: int, jobs: int) -> dict[str, Any]:
    """Run :func:`child` in a fresh interpreter and read what it measured."""
    command = [sys.executable, __file__, str(scenario), "--child", str(runs), str(jobs)]
    begun = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    measured: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    measured["wall_seconds"] = time.perf_counter() - begun
    return measured


def bare_seconds_per_run(scenario: Path, sample: int, repeat: int) -> float:
    """The bare kernel's time for one run of the batch, from the batch's first ``sample`` runs."""
    from mands_sim.batch.seeds import run_seed
    from mands_sim.scenario import load_scenario
    from mands_sim.simulation import Simulation

    simulation = Simulation(load_scenario(scenario))
    counts = []
    combatants = len(simulation.scenario.characters)
    for index in range(sample):
        encounter = simulation.start(seed=run_seed(0, index))
        encounter.run()
        counts.append(scheduled_events(encounter))

    def bare() -> None:
        for events in counts:
            bare_kernel(combatants, events)

    return median_seconds(bare, repeat) / sample


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", nargs="?", type=Path, default=REFERENCE_SCENARIO)
    parser.add_argument("--runs", type=int, default=10_000, help="runs of the timed report")
    parser.add_argument("--repeat", type=int, default=3, help="reports per job count (median)")
    parser.add_argument("--memory-runs", type=int, default=100_000, help="0: no memory batch")
    parser.add_argument("--memory-jobs", type=int, default=2)
    parser.add_argument("--sample", type=int, default=500, help="runs the bare kernel replays")
    parser.add_argument("--jobs", default="1,2", help="job counts of the timed report (1,2)")
    parser.add_argument(
        "--child", nargs=2, type=int, metavar=("RUNS", "JOBS"), help=argparse.SUPPRESS
    )
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.scenario, *args.child)))
        return
    print(machine())
    bare = bare_seconds_per_run(args.scenario, args.sample, 5) * args.runs
    print(
        f"{args.scenario.name}: {args.runs}-run report, median of {args.repeat} per job count; "
        f"bare kernel for the same runs: {bare:.3f} s (one core)"
    )
    print(
        f"{'jobs':>4} {'report s':>9} {'runs/s':>8} {'vs bare':>8} {'start s':>8}"
        f" {'parent cpu s':>13} {'workers cpu s':>14} {'parent MB':>10} {'worker MB':>10}"
    )
    medians, cpu = {}, {}
    job_counts = [int(jobs) for jobs in args.jobs.split(",")]
    for jobs in job_counts:
        reports = [measure_report(args.scenario, args.runs, jobs) for _ in range(args.repeat)]
        seconds = statistics.median(r["report_seconds"] for r in reports)
        medians[jobs] = seconds
        cpu[jobs] = statistics.median(r["parent_cpu"] + r["worker_cpu"] for r in reports)
        print(
            f"{jobs:>4} {seconds:>9.2f} {args.runs / seconds:>8.0f} {seconds / bare:>8.0f}"
            f" {statistics.median(r['start_seconds'] for r in reports):>8.2f}"
            f" {statistics.median(r['parent_cpu'] for r in reports):>13.1f}"
            f" {statistics.median(r['worker_cpu'] for r in reports):>14.1f}"
            f" {max(r['parent_mb'] for r in reports):>10.0f}"
            f" {max(r['worker_mb'] for r in reports):>10.0f}"
        )
    if 1 in medians and 2 in medians:
        print(
            f"speed-up from 1 to 2 jobs: {medians[1] / medians[2]:.2f}x measured; "
            f"{2 * cpu[1] / cpu[2]:.2f}x if both cores were free (CPU seconds: {cpu[1]:.1f} on "
            f"1 job, {cpu[2]:.1f} on 2)"
        )
    if 2 in medians:
        ten_thousand = medians[2] * 10_000 / args.runs
        met = "met" if ten_thousand <= REPORT_AIM_SECONDS else "not met"
        scaled = "" if args.runs == 10_000 else f" (scaled from {args.runs} runs)"
        print(
            f"a 10,000-run report on 2 jobs: {ten_thousand:.1f} s{scaled}; "
            f"{cpu[2] / 2 * 10_000 / args.runs:.1f} s if both cores were free "
            f"(aim <= {REPORT_AIM_SECONDS:.0f} s: {met})"
        )
    if args.memory_runs:
        big = measure_report(args.scenario, args.memory_runs, args.memory_jobs)
        peak = max(big["parent_mb"], big["worker_mb"])
        met = "met" if peak < MEMORY_AIM_MB else "not met"
        print(
            f"peak memory of a {big['runs']}-run batch on {args.memory_jobs} jobs "
            f"({big['report_seconds']:.0f} s): parent {big['parent_mb']:.0f} MB, "
            f"largest worker {big['worker_mb']:.0f} MB "
            f"(aim < {MEMORY_AIM_MB} MB each: {met}); {big['errors']} errors"
        )


if __name__ == "__main__":
    main()
