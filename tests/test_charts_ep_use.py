"""The EP Use Chart (``docs/rules/charts.md`` §2; ``docs/rules/decisions.md`` G-03)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from mands_sim.charts.ep_use import EPUseChart
from mands_sim.charts.loading import load_chart, load_standard_charts, standard_chart_path
from mands_sim.defaults import STANDARD_DEFAULTS
from mands_sim.errors import RulesDataError

EP = load_standard_charts().ep_use
EP_TEXT = standard_chart_path("ep_use").read_text(encoding="utf-8")


def test_row_0_costs_nothing() -> None:
    """Seed "Example of Movement": Seraph "puts 9 of the Q points towards reducing the EP
    cost to 0" (row 9 − 9 = 0)."""
    assert EP.cost(9 - 9) == 0


def test_rows_below_0_cost_nothing() -> None:
    """Seed "Simpler Combat": Sinister's 5 Q on a Combat Roll (row 5) make "the EP cost to
    zero"; more Q cannot make it negative."""
    assert EP.cost(5 - 7) == 0


def test_row_4_costs_1_ep_per_5_uses() -> None:
    """Seed "Hand Damage": 9 maximum at row 7; doing 6 (row 4) "only costs 1 EP for every 5
    attacks"."""
    assert EP.cost(7 - 3) == Fraction(1, 5)


def test_row_5_costs_1() -> None:
    """Seed "Combat Roll": "The Combat Roll costs 1 EP (it starts at Row 5)"."""
    assert EP.cost(5) == 1


def test_row_6_costs_2() -> None:
    """Seed "Example of Movement": "uses the other 3 to reduce the EP cost to 2 EP/round"
    (row 9 − 3)."""
    assert EP.cost(9 - 3) == 2


def test_row_7_costs_3() -> None:
    """Seed "Hand Damage": "start at 3 EP (Row 7)"."""
    assert EP.cost(7) == 3


def test_row_8_costs_4() -> None:
    """Seed "Simpler Combat": 1 Q "which he uses to decrease EP use to 4 EP" (row 9 − 1)."""
    assert EP.cost(9 - 1) == 4


def test_row_9_costs_5() -> None:
    """Seed "Action Rolls": "An action normally has an EP cost of 5 EP (Row 9 on the EP Use
    Chart)"."""
    assert EP.cost(9) == 5


def test_row_10_costs_6() -> None:
    """Seed "Hold Breath Roll": "At Q of -1, the EP cost is 6 per round (Row 10)"."""
    assert EP.cost(9 + 1) == 6


@pytest.mark.parametrize(("row", "cost"), [(11, 7), (12, 8), (30, 26)])
def test_rows_above_10_continue_row_minus_4(row: int, cost: int) -> None:
    """``docs/rules/charts.md`` §2 (derived): rows 5–10 are row − 4; rows 11 and up continue it."""
    assert EP.cost(row) == cost


@pytest.mark.parametrize(
    ("row", "cost"), [(1, Fraction(1, 40)), (2, Fraction(1, 20)), (3, Fraction(1, 10))]
)
def test_low_rows_halve_under_the_standard_default(row: int, cost: Fraction) -> None:
    """G-03 ``halving``: row 3 = 1 per 10, row 2 = 1 per 20, row 1 = 1 per 40."""
    assert EP.cost(row) == cost


def test_low_rows_are_free_under_the_alternative() -> None:
    """G-03 ``free``: rows 1–3 cost nothing."""
    free = load_standard_charts(STANDARD_DEFAULTS.with_overrides({"G03_ep_low_rows": "free"}))
    assert [free.ep_use.cost(row) for row in (1, 2, 3, 4)] == [0, 0, 0, Fraction(1, 5)]


def _load(tmp_path: Path, text: str) -> EPUseChart:
    path = tmp_path / "broken_ep.toml"
    path.write_text(text, encoding="utf-8")
    chart = load_chart("ep_use", path)
    assert isinstance(chart, EPUseChart)
    return chart


def test_missing_row_is_a_gap(tmp_path: Path) -> None:
    broken = EP_TEXT.replace("row = 7\ncost = 3", "row = 17\ncost = 3")
    with pytest.raises(RulesDataError, match=r"broken_ep\.toml: gap between row 6 and row 8"):
        _load(tmp_path, broken)


def test_row_given_twice_is_an_overlap(tmp_path: Path) -> None:
    broken = EP_TEXT.replace("row = 7\ncost = 3", "row = 6\ncost = 3")
    with pytest.raises(RulesDataError, match=r"broken_ep\.toml: row 6 is given twice"):
        _load(tmp_path, broken)


def test_falling_cost_is_rejected(tmp_path: Path) -> None:
    broken = EP_TEXT.replace("row = 7\ncost = 3", "row = 7\ncost = 1")
    with pytest.raises(RulesDataError, match=r"broken_ep\.toml: EP cost must rise"):
        _load(tmp_path, broken)


def test_cost_of_the_wrong_type_is_rejected(tmp_path: Path) -> None:
    broken = EP_TEXT.replace('row = 4\ncost = "1/5"', 'row = 4\ncost = "a fifth"')
    with pytest.raises(RulesDataError, match=r"broken_ep\.toml: row 4: 'cost' must be a number"):
        _load(tmp_path, broken)


def test_missing_g03_alternative_is_rejected(tmp_path: Path) -> None:
    broken = EP_TEXT.replace("[low_rows.halving]", "[low_rows.halves]")
    with pytest.raises(RulesDataError, match="no 'halving' alternative"):
        _load(tmp_path, broken)
