"""The Combat Skill's Combat Pool bonus, G-26 (``mands_rulebook.skills.combat_skills``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mands_rulebook.skills.combat_skills import (
    attack_skill,
    combat_pool_bonus,
    mands_bonus_pool_modifiers,
)
from mands_sim.actions import Intent, Modifier
from mands_sim.dice import ScriptedDice
from mands_sim.events import Event, RollMade
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation
from tests.data.fighters import fight, grunt
from tests.data.skills_fighters import duel, of

SCENARIOS = Path(__file__).parent.parent / "scenarios"


@pytest.fixture(scope="module")
def encounter() -> Encounter:
    """Fighters with the skills the hook-only tests need; ``b`` is the target."""
    light = grunt(skills={"Martial Throw": 2})
    light["attributes"] = {**light["attributes"], "height": 1.5}
    fighters = {
        "gunman": grunt(skills={"Firearms": 6}),
        "b": grunt(),
        "sparker": grunt(skills={"Power Use (Electric Power)": 5, "Fistfighting": 9}),
        "light": light,
    }
    return fight(fighters)


def amounts(modifiers: list[Modifier]) -> list[tuple[int, str]]:
    return [(m.amount, m.source) for m in modifiers]


@pytest.mark.parametrize(("level", "bonus"), [(0, 0), (1, 0), (2, 0), (3, 1), (7, 5)])
def test_g26_the_first_two_levels_give_nothing(level: int, bonus: int) -> None:
    """G-26 (invented): max(0, level − 2)."""
    assert combat_pool_bonus(level) == bonus


@pytest.mark.parametrize(
    ("reading", "pool", "needed"), [("over_two", 4, 15), ("level", 6, 17), ("none", 1, 12)]
)
def test_g26_switch_changes_a_punchs_combat_roll(reading: str, pool: int, needed: int) -> None:
    """``G26_combat_skill_bonus``: Fistfighting 5 on a grunt (Combat Roll 11, pool 1) adds 3
    (pool 4 → +4: 15), 5 (pool 6 → +6: 17) or nothing (pool 1: 12)."""
    log = duel(
        grunt(skills={"Fistfighting": 5}),
        Intent("fist-attack", target="target"),
        dice={"attacker": [10, 10]},
        until=0,
        defaults={"G26_combat_skill_bonus": reading},
    )
    (roll,) = of(log, RollMade)
    assert (roll.bonus_pool, roll.target + roll.pool_bonus) == (pool, needed)


def test_mands_bonus_pool_modifiers_seraphs_fistfighting_2_keeps_his_pool_at_1() -> None:
    """``docs/rules/combat.md`` §5: Seraph "needs 15 or less" (Combat Roll 14, pool 1) with the
    skill plugins loaded: Fistfighting 2 adds nothing, and nothing counts twice."""
    events: list[Event] = []
    scenario = load_scenario(SCENARIOS / "seraph_vs_sphinx.toml")
    dice = ScriptedDice({"seraph": [10, 10], "sphinx": [6, 6]})
    Simulation(scenario, seed=0, dice=dice).run(until=0, observers=[events.append])
    seraph = [e for e in of(events, RollMade) if e.character == "seraph"]
    assert [(e.bonus_pool, e.target + e.pool_bonus) for e in seraph] == [(1, 15)]


def test_a_weapon_attack_uses_the_weapons_skill_through_its_umbrella(encounter: Encounter) -> None:
    """The pistol's skill is Handgun (``data/weapons.toml``); Firearms 6 makes it effectively 6
    (G-85): +4."""
    intent = Intent("weapon-attack", target="b", options={"weapon": "pistol"})
    assert attack_skill(encounter, "gunman", intent) == "Handgun"
    assert amounts(mands_bonus_pool_modifiers(encounter, "gunman", intent, "combat")) == [
        (4, "combat skill")
    ]


def test_a_sweep_uses_its_weapons_skill_not_fistfighting(encounter: Encounter) -> None:
    """A sweep is a weapon's (G-81: fists cannot sweep): a pistol sweep takes Handgun's +4, not
    Fistfighting's."""
    intent = Intent("sweep", target="b", options={"targets": ["b"], "weapon": "pistol"})
    assert attack_skill(encounter, "gunman", intent) == "Handgun"
    assert amounts(mands_bonus_pool_modifiers(encounter, "gunman", intent, "combat")) == [
        (4, "combat skill")
    ]


def test_power_use_gives_a_powers_combat_roll_the_same_bonus(encounter: Encounter) -> None:
    """Seed "Power Use": "the same bonuses as Combat Skill, to the character's Combat Roll with
    that Power": Power Use (Electric Power) 5 → +3, in place of the action's own skill."""
    intent = Intent("fist-attack", target="b", options={"power": "Electric Power"})
    assert amounts(mands_bonus_pool_modifiers(encounter, "sparker", intent, "combat")) == [
        (3, "combat skill")
    ]


def test_the_bonus_is_for_combat_rolls_only(encounter: Encounter) -> None:
    intent = Intent("fist-attack", target="b")
    assert mands_bonus_pool_modifiers(encounter, "sparker", intent, "move") == []
    assert mands_bonus_pool_modifiers(encounter, "sparker", Intent("detect-danger"), "combat") == []


def test_a_light_thrower_has_its_low_mass_number_as_a_penalty(encounter: Encounter) -> None:
    """Seed "Mass": below 50 kg, Mass ÷ 100 on the Doubles chart "also applies as a penalty to
    Martial Throw and similar rolls" (G-86): a 1.5 m grunt, ≈ 40 kg → .4 → 1."""
    assert encounter.character("light").figured.mass < 50
    throw = Intent("martial-throw", target="b")
    assert amounts(mands_bonus_pool_modifiers(encounter, "light", throw, "combat")) == [
        (-1, "low mass")
    ]
    kick = Intent("martial-kick", target="b")
    assert mands_bonus_pool_modifiers(encounter, "light", kick, "combat") == []
