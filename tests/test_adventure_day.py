"""One adventure day (``mands_sim.adventure._day``): the party carries what it lost from one
scene to the next, rests between them, and the day ends where the party falls (G-298; the rest
G-296, G-297).

The scripted day: Carl (Seraph's sheet without powers: VP 43, Body DP 9, EP 74) stands on a
rooftop with Sun-Ruler (Fire Coat 12). The heroes win a scene when Carl's punch resolves
(a ``complete-action`` objective). Every blast is dice 3 + 3 and deals Fire Coat's PR/2 = 6
(seed "Fire Coat"; Carl has no Skin Temper power), VP first, then Body DP (§7.3); a punch costs
its fighter 1 + 3 = 4 EP (seed "Combat Roll", "Hand Damage": the worked example's 4 EP).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from mands_sim.actions import Intent
from mands_sim.adventure import (
    Adventure,
    Scene,
    carried_values,
    load_adventure,
    play_day,
    scene_simulations,
)
from mands_sim.adventure._day import _Day
from mands_sim.api import hookimpl
from mands_sim.batch.seeds import run_seed
from mands_sim.carry import Carried
from mands_sim.dice import ScriptedDice
from mands_sim.errors import PluginError
from mands_sim.scenario import ScenarioSpec, load_scenario, parse_scenario
from mands_sim.simulation import Simulation
from tests.data.power_plan import PlanMind, use
from tests.data.template_powers import FIRE_COAT, sheet

ROOT = Path(__file__).parent.parent
SCENARIOS = ROOT / "scenarios"
BLAST = "fire-coat-blast"


def rooftop(time_limit: int = 1000, hero: str = "carl") -> ScenarioSpec:
    data: dict[str, Any] = {
        "format": 1,
        "name": "Burnt on the rooftop",
        "map": {"places": [{"name": "rooftop"}]},
        "sides": [
            {
                "name": "heroes",
                "characters": [
                    {"id": hero, "sheet": sheet("seraph.toml", powers={}), "place": "rooftop"}
                ],
            },
            {
                "name": "villains",
                "characters": [
                    {"id": "sun-ruler", "sheet": sheet(powers=FIRE_COAT), "place": "rooftop"}
                ],
            },
        ],
        "stop": {
            "time_limit": time_limit,
            "when": [],
            "objectives": [{"side": "heroes", "kind": "complete-action", "action": "fist-attack"}],
        },
    }
    return parse_scenario(data, base_dir=SCENARIOS)


SPEC = rooftop()


def scene(
    blasts: int,
    punch_at: int | None,
    rest: Sequence[int] = (),
    carl: Sequence[int] = (5, 5),
) -> Simulation:
    """Sun-Ruler blasts Carl ``blasts`` times from segment 0, 20 segments apart; Carl punches
    at ``punch_at``; ``carl``: his faces; ``rest``: the faces of the rest's Healing Rolls
    before the scene."""
    sun = PlanMind(
        [(20 * i, use(BLAST, "Fire Coat", "carl")) for i in range(blasts)],
        spend={BLAST: {"damage": 12}},
    )
    plan = [] if punch_at is None else [(punch_at, Intent("fist-attack", target="sun-ruler"))]
    dice = ScriptedDice({"sun-ruler": [3, 3] * blasts, "carl": list(carl), "rest": list(rest)})
    return Simulation(SPEC, minds={"carl": PlanMind(plan), "sun-ruler": sun}, dice=dice)


def day_of(*scenes: tuple[Simulation, int]) -> tuple[Adventure, list[Simulation]]:
    """An adventure of these scenes (each with the rest before it), Carl its party."""
    adventure = Adventure(
        name="Carl's day",
        path=ROOT / "carl.toml",
        scenes=tuple(Scene(SPEC, ROOT / "rooftop.toml", rest) for _, rest in scenes),
        party=("carl",),
    )
    return adventure, [simulation for simulation, _ in scenes]


SCENE_1 = (6, 200)
"""Six blasts take 36 VP (43 → 7); the punch at 200 (dice 5 + 5) costs 4 EP (74 → 70)."""


def scene_2(**more: Any) -> Simulation:
    """Two blasts take the last 7 VP and 5 Body DP (9 → 4); the blow that reaches Body DP asks
    a throwback roll (§8.1, dice 5 + 5 against 19) and an Injury roll (G-18, 4 + 4 against
    17), both made; the punch at 100 (4 + 4) costs 4 EP."""
    return scene(2, 100, carl=(5, 5, 4, 4, 4, 4), **more)


def test_play_day_carries_vp_dp_and_ep_from_scene_to_scene() -> None:
    """Scene 1 leaves Carl 36 VP and 4 EP down; scene 2, with no rest between, takes the rest
    of his VP, 5 Body DP and 4 EP more. Fresh, scene 2 would have left him 31 VP and 9 DP."""
    adventure, simulations = day_of((scene(*SCENE_1), 0), (scene_2(), 0))
    day = play_day(adventure, simulations, 0, 0)
    assert day.error is None and day.fell_at is None
    first, second = day.scenes
    assert (first.won, second.won) == (True, True)
    (carl_after_first,) = [c for m, c in first.left if m == "carl"]
    assert carl_after_first.virtual_damage_points_lost == 36
    assert carl_after_first.damage_points_lost == 0
    assert carl_after_first.endurance_points_lost == 4
    assert dict(second.entered)["carl"] == carl_after_first
    carl = dict(day.party)["carl"]
    assert (carl.virtual_damage_points_lost, carl.damage_points_lost) == (43, 5)
    assert carl.endurance_points_lost == Fraction(8)
    assert carl.penetrating_damage_points == 0 and carl.condition == "active"


def test_a_rest_gives_back_what_its_rounds_and_rolls_heal() -> None:
    """As above, with an hour of rest before scene 2: its 300 rounds give back every VP and EP
    (at Body DP 9, 11 VP and 10 EP a round, G-50), and the hour's Healing Roll has nothing to
    heal (no DP lost). Scene 2 then leaves Carl 12 VP down (43 → 31) and 4 EP down."""
    adventure, simulations = day_of((scene(*SCENE_1), 0), (scene(2, 100), 60))
    day = play_day(adventure, simulations, 0, 0)
    second = day.scenes[1]
    assert dict(second.entered)["carl"] == Carried(minutes_rested=60)
    carl = dict(day.party)["carl"]
    assert (carl.virtual_damage_points_lost, carl.damage_points_lost) == (12, 0)
    assert carl.endurance_points_lost == 4


def test_an_hours_healing_roll_between_scenes_heals_bludgeoning_dp() -> None:
    """Scenes 1 and 2 leave Carl 43 VP, 5 Body DP (9 → 4) and 8 EP down. An hour's rest before
    scene 3: its rounds give back every VP and EP (at Body DP 4, 9 VP and 8 EP a round); the
    hour's Healing Roll, dice 6 + 6 = 12 against 13 + Sphere(4) = 17, Q 5, heals the 5 DP."""
    adventure, simulations = day_of(
        (scene(*SCENE_1), 0), (scene_2(), 0), (scene(0, 0, rest=(6, 6)), 60)
    )
    day = play_day(adventure, simulations, 0, 0)
    assert day.error is None, day.error
    _, second, third = day.scenes
    assert dict(second.left)["carl"].damage_points_lost == 5
    assert dict(third.entered)["carl"] == Carried(minutes_rested=60)
    assert simulations[2].dice is not None
    assert simulations[2].dice.remaining_by_stream["rest"] == ()


def test_a_scene_the_heroes_do_not_win_ends_the_day() -> None:
    """Nobody acts: the time limit ends scene 1 and the day with it."""
    adventure, simulations = day_of((scene(0, None), 0), (scene(0, 0), 0))
    simulations[0] = Simulation(
        rooftop(time_limit=100), minds=simulations[0].minds, dice=ScriptedDice([])
    )
    day = play_day(adventure, simulations, 0, 0)
    assert [s.reason for s in day.scenes] == ["time limit"]
    assert day.fell_at == 0


def test_the_first_scene_plays_on_the_seed_of_a_plain_batch() -> None:
    """Day 3 of master seed 7 plays its first scene as run 3 of a batch with seed 7 does."""
    adventure = load_adventure(SCENARIOS / "adventures" / "seraphs_day.toml")
    simulations = scene_simulations(adventure)
    day = play_day(adventure, simulations, 3, 7)
    alone = Simulation(load_scenario(SCENARIOS / "bank_job.toml")).run(seed=run_seed(7, 3))
    first = day.scenes[0]
    assert (first.seed, first.winner, first.segments) == (alone.seed, alone.winner, alone.segments)


class Ammunition:
    @hookimpl
    def mands_carry_over(self, encounter: Any, actor: str) -> dict[str, object]:
        return {"ammunition": 6}


class MoreAmmunition:
    @hookimpl
    def mands_carry_over(self, encounter: Any, actor: str) -> dict[str, object]:
        return {"ammunition": 12}


def test_mands_carry_over_values_reach_the_next_scene() -> None:
    simulation = Simulation(SPEC, extra_plugins={"ammo": Ammunition()})
    encounter = simulation.start(seed=1)
    kept = carried_values(simulation, encounter, "carl")
    assert kept == {"ammunition": 6}
    again = simulation.build(seed=1, carried={"carl": Carried(kept=tuple(kept.items()))})
    assert again.state["carl"].carried.value("ammunition") == 6


def test_mands_carry_over_refuses_one_key_from_two_plugins() -> None:
    simulation = Simulation(
        SPEC, extra_plugins={"ammo": Ammunition(), "more-ammo": MoreAmmunition()}
    )
    encounter = simulation.start(seed=1)
    with pytest.raises(PluginError, match=r"'ammunition'.*'ammo' carries too"):
        carried_values(simulation, encounter, "carl")


def test_an_error_in_a_scene_ends_the_day_and_is_kept() -> None:
    """Carl's punch needs two faces; his stream has none: scene 1 fails."""
    adventure, simulations = day_of(
        (scene(0, 0), 0),
    )
    simulations[0].dice = ScriptedDice({"carl": []})
    day = play_day(adventure, simulations, 0, 0)
    assert day.failed_scene == 0
    assert day.error is not None and "ran out" in day.error


def test_the_fled_rejoin_the_next_scene_but_end_the_day_as_they_left() -> None:
    """G-298: a member who fled or surrendered, or whom a rule put out of action for the scene,
    is in action again for the next; with ``fled = "gone"`` the fled stay away; the dead and
    the unconscious stay as they are (the rest may wake the unconscious, G-296)."""
    adventure, _ = day_of((scene(0, 0), 0))
    day = _Day(adventure, 0)
    for condition, back in [
        ("fled", "active"),
        ("surrendered", "active"),
        ("charmed", "active"),
        ("shut down", "active"),
        ("dead", "dead"),
        ("unconscious", "unconscious"),
    ]:
        assert day._back(Carried(condition=condition)).condition == back
    gone = _Day(replace(adventure, fled="gone"), 0)
    assert gone._back(Carried(condition="fled")).condition == "fled"
    assert gone._back(Carried(condition="charmed")).condition == "active"


def test_a_member_who_sits_out_a_scene_rests_through_it() -> None:
    """Carl fights scene 1 and sits out scene 2, where Ally wins with a punch at 500 (the scene
    lasts 515 segments: 2 whole minutes); he enters scene 3 having rested 10 + 2 + 10 minutes
    since he last fought."""
    with_ally = rooftop(hero="ally")
    ally = PlanMind([(500, Intent("fist-attack", target="sun-ruler"))])
    second = Simulation(
        with_ally,
        minds={"ally": ally, "sun-ruler": PlanMind()},
        dice=ScriptedDice({"ally": [5, 5]}),
    )
    adventure = Adventure(
        name="Carl's day",
        path=ROOT / "carl.toml",
        scenes=(
            Scene(SPEC, ROOT / "a.toml", 0),
            Scene(with_ally, ROOT / "b.toml", 10),
            Scene(SPEC, ROOT / "c.toml", 10),
        ),
        party=("carl",),
    )
    day = play_day(adventure, [scene(*SCENE_1), second, scene(0, 0)], 0, 0)
    assert day.error is None, day.error
    assert [s.segments for s in day.scenes][1] == 515
    assert dict(day.scenes[2].entered)["carl"].minutes_rested == 22
