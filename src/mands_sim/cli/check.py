"""``mands-sim check SCENARIO...``: a scenario's ``[expect]`` block checked on its batch of runs.

The same checks the pytest plugin makes (``docs/regression-testing.md``), for Editors who do not
use pytest. Each file is reported on stdout: every expectation with what was observed and what
was expected, and the golden event log's comparison. The exit status is 0 when every
expectation holds, 1 when any does not, and 2 when a file is malformed (it names the file and
the key). A file without an ``[expect]`` table is reported and passes: it has nothing to check.

``--update-golden`` rewrites golden logs that differ (or are missing) instead of failing on
them. ``--suggest`` plays a long reference batch and prints an ``[expect]`` block derived from
it instead of checking (the re-derive procedure of ``docs/regression-testing.md``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from mands_sim.cli import COMMANDS, count
from mands_sim.errors import MandsSimError
from mands_sim.regression import (
    SUGGEST_RUNS,
    BatchVerdict,
    GoldenVerdict,
    check_batch,
    check_golden,
    has_expectations,
    load_expectations,
    suggest_expectations,
)
from mands_sim.scenario import ScenarioSpec

PASSED, FAILED, MALFORMED = 0, 1, 2
"""Exit statuses: every expectation holds; one does not; a file is malformed."""


def add_parser(subparsers: Any) -> None:
    """Register ``check`` on the ``mands-sim`` command line."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "check",
        help=COMMANDS["check"].help,
        description="Play each scenario's regression batch and check its [expect] block; "
        "compare its golden event log. Exit status 0: all met, 1: some not, 2: malformed file.",
    )
    parser.add_argument("files", nargs="+", metavar="SCENARIO", help="scenario files (TOML)")
    parser.add_argument(
        "--jobs",
        type=count,
        default=1,
        metavar="J",
        help="worker processes (default 1; the results never depend on it)",
    )
    parser.add_argument(
        "--update-golden",
        action="store_true",
        help="rewrite golden event logs that differ or are missing, instead of failing",
    )
    parser.add_argument(
        "--suggest",
        action="store_true",
        help="print an [expect] block derived from a reference batch instead of checking",
    )
    parser.add_argument(
        "--suggest-runs",
        type=count,
        default=SUGGEST_RUNS,
        metavar="N",
        help=f"runs of the reference batch (default {SUGGEST_RUNS})",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Check (or, with ``--suggest``, derive) every file; the worst status wins."""
    each = _suggest if args.suggest else _check
    return max(each(file, args) for file in args.files)


def _check(file: str, args: argparse.Namespace) -> int:
    if not has_expectations(Path(file)):
        print(f"{file}: no [expect] table: nothing to check")
        return PASSED
    try:
        verdicts = _verdicts(load_expectations(file), args)
    except MandsSimError as error:
        print(f"mands-sim: error: {error}", file=sys.stderr)
        return MALFORMED
    passed = all(verdict.passed for verdict in verdicts)
    print(f"{file}: {'ok' if passed else 'FAILED'}{'' if verdicts else ': [expect] is empty'}")
    for verdict in verdicts:
        print(verdict.report())
    return PASSED if passed else FAILED


def _verdicts(spec: ScenarioSpec, args: argparse.Namespace) -> list[BatchVerdict | GoldenVerdict]:
    """The batch checks and the golden log comparison the scenario's ``[expect]`` asks for."""
    expect = spec.expect
    assert expect is not None
    verdicts: list[BatchVerdict | GoldenVerdict] = []
    if expect.needs_batch:
        verdicts.append(check_batch(spec, jobs=args.jobs))
    if expect.golden is not None:
        verdicts.append(check_golden(spec, update=args.update_golden))
    return verdicts


def _suggest(file: str, args: argparse.Namespace) -> int:
    try:
        block = suggest_expectations(file, runs=args.suggest_runs, jobs=args.jobs)
    except MandsSimError as error:
        print(f"mands-sim: error: {error}", file=sys.stderr)
        return MALFORMED
    print(f"# {file}\n{block}")
    return PASSED
