"""Sight and Hearing Power tables (``docs/rules/charts.md`` §6, §7; ``docs/rules/decisions.md``
G-32)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from mands_sim.charts.action import ChartRangeError
from mands_sim.charts.loading import load_chart, load_standard_charts, standard_chart_path
from mands_sim.charts.senses import SightModifiers
from mands_sim.errors import RulesDataError

SIGHT = load_standard_charts().sight
HEARING = load_standard_charts().hearing
SIGHT_TEXT = standard_chart_path("sight").read_text(encoding="utf-8")
HEARING_TEXT = standard_chart_path("hearing").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("sight", "expected"),
    [
        (0, SightModifiers(-5, -9, -2)),
        (1, SightModifiers(-4, -8, -1)),
        (2, SightModifiers(-3, -7, -1)),
        (5, SightModifiers(-1, -4, 0)),
        (9, SightModifiers(0, 0, 0)),
        (16, SightModifiers(0, 0, 0)),
        (17, SightModifiers(0, 1, 0)),
        (24, SightModifiers(3, 5, 0)),
    ],
)
def test_printed_sight_rows(sight: int, expected: SightModifiers) -> None:
    """Seed 002 "Sight": 0 → −5/−9 (−2 to Defense), 1 → −4/−8 (−1), 2 → −3/−7 (−1),
    5 → −1/−4, 9–16 → 0/0, 17 → 0/+1, 24 → +3/+5."""
    assert SIGHT.modifiers(sight) == expected


def test_sight_19_and_20_are_both_plus_1_plus_2() -> None:
    """G-32: rows 19 and 20 are both printed +1/+2; kept as printed."""
    assert SIGHT.modifiers(19) == SIGHT.modifiers(20) == SightModifiers(1, 2, 0)


@pytest.mark.parametrize(("sight", "ranged"), [(28, 5), (29, 6), (34, 7), (39, 8)])
def test_above_24_ranged_gains_1_every_5(sight: int, ranged: int) -> None:
    """Seed 002: "+1 every 5 (at 29, 34, 39, etc.)" for Ranged combat."""
    assert SIGHT.modifiers(sight).ranged == ranged


@pytest.mark.parametrize(("sight", "close"), [(33, 3), (34, 4), (44, 5)])
def test_above_24_close_gains_1_every_10(sight: int, close: int) -> None:
    """Seed 002: "+1 Every 10" for Close combat above 24."""
    assert SIGHT.modifiers(sight).close == close


def test_ranged_modifier_capped_by_range_sets_plus_close() -> None:
    """Seed 002: the Ranged bonus "will not be greater than the number of Range Sets to the
    target, plus the Close Combat bonus" — Sight 24 (+3/+5) at 1 Range Set → +4."""
    assert SIGHT.modifiers(24).ranged_within(1) == 4


def test_negative_sight_is_refused() -> None:
    with pytest.raises(ChartRangeError, match="Sight -1"):
        SIGHT.modifiers(-1)


@pytest.mark.parametrize(
    ("power", "multiplier"),
    [(10, "5/6"), (19, "5/6"), (20, "4/6"), (40, "3/6"), (80, "2/6"), (160, "1/6"), (5000, "1/6")],
)
def test_hearing_power_bands(power: float, multiplier: str) -> None:
    """Seed 002 "Hearing": 10–20 → 5/6, 20–40 → 4/6, 40–80 → 3/6, 80–160 → 2/6, "160 and up"
    → 1/6 (a shared value belongs to the band it starts, as "160 and up" shows)."""
    assert HEARING.penalty_multiplier(power) == Fraction(multiplier)


def test_hearing_power_below_10_leaves_the_penalty() -> None:
    assert HEARING.penalty_multiplier(9.5) == 1


def _load(tmp_path: Path, kind: str, text: str) -> None:
    path = tmp_path / f"broken_{kind}.toml"
    path.write_text(text, encoding="utf-8")
    load_chart(kind, path)


def test_sight_gap_is_rejected(tmp_path: Path) -> None:
    broken = SIGHT_TEXT.replace("{ low = 9, high = 16,", "{ low = 10, high = 16,")
    with pytest.raises(RulesDataError, match=r"broken_sight\.toml: gap between Sight 8 and 10"):
        _load(tmp_path, "sight", broken)


def test_sight_overlap_is_rejected(tmp_path: Path) -> None:
    broken = SIGHT_TEXT.replace("{ low = 17, high = 17,", "{ low = 16, high = 17,")
    with pytest.raises(RulesDataError, match=r"broken_sight\.toml: Sight rows overlap"):
        _load(tmp_path, "sight", broken)


def test_sight_falling_modifier_is_rejected(tmp_path: Path) -> None:
    broken = SIGHT_TEXT.replace("close = 2, ranged = 3,", "close = 0, ranged = 3,")
    with pytest.raises(RulesDataError, match="the close modifier must rise"):
        _load(tmp_path, "sight", broken)


def test_sight_wrong_type_is_rejected(tmp_path: Path) -> None:
    broken = SIGHT_TEXT.replace("close = 3, ranged = 5,", 'close = "+3", ranged = 5,')
    with pytest.raises(RulesDataError, match=r"Sight row 24-24: 'close' must be an integer"):
        _load(tmp_path, "sight", broken)


def test_hearing_overlap_is_rejected(tmp_path: Path) -> None:
    broken = HEARING_TEXT.replace("{ low = 40,", "{ low = 20,")
    with pytest.raises(RulesDataError, match=r"broken_hearing\.toml: bands overlap"):
        _load(tmp_path, "hearing", broken)


def test_hearing_rising_multiplier_is_rejected(tmp_path: Path) -> None:
    broken = HEARING_TEXT.replace('multiplier = "3/6"', 'multiplier = "5/6"')
    with pytest.raises(RulesDataError, match="the multiplier must fall"):
        _load(tmp_path, "hearing", broken)
