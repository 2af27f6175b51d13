"""The bare-kernel baseline every benchmark divides by, and the timing helpers they share.

The baseline is a SimPy skeleton with the kernel's shape and none of its rules: one process
per combatant, each asleep on an event, and a driver process that, entry by entry, moves the
clock on one segment, wakes one combatant and yields a zero timeout — as the kernel's driver
(``Encounter._drive``) does for every agenda entry. It is sized to *schedule exactly as many
SimPy events* as the encounter it stands beside (SimPy numbers every event it schedules, and
``Environment._eid`` is that counter), so the ratio of the two times is what the rules, the
plugins and the kernel's own bookkeeping cost on top of SimPy on the same event count.

Timings are taken in this process, by default as the CPU time the process used
(``time.process_time``: on a machine busy with other work, wall time also counts the time the
process waited for a core); ``--clock wall`` takes ``time.perf_counter`` instead. Every figure
is the median of ``repeat`` measurements, and the real work and its baseline are measured
alternately in each repeat, so both see the same load.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

import simpy

from mands_sim.kernel.encounter import Encounter

ROOT = Path(__file__).resolve().parent.parent
REFERENCE_SCENARIO = ROOT / "scenarios" / "seraph_vs_sphinx.toml"
"""The reference scenario until the bank job arrives (issue 7)."""

_DRIVER_EVENTS = 3
"""Events the driver costs besides its entries: its start, its end, and the stop that
``env.run(until=driver)`` schedules when the driver ends (the kernel runs the same way)."""


def scheduled_events(encounter: Encounter) -> int:
    """How many events SimPy has scheduled in ``encounter`` so far (its event-id counter)."""
    counter: Any = encounter.env._eid
    return int(next(counter))


def bare_kernel(combatants: int, scheduled: int) -> int:
    """Run the SimPy skeleton until it has scheduled ``scheduled`` events; returns the count.

    ``combatants`` processes start (one event each); the driver adds :data:`_DRIVER_EVENTS`;
    each agenda entry is three events: the timeout to its segment, the wake, the zero timeout.
    """
    env = simpy.Environment()
    wakes = [env.event() for _ in range(combatants)]

    def combatant(index: int) -> Generator[simpy.Event, Any, None]:
        while True:
            yield wakes[index]
            wakes[index] = env.event()

    def driver(budget: int) -> Generator[simpy.Event, Any, None]:
        entry = 0
        while budget >= 3:
            yield env.timeout(1)
            wakes[entry % combatants].succeed()
            yield env.timeout(0)
            budget -= 3
            entry += 1
        for _ in range(budget):
            yield env.timeout(0)

    for index in range(combatants):
        env.process(combatant(index))
    budget = max(0, scheduled - combatants - _DRIVER_EVENTS)
    env.run(until=env.process(driver(budget)))
    return int(next(env._eid))


CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}
"""The clocks a benchmark can time with (``--clock``)."""

_clock = CLOCKS["cpu"]


def use_clock(name: str) -> None:
    """Time with clock ``name`` (a key of :data:`CLOCKS`) from now on."""
    global _clock
    _clock = CLOCKS[name]


def median_seconds(work: Callable[[], object], repeat: int) -> float:
    """The median wall time of ``repeat`` calls of ``work``."""
    return statistics.median(timed(work) for _ in range(repeat))


def timed(work: Callable[[], object]) -> float:
    """Seconds ``work`` took on the chosen clock."""
    begun = _clock()
    work()
    return _clock() - begun


def alternate(
    real: Callable[[], object], baseline: Callable[[], object], repeat: int
) -> tuple[float, float, float]:
    """Medians of ``real``, of ``baseline``, and of their per-repeat ratio, timed in turn."""
    reals, bases = [], []
    for _ in range(repeat):
        reals.append(timed(real))
        bases.append(timed(baseline))
    ratios = [r / b for r, b in zip(reals, bases, strict=True)]
    return statistics.median(reals), statistics.median(bases), statistics.median(ratios)


def machine() -> str:
    """One line naming the machine: cores, CPU model, Python, load at the start."""
    model = "unknown CPU"
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return (
        f"{os.cpu_count()} cores (nproc), {model}, Python {platform.python_version()} "
        f"({sys.implementation.name}), SimPy {simpy.__version__}, load average {load}"
    )
