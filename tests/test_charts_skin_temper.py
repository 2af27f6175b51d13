"""Skin Temper rows (``docs/rules/charts.md`` §3; ``docs/rules/decisions.md`` G-05)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from mands_sim.charts.loading import load_chart, load_standard_charts, standard_chart_path
from mands_sim.errors import RulesDataError

ST = load_standard_charts().skin_temper
ST_TEXT = standard_chart_path("skin_temper").read_text(encoding="utf-8")


def test_base_skin_temper_is_1_at_row_0() -> None:
    """Seed "Skin Temper": "The base Skin Temper is 1 (Row 0)"."""
    assert ST.multiplier(0) == 1


@pytest.mark.parametrize(
    ("higher", "lower"), [("1/5", "1/4"), ("1/3", "2/5"), ("4/5", "9/10"), ("9/10", "1")]
)
def test_one_bonus_against_skin_temper_moves_down_one_line(higher: str, lower: str) -> None:
    """Seed "Skin Temper": "1/5 goes to 1/4, 1/3 goes to 2/5, 4/5 goes to 9/10, and 9/10
    to 1"."""
    row = next(r for r in ST.rows if ST.multiplier(r) == Fraction(higher))
    assert ST.multiplier(row - 1) == Fraction(lower)


def test_below_1_the_list_walks_back_reversed() -> None:
    """Seed "Skin Temper": "1 becomes 10/9, then 5/4, then 3/2"."""
    assert [ST.multiplier(row) for row in (-1, -2, -3)] == [
        Fraction(10, 9),
        Fraction(5, 4),
        Fraction(3, 2),
    ]


def test_strength_11_constitution_32_moves_up_one_row() -> None:
    """Seed formula: Str 11, Con 32 → 1.5 (Doubles) → row 1 → multiplier 9/10."""
    rows_up = load_standard_charts().action.doubles(11 / 50 + 32 / 25)
    assert ST.multiplier(0 + rows_up) == Fraction(9, 10)


def test_default_rows_above_2_follow_g05() -> None:
    """G-05: rows 3…11 are 2/3, 1/2, 2/5, 1/3, 1/4, 1/5, 1/6, 1/8, 1/10."""
    expected = ["2/3", "1/2", "2/5", "1/3", "1/4", "1/5", "1/6", "1/8", "1/10"]
    assert [ST.multiplier(row) for row in range(3, 12)] == [Fraction(v) for v in expected]


def test_rows_beyond_the_top_clamp_to_the_last() -> None:
    """G-05: "stop there; clamp" — row 40 reads as row 11, 1/10."""
    assert ST.multiplier(40) == Fraction(1, 10)


def test_rows_beyond_the_bottom_clamp_to_the_first() -> None:
    """G-05: the reversed list ends at 5 (row −8)."""
    assert ST.multiplier(-40) == 5


def _load(tmp_path: Path, text: str) -> None:
    path = tmp_path / "broken_st.toml"
    path.write_text(text, encoding="utf-8")
    load_chart("skin_temper", path)


def test_missing_row_is_a_gap(tmp_path: Path) -> None:
    broken = ST_TEXT.replace('row = 4\nmultiplier = "1/2"', 'row = 40\nmultiplier = "1/2"')
    with pytest.raises(RulesDataError, match=r"broken_st\.toml: gap between row 3 and row 40"):
        _load(tmp_path, broken)


def test_rising_multiplier_is_rejected(tmp_path: Path) -> None:
    broken = ST_TEXT.replace('row = 4\nmultiplier = "1/2"', 'row = 4\nmultiplier = "3/4"')
    with pytest.raises(RulesDataError, match=r"broken_st\.toml: the multiplier must fall"):
        _load(tmp_path, broken)


def test_row_0_must_be_the_base_1(tmp_path: Path) -> None:
    broken = ST_TEXT.replace('row = 0\nmultiplier = "1"', 'row = 0\nmultiplier = "99/100"')
    with pytest.raises(RulesDataError, match="row 0 must hold the base Skin Temper 1"):
        _load(tmp_path, broken)


def test_missing_status_is_rejected(tmp_path: Path) -> None:
    broken = ST_TEXT.replace('multiplier = "1/6"\nstatus = "default"\n', 'multiplier = "1/6"\n')
    with pytest.raises(RulesDataError, match="has no 'status'"):
        _load(tmp_path, broken)
