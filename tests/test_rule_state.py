"""Rule state (``mands_sim.rule_state``): a value a plugin keeps for each character, changed
only as its events are applied, registered with ``mands_register_rule_states``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest

from mands_rulebook.kit.weapons.ready import READIED, WeaponReadied, WeaponThrown
from mands_sim.api import hookimpl
from mands_sim.errors import PluginValidationError, UnknownRuleStateError
from mands_sim.events import Event
from mands_sim.registry import Register
from mands_sim.rule_state import RuleState
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

SCENARIO = load_scenario(Path(__file__).parent.parent / "scenarios" / "seraph_vs_sphinx.toml")


@dataclass(frozen=True, slots=True)
class ArrowShot(Event):
    kind: ClassVar[str] = "arrow-shot"
    character: str


ARROWS: RuleState[int] = RuleState(
    "arrows", 12, {ArrowShot: lambda left, event: left - 1}, summary="arrows left"
)


class Quiver:
    """Registers :data:`ARROWS`, or ``payload`` under its name."""

    def __init__(self, payload: object = ARROWS) -> None:
        self.payload = payload

    @hookimpl
    def mands_register_rule_states(self, register: Register) -> None:
        register("arrows", self.payload, summary="arrows left")


def test_mands_register_rule_states_keeps_a_value_per_character_changed_by_its_events() -> None:
    encounter = Simulation(SCENARIO, extra_plugins={"quiver": Quiver()}).build()
    assert encounter.state["seraph"].get(ARROWS) == 12
    encounter.emit([ArrowShot(0, "seraph"), ArrowShot(0, "seraph")])
    assert (encounter.state["seraph"].get(ARROWS), encounter.state["sphinx"].get(ARROWS)) == (
        10,
        12,
    )


def test_a_rule_state_registered_as_something_else_fails_naming_its_plugin() -> None:
    simulation = Simulation(SCENARIO, extra_plugins={"quiver": Quiver(payload=12)})
    with pytest.raises(PluginValidationError, match=r"quiver.*must be registered as RuleState"):
        simulation.build()


def test_the_weapons_readied_state_follows_drawing_and_throwing() -> None:
    encounter = Simulation(SCENARIO).build()
    assert encounter.state["seraph"].get(READIED) is None
    encounter.emit([WeaponReadied(0, "seraph", "club")])
    assert encounter.state["seraph"].get(READIED) == "club"
    encounter.emit([WeaponThrown(0, "seraph", "club", "sphinx")])
    assert encounter.state["seraph"].get(READIED) is None


def test_reading_a_rule_state_nobody_registered_fails_naming_it() -> None:
    encounter = Simulation(SCENARIO).build()
    with pytest.raises(UnknownRuleStateError, match=r"'arrows'.*mands_register_rule_states"):
        encounter.state["seraph"].get(ARROWS)
