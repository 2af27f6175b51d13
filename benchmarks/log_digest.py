"""Fingerprints of the JSONL event logs of the bundled scenarios: an optimisation must not
change a byte of them.

    .venv/bin/python benchmarks/log_digest.py --write before.json   # before the change
    .venv/bin/python benchmarks/log_digest.py --against before.json # after it: exit 1 if any differ

Each scenario in ``scenarios/*.toml`` is run for seeds 0..``--seeds`` (default 50) on one
:class:`~mands_sim.simulation.Simulation` (as a batch runs them), and the SHA-256 of each run's
JSONL log (``mands_sim.events.to_json_line``, what ``mands-sim replay --jsonl`` writes) is kept.

The suite holds seeds 0..2 of every bundled scenario to ``tests/data/log_digests.json``
(``tests/test_log_digest.py``); a deliberate change of behaviour rewrites that file with
``--seeds 2 --write tests/data/log_digests.json`` and says so in its commit.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

from mands_sim.events import Event, to_json_line
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def log_digests(seeds: int) -> dict[str, list[str]]:
    """``{scenario file name: [SHA-256 of the JSONL log of seed 0, 1, …]}``."""
    return {path.name: scenario_digests(path, seeds) for path in sorted(SCENARIOS.glob("*.toml"))}


def scenario_digests(path: Path, seeds: int) -> list[str]:
    """The SHA-256 of the JSONL log of each of seeds 0..``seeds`` of the scenario at ``path``,
    played on one simulation."""
    simulation = Simulation(load_scenario(path))
    return [_digest(simulation, seed) for seed in range(seeds + 1)]


def _digest(simulation: Simulation, seed: int) -> str:
    events: list[Event] = []
    simulation.run(seed=seed, observers=[events.append])
    log = "".join(to_json_line(event) + "\n" for event in events)
    return hashlib.sha256(log.encode()).hexdigest()


def differences(before: dict[str, list[str]], after: dict[str, list[str]]) -> list[str]:
    """``scenario seed N`` for every run whose log differs (or is missing on one side)."""
    found = []
    for name in sorted({*before, *after}):
        old, new = before.get(name, []), after.get(name, [])
        for seed in range(max(len(old), len(new))):
            if old[seed : seed + 1] != new[seed : seed + 1]:
                found.append(f"{name} seed {seed}")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=50, help="last seed (default 50)")
    parser.add_argument("--write", type=Path, help="write the digests to this JSON file")
    parser.add_argument("--against", type=Path, help="compare with digests written before")
    args = parser.parse_args()
    digests = log_digests(args.seeds)
    runs = sum(len(seeds) for seeds in digests.values())
    if args.write:
        args.write.write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n")
        print(f"wrote {runs} log digests of {len(digests)} scenarios to {args.write}")
    if args.against:
        before = json.loads(args.against.read_text())
        differ = differences(before, digests)
        for line in differ:
            print("differs:", line)
        compared = sum(
            max(len(before.get(name, [])), len(digests.get(name, [])))
            for name in {*before, *digests}
        )
        print(f"{compared - len(differ)} of {compared} logs byte-identical to {args.against}")
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
