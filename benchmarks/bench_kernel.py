"""Encounters per second and resolved actions per second on the reference scenario, against the
bare kernel: a SimPy skeleton scheduling the same number of events (``bare_kernel.py``).

    .venv/bin/python benchmarks/bench_kernel.py [SCENARIO] [--runs N] [--repeat R] [--seed S]

SCENARIO defaults to ``scenarios/seraph_vs_sphinx.toml``. One :class:`Simulation` is prepared
once (plugins, charts, characters), as a batch does, and ``--runs`` seeds are played in a row:
that whole sequence is one measurement, taken ``--repeat`` times alternately with the bare
kernel doing the same runs' SimPy events; medians are reported, in CPU time unless
``--clock wall`` (``bare_kernel.py``). A counting pass before the timing (not timed) reads each
run's log and SimPy event counter. ``--fast-calls off`` measures the simulation without action
dispatch and with refusals asked every time (``Simulation(fast_calls=False)``), for a
before/after on the same tree.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

from bare_kernel import (
    CLOCKS,
    REFERENCE_SCENARIO,
    alternate,
    bare_kernel,
    machine,
    median_seconds,
    scheduled_events,
    use_clock,
)

from mands_sim.events import ActionResolved
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

RULES_COST_AIM = 20.0
"""The aim (``docs/performance.md``): the rules cost at most 20× the bare kernel on the same
event count (10× as a stretch)."""


@dataclass(frozen=True, slots=True)
class Workload:
    """What ``runs`` encounters did, counted once before any timing."""

    runs: int
    combatants: int
    resolved: int
    """``ActionResolved`` events: actions that completed and took effect."""
    logged: int
    """Events in the encounters' logs."""
    scheduled: tuple[int, ...]
    """SimPy events each run scheduled."""


@dataclass(frozen=True, slots=True)
class Measurement:
    """Median seconds for the whole workload, and for the bare kernel on its event counts."""

    workload: Workload
    seconds: float
    bare_seconds: float
    ratio: float
    """Median over repeats of (real time / bare-kernel time) measured back to back."""

    @property
    def per_run(self) -> float:
        return self.seconds / self.workload.runs

    @property
    def per_action(self) -> float:
        return self.seconds / max(1, self.workload.resolved)


def count(simulation: Simulation, seeds: range, until: int | None = None) -> Workload:
    """Play each seed once (untimed) and count what it did."""
    resolved = logged = combatants = 0
    scheduled = []
    for seed in seeds:
        encounter = simulation.start(seed=seed)
        encounter.run(until=until)
        resolved += sum(isinstance(event, ActionResolved) for event in encounter.log)
        logged += len(encounter.log)
        scheduled.append(scheduled_events(encounter))
        combatants = len(list(encounter.state.ids()))
    return Workload(len(seeds), combatants, resolved, logged, tuple(scheduled))


def measure(
    simulation: Simulation, seeds: range, repeat: int, until: int | None = None
) -> Measurement:
    """Time the seeds' runs and the bare kernel on the same SimPy event counts, in turn."""
    workload = count(simulation, seeds, until)

    def real() -> None:
        for seed in seeds:
            simulation.run(seed=seed, until=until)

    def bare() -> None:
        for events in workload.scheduled:
            bare_kernel(workload.combatants, events)

    seconds, bare_seconds, ratio = alternate(real, bare, repeat)
    return Measurement(workload, seconds, bare_seconds, ratio)


def check_bare_kernel(workload: Workload) -> None:
    """The skeleton schedules exactly the events it stands in for (else the ratio means little)."""
    for events in set(workload.scheduled):
        done = bare_kernel(workload.combatants, events)
        if done != events:
            raise SystemExit(f"bare kernel scheduled {done} events, not {events}")


def report(scenario: Path, result: Measurement, prepare: float, args: argparse.Namespace) -> None:
    w = result.workload
    runs, seconds = w.runs, result.seconds
    print(machine())
    print(
        f"{scenario.name}: {runs} runs (seeds in a row), {w.combatants} combatants, "
        f"{args.clock} time, median of {args.repeat} repeats; "
        f"prepare once: {prepare * 1000:.1f} ms; fast calls {args.fast_calls}"
    )
    print(f"{'':24}{'per run':>12}{'per second':>14}")
    print(f"{'encounters':24}{seconds / runs * 1000:>9.3f} ms{runs / seconds:>12,.0f}/s")
    print(f"{'resolved actions':24}{w.resolved / runs:>12.1f}{w.resolved / seconds:>12,.0f}/s")
    print(f"{'logged events':24}{w.logged / runs:>12.1f}{w.logged / seconds:>12,.0f}/s")
    print(
        f"{'SimPy events':24}{sum(w.scheduled) / runs:>12.1f}{sum(w.scheduled) / seconds:>12,.0f}/s"
    )
    print(
        f"{'bare kernel':24}{result.bare_seconds / runs * 1000:>9.3f} ms"
        f"{sum(w.scheduled) / result.bare_seconds:>12,.0f}/s  (SimPy events)"
    )
    met = "met" if result.ratio <= RULES_COST_AIM else "not met"
    print(
        f"rules cost: {result.ratio:.1f}x the bare kernel on the same event count "
        f"(aim <= {RULES_COST_AIM:.0f}x: {met})"
    )
    per_action_bare = result.bare_seconds / max(1, w.resolved)
    print(
        f"per resolved action: {result.per_action * 1e6:.0f} us "
        f"= {result.per_action / per_action_bare:.1f}x the bare kernel's time per action"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", nargs="?", type=Path, default=REFERENCE_SCENARIO)
    parser.add_argument("--runs", type=int, default=200, help="seeds per measurement")
    parser.add_argument("--repeat", type=int, default=7, help="measurements (median taken)")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu", help="default: cpu")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument(
        "--fast-calls",
        choices=("on", "off"),
        default="on",
        help="off: every implementation of every action hook for every action (the old way)",
    )
    args = parser.parse_args()
    use_clock(args.clock)
    spec = load_scenario(args.scenario)
    fast_calls = args.fast_calls == "on"
    prepare = median_seconds(lambda: Simulation(spec, fast_calls=fast_calls).prepare(), 3)
    simulation = Simulation(spec, fast_calls=fast_calls)
    simulation.prepare()
    seeds = range(args.seed, args.seed + args.runs)
    result = measure(simulation, seeds, args.repeat)
    check_bare_kernel(result.workload)
    report(args.scenario, result, prepare, args)


if __name__ == "__main__":
    main()
