"""Falls from a height (``mands_rulebook.movement.falling``; seed "Falling", "Throwback Roll";
G-174, G-175).

Thrown back: the throwback drill of ``tests/test_rulebook_combat_throwback.py`` (the Sphinx's
scripted
blow of 12 raw, 3 DP, lands on segment 10; Seraph, out of VP, rolls 9 + 8 = 17 against 13 and is
thrown 4 m) on a roof 12 m above the street, 4 m away along the fire escape. In flight: Seraph,
given a Flight power, flies from the street to a tower top 100 m up and is knocked out on the
way.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import replace
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from mands_rulebook.combat.out_of_action import mands_status_check
from mands_rulebook.kit.falling import FALLS, Fell, air_time, knocked_out_falls, position_elevation
from mands_rulebook.kit.injury import NervePinched
from mands_rulebook.kit.positions import current_pace
from mands_rulebook.kit.throwback import THROWN_BACK
from mands_sim.actions import ActionDefinition, ActionInProgress, Intent, QualityAllocation
from mands_sim.api import hookimpl
from mands_sim.batch.records import RunRecord
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import ScriptedDice
from mands_sim.events import DamageTaken, Event, Moved, OutOfAction
from mands_sim.kernel.agenda import Phase
from mands_sim.kernel.encounter import Encounter
from mands_sim.outcome import summarise
from mands_sim.registry import Register
from mands_sim.scenario import EdgeSpec, MapSpec, PlaceSpec, parse_scenario
from mands_sim.simulation import Simulation
from mands_sim.units import Meters
from mands_sim.world import Position, World
from tests.data.power_plan import PlanMind
from tests.test_rulebook_combat_throwback import Drill, Once

SCENARIOS = Path(__file__).parent.parent / "scenarios"
SQUARE = load_standard_charts().action.square


def sheet(name: str, **changes: Any) -> dict[str, Any]:
    data = tomllib.loads((SCENARIOS / "characters" / f"{name}.toml").read_text(encoding="utf-8"))
    return {**data, **changes}


def rooftop(
    seraph: dict[str, Any],
    height: float,
    dice: list[int],
    roof_map: dict[str, Any] | None = None,
    **defaults: str,
) -> Encounter:
    """The drill on a roof ``height`` m up (or on ``roof_map``, whose ``roof`` they stand on);
    Seraph's blow-thrown dice, then his Cover roll."""
    fighters = {"seraph": seraph, "sphinx": sheet("sphinx")}
    data = {
        "format": 1,
        "name": "rooftop drill",
        "map": roof_map
        or {
            "places": [{"name": "roof", "elevation": height}, {"name": "street"}],
            "edges": [{"between": ["roof", "street"], "length": 4.0}],
        },
        "sides": [
            {"name": side, "characters": [{"id": i, "sheet": fighters[i], "place": "roof"}]}
            for side, i in (("heroes", "seraph"), ("villains", "sphinx"))
        ],
        "rules": {"defaults": defaults},
        "stop": {"time_limit": 400},
    }
    simulation = Simulation(
        parse_scenario(data, base_dir=SCENARIOS),
        dice=ScriptedDice({"seraph": dice, "sphinx": []}),
        minds={"seraph": Once("sphinx"), "sphinx": Once("seraph")},  # type: ignore[dict-item]
        extra_plugins={"test-drill": Drill("sphinx", [(12, 3)])},
    )
    encounter = simulation.build()
    encounter.state["seraph"].virtual_damage_points = 0
    encounter.run(until=10)
    return encounter


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def test_air_time_is_four_times_the_height_on_the_square_chart() -> None:
    """Seed "Throwback Roll": "Multiply this by 4 ... look this up on the Square Column for the
    number of segments in the air": 12 m → 48 → 6; 30 m → 120 → 10; at least 1."""
    encounter = rooftop(sheet("seraph"), 12.0, [9, 8, 99, 5, 5, 5, 5])
    assert [air_time(encounter, m) for m in (12.0, 30.0, 0.1)] == [
        SQUARE(48),
        SQUARE(120),
        1,
    ]
    assert (SQUARE(48), SQUARE(120)) == (6, 10)


def test_a_spot_along_an_edge_is_as_high_as_its_share_of_the_edge() -> None:
    spec = MapSpec(
        places=(PlaceSpec("roof", elevation=12.0), PlaceSpec("street")),
        edges=(EdgeSpec("roof", "street", Meters(4.0)),),
    )
    world = World(spec)
    assert position_elevation(world, Position("roof", "street", 1.0)) == 9.0
    assert position_elevation(world, Position("street")) == 0.0


@pytest.fixture(scope="module")
def thrown_off() -> Encounter:
    """Seraph is thrown the 4 m to the street, 12 m below: he falls 12 m, 6 segments in the
    air (too few to prepare a Falling skill), and takes 12 raw from ``fall``; his Skin Temper
    power's Cover roll, 99, fails (42 %)."""
    return rooftop(sheet("seraph"), 12.0, [9, 8, 99, 5, 5, 5, 5])


def test_mands_action_after_thrown_off_a_roof_falls_to_the_street(thrown_off: Encounter) -> None:
    (fell,) = of(thrown_off.log, Fell)
    assert (fell.character, fell.cause, fell.meters, fell.segments, fell.skill_reduction) == (
        "seraph",
        "thrown back",
        12.0,
        6,
        0,
    )
    (damage,) = [e for e in of(thrown_off.log, DamageTaken) if e.source == "fall"]
    assert damage.raw == 12
    assert thrown_off.state["seraph"].position == Position("street")


def fallen(encounter: Encounter) -> list[tuple[str, float]]:
    return [(e.cause, e.meters) for e in of(encounter.log, Fell)]


def test_g249_thrown_on_level_ground_nobody_falls() -> None:
    """A fall only from height: the same throw of 4 m along a level roof makes no fall."""
    level = {
        "places": [{"name": "roof", "elevation": 12.0}, {"name": "skylight", "elevation": 12.0}],
        "edges": [{"between": ["roof", "skylight"], "length": 10.0}],
    }
    encounter = rooftop(sheet("seraph"), 12.0, [9, 8, 99, 5, 5, 5, 5], level)
    assert encounter.state["seraph"].position == Position("roof", "skylight", 4.0)
    assert fallen(encounter) == []


def g249_cliff(**defaults: str) -> Encounter:
    """A roof 12 m up with a rooftop edge, and the street 10 m away (the way down drawn as one
    edge): Seraph is thrown 4 m over the edge."""
    cliff = {
        "places": [{"name": "roof", "elevation": 12.0, "feature": "edge"}, {"name": "street"}],
        "edges": [{"between": ["roof", "street"], "length": 10.0}],
    }
    return rooftop(sheet("seraph"), 12.0, [9, 8, 99, 5, 5, 5, 5], cliff, **defaults)


def test_g249_cliff_thrown_over_a_rooftop_edge_falls_the_whole_height() -> None:
    encounter = g249_cliff()
    assert encounter.state["seraph"].position == Position("roof", "street", 4.0)
    assert fallen(encounter) == [("thrown back", 12.0)]


def test_g249_slope_the_way_down_is_a_slope_in_proportion() -> None:
    """4 m down a 10 m slope from 12 m: 12 × 4/10 = 4.8 m lower."""
    assert fallen(g249_cliff(G249_rooftop_edge="slope")) == [("thrown back", 4.8)]


def test_g249_a_rooftop_edge_at_the_maps_end_drops_to_ground_level() -> None:
    """Roof -3- parapet (a rooftop edge, nothing drawn below): thrown 4 m, Seraph goes over the
    parapet and falls the 12 m to the ground; the map having no place below, he lies at it."""
    roof = {
        "places": [
            {"name": "roof", "elevation": 12.0},
            {"name": "parapet", "elevation": 12.0, "feature": ["edge"]},
        ],
        "edges": [{"between": ["roof", "parapet"], "length": 3.0}],
    }
    encounter = rooftop(sheet("seraph"), 12.0, [9, 8, 99, 5, 5, 5, 5], roof)
    assert encounter.state["seraph"].position == Position("parapet")
    assert fallen(encounter) == [("thrown back", 12.0)]


def test_the_run_summary_counts_falls_as_the_falling_plugins_metric(thrown_off: Encounter) -> None:
    """``falls`` (``mands_sim.metrics``): one for Seraph, none for the Sphinx, as recorded."""
    result = summarise(thrown_off, 0, None, (FALLS, THROWN_BACK))
    outcomes = {c.character_id: c.counts.metrics for c in result.characters}
    assert outcomes == {"seraph": (("falls", 1), ("thrown back", 1)), "sphinx": ()}
    record = RunRecord.from_result(0, result)
    assert {c.id: c.metrics for c in record.characters} == outcomes


def test_g174_none_a_fall_does_no_damage() -> None:
    encounter = rooftop(sheet("seraph"), 12.0, [9, 8, 5, 5], G174_fall_damage="none")
    assert [f.meters for f in of(encounter.log, Fell)] == [12.0]
    assert not [e for e in of(encounter.log, DamageTaken) if e.source == "fall"]


def test_the_falling_skill_takes_its_level_off_with_ten_segments_to_prepare() -> None:
    """Seed "Falling": "damage can be reduced by skill level. The character must have 10
    segments to prepare": from 30 m, 10 segments in the air, Falling 4 takes 30 down to 26."""
    seraph = sheet("seraph")
    seraph["skills"] = {**seraph.get("skills", {}), "Falling": 4}
    encounter = rooftop(seraph, 30.0, [9, 8, 99, 5, 5, 5, 5])
    (fell,) = of(encounter.log, Fell)
    assert (fell.segments, fell.skill_reduction) == (10, 4)
    (damage,) = [e for e in of(encounter.log, DamageTaken) if e.source == "fall"]
    assert damage.raw == 26


def test_level_ground_is_no_fall() -> None:
    encounter = rooftop(sheet("seraph"), 0.0, [9, 8])
    assert not of(encounter.log, Fell)


# --- a flyer out of action (G-175) --------------------------------------------------------------


def skyward(
    knock_out: int | None = None, ground: tuple[float, ...] | None = None, **defaults: Any
) -> Encounter:
    """Seraph flies from the street toward the tower top, 100 m up and 100 m off, from segment
    0 (%Control 5, Move Roll 5 + 5, all 19 Q on speed); at segment 40 he is still on the way.
    With ``knock_out``, the Sphinx starts a test ``knock-out`` at him then (:class:`KnockOut`).
    ``ground``: the street drawn on to the tower's foot (0, 100) through places at these y
    (``None``: no ground drawn between the two)."""
    flyer = sheet("seraph")
    flyer["powers"]["Flight"] = {"power_rating": 10, "percent_control": 90}
    places = [
        {"name": "street", "x": 0.0, "y": 0.0},
        {"name": "tower", "x": 0.0, "y": 100.0, "elevation": 100.0},
    ]
    edges: list[dict[str, Any]] = []
    if ground is not None:
        marks = [f"ground-{y:g}" for y in ground]
        places += [{"name": m, "x": 0.0, "y": y} for m, y in zip(marks, ground, strict=True)]
        places.append({"name": "foot", "x": 0.0, "y": 100.0})
        chain = ["street", *marks, "foot", "tower"]
        edges = [{"between": [a, b]} for a, b in pairwise(chain)]
    data = {
        "format": 1,
        "name": "flight",
        "map": {"places": places, "edges": edges},
        "sides": [
            {"name": "heroes", "characters": [{"id": "seraph", "sheet": flyer, "place": "street"}]},
            {
                "name": "villains",
                "characters": [{"id": "sphinx", "sheet": sheet("sphinx"), "place": "street"}],
            },
        ],
        "rules": {"defaults": defaults},
        "stop": {"time_limit": 500},
    }
    fly = {"toward": "tower", "fly": True, "power": "Flight"}
    all_on_speed = QualityAllocation(speed=19)  # Move Roll 29, 5 + 5: Q 19
    plan = [] if knock_out is None else [(knock_out, Intent(KNOCK_OUT.name, target="seraph"))]
    simulation = Simulation(
        parse_scenario(data, base_dir=SCENARIOS),
        dice=ScriptedDice({"seraph": [5, 5, 5, 50, 99]}),
        minds={
            "seraph": PlanMind([(0, Intent("move", options=fly))], quality=all_on_speed),
            "sphinx": PlanMind(plan),
        },
        extra_plugins={"test-knock-out": KnockOut()},
    )
    encounter = simulation.build()
    encounter.at(40, Phase.STATUS, "", lambda: None)  # the clock reaches segment 40
    encounter.run(until=40)
    return encounter


KNOCK_OUT = ActionDefinition("knock-out", 1, summary="test: the target is out of action")


class KnockOut:
    """A test plugin: ``knock-out`` puts its target out of action as ``charmed`` when it
    resolves — an action's event, not a condition check (a charm, an absorption faint)."""

    @hookimpl
    def mands_register_actions(self, register: Register) -> None:
        knock_out = replace(KNOCK_OUT, resolve=self.resolve)
        register(KNOCK_OUT.name, knock_out, summary=KNOCK_OUT.summary, source="third party")

    def resolve(self, encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
        assert action.intent.target is not None
        return [OutOfAction(encounter.now, action.intent.target, "charmed")]


def knocked_out_in_flight(encounter: Encounter) -> list[Event]:
    """A Nerve Pinch now (its save failed); his condition is checked."""
    encounter.emit([NervePinched(encounter.now, "seraph", "sphinx", 2, encounter.now + 100)])
    return mands_status_check(encounter, "seraph") or []


def test_mands_status_check_a_flyer_knocked_out_falls_from_where_it_has_got_to() -> None:
    """G-175: the straight line from the street (0 m) to the tower top (100 m): as far up it as
    the flight has got by segment 40, and G-273's 5 m above it; he lands in the street (the
    lower end)."""
    encounter = skyward()
    pace = current_pace(encounter, "seraph")
    assert pace is not None and encounter.world is not None
    done = (encounter.now - pace.since) * pace.meters_per_segment / pace.length(encounter.world)
    events = knocked_out_in_flight(encounter)
    assert of(events, OutOfAction) == [OutOfAction(40, "seraph", "unconscious")]
    (landed,) = of(events, Moved)
    assert (landed.place, landed.reason) == ("street", "fall")
    (fell,) = of(events, Fell)
    # G-273: 5 m above the line
    assert (fell.cause, fell.meters) == ("out of action in flight", round(100.0 * done + 5, 2))
    assert 5 < fell.meters < 105 and fell.skill_reduction == 0  # unconscious: no Falling
    (damage,) = [e for e in of(events, DamageTaken) if e.source == "fall"]
    assert damage.raw == math.ceil(fell.meters)


def test_g273_no_altitude_falls_from_the_line_alone() -> None:
    """G-273 at 0 m: the flyer is on G-67's line, and falls from there."""
    encounter = skyward(G273_flight_altitude=0.0)
    pace = current_pace(encounter, "seraph")
    assert pace is not None and encounter.world is not None
    done = (encounter.now - pace.since) * pace.meters_per_segment / pace.length(encounter.world)
    (fell,) = of(knocked_out_in_flight(encounter), Fell)
    assert fell.meters == round(100.0 * done, 2)


@pytest.mark.parametrize("split", [(), (50.0,), (10.0, 30.0, 70.0)])
def test_g175_the_flyer_lands_under_the_point_reached_however_the_street_is_drawn(
    split: tuple[float, ...],
) -> None:
    """G-175 ``under``: the street drawn on below the flight to the tower's foot, as one edge or
    split by places only passed: he lands on it under where he was, 100 × done m along, and
    falls the same 100 × done + 5 m — not from the street's end, not at a place."""
    encounter = skyward(ground=split)
    pace = current_pace(encounter, "seraph")
    assert pace is not None and encounter.world is not None
    done = (encounter.now - pace.since) * pace.meters_per_segment / pace.length(encounter.world)
    events = knocked_out_in_flight(encounter)
    (landed,) = of(events, Moved)
    spot = Position(landed.place, landed.toward, landed.offset)
    assert encounter.world.point_of(spot) == pytest.approx((0.0, 100.0 * done, 0.0))
    (fell,) = of(events, Fell)
    assert fell.meters == round(100.0 * done + 5, 2)


def test_g175_line_lands_at_the_lower_end() -> None:
    """``line``: the old reading, down to the street whatever lies under him."""
    events = knocked_out_in_flight(skyward(ground=(50.0,), G175_flyer_falls="line"))
    (landed,) = of(events, Moved)
    assert (landed.place, landed.toward) == ("street", None)


def test_g175_none_the_flyer_glides_down() -> None:
    events = knocked_out_in_flight(skyward(G175_flyer_falls="none"))
    assert of(events, OutOfAction) and not of(events, Fell)


def test_resolve_a_flyer_knocked_out_by_an_action_falls() -> None:
    """G-176 ``any``: the Sphinx's ``knock-out`` started at 40 puts Seraph out of action at 41
    (an action's event, no condition check): he falls from where his flight has got to and
    lands in the street, the fall right after his ``OutOfAction``."""
    encounter = skyward(knock_out=40)
    pace = current_pace(encounter, "seraph")
    assert pace is not None and encounter.world is not None
    done = (41 - pace.since) * pace.meters_per_segment / pace.length(encounter.world)
    encounter.run(until=42)
    events = list(encounter.log)
    out = events.index(OutOfAction(41, "seraph", "charmed"))
    assert isinstance(events[out + 1], Moved) and events[out + 1].reason == "fall"
    (fell,) = of(events, Fell)
    assert (fell.segment, fell.meters) == (41, round(100.0 * done + 5, 2))
    assert encounter.state["seraph"].position == Position("street")


def test_g176_condition_check_only_the_condition_check_drops_a_flyer() -> None:
    """G-176 ``condition-check``: the same knock-out, no fall."""
    encounter = skyward(knock_out=40, G176_flyer_knocked_out="condition-check")
    encounter.run(until=42)
    assert OutOfAction(41, "seraph", "charmed") in encounter.log
    assert not of(list(encounter.log), Fell)


def test_knocked_out_falls_leaves_those_out_by_their_own_choice_and_falls_already_there() -> None:
    """G-176: a flyer that surrenders does not fall; a fall already in the events is not
    doubled."""
    encounter = skyward()
    surrendered = [OutOfAction(40, "seraph", "surrendered")]
    assert knocked_out_falls(encounter, surrendered) == surrendered
    once = knocked_out_falls(encounter, [OutOfAction(40, "seraph", "unconscious")])
    assert of(once, Fell) and knocked_out_falls(encounter, once) == once
