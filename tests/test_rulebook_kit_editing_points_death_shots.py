"""The Death Shot bought with 4 Editing Points
(``mands_rulebook.kit.editing_points.death_shots``; seed
000; G-154)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mands_rulebook.kit.editing_points.points import EditingPointsUsed, editing_points_left
from mands_sim.actions import Intent
from mands_sim.kernel.contracts import ActionRefused
from mands_sim.kernel.encounter import Encounter
from tests.test_rulebook_optional_editing_points import ON, of, rooftop


def death_shot(encounter: Encounter, actor: str, target: str) -> list[str]:
    intent = Intent("fist-attack", target, options={"death_shot": True})
    return encounter.rules.refusals(encounter, actor, intent)


def test_mands_action_refusals_a_player_with_four_points_may_buy_a_death_shot() -> None:
    assert death_shot(rooftop(ON), "seraph", "sphinx") == []


def test_mands_action_refusals_the_editor_cannot_buy_a_death_shot() -> None:
    """Seed 000: "Editors cannot use this option"."""
    (reason,) = death_shot(rooftop(ON), "sphinx", "seraph")
    assert "only players" in reason


def test_mands_action_refusals_without_the_rule_nothing_is_refused() -> None:
    assert death_shot(rooftop(), "sphinx", "seraph") == []


def test_initiate_a_death_shot_uses_four_points_for_the_combat_skill() -> None:
    """Seed 000: the 4 points "go to the combat skill being used": 2 toward Fistfighting. The
    Death Shot then costs 5 Attack and its blow asks for the save (G-27)."""
    encounter = rooftop(ON, dice={"seraph": [5, 5], "sphinx": [10, 10]})
    encounter.initiate("seraph", Intent("fist-attack", "sphinx", options={"death_shot": True}))
    (used,) = of(encounter.log, EditingPointsUsed)
    assert (used.use, used.points, used.training, used.improves) == (
        "death shot",
        4,
        Fraction(2),
        "Fistfighting",
    )
    assert editing_points_left(encounter, "seraph") == 0
    (reason,) = death_shot(encounter, "seraph", "sphinx")
    assert "has 0" in reason


def test_a_refused_death_shot_is_an_error_for_the_kernel() -> None:
    encounter = rooftop(ON)
    with pytest.raises(ActionRefused):
        encounter.initiate("sphinx", Intent("fist-attack", "seraph", options={"death_shot": True}))
