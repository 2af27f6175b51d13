"""Whom a charm or horror works on, and immunity (``mands_rulebook.abilities.charm.targets``; seed
"Beauty")."""

from __future__ import annotations

import pytest

from mands_sim.actions import Intent
from mands_sim.events import RollMade
from tests.test_rulebook_abilities_charm import EXAMPLE_DICE, HORROR, Once, of, play, saves


def test_mands_action_refusals_a_target_who_saved_is_immune() -> None:
    """Seed: "that character is immune to further attempts by that person or thing": after the
    Example of Horrification, Cerest-Ranon (who saved) is immune, Seraph (who failed) is not."""
    minds = {"nightgaunt": Once(HORROR)}
    example = play(minds, dict(EXAMPLE_DICE), G157_multiple_targets_penalty="example")
    again = Intent("horrify", "cerest-ranon")
    (reason,) = example.rules.refusals(example, "nightgaunt", again)
    assert "immune" in reason
    assert example.rules.refusals(example, "nightgaunt", Intent("horrify", "seraph")) == []


@pytest.mark.parametrize(
    ("non_combatants", "pool", "worked_on", "penalty"),
    [
        ("aside", -2, {"cerest-ranon", "seraph"}, 3),
        ("counted", -3, {"cerest-ranon", "gremlin", "seraph"}, 0),
    ],
)
def test_horror_on_all_leaves_out_a_hostage(
    non_combatants: str, pool: int, worked_on: set[str], penalty: int
) -> None:
    """Gremlin is a hostage: no opponent (G-235), so the Nightgaunt's horror on "all" works on
    the two others, −2 for two targets (G-157 ``rule``), and its roll of 1 against 4 − 2 leaves
    Q 1: 3 off each save. With G-235 ``counted`` she is a third target: −3, Q 0."""
    encounter = play(
        {"nightgaunt": Once(HORROR)},
        dict(EXAMPLE_DICE),
        hostages=("gremlin",),
        G235_non_combatants=non_combatants,
    )
    (roll,) = of(encounter.log, RollMade)
    assert roll.pool_bonus == pool
    assert set(saves(encounter)) == worked_on
    assert {s.quality_penalty for s in saves(encounter).values()} == {penalty}
