"""The Experience Chart (``docs/rules/charts.md`` §4; ``docs/rules/decisions.md`` G-31)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from mands_sim.charts.action import ChartRangeError
from mands_sim.charts.loading import load_chart, load_standard_charts, standard_chart_path
from mands_sim.defaults import STANDARD_DEFAULTS
from mands_sim.errors import RulesDataError

XP = load_standard_charts().experience
XP_TEXT = standard_chart_path("experience").read_text(encoding="utf-8")


def test_experience_35_has_multiplier_1_2() -> None:
    """Seed 000 "Award Multipliers": "a character with an Experience total of 35 … the total
    multiplier will be 1.2 times 1.3, or 1.56"."""
    assert XP.multiplier(35) * Fraction("1.3") == Fraction("1.56")


@pytest.mark.parametrize(
    ("experience", "row", "multiplier"),
    [
        (0, 0, "1"),
        (20, 1, "1.1"),
        (21, 2, "1.2"),
        (40, 2, "1.2"),
        (41, 3, "1.3"),
        (80, 3, "1.3"),
        (81, 4, "1.4"),
        (160, 4, "1.4"),
    ],
)
def test_printed_bands(experience: int, row: int, multiplier: str) -> None:
    """Page C: 0–10 → 1 (row 0), 10–20 → 1.1 (1), 21–40 → 1.2 (2), 41–80 → 1.3 (3),
    81–160 → 1.4 (4)."""
    assert (XP.row(experience), XP.multiplier(experience)) == (row, Fraction(multiplier))


@pytest.mark.parametrize(
    ("experience", "row", "multiplier"),
    [(161, 5, "1.5"), (320, 5, "1.5"), (321, 6, "1.6"), (640, 6, "1.6")],
)
def test_each_further_doubling_adds_point_1_and_a_row(
    experience: int, row: int, multiplier: str
) -> None:
    """Page C: "each further doubling (×2): +.1, +1" — 161–320 → 1.5 (row 5), 321–640 → 1.6."""
    assert (XP.row(experience), XP.multiplier(experience)) == (row, Fraction(multiplier))


def test_doublings_continue_without_end() -> None:
    """160 × 2^20 is the last Experience of row 4 + 20."""
    assert (XP.row(160 * 2**20), XP.row(160 * 2**20 + 1)) == (24, 25)


def test_experience_10_is_row_0_under_the_standard_default() -> None:
    """G-31 ``low``: the printed "0–10" and "10–20" overlap at 10; 10 stays on row 0."""
    assert (XP.row(10), XP.row(11)) == (0, 1)


def test_experience_10_is_row_1_under_the_alternative() -> None:
    """G-31 ``high``: 10 belongs to the band "10–20"."""
    high = load_standard_charts(
        STANDARD_DEFAULTS.with_overrides({"G31_experience_boundary": "high"})
    ).experience
    assert (high.row(9), high.row(10), high.multiplier(10)) == (0, 1, Fraction("1.1"))


def test_negative_experience_is_refused() -> None:
    with pytest.raises(ChartRangeError, match="Experience -1"):
        XP.row(-1)


def _load(tmp_path: Path, text: str) -> None:
    path = tmp_path / "broken_xp.toml"
    path.write_text(text, encoding="utf-8")
    load_chart("experience", path)


def test_gap_between_bands_is_rejected(tmp_path: Path) -> None:
    broken = XP_TEXT.replace("low = 41\n", "low = 45\n")
    with pytest.raises(RulesDataError, match=r"broken_xp\.toml: gap between Experience 40 and 45"):
        _load(tmp_path, broken)


def test_overlap_beyond_a_shared_value_is_rejected(tmp_path: Path) -> None:
    """Only a single shared boundary value (as at 10) is resolved by G-31."""
    broken = XP_TEXT.replace("low = 41\n", "low = 30\n")
    with pytest.raises(RulesDataError, match=r"broken_xp\.toml: bands overlap"):
        _load(tmp_path, broken)


def test_falling_multiplier_is_rejected(tmp_path: Path) -> None:
    broken = XP_TEXT.replace('multiplier = "1.3"', 'multiplier = "1.15"')
    with pytest.raises(RulesDataError, match="the multiplier must rise"):
        _load(tmp_path, broken)


def test_wrong_type_is_rejected(tmp_path: Path) -> None:
    broken = XP_TEXT.replace("factor = 2", 'factor = "double"')
    with pytest.raises(RulesDataError, match=r"\[further\]: 'factor' must be an integer"):
        _load(tmp_path, broken)
