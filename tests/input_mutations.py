"""Mutated scenario files and character sheets, and what loading one gives.

Shared by the loaders' fuzz test (``tests/property/test_input_fuzz_properties.py``) and its
benchmark (``benchmarks/fuzz_loaders.py``). :func:`inputs` draws a bundled scenario
(``scenarios/*.toml``) or sheet (``scenarios/characters/*.toml``) and mutates it: keys
dropped or added, values of the wrong type, huge, negative or not finite, odd text, deep
nesting, odd bytes, another encoding, truncation, a file too large, or no regular file at all
(a named pipe, a loop of symbolic links, a folder). :func:`play` writes it beside the bundled
files and loads it as ``mands-sim validate`` does: the scenario (for a sheet, a bundled scenario
that names it, and the sheet alone), then its names checked against the plugins. It tells
whether that succeeded, was refused with an error of the project's tree naming the file, or
failed some other way (a traceback: the bug the fuzzing hunts).
"""

from __future__ import annotations

import datetime
import math
import os
import re
import signal
import tomllib
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from mands_sim.errors import MandsSimError
from mands_sim.model.sheet import load_sheet
from mands_sim.registry import Registries
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation, check_scenario

SCENARIOS = Path(__file__).parents[1] / "scenarios"
SCENARIO_FILES = sorted(SCENARIOS.glob("*.toml"))
SHEET_FILES = sorted((SCENARIOS / "characters").glob("*.toml"))
FUZZED_SCENARIO = "fuzzed_scenario.toml"
FUZZED_SHEET = "characters/fuzzed_sheet.toml"
HANG_SECONDS = 20.0
"""A case that takes longer than this to load counts as a hang."""


@dataclass(frozen=True)
class Raw:
    """TOML text written as it is (deep nesting the writer could not recurse into)."""

    text: str


@dataclass(frozen=True)
class Input:
    """One mutated file: a ``scenario`` or a ``sheet``, made from the bundled ``source``; its
    ``content`` (bytes), or the ``kind`` of thing put in its place (``fifo``, ``loop``,
    ``folder``); ``how`` says what was done, for a failure's message."""

    target: str
    source: str
    content: bytes
    how: str
    kind: str = "file"


@dataclass(frozen=True)
class Outcome:
    """What loading an :class:`Input` gave: ``loaded``, ``refused`` (an error of the tree
    naming the file), ``traceback`` (anything else) or ``hang``; ``detail`` for the last two."""

    verdict: str
    detail: str = ""


# --- a small TOML writer (the standard library only reads TOML) -------------------------------


def toml_text(data: dict[str, Any]) -> str:
    """``data`` as TOML: one ``key = value`` line per top-level key, tables inline."""
    return "".join(f"{_key(name)} = {_value(value)}\n" for name, value in data.items())


def _key(name: str) -> str:
    return _string(name)


def _string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    escaped = re.sub(r"[\x00-\x1f\x7f]", lambda m: f"\\u{ord(m.group()):04x}", escaped)
    return f'"{escaped}"'


def _value(value: Any) -> str:
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return _float(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    items = ", ".join(f"{_key(name)} = {_value(item)}" for name, item in value.items())
    return "{" + items + "}"


def _float(value: float) -> str:
    if math.isnan(value):
        return "nan"
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    return repr(value)


# --- mutations --------------------------------------------------------------------------------

ODD_TEXT = (
    "",
    " ",
    "x" * 300,
    "y" * 20_000,
    "nul\x00byte",
    "escape\x1b[31mred",
    "bell\x07",
    "right-to-left\u202eoverride",
    "zero\u200bwidth",
    "emoji 🦸",
    "combining e\u0301\u0301\u0301",
    "line\nbreak",
    "../../../etc/passwd",
    "/dev/zero",
    "characters",
    "characters/",
    "🦸" * 100,
    "{}",
    "[[sides]]",
    "nan",
)
"""Text that loaders and messages have to survive."""

ODD_NUMBERS = (
    0,
    -1,
    1,
    2**31,
    2**63 - 1,
    -(2**63),
    10**18,
    10**30,
    -(10**30),
    0.0,
    -0.0,
    0.5,
    1e-300,
    5e-324,
    1e308,
    -1e308,
    math.nan,
    math.inf,
    -math.inf,
)
"""Numbers at and past every bound: huge, negative, tiny, not finite."""

ODD_BYTES = (b"\x00", b"\xff", b"\xfe\xff", b"\xef\xbb\xbf", b"\r", b"\x1b", b"\xc3", b'"', b"[")


def deep(depth: int, opener: str) -> Raw:
    """Arrays (``[``) or inline tables (``{``) nested ``depth`` deep."""
    if opener == "[":
        return Raw("[" * depth + "]" * depth)
    return Raw("{a = " * depth + "1" + "}" * depth)


def odd_values() -> st.SearchStrategy[Any]:
    """A value of any type, at the edges (:data:`ODD_VALUES`)."""
    return st.one_of(
        st.sampled_from(ODD_NUMBERS),
        st.sampled_from(ODD_TEXT),
        st.integers(),
        st.floats(),
        st.booleans(),
        st.text(max_size=40),
        st.just(datetime.datetime(1979, 5, 27, 7, 32)),
        st.just([]),
        st.just({}),
        st.builds(deep, st.sampled_from([2, 33, 200, 3_000]), st.sampled_from("[{")),
        st.lists(st.sampled_from(ODD_NUMBERS), max_size=4),
        st.dictionaries(st.sampled_from(ODD_TEXT), st.sampled_from(ODD_NUMBERS), max_size=3),
    )


ODD_VALUES = odd_values()
"""Built once: a strategy is cheaper drawn from than built."""


@st.composite
def places_in(draw: st.DrawFn, data: dict[str, Any]) -> tuple[Any, ...]:
    """The path of a value inside ``data`` (tables' keys, arrays' indices), drawn from the top
    down: each step goes into a table or an array, or stops at the value it reached."""
    path: list[Any] = []
    node: Any = data
    while isinstance(node, dict | list) and node:
        step = draw(st.sampled_from(list(node)) if isinstance(node, dict) else _index(node))
        path.append(step)
        node = node[step]
        if draw(st.booleans()):
            break
    return tuple(path) or ("format",)


def _index(items: list[Any]) -> st.SearchStrategy[int]:
    return st.integers(0, len(items) - 1)


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path[:-1]:
        data = data[step]
    return data


@st.composite
def changed_data(draw: st.DrawFn, data: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """``data`` with one to three values dropped, replaced, or added beside, and what was done."""
    done = []
    for _ in range(draw(st.integers(1, 3))):
        path = draw(places_in(data))
        parent, last = _parent(data, path), path[-1]
        action = draw(st.sampled_from(["drop", "replace", "add", "repeat"]))
        value = parent.get(last) if isinstance(parent, dict) else parent[last]
        if action == "drop" and isinstance(parent, dict) and last in parent:
            del parent[last]
        elif action == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(ODD_TEXT[:13]))] = draw(ODD_VALUES)
        elif action == "repeat" and isinstance(value, list) and value:
            parent[last] = parent[last] * draw(st.sampled_from([2, 50, 2_000]))
        else:
            parent[last] = draw(ODD_VALUES)
        done.append(f"{action} {'.'.join(map(str, path))}")
    return data, "; ".join(done)


@st.composite
def changed_bytes(draw: st.DrawFn, content: bytes) -> tuple[bytes, str]:
    """``content`` with bytes inserted, the file cut short, re-encoded, padded past the size
    bound, or deep nesting appended; and what was done."""
    at = draw(st.integers(0, len(content)))
    action = draw(
        st.sampled_from(["insert", "truncate", "utf-16", "latin-1", "bom", "huge", "nest"])
    )
    if action == "insert":
        odd = draw(st.sampled_from(ODD_BYTES))
        return content[:at] + odd + content[at:], f"insert {odd!r} at {at}"
    if action == "truncate":
        return content[:at], f"truncate at {at}"
    if action == "utf-16":
        return content.decode("utf-8").encode("utf-16"), "UTF-16"
    if action == "latin-1":
        return content.decode("utf-8").encode("latin-1", "replace") + b"\xe9", "Latin-1"
    if action == "bom":
        return b"\xef\xbb\xbf" + content, "byte-order mark"
    if action == "huge":
        return content + b"# padding\n" * 110_000, "padded past 1 MB"
    depth = draw(st.sampled_from([33, 500, 5_000]))
    line = draw(
        st.sampled_from(
            [
                "a" + ".a" * depth + " = 1",
                "[" + ".".join(["b"] * depth) + "]",
                "c = " + "[" * depth + "]" * depth,
                "d = " + "{e = " * depth + "1" + "}" * depth,
            ]
        )
    )
    return content + b"\n" + line.encode() + b"\n", f"append {line[:40]}… ({depth} deep)"


@st.composite
def inputs(draw: st.DrawFn) -> Input:
    """A mutated bundled scenario or sheet (module docstring)."""
    target = draw(st.sampled_from(["scenario", "sheet"]))
    source = draw(st.sampled_from(SCENARIO_FILES if target == "scenario" else SHEET_FILES))
    content = source.read_bytes()
    how = draw(st.sampled_from(["data", "data", "bytes", "kind"]))
    if how == "kind":
        kind = draw(st.sampled_from(["fifo", "loop", "folder"]))
        return Input(target, source.name, b"", kind, kind)
    if how == "bytes":
        changed, what = draw(changed_bytes(content))
        return Input(target, source.name, changed, what)
    data, what = draw(changed_data(tomllib.loads(content.decode("utf-8"))))
    return Input(target, source.name, toml_text(data).encode("utf-8"), what)


# --- loading ----------------------------------------------------------------------------------


def sheet_users() -> dict[str, Path]:
    """For each bundled sheet, a bundled scenario that names it."""
    users: dict[str, Path] = {}
    for scenario in reversed(SCENARIO_FILES):
        for name in re.findall(r'characters/([\w.-]+\.toml)"', scenario.read_text("utf-8")):
            users[name] = scenario
    return users


SHEET_USERS = sheet_users()


def play(case: Input, folder: Path, registries: Registries) -> Outcome:
    """Write ``case`` into ``folder`` (a copy of ``scenarios/``) and load it as
    ``mands-sim validate`` does; what that gave (:class:`Outcome`)."""
    file = folder / (FUZZED_SCENARIO if case.target == "scenario" else FUZZED_SHEET)
    _put(case, file)
    scenario = file
    if case.target == "sheet":
        scenario = folder / FUZZED_SCENARIO
        _clear(scenario)
        user = SHEET_USERS[case.source].read_text("utf-8")
        scenario.write_text(user.replace(f"characters/{case.source}", FUZZED_SHEET))
    try:
        with time_limit(HANG_SECONDS):
            _validate(scenario, registries)
            if case.target == "sheet":
                load_sheet(file)
    except Hang:
        return Outcome("hang", f"{case.how} ({case.target} {case.source})")
    except MandsSimError as error:
        named = str(file) in str(error) or str(scenario) in str(error)
        return Outcome("refused") if named else Outcome("traceback", _failure(case, error))
    except Exception as error:  # the fuzzing's find: anything else is a bug
        return Outcome("traceback", _failure(case, error))
    return Outcome("loaded")


def _validate(scenario: Path, registries: Registries) -> None:
    """What ``mands-sim validate`` does with one file (``mands_sim.cli.validate``)."""
    spec = load_scenario(scenario)
    if spec.disabled_plugins:
        registries = Simulation(spec).prepare().registries
    check_scenario(registries, spec)


def _put(case: Input, file: Path) -> None:
    """Put the case's file (or pipe, loop or folder) at ``file``, replacing what was there."""
    _clear(file)
    if case.kind == "fifo":
        os.mkfifo(file)
    elif case.kind == "loop":
        file.symlink_to(file.name)
    elif case.kind == "folder":
        file.mkdir()
    else:
        file.write_bytes(case.content)


def _clear(file: Path) -> None:
    if file.is_dir() and not file.is_symlink():
        file.rmdir()
    elif file.exists() or file.is_symlink():
        file.unlink()


def _failure(case: Input, error: BaseException) -> str:
    where = "".join(traceback.format_exception(error)[-3:])
    return f"{case.target} {case.source}, {case.how}: {type(error).__name__}\n{where}"


class Hang(Exception):
    """Loading took longer than :data:`HANG_SECONDS`."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`Hang` in the block after ``seconds`` (a timer signal; main thread only)."""

    def expire(signum: int, frame: object) -> None:
        raise Hang

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
