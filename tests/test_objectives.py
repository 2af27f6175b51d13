"""Objectives and ``[stop] when`` conditions end encounters (``mands_sim.objectives``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mands_sim.actions import ActionInProgress
from mands_sim.api import hookimpl
from mands_sim.errors import ScenarioError
from mands_sim.events import ActionResolved, Event, Moved, OutOfAction
from mands_sim.kernel.encounter import Encounter
from mands_sim.objectives import (
    objective_reason,
    objective_targets,
    objective_wards,
    objectives_in_play,
    performing,
    stakes_against,
)
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


def test_escape_through_any_exit_wins_for_its_side() -> None:
    """An ``escape`` without a place counts any exit; fleeing through it gets away (G-238)."""
    objective = {"kind": "escape", "side": "villains", "character": "sphinx"}
    result, _ = run(scenario(objectives=[objective]), Flight())
    assert (result.winner, result.reason) == ("villains", "objective: sphinx escaped to an exit")


def test_escape_counts_arriving_unless_g238_asks_for_leaving() -> None:
    """Standing on the fire escape is an escape under G-238 ``arrives``, not under ``leaves``."""
    objective = {"kind": "escape", "side": "villains", "place": "fire-escape"}
    arrives, _ = run(scenario(objectives=[objective]), Escape())
    leaves_only = {
        **scenario(objectives=[objective]),
        "rules": {"defaults": {"G238_escape_counts": "leaves"}},
    }
    left, _ = run(leaves_only, Escape())
    assert arrives.reason == "objective: sphinx escaped to fire-escape"
    assert not left.reason.startswith("objective")


def test_a_protected_character_going_down_loses_for_its_side() -> None:
    """The villains protect the Sphinx: when she goes down the heroes win by the objective,
    checked before ``side-out-of-action``."""
    objective = {"kind": "protect", "side": "villains", "character": "sphinx"}
    result, events = run(scenario(objectives=[objective], time_limit=2500))
    down = next(e for e in events if isinstance(e, OutOfAction) and e.character == "sphinx")
    assert down.condition in ("unconscious", "dead")
    assert (result.winner, result.reason) == ("heroes", "objective: sphinx not protected")


def test_a_protected_character_who_fled_is_safe_under_g236_down() -> None:
    objective = {"kind": "protect", "side": "villains", "character": "sphinx"}
    safe, _ = run(scenario(objectives=[objective]), Flight())
    strict = {
        **scenario(objectives=[objective]),
        "rules": {"defaults": {"G236_protect_fails": "out_of_action"}},
    }
    lost, _ = run(strict, Flight())
    assert safe.reason == "the other side is out of action"
    assert (lost.winner, lost.reason) == ("heroes", "objective: sphinx not protected")


def with_hostage(**defaults: str) -> dict[str, Any]:
    """The Sphinx holds a hostage of her side (a copy of her sheet, ``role = "hostage"``)."""
    data = scenario(time_limit=2500)
    hostage = {"id": "hostage", "sheet": "characters/sphinx.toml", "place": "rooftop"}
    data["sides"][1]["characters"].append({**hostage, "role": "hostage"})
    if defaults:
        data["rules"] = {"defaults": defaults}
    return data


def test_a_hostage_keeps_no_side_in_the_fight() -> None:
    """G-235 ``aside``: with the Sphinx down, the heroes win though her hostage stands."""
    result, events = run(with_hostage())
    assert (result.winner, result.reason) == ("heroes", "the other side is out of action")
    assert not [e for e in events if getattr(e, "target", None) == "hostage"]


def test_a_hostage_counted_as_a_combatant_is_fought_under_g235_counted() -> None:
    _, events = run(with_hostage(G235_non_combatants="counted"))
    assert [e for e in events if getattr(e, "target", None) == "hostage"]


def spec_with(objectives: list[dict[str, Any]], **defaults: str) -> Simulation:
    data = {**scenario(objectives=objectives), "rules": {"defaults": defaults}}
    return Simulation(parse_scenario(data, base_dir=CHARACTERS), seed=1)


def test_objective_targets_are_the_other_sides_performers() -> None:
    """The heroes' objective makes the villains lose: the Sphinx sees Seraph as a target and
    Seraph sees nobody; Seraph is the heroes' ward."""
    objective = {"kind": "reach", "side": "heroes", "place": "fire-escape"}
    encounter = spec_with([objective]).build()
    assert objective_targets(encounter, "sphinx") == ["seraph"]
    assert objective_targets(encounter, "seraph") == []
    assert objective_wards(encounter, "sphinx") == []
    assert objective_reason(encounter, "sphinx", "seraph") == (
        "objective: stop seraph reaching fire-escape"
    )


def test_objectives_are_ignored_by_the_policies_under_g237_ignore() -> None:
    objective = {"kind": "reach", "side": "heroes", "place": "fire-escape"}
    encounter = spec_with([objective], G237_objective_play="ignore").build()
    assert objective_targets(encounter, "sphinx") == []


def test_a_complete_action_performer_performs_only_with_the_action_in_progress() -> None:
    spec = {"kind": "complete-action", "side": "heroes", "action": "fist-attack"}
    encounter = spec_with([spec]).build()
    (objective,) = objectives_in_play(encounter)
    assert not performing(encounter.state["seraph"], objective)


def test_stakes_against_a_side_name_every_character_it_hinges_on() -> None:
    objective = {"kind": "protect", "side": "villains", "character": "sphinx"}
    encounter = spec_with([objective]).build()
    objectives = objectives_in_play(encounter)
    assert (stakes_against(objectives, "heroes"), stakes_against(objectives, "villains")) == (
        frozenset({"sphinx"}),
        frozenset(),
    )
