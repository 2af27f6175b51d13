"""Cosmic Rays (seed "Cosmic Rays"): ``mands_rulebook.powers.cosmic_rays``.

Seed: "The character's cosmic ray does PR damage. ... Look up the PR, from the Result column to
the Sphere column, for Short Range. Move down 4 rows for Range Set, and up 5 rows for Maximum
Range. Ranges are in meters." Seraph (Combat Roll 14, pool 1) is given Cosmic Rays PR 17 with no
%Control (no roll); Sun-Ruler (Skin Temper row 0, multiplier 1) is 10 m away, his twin 20 m.
"""

from __future__ import annotations

from fractions import Fraction

from mands_rulebook.kit.powers.uses import PowerUsed
from mands_rulebook.kit.weapons.table import Ranges
from mands_rulebook.powers.cosmic_rays import ray_damage, ray_ranges
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import ScriptedDice
from mands_sim.events import DamageTaken, EndurancePaid, Event, RollMade
from tests.data.power_plan import CastScene, PlanMind, of, sheet, use

CHART = load_standard_charts().action
RAY = "cosmic-rays-ray"
RAYS = "Cosmic Rays"
PLACES = (("here", 0.0), ("near", 10.0), ("far", 20.0))
CAST = {
    "seraph": ("heroes", sheet("seraph.toml", **{RAYS: {"power_rating": 17}}), "here"),
    "sun-ruler": ("villains", sheet("sun_ruler.toml"), "near"),
    "sun-twin": ("villains", sheet("sun_ruler.toml"), "far"),
}


def ray(spend: dict[str, int], *, dice: list[int], target: str = "sun-ruler") -> list[Event]:
    """Seraph fires on 0 at ``target``, spending as told; the events to 25."""
    seraph = PlanMind([(0, use(RAY, RAYS, target))], spend={RAY: spend})
    return run({"seraph": seraph}, ScriptedDice({"seraph": dice}), 25).log


def test_a_ray_does_its_pr_in_damage() -> None:
    assert [ray_damage(pr) for pr in (17, 9, 0)] == [17, 9, 0]


def test_ranges_read_the_damage_pr_result_to_sphere_down_4_and_up_5() -> None:
    """PR 17: Short Range row 17 = 100 m, Range Set row 13 = 32 m, Maximum Range row 22 = 421 m;
    PR 9: 10 m, row 5 = 5 m, row 14 = 43 m."""
    assert ray_ranges(CHART, {"damage": 17}, 17) == Ranges(100.0, 32.0, 421.0)
    assert ray_ranges(CHART, {"damage": 9}, 17) == Ranges(10.0, 5.0, 43.0)


def test_resolve_a_ray_of_all_17_pr_does_17_damage() -> None:
    """Dice 5 + 5 against 15 (14 + pool 1, 10 m is within Short Range): Q 5 kept; the ray lands
    on 20 for 17, through Skin Temper 1."""
    events = ray({"damage": 17}, dice=[5, 5])
    (roll,) = of(events, RollMade, "seraph")
    assert (roll.target + roll.pool_bonus, roll.quality) == (15, 5)
    (hit,) = of(events, DamageTaken, "sun-ruler")
    assert (hit.segment, hit.raw, hit.taken) == (20, 17, 17)


def test_initiate_partial_use_trades_damage_for_ep() -> None:
    """Seed "Power Rolls": 9 PR on damage, 8 on EP: row 1 instead of 9 (1/40 EP, G-03), and a
    9-point ray (its Short Range 10 m still reaches the target)."""
    events = ray({"damage": 9, "ep": 8}, dice=[5, 5])
    (used,) = of(events, PowerUsed, "seraph")
    assert (dict(used.spent), used.ep_row) == ({"damage": 9, "ep": 8, "speed": 0}, 1)
    paid = [(e.reason, e.amount) for e in of(events, EndurancePaid, "seraph")]
    assert paid == [("combat roll", Fraction(1)), (RAY, Fraction(1, 40))]
    assert of(events, DamageTaken, "sun-ruler")[0].raw == 9


def test_a_ray_beyond_the_damage_prs_short_range_pays_the_range_penalty() -> None:
    """20 m with 9 PR on damage: Short Range 10 m, Range Set 5 m → 2 full Range Sets beyond
    (G-20): pool 1 − 2 = −1 → −1 on the Sphere chart: needs 13; dice 7 + 7 = 14 misses."""
    events = ray({"damage": 9, "ep": 8}, dice=[7, 7], target="sun-twin")
    (roll,) = of(events, RollMade, "seraph")
    assert (roll.bonus_pool, roll.target + roll.pool_bonus, roll.quality) == (-1, 13, -1)
    assert not of(events, DamageTaken, "sun-twin")


# --- the cast on a line of places: one prepared simulation per set of defaults -----------------


run = CastScene(CAST, PLACES, __name__).run
