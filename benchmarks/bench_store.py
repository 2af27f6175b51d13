"""The results store under kills, interrupts, races and damage: runs lost, runs deleted, bogus
verdicts and tracebacks, counted over many trials (``docs/reliability.md`` quotes the figures).

    .venv/bin/python benchmarks/bench_store.py [--scenario scenarios/grunts.toml] [--runs 200]
        [--trials 10] [--damage 100] [--seed 0] [--only kill,interrupt,race,damage]

First an uninterrupted reference batch (``mands-sim run SCENARIO --runs N --jobs 1``) is played
into its own store; its wall time W sets the range of the random moments below. Then:

* **kill**: the command is killed with SIGKILL (with its process group) at a random moment in
  [0, W], then run again; the stored rows must be the reference's, row for row.
* **interrupt**: SIGINT (Ctrl-C, to the process group) at a random moment in [0, W]: the exit
  status must be 130 as a shell reports it (or 0 if the batch had finished), no traceback, no
  verdict printed when no run was stored, the header's count the stored count; then the batch
  is run to its end and compared with the reference. A traceback from before the command's
  ``main`` began (Python starting, or importing the package) is counted apart.
* **race**: two identical commands started together on one store: one plays, the other is
  refused (or, if it came after, reports the stored batch); the rows end as the reference's.
* **damage**: copies of the reference store damaged (truncated, bytes flipped, a page zeroed,
  another program's database, a text file) and the command run on each in this process: each
  must report the reference's numbers, or stop with one error naming the file; never a
  traceback, never different numbers.

Every command runs with one worker process (``--jobs 1``), so the measurement takes one core.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

AS_FROM_A_TERMINAL = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "os.execv(sys.executable, [sys.executable, '-m', 'mands_sim', *sys.argv[1:]])"
)
"""``mands-sim`` with Ctrl-C handled as a shell starts it from a terminal."""

WAIT = 600.0
"""Seconds any one command may take before the trial counts as a hang."""


def command(args: argparse.Namespace, store: Path, *extra: str) -> list[str]:
    return [sys.executable, "-c", AS_FROM_A_TERMINAL, "run", str(args.scenario),
            "--runs", str(args.runs), "--seed", str(args.seed), "--jobs", "1", "--quiet",
            "--store", str(store), *extra]  # fmt: skip


def rows(store: Path) -> list[tuple[Any, ...]]:
    """The runs stored, in run order; none when the store was not made yet (the command was
    stopped before, or while, it made the file)."""
    if not store.exists():
        return []
    with contextlib.closing(sqlite3.connect(store)) as db:
        try:
            return db.execute(
                "SELECT idx, seed, winner, reason, segments, characters, error FROM runs"
                " ORDER BY idx"
            ).fetchall()
        except sqlite3.OperationalError:  # no table yet
            return []


def start(cmd: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )


def finish(process: subprocess.Popen[str]) -> tuple[int, str, str, bool]:
    """Exit status, output, errors, and whether it hung (killed after :data:`WAIT`)."""
    try:
        out, err = process.communicate(timeout=WAIT)
        return process.returncode, out, err, False
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        return process.returncode, out, err, True


def reference(args: argparse.Namespace, folder: Path) -> tuple[list[tuple[Any, ...]], float, Path]:
    store = folder / "reference.sqlite"
    report = folder / "reference.json"
    begun = time.monotonic()
    status, _, err, _ = finish(start(command(args, store, "--json", str(report))))
    if status not in (0, 1):
        raise SystemExit(f"the reference batch failed ({status}):\n{err}")
    return rows(store), time.monotonic() - begun, store


def kills(args: argparse.Namespace, folder: Path, expected: list[Any], wall: float) -> Counter[str]:
    tally: Counter[str] = Counter()
    for trial in range(args.trials):
        store = folder / f"kill-{trial}.sqlite"
        process = start(command(args, store))
        time.sleep(args.random.uniform(0, wall))
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        tally["stored when killed"] += len(rows(store))
        status, _, err, hung = finish(start(command(args, store)))
        tally["hangs"] += hung
        tally["tracebacks"] += "Traceback" in err
        tally["resumes that failed"] += status not in (0, 1)
        tally.update(_compared(rows(store), expected))
        tally["trials"] += 1
    return tally


def _compared(got: list[Any], expected: list[Any]) -> Counter[str]:
    """Runs of the reference missing from ``got``, and runs stored different."""
    mine = {row[0]: row for row in got}
    lost = sum(1 for row in expected if row[0] not in mine)
    different = sum(1 for row in expected if row[0] in mine and mine[row[0]] != row)
    return Counter({"runs lost": lost, "runs different": different})


def interrupts(
    args: argparse.Namespace, folder: Path, expected: list[Any], wall: float
) -> Counter[str]:
    tally: Counter[str] = Counter()
    for trial in range(args.trials):
        store = folder / f"interrupt-{trial}.sqlite"
        process = start(command(args, store))
        time.sleep(args.random.uniform(0, wall))
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGINT)
        status, out, err, hung = finish(process)
        stored = len(rows(store))
        said = " ".join(err.split())
        early = "mands-sim: interrupted" in said  # before the command was parsed
        starting = _in_start_up(err)
        tally["hangs"] += hung
        tally["Ctrl-C while Python loaded, before mands-sim's main (a traceback)"] += starting
        tally["tracebacks"] += "Traceback" in out + err and not starting
        tally["exit status not 130 (nor 0 once finished)"] += status not in (*SHELL_130, 0, 1)
        tally["verdicts from no run"] += stored == 0 and "Toughness" in out
        tally["headers not counting the stored runs"] += _header_wrong(out, stored)
        tally["interrupted before the command began"] += early
        tally["resume hints missing"] += (
            status == 130 and not early and "Run the same command again" not in said
        )
        finish(start(command(args, store)))
        tally.update(_compared(rows(store), expected))
        tally["trials"] += 1
    return tally


SHELL_130 = (130, -signal.SIGINT)
"""Exit statuses a shell reports as 130: the status itself, or an end by SIGINT."""


def _in_start_up(err: str) -> bool:
    """A traceback from before the command line's ``main`` began: Python starting (``site``)
    or importing the ``mands_sim`` package, where no code of the command can catch Ctrl-C."""
    return "Traceback" in err and "/mands_sim/cli/" not in err


def _header_wrong(out: str, stored: int) -> bool:
    """A report printed whose header does not count the runs stored."""
    flat = " ".join(out.split())
    if "runs played of" not in flat:
        return False
    told = flat.split(" runs played of ", 1)[1].split(" ", 1)[0]
    return told != str(stored)


def races(args: argparse.Namespace, folder: Path, expected: list[Any]) -> Counter[str]:
    tally: Counter[str] = Counter()
    for trial in range(args.trials):
        store = folder / f"race-{trial}.sqlite"
        both = [start(command(args, store)) for _ in range(2)]
        results = [finish(process) for process in both]
        statuses = sorted(status for status, *_ in results)
        refused = sum("is being played by" in err for _, _, err, _ in results)
        tally["hangs"] += any(hung for *_, hung in results)
        tally["tracebacks"] += any("Traceback" in out + err for _, out, err, _ in results)
        tally["second refused"] += refused
        tally["second reused the stored batch"] += sum(
            "stored already" in err for _, _, err, _ in results
        )
        tally["both exited 0 having both played"] += (
            statuses == [0, 0]
            and not refused
            and not (any("stored already" in err for _, _, err, _ in results))
        )
        tally.update(_compared(rows(store), expected))
        tally["trials"] += 1
    return tally


def damages(args: argparse.Namespace, folder: Path, source: Path) -> Counter[str]:
    """Damaged copies of the reference store, each reported in this process."""
    from mands_sim.cli import main

    expected = _report(main, args, source, folder / "undamaged.json")[1]
    tally: Counter[str] = Counter()
    for trial in range(args.damage):
        store = folder / f"damaged-{trial}.sqlite"
        how = _damage(source, store, args.random)
        status, report, err = _report(main, args, store, folder / f"damaged-{trial}.json")
        tally[f"damaged: {how}"] += 1
        if "Traceback" in err:
            tally["tracebacks"] += 1
        elif status == 2 and err.startswith(f"mands-sim: error: {store}"):
            tally["refused with one error naming the file"] += 1
        elif status in (0, 1) and report == expected:
            tally["reported the reference's numbers"] += 1
        else:
            tally["reported different numbers"] += 1
            print(f"  trial {trial} ({how}): status {status}\n{err[-2000:]}", file=sys.stderr)
        tally["trials"] += 1
    return tally


def _report(main: Any, args: argparse.Namespace, store: Path, out: Path) -> tuple[int, Any, str]:
    """``mands-sim run`` on ``store`` in this process: status, the JSON report, stderr."""
    argv = command(args, store, "--json", str(out))[3:]
    errors, printed = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(printed):
            status = main(argv)
    except BaseException as error:  # what the user would see as a traceback
        return -1, None, f"Traceback: {type(error).__name__}: {error}"
    report = json.loads(out.read_text()) if status in (0, 1) and out.exists() else None
    if report is not None:
        del report["batch"]["store"]
    return status, report, errors.getvalue()


def _damage(source: Path, target: Path, rng: random.Random) -> str:
    data = bytearray(source.read_bytes())
    kind = rng.choice(["truncated", "bytes flipped", "page zeroed", "foreign", "text"])
    if kind == "truncated":
        data = data[: rng.randrange(len(data))]
    elif kind == "bytes flipped":
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    elif kind == "page zeroed":
        page = rng.randrange(len(data) // 4096)
        data[page * 4096 : (page + 1) * 4096] = bytes(4096)
    elif kind == "text":
        data = bytearray(b"notes about the campaign\n" * rng.randint(1, 400))
    if kind == "foreign":
        with contextlib.closing(sqlite3.connect(target)) as db:
            db.execute("CREATE TABLE characters (name TEXT)")
            db.commit()
    else:
        target.write_bytes(bytes(data))
    return kind


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenario", type=Path, default=ROOT / "scenarios" / "grunts.toml")
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--trials", type=int, default=10, help="of kill, interrupt and race")
    parser.add_argument("--damage", type=int, default=100, help="damaged stores")
    parser.add_argument("--seed", type=int, default=0, help="the batch's and the moments'")
    parser.add_argument("--only", default="kill,interrupt,race,damage")
    args = parser.parse_args()
    args.random = random.Random(args.seed)
    wanted = set(args.only.split(","))
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        expected, wall, source = reference(args, folder)
        print(f"reference: {len(expected)} runs of {args.scenario.name} in {wall:.1f} s")
        measured = {
            "kill": lambda: kills(args, folder, expected, wall),
            "interrupt": lambda: interrupts(args, folder, expected, wall),
            "race": lambda: races(args, folder, expected),
            "damage": lambda: damages(args, folder, source),
        }
        for name_, measure in measured.items():
            if name_ in wanted:
                tally = measure()
                print(f"{name_}: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())))
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
