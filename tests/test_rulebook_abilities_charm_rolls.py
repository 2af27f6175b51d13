"""The charm and horror rolls and their Quality (``mands_rulebook.abilities.charm.rolls``; seed
"Charisma",
"Beauty"; G-156, G-157)."""

from __future__ import annotations

import pytest

from mands_rulebook.abilities.charm.effects import Horrified
from mands_rulebook.kit.editing_points.points import EditingPointsUsed
from mands_sim.actions import Intent
from mands_sim.errors import PluginHookError
from tests.test_rulebook_abilities_charm import EXAMPLE_DICE, HORROR, Once, of, play, saves


def test_g157_the_rule_charges_the_three_targets() -> None:
    """The switch changes the outcome: under the rule three targets cost −3 (Sphere −3), the
    Horror Roll needs 1 and the 1 rolled leaves Q 0 — no penalty, 1d6 of paralysis."""
    encounter = play({"nightgaunt": Once(HORROR)}, dict(EXAMPLE_DICE))
    assert {s.quality_penalty for s in saves(encounter).values()} == {0}
    (horrified,) = of(encounter.log, Horrified)
    assert horrified.dice == (4,)


def test_a_mind_may_not_spend_more_q_than_the_roll_gave() -> None:
    """The example's Q 3 cannot buy 4 points off the saves."""
    minds = {"nightgaunt": Once(HORROR, spend={"save": 4})}
    with pytest.raises(PluginHookError, match="spent"):
        play(minds, dict(EXAMPLE_DICE), G157_multiple_targets_penalty="example")


def test_a_player_edits_a_failed_charm_roll() -> None:
    """With Editing Points on, Seraph's charm roll missed by 2 (needs 2, rolls 4) is edited:
    2 points, 1 toward Active Charisma (seed 000)."""
    minds = {"seraph": Once(Intent("charm", "nightgaunt"))}
    dice = {"seraph": [2, 2], "nightgaunt": [80]}
    encounter = play(minds, dice, optional=("editing-points",), until=0)
    (used,) = of(encounter.log, EditingPointsUsed)
    assert (used.points, used.purpose, used.improves) == (2, "charm roll", "Active Charisma")
