"""Hypothesis strategies shaped like the game's own numbers, for any test module to reuse.

Import as ``from tests.strategies import ...``. Dice: faces, scripts, seeds, stream keys and
``NdX+M`` expressions. Charts: Action Chart columns, rows (printed, derived, negative) and
positive or negative values to look up; Sight scores; Experience totals.
"""

from __future__ import annotations

from hypothesis import strategies as st

from mands_sim.charts.action import COLUMNS, Column
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import DiceExpression, StreamKey

PRINTED_ROWS = load_standard_charts().action.printed_rows
"""Action Chart rows printed in the rulebook (``docs/rules/charts.md`` §1.3): −13 … 36."""

DERIVED_ROWS = range(-120, 121)
"""A stretch of rows well past the printed ones, all derived under G-01."""


# --- dice -------------------------------------------------------------------------------


def die_sides() -> st.SearchStrategy[int]:
    """Dice the rulebook uses (seed "Dice": d4 … d20, d10 for 2d10, d100, d1000 …)."""
    return st.sampled_from((2, 3, 4, 5, 6, 8, 10, 12, 20, 100, 1000))


def d10_faces() -> st.SearchStrategy[int]:
    """One face of a d10: 1 … 10 (a zero reads as 10, seed "Dice")."""
    return st.integers(1, 10)


def d10_scripts(min_size: int = 4, max_size: int = 8) -> st.SearchStrategy[list[int]]:
    """Enough d10 faces for one Action Roll with every re-roll (2 dice + 2 re-rolls)."""
    return st.lists(d10_faces(), min_size=min_size, max_size=max_size)


def dice_seeds() -> st.SearchStrategy[int]:
    """Run seeds, including negative and very large ones."""
    return st.integers(-(2**70), 2**70)


def stream_keys() -> st.SearchStrategy[tuple[StreamKey, ...]]:
    """Substream keys such as ``("seraph", "combat_roll")`` or ``("grunt", 7)``."""
    part = st.one_of(st.text(min_size=1, max_size=12), st.integers(-1000, 1000))
    return st.lists(part, min_size=1, max_size=3).map(tuple)


def dice_expressions() -> st.SearchStrategy[DiceExpression]:
    """``NdX+M`` as the rules write them: 1–12 dice, rulebook dice, a small modifier."""
    return st.builds(
        DiceExpression,
        count=st.integers(1, 12),
        sides=die_sides(),
        modifier=st.integers(-20, 20),
    )


def percent_chances() -> st.SearchStrategy[float]:
    """A Percent Chance of Success, including impossible (0) and certain (100) ones."""
    return st.one_of(st.integers(0, 100).map(float), st.floats(0, 100))


# --- charts ------------------------------------------------------------------------------


def chart_columns() -> st.SearchStrategy[Column]:
    """An Action Chart column: square, sphere or doubles."""
    return st.sampled_from(COLUMNS)


def chart_rows(*, derived: bool = True) -> st.SearchStrategy[int]:
    """An Action Chart row: printed (−13 … 36), or also derived ones (G-01)."""
    rows = DERIVED_ROWS if derived else PRINTED_ROWS
    return st.integers(rows.start, rows.stop - 1)


def chart_values(max_value: float = 1e12) -> st.SearchStrategy[float]:
    """A positive number to look up: fractions under 1 (rows ≤ 0), bonus pools, masses …"""
    return st.one_of(
        st.floats(min_value=0.01, max_value=1, exclude_max=True),
        st.integers(1, 200).map(float),
        st.floats(min_value=1, max_value=max_value),
    )


def bonus_pools() -> st.SearchStrategy[int]:
    """A Bonus Pool, positive or negative (pool −17 → −10 on the Sphere chart)."""
    return st.integers(-5000, 5000)


def sight_scores() -> st.SearchStrategy[int]:
    """Sight: 0 … 24 as printed, and higher (the "above 24" rule)."""
    return st.integers(0, 120)


def experience_totals() -> st.SearchStrategy[int]:
    """Experience (all Editing Points ever used), past the printed bands too."""
    return st.integers(0, 10**7)
