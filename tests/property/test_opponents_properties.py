"""Properties of splitting Attack and damage among opponents (seed "Combat Roll", "Fire Coat";
G-81)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mands_rulebook.kit.opponents.split_attacks import split_evenly


@given(total=st.integers(0, 1000), parts=st.integers(1, 50))
def test_an_even_split_shares_everything_out_and_differs_by_at_most_one(
    total: int, parts: int
) -> None:
    shares = split_evenly(total, parts)
    assert len(shares) == parts and sum(shares) == total
    assert max(shares) - min(shares) <= 1
    assert shares == sorted(shares, reverse=True)  # the remainder goes to the first
