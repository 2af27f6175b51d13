"""The tactician's odds for Microlite's strikes (``mands_microlite.tactics``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from mands_microlite.tactics import StrikeEstimator, landing_chance, tactician

from mands_sim.api import Intent, Tactician
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

DUEL = Path(__file__).parent / "data" / "duel.toml"


def test_a_strike_without_a_defense_lands_past_four_and_never_on_a_natural_one() -> None:
    """§4: "A roll of 4 or less with bonuses misses", a natural 1 fumbles: faces 5 to 20."""
    assert landing_chance(0, False, None, None) == pytest.approx(16 / 20)
    assert landing_chance(10, False, None, None) == pytest.approx(19 / 20)  # a 1 still fumbles
    assert landing_chance(0, True, None, None) == pytest.approx(11 / 20)  # at range: 10 or more


def test_a_parry_takes_ties_and_a_dodge_is_a_second_chance() -> None:
    """Strikes 5..20 against a bare parry: a strike of s beats s - 1 faces (ties to the
    defender), 4 + 5 + ... + 19 = 184 of 400; a dodge as well multiplies again."""
    assert landing_chance(0, False, 0, None) == pytest.approx(184 / 400)
    both = sum((s - 1) ** 2 for s in range(5, 21)) / 8000
    assert landing_chance(0, False, 0, 0) == pytest.approx(both)


def test_the_tactician_strikes_with_the_sword_at_the_bandit() -> None:
    encounter = Simulation(load_scenario(DUEL), seed=2).build()
    mind = tactician({})
    assert isinstance(mind, Tactician)
    choice = mind.choose(encounter, "aldric")
    assert isinstance(choice, Intent)
    assert (choice.action, choice.target) == ("weapon-strike", "bandit")
    sword = StrikeEstimator().estimate(encounter, "aldric", Intent("weapon-strike", "bandit"))
    trip = StrikeEstimator().estimate(encounter, "aldric", Intent("trip", "bandit"))
    assert sword is not None and trip is not None
    assert sword.value > trip.value > 0
