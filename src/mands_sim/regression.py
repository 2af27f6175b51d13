"""Scenario regression testing: a scenario's ``[expect]`` checked against a batch of its runs.

Shared by the pytest plugin (:mod:`mands_sim.testing` collects scenario files as test items) and
``mands-sim check``. ``docs/regression-testing.md`` explains the statistics; in short:

* a batch of ``runs`` runs with master ``seed`` (both stated in the file) is played and reported
  as ``mands-sim run --runs N --seed S`` would (:func:`~mands_sim.report.summary.build_summary`);
* a range expectation (a rate, a duration quantile, a character's risk) is **met when the
  observed 95 % interval overlaps the expected range** (Wilson intervals for shares, the
  distribution-free order-statistic interval for quantiles);
* ``never`` / ``always`` events are counted exactly over the batch;
* a run that raises an error fails the check;
* a golden event log (``mands-sim replay --seed N --jsonl``'s bytes) is compared exactly.

Nothing here imports pytest: ``mands-sim check`` works without it.
"""

from __future__ import annotations

import math
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Literal

from mands_sim.batch.records import CharacterRecord, RunRecord
from mands_sim.batch.runner import BatchOptions, BatchResult, run_batch
from mands_sim.batch.stats import Z95, Interval, quantile
from mands_sim.bounds import MAX_GOLDEN_BYTES
from mands_sim.errors import InputError, ScenarioError
from mands_sim.events import Event, to_json_line
from mands_sim.inputs import read_input, toml_data
from mands_sim.report.summary import build_summary
from mands_sim.scenario import ExpectSpec, Override, ScenarioSpec, load_scenario
from mands_sim.simulation import Simulation

RATE_MARGIN = 0.04
"""How far :func:`suggest_expectations` widens a measured share each way (4 percentage points)."""

DURATION_MARGIN = 0.10
"""How far it widens a measured duration quantile each way (10 %, at least
:data:`MIN_DURATION_MARGIN` segments)."""

MIN_DURATION_MARGIN = 3
"""The least widening of a duration quantile, in segments."""

SUGGEST_RUNS = 5000
"""Runs of the reference measurement :func:`suggest_expectations` makes by default."""

SUGGESTED_RISKS = ("out_of_action", "dead", "bled", "exhausted", "back_in_action")
"""The per-character risks :func:`suggest_expectations` writes: always the first two, the others
when they happened in the reference batch."""

QUANTILES = (("median", 0.5), ("p90", 0.9))
"""The duration quantiles ``[expect.duration]`` bounds, by key."""


# -- results -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Check:
    """One expectation, checked: its key, whether it is met, what was seen and what was expected."""

    name: str
    passed: bool
    observed: str
    expected: str

    def line(self) -> str:
        mark = "ok    " if self.passed else "FAILED"
        return f"  {mark} {self.name}: {self.observed}; expected {self.expected}"


@dataclass(frozen=True, slots=True)
class BatchVerdict:
    """The ``[expect]`` checks of one scenario on its regression batch."""

    scenario: Path
    seed: int
    runs: int
    checks: tuple[Check, ...]

    @property
    def passed(self) -> bool:
        return all(check.passed for check in self.checks)

    @property
    def failures(self) -> tuple[Check, ...]:
        return tuple(check for check in self.checks if not check.passed)

    def report(self) -> str:
        """Every check on its own line, failures first, with observed and expected values."""
        failed = len(self.failures)
        head = (
            f"all {len(self.checks)} expectations met"
            if not failed
            else f"{failed} of {len(self.checks)} expectations not met"
        )
        lines = [
            f"{head} (seed {self.seed}, {self.runs} runs; a range is met when the observed 95 % "
            "interval overlaps it)"
        ]
        lines += [check.line() for check in self.failures]
        lines += [check.line() for check in self.checks if check.passed]
        return "\n".join(lines)


GoldenStatus = Literal["same", "differs", "missing", "written"]


@dataclass(frozen=True, slots=True)
class GoldenVerdict:
    """A golden event log compared with (or rewritten from) a fresh run of its seed."""

    file: Path
    seed: int
    status: GoldenStatus
    detail: str = ""

    @property
    def passed(self) -> bool:
        return self.status in ("same", "written")

    def report(self) -> str:
        words = {
            "same": "matches",
            "written": "written",
            "missing": "is missing",
            "differs": "differs from this run",
        }[self.status]
        lines = [f"golden log {shown_path(self.file)} (seed {self.seed}) {words}"]
        if self.detail:
            lines.append(self.detail)
        if not self.passed:
            lines.append(
                "if the change is intended, rewrite it: pytest --update-golden, or "
                "mands-sim check --update-golden SCENARIO"
            )
        return "\n".join(lines)


def shown_path(path: Path) -> str:
    """``path`` relative to the working folder when it is inside it, for messages."""
    absolute = path.absolute()
    cwd = Path.cwd()
    return str(absolute.relative_to(cwd) if absolute.is_relative_to(cwd) else path)


class RegressionFailure(AssertionError):
    """A scenario's expectations or golden log did not hold; ``str()`` is the readable report."""

    def __init__(self, verdict: BatchVerdict | GoldenVerdict) -> None:
        super().__init__(verdict.report())
        self.verdict = verdict


# -- loading -------------------------------------------------------------------------------------


def has_expectations(path: Path) -> bool:
    """Whether the TOML file at ``path`` has an ``[expect]`` table (cheap: no validation).

    A file that is not readable TOML within the bounds counts (so loading it reports the
    problem); a named pipe is not waited on (:func:`~mands_sim.inputs.read_input`)."""
    refuse = partial(InputError, path, "")
    try:
        data = toml_data(read_input(path, refuse), refuse)
    except InputError:
        return True
    return "expect" in data


def load_expectations(path: Path | str, overrides: Sequence[Override] = ()) -> ScenarioSpec:
    """Load the scenario at ``path`` (with ``overrides``, its ``[expect]`` kept) for
    regression checks, with its names checked against the installed plugins.

    Raises:
        ScenarioError: the scenario is malformed (file, key, what was expected), or it has no
            ``[expect]`` table.
    """
    spec = load_scenario(path, overrides, keep_expect=True)
    if spec.expect is None:
        raise ScenarioError(path, "expect", "expected an [expect] table: nothing to check")
    Simulation(spec).prepare()
    return spec


# -- the batch -----------------------------------------------------------------------------------


def check_batch(
    spec: ScenarioSpec, *, jobs: int = 1, overrides: Sequence[Override] = ()
) -> BatchVerdict:
    """Play the scenario's regression batch and check every batch expectation of ``[expect]``.

    The batch is ``mands-sim run``'s, kept in a temporary results store; ``jobs`` worker
    processes never change the result. ``overrides``: those ``spec`` was loaded with."""
    expect, path = spec.expect, spec.path
    if expect is None or path is None or expect.seed is None or expect.runs is None:
        raise ValueError("the scenario has no batch expectations in a file")
    with tempfile.TemporaryDirectory(prefix="mands-sim-check-") as folder:
        options = BatchOptions(
            runs=expect.runs, seed=expect.seed, jobs=jobs, overrides=tuple(overrides)
        )
        result = run_batch(path, options, store=Path(folder) / "results.sqlite")
        records = list(result.records())
    checks = [
        _errors_check(records),
        *_range_checks(expect, result),
        *_event_checks(expect, records, path),
    ]
    return BatchVerdict(path, expect.seed, expect.runs, tuple(checks))


def _range_checks(expect: ExpectSpec, result: BatchResult) -> list[Check]:
    summary = build_summary(result)
    checks = [
        _share_check(f"win_rate.{side}", summary["sides"][side], bounds)
        for side, bounds in expect.win_rate.items()
    ]
    for name, key, bounds in (
        ("draw_rate", "draws", expect.draw_rate),
        ("timeout_rate", "timeouts", expect.timeout_rate),
    ):
        if bounds is not None:
            checks.append(_share_check(name, summary[key], bounds))
    durations = result.aggregate.durations
    for (name, q), bounds in zip(QUANTILES, (expect.duration, expect.duration_p90), strict=True):
        if bounds is not None:
            checks.append(_quantile_check(f"duration.{name}", durations, q, bounds))
    rates = {character["id"]: character["rates"] for character in summary["characters"]}
    for ident, risks in expect.characters.items():
        for risk, bounds in risks.items():
            checks.append(_share_check(f"characters.{ident}.{risk}", rates[ident][risk], bounds))
    return checks


def overlaps(observed: Interval, bounds: tuple[float, float]) -> bool:
    """The test of a range expectation: the observed 95 % interval meets ``[low, high]``."""
    low, high = bounds
    return observed.high >= low and observed.low <= high


def _share_check(name: str, observed: Mapping[str, float], bounds: tuple[float, float]) -> Check:
    seen = Interval(observed["estimate"], observed["low"], observed["high"])
    return Check(
        name,
        overlaps(seen, bounds),
        f"{seen.estimate:.3f} (95 % CI {seen.low:.3f}–{seen.high:.3f})",
        f"[{bounds[0]:.2f}, {bounds[1]:.2f}]",
    )


def _quantile_check(name: str, durations: Counter[int], q: float, bounds: tuple[int, int]) -> Check:
    seen = quantile_interval(durations, q)
    if seen is None:
        return Check(name, False, "no run finished", f"[{bounds[0]}, {bounds[1]}] segments")
    return Check(
        name,
        overlaps(seen, bounds),
        f"{seen.estimate:g} segments (95 % CI {seen.low:g}–{seen.high:g})",
        f"[{bounds[0]}, {bounds[1]}] segments",
    )


def quantile_interval(histogram: Counter[int], q: float, z: float = Z95) -> Interval | None:
    """The ``q`` quantile of the integers counted in ``histogram`` with its distribution-free
    95 % interval: the order statistics at ranks ``nq ∓ z·√(nq(1−q))`` (normal approximation to
    the binomial count of values below the quantile). ``None`` with no values."""
    n = sum(histogram.values())
    estimate = quantile(histogram, q)
    if estimate is None:
        return None
    spread = z * math.sqrt(n * q * (1 - q))
    low_rank = max(1, math.floor(n * q - spread))
    high_rank = min(n, math.ceil(n * q + spread) + 1)
    return Interval(estimate, _at_rank(histogram, low_rank), _at_rank(histogram, high_rank))


def _at_rank(histogram: Counter[int], rank: int) -> int:
    """The ``rank``-th smallest value counted (from 1)."""
    seen = 0
    for value in sorted(histogram):
        seen += histogram[value]
        if seen >= rank:
            return value
    return max(histogram)


# -- events --------------------------------------------------------------------------------------


def event_happened(event: str, record: RunRecord) -> bool:
    """Whether ``event`` (``docs/scenarios.md``: ``winner:<side>``, ``dead:<id>``, ``timeout`` …)
    happened in the run ``record``. Names only, looked up in a table: never evaluated."""
    kind, _, name = event.partition(":")
    if kind == "winner":
        return record.winner == name
    if kind == "timeout":
        return record.timed_out
    if kind == "draw":
        return record.winner is None and not record.timed_out
    character = next((c for c in record.characters if c.id == name), None)
    return character is not None and _CHARACTER_EVENTS[kind](character)


_CHARACTER_EVENTS: Mapping[str, Callable[[CharacterRecord], bool]] = {
    "dead": lambda c: c.condition == "dead",
    "unconscious": lambda c: c.condition == "unconscious",
    "fled": lambda c: c.condition == "fled",
    "surrendered": lambda c: c.condition == "surrendered",
    "out-of-action": lambda c: c.out_of_action,
    "injured": lambda c: c.injured,
    "bled": lambda c: c.bled,
    "exhausted": lambda c: c.exhausted,
    "back-in-action": lambda c: c.back_in_action,
}
"""The character events of ``never``/``always``, by name."""


def _event_checks(expect: ExpectSpec, records: Sequence[RunRecord], path: Path) -> list[Check]:
    played = [record for record in records if record.error is None]
    checks = []
    for event in expect.never:
        hits = [record for record in played if event_happened(event, record)]
        checks.append(_count_check(f"never {event}", hits, len(played), "in no run", path))
    for event in expect.always:
        misses = [record for record in played if not event_happened(event, record)]
        checks.append(_count_check(f"always {event}", misses, len(played), "in every run", path))
    return checks


def _count_check(
    name: str, exceptions: Sequence[RunRecord], played: int, expected: str, path: Path
) -> Check:
    """An exact count over the batch; a failure names the first run that broke it, to replay."""
    if not exceptions:
        seen = f"in none of {played} runs" if expected == "in no run" else f"in all {played} runs"
        return Check(name, played > 0, seen, expected)
    first = exceptions[0]
    verb = "happened" if expected == "in no run" else "did not happen"
    return Check(
        name,
        False,
        f"{verb} in {len(exceptions)} of {played} runs (first: run {first.index}; "
        f"mands-sim replay {shown_path(path)} --seed {first.seed})",
        expected,
    )


def _errors_check(records: Iterable[RunRecord]) -> Check:
    records = list(records)
    failed = [record for record in records if record.error is not None]
    if not failed:
        return Check("errors", True, f"none in {len(records)} runs", "none")
    first = failed[0]
    return Check(
        "errors",
        False,
        f"{len(failed)} of {len(records)} runs raised one (first: run {first.index}, seed "
        f"{first.seed}: {first.error})",
        "none",
    )


# -- golden logs ---------------------------------------------------------------------------------


def golden_log(spec: ScenarioSpec, seed: int) -> bytes:
    """The event log of the run with ``seed``, as ``mands-sim replay --seed --jsonl`` writes it."""
    events: list[Event] = []
    Simulation(spec, seed=seed).run(observers=[events.append])
    return "".join(to_json_line(event) + "\n" for event in events).encode("utf-8")


def check_golden(spec: ScenarioSpec, *, update: bool = False) -> GoldenVerdict:
    """Compare the scenario's golden log with a fresh run of its seed, byte for byte; with
    ``update``, rewrite the file when it differs (or is missing)."""
    expect = spec.expect
    if expect is None or expect.golden is None or expect.golden_seed is None:
        raise ValueError("the scenario names no golden log")
    file, seed = expect.golden, expect.golden_seed
    fresh = golden_log(spec, seed)
    old = _golden_bytes(spec, file) if file.exists() else None
    if old == fresh:
        return GoldenVerdict(file, seed, "same")
    if update:
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_bytes(fresh)
        return GoldenVerdict(file, seed, "written")
    if old is None:
        return GoldenVerdict(file, seed, "missing")
    return GoldenVerdict(file, seed, "differs", first_difference(old, fresh))


def _golden_bytes(spec: ScenarioSpec, file: Path) -> bytes:
    """The golden log's bytes: a regular file of at most ``MAX_GOLDEN_BYTES``."""

    def refuse(why: str) -> ScenarioError:
        return ScenarioError(spec.path, "expect.golden", f"expected a golden event log; {why}")

    return read_input(file, refuse, most=MAX_GOLDEN_BYTES)


def first_difference(golden: bytes, fresh: bytes, width: int = 160) -> str:
    """Where two logs first differ, line by line, for a failure message."""
    old_lines = golden.decode("utf-8", "replace").splitlines()
    new_lines = fresh.decode("utf-8", "replace").splitlines()
    index = next(
        (i for i, (a, b) in enumerate(zip(old_lines, new_lines, strict=False)) if a != b),
        min(len(old_lines), len(new_lines)),
    )

    def shown(lines: list[str]) -> str:
        return lines[index][:width] if index < len(lines) else "(end of log)"

    return (
        f"first difference at line {index + 1} (golden {len(old_lines)} lines, this run "
        f"{len(new_lines)}):\n  golden:   {shown(old_lines)}\n  this run: {shown(new_lines)}"
    )


# -- deriving expectations -----------------------------------------------------------------------


def suggest_expectations(
    path: Path | str,
    *,
    runs: int = SUGGEST_RUNS,
    seed: int = 0,
    jobs: int | None = None,
    overrides: Sequence[Override] = (),
) -> str:
    """An ``[expect]`` block for the scenario at ``path``, derived from a reference batch.

    Each share measured over ``runs`` runs (master ``seed``) is widened by
    :data:`RATE_MARGIN` each way, each duration quantile by :data:`DURATION_MARGIN`; the file's
    own ``seed``, ``runs``, ``never``, ``always`` and golden log are kept (``seed = 1`` and
    ``runs = 200`` if it has none). Events seen in no run, or in every run, are listed as
    comments: candidates for ``never`` and ``always``. Paste the block over the old one.
    """
    path = Path(path)
    spec = load_scenario(path, overrides, keep_expect=True)
    with tempfile.TemporaryDirectory(prefix="mands-sim-suggest-") as folder:
        options = BatchOptions(runs=runs, seed=seed, jobs=jobs, overrides=tuple(overrides))
        result = run_batch(path, options, store=Path(folder) / "results.sqlite")
        records = list(result.records())
    old = spec.expect or ExpectSpec()
    summary = build_summary(result)
    lines = [
        f"# derived with mands-sim check --suggest: {runs} runs (seed {seed}), shares widened "
        f"by {RATE_MARGIN:g} each way, durations by {DURATION_MARGIN:.0%}",
        *_error_note(records),
        *_candidate_notes(spec, records),
        "[expect]",
        f"seed = {1 if old.seed is None else old.seed}",
        f"runs = {200 if old.runs is None else old.runs}",
        "win_rate = { "
        + ", ".join(f"{_key(s)} = {_share(summary['sides'][s])}" for s in summary["sides"])
        + " }",
        f"draw_rate = {_share(summary['draws'])}",
        f"timeout_rate = {_share(summary['timeouts'])}",
        *_duration_lines(result.aggregate.durations),
        *_kept_lines(old, path),
    ]
    for character in summary["characters"]:
        lines += ["", f"[expect.characters.{_key(character['id'])}]"]
        rates = character["rates"]
        lines += [
            f"{risk} = {_share(rates[risk])}"
            for risk in SUGGESTED_RISKS
            if risk in ("out_of_action", "dead") or rates.get(risk, {}).get("estimate", 0) > 0
        ]
    return "\n".join(lines) + "\n"


def _share(observed: Mapping[str, float]) -> str:
    estimate = observed["estimate"]
    low = max(0.0, math.floor((estimate - RATE_MARGIN) * 100 + 1e-9) / 100)
    high = min(1.0, math.ceil((estimate + RATE_MARGIN) * 100 - 1e-9) / 100)
    return f"[{low:.2f}, {high:.2f}]"


def _duration_lines(durations: Counter[int]) -> list[str]:
    lines = []
    for name, q in QUANTILES:
        value = quantile(durations, q)
        if value is not None:
            margin = max(MIN_DURATION_MARGIN, math.ceil(value * DURATION_MARGIN))
            lines.append(f"duration.{name} = [{max(0, value - margin)}, {value + margin}]")
    return lines


def _kept_lines(old: ExpectSpec, path: Path) -> list[str]:
    lines = []
    for key, events in (("never", old.never), ("always", old.always)):
        if events:
            lines.append(f"{key} = [{', '.join(_quoted(event) for event in events)}]")
    if old.golden is not None:
        relative = old.golden.relative_to(path.parent.resolve()).as_posix()
        lines += [f"golden = {_quoted(relative)}", f"golden_seed = {old.golden_seed}"]
    return lines


def _candidate_notes(spec: ScenarioSpec, records: Sequence[RunRecord]) -> list[str]:
    played = [record for record in records if record.error is None]
    events = [f"winner:{side.name}" for side in spec.sides] + ["timeout", "draw"]
    events += [f"{kind}:{c.id}" for c in spec.characters for kind in _CHARACTER_EVENTS]
    counts = {event: sum(event_happened(event, r) for r in played) for event in events}
    never = [event for event, count in counts.items() if count == 0]
    always = [event for event, count in counts.items() if played and count == len(played)]
    return [
        f"# {label} in {len(played)} runs: {', '.join(found)}"
        for label, found in (("never", never), ("always", always))
        if found
    ]


def _error_note(records: Sequence[RunRecord]) -> list[str]:
    failed = sum(record.error is not None for record in records)
    return [f"# {failed} runs raised an error: fix them before trusting these"] if failed else []


def _key(name: str) -> str:
    """A TOML key: bare when it can be, quoted otherwise."""
    bare = name.replace("-", "").replace("_", "")
    return name if bare.isascii() and bare.isalnum() else _quoted(name)


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
