"""G-16: the low-EP penalty (``docs/rules/combat.md`` §10); G-231: the floor of a character's
endurance."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from mands_rulebook.kit.exhaustion import exhaustion_floor, low_ep_penalty, plays, spent
from mands_sim.actions import Intent
from mands_sim.events import ActionDropped, EndurancePaid, Event, OutOfAction, RollMade
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import ScenarioSpec, load_scenario
from mands_sim.simulation import Simulation

SCENARIOS = Path(__file__).parent.parent / "scenarios"
SCENARIO = SCENARIOS / "seraph_vs_sphinx.toml"
BLASTERS = SCENARIOS / "sun_ruler_vs_seraph.toml"


def switched(spec: ScenarioSpec, **defaults: Any) -> ScenarioSpec:
    return replace(spec, rule_defaults=spec.rule_defaults.with_overrides(defaults))


def fighting_on(spec: ScenarioSpec) -> ScenarioSpec:
    """Policies that fight on whatever their EP (G-232 ``fight``)."""
    return switched(spec, G232_spent_fighters="fight")


def seraph_at(ep: int, **defaults: Any) -> Encounter:
    """Seraph (Constitution 32) and the Sphinx, Seraph's EP set to ``ep``, before anyone acts."""
    spec = switched(fighting_on(load_scenario(SCENARIO)), **defaults)
    encounter = Simulation(spec, seed=1).build()
    encounter.state["seraph"].endurance_points = Fraction(ep)
    return encounter


def test_dexter_three_below_zero_rolls_at_minus_three() -> None:
    """Seed "Simpler Combat Example": Dexter, 3 EP below zero, rolls with −3 for his low EP."""
    assert low_ep_penalty(Fraction(-3)) == -3


def test_a_fraction_of_a_point_below_zero_counts_as_a_point() -> None:
    assert low_ep_penalty(Fraction(-1, 5)) == -1


def test_no_penalty_at_or_above_zero() -> None:
    assert low_ep_penalty(Fraction(0)) == 0
    assert low_ep_penalty(Fraction(74)) == 0


def test_mands_bonus_pool_modifiers_low_ep_lowers_the_combat_pool() -> None:
    """A Seraph down to −5 EP, fighting on (G-232 ``fight``), rolls with pool 1 − 5 = −4."""
    simulation = Simulation(fighting_on(load_scenario(SCENARIO)), seed=1)
    encounter = simulation.build()
    encounter.state["seraph"].endurance_points = Fraction(-5)
    events: list[Event] = []
    encounter.observers.append(events.append)
    encounter.run(until=0)
    (roll,) = [e for e in events if isinstance(e, RollMade) and e.character == "seraph"]
    assert roll.bonus_pool == 1 - 5  # type: ignore[attr-defined]


def test_plays_unless_the_scenario_leaves_the_plugin_out() -> None:
    """A policy weighing EP ahead asks whether low EP costs anything here (G-16, G-231): not in
    a scenario that plays without this plugin."""
    spec = load_scenario(SCENARIO)
    assert plays(Simulation(spec, seed=1).build())
    alone = Simulation(spec, seed=1, disabled=("mands_rulebook.combat.exhaustion",)).build()
    assert not plays(alone)


def test_exhaustion_floor_is_constitution_by_default() -> None:
    """G-231 ``constitution``: Seraph's floor is his Constitution, 32 below zero."""
    assert exhaustion_floor(seraph_at(0), "seraph") == 32


def test_spent_once_the_deficit_reaches_constitution() -> None:
    assert not spent(seraph_at(-31), "seraph")
    assert spent(seraph_at(-32), "seraph")
    assert spent(seraph_at(-40), "seraph")


def test_spent_from_the_first_point_below_zero_with_zero() -> None:
    assert not spent(seraph_at(0, G231_exhaustion_floor="zero"), "seraph")
    assert spent(seraph_at(-1, G231_exhaustion_floor="zero"), "seraph")


def test_never_spent_without_a_floor() -> None:
    assert exhaustion_floor(seraph_at(0, G231_exhaustion_floor="none"), "seraph") is None
    assert not spent(seraph_at(-700, G231_exhaustion_floor="none"), "seraph")


def test_mands_action_refusals_spent_character_may_not_punch() -> None:
    encounter = seraph_at(-32)
    reasons = encounter.rules.refusals(encounter, "seraph", Intent("fist-attack", "sphinx"))
    assert any("G-231" in reason for reason in reasons)


def test_mands_action_refusals_spent_character_may_rest_or_surrender() -> None:
    """Rest and surrender cost no EP (row 0): the floor never refuses them."""
    encounter = seraph_at(-32)
    for action in ("rest", "surrender"):
        assert not encounter.rules.refusals(encounter, "seraph", Intent(action))


def test_a_spent_character_may_still_flee_g233() -> None:
    """G-233: at the floor a run out of the encounter is its last action, so it may start; a
    run that stays in the fight may not."""
    encounter = seraph_at(-32)
    flee = Intent("move", options={"toward": "roof", "flee": True})
    stay = Intent("move", options={"toward": "roof"})
    assert not [r for r in encounter.rules.refusals(encounter, "seraph", flee) if "G-231" in r]
    assert [r for r in encounter.rules.refusals(encounter, "seraph", stay) if "G-231" in r]


def test_g233_refused_keeps_a_spent_character_from_fleeing() -> None:
    encounter = seraph_at(-32, G233_spent_flight="refused")
    flee = Intent("move", options={"toward": "roof", "flee": True})
    assert [r for r in encounter.rules.refusals(encounter, "seraph", flee) if "G-231" in r]


def test_a_spent_villain_runs_for_the_fire_escape_and_leaves() -> None:
    """Sinister, spent on the rooftop (Constitution 10), flees by the fire escape 12 m off and
    is out of the fight: past the floor he pays only for that run, and nothing once gone."""
    spec = fighting_on(load_scenario(SCENARIOS / "rooftop_standoff.toml"))
    encounter = Simulation(spec, seed=1).build()
    events: list[Event] = []
    encounter.observers.append(events.append)
    encounter.state["sinister"].endurance_points = Fraction(-10)
    encounter.initiate("sinister", Intent("move", options={"toward": "fire-escape", "flee": True}))
    encounter.run(until=400)
    assert not encounter.state["sinister"].in_action
    paid = [e for e in events if isinstance(e, EndurancePaid) and e.character == "sinister"]
    assert paid and {e.action for e in paid} == {"move"}
    fled = next(e.segment for e in events if isinstance(e, OutOfAction))
    assert all(e.segment < fled for e in paid)


def test_mands_action_refusals_above_the_floor_allows_a_punch() -> None:
    encounter = seraph_at(-31)
    reasons = encounter.rules.refusals(encounter, "seraph", Intent("fist-attack", "sphinx"))
    assert not any("G-231" in reason for reason in reasons)


def test_mands_action_sustain_spent_character_drops_its_flames() -> None:
    """Sun-Ruler (Constitution 10) flames up; spent by the first Payment Segment, his Fire Coat
    is dropped there and pays no more."""
    spec = fighting_on(load_scenario(BLASTERS))
    encounter = Simulation(spec, seed=1).build()
    events: list[Event] = []
    encounter.observers.append(events.append)
    encounter.run(until=20)
    assert any(a.definition.is_sustained for a in encounter.state["sun-ruler"].actions)
    encounter.state["sun-ruler"].endurance_points = Fraction(-10)
    encounter.run(until=50)
    dropped = [e for e in events if isinstance(e, ActionDropped) and "G-231" in e.reason]
    assert [(e.segment, e.character) for e in dropped] == [(50, "sun-ruler")]
    paid = [e for e in events if isinstance(e, EndurancePaid) and e.segment == 50]
    assert all(e.character != "sun-ruler" for e in paid)
