"""Coma and death (``docs/rules.md`` §8): "a coma when they reach 0 HP ... survive injury down to
their PE score below 0. Anything further down and they die"."""

from __future__ import annotations

import pytest
from mands_microlite.coma import COMA, DEAD, condition_after_damage


@pytest.mark.parametrize(
    ("hit_points", "pe", "condition"),
    [(1, 14, None), (0, 14, COMA), (-14, 14, COMA), (-15, 14, DEAD), (-3, 2, DEAD)],
)
def test_coma_at_zero_and_death_below_minus_pe(hit_points: int, pe: int, condition: str) -> None:
    assert condition_after_damage(hit_points, pe) == condition
