"""The Microlite presets: what ``nearest-enemy`` strikes with and at whom."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from mands_microlite.policies import NearestEnemy

from mands_sim.api import Intent
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

TAVERN = Path(__file__).parent / "data" / "tavern.toml"


def test_it_strikes_with_the_best_weapon_at_an_enemy_in_reach() -> None:
    encounter = Simulation(load_scenario(TAVERN), seed=1).build()
    choice = NearestEnemy({}).choose(encounter, "aldric")
    assert isinstance(choice, Intent)
    assert choice.action == "weapon-strike"  # a sword, not a kick
    assert choice.target in {"bandit-1", "bandit-2"}


def test_equal_targets_are_chosen_by_the_strikers_dice_not_by_id() -> None:
    """Two bandits at full health: over seeds, each is struck first about as often."""
    firsts = []
    for seed in range(40):
        encounter = Simulation(load_scenario(TAVERN), seed=seed).build()
        choice = NearestEnemy({}).choose(encounter, "aldric")
        assert isinstance(choice, Intent)
        firsts.append(choice.target)
    assert 8 <= firsts.count("bandit-1") <= 32


def test_no_enemy_in_reach_is_nothing_to_do() -> None:
    scenario = load_scenario(TAVERN)
    alone = dataclasses.replace(
        scenario, characters=tuple(c for c in scenario.characters if c.id == "aldric")
    )
    encounter = Simulation(alone, seed=1).build()
    assert NearestEnemy({}).choose(encounter, "aldric") is None
