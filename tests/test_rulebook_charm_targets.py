"""Whom a charm or horror works on, and immunity (``mands_rulebook.charm.targets``; seed
"Beauty")."""

from __future__ import annotations

from mands_sim.actions import Intent
from tests.test_rulebook_charm import EXAMPLE_DICE, HORROR, Once, play


def test_mands_action_refusals_a_target_who_saved_is_immune() -> None:
    """Seed: "that character is immune to further attempts by that person or thing": after the
    Example of Horrification, Cerest-Ranon (who saved) is immune, Seraph (who failed) is not."""
    minds = {"nightgaunt": Once(HORROR)}
    example = play(minds, dict(EXAMPLE_DICE), G157_multiple_targets_penalty="example")
    again = Intent("horrify", "cerest-ranon")
    (reason,) = example.rules.refusals(example, "nightgaunt", again)
    assert "immune" in reason
    assert example.rules.refusals(example, "nightgaunt", Intent("horrify", "seraph")) == []
