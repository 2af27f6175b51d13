"""Where a run's time goes: Python function calls, hook calls and plugin-implementation calls
per run and per resolved action, the functions with the most time of their own, and the time
of each module, under ``cProfile``.

    .venv/bin/python benchmarks/profile_run.py [SCENARIO] [--runs N] [--top K]

SCENARIO defaults to ``scenarios/bank_job.toml``. One :class:`Simulation` is prepared and warmed
up by one run (not profiled), then ``--runs`` seeds are played in a row under ``cProfile``.
``cProfile`` costs per call, so it overstates small functions: the shares say where to look,
a timed before/after (``bench_kernel.py``) says whether a change pays.

* **hook calls**: calls of one hook over its implementations — pluggy's executor
  (``_multicall``) and the dispatch's own plain calls (``plugin_calls.call_plain``);
* **implementation calls**: calls of plugins' hook implementations (functions named
  ``mands_*``), of which **answered nothing** is the share that returned ``None`` or an empty
  list (counted by wrapping every implementation for a separate, unprofiled pass).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bare_kernel import ROOT, machine

from mands_sim.events import ActionResolved
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

HOOK_CALLS = (("_execution.py", "_multicall"), ("plugin_calls.py", "call_plain"))
"""The functions whose calls count as hook calls: pluggy's executor and the plain dispatch."""


def resolved_actions(simulation: Simulation, seeds: range) -> int:
    """``ActionResolved`` events over ``seeds``, counted in an unprofiled pass."""
    total = 0
    for seed in seeds:
        encounter = simulation.start(seed=seed)
        encounter.run()
        total += sum(1 for event in encounter.log if isinstance(event, ActionResolved))
    return total


def profiled(simulation: Simulation, seeds: range) -> pstats.Stats:
    profile = cProfile.Profile()
    profile.enable()
    for seed in seeds:
        simulation.run(seed=seed)
    profile.disable()
    return pstats.Stats(profile)


def calls_of(stats: pstats.Stats, wanted: Callable[[str, str], bool]) -> int:
    entries: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    return sum(nc for (path, _, name), (_, nc, *_rest) in entries.items() if wanted(path, name))


def empty_answers(simulation: Simulation, seeds: range) -> tuple[int, int]:
    """(implementation calls, those that answered nothing) over ``seeds``, counted by wrapping
    every hook implementation of the prepared plugin manager."""
    pm = simulation.prepare().pm
    counts = Counter[bool]()
    originals = []
    for hook in vars(pm.hook).values():
        for impl in getattr(hook, "get_hookimpls", lambda: [])():
            original = impl.function

            def counted(*args: Any, _original: Any = original, **kwargs: Any) -> Any:
                answer = _original(*args, **kwargs)
                counts[answer is None or answer == []] += 1
                return answer

            originals.append((impl, original))
            impl.function = counted
    try:
        for seed in seeds:
            simulation.run(seed=seed)
    finally:
        for impl, original in originals:
            impl.function = original
    return counts.total(), counts[True]


def by_module(stats: pstats.Stats) -> list[tuple[str, float, int]]:
    """Own time and calls per source file (the standard library's and site-packages' by their
    file name), largest first."""
    time: Counter[str] = Counter()
    calls: Counter[str] = Counter()
    entries: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    for (path, _, name), (_, nc, tottime, *_rest) in entries.items():
        key = _module(path, name)
        time[key] += tottime
        calls[key] += nc
    return [(key, seconds, calls[key]) for key, seconds in time.most_common()]


def _module(path: str, name: str) -> str:
    if path == "~":
        return name
    for marker in ("/src/", "/plugins/", "site-packages/"):
        if marker in path:
            return path.split(marker, 1)[1]
    return Path(path).name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenario", nargs="?", default=str(ROOT / "scenarios" / "bank_job.toml"))
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    simulation = Simulation(load_scenario(args.scenario))
    simulation.run(seed=10_000)
    seeds = range(args.runs)
    actions = resolved_actions(simulation, seeds)
    implementations, empty = empty_answers(simulation, seeds)
    stats = profiled(simulation, seeds)
    total = stats.total_tt  # type: ignore[attr-defined]
    hooks = calls_of(stats, lambda path, name: (Path(path).name, name) in HOOK_CALLS)
    print(machine())
    per_run = actions / args.runs
    print(f"{Path(args.scenario).name}: {args.runs} runs, {per_run:.1f} resolved actions per run")
    rows = [
        ("Python function calls", stats.total_calls),  # type: ignore[attr-defined]
        ("hook calls", hooks),
        ("implementation calls", implementations),
    ]
    print(f"{'':<24}{'per run':>12}{'per action':>12}")
    for label, count in rows:
        print(f"{label:<24}{count / args.runs:>12,.0f}{count / max(1, actions):>12,.1f}")
    print(f"implementation calls that answered nothing: {empty / max(1, implementations):.0%}")
    print(f"\nmost own time ({total:.2f} s under cProfile):")
    for (path, line, name), (_, nc, tottime, *_rest) in _top(stats, args.top):
        where = name if path == "~" else f"{_module(path, name)}:{line} {name}"
        print(f"{tottime / total:6.1%} {nc / args.runs:>9,.0f}/run  {where}")
    print("\nown time by module:")
    for key, seconds, count in by_module(stats)[: args.top]:
        print(f"{seconds / total:6.1%} {count / args.runs:>9,.0f}/run  {key}")


def _top(stats: pstats.Stats, count: int) -> list[tuple[Any, Any]]:
    entries: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    return sorted(entries.items(), key=lambda item: -item[1][2])[:count]


if __name__ == "__main__":
    main()
