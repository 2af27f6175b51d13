"""Density Control (seed "Density Control"): ``mands_rulebook.powers.density_control``.

Seed: "01-50 means both directions ..., 51-75 means Lower Density, and 76-00 means Increase
Density." "Low Density: Half the character's mass for each PR ... ignore PR in bludgeoning damage
... multiply Jump Score by the PR. High Density: Double the character's mass for each PR. The
character can ignore half PR in damage, and gains a bonus to Skin Temper equal to PR (Doubles).
Extra Mass: ... up to PR kilograms."

Sun-Ruler is given Density Control PR 12 (no %Control roll); Seraph blasts him with all 17 PR of
Electric Power on segment 0 (%Control 5, dice 5 + 5): 6 damage lands on 20.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

import pytest

from mands_rulebook.kit.damage import Blow, strike
from mands_rulebook.kit.powers.uses import PowerUsed
from mands_rulebook.powers.density_control import (
    density_direction,
    extra_mass,
    high_density_ignore,
    high_density_mass,
    high_density_rows,
    jump_multiplier,
    low_density_mass,
)
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import ScriptedDice
from mands_sim.events import DamageTaken, Event
from mands_sim.kernel.contracts import ActionRefused
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from tests.data.power_plan import SCENARIOS, PlanMind, of, use

CHART = load_standard_charts().action
POWER = "Density Control"
LOW = "density-control-low"
HIGH = "density-control-high"


def test_the_d100_for_the_direction() -> None:
    """Seed: 01-50 both, 51-75 lower, 76-00 higher."""
    rolls = (1, 50, 51, 75, 76, 100)
    assert [density_direction(r) for r in rolls] == ["both"] * 2 + ["lower"] * 2 + ["higher"] * 2


def test_mass_halves_or_doubles_for_each_pr_and_the_other_numbers() -> None:
    """80 kg at PR 3: 10 kg low, 640 kg high; Jump Score × PR; PR kg of Extra Mass; high
    density ignores ⌊12/2⌋ = 6 and adds 12 on the Doubles chart = 4 rows (8 → 4, 16 → 5)."""
    assert (low_density_mass(80.0, 3), high_density_mass(80.0, 3)) == (10.0, 640.0)
    assert (jump_multiplier(7), extra_mass(7), high_density_ignore(12)) == (7, 7, 6)
    assert [high_density_rows(CHART, pr) for pr in (12, 8, 16, 0)] == [4, 4, 5, 0]


def sun_ruler_sheet(direction: str, second: int | None = None) -> dict[str, Any]:
    path = SCENARIOS / "characters" / "sun_ruler.toml"
    sheet = tomllib.loads(path.read_text(encoding="utf-8"))
    sheet["powers"][POWER] = {"power_rating": 12, "direction": direction}
    if second is not None:
        sheet["powers"][POWER]["high_density_power_rating"] = second
    return sheet


@cache
def simulation(second: int | None = None) -> Simulation:
    """Seraph; Sun-Ruler (``both``, his separate higher-density PR ``second`` if given) and a
    copy of him whose density only goes ``lower``."""
    villains = [
        ("sun-ruler", sun_ruler_sheet("both", second)),
        ("lowly", sun_ruler_sheet("lower")),
    ]
    data = {
        "format": 1,
        "name": "density control",
        "map": {"places": [{"name": "here", "x": 0.0, "y": 0.0}]},
        "sides": [
            {
                "name": "heroes",
                "characters": [
                    {"id": "seraph", "sheet": "characters/seraph.toml", "place": "here"}
                ],
            },
            {
                "name": "villains",
                "characters": [{"id": who, "sheet": s, "place": "here"} for who, s in villains],
            },
        ],
        "stop": {"time_limit": 500, "when": ["side-out-of-action"]},
    }
    return Simulation(parse_scenario(data, base_dir=SCENARIOS))


def blasted(sun: PlanMind, second: int | None = None) -> tuple[Encounter, list[Event]]:
    seraph = PlanMind(
        [(0, use("electric-power-blast", "Electric Power", "sun-ruler"))],
        spend={"electric-power-blast": {"damage": 17}},
    )
    sim = simulation(second)
    sim.minds = {"seraph": seraph, "sun-ruler": sun, "lowly": PlanMind()}
    sim.dice = ScriptedDice({"seraph": [5, 5, 5]})
    events: list[Event] = []
    encounter = sim.start([events.append])
    encounter.run(until=25)
    return encounter, events


def test_mands_action_sustain_high_density_ignores_half_pr_and_adds_doubles_rows() -> None:
    """Default spend: 4 PR to row 5, 8 on high density: ignore 4, Skin Temper + 4 rows (1/2):
    (6 − 4) × 1/2 = 1."""
    _, events = blasted(PlanMind([(0, use(HIGH, POWER))]))
    (used,) = of(events, PowerUsed, "sun-ruler")
    assert dict(used.spent) == {"high_density": 8, "ep": 4, "speed": 0}
    assert [(e.raw, e.taken) for e in of(events, DamageTaken, "sun-ruler")] == [(6, 1)]


def test_low_density_ignores_pr_in_bludgeoning_damage() -> None:
    """8 PR on low density: the blast's 6 bludgeoning points are all ignored."""
    _, events = blasted(PlanMind([(0, use(LOW, POWER))]))
    assert [(e.raw, e.taken) for e in of(events, DamageTaken, "sun-ruler")] == [(6, 0)]


def test_low_density_does_not_ignore_penetrating_damage() -> None:
    """Seed: "ignore PR in bludgeoning damage at the low density" (G-123): with 8 PR on low
    density held, a bludgeoning 6 is all ignored, a penetrating 6 lands in full."""
    encounter, _ = blasted(PlanMind([(0, use(LOW, POWER))]))
    taken = {
        kind: [e.taken for e in strike(encounter, "sun-ruler", Blow(6, "seraph", kind=kind))
               if isinstance(e, DamageTaken)]
        for kind in ("bludgeoning", "penetrating")
    }  # fmt: skip
    assert taken == {"bludgeoning": [0], "penetrating": [6]}


def test_both_directions_roll_a_separate_pr() -> None:
    """Seed: "01-50 means both directions (but roll a separate PR for both)". Sun-Ruler's PR 12
    is his lower density's, his ``high_density_power_rating`` 8 the higher's: high density
    spends 8 (4 to row 5, 4 on the density: ignore 2, Skin Temper + Doubles(4) = 3 rows, one
    short of PR 8's 1/2: 6 − 2 = 4 → 3 taken, not PR 12's 1), low density still 12."""
    _, events = blasted(PlanMind([(0, use(HIGH, POWER))]), second=8)
    (used,) = of(events, PowerUsed, "sun-ruler")
    assert (used.power_rating, dict(used.spent)) == (8, {"high_density": 4, "ep": 4, "speed": 0})
    assert high_density_rows(CHART, 4) == 3
    assert [(e.raw, e.taken) for e in of(events, DamageTaken, "sun-ruler")] == [(6, 3)]
    _, events = blasted(PlanMind([(0, use(LOW, POWER))]), second=8)
    assert [e.power_rating for e in of(events, PowerUsed, "sun-ruler")] == [12]


def test_without_the_change_the_blast_lands_in_full() -> None:
    _, events = blasted(PlanMind())
    assert [(e.raw, e.taken) for e in of(events, DamageTaken, "sun-ruler")] == [(6, 6)]


def test_mands_action_refusals_only_the_rolled_direction_and_one_density_at_a_time() -> None:
    """A 'lower' character cannot raise its density; a 'both' one cannot hold both."""
    encounter, _ = blasted(PlanMind())
    with pytest.raises(ActionRefused, match="goes only lower"):
        encounter.initiate("lowly", use(HIGH, POWER))
    encounter, _ = blasted(PlanMind([(0, use(LOW, POWER))]))
    with pytest.raises(ActionRefused, match="already changed density"):
        encounter.initiate("sun-ruler", use(HIGH, POWER))
