"""Reading chart data files: TOML, checked field by field, every problem naming the file.

Every chart file carries ``kind`` (which chart it is) and ``source`` (where its numbers come
from); every row carries a ``status`` from the legend of ``docs/rules/charts.md``: page, seed,
inferred, derived or default. A malformed file raises :class:`RulesDataError` with the file and
what is wrong, at load time, so a bad table never reaches a simulation.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Iterable, Mapping
from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from typing import Any, NoReturn

from mands_sim.errors import RulesDataError

STATUSES = ("page", "seed", "inferred", "derived", "default")
"""The status legend of ``docs/rules/charts.md``."""

Entry = Mapping[str, Any]


class DataFile:
    """One parsed chart data file and the checks that read it."""

    def __init__(self, source: str, content: Entry) -> None:
        self.source = source
        self.content = content

    @classmethod
    def read(cls, path: Path | str, kind: str) -> DataFile:
        """Parse ``path`` as TOML and check its ``kind`` and ``source`` notes."""
        source = str(path)
        try:
            with open(path, "rb") as handle:
                content = tomllib.load(handle)
        except OSError as error:
            raise RulesDataError(source, f"cannot read the file ({error.strerror})") from error
        except tomllib.TOMLDecodeError as error:
            raise RulesDataError(source, f"not valid TOML ({error})") from error
        data = cls(source, content)
        found = data.text(content, "kind", "the file")
        if found != kind:
            data.fail(f"'kind' is '{found}', but a '{kind}' chart was asked for")
        data.text(content, "source", "the file")
        return data

    def fail(self, problem: str) -> NoReturn:
        """Raise :class:`RulesDataError` for this file."""
        raise RulesDataError(self.source, problem)

    def field(self, entry: Entry, key: str, where: str) -> Any:
        """A required field."""
        if key not in entry:
            self.fail(f"{where} has no '{key}'")
        return entry[key]

    def table(self, key: str) -> Entry:
        """A required ``[key]`` table."""
        return self.subtable(self.content, key, "the file")

    def subtable(self, entry: Entry, key: str, where: str) -> Entry:
        """A required table inside ``entry``."""
        value = self.field(entry, key, where)
        if not isinstance(value, Mapping):
            self.fail(f"{where}: '{key}' must be a table, not {_kind_of(value)}")
        return value

    def rows(self, key: str) -> list[Entry]:
        """A required, non-empty ``[[key]]`` array of tables, each with a valid ``status``."""
        value = self.field(self.content, key, "the file")
        if not isinstance(value, list) or not value:
            self.fail(f"'{key}' must be a non-empty array of tables ([[{key}]])")
        for number, entry in enumerate(value, start=1):
            if not isinstance(entry, Mapping):
                self.fail(f"{key} entry {number} must be a table, not {_kind_of(entry)}")
            self.status(entry, f"{key} entry {number}")
        return value

    def status(self, entry: Entry, where: str) -> str:
        """The entry's ``status``, one of :data:`STATUSES`."""
        value = self.text(entry, "status", where)
        if value not in STATUSES:
            self.fail(f"{where}: status '{value}' is not one of {', '.join(STATUSES)}")
        return value

    def text(self, entry: Entry, key: str, where: str) -> str:
        """A required string field."""
        value = self.field(entry, key, where)
        if not isinstance(value, str):
            self.fail(f"{where}: '{key}' must be a string, not {_kind_of(value)}")
        return value

    def integer(self, entry: Entry, key: str, where: str) -> int:
        """A required integer field."""
        return self.as_integer(self.field(entry, key, where), f"{where}: '{key}'")

    def as_integer(self, value: Any, what: str) -> int:
        """``value`` as an integer (booleans are not integers here)."""
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(f"{what} must be an integer, not {_kind_of(value)} {value!r}")
        return value

    def fraction(self, entry: Entry, key: str, where: str) -> Fraction:
        """A required exact number: an integer or a string such as ``"1/5"`` or ``".077"``."""
        return self.as_fraction(self.field(entry, key, where), f"{where}: '{key}'")

    def as_fraction(self, value: Any, what: str) -> Fraction:
        """``value`` (integer, or a string holding a fraction or decimal) as a Fraction."""
        if isinstance(value, str):
            try:
                return Fraction(value)
            except (ValueError, ZeroDivisionError):
                self.fail(f"{what} must be a number such as '1/5' or '.077', not {value!r}")
        if isinstance(value, float):
            if not math.isfinite(value):
                self.fail(f"{what} must be a finite number, not {value!r}")
            return Fraction(str(value))
        return Fraction(self.as_integer(value, what))

    def check_contiguous(self, rows: Iterable[int], what: str) -> list[int]:
        """``rows`` in file order must run without gaps or repeats, ascending by one."""
        ordered = list(rows)
        for before, after in pairwise(ordered):
            if after <= before:
                self.fail(f"{what} {after} overlaps: it follows {what} {before}")
            if after != before + 1:
                self.fail(f"gap between {what} {before} and {what} {after}")
        return ordered

    def check_monotone(
        self, values: Iterable[tuple[int, Any]], what: str, *, strict: bool, falling: bool
    ) -> None:
        """``values`` (row, value) must rise (or fall) from row to row."""
        pairs = list(values)
        word = "fall" if falling else "rise"
        for (row_a, a), (row_b, b) in pairwise(pairs):
            lo, hi = (b, a) if falling else (a, b)
            if lo > hi or (strict and lo == hi):
                self.fail(
                    f"{what} must {word}{' strictly' if strict else ''} from row to row: "
                    f"row {row_a} has {a}, row {row_b} has {b}"
                )


def _kind_of(value: Any) -> str:
    names = {bool: "a boolean", int: "an integer", float: "a float", str: "a string"}
    if isinstance(value, list):
        return "an array"
    if isinstance(value, Mapping):
        return "a table"
    return names.get(type(value), type(value).__name__)
