"""Burrow (seed "Burrow"): ``mands_rulebook.powers.burrow``.

Seed: "Burrowing speed is normal movement, using PR as Move Q. When burrowing, divide this speed
by the density of the material being burrowed through. If the character attempts to burrow
through cohesive material (like wood, iron, cement), also multiply by the Skin Temper of the
material." Sun-Ruler is given Burrow PR 10 (no %Control): 9 dm/segment before the material.
"""

from __future__ import annotations

from fractions import Fraction

from mands_rulebook.kit.powers.uses import PowerUsed
from mands_rulebook.powers.burrow import burrowing_speed
from mands_sim.actions import Intent
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import ScriptedDice
from mands_sim.events import ActionResolved, EndurancePaid, Event, Moved
from tests.data.power_plan import CastScene, PlanMind, of, sheet, use

CHART = load_standard_charts().action
BURROW = "Burrow"
TUNNEL = "burrow-tunnel"
PLACES = (("here", 0.0), ("far", 24.0))
CAST = {
    "sun-ruler": ("villains", sheet("sun_ruler.toml", **{BURROW: {"power_rating": 10}}), "here"),
    "seraph": ("heroes", sheet("seraph.toml"), "here"),
}


def tunnel(**options: object) -> list[Event]:
    """Sun-Ruler tunnels from ``here`` to ``far`` (24 m) on 0, all 10 PR on movement."""
    sun = PlanMind([(0, use(TUNNEL, BURROW, toward="far", **options))])
    return run({"sun-ruler": sun}, ScriptedDice({}), 160).log


def test_burrowing_speed_is_pr_as_move_q_over_the_density() -> None:
    """PR 10 → Sphere 9 dm/segment; soil 1.5 → 6; wood (density .6, Skin Temper row 4: 1/2)
    → 7.5; cement (2.4, row 7: 1/4) → .9375."""
    assert burrowing_speed(CHART, 10, 1) == 9.0
    assert burrowing_speed(CHART, 10, 1.5) == 6.0
    assert burrowing_speed(CHART, 10, 0.6, Fraction(1, 2)) == 7.5
    assert burrowing_speed(CHART, 10, 2.4, Fraction(1, 4)) == 0.9375


def test_resolve_the_burrower_comes_up_after_length_over_speed() -> None:
    """24 m through soil at 6 dm/segment: 40 segments; 5 EP (row 9) at the start only."""
    events = tunnel()
    (used,) = of(events, PowerUsed, "sun-ruler")
    assert dict(used.spent) == {"movement": 10, "ep": 0, "speed": 0}
    (up,) = of(events, Moved, "sun-ruler")
    assert (up.segment, up.place, up.reason) == (40, "far", "burrowed")
    paid = [(e.segment, e.amount) for e in of(events, EndurancePaid, "sun-ruler")]
    assert paid == [(0, Fraction(5))]


def test_initiate_cohesive_material_multiplies_by_its_skin_temper() -> None:
    """Wood: 9 / .6 × 1/2 = 7.5 dm/segment → 24 m in 32 segments."""
    (up,) = of(tunnel(density=0.6, skin_temper=4), Moved, "sun-ruler")
    assert up.segment == 32


def test_mands_action_sustain_a_long_tunnel_pays_each_round() -> None:
    """Cement (2.4, row 7): .9375 dm/segment → 24 m in 256 segments; it pays row 9 at 0, 50,
    100 and 150 (seed "EP Cost": movement pays each round) and is still digging at 160."""
    events = tunnel(density=2.4, skin_temper=7)
    paid = [e.segment for e in of(events, EndurancePaid, "sun-ruler")]
    assert paid == [0, 50, 100, 150]
    assert not of(events, ActionResolved, "sun-ruler")


def test_mands_action_refusals_no_one_targets_a_burrowing_character() -> None:
    """G-111: underground, out of sight and reach, until it comes up."""
    punch = Intent("fist-attack", target="sun-ruler")
    encounter = run({}, ScriptedDice({}), 5)
    assert encounter.rules.refusals(encounter, "seraph", punch) == []
    tunneling = PlanMind([(0, use(TUNNEL, BURROW, toward="far"))])
    encounter = run({"sun-ruler": tunneling}, ScriptedDice({}), 5)
    reasons = encounter.rules.refusals(encounter, "seraph", punch)
    assert reasons == ["sun-ruler is underground (G-111)"]


def test_mands_action_refusals_a_tunnel_needs_a_place_to_go() -> None:
    encounter = run({}, ScriptedDice({}), 0)
    refusals = encounter.rules.refusals
    assert refusals(encounter, "sun-ruler", use(TUNNEL, BURROW, toward="moon")) == [
        "a tunnel needs a place on the map to go toward (not 'moon')"
    ]
    here = use(TUNNEL, BURROW, toward="here")
    assert refusals(encounter, "sun-ruler", here) == ["sun-ruler is already at here"]


# --- the cast on a line of places: one prepared simulation per set of defaults -----------------


run = CastScene(CAST, PLACES, __name__).run
