"""Evasion on a Combat Roll's Defense, and Falling (``mands_rulebook.skills.defensive_skills``)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mands_rulebook.kit.skills import falling_damage
from mands_rulebook.skills.defensive_skills import (
    enemies_in_action,
    evades,
    evasion_defense,
    evasion_points,
    mands_initiation_adjust,
)
from mands_sim.actions import Intent, QualityAllocation
from mands_sim.events import DefenseChanged, EndurancePaid
from mands_sim.hookspecs import answered_characters
from tests.data.fighters import fight, grunt
from tests.data.opponents_scenes import mob_of_three
from tests.data.skills_fighters import Scripted, duel, of


def evader(level: int = 5) -> dict[str, object]:
    return grunt(skills={"Fistfighting": 2, "Evasion": level})


@pytest.mark.parametrize(("enemies", "defense"), [(1, 2), (2, 2), (3, 1), (6, 0)])
def test_one_point_per_extra_opponent_then_two_per_defense(enemies: int, defense: int) -> None:
    """Seed "Evasion": "Increasing Defense by 1 requires 2 points. Adding another opponent costs 1
    point" (G-87: every enemy beyond the first): level 5 → 2, 2, 1, 0."""
    assert evasion_defense(5, enemies) == defense


@pytest.mark.parametrize(
    ("reading", "ep"), [("core", Fraction(3)), ("skill_list", Fraction(1, 20))]
)
def test_initiate_evasion_joins_the_defense_a_punch_buys(reading: str, ep: Fraction) -> None:
    """A punch with 2 Q on Defense (+1) and Evasion 5 against one enemy (+2): Defense 3 when the
    punch resolves (G-15); Evasion's row 7 costs 3 EP (G-87), or 1/20 EP at row 2 under
    ``G87_evasion_ep_row = "skill_list"``."""
    log = duel(
        evader(),
        Intent("fist-attack", target="target", options={"evasion": True}),
        spend=QualityAllocation(defense=2),
        dice={"attacker": [3, 3]},
        defaults={"G87_evasion_ep_row": reading},
    )
    defense = [e.defense for e in of(log, DefenseChanged) if e.character == "attacker"]
    paid = {e.reason: e.amount for e in of(log, EndurancePaid)}
    assert defense == [3]
    assert paid["evasion"] == ep


def test_evasion_pays_its_ep_once_a_round() -> None:
    """Two punches in the first round pay Evasion's 3 EP once (G-87: "3 EP/round")."""
    punch = Intent("fist-attack", target="target", options={"evasion": True})
    minds = {"attacker": Scripted([punch, punch]), "target": Scripted()}
    encounter = fight(
        {"attacker": evader(), "target": grunt()},
        dice={"attacker": [3, 3, 3, 3]},
        minds=minds,
    )
    encounter.run(until=30)
    evasion = [e.segment for e in of(encounter.log, EndurancePaid) if e.reason == "evasion"]
    assert evasion == [0]


def test_evasion_points_are_at_most_the_level() -> None:
    """``true`` spends every point; a number at most the level; no option, none."""
    encounter = fight({"a": evader(3), "b": grunt()})
    wanted: list[object] = [True, 7, 2, None]
    intents = [Intent("fist-attack", "b", options={"evasion": w}) for w in wanted]
    assert [evasion_points(encounter, "a", intent) for intent in intents] == [3, 3, 2, 0]


def test_falling_takes_level_off_after_10_segments_to_prepare() -> None:
    """Seed "Falling": "damage can be reduced by skill level. The character must have 10 segments
    to prepare."""
    assert [falling_damage(12, 5, prepared) for prepared in (9, 10)] == [12, 7]
    assert falling_damage(3, 5, 10) == 0


@pytest.mark.parametrize(
    ("non_combatants", "enemies", "defense"), [("aside", 2, 2), ("counted", 3, 1)]
)
def test_evasion_counts_no_hostage_as_an_opponent(
    non_combatants: str, enemies: int, defense: int
) -> None:
    """Against a, b and the hostage c: two opponents (G-235), so Evasion 5 still buys +2; with
    G-235 ``counted`` c is a third and it buys +1 (G-87)."""
    encounter, _ = mob_of_three(dice=[], roles={"c": "hostage"}, G235_non_combatants=non_combatants)
    assert enemies_in_action(encounter, "hero") == enemies
    assert evasion_defense(5, enemies_in_action(encounter, "hero")) == defense


def test_only_an_evader_is_asked_to_adjust_an_initiation() -> None:
    """``@answers_characters(evades)``: a sheet with no level of Evasion never changes the
    Defense a roll buys, so the stage leaves it out."""
    encounter = fight({"evader": evader(), "grunt": grunt()})
    assert answered_characters(mands_initiation_adjust) is evades
    assert evades(encounter.character("evader")) and not evades(encounter.character("grunt"))
