"""A character's state now (``mands_sim.kernel.state``): what is derived from it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mands_sim.kernel.state import CharacterState


@pytest.mark.parametrize(("vp", "dp", "left"), [(10, 10, 20), (-3, 4, 4), (5, -2, 5), (-1, -9, 0)])
def test_health_left_counts_vp_and_dp_none_below_zero(vp: int, dp: int, left: int) -> None:
    """The damage that would still take the character out of action (G-232 weighs it)."""
    assert CharacterState("one", "heroes", None, vp, dp, Fraction(0)).health_left == left
