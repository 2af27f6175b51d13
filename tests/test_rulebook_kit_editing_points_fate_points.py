"""Fate Points cancel deaths (``mands_rulebook.kit.editing_points.fate_points``; seed 001
"Fate Points";
G-34)."""

from __future__ import annotations

from mands_rulebook.kit.editing_points.points import FatePointSpent, fate_points_left
from mands_sim.events import BleedingStopped, OutOfAction, WoundOpened
from tests.test_rulebook_optional_editing_points import ON, Idle, checked, of, rooftop, wound


def test_mands_status_check_without_the_rule_death_is_death() -> None:
    """The optional rule is off: Body DP −9 is death (G-17), no Fate Point is asked."""
    encounter = rooftop(dice={"seraph": [5, 5]})
    wound(encounter, "seraph", -9)
    assert checked(encounter, "seraph")[-1] == OutOfAction(0, "seraph", "dead")


def test_mands_status_check_a_fate_point_cancels_a_death() -> None:
    """G-34: "spending 1 Fate Point cancels a death (character left unconscious at 0 DP)"."""
    encounter = rooftop(ON, dice={"seraph": [5, 5]})
    wound(encounter, "seraph", -9)
    events = checked(encounter, "seraph")
    assert of(events, FatePointSpent)
    assert of(events, OutOfAction) == [OutOfAction(0, "seraph", "unconscious")]
    state = encounter.state["seraph"]
    assert (state.condition, state.damage_points) == ("unconscious", 0)
    assert fate_points_left(encounter, "seraph") == 1


def test_mands_status_check_a_fate_point_stops_the_bleeding() -> None:
    """G-34 as applied: a rescued character's wounds stop bleeding, so it does not die again a
    few rounds later."""
    encounter = rooftop(ON, dice={"seraph": [5, 5]})
    wound(encounter, "seraph", -9, penetrating=9)
    events = checked(encounter, "seraph")
    assert of(events, WoundOpened) and of(events, BleedingStopped)


def test_mands_status_check_the_third_death_is_final() -> None:
    """Two Fate Points, two deaths cancelled; the third stands."""
    encounter = rooftop(ON, dice={"seraph": [5, 5] * 3})
    for _ in range(3):
        wound(encounter, "seraph", -9)
        last = checked(encounter, "seraph")
    assert last[-1] == OutOfAction(0, "seraph", "dead")
    assert len(of(encounter.log, FatePointSpent)) == 2


def test_a_mind_may_decline_the_fate_point() -> None:
    encounter = rooftop(ON, dice={"seraph": [5, 5]}, minds={"seraph": Idle(fate=False)})
    wound(encounter, "seraph", -9)
    assert checked(encounter, "seraph")[-1] == OutOfAction(0, "seraph", "dead")


def test_a_non_player_has_no_fate_point_to_spend() -> None:
    encounter = rooftop(ON, dice={"sphinx": [5, 5]})
    wound(encounter, "sphinx", -encounter.character("sphinx").figured.damage_points.body)
    assert checked(encounter, "sphinx")[-1].condition == "dead"  # type: ignore[attr-defined]


def test_g150_specials_gives_the_villain_fate_points_too() -> None:
    """The switch changes the outcome: with every Special a player's, the Sphinx survives."""
    encounter = rooftop(ON, dice={"sphinx": [5, 5]}, G150_player_characters="specials")
    wound(encounter, "sphinx", -encounter.character("sphinx").figured.damage_points.body)
    assert checked(encounter, "sphinx")[-1] == OutOfAction(0, "sphinx", "unconscious")
