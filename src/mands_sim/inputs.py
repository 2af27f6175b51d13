"""Reading the files a user gives mands-sim — scenarios and character sheets — within bounds.

* :func:`read_input` reads a file's bytes: a regular file only (a named pipe, a device or a
  folder is refused before it is read, so nothing blocks), of at most
  :data:`~mands_sim.bounds.MAX_FILE_BYTES`.
* :func:`toml_data` decodes them as UTF-8 (a byte-order mark is skipped; UTF-16 and UTF-32
  are named as such), checks how deep tables and arrays nest *before* the parser recurses into
  them, and parses the TOML.
* :func:`value_problems` checks every value against the bounds every value has: nesting, items,
  text, names and numbers (:mod:`mands_sim.bounds`).

Each problem becomes an error of the caller's kind (a scenario's or a sheet's) naming the file.
Nothing here executes what it reads.
"""

from __future__ import annotations

import math
import os
import re
import stat
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mands_sim.bounds import (
    MAX_FILE_BYTES,
    MAX_ITEMS,
    MAX_NAME_LENGTH,
    MAX_NESTING,
    MAX_TEXT_LENGTH,
    TOML_WHOLE_NUMBERS,
)
from mands_sim.errors import InputError, Problem

Refuse = Callable[[str], InputError]
"""Makes the caller's error from a reason the file cannot be used (``there is no file …``)."""

MAX_PROBLEMS_LISTED = 50
"""The most problems of one kind :func:`trimmed` lists before "… and N more like these"."""

_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)

_KINDS_OF_FILE = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)

_OTHER_ENCODINGS = (
    ((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff"), "UTF-32"),
    ((b"\xff\xfe", b"\xfe\xff"), "UTF-16"),
)
"""Byte-order marks of encodings TOML files are not written in, longest first."""

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
"""Control characters text may not hold (tab, newline and carriage return may appear)."""

_TOKENS = re.compile(
    r'"""(?:\\.|[^\\])*?"{3,5}'  # a multi-line basic string
    r"|'''.*?'{3,5}"  # a multi-line literal string
    r'|"(?:\\.|[^"\\\n])*(?:"|$)'  # a basic string (to the line's end when left open)
    r"|'[^'\n]*(?:'|$)"  # a literal string
    r"|#[^\n]*"  # a comment
    r"|[\[\]{}]",  # a bracket or a brace
    re.DOTALL | re.MULTILINE,
)
"""What can hold a bracket without opening anything (strings, comments), and the brackets."""


# --- reading ----------------------------------------------------------------------------------


def read_input(file: Path, refuse: Refuse, display: str = "", most: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of ``file``, a regular file of at most ``most`` bytes; ``refuse`` is raised
    with the reason when it is missing, not a regular file, too large or unreadable.
    ``display`` names the file in reasons (default: its path)."""
    shown = display or str(file)
    try:
        _check_kind(os.stat(file), shown, refuse, most)
        descriptor = os.open(file, _OPEN_FLAGS)
    except FileNotFoundError:
        raise refuse(f"there is no file {shown}") from None
    except OSError as error:
        raise refuse(f"{shown}: {error.strerror}") from None
    except ValueError:  # a NUL in the name
        raise refuse("a file name cannot hold a NUL character") from None
    try:
        return _read_regular(descriptor, shown, refuse, most)
    finally:
        os.close(descriptor)


def resolved(base: Path, reference: str, refuse: Refuse) -> Path:
    """The file ``reference`` names relative to ``base``, symbolic links followed; ``refuse``
    is raised with the reason when it cannot be followed (a loop of links, a NUL)."""
    try:
        return (base / reference).resolve()
    except RuntimeError:  # Python before 3.13: a loop of symbolic links
        raise refuse(f"{reference}: a loop of symbolic links") from None
    except OSError as error:
        raise refuse(f"{reference}: {error.strerror}") from None
    except ValueError:
        raise refuse("a file name cannot hold a NUL character") from None


def _check_kind(status: os.stat_result, shown: str, refuse: Refuse, most: int) -> None:
    """A regular file of at most ``most`` bytes (checked again on the open file)."""
    for test, kind in _KINDS_OF_FILE:
        if test(status.st_mode):
            raise refuse(f"{shown} is {kind}, not a regular file")
    if not stat.S_ISREG(status.st_mode):
        raise refuse(f"{shown} is not a regular file")
    if status.st_size > most:
        raise refuse(_too_large(shown, most))


def _read_regular(descriptor: int, shown: str, refuse: Refuse, most: int) -> bytes:
    """Read the open file; it must still be a regular file and stay within the size."""
    try:
        _check_kind(os.fstat(descriptor), shown, refuse, most)
        chunks: list[bytes] = []
        size = 0
        while chunk := os.read(descriptor, most + 1 - size):
            chunks.append(chunk)
            size += len(chunk)
            if size > most:
                raise refuse(_too_large(shown, most))
    except OSError as error:
        raise refuse(f"{shown}: {error.strerror}") from None
    return b"".join(chunks)


def _too_large(shown: str, most: int) -> str:
    return f"{shown} has more than {most} bytes, the most a file may have"


# --- parsing ----------------------------------------------------------------------------------


def toml_data(content: bytes, refuse: Refuse) -> dict[str, Any]:
    """``content`` parsed as TOML; ``refuse`` gets the expectation (``expected …``) when it is
    not UTF-8, nests too deep or is not TOML."""
    text = _decoded(content, refuse)
    _check_nesting(text, refuse)
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise refuse(_too_deep()) from None
    except ValueError as error:  # TOMLDecodeError, and a whole number of too many digits
        raise refuse(f"expected valid TOML: {error}") from None


def _decoded(content: bytes, refuse: Refuse) -> str:
    for marks, encoding in _OTHER_ENCODINGS:
        if content.startswith(marks):
            raise refuse(f"expected a UTF-8 text file, not {encoding} (save it as UTF-8)")
    try:
        return content.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise refuse(f"expected a UTF-8 text file ({error.reason} at byte {error.start})") from None


def _check_nesting(text: str, refuse: Refuse) -> None:
    """Tables and arrays written inline nest at most ``MAX_NESTING`` deep (before the parser
    recurses into them); brackets inside strings and comments do not count."""
    depth = 0
    for token in _TOKENS.finditer(text):
        bracket = token.group()
        if bracket in ("[", "{"):
            depth += 1
            if depth > MAX_NESTING:
                line = text.count("\n", 0, token.start()) + 1
                raise refuse(f"{_too_deep()} (at line {line})")
        elif bracket in ("]", "}"):
            depth = max(depth - 1, 0)


def _too_deep() -> str:
    return f"expected tables and arrays nested at most {MAX_NESTING} deep"


# --- values -----------------------------------------------------------------------------------


@dataclass
class ValueProblems:
    """What :func:`value_problems` found: ``shape`` (nesting, items, text, names: the data
    cannot be read further) and ``numbers`` (not finite, or beyond 64 bits)."""

    shape: list[Problem] = field(default_factory=list)
    numbers: list[Problem] = field(default_factory=list)


def value_problems(data: Any, prefix: str = "") -> ValueProblems:
    """Every value of ``data`` (a table) checked against the bounds every value has; keys are
    dotted as in messages, starting with ``prefix``. Iterative: no depth breaks it."""
    found = ValueProblems()
    stack: list[tuple[str, Any, int]] = [(prefix, data, 0)]
    while stack:
        key, value, depth = stack.pop()
        if isinstance(value, Mapping | list | tuple):
            stack += reversed(_items(key, value, depth, found.shape))
        elif isinstance(value, str):
            _add(found.shape, key, _text_problem(value))
        elif isinstance(value, float | int) and not isinstance(value, bool):
            _add(found.numbers, key, _number_problem(value))
    return found


def _items(
    key: str, value: Mapping[Any, Any] | Sequence[Any], depth: int, shape: list[Problem]
) -> list[tuple[str, Any, int]]:
    """The items of a table or an array to check next; none if it is itself out of bounds."""
    if depth >= MAX_NESTING:
        shape.append(Problem(key, _too_deep()))
        return []
    if len(value) > MAX_ITEMS:
        shape.append(Problem(key, f"expected at most {MAX_ITEMS} items, not {len(value)}"))
        return []
    if not isinstance(value, Mapping):
        return [(f"{key}[{index}]", item, depth + 1) for index, item in enumerate(value)]
    items = []
    for name, item in value.items():
        problem = _name_problem(name)
        if problem:
            shape.append(Problem(key, problem))
        else:
            items.append((f"{key}.{name}" if key else name, item, depth + 1))
    return items


def _name_problem(name: Any) -> str:
    if not isinstance(name, str):
        return f"expected text keys, not {name!r}"[:MAX_NAME_LENGTH]
    if len(name) > MAX_NAME_LENGTH:
        return f"expected keys of at most {MAX_NAME_LENGTH} characters, not {len(name)}"
    if _CONTROL.search(name) or any(c in name for c in "\t\n\r"):
        return f"expected keys without control characters, not {escaped(name)}"
    return ""


def _text_problem(text: str) -> str:
    if len(text) > MAX_TEXT_LENGTH:
        return f"expected text of at most {MAX_TEXT_LENGTH} characters, not {len(text)}"
    if _CONTROL.search(text):
        return f"expected text without control characters but tab and newline, not {escaped(text)}"
    return ""


def _number_problem(value: float) -> str:
    if isinstance(value, float):
        return "" if math.isfinite(value) else f"expected a finite number, not {value!r}"
    low, high = TOML_WHOLE_NUMBERS
    if low <= value <= high:
        return ""
    digits = len(str(abs(value)))
    return f"expected a whole number of 64 bits, from {low} to {high}, not one of {digits} digits"


def shown(value: Any) -> str:
    """A value as TOML writes it, for a message (a long text cut short, a long number by its
    digits)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return escaped(value)
    if isinstance(value, int) and abs(value) >= 10**30:
        return f"a whole number of {len(str(abs(value)))} digits"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, int | float):
        return repr(value)
    return f"a {type(value).__name__}"


def escaped(text: str, limit: int = 80) -> str:
    """``text`` quoted as TOML writes it, control characters escaped, cut to ``limit``."""
    cut = text if len(text) <= limit else text[:limit] + "…"
    inner = _CONTROL.sub(lambda match: f"\\u{ord(match.group()):04X}", cut)
    for character, escape in (("\n", "\\n"), ("\t", "\\t"), ("\r", "\\r")):
        inner = inner.replace(character, escape)
    return f'"{inner}"'


def _add(problems: list[Problem], key: str, expected: str) -> None:
    if expected:
        problems.append(Problem(key, expected))


def trimmed(problems: list[Problem]) -> list[Problem]:
    """At most ``MAX_PROBLEMS_LISTED`` of ``problems``, then one line counting the rest."""
    if len(problems) <= MAX_PROBLEMS_LISTED:
        return problems
    rest = len(problems) - MAX_PROBLEMS_LISTED
    return [*problems[:MAX_PROBLEMS_LISTED], Problem("", f"… and {rest} more like these")]
