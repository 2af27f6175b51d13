"""The Experience Chart: row number and point multiplier (``docs/rules/charts.md`` §4).

Experience is every Editing Point ever used (seed 000 "Experience"). The printed bands "0–10"
and "10–20" overlap at 10; ``docs/rules/decisions.md`` G-31 (``G31_experience_boundary``) decides
which row 10 belongs to. Past the last printed band (81–160) each further doubling adds .1 to the
multiplier and 1 to the row, without end (the printed "× 2 | +.1 | +1").
"""

from __future__ import annotations

from bisect import bisect_right
from fractions import Fraction
from itertools import pairwise
from typing import Literal

from mands_sim.charts._data import DataFile, Entry
from mands_sim.charts.action import ChartRangeError

__all__ = ["ExperienceChart", "build_experience_chart"]


class ExperienceChart:
    """Experience → row number and point multiplier."""

    __slots__ = (
        "_factor",
        "_last_high",
        "_lows",
        "_multiplier_step",
        "_multipliers",
        "_row_step",
        "_rows",
    )

    def __init__(
        self,
        bands: tuple[tuple[int, int, Fraction], ...],
        last_high: int,
        further: tuple[int, int, Fraction],
    ) -> None:
        self._lows = tuple(low for low, _, _ in bands)
        self._rows = tuple(row for _, row, _ in bands)
        self._multipliers = tuple(multiplier for _, _, multiplier in bands)
        self._last_high = last_high
        self._factor, self._row_step, self._multiplier_step = further

    def row(self, experience: int) -> int:
        """The Experience Chart row (added to Perception on reaching it, seed 000)."""
        band, doublings = self._locate(experience)
        return self._rows[band] + doublings * self._row_step

    def multiplier(self, experience: int) -> Fraction:
        """The point multiplier (seed 000: Experience 35 → 1.2)."""
        band, doublings = self._locate(experience)
        return self._multipliers[band] + doublings * self._multiplier_step

    def _locate(self, experience: int) -> tuple[int, int]:
        """(printed band index, doublings past the last printed band)."""
        if experience < self._lows[0]:
            raise ChartRangeError(f"Experience {experience} is below the chart's first band")
        if experience <= self._last_high:
            return bisect_right(self._lows, experience) - 1, 0
        doublings, high = 0, self._last_high
        while experience > high:
            high *= self._factor
            doublings += 1
        return len(self._lows) - 1, doublings


def build_experience_chart(data: DataFile, *, boundary: Literal["low", "high"]) -> ExperienceChart:
    """Read and check the bands; a band sharing its first value with the previous band's last
    is resolved by G-31 (``boundary``: the shared value stays low or goes high)."""
    entries = data.rows("bands")
    bands = [_band(data, entry, number) for number, entry in enumerate(entries, 1)]
    if bands[0][0] != 0:
        data.fail(f"the first band must start at Experience 0, not {bands[0][0]}")
    lows = [bands[0][0]]
    for (_, high, _, _), (low, _, _, _) in pairwise(bands):
        lows.append(_next_low(data, high, low, boundary))
    data.check_monotone(
        enumerate([*lows, bands[-1][1] + 1]), "band start (after G-31)", strict=True, falling=False
    )
    data.check_monotone(((b[2], b[2]) for b in bands), "the row", strict=True, falling=False)
    data.check_monotone(((b[2], b[3]) for b in bands), "the multiplier", strict=True, falling=False)
    further = data.table("further")
    data.status(further, "[further]")
    factor = data.integer(further, "factor", "[further]")
    row_step = data.integer(further, "row_step", "[further]")
    step = data.fraction(further, "multiplier_step", "[further]")
    if factor < 2 or row_step < 1 or step <= 0:
        data.fail("[further]: 'factor' must be 2 or more, 'row_step' and 'multiplier_step' above 0")
    return ExperienceChart(
        tuple((low, b[2], b[3]) for low, b in zip(lows, bands, strict=True)),
        bands[-1][1],
        (factor, row_step, step),
    )


def _band(data: DataFile, entry: Entry, number: int) -> tuple[int, int, int, Fraction]:
    where = f"bands entry {number}"
    low, high = data.integer(entry, "low", where), data.integer(entry, "high", where)
    if high < low:
        data.fail(f"{where}: 'high' {high} is below 'low' {low}")
    return low, high, data.integer(entry, "row", where), data.fraction(entry, "multiplier", where)


def _next_low(data: DataFile, high: int, low: int, boundary: str) -> int:
    """Where the next band really starts (G-31 for a shared boundary value)."""
    if low == high + 1:
        return low
    if low == high:
        return low + 1 if boundary == "low" else low
    if low > high:
        data.fail(f"gap between Experience {high} and {low}")
    data.fail(f"bands overlap: a band starting at {low} begins before {high}, the previous end")
