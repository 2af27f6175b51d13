"""Objectives and ``[stop] when`` conditions end encounters (``mands_sim.objectives``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mands_sim import hookimpl
from mands_sim.actions import ActionInProgress
from mands_sim.errors import ScenarioError
from mands_sim.events import ActionResolved, Event, Moved, OutOfAction
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation

CHARACTERS = Path(__file__).parent.parent / "scenarios"


def scenario(**stop: Any) -> dict[str, Any]:
    """Seraph against the Sphinx on a rooftop with a fire escape; ``stop`` as given."""
    return {
        "format": 1,
        "name": "objectives",
        "map": {"places": [{"name": "rooftop"}, {"name": "fire-escape", "exit": True}]},
        "sides": [
            {
                "name": "heroes",
                "characters": [
                    {"id": "seraph", "sheet": "characters/seraph.toml", "place": "rooftop"}
                ],
            },
            {
                "name": "villains",
                "characters": [
                    {"id": "sphinx", "sheet": "characters/sphinx.toml", "place": "rooftop"}
                ],
            },
        ],
        "stop": {"time_limit": 400, **stop},
    }


def run(data: dict[str, Any], *plugins: object) -> tuple[Any, list[Event]]:
    spec = parse_scenario(data, base_dir=CHARACTERS)
    events: list[Event] = []
    extra = {f"test-{i}": plugin for i, plugin in enumerate(plugins)}
    result = Simulation(spec, seed=3, extra_plugins=extra).run(observers=[events.append])
    return result, events


def test_complete_action_objective_ends_the_fight_at_the_first_blow() -> None:
    objective = {"kind": "complete-action", "side": "villains", "action": "fist-attack"}
    result, events = run(scenario(objectives=[objective]))
    first = next(e for e in events if isinstance(e, ActionResolved) and e.character == "sphinx")
    assert result.winner == "villains"
    assert result.segments == first.segment
    assert result.reason == "objective: sphinx completed fist-attack"


def test_an_objective_with_outcome_end_has_no_winner() -> None:
    objective = {
        "kind": "complete-action",
        "side": "heroes",
        "action": "fist-attack",
        "outcome": "end",
    }
    result, _ = run(scenario(objectives=[objective]))
    assert result.winner is None
    assert result.reason == "objective: seraph completed fist-attack"


class Escape:
    """After the Sphinx's first punch, he steps onto the fire escape."""

    @hookimpl
    def mands_action_after(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event]:
        if actor != "sphinx":
            return []
        return [Moved(encounter.now, "sphinx", "fire-escape", None, 0.0, "flees")]


def test_reach_objective_ends_the_fight_when_the_character_stands_there() -> None:
    objective = {"kind": "reach", "side": "villains", "place": "fire-escape"}
    result, events = run(scenario(objectives=[objective]), Escape())
    moved = next(e for e in events if isinstance(e, Moved))
    assert (result.winner, result.segments) == ("villains", moved.segment)
    assert result.reason == "objective: sphinx reached fire-escape"


def test_without_when_conditions_only_the_time_limit_ends_a_fight() -> None:
    result, _ = run(scenario(when=[], time_limit=120))
    assert (result.winner, result.reason, result.segments) == (None, "time limit", 120)


def test_side_out_of_action_is_the_registered_default() -> None:
    result, _ = run(scenario())
    assert result.reason == "the other side is out of action"


def test_an_unknown_outcome_condition_is_a_scenario_error() -> None:
    spec = parse_scenario(scenario(when=["hostage-rescued"]), base_dir=CHARACTERS)
    with pytest.raises(ScenarioError, match=r"stop\.when\[0\].*side-out-of-action"):
        Simulation(spec).build()


def test_an_objective_naming_an_unregistered_action_is_a_scenario_error() -> None:
    objective = {"kind": "complete-action", "side": "heroes", "action": "crack-safe"}
    spec = parse_scenario(scenario(objectives=[objective]), base_dir=CHARACTERS)
    with pytest.raises(ScenarioError, match=r"stop\.objectives\[0\]\.action"):
        Simulation(spec).build()


class Flight:
    """After the Sphinx's first punch he is gone through the fire escape."""

    @hookimpl
    def mands_action_after(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event]:
        if actor != "sphinx":
            return []
        return [
            Moved(encounter.now, "sphinx", "fire-escape", None, 0.0, "flees"),
            OutOfAction(encounter.now, "sphinx", "fled"),
        ]


def test_fleeing_through_the_objectives_exit_reaches_it() -> None:
    objective = {"kind": "reach", "side": "villains", "place": "fire-escape"}
    result, _ = run(scenario(objectives=[objective]), Flight())
    assert (result.winner, result.reason) == ("villains", "objective: sphinx reached fire-escape")


def test_complete_action_can_require_an_outcome() -> None:
    """``action_outcome`` counts only resolutions with that outcome (a skill check's
    ``succeeded``); a fist-attack resolves as ``done``, so asking for ``failed`` never ends it."""
    wanted = {"kind": "complete-action", "side": "villains", "action": "fist-attack"}
    done, _ = run(scenario(objectives=[{**wanted, "action_outcome": "done"}]))
    assert done.reason == "objective: sphinx completed fist-attack (done)"
    never, _ = run(scenario(objectives=[{**wanted, "action_outcome": "failed"}], when=[]))
    assert never.reason == "time limit"
