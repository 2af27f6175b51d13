"""Skin Temper rows: the damage multiplier at each row (``docs/rules/charts.md`` §3, G-05).

Seed "Figured Attributes": the base Skin Temper is 1 (row 0); Str/50 + Con/25 on the Doubles
chart moves it up that many rows (a lower multiplier); each bonus against Skin Temper moves it
down one line. Rows beyond the table's ends use the end rows (``docs/rules/decisions.md`` G-05:
"stop there; clamp").
"""

from __future__ import annotations

from fractions import Fraction

from mands_sim.charts._data import DataFile

__all__ = ["SkinTemperChart", "build_skin_temper_chart"]


class SkinTemperChart:
    """Multiplier by Skin Temper row, clamped at the first and last rows (G-05)."""

    __slots__ = ("_multipliers", "first_row", "last_row")

    def __init__(self, first_row: int, multipliers: tuple[Fraction, ...]) -> None:
        self.first_row = first_row
        self.last_row = first_row + len(multipliers) - 1
        self._multipliers = multipliers

    def multiplier(self, row: int) -> Fraction:
        """The damage multiplier at ``row`` (clamped to the table, G-05)."""
        index = min(max(row, self.first_row), self.last_row) - self.first_row
        return self._multipliers[index]

    @property
    def rows(self) -> range:
        """The rows the table prints."""
        return range(self.first_row, self.last_row + 1)


def build_skin_temper_chart(data: DataFile) -> SkinTemperChart:
    """Read and check the Skin Temper rows: contiguous, falling, row 0 = 1."""
    entries = data.rows("rows")
    rows = data.check_contiguous(
        (data.integer(entry, "row", f"rows entry {n}") for n, entry in enumerate(entries, 1)),
        "row",
    )
    multipliers = [
        data.fraction(entry, "multiplier", f"row {row}")
        for row, entry in zip(rows, entries, strict=True)
    ]
    data.check_monotone(
        zip(rows, multipliers, strict=True), "the multiplier", strict=True, falling=True
    )
    if 0 not in rows or multipliers[rows.index(0)] != 1:
        data.fail('row 0 must hold the base Skin Temper 1 (seed: "The base Skin Temper is 1")')
    if multipliers[-1] <= 0:
        data.fail(f"multipliers must be above 0; row {rows[-1]} has {multipliers[-1]}")
    return SkinTemperChart(rows[0], tuple(multipliers))
