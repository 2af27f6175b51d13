"""The EP Use Chart: the EP an action costs at a given row (``docs/rules/charts.md`` §2).

Each point of Quality spent on EP lowers the row by one; sustained actions pay per round,
single actions per attempt (seed "Action Rolls"). Rows 0 and 4–10 are pinned by the seed's
examples; rows 1–3 follow ``docs/rules/decisions.md`` G-03 (``G03_ep_low_rows``); rows above the
last follow its step (rows 11 and up = row − 4, derived); rows below 0 cost what row 0 costs.
Costs are exact fractions: 1/5 at row 4 means 1 EP for every 5 uses.
"""

from __future__ import annotations

from fractions import Fraction

from mands_sim.charts._data import DataFile

__all__ = ["EPUseChart", "build_ep_use_chart"]


class EPUseChart:
    """EP per use (single action) or per round (sustained action) at each row."""

    __slots__ = ("_costs", "_step", "first_row", "last_row")

    def __init__(self, first_row: int, costs: tuple[Fraction, ...], step: Fraction) -> None:
        self.first_row = first_row
        self.last_row = first_row + len(costs) - 1
        self._costs = costs
        self._step = step

    def cost(self, row: int) -> Fraction:
        """EP per use or per round at ``row`` (``docs/rules/charts.md`` §2)."""
        if row <= self.first_row:
            return self._costs[0]
        if row <= self.last_row:
            return self._costs[row - self.first_row]
        return self._costs[-1] + (row - self.last_row) * self._step


def build_ep_use_chart(data: DataFile, *, low_rows: str) -> EPUseChart:
    """Read and check the EP Use Chart, filling its unknown rows with the G-03 ``low_rows``."""
    costs: dict[int, Fraction] = {}
    for number, entry in enumerate(data.rows("rows"), start=1):
        row = data.integer(entry, "row", f"rows entry {number}")
        _add(data, costs, row, data.fraction(entry, "cost", f"row {row}"))
    alternatives = data.table("low_rows")
    if low_rows not in alternatives:
        data.fail(f"[low_rows] has no '{low_rows}' alternative (G-03); it has {list(alternatives)}")
    where = f"[low_rows.{low_rows}]"
    chosen = data.subtable(alternatives, low_rows, "[low_rows]")
    data.status(chosen, where)
    for key, value in data.subtable(chosen, "costs", where).items():
        row = data.as_integer(int(key) if key.lstrip("-").isdigit() else key, f"{where} row")
        _add(data, costs, row, data.as_fraction(value, f"{where} row {row}"))
    data.status(data.table("below_first_row"), "[below_first_row]")
    beyond = data.table("beyond_last_row")
    data.status(beyond, "[beyond_last_row]")
    step = data.fraction(beyond, "step", "[beyond_last_row]")
    rows = data.check_contiguous(sorted(costs), "row")
    data.check_monotone(((row, costs[row]) for row in rows), "EP cost", strict=False, falling=False)
    if step <= 0 or costs[rows[0]] < 0:
        data.fail("EP costs must not be negative and [beyond_last_row] 'step' must be above 0")
    return EPUseChart(rows[0], tuple(costs[row] for row in rows), step)


def _add(data: DataFile, costs: dict[int, Fraction], row: int, cost: Fraction) -> None:
    if row in costs:
        data.fail(f"row {row} is given twice (overlap)")
    costs[row] = cost
