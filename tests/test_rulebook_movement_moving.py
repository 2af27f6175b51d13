"""Movement in combat (``mands_rulebook.movement.moving``; ``docs/rules/combat.md`` §4, §18; seed
"Move
Roll", "Jump Roll", "Example of Movement")."""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from mands_rulebook.kit.crowding import in_contact
from mands_rulebook.kit.movement.jumping import JUMP, Jumped
from mands_rulebook.kit.movement.pace import (
    MOVE,
    REROLL_MOVE,
    Pace,
    PaceChanged,
    Stride,
    dm_per_segment,
    stride_after,
    turn_quality,
)
from mands_rulebook.kit.positions import current_pace, position_now
from mands_sim.actions import ActionInProgress, Intent, QualityAllocation, Wait
from mands_sim.api import hookimpl
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import ScriptedDice
from mands_sim.events import (
    ActionDropped,
    ActionStarted,
    AttackResolved,
    DefenseChanged,
    EndurancePaid,
    Event,
    Moved,
    OutOfAction,
    PushedBack,
    RollMade,
)
from mands_sim.kernel.encounter import Encounter
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import collect_registries
from mands_sim.scenario import EdgeSpec, MapSpec, PlaceSpec, parse_scenario
from mands_sim.simulation import Simulation
from mands_sim.units import Meters
from mands_sim.world import Position, World
from tests.data.straight_flight import flight

SCENARIOS = Path(__file__).parent.parent / "scenarios"
CHART = load_standard_charts().action
NOTHING = QualityAllocation()


class Script:
    """Asks for the scripted intent at each listed segment (``None``: just be awake then, so the
    clock stops there) and waits in between; spends Q as scripted for that segment (default: all
    of it on speed)."""

    def __init__(
        self,
        intents: Mapping[int, Intent | None],
        spending: Mapping[int, QualityAllocation] | None = None,
    ) -> None:
        self.intents = dict(intents)
        self.spending = dict(spending or {})

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        intent = self.intents.get(encounter.now)
        if intent is not None:
            return intent
        later = [segment for segment in self.intents if segment > encounter.now]
        return Wait(min(later)) if later else None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return self.spending.get(encounter.now, QualityAllocation(speed=quality))


def place(name: str, x: float, y: float = 0.0, **extra: Any) -> dict[str, Any]:
    return {"name": name, "x": x, "y": y, **extra}


ROAD = [place("start", 0.0), place("far", 200.0)]
"""A 200 m road: long enough for the Example of Movement (about 107 m by segment 105)."""


def encounter(
    places: list[dict[str, Any]],
    edges: list[list[str]],
    cast: Mapping[str, tuple[Any, str]],
    minds: Mapping[str, Any],
    dice: Mapping[str, list[int]],
    defaults: Mapping[str, Any] | None = None,
    plugins: Mapping[str, object] | None = None,
) -> Encounter:
    """An encounter on a small map: ``cast`` maps ids to (sheet, place); each on its own side;
    no stop condition but the time limit."""
    data = {
        "format": 1,
        "name": "movement test",
        "rules": {"defaults": dict(defaults or {})},
        "map": {"places": places, "edges": [{"between": pair} for pair in edges]},
        "sides": [
            {"name": who, "characters": [{"id": who, "sheet": sheet, "place": where}]}
            for who, (sheet, where) in cast.items()
        ],
        "stop": {"time_limit": 400, "when": []},
    }
    scenario = parse_scenario(data, base_dir=SCENARIOS)
    simulation = Simulation(
        scenario, dice=ScriptedDice(dice), minds=minds, extra_plugins=dict(plugins or {})
    )
    return simulation.build()


def of(events: list[Event], kind: type[Event], who: str = "seraph") -> list[Any]:
    return [e for e in events if isinstance(e, kind) and getattr(e, "character", who) == who]


# -- the Example of Movement ---------------------------------------------------------------

RE_ROLLS = (81, 87, 93, 99, 105)
EXAMPLE_SPENDING = {
    0: QualityAllocation(ep=9, speed=17),
    87: QualityAllocation(speed=1, ep=3),
    99: QualityAllocation(ep=4),
    105: QualityAllocation(ep=9, speed=3),
}
EXAMPLE_DICE = [5, 1, 4, 9, 9, 7, 7, 9, 8, 6, 7, 2, 3]
"""5 and 1, the 1 re-rolled as 4 (2); then 18, 14, 17, 13 and 5."""


def example_of_movement(payment: str) -> list[Event]:
    """Seraph runs from segment 0 and re-rolls on 81, 87, 93, 99 and 105 (seed "Example of
    Movement"). G-39: the example's Move Roll is 28 ("22 (agility) plus 5 (half of strength),
    plus 1"), half Strength rounded down, so the G-08 switch is set to ``down``; by the rule
    (round up) it would be 29 and every Q one higher."""
    intents = {0: Intent(MOVE.name, options={"toward": "far"})}
    intents |= {segment: Intent(REROLL_MOVE.name) for segment in RE_ROLLS}
    run = encounter(
        ROAD,
        [["start", "far"]],
        {"seraph": ("characters/seraph.toml", "start")},
        {"seraph": Script(intents, EXAMPLE_SPENDING)},
        {"seraph": EXAMPLE_DICE},
        {"G08_move_roll_half_strength": "down", "G36_reroll_payment": payment},
    )
    run.run(until=110)
    return run.log


@pytest.fixture(scope="module")
def by_the_rule() -> list[Event]:
    return example_of_movement("difference")


@pytest.fixture(scope="module")
def as_the_book_pays() -> list[Event]:
    return example_of_movement("full")


def test_example_of_movement_rolls(by_the_rule: list[Event]) -> None:
    """ "He rolls a 5 and a 1 ... re-rolled, getting a 4 ... 28-2, or 26"; then "rolls 18, plus
    10, or 28, for a Q of 0"; "a 14, for 24 and a Q of 4"; "Bonus Pool is now -18 (for a
    penalty of 11) ... 17, for a Q of 0"; "13, (+11 gives 24) for a Q of 4"; "5 (+11 gives 16)
    for a Q of 12"."""
    rolls = [
        (e.segment, e.target, e.bonus_pool, e.pool_bonus, e.total, e.quality)
        for e in of(by_the_rule, RollMade)
    ]
    assert rolls == [
        (0, 28, 0, 0, 2, 26),
        (81, 28, -17, -10, 18, 0),
        (87, 28, -17, -10, 14, 4),
        (93, 28, -18, -11, 17, 0),
        (99, 28, -18, -11, 13, 4),
        (105, 28, -18, -11, 5, 12),
    ]


def test_example_of_movement_speeds(by_the_rule: list[Event]) -> None:
    """ "17 points to Speed, for a speed of 10 dm/segment"; Q 0 on 81: "He cannot increase his
    speed"; 1 Q on 87 "to bring his speed Q to 18 (or 11 dm/segment)"; 3 more on 105: "21 and 18
    are the same on the Sphere chart"."""
    (started,) = [e for e in of(by_the_rule, ActionStarted) if e.action == MOVE.name]
    assert started.segment == 0
    paces = [(e.segment, e.speed_quality, e.dm_per_segment) for e in of(by_the_rule, PaceChanged)]
    assert paces == [(81, 17, 10), (87, 18, 11), (93, 18, 11), (99, 18, 11), (105, 21, 11)]


def test_example_of_movement_ep_rows(by_the_rule: list[Event]) -> None:
    """9 Q bring the EP cost "to 0" (row 0); Q 0: 5 EP/round (row 9); 3 Q: 2 EP/round (row 6);
    4 Q: 1 EP/round (row 5); 9 Q: 0 again."""
    rows = [(e.segment, e.ep_row) for e in of(by_the_rule, PaceChanged)]
    assert rows == [(81, 9), (87, 6), (93, 9), (99, 5), (105, 0)]
    assert [e.row for e in of(by_the_rule, EndurancePaid)][:1] == [0]


def test_example_of_movement_positions(by_the_rule: list[Event]) -> None:
    """1 m/segment from segment 0 to 87, then 1.1 m/segment: 81 m, 87 m, 93.6, 100.2, 106.8
    (rounded to 2 digits, seed "Move Roll")."""
    moved = {e.segment: e.offset for e in of(by_the_rule, Moved)}
    assert [moved[s] for s in RE_ROLLS] == [81.0, 87.0, 93.6, 100.2, 106.8]


def test_example_of_movement_ledger_under_the_ep_cost_rule(by_the_rule: list[Event]) -> None:
    """G-36 default, the seed's EP Cost rule: 0 EP at the start and on 50; 5 EP on 81 (nothing
    paid yet this period); the re-rolls of 87 (2), 93 (5) and 99 (1) cost no more than the 5
    already paid; segment 100, a Payment Segment, pays the last roll's 1 EP: 6 EP in all."""
    paid = [(e.segment, e.amount) for e in of(by_the_rule, EndurancePaid)]
    assert paid == [(0, 0), (50, 0), (81, 5), (100, 1)]


def test_example_of_movement_ledger_under_the_g36_switch(as_the_book_pays: list[Event]) -> None:
    """G-36 ``full``, the book's ledger: "he pays 5 EP" (81), "using 2 EP" (87), "he uses 5 EP"
    (93), "paying 1 EP now, and again on segment: 100" (99, 100): 14 EP."""
    paid = [(e.segment, e.amount) for e in of(as_the_book_pays, EndurancePaid)]
    assert paid == [(0, 0), (50, 0), (81, 5), (87, 2), (93, 5), (99, 1), (100, 1)]


def test_seraphs_move_roll_is_29_by_the_rule() -> None:
    """G-08/G-39: half Strength 11 rounded up is 6: 22 + 6 + 1 = 29 (the example writes 28)."""
    run = encounter(
        ROAD,
        [["start", "far"]],
        {"seraph": ("characters/seraph.toml", "start")},
        {"seraph": Script({0: Intent(MOVE.name, options={"toward": "far"})}, {0: NOTHING})},
        {"seraph": [5, 1, 4]},
    )
    run.run(until=0)
    assert [(e.target, e.quality) for e in of(run.log, RollMade)] == [(29, 27)]


# -- Move Roll arithmetic ------------------------------------------------------------------


def test_dexter_slows_by_nine_less_half_his_failure() -> None:
    """Seed "Simpler Combat Example": Dexter, 10 Q in movement, fails his stopping roll by 2:
    "He decreases speed by 9 (Move Q, Sphere) minus 1 (half the Move Roll failure) or 8. He has
    2 Q in movement, and is moving at .2 meters/segment"."""
    after = stride_after(CHART, Stride(speed_quality=10), -2, NOTHING, slowing=True)
    assert (after.speed_quality, after.moving, dm_per_segment(CHART, 2)) == (2, True, 2.0)


def test_sinister_spends_his_one_q_on_ep() -> None:
    """Seed "Simpler Combat Example": Sinister "succeeds by 1, for 1 Q (which he uses to decrease
    EP use to 4 EP)": row 9 → 8."""
    after = stride_after(CHART, Stride(speed_quality=9), 1, QualityAllocation(ep=1), slowing=False)
    assert (after.speed_quality, after.ep_row, load_standard_charts().ep_use.cost(8)) == (9, 8, 4)


def test_a_miss_by_more_than_five_costs_speed_and_an_ep_row() -> None:
    """Seed: "missed by more than 5, subtract the amount ... from the current movement Q total.
    Also, add 1 to the EP cost row for every 5 points"; the extra row lasts until a success."""
    missed = stride_after(CHART, Stride(speed_quality=17), -7, NOTHING, slowing=False)
    assert (missed.speed_quality, missed.ep_row, missed.failure_rows) == (10, 10, 1)
    again = stride_after(CHART, missed, -5, NOTHING, slowing=False)
    assert (again.speed_quality, again.ep_row) == (10, 11)
    made = stride_after(CHART, again, 0, NOTHING, slowing=False)
    assert made.ep_row == 9


def test_a_start_missed_by_more_than_five_gets_nowhere() -> None:
    """G-66: the miss cuts the speed Q below 0."""
    assert not stride_after(CHART, Stride(), -6, NOTHING, slowing=False).moving


def test_slowing_to_zero_stops() -> None:
    """G-66: a slowing roll that brings the speed Q to 0 stops the runner (Q 1 on the Sphere
    chart is 1)."""
    assert not stride_after(CHART, Stride(speed_quality=1), 0, NOTHING, slowing=True).moving


def test_speed_q_zero_is_point_nine_dm() -> None:
    """Seed: "a Q of 0 and 1 are practically the same—.9 vs. 1"."""
    assert (dm_per_segment(CHART, 0), dm_per_segment(CHART, 1)) == (0.9, 1.0)


def corner_world(coordinates: bool = True) -> World:
    """A corner 10 m east of west, with east 10 m further on and north 10 m up the side street."""

    def spot(name: str, x: float, y: float) -> PlaceSpec:
        return PlaceSpec(name, x, y) if coordinates else PlaceSpec(name)

    places = (spot("west", 0, 0), spot("corner", 10, 0), spot("east", 20, 0), spot("north", 10, 10))
    ways = [("west", "corner"), ("corner", "east"), ("corner", "north")]
    edges = tuple(EdgeSpec(a, b, Meters(10.0)) for a, b in ways)
    return World(MapSpec(places=places, edges=edges))


@pytest.mark.parametrize(
    ("here", "wanted", "quality"),
    [
        (Position("corner"), "east", 0),  # straight on
        (Position("corner"), "north", 2),  # 90°: 2 Q
        (Position("corner"), "west", 4),  # back: 180°
        (Position("west", "corner", 4.0), "west", 4),  # back along the edge (G-66)
    ],
)
def test_turning_costs_one_q_per_45_degrees(here: Position, wanted: str, quality: int) -> None:
    """Seed: "In order to turn, the character must use 1 Q point per 45 degree turn"; a runner
    from west to east."""
    assert turn_quality(corner_world(), here, "east", wanted) == quality


def test_a_turn_without_coordinates_counts_as_90_degrees() -> None:
    """G-66: a map without coordinates has no angles."""
    assert turn_quality(corner_world(coordinates=False), Position("corner"), "east", "north") == 2


# -- the hooks, through whole encounters -----------------------------------------------------


def test_mands_register_actions_registers_move_reroll_and_jump() -> None:
    """Seed: movement and jumping are passive with a Performance Time of 6; a run pays per round."""
    actions = collect_registries(make_plugin_manager()).actions
    registered = {name: actions[name].payload for name in (MOVE.name, REROLL_MOVE.name, JUMP.name)}
    assert all(a.is_passive and a.performance_time == 6 for a in registered.values())  # type: ignore[attr-defined]
    assert [a.is_sustained for a in registered.values()] == [True, False, False]  # type: ignore[attr-defined]


def standing(places: list[dict[str, Any]], edges: list[list[str]], **cast: str) -> Encounter:
    """Characters (by sheet name) standing at places, with nothing to do."""
    sheets = {who: (f"characters/{who}.toml", where) for who, where in cast.items()}
    return encounter(places, edges, sheets, {who: Script({}) for who in cast}, {})


def refusals(run: Encounter, intent: Intent, who: str = "seraph") -> list[str]:
    return run.rules.refusals(run, who, intent)


def test_mands_action_refusals_a_move_needs_a_place_to_go() -> None:
    run = standing(ROAD, [["start", "far"]], seraph="start")
    assert refusals(run, Intent(MOVE.name))
    assert refusals(run, Intent(MOVE.name, options={"toward": "nowhere"}))
    assert refusals(run, Intent(MOVE.name, options={"toward": "start"})) == [
        "seraph is already at start"
    ]
    assert refusals(run, Intent(MOVE.name, options={"toward": "far"})) == []


def test_mands_action_refusals_flying_needs_the_flight_power() -> None:
    """G-67: ``fly`` is for a character with a power named Flight."""
    run = standing(ROAD, [["start", "far"]], seraph="start")
    assert refusals(run, Intent(MOVE.name, options={"toward": "far", "fly": True})) == [
        "seraph has no Flight power (G-67)"
    ]


def test_mands_action_refusals_a_re_roll_needs_a_run_and_six_segments() -> None:
    """Seed "Duration": a re-roll takes "the same performance time" (6); G-65: the next Move
    Roll starts when the last one's 6 segments are over."""
    start = Intent(MOVE.name, options={"toward": "far"})
    run = encounter(
        ROAD, [["start", "far"]], {"seraph": ("characters/seraph.toml", "start")},
        {"seraph": Script({0: start, 3: None, 6: None})}, {"seraph": [5, 5]},
    )  # fmt: skip
    assert refusals(run, Intent(REROLL_MOVE.name))
    run.run(until=3)
    assert refusals(run, start) == ["seraph is already moving: re-roll with reroll-move"]
    assert refusals(run, Intent(REROLL_MOVE.name)) == [
        "the last Move Roll takes until segment 6 (G-65)"
    ]
    run.run(until=6)
    assert refusals(run, Intent(REROLL_MOVE.name)) == []


def runner(
    places: list[dict[str, Any]],
    edges: list[list[str]],
    intents: Mapping[int, Intent | None],
    dice: list[int],
    spending: Mapping[int, QualityAllocation] | None = None,
    sheet: Any = "characters/seraph.toml",
    *,
    defaults: Mapping[str, Any] | None = None,
    **others: str,
) -> Encounter:
    """Seraph running from the first place as scripted; ``others`` stand at their places;
    ``defaults`` as a scenario's ``[rules.defaults]``."""
    cast = {"seraph": (sheet, places[0]["name"])}
    cast |= {who: (f"characters/{who}.toml", where) for who, where in others.items()}
    minds = {"seraph": Script(intents, spending)} | {who: Script({}) for who in others}
    return encounter(places, edges, cast, minds, {"seraph": dice}, defaults)


SPRINT = [5, 5]
"""A Move Roll of 10 against Seraph's 29: Q 19, all on speed → Sphere 11 → 1.1 m/segment."""


def test_resolve_a_run_ends_on_arrival() -> None:
    """10 m at 1.1 m/segment: there on segment 10 (G-65: arriving stops the run)."""
    places = [place("a", 0.0), place("b", 10.0)]
    run = runner(places, [["a", "b"]], {0: Intent(MOVE.name, options={"toward": "b"})}, SPRINT)
    run.run(until=20)
    arrived = [(e.segment, e.place, e.reason) for e in of(run.log, Moved)]
    assert arrived == [(10, "b", "arrived")]
    assert run.state["seraph"].actions == [] and run.state["seraph"].position == Position("b")


def test_resolve_a_runner_fleeing_through_an_exit_leaves() -> None:
    """A runner whose intent says ``flee`` leaves the encounter at an exit: out of action, fled."""
    places = [place("a", 0.0), place("door", 10.0, exit=True)]
    flee = Intent(MOVE.name, options={"toward": "door", "flee": True})
    run = runner(places, [["a", "door"]], {0: flee}, SPRINT)
    run.run(until=20)
    assert [(e.segment, e.condition) for e in of(run.log, OutOfAction)] == [(10, "fled")]
    assert run.state["seraph"].condition == "fled"


def test_positions_are_computed_when_asked() -> None:
    """Seed: "Determine how far a character has moved only on the character's action, or when
    the character is being attacked": nothing is logged while Seraph runs, yet he is 5.5 m on."""
    places = [place("a", 0.0), place("b", 100.0)]
    run = runner(
        places, [["a", "b"]], {0: Intent(MOVE.name, options={"toward": "b"}), 5: None}, SPRINT
    )
    run.run(until=5)
    assert of(run.log, Moved) == []
    assert position_now(run, "seraph") == Position("a", "b", 5.5)


def test_in_contact_within_one_meter() -> None:
    """G-65: within 1 m of each other, two characters can punch."""
    places = [place("a", 0.0), place("b", 10.0)]
    intents = {0: Intent(MOVE.name, options={"toward": "b"}), 8: None, 9: None}
    run = runner(places, [["a", "b"]], intents, SPRINT, sphinx="b")
    run.run(until=8)
    assert not in_contact(run, "seraph", "sphinx")  # 8.8 m on, 1.2 m short
    run.run(until=9)
    assert in_contact(run, "seraph", "sphinx")  # 9.9 m on


def test_in_contact_g65_reach_from_the_scenario() -> None:
    """G65_reach (the scenario's [rules.defaults]): on segment 8 Seraph is 8.8 m on, 1.2 m short
    of the Sphinx: out of reach at the default 1 m, in contact at 1.5 m."""
    places = [place("a", 0.0), place("b", 10.0)]
    intents = {0: Intent(MOVE.name, options={"toward": "b"}), 8: None}
    contact: dict[float, bool] = {}
    for reach in (1.0, 1.5):
        run = runner(
            places, [["a", "b"]], intents, SPRINT, defaults={"G65_reach": reach}, sphinx="b"
        )
        run.run(until=8)
        contact[reach] = in_contact(run, "seraph", "sphinx")
    assert contact == {1.0: False, 1.5: True}


def test_mands_action_after_moves_the_runner_a_blow_was_aimed_at() -> None:
    """The Sphinx swings at Seraph as he sets off (segment 0); when the blow resolves (15) Seraph
    is logged 16.5 m on."""
    places = [place("a", 0.0), place("b", 100.0)]
    run = encounter(
        places, [["a", "b"]],
        {"seraph": ("characters/seraph.toml", "a"), "sphinx": ("characters/sphinx.toml", "a")},
        {
            "seraph": Script({0: Intent(MOVE.name, options={"toward": "b"})}),
            "sphinx": Script({0: Intent("fist-attack", target="seraph")}, {0: NOTHING}),
        },
        {"seraph": SPRINT, "sphinx": [10, 10]},
    )  # fmt: skip
    run.run(until=15)
    assert [(e.segment, e.offset, e.reason) for e in of(run.log, Moved)] == [(15, 16.5, "moving")]


class ThrowAside:
    """Throws Seraph 3 m along the road whenever an action of the Sphinx's resolves."""

    @hookimpl
    def mands_action_after(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event]:
        return (
            [Moved(encounter.now, "seraph", "a", "b", 3.0, "throwback")]
            if actor == "sphinx"
            else []
        )


def test_mands_action_after_a_runner_moved_by_something_else_stops_running() -> None:
    """G-65: a runner moved by another rule (a throwback) stops running where it landed."""
    places = [place("a", 0.0), place("b", 100.0)]
    run = encounter(
        places, [["a", "b"]],
        {"seraph": ("characters/seraph.toml", "a"), "sphinx": ("characters/sphinx.toml", "a")},
        {
            "seraph": Script({0: Intent(MOVE.name, options={"toward": "b"}), 20: None}),
            "sphinx": Script({0: Intent("fist-attack", target="seraph")}, {0: NOTHING}),
        },
        {"seraph": SPRINT, "sphinx": [10, 10]},
        plugins={"test-throw": ThrowAside()},
    )  # fmt: skip
    run.run(until=20)
    assert position_now(run, "seraph") == Position("a", "b", 3.0)
    run.run()
    assert [e.reason for e in of(run.log, Moved)] == ["moving", "throwback"]
    assert run.state["seraph"].actions == []


def test_initiate_a_running_attack_loses_the_movement_defense() -> None:
    """§4: 4 movement Q buy Defense +2 "against all enemies", and "the same amount that is added
    to Defense is subtracted from Attack": Seraph's punch on segment 1 (a miss by 5: Attack −2)
    goes in at −4; his Defense stays 2 until the run ends: he is there on 20 (20 m at 1 m/segment),
    and the run, pushed back a segment by the punch (§3), completes on 21 (G-65)."""
    places = [place("a", 0.0), place("b", 20.0)]
    intents = {
        0: Intent(MOVE.name, options={"toward": "b"}),
        1: Intent("fist-attack", target="sphinx"),
    }
    spending = {0: QualityAllocation(defense=4, speed=15)}
    run = runner(places, [["a", "b"]], intents, [5, 5, 10, 10], spending, sphinx="a")
    run.run(until=25)
    (attack,) = of(run.log, AttackResolved)
    assert (attack.attack, attack.hit) == (-4, False)
    defense = [(e.segment, e.defense) for e in of(run.log, DefenseChanged)]
    assert defense == [(0, 2), (16, 2), (21, 0)]


def test_a_slower_pace_pushes_the_arrival_back() -> None:
    """50 m at 1.1 m/segment: due on 46. Slowing on segment 6 takes Sphere(19) = 11 off the speed
    Q: 8, 0.8 m/segment; the 43.4 m left take 55 segments: pushed back 15 to 61, then 1 more for
    the re-roll started during the run (§3)."""
    places = [place("a", 0.0), place("b", 50.0)]
    slow = Intent(REROLL_MOVE.name, options={"slow": True})
    intents = {0: Intent(MOVE.name, options={"toward": "b"}), 6: slow}
    run = runner(places, [["a", "b"]], intents, [5, 5, 5, 5], {6: NOTHING})
    run.run(until=6)
    pushed = [(e.segments, e.completes_at, e.reason) for e in of(run.log, PushedBack)]
    assert pushed == [(15, 61, "a slower pace"), (1, 62, "reroll-move started")]


def test_mands_action_sustain_ends_an_arrived_run_before_it_pays() -> None:
    """Seraph starts at 0.5 m/segment for 30 m (due on 60, row 0: no EP), speeds up on 6 (pool
    −5, Q 14: 5 more speed Q, 9 on EP) to 0.9 m/segment, there by 36: on the Payment Segment 50
    the run is over and pays nothing."""
    places = [place("a", 0.0), place("b", 30.0)]
    intents = {0: Intent(MOVE.name, options={"toward": "b"}), 6: Intent(REROLL_MOVE.name)}
    spending = {0: QualityAllocation(speed=5, ep=14), 6: QualityAllocation(speed=5, ep=9)}
    run = runner(places, [["a", "b"]], intents, [5, 5, 5, 5], spending)
    run.run(until=55)
    assert [(e.segment, e.amount) for e in of(run.log, EndurancePaid)] == [(0, 0)]
    assert [(e.segment, e.reason) for e in of(run.log, ActionDropped)] == [(50, "arrived")]
    assert [(e.segment, e.place) for e in of(run.log, Moved)][-1] == (50, "b")


def with_flight() -> dict[str, Any]:
    sheet = tomllib.loads((SCENARIOS / "characters" / "seraph.toml").read_text(encoding="utf-8"))
    sheet["powers"]["Flight"] = {"power_rating": 10}
    return sheet


def test_a_flyer_goes_straight_and_lands_on_arrival() -> None:
    """G-67: 50 m in a straight line (no edge at all) at 1.1 m/segment: in the air until 46."""
    places = [place("roof", 0.0), place("tower", 30.0, 40.0)]
    fly = Intent(MOVE.name, options={"toward": "tower", "fly": True})
    run = runner(places, [], {0: fly}, SPRINT, sheet=with_flight())
    run.run(until=45)
    assert position_now(run, "seraph") == Position("roof")
    run.run(until=46)
    assert run.state["seraph"].position == Position("tower")


def flight_over_the_corner(path: str, bends: str = "pay") -> tuple[Position | None, bool, int]:
    """Seraph flies roof → tower (50 m straight, 30 + 40 m along the edges by the corner) at
    1.1 m/segment under ``G67_flight_path = path`` (1.0 along the edges when the corner's 90°
    costs 2 of his Q, G-276): where he is on segment 10, whether he is airborne then, and the
    segment he lands."""
    places = [place("roof", 0.0), place("corner", 30.0), place("tower", 30.0, 40.0)]
    fly = Intent(MOVE.name, options={"toward": "tower", "fly": True})
    edges = [["roof", "corner"], ["corner", "tower"]]
    intents = {0: fly, 10: None, 80: None}
    defaults = {"G67_flight_path": path, "G276_path_turns": bends}
    run = runner(places, edges, intents, SPRINT, sheet=with_flight(), defaults=defaults)
    run.run(until=10)
    pace = current_pace(run, "seraph")
    seen = (position_now(run, "seraph"), pace is not None and pace.fly)
    run.run(until=80)
    (landed,) = [e.segment for e in of(run.log, Moved) if e.reason == "arrived"]
    return (*seen, landed)


def test_g67_flight_path_straight_or_along_the_edges() -> None:
    """G67_flight_path (the scenario's [rules.defaults]): ``straight`` (default) keeps the roof
    as its spot on the map (its point in the air moves along the line) until it lands after
    50 / 1.1 → 46 segments; ``paths`` pays 2 Q for the corner's 90°
    (G-276) and flies at 1.0 m/segment: 10 m along the first edge on segment 10, still
    airborne, landing after 70 / 1.0 = 70 segments; with the way's bends free 11 m and
    70 / 1.1 → 64 segments."""
    assert flight_over_the_corner("straight") == (Position("roof"), True, 46)
    assert flight_over_the_corner("paths") == (Position("roof", "corner", 10.0), True, 70)
    free = flight_over_the_corner("paths", bends="free")
    assert free == (Position("roof", "corner", 11.0), True, 64)


def test_mands_action_refusals_g67_paths_needs_a_way_along_the_map() -> None:
    """G67_flight_path = "paths": with no edge between roof and tower the flight a straight
    flyer makes is refused, as a run would be."""
    places = [place("roof", 0.0), place("tower", 30.0, 40.0)]
    fly = Intent(MOVE.name, options={"toward": "tower", "fly": True})
    answers = {
        path: refusals(
            runner(places, [], {}, SPRINT, sheet=with_flight(), defaults={"G67_flight_path": path}),
            fly,
        )
        for path in ("straight", "paths")
    }
    assert answers == {"straight": [], "paths": ["tower cannot be reached along the map"]}


def test_resolve_a_running_jump_lands_speed_times_air_time_on() -> None:
    """Seed "Jump Roll": vs Agility + Strength 33, bonus twice Height (Square) 1; dice 10: Q 24,
    9 on EP, 15 on height: 225 cm (Square); 4 × 2.25 = 9 on the Square chart: 3 segments in the
    air; at 1.1 m/segment, 3.3 m long."""
    intents = {0: Intent(MOVE.name, options={"toward": "far"}), 20: Intent(JUMP.name)}
    spending = {20: QualityAllocation(ep=9)}
    run = runner(ROAD, [["start", "far"]], intents, [5, 5, 5, 5], spending)
    run.run(until=26)
    (jump,) = of(run.log, Jumped)
    assert (jump.segment, jump.height_cm, jump.air_segments, jump.distance_m) == (26, 225, 3, 3.3)


def test_the_seeds_flight_slow_and_the_short_name_flight_both_fly() -> None:
    """G-67, G-128: a sheet may spell the power "Flight, Slow" (the seed's heading) or "Flight"."""
    from mands_rulebook.kit.positions import can_fly

    assert can_fly(["Flight, Slow"]) and can_fly(["flight"])
    assert not can_fly(["Fire Coat", "Flight Suit"])


# -- the switches: G65_reroll_wait, G66_turn_rounding ----------------------------------------


def test_mands_action_refusals_g65_none_lets_a_re_roll_start_at_once() -> None:
    """G65_reroll_wait = "none" (from the scenario's [rules.defaults]): on segment 3, inside the
    first Move Roll's 6 segments, the re-roll the default refuses is allowed."""
    start = Intent(MOVE.name, options={"toward": "far"})
    answers: dict[str, list[str]] = {}
    for wait in ("performance_time", "none"):
        run = encounter(
            ROAD, [["start", "far"]], {"seraph": ("characters/seraph.toml", "start")},
            {"seraph": Script({0: start, 3: None})}, {"seraph": [5, 5]},
            defaults={"G65_reroll_wait": wait},
        )  # fmt: skip
        run.run(until=3)
        answers[wait] = refusals(run, Intent(REROLL_MOVE.name))
    assert answers == {
        "performance_time": ["the last Move Roll takes until segment 6 (G-65)"],
        "none": [],
    }


def test_turning_60_degrees_costs_2_q_rounded_up_and_1_rounded_down_g66() -> None:
    """Seed "1 Q point per 45 degree turn": 60° is 1⅓ turns of 45°, 2 Q rounded up (G-66's
    default), 1 Q rounded down (``G66_turn_rounding = "down"``)."""
    places = (
        PlaceSpec("west", 0, 0),
        PlaceSpec("corner", 10, 0),
        PlaceSpec("east", 20, 0),
        PlaceSpec("uphill", 15, 5 * math.sqrt(3)),  # 60° from the east way, 10 m off
    )
    ways = [("west", "corner"), ("corner", "east"), ("corner", "uphill")]
    world = World(MapSpec(places, tuple(EdgeSpec(a, b, Meters(10.0)) for a, b in ways)))
    costs = [
        turn_quality(world, Position("corner"), "east", "uphill", rounding)
        for rounding in ("up", "down")
    ]
    assert costs == [2, 1]


def test_pace_way_left_keeps_the_places_still_ahead() -> None:
    """G-277: a run round the block by d: from a all of it, part-way to d still d and c, at d
    only c."""
    pace = Pace(0, Position("a"), "c", Stride(), 10.0, way=("d", "c"))
    assert pace.way_left(Position("a")) == ("d", "c")
    assert pace.way_left(Position("a", "d", 4.0)) == ("d", "c")
    assert pace.way_left(Position("d")) == ("c",)
    assert pace.way_left(Position("d", "c", 1.0)) == ("c",)


def test_mands_action_refusals_a_straight_flight_turns_only_toward_coordinates() -> None:
    """G-67: a straight flight re-rolled in the air needs coordinates at its new end too."""
    encounter = flight(20)
    cellar = Intent(REROLL_MOVE.name, options={"toward": "cellar"})
    assert encounter.refused("seraph", cellar) == ["flying needs coordinates at both ends (G-67)"]
    assert encounter.refused("seraph", Intent(REROLL_MOVE.name, options={"toward": "kiosk"})) == []
