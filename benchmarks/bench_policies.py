"""Policy strength and cost: mirror matches between policies, decisions per second, and a
report with one lookahead villain (issue 8; the table is in ``docs/policies.md``).

    .venv/bin/python benchmarks/bench_policies.py [--scenarios grunts.toml,armed_fight.toml]
        [--runs 2000] [--lookahead-runs 500] [--jobs 2] [--seed 0] [--timing-runs 40]
        [--report-runs 1000] [--lookahead '{"rollouts": 4}'] [--skip timing,report]
        [--pairs tactician:brute,tactician:blaster | all] [--markdown] [--write-docs]
        [--rows ladder.jsonl]

**Mirror matches.** For each bundled scenario and each pair of policies (X, Y), half the runs
give every character of the first side X and of the second Y, the other half the other way
round, with the same run seeds (``mands_sim.batch.seeds.run_seed``) in both halves, so the sheets'
own strengths cancel. X's win rate is its side's wins over all runs, with a Wilson 95 %
interval; the difference X − Y (wins count +1, losses −1, draws and timeouts 0) has a normal
95 % interval. Runs are played in ``--jobs`` worker processes in chunks of 25
(``mands_sim.batch.runner.play_chunk``), on a ``Simulation(record=True)`` whenever a lookahead plays
(its futures need it). ``--pairs all`` plays every policy against every other; ``--write-docs``
puts the table, and the command that made it, between the ladder markers of
``docs/policies.md``. ``--rows FILE`` keeps every row in a JSON-lines file as it finishes: an
interrupted ladder resumes where it stopped, a ladder played in several invocations (fewer
runs for the costly pairs) is tabled whole by the last one's ``--write-docs`` (with
``--skip mirror``: table the kept rows, play nothing).

**Cost.** In this process, ``--timing-runs`` runs of each tier playing itself on each scenario;
every ``choose`` and ``allocate`` call of the real encounter's minds (not the simulated futures')
is timed (CPU time, with that of forked futures): decisions per second and the cost of one
decision; for the lookahead also the decisions it looked ahead for, the futures played per such
decision and their cost.

**Report.** ``--report-runs`` runs of the first scenario as written, its second side (the
villains) led by a lookahead, on ``--jobs`` processes, aggregated as a report's numbers are:
the wall time. (``mands-sim run`` cannot record yet, so this plays the runs itself.)
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from mands_sim.actions import Intent, QualityAllocation
from mands_sim.batch.aggregate import Aggregate
from mands_sim.batch.records import RunRecord
from mands_sim.batch.runner import play_chunk
from mands_sim.batch.seeds import run_seed
from mands_sim.batch.stats import wilson
from mands_sim.kernel.contracts import Mind
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.snapshot import JournaledMind
from mands_sim.scenario import ScenarioSpec, load_scenario
from mands_sim.simulation import Simulation

ROOT = Path(__file__).resolve().parents[1]
CHUNK = 25
TIERS = ("brute", "tactician", "lookahead")
PAIRS = (("tactician", "brute"), ("lookahead", "tactician"), ("lookahead", "brute"))
EVERY_POLICY = ("lookahead", "tactician", "brute", "armed", "blaster", "nearest-enemy")
"""``--pairs all``: each of these against each later one (the stronger first)."""
LADDER = ROOT / "docs" / "policies.md"
LADDER_START = "<!-- ladder:start (benchmarks/bench_policies.py --write-docs) -->"
LADDER_END = "<!-- ladder:end -->"


def variant(path: Path, policies: Mapping[str, str], options: Mapping[str, Any]) -> ScenarioSpec:
    """The scenario with each side's characters led by that side's policy, with that policy's
    ``options`` (none unless given): the options a character had for its own policy are not
    carried over to another (a ``priority`` list's keys mean nothing to a ``tactician``)."""
    spec = load_scenario(path)
    characters = tuple(
        dataclasses.replace(
            c, policy=policies[c.side], policy_options=options.get(policies[c.side], {})
        )
        if c.side in policies
        else c
        for c in spec.characters
    )
    return dataclasses.replace(spec, characters=characters)


def cpu_time() -> float:
    """CPU seconds of this process and of the children it has waited for: a lookahead's
    forked futures (``mands_sim.kernel.futures``) spend theirs in children (counted in clock
    ticks: for totals, not for one call)."""
    times = os.times()
    return time.process_time() + times.children_user + times.children_system


# -- workers ----------------------------------------------------------------------------------

_SIMULATIONS: dict[str, Simulation] = {}


def _play(job: tuple[str, dict[str, str], dict[str, Any], int, list[int]]) -> list[RunRecord]:
    path, policies, options, seed, indices = job
    key = json.dumps([path, policies, options], sort_keys=True)
    simulation = _SIMULATIONS.get(key)
    if simulation is None:
        record = "lookahead" in policies.values()
        simulation = Simulation(variant(Path(path), policies, options), record=record)
        _SIMULATIONS[key] = simulation
    return play_chunk(simulation, seed, indices)


def play(
    pool: ProcessPoolExecutor,
    path: Path,
    policies: dict[str, str],
    options: dict[str, Any],
    runs: int,
    seed: int,
) -> list[RunRecord]:
    chunks = [list(range(i, min(i + CHUNK, runs))) for i in range(0, runs, CHUNK)]
    jobs = [(str(path), policies, options, seed, chunk) for chunk in chunks]
    return [record for records in pool.map(_play, jobs) for record in records]


# -- mirror matches ---------------------------------------------------------------------------


def mirror(
    pool: ProcessPoolExecutor,
    path: Path,
    pair: tuple[str, str],
    runs: int,
    seed: int,
    options: dict[str, Any],
) -> dict[str, Any]:
    """``runs`` runs, half each way round: X's and Y's win rates and their difference."""
    first, second = [side.name for side in load_scenario(path).sides]
    x, y = pair
    half = runs // 2
    begun = time.perf_counter()
    outcomes: list[int] = []
    errors = 0
    for sides in ({first: x, second: y}, {first: y, second: x}):
        mine = first if sides[first] == x else second
        for record in play(pool, path, sides, options, half, seed):
            errors += record.error is not None
            outcomes.append(1 if record.winner == mine else 0 if record.winner is None else -1)
    wall = time.perf_counter() - begun
    wins, losses = outcomes.count(1), outcomes.count(-1)
    mean = statistics.fmean(outcomes)
    spread = 1.96 * statistics.stdev(outcomes) / math.sqrt(len(outcomes))
    return {
        "scenario": path.name,
        "x": x,
        "y": y,
        "runs": len(outcomes),
        "x_wins": _interval(wilson(wins, len(outcomes))),
        "y_wins": _interval(wilson(losses, len(outcomes))),
        "difference": [round(mean, 4), round(mean - spread, 4), round(mean + spread, 4)],
        "errors": errors,
        "wall_seconds": round(wall, 1),
    }


def _interval(value: Any) -> list[float]:
    return [round(value.estimate, 4), round(value.low, 4), round(value.high, 4)]


# -- the cost of deciding ---------------------------------------------------------------------


class Timed:
    """Times and counts a mind's ``choose`` and ``allocate`` calls (CPU time)."""

    def __init__(self, mind: Mind) -> None:
        self.mind = mind
        self.calls = 0
        self.seconds = 0.0

    @property
    def passive_actions(self) -> bool:
        return bool(getattr(self.mind, "passive_actions", False))

    def choose(self, encounter: Encounter, actor: str) -> Any:
        return self._timed(self.mind.choose, encounter, actor)

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return self._timed(self.mind.allocate, encounter, actor, intent, quality)  # type: ignore[no-any-return]

    def _timed(self, call: Any, *args: Any) -> Any:
        begun = cpu_time()
        try:
            return call(*args)
        finally:
            self.seconds += cpu_time() - begun
            self.calls += 1

    def __getattr__(self, name: str) -> Any:
        if name == "mind":
            raise AttributeError(name)
        return getattr(self.mind, name)

    def __dir__(self) -> list[str]:
        return sorted({*super().__dir__(), *dir(self.mind)})


def timing(path: Path, tier: str, runs: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """``runs`` runs of ``tier`` against itself on ``path``; the real minds' decisions timed."""
    spec = load_scenario(path)
    policies = {side.name: tier for side in spec.sides}
    simulation = Simulation(variant(path, policies, options), record=tier == "lookahead")
    simulation.prepare()
    calls = seconds = looked = futures = 0.0
    looked_seconds = 0.0
    begun = cpu_time()
    for index in range(runs):
        encounter = simulation.start(seed=run_seed(seed, index))
        timed = list(_wrap(encounter))
        encounter.run()
        for mind in timed:
            calls += mind.calls
            seconds += mind.seconds
            stats = getattr(mind.mind, "stats", None)
            if stats is not None:
                looked += stats.decisions
                futures += stats.futures
                looked_seconds += stats.seconds
    total = cpu_time() - begun
    row = {
        "scenario": path.name,
        "tier": tier,
        "runs": runs,
        "decisions_per_run": round(calls / runs, 1),
        "decisions_per_second": round(calls / seconds) if seconds else None,
        "ms_per_decision": round(1000 * seconds / calls, 3) if calls else None,
        "ms_per_run": round(1000 * total / runs, 1),
        "share_deciding": round(seconds / total, 3),
    }
    if looked:
        row["looked_ahead_per_run"] = round(looked / runs, 1)
        row["futures_per_look"] = round(futures / looked, 1)
        row["ms_per_look"] = round(1000 * looked_seconds / looked, 1)
        row["ms_per_future"] = round(1000 * looked_seconds / futures, 2)
    return row


def _wrap(encounter: Encounter) -> Iterator[Timed]:
    for actor, mind in encounter.minds.items():
        if isinstance(mind, JournaledMind):
            mind.mind = timed = Timed(mind.mind)
        else:
            encounter.minds[actor] = timed = Timed(mind)
        yield timed


# -- a report with a lookahead villain --------------------------------------------------------


def report(
    pool: ProcessPoolExecutor, path: Path, runs: int, seed: int, options: dict[str, Any]
) -> dict[str, Any]:
    """The first scenario as written, its second side led by a lookahead: the wall time of the
    runs and their aggregate (what a report's numbers are made from; rendering them takes
    milliseconds)."""
    spec = load_scenario(path)
    villains = spec.sides[1].name
    begun = time.perf_counter()
    records = play(pool, path, {villains: "lookahead"}, options, runs, seed)
    aggregate = Aggregate(sides=tuple(side.name for side in spec.sides))
    for record in records:
        aggregate.add(record)
    wall = time.perf_counter() - begun
    return {
        "scenario": path.name,
        "runs": runs,
        "villains": villains,
        "wall_seconds": round(wall, 1),
        "villain_wins": _interval(aggregate.win_rate(villains)),
        "errors": sum(aggregate.errors.values()),
        "conditions": dict(Counter(c.condition for r in records for c in r.characters)),
    }


# -- main -------------------------------------------------------------------------------------


def markdown(rows: list[dict[str, Any]]) -> str:
    """The mirror matches as the table in ``docs/policies.md``."""
    lines = [
        "| scenario | X | Y | runs | X wins | Y wins | X − Y (pp) |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        x, x_low, x_high = (100 * v for v in r["x_wins"])
        y, y_low, y_high = (100 * v for v in r["y_wins"])
        d, d_low, d_high = (100 * v for v in r["difference"])
        lines.append(
            f"| `{r['scenario']}` | {r['x']} | {r['y']} | {r['runs']:,} "
            f"| {x:.1f} % ({x_low:.1f}–{x_high:.1f}) | {y:.1f} % ({y_low:.1f}–{y_high:.1f}) "
            f"| {d:+.1f} ({d_low:+.1f} … {d_high:+.1f}) |"
        )
    return "\n".join(lines)


def chosen_pairs(text: str) -> list[tuple[str, str]]:
    """``X:Y,…``; ``all``: every policy of :data:`EVERY_POLICY` against every later one."""
    if text == "all":
        return [(x, y) for i, x in enumerate(EVERY_POLICY) for y in EVERY_POLICY[i + 1 :]]
    pairs = [tuple(p.split(":", 1)) for p in text.split(",") if p]
    return [(p[0], p[1]) for p in pairs] or list(PAIRS)


def write_ladder(rows: list[dict[str, Any]], docs: Path = LADDER) -> None:
    """Replace what stands between the ladder markers of ``docs`` with the commands that
    played ``rows`` (each once, in order) and their table."""
    text = docs.read_text("utf-8")
    start, end = text.index(LADDER_START), text.index(LADDER_END)
    commands = "\n".join(
        f"$ .venv/bin/python benchmarks/bench_policies.py {command}"
        for command in dict.fromkeys(r.get("command", "") for r in rows)
    )
    block = f"{LADDER_START}\n\n```console\n{commands}\n```\n\n{markdown(rows)}\n\n"
    docs.write_text(text[:start] + block + text[end:], "utf-8")


def row_key(row: Mapping[str, Any]) -> tuple[Any, ...]:
    """What makes two mirror rows the same measurement: scenario, pair, runs, seed, options."""
    options = json.dumps(row.get("options", {}), sort_keys=True)
    return (row["scenario"], row["x"], row["y"], row["runs"], row.get("seed", 0), options)


def kept_rows(path: Path | None) -> list[dict[str, Any]]:
    """The rows ``--rows`` kept from earlier invocations (none without the file)."""
    if path is None or not path.exists():
        return []
    lines = path.read_text("utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def mirror_rows(
    pool: ProcessPoolExecutor,
    paths: list[Path],
    pairs: list[tuple[str, str]],
    args: argparse.Namespace,
    options: dict[str, Any],
) -> list[dict[str, Any]]:
    """Every pair's mirror row on every scenario, each printed (and appended to ``--rows``)
    as it finishes; those ``--rows`` holds already are taken from it, not played again."""
    kept = {row_key(r): r for r in kept_rows(args.rows)}
    command = " ".join(a for a in sys.argv[1:] if a != "--write-docs")
    rows = []
    for path in paths:
        for x, y in pairs:
            runs = args.lookahead_runs if "lookahead" in (x, y) else args.runs
            mine = options if "lookahead" in (x, y) else {}
            key = row_key({"scenario": path.name, "x": x, "y": y, "runs": runs,
                           "seed": args.seed, "options": mine})  # fmt: skip
            row = kept.get(key)
            if row is None:
                row = mirror(pool, path, (x, y), runs, args.seed, options)
                row.update(seed=args.seed, options=mine, command=command)
                if args.rows is not None:
                    with args.rows.open("a", encoding="utf-8") as kept_file:
                        kept_file.write(json.dumps(row) + "\n")
            rows.append(row)
            print(json.dumps(row), flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenarios", default="grunts.toml,armed_fight.toml")
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--lookahead-runs", type=int, default=500)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timing-runs", type=int, default=40)
    parser.add_argument("--report-runs", type=int, default=1000)
    parser.add_argument("--lookahead", default="{}", help="lookahead policy options, as JSON")
    parser.add_argument("--skip", default="", help="comma-separated: mirror, timing, report")
    parser.add_argument(
        "--pairs",
        default="",
        help="comma-separated X:Y policy pairs for the mirror matches (default: the tiers')",
    )
    parser.add_argument(
        "--markdown", action="store_true", help="print the mirror matches as a markdown table"
    )
    parser.add_argument(
        "--write-docs",
        action="store_true",
        help="put the mirror matches' table and the command in docs/policies.md, between the "
        "ladder markers",
    )
    parser.add_argument(
        "--rows",
        type=Path,
        help="a JSON-lines file the mirror rows are appended to as they finish; a row already "
        "in it (same scenario, pair, runs, seed and options) is not played again, and "
        "--write-docs tables every row in it",
    )
    args = parser.parse_args()
    pairs = chosen_pairs(args.pairs)
    paths = [ROOT / "scenarios" / name for name in args.scenarios.split(",")]
    options = {"lookahead": json.loads(args.lookahead)}
    skip = set(filter(None, args.skip.split(",")))
    print(f"# load average at start: {os.getloadavg()}; jobs {args.jobs}", file=sys.stderr)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        rows = [] if "mirror" in skip else mirror_rows(pool, paths, pairs, args, options)
        if args.markdown:
            print(markdown(rows), flush=True)
        if args.write_docs:
            write_ladder(kept_rows(args.rows) if args.rows else rows)
        if "timing" not in skip:
            for path in paths:
                for tier in TIERS:
                    runs = max(1, args.timing_runs // (4 if tier == "lookahead" else 1))
                    print(json.dumps(timing(path, tier, runs, args.seed, options)), flush=True)
        if "report" not in skip:
            print(
                json.dumps(report(pool, paths[0], args.report_runs, args.seed, options)), flush=True
            )


if __name__ == "__main__":
    main()
