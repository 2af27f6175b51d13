"""Speed, Running, Weightlifting; Double Action and Maneuverability (``…skills.action_skills``)."""

from __future__ import annotations

import pytest

from mands_rulebook.kit.movement.maneuverability import (
    maneuverability_slowing,
    maneuverability_turning,
)
from mands_rulebook.skills.action_skills import (
    double_action_penalty,
    double_action_surprise,
    faster,
    lift_pool,
    mands_bonus_pool_modifiers,
    runs_or_lifts,
    speed_level,
)
from mands_sim.actions import Intent
from mands_sim.events import ActionStarted
from mands_sim.hookspecs import answered_characters
from mands_sim.kernel.encounter import Encounter
from tests.data.fighters import fight, grunt
from tests.data.skills_fighters import duel, of


@pytest.fixture(scope="module")
def encounter() -> Encounter:
    fighters = {
        "a": grunt(skills={"Speed (Electric Power)": 4, "Speed (skill-check)": 2}),
        "b": grunt(),
        "runner": grunt(skills={"Running": 3}),
        "lifter": grunt(skills={"Weightlifting": 5}),
    }
    return fight(fighters)


def test_speed_teleportation_10_subtracts_10_segments() -> None:
    """Seed "Speed, Specific Action": "a character with Speed, Teleportation, level 10, subtracts
    10 segments from the Performance Time of Teleportation" (20 → 10); never below 1."""
    assert (faster(20, 10), faster(15, 20)) == (10, 1)


def test_initiate_speed_shortens_the_specific_action() -> None:
    """``Speed (Fistfighting)`` 10 takes a punch's 15 segments to 5 (G-89)."""
    log = duel(
        grunt(skills={"Fistfighting": 2, "Speed, Fistfighting": 10}),
        Intent("fist-attack", target="target"),
        dice={"attacker": [3, 3]},
        until=5,
    )
    (started,) = [e for e in of(log, ActionStarted) if e.character == "attacker"]
    assert (started.performance_time, started.completes_at) == (5, 5)


def test_speed_names_the_action_its_power_or_its_skill(encounter: Encounter) -> None:
    blast = Intent("fist-attack", "b", options={"power": "Electric Power"})
    assert speed_level(encounter, "a", blast) == 4
    assert speed_level(encounter, "a", Intent("skill-check", options={"skill": "Acrobatics"})) == 2
    assert speed_level(encounter, "a", Intent("fist-attack", "b")) == 0


def test_mands_bonus_pool_modifiers_running_adds_to_the_move_pool(encounter: Encounter) -> None:
    """Seed "Running": "Add this to the character's Move Pool"."""
    move = Intent("move", options={"toward": "ring"})
    assert [m.amount for m in mands_bonus_pool_modifiers(encounter, "runner", move, "move")] == [3]
    assert mands_bonus_pool_modifiers(encounter, "runner", move, "combat") == []


@pytest.mark.parametrize(("barbell", "bonus"), [(False, 3), (True, 5)])
def test_weightlifting_lift_pool(encounter: Encounter, barbell: bool, bonus: int) -> None:
    """Seed "Weightlifting": the level for barbells; "half the character's skill level (rounded
    up)" for normal items: 5 → 3."""
    lift = Intent("lift", options={"barbell": barbell})
    found = mands_bonus_pool_modifiers(encounter, "lifter", lift, "lift")
    assert [m.amount for m in found] == [bonus]
    assert lift_pool(5, barbell=barbell) == bonus


def test_double_action_numbers() -> None:
    """Seed "Double Action": "a penalty of 10 to the Bonus Pools ... reduced by 1 for every 10
    points the %Control roll was made by"; a miss loses "half the amount the roll was missed by"
    as surprise."""
    assert [double_action_penalty(made) for made in (0, 9, 35, 120)] == [-10, -10, -7, 0]
    assert [double_action_surprise(missed) for missed in (1, 7, 8)] == [0, 3, 4]


def test_maneuverability_numbers() -> None:
    """Seed "Maneuverability": "a bonus of level to the amount of Q that movement can be reduced
    by, and can move up to half level Q in order to change direction"."""
    assert (maneuverability_slowing(5), maneuverability_turning(5)) == (5, 2)


def test_only_a_runner_or_a_weightlifter_is_asked_for_pool_modifiers() -> None:
    """``@answers_characters(runs_or_lifts)``: a sheet without Running or Weightlifting."""
    for skills, asked in (({"Running": 3}, True), ({"Weightlifting": 1}, True), ({}, False)):
        encounter = fight({"one": grunt(skills=skills), "other": grunt()})
        assert runs_or_lifts(encounter.character("one")) is asked
    assert answered_characters(mands_bonus_pool_modifiers) is runs_or_lifts
