"""Properties of map queries on random maps: distance is a metric, movement stays on its path."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from mands_sim.scenario import EdgeSpec, MapSpec, PlaceSpec
from mands_sim.units import Meters
from mands_sim.world import Position, World

TOLERANCE = 1e-6
"""Meters: float sums along different routes may differ by rounding only."""


@st.composite
def maps(draw: st.DrawFn, *, connected: bool = True) -> MapSpec:
    """2 to 7 places; edges of 0.5 to 100 m; connected unless ``connected`` is false."""
    count = draw(st.integers(min_value=2, max_value=7))
    names = [f"place-{n}" for n in range(count)]
    lengths = st.floats(min_value=0.5, max_value=100.0)
    pairs: dict[frozenset[int], float] = {}
    if connected or draw(st.booleans()):
        for n in range(1, count):
            pairs[frozenset((n, draw(st.integers(0, n - 1))))] = draw(lengths)
    index = st.integers(0, count - 1)
    for a, b in draw(st.lists(st.tuples(index, index), max_size=count)):
        if a != b:
            pairs.setdefault(frozenset((a, b)), draw(lengths))
    edges = tuple(
        EdgeSpec(names[min(pair)], names[max(pair)], Meters(length))
        for pair, length in pairs.items()
    )
    return MapSpec(places=tuple(PlaceSpec(name) for name in names), edges=edges)


@st.composite
def positions(draw: st.DrawFn, world: World) -> Position:
    """A place of ``world``, or a spot part-way along one of its edges."""
    place = draw(st.sampled_from(world.places))
    neighbors = world.neighbors(place)
    if not neighbors or draw(st.booleans()):
        return Position(place)
    toward = draw(st.sampled_from(neighbors))
    share = draw(st.floats(min_value=0.0, max_value=0.999))
    return Position(place, toward, share * world.edge_length(place, toward))


@st.composite
def walks(draw: st.DrawFn) -> tuple[World, Position, str, float]:
    """A connected world, a start, a place to walk toward and how many meters to walk."""
    world = World(draw(maps()))
    start = draw(positions(world))
    target = draw(st.sampled_from(world.places))
    meters = draw(st.floats(min_value=0.0, max_value=400.0))
    return world, start, target, meters


@st.composite
def three_places(draw: st.DrawFn) -> tuple[World, str, str, str]:
    """A world, connected or not, and three of its places."""
    world = World(draw(maps(connected=False)))
    place = st.sampled_from(world.places)
    return world, draw(place), draw(place), draw(place)


@given(three_places())
def test_distance_is_symmetric(case: tuple[World, str, str, str]) -> None:
    world, a, b, _ = case
    assert world.distance(a, b) == world.distance(b, a)


@given(three_places())
def test_distance_satisfies_the_triangle_inequality(case: tuple[World, str, str, str]) -> None:
    world, a, b, c = case
    assert world.distance(a, c) <= world.distance(a, b) + world.distance(b, c) + TOLERANCE


@given(walks())
def test_advance_never_overshoots(case: tuple[World, Position, str, float]) -> None:
    world, start, target, meters = case
    before = world.distance_to(start, target)
    after = world.distance_to(world.advance(start, target, meters), target)
    assert math.isclose(after, max(0.0, before - meters), abs_tol=TOLERANCE)


@given(walks())
def test_advance_never_leaves_a_shortest_path(case: tuple[World, Position, str, float]) -> None:
    world, start, target, meters = case
    moved = world.advance(start, target, meters)
    walked = world.position_distance(start, moved)
    left = world.distance_to(moved, target)
    assert math.isclose(walked + left, world.distance_to(start, target), abs_tol=TOLERANCE)


@given(walks())
def test_advance_from_a_place_stays_on_its_path(case: tuple[World, Position, str, float]) -> None:
    world, start, target, meters = case
    route = world.path(start.place, target) or ()
    moved = world.advance(Position(start.place), target, meters)
    assert moved.place in route
    assert moved.toward is None or moved.toward in route


@given(walks())
def test_advance_lands_on_the_map(case: tuple[World, Position, str, float]) -> None:
    world, start, target, meters = case
    moved = world.advance(start, target, meters)
    assert moved.toward is None or moved.offset < world.edge_length(moved.place, moved.toward)


@given(st.data())
def test_position_distance_is_symmetric(data: st.DataObject) -> None:
    world = World(data.draw(maps()))
    one, other = data.draw(positions(world)), data.draw(positions(world))
    assert math.isclose(
        world.position_distance(one, other),
        world.position_distance(other, one),
        abs_tol=TOLERANCE,
    )
