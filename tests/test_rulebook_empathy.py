"""Empathy (seed "Empathy"): ``mands_rulebook.powers.empathy``.

Seed: "a roll must be made under perception plus the target's newoen, plus five times PR, minus
the distance in meters to the target (Sphere Chart), on d100. Touching the target adds the
Empath's newoen to the chance. If the target realizes what is happening and resists, subtract the
target's willpower from the chance." Showing feelings: "the empath's willpower is used in place of
perception + target's newoen". Scanning: "Roll only once."

Seraph (Perception 13, Newoen 20, Willpower 80) is given Empathy PR 6 (no %Control roll).
Sun-Ruler (Newoen 14, Willpower 56) stands 10 m away (Sphere 9), a mook 20 m away (Sphere 11)
with a second empath on Seraph's side who cannot show feelings.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

import pytest

from mands_rulebook.powers.empathy import EmotionsRead, distance_penalty, read_chance, show_chance
from mands_sim.actions import Intent
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import ScriptedDice
from mands_sim.events import ActionResolved, Event, PercentRolled
from mands_sim.kernel.contracts import ActionRefused
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from tests.data.power_plan import SCENARIOS, PlanMind, of, use

CHART = load_standard_charts().action
POWER = "Empathy"


def test_the_chance_is_perception_newoen_five_times_pr_less_the_meters_on_the_sphere_chart() -> (
    None
):
    """13 + 14 + 5 × 6 − Sphere(10 m) 9 = 48; touching (0 m) adds Newoen 20: 77, resisting takes
    Willpower 56 off: 21; showing: Willpower 80 + 30 − 9 = 101."""
    assert distance_penalty(CHART, 10.0) == 9
    assert distance_penalty(CHART, 0.5) == 0
    assert read_chance(13, 14, 6, 9) == 48
    assert read_chance(13, 14, 6, 0, touch_newoen=20, resisting_willpower=56) == 21
    assert show_chance(80, 6, 9) == 101


def seraph_sheet(**extra: Any) -> dict[str, Any]:
    sheet = tomllib.loads((SCENARIOS / "characters" / "seraph.toml").read_text(encoding="utf-8"))
    sheet["powers"][POWER] = {"power_rating": 6, **extra}
    return sheet


@cache
def simulation() -> Simulation:
    """Seraph at 'here' with a mute empath (``shows_feelings = false``); Sun-Ruler at 'there',
    a mook at 'far'."""
    places = [{"name": "here", "x": 0.0, "y": 0.0}, {"name": "there", "x": 10.0, "y": 0.0}]
    places.append({"name": "far", "x": 20.0, "y": 0.0})
    villains = [("sun-ruler", "there"), ("mook", "far")]
    data = {
        "format": 1,
        "name": "empathy",
        "map": {
            "places": places,
            "edges": [{"between": ["here", "there"]}, {"between": ["there", "far"]}],
        },
        "sides": [
            {
                "name": "heroes",
                "characters": [
                    {"id": "seraph", "sheet": seraph_sheet(), "place": "here"},
                    {"id": "mute", "sheet": seraph_sheet(shows_feelings=False), "place": "far"},
                ],
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


def feel(intent: Intent, d100: int) -> tuple[Encounter, list[Event]]:
    sim = simulation()
    idle = {who: PlanMind() for who in ("mute", "sun-ruler", "mook")}
    sim.minds = {"seraph": PlanMind([(0, intent)]), **idle}
    sim.dice = ScriptedDice({"seraph": [d100]})
    events: list[Event] = []
    encounter = sim.start([events.append])
    encounter.run(until=10)
    return encounter, events


@pytest.mark.parametrize(("d100", "outcome"), [(48, "succeeded"), (49, "failed")])
def test_initiate_a_read_rolls_d100_and_its_outcome_is_the_actions(d100: int, outcome: str) -> None:
    """Seraph reads Sun-Ruler at 10 m: 48 or less (seed); the outcome an objective counts."""
    _, events = feel(use("empathy-read", POWER, "sun-ruler"), d100)
    (roll,) = of(events, PercentRolled, "seraph")
    assert (roll.chance, roll.roll) == (48, d100)
    (resolved,) = of(events, ActionResolved, "seraph")
    assert (resolved.segment, resolved.outcome) == (10, outcome)
    assert len(of(events, EmotionsRead)) == (outcome == "succeeded")


def test_a_scan_rolls_once_against_everyones_chance() -> None:
    """One d100 of 47 against "any individual in the area": the mook at 20 m (13 + 14 + 30 − 11
    = 46) is not read; the mute empath there (Newoen 20: 52) and Sun-Ruler (48) are."""
    _, events = feel(use("empathy-scan", POWER), 47)
    assert [(e.chance, e.succeeded) for e in of(events, PercentRolled, "seraph")] == [
        (46, False),
        (52, True),
        (48, True),
    ]
    reads = [(e.target, e.how) for e in of(events, EmotionsRead)]
    assert reads == [("mute", "scanned"), ("sun-ruler", "scanned")]


def test_showing_feelings_uses_willpower_and_needs_the_gift() -> None:
    """80 + 30 − 9 = 101: a roll of 100 shows them; without ``shows_feelings`` it is refused,
    and fake feelings need ``fake_feelings``."""
    _, events = feel(use("empathy-show", POWER, "sun-ruler"), 100)
    assert [(e.chance, e.succeeded) for e in of(events, PercentRolled, "seraph")] == [(101, True)]
    encounter, _ = feel(use("empathy-scan", POWER), 100)
    with pytest.raises(ActionRefused, match="cannot show feelings"):
        encounter.initiate("mute", use("empathy-show", POWER, "sun-ruler"))
    with pytest.raises(ActionRefused, match="cannot show fake feelings"):
        encounter.initiate("seraph", use("empathy-show", POWER, "sun-ruler", fake=True))
