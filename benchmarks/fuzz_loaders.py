"""Fuzz the scenario and sheet loaders: how many mutated files, and how many tracebacks and hangs.

    .venv/bin/python benchmarks/fuzz_loaders.py [--examples 5000] [--seed 0] [--show 5]

Draws ``--examples`` mutated bundled scenarios and sheets (``tests/input_mutations.py``: keys
dropped or added, wrong types, huge, negative and non-finite numbers, odd text, deep nesting,
odd bytes, other encodings, truncation, files past the size bound, named pipes, loops of
symbolic links, folders) and loads each as ``mands-sim validate`` does. Prints how many loaded,
how many were refused with an error naming the file, how many gave any other exception (a
traceback) and how many took longer than ``HANG_SECONDS`` (a hang), with the time a case
takes; the first ``--show`` failures in full. Exit status 1 if there was a traceback or a hang.
The suite runs the same cases, a few hundred (``tests/property/test_input_fuzz_properties.py``);
the figures are in ``docs/reliability.md``.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, seed, settings

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # tests/input_mutations.py

from mands_sim.plugins import make_plugin_manager  # noqa: E402
from mands_sim.registry import collect_registries  # noqa: E402
from tests.input_mutations import HANG_SECONDS, SCENARIOS, Input, inputs, play  # noqa: E402


def fuzz(
    examples: int, master_seed: int, folder: Path
) -> tuple[Counter[str], list[str], list[float]]:
    """Play ``examples`` cases; the verdicts counted, the failures, the seconds per case."""
    registries = collect_registries(make_plugin_manager())
    verdicts: Counter[str] = Counter()
    failures: list[str] = []
    seconds: list[float] = []

    @seed(master_seed)
    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(inputs())
    def one(case: Input) -> None:
        start = time.perf_counter()
        outcome = play(case, folder, registries)
        seconds.append(time.perf_counter() - start)
        verdicts[outcome.verdict] += 1
        verdicts[f"{case.target}s"] += 1
        if outcome.detail:
            failures.append(outcome.detail)

    one()
    return verdicts, failures, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=5_000, help="cases to fuzz")
    parser.add_argument("--seed", type=int, default=0, help="the draws' seed")
    parser.add_argument("--show", type=int, default=5, help="failures to print in full")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "scenarios"
        shutil.copytree(SCENARIOS, folder)
        start = time.perf_counter()
        verdicts, failures, seconds = fuzz(args.examples, args.seed, folder)
        wall = time.perf_counter() - start
    cases = len(seconds)
    print(
        f"cases fuzzed   {cases} ({verdicts['scenarios']} scenarios, {verdicts['sheets']} sheets)"
    )
    print(f"loaded         {verdicts['loaded']}")
    print(f"refused        {verdicts['refused']} (an error naming the file)")
    print(f"tracebacks     {verdicts['traceback']}")
    print(f"hangs          {verdicts['hang']} (over {HANG_SECONDS:g} s)")
    print(
        f"time per case  median {statistics.median(seconds) * 1000:.1f} ms, "
        f"slowest {max(seconds):.2f} s; {wall:.0f} s in all"
    )
    for failure in failures[: args.show]:
        print(f"\n{failure}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
