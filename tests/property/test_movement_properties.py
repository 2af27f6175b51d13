"""Properties of movement (``mands_rulebook.movement.moving``): a run stays on its path and covers
its
speed × time; a character out of action never acts or moves again."""

from __future__ import annotations

from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from mands_rulebook.kit.movement.pace import Pace, PaceChanged, Stride
from mands_rulebook.kit.throwback import THROWBACK, THROWBACK_ROLL
from mands_sim.events import ActionStarted, EndurancePaid, Event, Moved, OutOfAction, RollMade
from mands_sim.scenario import EdgeSpec, MapSpec, PlaceSpec, load_scenario
from mands_sim.simulation import Simulation
from mands_sim.units import Meters
from mands_sim.world import Position, World

SCENARIOS = Path(__file__).parent.parent.parent / "scenarios"
ROUNDING = 0.01
"""Meters: positions are rounded to 2 digits (seed "Move Roll")."""


@st.composite
def runs(draw: st.DrawFn) -> tuple[World, Pace, int]:
    """A connected map of 2 to 6 places (edges 0.5 to 60 m), a run from a place or part-way
    along an edge toward a place, at 0.9 to 3.0 m/segment, and a segment to look at."""
    count = draw(st.integers(min_value=2, max_value=6))
    names = [f"place-{n}" for n in range(count)]
    lengths = st.floats(min_value=0.5, max_value=60.0)
    pairs = {frozenset((n, draw(st.integers(0, n - 1)))): draw(lengths) for n in range(1, count)}
    for a, b in draw(st.lists(st.tuples(st.integers(0, count - 1), st.integers(0, count - 1)))):
        if a != b:
            pairs.setdefault(frozenset((a, b)), draw(lengths))
    edges = tuple(EdgeSpec(names[min(p)], names[max(p)], Meters(m)) for p, m in pairs.items())
    world = World(MapSpec(places=tuple(PlaceSpec(name) for name in names), edges=edges))
    start = Position(draw(st.sampled_from(names)))
    if draw(st.booleans()):
        toward = draw(st.sampled_from(world.neighbors(start.place)))
        share = draw(st.floats(min_value=0.0, max_value=0.99))
        start = Position(
            start.place, toward, round(share * world.edge_length(start.place, toward), 2)
        )
    destination = draw(st.sampled_from(names))
    dm = draw(st.sampled_from([9.0, 10.0, 13.0, 20.0, 30.0]))
    pace = Pace(draw(st.integers(0, 100)), start, destination, Stride(), dm)
    return world, pace, pace.since + draw(st.integers(0, 200))


@settings(max_examples=60, deadline=None)
@given(runs())
def test_a_run_never_leaves_its_path(case: tuple[World, Pace, int]) -> None:
    """Where the run is lies on the shortest way from its start to its destination."""
    world, pace, segment = case
    here = pace.position_at(world, segment)
    world.check(here)
    via = world.position_distance(pace.start, here) + world.distance_to(here, pace.destination)
    assert via <= world.distance_to(pace.start, pace.destination) + 2 * ROUNDING


@settings(max_examples=60, deadline=None)
@given(runs())
def test_a_run_covers_speed_times_time_until_it_arrives(case: tuple[World, Pace, int]) -> None:
    world, pace, segment = case
    here = pace.position_at(world, segment)
    length = world.distance_to(pace.start, pace.destination)
    walked = min(length, pace.meters_per_segment * (segment - pace.since))
    assert abs(world.position_distance(pace.start, here) - walked) <= 2 * ROUNDING
    assert (here == Position(pace.destination)) == (segment >= pace.arrival(world)) or (
        abs(walked - length) <= ROUNDING
    )


ACTING = (ActionStarted, RollMade, Moved, PaceChanged, EndurancePaid)
"""What only a character in action does."""


def suffered(event: Event) -> bool:
    """A throwback (§8.1) is suffered, not done: a blow already under way when its target went
    out of action (surrendered in the same segment: grunts seed 160) still throws it back, with
    its roll and its landing."""
    if isinstance(event, RollMade):
        return event.purpose == THROWBACK_ROLL
    return isinstance(event, Moved) and event.reason == THROWBACK


def out_of_action_then_acting(events: list[Event]) -> list[Event]:
    gone: set[str] = set()
    later: list[Event] = []
    for event in events:
        who = getattr(event, "character", None)
        if isinstance(event, ACTING) and who in gone and not suffered(event):
            later.append(event)
        if isinstance(event, OutOfAction):
            gone.add(event.character)
    return later


@settings(max_examples=8, deadline=None)
@given(st.sampled_from(["grunts.toml", "street_chase.toml"]), st.integers(0, 10_000))
@example("grunts.toml", 160)
def test_a_character_out_of_action_never_acts_or_moves(scenario: str, seed: int) -> None:
    events: list[Event] = []
    Simulation(load_scenario(SCENARIOS / scenario), seed=seed).run(observers=[events.append])
    assert out_of_action_then_acting(events) == []
