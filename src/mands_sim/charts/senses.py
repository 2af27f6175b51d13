"""Sight and Hearing Power tables (``docs/rules/charts.md`` §6, §7; seed 002 "Sight", "Hearing").

Sight gives modifiers to the Attack Score in Close and Ranged combat (and, at Sight 0–2, to
Defense). Above Sight 24 the printed rule adds +1 Close every 10 points and +1 Ranged every 5
(at 29, 34, 39 …). Rows 19 and 20 are both +1/+2, kept as printed (``docs/rules/decisions.md``
G-32). Hearing Power multiplies the penalty for being unable to see.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise

from mands_sim.charts._data import DataFile, Entry
from mands_sim.charts.action import ChartRangeError

__all__ = [
    "HearingTable",
    "SightModifiers",
    "SightTable",
    "build_hearing_table",
    "build_sight_table",
]


@dataclass(frozen=True, slots=True)
class SightModifiers:
    """Sight modifiers to the Attack Score (close, ranged) and to Defense."""

    close: int
    ranged: int
    defense: int

    def ranged_within(self, range_sets: int) -> int:
        """The Ranged modifier, capped (seed 002): "will not be greater than the number of
        Range Sets to the target, plus the Close Combat bonus/penalty"."""
        return min(self.ranged, range_sets + self.close)


class SightTable:
    """Sight → :class:`SightModifiers` (``docs/rules/charts.md`` §6)."""

    __slots__ = ("_by_sight", "_close_every", "_ranged_every")

    def __init__(
        self, by_sight: tuple[SightModifiers, ...], close_every: int, ranged_every: int
    ) -> None:
        self._by_sight = by_sight
        self._close_every = close_every
        self._ranged_every = ranged_every

    def modifiers(self, sight: int) -> SightModifiers:
        """The modifiers for a Sight score (above the last row: the printed "+1 every 10/+1
        every 5")."""
        if sight < 0:
            raise ChartRangeError(f"Sight {sight} is below the table's first row, 0")
        if sight < len(self._by_sight):
            return self._by_sight[sight]
        last = self._by_sight[-1]
        beyond = sight - (len(self._by_sight) - 1)
        return SightModifiers(
            last.close + beyond // self._close_every,
            last.ranged + beyond // self._ranged_every,
            last.defense,
        )


class HearingTable:
    """Hearing Power → multiplier for the penalty for being unable to see (§7)."""

    __slots__ = ("_below", "_lows", "_multipliers")

    def __init__(
        self, lows: tuple[float, ...], multipliers: tuple[Fraction, ...], below: Fraction
    ) -> None:
        self._lows = lows
        self._multipliers = multipliers
        self._below = below

    def penalty_multiplier(self, hearing_power: float) -> Fraction:
        """Multiply the unable-to-see penalty by this (the caller rounds the penalty to the
        most negative, seed 002)."""
        band = bisect_right(self._lows, hearing_power) - 1
        return self._below if band < 0 else self._multipliers[band]


def build_sight_table(data: DataFile) -> SightTable:
    """Read and check the Sight rows: contiguous from 0, modifiers never falling."""
    entries = data.rows("rows")
    spans = [_span(data, entry, number) for number, entry in enumerate(entries, 1)]
    if spans[0][0] != 0:
        data.fail(f"the first row must start at Sight 0, not {spans[0][0]}")
    for (_, high), (low, _) in pairwise(spans):
        if low <= high:
            data.fail(f"Sight rows overlap: a row starting at {low} begins at or before {high}")
        if low != high + 1:
            data.fail(f"gap between Sight {high} and {low}")
    by_sight: list[SightModifiers] = []
    for (low, high), entry in zip(spans, entries, strict=True):
        where = f"Sight row {low}-{high}"
        found = SightModifiers(*(data.integer(entry, key, where) for key in _SIGHT_KEYS))
        by_sight += [found] * (high - low + 1)
    for key in _SIGHT_KEYS:
        data.check_monotone(
            ((s, getattr(m, key)) for s, m in enumerate(by_sight)),
            f"the {key} modifier",
            strict=False,
            falling=False,
        )
    above = data.table("above_last_row")
    data.status(above, "[above_last_row]")
    close_every = data.integer(above, "close_every", "[above_last_row]")
    ranged_every = data.integer(above, "ranged_every", "[above_last_row]")
    if close_every < 1 or ranged_every < 1:
        data.fail("[above_last_row]: 'close_every' and 'ranged_every' must be 1 or more")
    return SightTable(tuple(by_sight), close_every, ranged_every)


_SIGHT_KEYS = ("close", "ranged", "defense")


def _span(data: DataFile, entry: Entry, number: int) -> tuple[int, int]:
    where = f"rows entry {number}"
    low, high = data.integer(entry, "low", where), data.integer(entry, "high", where)
    if high < low:
        data.fail(f"{where}: 'high' {high} is below 'low' {low}")
    return low, high


def build_hearing_table(data: DataFile) -> HearingTable:
    """Read and check the Hearing Power bands: rising starts, falling multipliers."""
    entries = data.rows("bands")
    lows = [data.integer(entry, "low", f"bands entry {n}") for n, entry in enumerate(entries, 1)]
    multipliers = [
        data.fraction(entry, "multiplier", f"band {low}")
        for low, entry in zip(lows, entries, strict=True)
    ]
    below_table = data.table("below_first_band")
    data.status(below_table, "[below_first_band]")
    below = data.fraction(below_table, "multiplier", "[below_first_band]")
    for index in range(1, len(lows)):
        if lows[index] <= lows[index - 1]:
            data.fail(
                f"bands overlap: a band starting at {lows[index]} follows "
                f"one starting at {lows[index - 1]}"
            )
    data.check_monotone(
        zip(lows, multipliers, strict=True), "the multiplier", strict=True, falling=True
    )
    if multipliers[0] > below or multipliers[-1] <= 0:
        data.fail("multipliers must lie above 0 and at most the [below_first_band] multiplier")
    return HearingTable(tuple(map(float, lows)), tuple(multipliers), below)
