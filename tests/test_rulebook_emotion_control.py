"""Emotion Control (seed "Emotion Control"): ``mands_rulebook.powers.emotion_control``.

Seed: "Targets are allowed a save vs. willpower minus twice the character's PR, minus any
modifications due to predisposition ..., on a d100. If the character concentrates on only one
target, use 4 times PR instead of twice PR for the reduction. If the target realizes that emotion
control is being attempted, willpower can be added to the saving throw. Range: The emotion
control will work on anyone within PR meters."

Seraph is given Emotion Control PR 10 (no %Control roll). Sun-Ruler (Willpower 56) stands with
him; a mook (Willpower 56) stands 20 m away.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

import pytest

from mands_rulebook.kit.powers.uses import PowerUsed
from mands_rulebook.powers.emotion_control import (
    SAVE_PURPOSE,
    EmotionSwayed,
    save_chance,
    save_penalty,
)
from mands_sim.dice import ScriptedDice
from mands_sim.events import ActionStarted, Event, PercentRolled
from mands_sim.kernel.contracts import ActionRefused
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from tests.data.power_plan import SCENARIOS, PlanMind, of, use

POWER = "Emotion Control"
SWAY = "emotion-control-sway"
BLAST = use("fire-coat-blast", "Fire Coat", "seraph")


def test_the_save_is_willpower_less_twice_the_pr_or_four_times_on_one_target() -> None:
    """PR 10: −20 on everyone in Range, −40 on one target; Willpower 56 − 40 − 5 (already calm)
    = 11; a target that realizes it adds its Willpower: 67."""
    assert (save_penalty(10, concentrated=False), save_penalty(10, concentrated=True)) == (20, 40)
    assert save_chance(56, 40, 5, noticed=False) == 11
    assert save_chance(56, 40, 5, noticed=True) == 67


def seraph_sheet() -> dict[str, Any]:
    sheet = tomllib.loads((SCENARIOS / "characters" / "seraph.toml").read_text(encoding="utf-8"))
    sheet["powers"][POWER] = {"power_rating": 10}
    return sheet


@cache
def simulation() -> Simulation:
    places = [{"name": "here", "x": 0.0, "y": 0.0}, {"name": "far", "x": 20.0, "y": 0.0}]
    villains = [("sun-ruler", "here"), ("mook", "far")]
    data = {
        "format": 1,
        "name": "emotion control",
        "map": {"places": places, "edges": [{"between": ["here", "far"]}]},
        "sides": [
            {
                "name": "heroes",
                "characters": [{"id": "seraph", "sheet": seraph_sheet(), "place": "here"}],
            },
            {
                "name": "villains",
                "characters": [
                    {"id": who, "sheet": "characters/sun_ruler.toml", "place": place}
                    for who, place in villains
                ],
            },
        ],
        "stop": {"time_limit": 500, "when": ["side-out-of-action"]},
    }
    return Simulation(parse_scenario(data, base_dir=SCENARIOS))


def sway(
    intent: Any, dice: dict[str, list[int]], until: int = 12, sun: PlanMind | None = None
) -> tuple[Encounter, list[Event]]:
    sim = simulation()
    sim.minds = {
        "seraph": PlanMind([(0, intent)]),
        "sun-ruler": sun or PlanMind(),
        "mook": PlanMind(),
    }
    sim.dice = ScriptedDice(dice)
    events: list[Event] = []
    encounter = sim.start([events.append])
    encounter.run(until=until)
    return encounter, events


def test_mands_action_refusals_a_calm_target_attacks_no_one_of_the_controllers_side() -> None:
    """Concentrated on Sun-Ruler (all 10 PR on the penalty, 0 m away): 56 − 40 = 16; he rolls 50
    and is calm from 10 to 60: his blast at Seraph is refused, and starts again on 61."""
    sun = PlanMind([(61, BLAST)], spend={"fire-coat-blast": {"damage": 12}})
    encounter, events = sway(use(SWAY, POWER, "sun-ruler"), {"sun-ruler": [50, 10, 10]}, sun=sun)
    (used,) = of(events, PowerUsed, "seraph")
    assert dict(used.spent) == {"range": 0, "save_penalty": 10, "ep": 0, "speed": 0}
    (save,) = of(events, PercentRolled, "sun-ruler")
    assert (save.purpose, save.chance, save.roll, save.succeeded) == (SAVE_PURPOSE, 16, 50, False)
    (swayed,) = of(events, EmotionSwayed)
    assert (swayed.character, swayed.emotion, swayed.until) == ("sun-ruler", "calm", 60)
    with pytest.raises(ActionRefused, match="calmed by seraph"):
        encounter.initiate("sun-ruler", BLAST)
    encounter.run(until=61)
    assert [e.segment for e in of(events, ActionStarted, "sun-ruler")] == [61]


def test_a_save_at_or_under_the_chance_resists() -> None:
    _, events = sway(use(SWAY, POWER, "sun-ruler"), {"sun-ruler": [16]})
    assert [e.succeeded for e in of(events, PercentRolled, "sun-ruler")] == [True]
    assert of(events, EmotionSwayed) == []


def test_without_a_target_it_reaches_everyone_within_pr_meters_at_twice_pr() -> None:
    """Default spend: 5 PR on Range (5 m), 5 on the penalty (×2 = 10): Sun-Ruler saves at 46 and
    rolls 47; the mook, 20 m away, is out of Range and rolls nothing."""
    _, events = sway(use(SWAY, POWER), {"sun-ruler": [47]})
    assert [(e.chance, e.succeeded) for e in of(events, PercentRolled, "sun-ruler")] == [
        (46, False)
    ]
    assert of(events, PercentRolled, "mook") == []
    assert [e.character for e in of(events, EmotionSwayed)] == ["sun-ruler"]


def test_a_concentrated_sway_needs_its_target_within_pr_meters() -> None:
    encounter, _ = sway(use(SWAY, POWER, "sun-ruler"), {"sun-ruler": [16]}, until=11)
    with pytest.raises(ActionRefused, match="beyond PR 10 m"):
        encounter.initiate("seraph", use(SWAY, POWER, "mook"))
