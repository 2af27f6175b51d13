"""Death Touch (seed "Death Touch"): ``mands_rulebook.powers.death_touch``.

Seed: "must hit for DP for it to take effect, or spend 4 Quality Points from the Combat Roll.
Targets are allowed a save vs. maximum DP plus constitution (Sphere Chart) minus half the Death
Touch PR (Sphere Chart), on 2d10. If the save is not successful, the target dies (gains d% of
half PR as Death Points). If the save is successful, the target merely loses PR EP ..., and half
PR DP (as penetrating damage)".

Seraph (Combat Roll 14, pool 1, Hand Damage 6) is given Death Touch PR 12 (no %Control roll);
Sun-Ruler (Body DP 5, Constitution 10, VP 30, EP 27) stands next to him. Sun-Ruler's save,
"(Sphere Chart)" going with the term before it: 5 + Sphere(10) = 9, less Sphere(12 / 2 = 6) = 6:
8 or less on 2d10.
"""

from __future__ import annotations

import tomllib
from fractions import Fraction
from functools import cache
from typing import Any

from mands_rulebook.powers.death_touch import (
    DEATH_TOUCH_SAVE,
    DeathTouched,
    death_points,
    save_target,
    saved_damage,
)
from mands_sim.actions import QualityAllocation
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import ScriptedDice
from mands_sim.events import (
    AttackResolved,
    DamageTaken,
    EndurancePaid,
    Event,
    OutOfAction,
    RollMade,
)
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from tests.data.power_plan import SCENARIOS, PlanMind, of, use

CHART = load_standard_charts().action
ATTACK = "death-touch-attack"
POWER = "Death Touch"


def seraph_sheet(pr: int) -> dict[str, Any]:
    text = (SCENARIOS / "characters" / "seraph.toml").read_text(encoding="utf-8")
    sheet = tomllib.loads(text)
    sheet["powers"][POWER] = {"power_rating": pr}
    return sheet


@cache
def simulation(pr: int) -> Simulation:
    fighters = [("seraph", "heroes", seraph_sheet(pr)), ("sun-ruler", "villains", None)]
    data = {
        "format": 1,
        "name": "death touch",
        "map": {"places": [{"name": "here", "x": 0.0, "y": 0.0}]},
        "sides": [
            {
                "name": side,
                "characters": [
                    {
                        "id": who,
                        "sheet": sheet or "characters/sun_ruler.toml",
                        "place": "here",
                    }
                ],
            }
            for who, side, sheet in fighters
        ],
        "stop": {"time_limit": 500, "when": ["side-out-of-action"]},
    }
    return Simulation(parse_scenario(data, base_dir=SCENARIOS))


def touch(dice: dict[str, list[int]], *, pr: int = 12, until: int = 20, **options: Any) -> Run:
    seraph = PlanMind([(0, use(ATTACK, POWER, "sun-ruler", **options))])
    sim = simulation(pr)
    sim.minds = {"seraph": seraph, "sun-ruler": PlanMind()}
    sim.dice = ScriptedDice(dice)
    events: list[Event] = []
    encounter = sim.start([events.append])
    encounter.run(until=until)
    return Run(encounter, events)


class Run:
    def __init__(self, encounter: Encounter, events: list[Event]) -> None:
        self.encounter = encounter
        self.events = events


def test_the_save_is_max_dp_plus_constitution_on_the_sphere_chart_less_half_the_pr() -> None:
    """Seed "Death Touch": "maximum DP plus constitution (Sphere Chart) minus half the Death Touch
    PR (Sphere Chart)". Seraph (Body DP 9, Constitution 32 → 13) against PR 17 (8.5 → 8) saves on
    9 + 13 − 8 = 14 or less (not Sphere(41) − 8 = 5); Sun-Ruler: 5 + 9 − 6 = 8; never below 0."""
    assert save_target(CHART, 9, 32, 17) == 14
    assert save_target(CHART, 5, 10, 12) == 8
    assert save_target(CHART, 5, 10, 200) == 0  # 5 + 9 − Sphere(100) 17


def test_death_points_are_d_percent_of_half_the_pr_and_a_save_costs_half_the_pr_in_dp() -> None:
    """50 % of 12 / 2 = 3; 99 % of 3.5 = 3.47 → 4 (G-121: up); half PR 12 → 6, 7 → 4."""
    assert death_points(50, 12) == 3
    assert death_points(99, 7) == 4
    assert (saved_damage(12), saved_damage(7)) == (6, 4)


def test_resolve_a_failed_save_kills_with_death_points() -> None:
    """Seraph touches with 4 Q set aside (dice 5 + 5: Q 5, 1 left unspent): Attack 0 ties
    Defense 0 and hits; Hand Damage 6 only takes VP (30 → 24), the 4 Q make it work. Sun-Ruler
    rolls 5 + 4 = 9 > 8: dead, with ⌈50 % × 6⌉ = 3 Death Points (Seraph's d100 50)."""
    run = touch({"seraph": [5, 5, 50], "sun-ruler": [5, 4]}, touch=True)
    (hand,) = of(run.events, DamageTaken, "sun-ruler")
    assert (hand.taken, hand.virtual_damage_points_after, hand.damage_points_after) == (6, 24, 5)
    (save,) = [e for e in of(run.events, RollMade, "sun-ruler") if e.purpose == DEATH_TOUCH_SAVE]
    assert (save.target, save.total, save.quality < 0) == (8, 9, True)
    (touched,) = of(run.events, DeathTouched)
    assert (touched.saved, touched.death_points) == (False, 3)
    assert [e.condition for e in of(run.events, OutOfAction, "sun-ruler")] == ["dead"]
    assert run.encounter.state["sun-ruler"].condition == "dead"


def test_a_saved_death_touch_costs_pr_ep_and_half_pr_penetrating_dp_past_vp() -> None:
    """Sun-Ruler rolls 4 + 4 = 8, the save's 8 exactly: saved. He loses 12 EP (27 → 15) and 6
    penetrating DP straight off Body DP (5 → −1), his VP untouched by it (24 after the hand)."""
    run = touch({"seraph": [5, 5], "sun-ruler": [4, 4, 10, 10, 10, 10]}, touch=True)
    (touched,) = of(run.events, DeathTouched)
    assert (touched.saved, touched.endurance_points, touched.damage_points) == (True, 12, 6)
    lost = [e for e in of(run.events, EndurancePaid, "sun-ruler") if e.reason.startswith("Death")]
    assert [(e.amount, e.endurance_after) for e in lost] == [(Fraction(12), Fraction(15))]
    hits = of(run.events, DamageTaken, "sun-ruler")
    assert [(e.taken, e.penetrating, e.virtual_damage_points_after, e.damage_points_after)
            for e in hits][:2] == [(6, 0, 24, 5), (6, 6, 24, -1)]  # fmt: skip


def test_without_dp_or_the_4_q_the_touch_does_nothing() -> None:
    """The same touch without ``touch``: Hand Damage takes only VP, so no save is rolled."""
    run = touch({"seraph": [5, 5]})
    assert [e.hit for e in of(run.events, AttackResolved, "seraph")] == [True]
    assert of(run.events, DeathTouched) == []
    assert not [e for e in of(run.events, RollMade) if e.purpose == DEATH_TOUCH_SAVE]


def test_initiate_the_4_q_are_set_aside_before_the_mind_spends() -> None:
    """Q 5 with ``touch``: the mind may spend only 1 (its 1 on Attack is taken), and the touch
    pays the Combat Roll's row 5 and the power's row 9 (1 + 5 EP)."""
    seraph = PlanMind(
        [(0, use(ATTACK, POWER, "sun-ruler", touch=True))], quality=QualityAllocation(attack=1)
    )
    sim = simulation(12)
    sim.minds = {"seraph": seraph, "sun-ruler": PlanMind()}
    sim.dice = ScriptedDice({"seraph": [5, 5, 50], "sun-ruler": [5, 4]})
    events: list[Event] = []
    sim.start([events.append]).run(until=20)
    assert [e.attack for e in of(events, AttackResolved, "seraph")] == [1]
    paid = [(e.reason, e.amount) for e in of(events, EndurancePaid, "seraph")]
    assert paid == [("combat roll", Fraction(1)), (ATTACK, Fraction(5))]
