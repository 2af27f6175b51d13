"""``mands_rulebook.combat.outcomes``: the ``side-out-of-action`` condition (``docs/scenarios.md``,
``[stop]``; G-235)."""

from __future__ import annotations

from fractions import Fraction

from mands_rulebook.combat import outcomes
from mands_sim.events import OutOfAction
from mands_sim.kernel.contracts import Verdict, side_out_of_action
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.state import CharacterState
from mands_sim.registry import collect_registries
from mands_sim.testing import PluginManagerFactory


def encounter(*sides: str) -> Encounter:
    states = [
        CharacterState(f"c{i}", side, None, 5, 5, Fraction(5)) for i, side in enumerate(sides)
    ]
    return Encounter(states, rules=None, minds={})  # type: ignore[arg-type]


def test_mands_register_outcome_conditions_registers_side_out_of_action(
    plugin_manager_factory: PluginManagerFactory,
) -> None:
    registries = collect_registries(plugin_manager_factory(outcomes))
    entry = registries.outcome_conditions["side-out-of-action"]
    assert entry.payload is side_out_of_action


def test_two_sides_standing_means_the_fight_goes_on() -> None:
    assert side_out_of_action(encounter("heroes", "villains")) is None


def test_the_last_side_standing_wins() -> None:
    fight = encounter("heroes", "villains", "villains")
    fight.emit([OutOfAction(30, "c0", "unconscious")])
    assert side_out_of_action(fight) == Verdict("villains", "the other side is out of action")


def test_nobody_standing_is_a_draw() -> None:
    fight = encounter("heroes", "villains")
    fight.emit([OutOfAction(30, "c0", "dead"), OutOfAction(30, "c1", "dead")])
    assert side_out_of_action(fight) == Verdict(None, "nobody stands")
