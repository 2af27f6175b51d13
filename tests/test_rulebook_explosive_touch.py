"""Explosive Touch (seed "Explosive Touch"): ``mands_rulebook.powers.explosive_touch``.

Seed: "PR/4 round up, d6 damage just by touching something ... The carrier attack must do DP, or
the attacker must use 4 Quality Points from the Combat Roll. Short Range for the explosion is the
damage PR, millimeters. Range Set is the damage PR centimeters. Maximum Range is the damage PR
decimeters. The explosion gets a bonus to Attack others of twice the damage PR. The explosion gets
a bonus of half the damage PR (Sphere Chart) vs. Skin Temper against who/what ever was touched.
... The explosion does not go towards the character causing the explosion. Thus, people behind
this character will not be affected by the explosion either."

Seraph (Combat Roll 14, pool 1, Hand Damage 6) has Explosive Touch PR 12: 3d6, Short Range 12 mm,
Range Set 12 cm, Maximum Range 12 dm = 1.2 m, bonus 24 (Sphere 12). He touches Sun-Ruler where
they stand; one mook stands 1 m away, another 2 m away.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

import pytest

from mands_rulebook.kit.explosions import EXPLOSION_ROLL, Exploded, ExplosionDamage
from mands_rulebook.powers.explosive_touch import (
    TouchExploded,
    explosion,
    liquid_dice,
    towards_toucher,
    vs_skin_temper,
)
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import ScriptedDice
from mands_sim.events import DamageTaken, Event, RollMade
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from tests.data.power_plan import SCENARIOS, PlanMind, of, use

CHART = load_standard_charts().action
ATTACK = "explosive-touch-attack"
POWER = "Explosive Touch"


def test_ranges_are_the_damage_pr_in_millimeters_centimeters_and_decimeters() -> None:
    """Seed: PR 12 → Short Range 12 mm, Range Set 12 cm, Maximum Range 12 dm; ⌈12/4⌉ = 3 d6;
    "twice the damage PR" = 24 to Attack others. PR 9: 9 mm, 9 cm, 9 dm, 3 d6."""
    blast = explosion(12)
    assert (blast.short_range, blast.range_set, blast.max_range) == pytest.approx(
        (0.012, 0.12, 1.2)
    )
    assert (blast.dice, blast.bonus) == (3, 24)
    assert (explosion(9).max_range, explosion(9).dice) == (pytest.approx(0.9), 3)


def test_half_the_damage_pr_on_the_sphere_chart_against_skin_temper_and_liquids() -> None:
    """Seed: half the damage PR (Sphere): 12 → 6 rows, 17 → 8.5 → 8; liquids PR/5 up: 12 → 3."""
    assert [vs_skin_temper(CHART, pr) for pr in (12, 17, 1, 0)] == [6, 8, 0, 0]
    assert [liquid_dice(pr) for pr in (12, 10, 1)] == [3, 2, 1]


def seraph_sheet() -> dict[str, Any]:
    sheet = tomllib.loads((SCENARIOS / "characters" / "seraph.toml").read_text(encoding="utf-8"))
    sheet["powers"][POWER] = {"power_rating": 12}
    return sheet


@cache
def simulation(ally: str | None = None) -> Simulation:
    heroes = [{"id": "seraph", "sheet": seraph_sheet(), "place": "here"}]
    if ally is not None:
        heroes.append({"id": "ally", "sheet": "characters/sun_ruler.toml", "place": ally})
    places = [{"name": "here", "x": 0.0, "y": 0.0}, {"name": "near", "x": 1.0, "y": 0.0}]
    places.append({"name": "far", "x": 2.0, "y": 0.0})
    villains = [("sun-ruler", "here"), ("mook-near", "near"), ("mook-far", "far")]
    data = {
        "format": 1,
        "name": "explosive touch",
        "map": {
            "places": places,
            "edges": [{"between": ["here", "near"]}, {"between": ["near", "far"]}],
        },
        "sides": [
            {
                "name": "heroes",
                "characters": heroes,
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


def touch(dice: list[int], ally: str | None = None, **options: Any) -> list[Event]:
    sim = simulation(ally)
    sim.minds = {
        "seraph": PlanMind([(0, use(ATTACK, POWER, "sun-ruler", **options))]),
        **{who: PlanMind() for who in ("sun-ruler", "mook-near", "mook-far", "ally")},
    }
    sim.dice = ScriptedDice({"seraph": dice})
    events: list[Event] = []
    sim.run(until=20, observers=[events.append])
    return events


def test_resolve_the_touch_explodes_on_the_touched_and_within_12_dm() -> None:
    """4 Q aside (dice 5 + 5: Q 5): the hand (6) and the touch's 3d6 (4, 4, 4) hit Sun-Ruler:
    VP 30 → 24 → 12. The mook 1 m away is 8 Range Sets of 12 cm beyond 12 mm (pool −8): bonus 24
    (Sphere 12) − 8 = 4, dice 1 + 1 = 2: Q 2 hits, and takes the explosion's 3d6 (3, 3, 3) = 9.
    The mook 2 m away is beyond 1.2 m: not caught; Seraph is spared."""
    events = touch([5, 5, 4, 4, 4, 1, 1, 3, 3, 3], touch=True)
    assert [e.virtual_damage_points_after for e in of(events, DamageTaken, "sun-ruler")] == [24, 12]
    (exploded,) = of(events, TouchExploded)
    assert (exploded.faces, exploded.vs_skin_temper) == ((4, 4, 4), 6)
    (around,) = of(events, Exploded)
    assert around.caught == ("mook-near",)
    (roll,) = [e for e in of(events, RollMade) if e.purpose == EXPLOSION_ROLL]
    assert (roll.target, roll.bonus_pool, roll.quality) == (12, -8, 2)
    assert [(e.character, e.damage) for e in of(events, ExplosionDamage)] == [("mook-near", 9)]
    assert of(events, DamageTaken, "mook-far") == of(events, DamageTaken, "seraph") == []


def test_a_carrier_that_takes_no_dp_without_the_4_q_sets_nothing_off() -> None:
    """Without ``touch`` the hand (6) only takes Sun-Ruler's VP: no explosion at all."""
    events = touch([5, 5])
    assert [e.taken for e in of(events, DamageTaken)] == [6]
    assert of(events, TouchExploded) == of(events, Exploded) == []


def test_the_explosion_does_not_go_towards_the_toucher() -> None:
    """Seed: "does not go towards the character causing the explosion ... people behind this
    character will not be affected". Toucher 1 m from the touched: one 1 m behind the toucher
    (2 m off), one 0.5 m towards it and one where the toucher stands are spared; one 1 m beyond
    the touched, and one exactly abreast (1 m from each, √2 m), are caught."""
    behind, towards, beside = (1.0, 2.0, 1.0), (1.0, 0.5, 0.5), (1.0, 1.0, 0.0)
    assert [towards_toucher(*d) for d in (behind, towards, beside)] == [True, True, True]
    beyond, abreast = (1.0, 1.0, 2.0), (1.0, 1.0, 2**0.5)
    assert [towards_toucher(*d) for d in (beyond, abreast)] == [False, False]


def test_resolve_an_ally_beside_the_toucher_is_not_caught() -> None:
    """The first test's touch with a hero standing where Seraph stands: the explosion still
    catches the mook 1 m beyond Sun-Ruler, not the hero beside Seraph (G-120)."""
    events = touch([5, 5, 4, 4, 4, 1, 1, 3, 3, 3], ally="here", touch=True)
    (around,) = of(events, Exploded)
    assert around.caught == ("mook-near",)
    assert of(events, DamageTaken, "ally") == []
