"""Resting between the scenes of an adventure day (``mands_rulebook.kit.rest``; seed "Healing
Roll", ``docs/rules/combat.md`` §1, §17; G-50, G-296, G-297).

Seraph (seed "Biff Turk Creates a Sample Character"): Constitution 32 → Healing Roll 13, VP 43,
Body DP 9, EP 74, a Special character (he re-rolls 1s). A round of rest at Body DP 9 gives back
⌈(13 + 8)/2⌉ = 11 VP and ⌊21/2⌋ = 10 EP (G-50); at Body DP 4, ⌈(13 + 4)/2⌉ = 9 VP and 8 EP
(the Sphere chart gives 4 for 4, 8 for 9). A minute is 5 rounds (§1: 250 and 50 segments).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from mands_rulebook.kit.rest import (
    MINUTES_PER_DAY,
    ROUNDS_PER_MINUTE,
    RestDefaults,
    healing_quality,
    rest_between_scenes,
)
from mands_sim.carry import Carried, RestBetweenScenes
from mands_sim.charts.loading import load_standard_charts
from mands_sim.defaults import STANDARD_DEFAULTS, RuleDefaults
from mands_sim.dice import ScriptedDice
from mands_sim.model.character import Character
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

SCENARIO = Path(__file__).parent.parent / "scenarios" / "seraph_vs_sphinx.toml"
CHARTS = load_standard_charts(STANDARD_DEFAULTS)


@cache
def seraph() -> Character:
    return Simulation(load_scenario(SCENARIO)).prepare().characters["seraph"]


def rested(
    carried: Carried, minutes: int, faces: tuple[int, ...] = (), **switches: str
) -> tuple[Carried, ScriptedDice]:
    dice = ScriptedDice(list(faces))
    rest = RestBetweenScenes(
        character=seraph(),
        carried=carried,
        minutes=minutes,
        dice=dice,
        charts=CHARTS,
        defaults=RuleDefaults(switches),
    )
    return rest_between_scenes(rest), dice


def test_seraphs_figures_are_the_ones_these_tests_count_with() -> None:
    figured = seraph().figured
    assert (figured.healing_roll, figured.virtual_damage_points) == (13, 43)
    assert (figured.damage_points.body, figured.endurance_points) == (9, 74)
    assert seraph().sheet.is_special
    assert ROUNDS_PER_MINUTE == 5 and MINUTES_PER_DAY == 1440


def test_a_minute_of_rest_is_five_rounds_of_vp_and_ep() -> None:
    """Body DP 4 (5 lost): 9 VP and 8 EP a round; one minute, 5 rounds: 45 VP, 40 EP."""
    carried = Carried(
        virtual_damage_points_lost=43, damage_points_lost=5, endurance_points_lost=Fraction(60)
    )
    after, _ = rested(carried, 1)
    assert after.virtual_damage_points_lost == 0  # 43 − 45, never below 0
    assert after.endurance_points_lost == 20  # 60 − 40
    assert after.damage_points_lost == 5  # no full hour: no Healing Roll


def test_rest_gives_nothing_in_zero_minutes() -> None:
    carried = Carried(virtual_damage_points_lost=10, endurance_points_lost=Fraction(7, 2))
    after, _ = rested(carried, 0)
    assert after == carried


def test_an_hour_ends_with_a_healing_roll_for_bludgeoning_dp() -> None:
    """Body DP 4: target 13 + Sphere(4) = 17; dice 3 + 4 = 7: Q 10 heals the 5 bludgeoning DP
    lost, no more."""
    carried = Carried(damage_points_lost=5)
    after, dice = rested(carried, 60, (3, 4))
    assert after.damage_points_lost == 0
    assert dice.remaining == ()


def test_a_healing_roll_heals_only_its_quality_and_nothing_penetrating() -> None:
    """8 DP lost, 6 of them penetrating: Body DP 1 → target 13 + 1 = 14; dice 9 + 4 = 13: Q 1
    heals 1 of the 2 bludgeoning DP; the penetrating ones wait for a day."""
    carried = Carried(damage_points_lost=8, penetrating_damage_points=6)
    after, _ = rested(carried, 60, (9, 4))
    assert (after.damage_points_lost, after.penetrating_damage_points) == (7, 6)


def test_no_roll_is_made_with_nothing_to_heal() -> None:
    after, _dice = rested(Carried(endurance_points_lost=Fraction(5)), 180, ())
    assert after.endurance_points_lost == 0


def test_a_failed_healing_roll_heals_nothing() -> None:
    """Body DP 1 → target 14; dice 10 + 9 = 19: Q −5."""
    after, _ = rested(Carried(damage_points_lost=8), 60, (10, 9))
    assert after.damage_points_lost == 8


def test_a_special_character_rerolls_a_one() -> None:
    """Dice 1 and 7: the 1 is rolled again as 6 and taken off: 8 − 6 = 2 (§5's example);
    target 13 + Sphere(4) = 17: Q 15."""
    carried = Carried(damage_points_lost=5)
    rest = RestBetweenScenes(seraph(), carried, 60, ScriptedDice([1, 7, 6]), CHARTS, RuleDefaults())
    assert healing_quality(rest, carried) == 15


def test_a_day_heals_penetrating_dp_too() -> None:
    """Only penetrating DP lost: no hourly roll (nothing it could heal), then the day's roll
    2 + 2 = 4 against 13 + Sphere(3) = 16: Q 12 heals the 6 penetrating DP."""
    carried = Carried(damage_points_lost=6, penetrating_damage_points=6)
    after, dice = rested(carried, MINUTES_PER_DAY, (2, 2))
    assert (after.damage_points_lost, after.penetrating_damage_points) == (0, 0)
    assert dice.remaining == ()


def test_switched_off_healing_rolls_leave_dp_as_they_are() -> None:
    after, _dice = rested(
        Carried(damage_points_lost=5), 120, G297_healing_rolls_between_scenes="none"
    )
    assert after.damage_points_lost == 5


@pytest.mark.parametrize(
    ("switch", "lost", "condition"),
    [
        ("healed", 5, "active"),  # Body DP 4 after the rest: comes to
        ("healed", 9, "unconscious"),  # Body DP 0: still out
        ("stay-out", 5, "unconscious"),
    ],
)
def test_the_unconscious_come_to_if_the_rest_leaves_them_body_dp(
    switch: str, lost: int, condition: str
) -> None:
    carried = Carried(
        damage_points_lost=lost, penetrating_damage_points=lost, condition="unconscious"
    )
    after, _ = rested(carried, 30, G296_coming_to_after_rest=switch)
    assert after.condition == condition


def test_the_dead_heal_nothing() -> None:
    carried = Carried(virtual_damage_points_lost=43, damage_points_lost=20, condition="dead")
    after, _dice = rested(carried, 600)
    assert after == carried


def test_rest_defaults_are_named_with_their_switches() -> None:
    defaults = RestDefaults()
    assert defaults.G296_coming_to_after_rest == "healed"
    assert defaults.G297_healing_rolls_between_scenes == "roll"


def test_the_hours_count_on_from_the_rest_before() -> None:
    """G-297: 59 minutes rested already and 1 more make a full hour: the roll is made (dice
    6 + 6 = 12 against 13 + Sphere(4) = 17: Q 5 heals the 5 DP); the rest leaves 60 minutes
    rested."""
    carried = Carried(damage_points_lost=5, minutes_rested=59)
    after, dice = rested(carried, 1, (6, 6))
    assert (after.damage_points_lost, after.minutes_rested) == (0, 60)
    assert dice.remaining == ()


def test_a_scene_that_ended_below_minus_the_maximum_body_dp_ended_a_life() -> None:
    """G-17: dead at Body DP at or below minus its maximum (−9 for Seraph), though the scene
    ended before the status check said so."""
    after, _ = rested(Carried(damage_points_lost=18, condition="unconscious"), 30)
    assert after.condition == "dead"
    after, _ = rested(
        Carried(damage_points_lost=17, penetrating_damage_points=17, condition="unconscious"), 30
    )
    assert after.condition == "unconscious"
