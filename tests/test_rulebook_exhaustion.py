"""G-16: the low-EP penalty (``rules/combat.md`` §10)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from mands_rulebook.exhaustion import low_ep_penalty

from mands_sim.events import Event, RollMade
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

SCENARIO = Path(__file__).parent.parent / "scenarios" / "seraph_vs_sphinx.toml"


def test_dexter_three_below_zero_rolls_at_minus_three() -> None:
    """Seed "Simpler Combat Example": Dexter, 3 EP below zero, rolls with −3 for his low EP."""
    assert low_ep_penalty(Fraction(-3)) == -3


def test_a_fraction_of_a_point_below_zero_counts_as_a_point() -> None:
    assert low_ep_penalty(Fraction(-1, 5)) == -1


def test_no_penalty_at_or_above_zero() -> None:
    assert low_ep_penalty(Fraction(0)) == 0
    assert low_ep_penalty(Fraction(74)) == 0


def test_mands_bonus_pool_modifiers_low_ep_lowers_the_combat_pool() -> None:
    """A Seraph down to −5 EP rolls with pool 1 − 5 = −4."""
    simulation = Simulation(load_scenario(SCENARIO), seed=1)
    encounter = simulation.build()
    encounter.state["seraph"].endurance_points = Fraction(-5)
    events: list[Event] = []
    encounter.observers.append(events.append)
    encounter.run(until=0)
    (roll,) = [e for e in events if isinstance(e, RollMade) and e.character == "seraph"]
    assert roll.bonus_pool == 1 - 5  # type: ignore[attr-defined]
