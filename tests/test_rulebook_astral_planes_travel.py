"""Astral Planes Travel (seed "Astral Planes Travel"):
``mands_rulebook.powers.astral_planes_travel``.

The traveller is the sample character Seraph with only Astral Planes Travel (PR 7) on his sheet;
"ally" is another copy of him without it (Willpower 80, Learning 11), "novice" one with PR 3;
Sun-Ruler (Willpower 56, Learning 10) is the one forced along. The heroes' objective is to
complete a trip.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from mands_rulebook.kit.powers.ratings import canonical_power_name, encounter_registries
from mands_rulebook.kit.powers.uses import PowerUsed
from mands_rulebook.powers.astral_planes_travel import (
    AstralTrip,
    astral_flight_speed,
    passenger_pr,
    passengers_allowed,
    trip_rounds,
)
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import ScriptedDice
from mands_sim.events import ActionStarted, Event, PercentRolled
from mands_sim.kernel.contracts import ActionRefused
from mands_sim.narrative import tell
from mands_sim.outcome import RunResult
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from mands_sim.testing import sample_sheet
from tests.data.power_plan import SCENARIOS, PlanMind, of, use

ASTRAL = "Astral Planes Travel"
TRIP = "astral-planes-travel-trip"
CHART = load_standard_charts().action
TRAVELLERS = {"seraph": 7, "novice": 3, "ally": 0}


@cache
def _simulation() -> Any:
    heroes = [
        {
            "id": who,
            "sheet": sample_sheet(powers={ASTRAL: {"power_rating": pr}} if pr else {}),
            "place": "here",
        }
        for who, pr in TRAVELLERS.items()
    ]
    villain = {"id": "sun-ruler", "sheet": "characters/sun_ruler.toml", "place": "here"}
    objective = {"kind": "complete-action", "side": "heroes", "action": TRIP}
    data = {
        "format": 1,
        "name": "astral test",
        "map": {"places": [{"name": "here"}]},
        "sides": [
            {"name": "heroes", "characters": heroes},
            {"name": "villains", "characters": [villain]},
        ],
        "stop": {"time_limit": 2500, "when": ["side-out-of-action"], "objectives": [objective]},
    }
    return Simulation(parse_scenario(data, base_dir=SCENARIOS))


def travel(
    dice: dict[str, list[int]],
    traveller: str = "seraph",
    spend: dict[str, int] | None = None,
    **options: Any,
) -> tuple[RunResult, list[Event]]:
    """``traveller`` starts a trip on segment 0 with ``options`` (default spend unless
    ``spend``)."""
    simulation = _simulation()
    plan = [(0, use(TRIP, ASTRAL, **options))]
    mind = PlanMind(plan, spend=None if spend is None else {TRIP: spend})
    minds = {who: PlanMind() for who in [*TRAVELLERS, "sun-ruler"]}
    simulation.minds = minds | {traveller: mind}
    simulation.dice = ScriptedDice(dice)
    events: list[Event] = []
    result = simulation.run(until=400, observers=[events.append])
    return result, events


def test_a_trip_is_the_km_on_the_doubles_chart_in_rounds_less_pr_rows() -> None:
    """Seed: "look the distance (in km) on the Doubles Chart for the number of rounds ... reduce
    this by up to PR rows": 1000 km → 10 rounds; 7 rows off → 3; 100 km (7) → 0."""
    assert [trip_rounds(CHART, km, rows) for km, rows in [(1000, 0), (1000, 7), (100, 7)]] == [
        10,
        3,
        0,
    ]
    assert trip_rounds(CHART, 0, 0) == 0


def test_passengers_are_a_third_of_the_pr_rounded_up() -> None:
    """Seed: "PR/3 passengers (round up)": 7 → 3, 3 → 1; 2 passengers need 4 PR."""
    assert [passengers_allowed(pr) for pr in (7, 3, 0)] == [3, 1, 0]
    assert [passenger_pr(n) for n in (0, 1, 2, 3)] == [0, 1, 4, 7]


def test_astral_flight_is_normal_movement_times_pr_on_the_doubles_chart() -> None:
    """Seed: "normal movement times PR on the Doubles Chart": PR 10 → × 512."""
    assert astral_flight_speed(CHART, 1.0, 10) == 512.0


def test_initiate_a_1000_km_trip_takes_20_and_3_rounds() -> None:
    """All 7 PR on rows: 10 − 7 = 3 rounds after the Performance Time of 20: the trip ends on
    170 and completes the heroes' objective."""
    result, events = travel({}, km=1000)
    spent = dict(of(events, PowerUsed, "seraph")[0].spent)
    assert (spent["movement"], spent["passengers"], spent["saving_throw"]) == (7, 0, 0)
    assert of(events, ActionStarted, "seraph")[0].completes_at == 170
    (trip,) = of(events, AstralTrip, "seraph")
    assert (trip.segment, trip.km, trip.rounds, trip.passengers) == (170, 1000.0, 3, ())
    assert (result.winner, result.reason) == ("heroes", f"objective: seraph completed {TRIP}")


def test_resolve_passengers_save_to_come_or_to_stay() -> None:
    """2 passengers take 4 PR; the other 3 change their saves. The willing ally saves vs.
    Willpower 80 − Learning 11 + 3 = 72 (d100 72: comes); Sun-Ruler, forced, vs. 56 + 10 − 3 =
    63 (d100 64: comes too)."""
    dice = {"ally": [72], "sun-ruler": [64]}
    _, events = travel(dice, passengers=["ally"], forced=["sun-ruler"])
    assert dict(of(events, PowerUsed, "seraph")[0].spent)["saving_throw"] == 3
    saves = [(e.character, e.chance, e.succeeded) for e in of(events, PercentRolled)]
    assert saves == [("ally", 72, True), ("sun-ruler", 63, False)]
    (trip,) = of(events, AstralTrip)
    assert trip.passengers == ("ally", "sun-ruler")
    assert tell(trip) == "seraph travels 0 km in astral form with ally, sun-ruler"


def test_a_passenger_who_fails_and_a_forced_one_who_saves_stay_behind() -> None:
    dice = {"ally": [73], "sun-ruler": [63]}
    _, events = travel(dice, passengers=["ally"], forced=["sun-ruler"])
    assert of(events, AstralTrip)[0].passengers == ()


def test_passengers_beyond_the_pr_spent_on_them_stay_behind_unasked() -> None:
    """1 PR on passengers brings one: the willing ally saves (80 − 11 + 6 = 75, d100 75) and
    comes; Sun-Ruler, named too, is left behind without a save."""
    spend = {"passengers": 1, "saving_throw": 6}
    _, events = travel({"ally": [75]}, spend=spend, passengers=["ally"], forced=["sun-ruler"])
    assert [(e.character, e.chance) for e in of(events, PercentRolled)] == [("ally", 75)]
    assert of(events, AstralTrip)[0].passengers == ("ally",)


def test_mands_action_refusals_refuse_more_passengers_than_a_third_of_the_pr() -> None:
    """PR 3 brings one passenger, not two."""
    with pytest.raises(ActionRefused, match="can bring 1 passengers, not 2"):
        travel({}, "novice", passengers=["ally"], forced=["sun-ruler"])


def test_astral_plane_travel_and_astral_projection_are_aliases() -> None:
    """The seed's other spellings: "See Astral Plane Travel", "the power Astral Projection"."""
    registries = encounter_registries(_simulation().build())
    for name in ("Astral Plane Travel", "astral projection"):
        assert canonical_power_name(registries, name) == ASTRAL
