"""Thrown objects: aiming at a spot, the Lift Roll and the Throw Roll
(``src/mands_rulebook/combat/thrown_objects.py``; ``docs/rules/combat.md`` §15; seed "Lift Roll",
"Throw
Roll"; G-21, G-24, G-84).

The thrower is the grunt of ``tests/data/fighters.py`` (Combat Roll 11, Pool 1: needs 12;
Hand Damage 5) made strong by overrides: Lift Roll 20, Throw Roll 12, Throw bonus 8 (Sphere 8).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import mands_rulebook.combat.thrown_objects as thrown
from mands_rulebook.kit.thrown_objects import Landing, aim_at_spot
from mands_sim.actions import Intent
from mands_sim.dice import ScriptedDice
from mands_sim.events import (
    ActionResolved,
    AttackResolved,
    DamageTaken,
    EndurancePaid,
    Event,
    RollMade,
)
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from mands_sim.world import Position
from tests.data.fighters import grunt
from tests.data.opponents_scenes import Plays, scene

SCENARIOS = Path(__file__).parent.parent / "scenarios"

STRONG = grunt(overrides={"lift_roll": 20, "throw_roll": 12, "throw_bonus": 8})

# --- aiming at a spot (G-24) --------------------------------------------------------------------

CROSSING = ("here", "mid", "left", "right", "island")
"""here —10 m— mid; mid —5 m— left; mid —5 m— right; the island has no ways."""


def crossing(dice: list[int]) -> Encounter:
    return scene(
        {"throwers": {"thrower": grunt()}, "others": {"v": grunt()}},
        places=CROSSING,
        edges=[("here", "mid", 10.0), ("mid", "left", 5.0), ("mid", "right", 5.0)],
        where={"thrower": "here", "v": "island"},
        dice={"thrower": dice},
    )


def aim(dice: list[int], spot: str, bonus: int = 0) -> Landing:
    encounter = crossing(dice)
    _, landing = aim_at_spot(encounter, "thrower", Intent("aim"), Position(spot), bonus)
    encounter.dice_for("thrower").assert_used_up()
    return landing


def test_aim_at_spot_a_success_lands_on_the_spot() -> None:
    """G-24: dice 3 + 3 = 6 vs 12: Q 6, Attack 6 ≥ Defense 0."""
    landing = aim([3, 3], "mid")
    assert (landing.hit, landing.landed, landing.scatter) == (True, Position("mid"), 0.0)


def test_aim_at_spot_a_miss_scatters_by_the_shortfall_toward_a_random_way() -> None:
    """G-24, our own case: dice 10 + 9 = 19 vs 12: Q −7, Attack share −3: 3 short of Defense 0
    → Result 3 → Sphere 3 m; mid's ways in map order are here, left, right: d3 = 3 → right."""
    landing = aim([10, 9, 3], "mid")
    assert (landing.hit, landing.scatter, landing.way) == (False, 3.0, "right")
    assert landing.landed == Position("mid", "right", 3.0)


@pytest.mark.parametrize(("reading", "meters"), [("sphere", 14.0), ("meters", 10.0)])
def test_aim_at_spot_g24_switch_reads_the_shortfall(reading: str, meters: float) -> None:
    """G24_scatter_distance, from the scenario's [rules.defaults]: dice 10 + 9 = 19 vs 12, Attack
    share −3, with −7 more: 10 short of Defense 0; Result 10 → Sphere 14 m (the Action Chart's
    row 10), or 10 m read as meters; d3 = 3 → right."""
    encounter = scene(
        {"throwers": {"thrower": grunt()}, "others": {"v": grunt()}},
        places=CROSSING,
        edges=[("here", "mid", 10.0), ("mid", "left", 5.0), ("mid", "right", 5.0)],
        where={"thrower": "here", "v": "island"},
        dice={"thrower": [10, 9, 3]},
        defaults={"G24_scatter_distance": reading},
    )
    _, landing = aim_at_spot(encounter, "thrower", Intent("aim"), Position("mid"), -7)
    assert (landing.hit, landing.scatter, landing.way) == (False, meters, "right")


def test_aim_at_spot_a_bonus_to_attack_can_make_a_miss_hit() -> None:
    """Seed "Anti-Matter Production": "a bonus of 3 to Attack": −3 + 3 = 0 hits."""
    assert aim([10, 9], "mid", bonus=3).hit


def test_aim_at_spot_one_way_needs_no_die() -> None:
    """left's only way is mid: the 3 m scatter goes that way, no die rolled."""
    assert aim([10, 9], "left").landed == Position("left", "mid", 3.0)


def test_aim_at_spot_a_place_without_ways_keeps_the_miss_on_the_spot() -> None:
    landing = aim([10, 9], "island")
    assert (landing.hit, landing.landed, landing.scatter) == (False, Position("island"), 3.0)


# --- lift and throw (seed "Lift Roll", "Throw Roll"; G-21, G-84) --------------------------------

LIFT_20KG = Intent("lift-and-throw", target="v", options={"mass": 20})


def lift_and_throw(
    dice: list[int], *, at: str = "there", intent: Intent = LIFT_20KG, **defaults: Any
) -> list[Event]:
    """The strong thrower at ``here`` throws at v: ``there`` is 3 m away, ``yonder`` 6 m."""
    events: list[Event] = []
    scene(
        {"throwers": {"thrower": STRONG}, "others": {"v": grunt()}},
        places=("here", "there", "yonder"),
        edges=[("here", "there", 3.0), ("there", "yonder", 3.0)],
        where={"thrower": "here", "v": at},
        dice={"thrower": dice},
        minds={"thrower": Plays(intent), "v": Plays()},
        defaults=defaults,
        events=events,
    ).run(until=30)
    return events


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


@pytest.fixture(scope="module")
def throw() -> list[Event]:
    """Our own case (the seed has none): a 20 kg crate (Sphere 11) thrown at v 3 m away.
    Lift Roll 20: dice 3 + 4 = 7, Q 13 covers 11, the spare 2 lower the Lift's row 9 → 7 (3 EP).
    Throw Roll 12, bonus 8 (Sphere 8): needs 20; dice 2 + 3 = 5, Q 15 − 11 = 4 → Result 4 →
    Sphere 4 m (G-21), 5 EP (row 9). Combat Roll: needs 12; dice 3 + 3, Q 6 all on Attack: hits
    Defense 0. PT 10 + 15 = 25. Damage (G-84): Mass 20 ÷ 10 = 2 (Doubles) 2 + Hand Damage 5 = 7:
    VP 28 → 21."""
    return lift_and_throw([3, 4, 2, 3, 3, 3])


def test_initiate_lift_and_throw_rolls_lift_throw_and_combat(
    throw: list[Event],
) -> None:
    rolls = [(e.purpose, e.target + e.pool_bonus, e.quality) for e in of(throw, RollMade)]
    assert rolls == [("lift roll", 20, 13), ("throw roll", 20, 15), ("combat roll", 12, 6)]


def test_initiate_lift_and_throw_pays_lift_throw_and_combat_roll(
    throw: list[Event],
) -> None:
    paid = [(e.reason, e.row, e.amount) for e in of(throw, EndurancePaid)]
    assert paid == [("lift", 7, 3), ("throw", 9, 5), ("combat roll", 5, 1)]


def test_resolve_the_thrown_object_hits_as_a_blow(throw: list[Event]) -> None:
    (attack,) = of(throw, AttackResolved)
    assert (attack.segment, attack.attack, attack.hit) == (25, 6, True)
    (hit,) = of(throw, DamageTaken)
    assert (hit.character, hit.raw, hit.virtual_damage_points_after) == ("v", 7, 21)


def test_resolve_g84_mass_alone_is_the_objects_damage() -> None:
    """G84_thrown_object_damage = "mass": only the Mass term, 2: VP 28 → 26."""
    events = lift_and_throw([3, 4, 2, 3, 3, 3], G84_thrown_object_damage="mass")
    assert [(e.raw, e.virtual_damage_points_after) for e in of(events, DamageTaken)] == [(2, 26)]


def test_resolve_a_throw_short_of_the_target_falls_short() -> None:
    """v 6 m away, the throw 4 m: no Combat Roll, no hit; outcome "fell short"."""
    events = lift_and_throw([3, 4, 2, 3], at="yonder")
    assert [e.purpose for e in of(events, RollMade)] == ["lift roll", "throw roll"]
    assert not of(events, AttackResolved)
    assert [(e.segment, e.outcome) for e in of(events, ActionResolved)] == [(25, "fell short")]


def test_initiate_a_lift_short_of_the_mass_lifts_nothing() -> None:
    """Seed "Lift Roll": dice 10 + 10 = 20, Q 0 < 11: not lifted; 10 segments, 1 EP."""
    events = lift_and_throw([10, 10])
    assert [(e.reason, e.amount) for e in of(events, EndurancePaid)] == [("lift failed", 1)]
    assert [(e.segment, e.outcome) for e in of(events, ActionResolved)] == [(10, "could not lift")]


def test_a_throw_whose_q_cannot_cover_the_mass_drops_the_object_short() -> None:
    """Seed "Throw Roll" (G-21 reading): dice 9 + 9 = 18 vs 20: Q 2, 9 short of the mass
    (Sphere 11): Result −9 → a few centimeters; v 3 m away is not reached."""
    events = lift_and_throw([3, 4, 9, 9])
    assert [(e.segment, e.outcome) for e in of(events, ActionResolved)] == [(25, "fell short")]


@pytest.mark.parametrize(
    ("intent", "reason"),
    [
        (Intent("lift-and-throw", target="v"), "needs options.mass"),
        (Intent("lift-and-throw", target="v", options={"mass": 0}), "needs options.mass"),
        (Intent("lift-and-throw", target="v", options={"mass": True}), "needs options.mass"),
        (Intent("lift-and-throw", options={"mass": 5}), "someone else to throw at"),
        (Intent("lift-and-throw", "thrower", options={"mass": 5}), "someone else to throw at"),
    ],
)
def test_mands_action_refusals_of_lift_and_throw(intent: Intent, reason: str) -> None:
    encounter = scene({"throwers": {"thrower": STRONG}, "others": {"v": grunt()}})
    assert any(reason in r for r in thrown.mands_action_refusals(encounter, "thrower", intent))


def test_mands_action_refusals_lift_and_throw_needs_line_of_sight() -> None:
    encounter = scene(
        {"throwers": {"thrower": STRONG}, "others": {"v": grunt()}},
        places=("here", "there"),
        edges=[("here", "there", 3.0)],
        blocked=[("here", "there")],
        where={"thrower": "here", "v": "there"},
    )
    intent = Intent("lift-and-throw", "v", options={"mass": 5})
    assert thrown.mands_action_refusals(encounter, "thrower", intent) == [
        "thrower has no line of sight to v"
    ]


def square_yard(dice: list[int], **defaults: Any) -> Encounter:
    """A yard drawn as four corners of a 20 m square, its middle m at (10, 10) joined to each."""
    corners = {"sw": (0.0, 0.0), "se": (20.0, 0.0), "ne": (20.0, 20.0), "nw": (0.0, 20.0)}
    data = {
        "format": 1,
        "name": "yard",
        "map": {
            "places": [{"name": "m", "x": 10.0, "y": 10.0}]
            + [{"name": n, "x": x, "y": y} for n, (x, y) in corners.items()],
            "edges": [{"between": ["m", n]} for n in corners],
        },
        "sides": [
            {"name": "a", "characters": [{"id": "thrower", "sheet": grunt(), "place": "sw"}]},
            {"name": "b", "characters": [{"id": "v", "sheet": grunt(), "place": "ne"}]},
        ],
        "stop": {"time_limit": 50},
        "rules": {"defaults": defaults},
    }
    simulation = Simulation(
        parse_scenario(data, base_dir=SCENARIOS), dice=ScriptedDice({"thrower": dice})
    )
    return simulation.build()


def test_g293_a_miss_scatters_toward_the_hour_of_a_d12_onto_the_ground_there() -> None:
    """G-293 ``clock``: 3 m short (dice 10 + 9) from the yard's middle (10, 10); d12 = 3: three
    o'clock, east, to (13, 10) — over no drawn ground; it lands on the nearest, the way to the
    south-east or north-east corner (equally near: the first in map order, se), 2.12 m along."""
    encounter = square_yard([10, 9, 3])
    _, landing = aim_at_spot(encounter, "thrower", Intent("aim"), Position("m"))
    assert (landing.hit, landing.scatter, landing.way) == (False, 3.0, None)
    assert landing.landed.place == "m" and landing.landed.toward == "se"
    assert landing.landed.offset == pytest.approx(1.5 * 2**0.5)


def test_g293_twelve_o_clock_is_north_along_a_drawn_way() -> None:
    """d12 = 12: north, to (10, 13): nearest the ways to the north corners, 2.12 m along."""
    encounter = square_yard([10, 9, 12])
    _, landing = aim_at_spot(encounter, "thrower", Intent("aim"), Position("m"))
    assert landing.landed.toward in ("ne", "nw")
    assert landing.landed.offset == pytest.approx(1.5 * 2**0.5)


def test_g293_ways_is_the_old_reading() -> None:
    """``ways``: a die over the ways out of m (sw, se, ne, nw in map order): d4 = 2 → se, 3 m
    along it."""
    encounter = square_yard([10, 9, 2], G293_scatter_direction="ways")
    _, landing = aim_at_spot(encounter, "thrower", Intent("aim"), Position("m"))
    assert (landing.way, landing.landed) == ("se", Position("m", "se", 3.0))
