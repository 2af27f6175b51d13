"""Metrics (``mands_sim.metrics``): what a plugin counts per character over a run, registered
with ``mands_register_metrics`` and carried to the report."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest

from mands_sim.api import hookimpl
from mands_sim.errors import PluginValidationError
from mands_sim.events import Event
from mands_sim.metrics import Metric, one_for
from mands_sim.registry import Register
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

SCENARIO = load_scenario(Path(__file__).parent.parent / "scenarios" / "seraph_vs_sphinx.toml")


@dataclass(frozen=True, slots=True)
class Taunted(Event):
    kind: ClassVar[str] = "taunted"
    character: str
    target: str


def test_one_for_counts_one_for_the_character_a_field_names() -> None:
    taunt = Taunted(3, "seraph", "sphinx")
    assert list(one_for()(taunt)) == [("seraph", 1)]
    assert list(one_for("target")(taunt)) == [("sphinx", 1)]


class Heckler:
    """Registers ``taunts`` (or ``payload`` under that name) and taunts at the first segment."""

    def __init__(self, payload: object | None = None) -> None:
        self.payload = payload or Metric("taunts", {Taunted: one_for("target")})

    @hookimpl
    def mands_register_metrics(self, register: Register) -> None:
        register("taunts", self.payload, summary="taunts suffered")

    @hookimpl
    def mands_encounter_opening(self, encounter: object) -> list[Event]:
        return [Taunted(0, "seraph", "sphinx"), Taunted(0, "seraph", "sphinx")]


def test_mands_register_metrics_counts_a_plugins_events_in_every_run() -> None:
    result = Simulation(SCENARIO, extra_plugins={"heckler": Heckler()}).run(seed=3)
    counted = {c.character_id: c.counts.metrics for c in result.characters}
    assert counted == {"seraph": (), "sphinx": (("taunts", 2),)}


def test_a_metric_registered_as_something_else_fails_naming_its_plugin() -> None:
    simulation = Simulation(SCENARIO, extra_plugins={"heckler": Heckler(payload=2)})
    with pytest.raises(PluginValidationError, match=r"heckler.*must be registered as Metric"):
        simulation.run(seed=0)


@pytest.mark.parametrize("parts", [0, -2, 1001, 1.5, True])
def test_a_metrics_parts_are_a_whole_number_from_1_to_1000(parts: object) -> None:
    with pytest.raises(ValueError, match="parts"):
        Metric("halves", {Taunted: one_for()}, parts=parts)  # type: ignore[arg-type]
