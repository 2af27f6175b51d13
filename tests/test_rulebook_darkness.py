"""Darkness (seed "Darkness"): ``mands_rulebook.powers.darkness``.

Seed: "The character has up to twice PR points for Range and Radius ... Each point used for Range
counts 1 row on the Sphere Chart, for meters ... Each point used for Radius counts 1 row on the
Sphere Chart, for meters." "In this area nothing can be seen by normal methods. The character can
even make the dome or sphere hollow".

Seraph is given Darkness PR 12 (no %Control roll) and stands with Sun-Ruler; Sun-Ruler's fire
blast at him (segment 12) rolls 10 + 10 and misses, so only its Bonus Pool matters.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

import pytest

from mands_rulebook.kit.powers.uses import PowerUsed
from mands_rulebook.powers.darkness import (
    DARKNESS,
    SPHERE,
    held_spend,
    point_meters,
    range_points,
    size_points,
)
from mands_sim.dice import ScriptedDice
from mands_sim.events import Event, RollMade
from mands_sim.kernel.contracts import ActionRefused
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from tests.data.power_plan import SCENARIOS, PlanMind, of, use

POWER = "Darkness"
SPHERE_INTENT = use(SPHERE.action.name, POWER)


def test_size_points_are_twice_the_pr_each_a_sphere_row_of_meters() -> None:
    """PR 12 → 24 points; a center 10 m away takes 9 points (row 9: 10 m), 15 left: 57 m;
    0 points are 0 m; a center 500 m off is out of 10 points' reach (row 10: 14 m)."""
    chart = simulation().prepare().charts.action
    assert size_points(12) == 24
    assert range_points(chart, 10.0, 24) == 9
    assert (point_meters(chart, 15), point_meters(chart, 0)) == (57.0, 0.0)
    assert range_points(chart, 500.0, 10) is None


def test_default_spend_holds_at_1_ep_a_round_and_puts_the_rest_on_size() -> None:
    """PR 12: 4 PR bring row 9 to row 5, 8 on size (16 points)."""
    encounter, _ = run(PlanMind(), until=0)
    assert held_spend(encounter, "seraph", SPHERE_INTENT, 12) == {"ep": 4, "size": 8}


def seraph_sheet() -> dict[str, Any]:
    sheet = tomllib.loads((SCENARIOS / "characters" / "seraph.toml").read_text(encoding="utf-8"))
    sheet["powers"][POWER] = {"power_rating": 12}
    return sheet


@cache
def simulation() -> Simulation:
    places = [{"name": "here", "x": 0.0, "y": 0.0}, {"name": "far", "x": 1000.0, "y": 0.0}]
    data = {
        "format": 1,
        "name": "darkness",
        "map": {"places": places, "edges": [{"between": ["here", "far"]}]},
        "sides": [
            {
                "name": "heroes",
                "characters": [{"id": "seraph", "sheet": seraph_sheet(), "place": "here"}],
            },
            {
                "name": "villains",
                "characters": [
                    {"id": "sun-ruler", "sheet": "characters/sun_ruler.toml", "place": "here"}
                ],
            },
        ],
        "stop": {"time_limit": 500, "when": ["side-out-of-action"]},
    }
    return Simulation(parse_scenario(data, base_dir=SCENARIOS))


def run(seraph: PlanMind, until: int = 35) -> tuple[Encounter, list[Event]]:
    sun = PlanMind(
        [(12, use("fire-coat-blast", "Fire Coat", "seraph"))],
        spend={"fire-coat-blast": {"damage": 12}},
    )
    sim = simulation()
    sim.minds = {"seraph": seraph, "sun-ruler": sun}
    sim.dice = ScriptedDice({"sun-ruler": [10, 10]})
    events: list[Event] = []
    encounter = sim.start([events.append])
    encounter.run(until=until)
    return encounter, events


def blast_pool(events: list[Event]) -> int:
    (roll,) = of(events, RollMade, "sun-ruler")
    return int(roll.bonus_pool)


def test_mands_bonus_pool_modifiers_a_blast_into_darkness_is_made_as_with_sight_0() -> None:
    """Seraph raises it on 0 (ready on 10, G-122): 16 points around him, 75 m. Sun-Ruler, inside
    too, blasts on 12 with the Sight-0 Close modifier: −5 to his pool."""
    _, plain = run(PlanMind())
    encounter, dark = run(PlanMind([(0, SPHERE_INTENT)]))
    assert blast_pool(dark) == blast_pool(plain) - 5
    (used,) = of(dark, PowerUsed, "seraph")
    assert dict(used.spent) == {"size": 8, "ep": 4, "speed": 0}
    (held,) = encounter.state["seraph"].actions
    assert held.prepared[DARKNESS].radius == 75.0


def test_a_hollow_darkness_lets_those_inside_see_each_other() -> None:
    """Seed: "allowing light sources inside the shape to work": both inside, no modifier."""
    _, plain = run(PlanMind())
    _, hollow = run(PlanMind([(0, use(SPHERE.action.name, POWER, hollow=True))]))
    assert blast_pool(hollow) == blast_pool(plain)


def test_before_its_performance_time_has_passed_the_darkness_hides_nothing() -> None:
    """Raised on 5, it takes effect on 15: the blast on 12 is not hampered."""
    _, plain = run(PlanMind())
    _, late = run(PlanMind([(5, SPHERE_INTENT)]))
    assert blast_pool(late) == blast_pool(plain)


def test_mands_action_refusals_a_center_beyond_the_range_is_refused() -> None:
    """PR 12: 23 points at most for Range (row 23 ≈ 422 m): 'far', 1000 m away, is refused."""
    encounter, _ = run(PlanMind(), until=0)
    with pytest.raises(ActionRefused, match="beyond the Range"):
        encounter.initiate("seraph", use(SPHERE.action.name, POWER, center="far"))
