"""The Action Charts: Square, Sphere and Doubles beside the shared Result column.

``docs/rules/charts.md`` §1. Reading *chart → Result* takes the row of the largest entry at or below
the number (§1.1); reading *Result → chart* takes the row's entry. Rows −13…36 are the printed
values, stored verbatim in ``data/action.toml``. Rows beyond them are derived
(``docs/rules/decisions.md`` G-01, G-40: Square r², Doubles 2^(r−1), Sphere the previous value × 4/3
rounded at each step; below row −13 the closed forms of §1.2), or refused when
``G01_rows_beyond_printed`` is ``"error"``. Rows zero and below carry a fraction and a parenthesized
integer (G-02).

Lookups bisect one ascending tuple per column, built once at load: they sit on the hot path of
the Monte Carlo simulator.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final, Literal, get_args

from mands_sim.charts._data import DataFile, Entry
from mands_sim.errors import MandsSimError

__all__ = ["COLUMNS", "ActionChart", "ChartRangeError", "Column", "build_action_chart"]

Column = Literal["square", "sphere", "doubles"]
COLUMNS: Final[tuple[Column, ...]] = get_args(Column)
_RESULT: Final = "result"
_ALL_COLUMNS: Final = (_RESULT, *COLUMNS)


class ChartRangeError(MandsSimError, ValueError):
    """A chart lookup fell outside the rows the chart holds (or may derive, G-01)."""


@dataclass(frozen=True, slots=True)
class _ColumnRows:
    """One column for rows ``low``…``high + 1`` (the last row only bounds lookups).

    ``entries`` ascend: the fractions of rows ≤ 0, then the values of rows ≥ 1. ``integers``
    are the parenthesized integers of rows ``low``…0 (G-02).
    """

    entries: tuple[float, ...]
    integers: tuple[float, ...]


class ActionChart:
    """The Action Charts, readable in both directions (``docs/rules/charts.md`` §1)."""

    __slots__ = (
        "_columns",
        "_entries",
        "_first",
        "_last",
        "_offset",
        "derive_beyond_printed",
        "high",
        "low",
        "printed_high",
        "printed_low",
    )

    def __init__(
        self,
        columns: Mapping[str, _ColumnRows],
        *,
        low: int,
        high: int,
        printed: tuple[int, int],
        derive_beyond_printed: bool,
    ) -> None:
        self._columns = dict(columns)
        self._entries = {name: rows.entries for name, rows in columns.items() if name in COLUMNS}
        self._offset = low - 1
        self.low = low
        self.high = high
        self.printed_low, self.printed_high = printed
        self.derive_beyond_printed = derive_beyond_printed
        self._first, self._last = (low, high) if derive_beyond_printed else printed

    def to_result(self, column: Column, value: float | Fraction) -> int:
        """Chart → Result: the row of the largest entry ≤ ``value`` (§1.1).

        0 < value < 1 reads the fractional entries (rows ≤ 0); a negative value reads its
        magnitude and negates the row (G-02; seed "Example of Movement": "a penalty of 17 to his
        Bonus Pool, for a total penalty of 10"); a magnitude under 1 reads as 0,
        the parenthesized integer nearest zero; 0 → 0.
        """
        number = float(value)
        if number > 0:
            entries = self._entries.get(column)
            if entries is None:
                raise self._no_column(column)
            row = bisect_right(entries, number) + self._offset
            if self._first <= row <= self._last:
                return row
            return self._beyond_stored(row, column, value)
        if number < 0:
            return 0 if number > -1 else -self.to_result(column, -number)
        if number == 0:
            return 0
        raise ChartRangeError(f"cannot look up {value!r} on the {column} chart")

    def from_result(self, column: Column, row: int, *, magnitude: bool = False) -> float:
        """Result → chart: the row's entry (§1.1).

        Rows ≤ 0 give the fraction when ``magnitude`` (time, distance, speed: Newoen 14 → −7 →
        Sphere .10) and the parenthesized integer otherwise (G-02).
        """
        return self._entry(column, row, magnitude)

    def result_value(self, row: int, *, magnitude: bool = False) -> float:
        """The Result column itself: the row, or for rows ≤ 0 its fraction when ``magnitude``
        (.9 at row 0, .7 at −1; the seed reads a speed Q of 0 as .9)."""
        return self._entry(_RESULT, row, magnitude)

    def sphere(self, value: float | Fraction) -> int:
        """``value`` (Sphere Chart): the Result."""
        return self.to_result("sphere", value)

    def square(self, value: float | Fraction) -> int:
        """``value`` (Square Chart): the Result."""
        return self.to_result("square", value)

    def doubles(self, value: float | Fraction) -> int:
        """``value`` (Doubles Chart): the Result."""
        return self.to_result("doubles", value)

    @property
    def printed_rows(self) -> range:
        """The rows printed in the rulebook (``docs/rules/charts.md`` §1.3)."""
        return range(self.printed_low, self.printed_high + 1)

    @property
    def rows(self) -> range:
        """The rows every column answers for (printed, plus derived ones under G-01; Square
        and Result go on past the top by their closed forms)."""
        return range(self._first, self._last + 1)

    def _entry(self, column: str, row: int, magnitude: bool) -> float:
        rows = self._rows(column)
        if not self._first <= row <= self._last:
            return self._closed_form_entry(row, column)
        if row > 0 or magnitude:
            return rows.entries[row - self.low]
        return rows.integers[row - self.low]

    def _rows(self, column: str) -> _ColumnRows:
        rows = self._columns.get(column)
        if rows is None:
            raise self._no_column(column)
        return rows

    @staticmethod
    def _no_column(column: str) -> ChartRangeError:
        return ChartRangeError(f"no '{column}' column; the Action Charts have {', '.join(COLUMNS)}")

    def _beyond_stored(self, row: int, column: str, value: float | Fraction) -> int:
        number = float(value)
        beyond_top = row > self._last and self.derive_beyond_printed
        if beyond_top and column == "square" and math.isfinite(number):
            return math.isqrt(int(number))  # G-01: Square = r², past the stored rows
        raise self._beyond(row, column, value)

    def _closed_form_entry(self, row: int, column: str) -> float:
        """Square and Result rows past the stored ones (G-01: Square r², Result r); they grow
        too slowly for a table to reach every value."""
        if row > self._last and self.derive_beyond_printed and column in ("square", _RESULT):
            try:
                return float(row * row if column == "square" else row)
            except OverflowError:
                pass
        raise self._beyond(row, column)

    def _beyond(self, row: int, column: str, value: object = None) -> ChartRangeError:
        what = f"{value!r} on the {column} chart" if value is not None else f"{column} row {row}"
        if self.derive_beyond_printed:
            return ChartRangeError(f"{what} lies beyond rows {self.low}..{self.high}")
        return ChartRangeError(
            f"{what} lies beyond the printed rows {self.printed_low}..{self.printed_high} "
            "(G-01: G01_rows_beyond_printed = 'error')"
        )


def build_action_chart(data: DataFile, *, derive_beyond_printed: bool) -> ActionChart:
    """Read, check and extend the Action Chart rows of ``data``."""
    printed = _printed_rows(data)
    derive = data.table("derive")
    data.status(derive, "[derive]")
    ratio = data.fraction(derive, "sphere_ratio", "[derive]")
    limit = data.integer(derive, "row_limit", "[derive]")
    low, high = printed[0][0], printed[-1][0]
    if ratio <= 1:
        data.fail(f"[derive]: 'sphere_ratio' must be above 1, not {ratio}")
    if limit <= max(high, -low):
        data.fail(f"[derive]: 'row_limit' {limit} must lie beyond the printed rows {low}..{high}")
    columns = {name: _column(data, name, printed, ratio, limit) for name in _ALL_COLUMNS}
    return ActionChart(
        columns,
        low=-limit,
        high=limit,
        printed=(low, high),
        derive_beyond_printed=derive_beyond_printed,
    )


_Printed = list[tuple[int, dict[str, tuple[Fraction, int]]]]


def _printed_rows(data: DataFile) -> _Printed:
    """Each printed row: for every column, (entry, parenthesized integer or the row value)."""
    entries = data.rows("rows")
    numbers = data.check_contiguous(
        (data.integer(entry, "row", f"rows entry {n}") for n, entry in enumerate(entries, 1)),
        "row",
    )
    if 0 not in numbers or 1 not in numbers:
        data.fail("the rows must include row 0 and row 1")
    return [
        (row, {name: _cell(data, entry, name, row) for name in _ALL_COLUMNS})
        for row, entry in zip(numbers, entries, strict=True)
    ]


def _cell(data: DataFile, entry: Entry, name: str, row: int) -> tuple[Fraction, int]:
    where = f"row {row} {name}"
    raw: Any = data.field(entry, name, f"row {row}")
    if row > 0:
        value = data.as_fraction(raw, where)
        if value < 1 or (name == _RESULT and value != row):
            data.fail(f"{where}: {value} is not a valid entry for a row above 0")
        return value, row
    if not isinstance(raw, list) or len(raw) != 2:
        data.fail(f'{where} must be [fraction, integer], as printed "fraction (integer)"')
    fraction = data.as_fraction(raw[0], f"{where} fraction")
    integer = data.as_integer(raw[1], f"{where} integer")
    if not 0 < fraction < 1:
        data.fail(f"{where}: the fraction {fraction} must lie between 0 and 1")
    return fraction, integer


def _column(
    data: DataFile, name: str, printed: _Printed, ratio: Fraction, limit: int
) -> _ColumnRows:
    exact = {row: cells[name] for row, cells in printed}
    _check_printed(data, name, exact)
    low, high = min(exact), max(exact)
    fractions = [_lower_fraction(name, row, ratio) for row in range(-limit, low)]
    fractions += [exact[row][0] for row in range(low, 1)]
    values = [exact[row][0] for row in range(1, high + 1)]
    for row in range(high + 1, limit + 2):
        values.append(_higher_value(name, row, values[-1], ratio))
    integers = [-values[-row - 1] if row < 0 else 0 for row in range(-limit, low)]
    integers += [exact[row][1] for row in range(low, 1)]
    data.check_monotone(
        enumerate(fractions + values, -limit), f"{name} column", strict=True, falling=False
    )
    try:
        return _ColumnRows(tuple(map(float, fractions + values)), tuple(map(float, integers)))
    except OverflowError:
        data.fail(f"[derive]: 'row_limit' {limit} makes {name} entries too large for a float")


def _check_printed(data: DataFile, name: str, exact: Mapping[int, tuple[Fraction, int]]) -> None:
    """The parenthesized integers mirror the positive rows (``docs/rules/charts.md`` §1.1)."""
    for row, (_, integer) in exact.items():
        mirror = 0 if row == 0 else (-exact[-row][0] if -row in exact else None)
        if row <= 0 and mirror is not None and integer != mirror:
            data.fail(f"row {row} {name}: the integer ({integer}) must mirror row {-row}: {mirror}")


def _higher_value(name: str, row: int, previous: Fraction, ratio: Fraction) -> Fraction:
    """A row beyond the printed ones (G-01; Sphere chained and rounded each step, G-40)."""
    if name == "square":
        return Fraction(row * row)
    if name == "doubles":
        return Fraction(2 ** (row - 1))
    if name == "sphere":
        return Fraction(round(previous * ratio))
    return Fraction(row)


def _lower_fraction(name: str, row: int, ratio: Fraction) -> Fraction:
    """A fraction below the printed rows: the closed forms of ``docs/rules/charts.md`` §1.2
    (G-01)."""
    result = Fraction(1, -row)
    if name == "square":
        return result * result
    if name == "doubles":
        return Fraction(1, 2 ** (1 - row))
    if name == "sphere":
        return (1 / ratio) ** (1 - row)
    return result
