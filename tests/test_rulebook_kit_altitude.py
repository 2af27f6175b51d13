"""Altitude: flyers and jumpers in the air, what reaches them (``mands_rulebook.kit.altitude``; seed
"Jump Roll"; G-273, G-274, G-275).

Seraph, given a Flight power, flies from the street to the park 60 m off on level ground from
segment 0 (%Control 5, Move Roll 5 + 5, all 19 Q on speed: 1.1 m a segment); the Sphinx stands
in the street, right under Seraph as he takes off, or at the lamp 6.6 m up the way, under him at
segment 6 (G-67: a flyer is where its straight flight has got to).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from mands_rulebook.kit import range as range_rules
from mands_rulebook.kit.altitude import altitude_now, slant_distance
from mands_rulebook.kit.crowding import contact_refusal, in_contact
from mands_rulebook.kit.positions import current_pace
from mands_rulebook.kit.weapons.table import Ranges
from mands_sim.actions import Intent, QualityAllocation
from mands_sim.dice import ScriptedDice
from mands_sim.kernel.agenda import Phase
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from tests.data.power_plan import PlanMind

SCENARIOS = Path(__file__).parent.parent / "scenarios"
PISTOL = Ranges(short_range=10.0, range_set=10.0, max_range=60.0)


def sheet(name: str) -> dict[str, Any]:
    return tomllib.loads((SCENARIOS / "characters" / f"{name}.toml").read_text(encoding="utf-8"))


def aloft(
    until: int = 0,
    sphinx_plan: Any = (),
    dice: Any = None,
    sphinx_at: str = "street",
    **defaults: Any,
) -> Encounter:
    """Seraph on his way to the park at segment ``until``; the Sphinx, at ``sphinx_at``, plays
    ``sphinx_plan``."""
    flyer = sheet("seraph")
    flyer["powers"]["Flight"] = {"power_rating": 10, "percent_control": 90}
    places = [
        {"name": "street", "x": 0.0, "y": 0.0},
        {"name": "lamp", "x": 0.0, "y": 6.6},
        {"name": "park", "x": 0.0, "y": 60.0},
    ]
    edges = [
        {"between": ["street", "lamp"], "length": 6.6},
        {"between": ["lamp", "park"], "length": 53.4},
    ]
    data = {
        "format": 1,
        "name": "aloft",
        "map": {"places": places, "edges": edges},
        "sides": [
            {"name": "heroes", "characters": [{"id": "seraph", "sheet": flyer, "place": "street"}]},
            {
                "name": "villains",
                "characters": [{"id": "sphinx", "sheet": sheet("sphinx"), "place": sphinx_at}],
            },
        ],
        "rules": {"defaults": defaults},
        "stop": {"time_limit": 500},
    }
    fly = {"toward": "park", "fly": True, "power": "Flight"}
    simulation = Simulation(
        parse_scenario(data, base_dir=SCENARIOS),
        dice=ScriptedDice({"seraph": [5, 5, 5, 50, 99], "sphinx": list(dice or [])}),
        minds={
            "seraph": PlanMind(
                [(0, Intent("move", options=fly))], quality=QualityAllocation(speed=19)
            ),
            "sphinx": PlanMind(sphinx_plan, quality=QualityAllocation()),
        },
    )
    encounter = simulation.build()
    encounter.at(until, Phase.STATUS, "", lambda: None)  # the clock reaches ``until``
    encounter.run(until=until)
    return encounter


def test_g273_a_flyer_in_flight_is_out_of_a_grounded_enemys_reach() -> None:
    """Taking off, Seraph is above the street; G-273 puts him 5 m up: the Sphinx, 1.75 m tall
    on the ground, cannot reach him (G-274), nor he the Sphinx."""
    encounter = aloft()
    assert altitude_now(encounter, "seraph") == 5.0
    assert altitude_now(encounter, "sphinx") == 0.0
    assert not in_contact(encounter, "sphinx", "seraph")
    assert not in_contact(encounter, "seraph", "sphinx")
    refused = encounter.refused("sphinx", Intent("fist-attack", target="seraph"))
    assert refused == ["seraph is out of reach, 5 m apart in the air (G-274)"]


def test_g275_a_ranged_attack_reaches_the_flyer_over_the_slant() -> None:
    """Straight below him the Sphinx is 5 m from Seraph; a pistol reaches him."""
    encounter = aloft()
    assert range_rules.distance(encounter, "sphinx", "seraph") == 5.0
    assert range_rules.reach_refusals(encounter, "sphinx", "seraph", PISTOL) == []
    short = Ranges(short_range=1.0, range_set=1.0, max_range=4.0)
    assert range_rules.reach_refusals(encounter, "sphinx", "seraph", short) == [
        "seraph is 5 m away, beyond Maximum Range 4 m"
    ]


def test_g275_ground_counts_the_ground_distance_alone() -> None:
    encounter = aloft(G275_altitude_range="ground")
    assert slant_distance(encounter, "sphinx", "seraph") == 0.0


def test_g273_landing_brings_the_flyer_down() -> None:
    encounter = aloft()
    pace = current_pace(encounter, "seraph")
    assert pace is not None and encounter.world is not None
    landed = aloft(until=pace.arrival(encounter.world))
    assert altitude_now(landed, "seraph") == 0.0


def test_g273_no_altitude_leaves_a_level_flyer_in_reach() -> None:
    encounter = aloft(G273_flight_altitude=0.0)
    assert in_contact(encounter, "sphinx", "seraph")


def test_g274_a_low_flyer_is_within_a_tall_reach_only_when_level_allows() -> None:
    """At 2 m: the Sphinx's 1.75 m (``height``) falls short; ``level`` with a 2 m G-65 reach
    reaches him."""
    assert not in_contact(aloft(G273_flight_altitude=2.0), "sphinx", "seraph")
    level = aloft(G273_flight_altitude=2.0, G274_upward_reach="level", G65_reach=2.0)
    assert in_contact(level, "sphinx", "seraph")


def test_a_jump_reaches_a_low_flyer_overhead() -> None:
    """At the lamp the Sphinx jumps at segment 5 (Jump Roll 26, dice 2 + 2: Q 23, 5.29 m): in
    the air he reaches every height up to the height jumped and his own 1.75 m, Seraph 2 m up
    among them, right over the lamp at segment 6 (seed "Jump Roll": "characters can add up to
    their height to ... the height jumped"; G-67)."""
    jump = [(5, Intent("jump"))]
    encounter = aloft(
        until=6, sphinx_plan=jump, dice=[2, 2], sphinx_at="lamp", G273_flight_altitude=2.0
    )
    assert altitude_now(encounter, "sphinx") > 0.25
    assert in_contact(encounter, "sphinx", "seraph")
    assert contact_refusal(encounter, "sphinx", "seraph") is None


def test_a_jump_from_the_flyers_start_falls_short_of_him_once_he_has_flown_on() -> None:
    """The same jump from the street: by segment 6 Seraph is 6.6 m up the way (G-67), out of
    reach whatever the height."""
    jump = [(5, Intent("jump"))]
    encounter = aloft(until=6, sphinx_plan=jump, dice=[2, 2], G273_flight_altitude=2.0)
    assert altitude_now(encounter, "sphinx") > 0.25
    assert contact_refusal(encounter, "sphinx", "seraph") == "seraph is out of reach"
