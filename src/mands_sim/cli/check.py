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
import dataclasses
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mands_sim.cli import (
    COMMANDS,
    STANDARD_OUTPUT,
    count,
    emit_json,
    json_option,
    override_arguments,
)
from mands_sim.errors import MandsSimError, ScenarioError
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
    override_arguments(parser, show=False)
    json_option(parser, "each file's checks")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Check (or, with ``--suggest``, derive) every file; the worst status wins. With
    ``--json``, each file's outcome as one document (``kind`` ``"check"``)."""
    if args.overrides and args.update_golden:
        raise ScenarioError(
            Path(args.files[0]),
            "--update-golden",
            "a golden log is the scenario's as written: give --update-golden without --set",
        )
    each = _suggest if args.suggest else _check
    quiet = args.json == STANDARD_OUTPUT
    outcomes = [each(file, args, quiet) for file in args.files]
    if args.json:
        emit_json({"scenarios": [entry for _, entry in outcomes]}, args.json, "check")
    return max(status for status, _ in outcomes)


def _check(file: str, args: argparse.Namespace, quiet: bool) -> tuple[int, dict[str, Any]]:
    """The file's status and its JSON entry, its report printed unless ``quiet``."""
    say = _silent if quiet else print
    if not has_expectations(Path(file)):
        say(f"{file}: no [expect] table: nothing to check")
        return PASSED, {"file": file, "status": "nothing to check", "verdicts": []}
    try:
        verdicts = _verdicts(load_expectations(file, args.overrides), args, say)
    except MandsSimError as error:
        if not quiet:
            print(f"mands-sim: error: {error}", file=sys.stderr)
        return MALFORMED, {"file": file, "status": "malformed", "error": str(error)}
    passed = all(verdict.passed for verdict in verdicts)
    say(f"{file}: {'ok' if passed else 'FAILED'}{'' if verdicts else ': [expect] is empty'}")
    for verdict in verdicts:
        say(verdict.report())
    entry = {
        "file": file,
        "status": "ok" if passed else "failed",
        "verdicts": [verdict_json(v) for v in verdicts],
    }
    return (PASSED if passed else FAILED), entry


def verdict_json(verdict: BatchVerdict | GoldenVerdict) -> dict[str, Any]:
    """A verdict as plain data: a batch's checks (observed, expected, met) or a golden log's
    comparison."""
    if isinstance(verdict, GoldenVerdict):
        return {
            "kind": "golden",
            "file": str(verdict.file),
            "seed": verdict.seed,
            "status": verdict.status,
            "detail": verdict.detail,
            "passed": verdict.passed,
        }
    return {
        "kind": "batch",
        "seed": verdict.seed,
        "runs": verdict.runs,
        "passed": verdict.passed,
        "checks": [dataclasses.asdict(check) for check in verdict.checks],
    }


def _silent(*_: object) -> None:
    """Nothing printed: the JSON alone goes to standard output."""


def _verdicts(
    spec: ScenarioSpec, args: argparse.Namespace, say: Callable[..., None]
) -> list[BatchVerdict | GoldenVerdict]:
    """The batch checks and the golden log comparison the scenario's ``[expect]`` asks for
    (with ``--set``, the golden log, the scenario's as written, is not compared)."""
    expect = spec.expect
    assert expect is not None
    verdicts: list[BatchVerdict | GoldenVerdict] = []
    if expect.needs_batch:
        verdicts.append(check_batch(spec, jobs=args.jobs, overrides=args.overrides))
    if expect.golden is not None and args.overrides:
        say(f"  golden log {expect.golden.name}: not compared (the scenario is played with --set)")
    elif expect.golden is not None:
        verdicts.append(check_golden(spec, update=args.update_golden))
    return verdicts


def _suggest(file: str, args: argparse.Namespace, quiet: bool) -> tuple[int, dict[str, Any]]:
    try:
        block = suggest_expectations(
            file, runs=args.suggest_runs, jobs=args.jobs, overrides=args.overrides
        )
    except MandsSimError as error:
        if not quiet:
            print(f"mands-sim: error: {error}", file=sys.stderr)
        return MALFORMED, {"file": file, "status": "malformed", "error": str(error)}
    if not quiet:
        print(f"# {file}\n{block}")
    return PASSED, {"file": file, "status": "suggested", "suggested": block}
