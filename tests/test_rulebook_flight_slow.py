"""Flight, Slow (seed "Flight, Slow"): ``mands_rulebook.powers.flight_slow``.

Seed: "Flight, Slow: This is the ability to fly. Basic Effects: (Movement, Combat Bonus)" (the
text breaks off there). Seed "%Control": "For power uses that last a period of time (such as
flying) the roll must be made once per Panel (once per round in combat). If the roll is missed,
the power in question failed to operate."

Seraph's sheet lists ``[powers.Flight]`` (the name movement's ``fly`` looks for, G-67) with PR 10
and %Control 90; he flies from a roof toward a tower 1 km off.
"""

from __future__ import annotations

import dataclasses
import tomllib
from functools import cache
from typing import Any

import pytest

from mands_rulebook.kit.powers.ratings import canonical_power_name, sheet_power
from mands_rulebook.powers.flight_slow import FLIGHT_SLOW
from mands_sim.actions import Intent
from mands_sim.dice import ScriptedDice
from mands_sim.events import ActionDropped, Event, PercentRolled
from mands_sim.kernel.contracts import ActionRefused
from mands_sim.kernel.encounter import Encounter
from mands_sim.model.sheet import PowerEntry, load_sheet
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from tests.data.power_plan import SCENARIOS, PlanMind, of


def test_flight_is_an_alias_of_flight_slow() -> None:
    """The seed's heading is "Flight, Slow"; movement (G-67) and sheets say "Flight"."""
    registries = simulation().prepare().registries
    assert canonical_power_name(registries, "Flight") == "Flight, Slow"
    assert registries.powers.get("Flight, Slow").source == "rules text"
    seraph = load_sheet(SCENARIOS / "characters" / "seraph.toml")
    flyer = dataclasses.replace(seraph, powers={"Flight": PowerEntry("Flight", 10, 90)})
    entry = sheet_power(flyer, FLIGHT_SLOW)
    assert entry is not None and entry.name == "Flight"


def flyer_sheet() -> dict[str, Any]:
    sheet = tomllib.loads((SCENARIOS / "characters" / "seraph.toml").read_text(encoding="utf-8"))
    sheet["powers"]["Flight"] = {"power_rating": 10, "percent_control": 90}
    return sheet


@cache
def simulation() -> Simulation:
    places = [{"name": "roof", "x": 0.0, "y": 0.0}, {"name": "tower", "x": 0.0, "y": 1000.0}]
    data = {
        "format": 1,
        "name": "flight",
        "map": {"places": places},
        "sides": [
            {
                "name": "heroes",
                "characters": [{"id": "seraph", "sheet": flyer_sheet(), "place": "roof"}],
            },
            {
                "name": "villains",
                "characters": [
                    {"id": "sun-ruler", "sheet": "characters/sun_ruler.toml", "place": "roof"}
                ],
            },
        ],
        "stop": {"time_limit": 500, "when": ["side-out-of-action"]},
    }
    return Simulation(parse_scenario(data, base_dir=SCENARIOS))


def fly(**options: Any) -> Intent:
    return Intent("move", options={"toward": "tower", "fly": True, **options})


def flight(plan: list[tuple[int, Intent]], dice: list[int]) -> tuple[Encounter, list[Event]]:
    sim = simulation()
    sim.minds = {"seraph": PlanMind(plan), "sun-ruler": PlanMind()}
    sim.dice = ScriptedDice({"seraph": dice})
    events: list[Event] = []
    encounter = sim.start([events.append])
    encounter.run(until=60)
    return encounter, events


def test_flying_rolls_control_each_round_and_a_miss_ends_the_flight() -> None:
    """%Control 90: d100 5 when the flight starts (then the Move Roll, 5 + 5), 95 on the Payment
    Segment 50: the power fails to operate and the flight ends there."""
    _, events = flight([(0, fly(power="Flight"))], [5, 5, 5, 95])
    rolls = [(e.segment, e.roll, e.succeeded) for e in of(events, PercentRolled, "seraph")]
    assert rolls == [(0, 5, True), (50, 95, False)]
    assert [(e.segment, e.reason) for e in of(events, ActionDropped, "seraph")] == [
        (50, "lost control")
    ]


def test_mands_action_refusals_a_flight_that_skips_control_is_refused() -> None:
    """G-128: with a %Control to roll, a ``fly`` move must name the power."""
    encounter, _ = flight([], [])
    with pytest.raises(ActionRefused, match="%Control, G-128"):
        encounter.initiate("seraph", fly())
