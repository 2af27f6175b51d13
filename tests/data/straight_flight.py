"""A straight flight for the tests of positions, range and sight (G-67, G-290, G-291).

Seraph, given a Flight power, flies from the street to the park, 40 m off in a straight line,
from segment 0 (Move Roll 5 + 5, 14 Q on speed: 1 m a segment, landing at segment 40); the
Sphinx stands where a test puts him: the street, the park, the kiosk 10 m down the street, or
the cellar, 5 m from the street by a stair (a place drawn without coordinates); or he flies.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from mands_sim.actions import Intent, QualityAllocation
from mands_sim.dice import ScriptedDice
from mands_sim.kernel.agenda import Phase
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from tests.data.power_plan import PlanMind

SCENARIOS = Path(__file__).parents[2] / "scenarios"


def sheet(name: str) -> dict[str, Any]:
    return tomllib.loads((SCENARIOS / "characters" / f"{name}.toml").read_text(encoding="utf-8"))


FLIGHT_DICE = (5, 5, 5, 50, 99)
"""The Move Roll's 5 + 5, then the %Control rolls."""
FLIGHT_SPEED = QualityAllocation(speed=14)
"""14 Q on speed: 10 dm (1 m) a segment on the Sphere chart."""


def with_flight(character: dict[str, Any]) -> dict[str, Any]:
    character.setdefault("powers", {})["Flight"] = {"power_rating": 10, "percent_control": 90}
    return character


def flying_to(place: str) -> Intent:
    return Intent("move", options={"toward": place, "fly": True, "power": "Flight"})


def flight(
    until: int,
    sphinx_at: str = "street",
    blocked_sight: tuple[tuple[str, str], ...] = (),
    sphinx_flies_to: str | None = None,
    seraph_later: tuple[tuple[int, Intent], ...] = (),
    seraph_dice: tuple[int, ...] = FLIGHT_DICE,
    **defaults: Any,
) -> Encounter:
    """Seraph's flight to the park at segment ``until``; the Sphinx stands at ``sphinx_at``, or
    (on Seraph's sheet, so that he flies as Seraph does: 1 m a segment) flies from there to
    ``sphinx_flies_to``; ``blocked_sight``: the pairs of places that cannot see each other;
    ``seraph_later``: what Seraph does after taking off, with ``seraph_dice``."""
    flyer, villain = with_flight(sheet("seraph")), sheet("sphinx")
    if sphinx_flies_to is not None:  # a flyer built as Seraph is, to fly as he does
        villain = with_flight(sheet("seraph"))
    places = [
        {"name": "street", "x": 0.0, "y": 0.0},
        {"name": "park", "x": 0.0, "y": 40.0},
        {"name": "kiosk", "x": 10.0, "y": 0.0},
        {"name": "cellar"},
    ]
    edges = [
        {"between": ["street", "park"], "length": 40.0},
        {"between": ["street", "cellar"], "length": 5.0},
        {"between": ["street", "kiosk"], "length": 10.0},
    ]
    data = {
        "format": 1,
        "name": "a straight flight",
        "map": {
            "places": places,
            "edges": edges,
            "blocked_sight": [list(pair) for pair in blocked_sight],
        },
        "sides": [
            {"name": "heroes", "characters": [{"id": "seraph", "sheet": flyer, "place": "street"}]},
            {
                "name": "villains",
                "characters": [{"id": "sphinx", "sheet": villain, "place": sphinx_at}],
            },
        ],
        "rules": {"defaults": defaults},
        "stop": {"time_limit": 500},
    }
    sphinx_plan = [] if sphinx_flies_to is None else [(0, flying_to(sphinx_flies_to))]
    simulation = Simulation(
        parse_scenario(data, base_dir=SCENARIOS),
        dice=ScriptedDice({"seraph": list(seraph_dice), "sphinx": list(FLIGHT_DICE)}),
        minds={
            "seraph": PlanMind([(0, flying_to("park")), *seraph_later], quality=FLIGHT_SPEED),
            "sphinx": PlanMind(sphinx_plan, quality=FLIGHT_SPEED),
        },
    )
    encounter = simulation.build()
    encounter.at(until, Phase.STATUS, "", lambda: None)  # the clock reaches ``until``
    encounter.run(until=until)
    return encounter
