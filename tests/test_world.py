"""Map queries: distance, path, straight lines, line of sight, cover, exits and movement."""

from __future__ import annotations

import math

import networkx  # type: ignore[import-untyped]
import pytest

from mands_sim.scenario import EdgeSpec, MapSpec, PlaceSpec
from mands_sim.units import Meters
from mands_sim.world import Position, World


@pytest.fixture
def world() -> World:
    """a -3- b -4- c, and a -10- c; d on a ledge with no way to it; e and f with coordinates.

    Sight between a and c is blocked; c is an exit; b gives 40 % cover.
    """
    return World(
        MapSpec(
            places=(
                PlaceSpec("a"),
                PlaceSpec("b", cover=40),
                PlaceSpec("c", exit=True),
                PlaceSpec("d", elevation=6.0, exit=True),
                PlaceSpec("e", x=0.0, y=0.0),
                PlaceSpec("f", x=3.0, y=4.0, elevation=12.0),
            ),
            edges=(
                EdgeSpec("a", "b", Meters(3.0)),
                EdgeSpec("b", "c", Meters(4.0)),
                EdgeSpec("a", "c", Meters(10.0)),
                EdgeSpec("e", "f", Meters(13.0)),
            ),
            blocked_sight=(("a", "c"),),
        )
    )


def test_distance_follows_the_shortest_way(world: World) -> None:
    assert world.distance("a", "c") == 7.0


def test_distance_is_the_same_both_ways(world: World) -> None:
    assert world.distance("c", "a") == world.distance("a", "c")


def test_distance_to_the_same_place_is_zero(world: World) -> None:
    assert world.distance("b", "b") == 0.0


def test_unreachable_place_is_infinitely_far(world: World) -> None:
    assert world.distance("a", "d") == math.inf


def test_path_lists_the_places_on_the_shortest_way(world: World) -> None:
    assert world.path("a", "c") == ("a", "b", "c")


def test_path_back_is_the_same_way_reversed() -> None:
    # Two ways of equal length from s to t: the way back must not switch to the other one.
    square = World(
        MapSpec(
            places=(PlaceSpec("s"), PlaceSpec("left"), PlaceSpec("right"), PlaceSpec("t")),
            edges=(
                EdgeSpec("s", "left", Meters(2.0)),
                EdgeSpec("left", "t", Meters(2.0)),
                EdgeSpec("s", "right", Meters(2.0)),
                EdgeSpec("right", "t", Meters(2.0)),
            ),
        )
    )
    assert square.path("t", "s") == tuple(reversed(square.path("s", "t") or ()))


def test_path_to_an_unreachable_place_is_none(world: World) -> None:
    assert world.path("a", "d") is None


def test_straight_distance_counts_the_elevation_difference(world: World) -> None:
    assert world.straight_distance("e", "f") == 13.0


def test_straight_distance_needs_coordinates(world: World) -> None:
    assert world.straight_distance("a", "e") is None


def test_point_between_two_places_goes_in_proportion_elevation_included(world: World) -> None:
    assert world.point_between("e", "f", 0.5) == pytest.approx((1.5, 2.0, 6.0))


def test_point_between_needs_coordinates(world: World) -> None:
    assert world.point_between("a", "e", 0.5) is None


def test_point_of_a_spot_along_an_edge_is_between_its_ends(world: World) -> None:
    assert world.point_of(Position("e", "f", 3.25)) == pytest.approx((0.75, 1.0, 3.0))
    assert world.point_of(Position("f")) == (3.0, 4.0, 12.0)


def test_point_of_a_spot_without_coordinates_is_none(world: World) -> None:
    assert world.point_of(Position("a", "b", 1.0)) is None


def test_line_of_sight_is_open_unless_blocked(world: World) -> None:
    assert world.line_of_sight("a", "b")


def test_blocked_line_of_sight_is_blocked_both_ways(world: World) -> None:
    assert not world.line_of_sight("c", "a")


def test_line_of_sight_does_not_need_a_way(world: World) -> None:
    assert world.line_of_sight("a", "d")


def test_cover_is_the_places_cover_chance(world: World) -> None:
    assert world.cover("b") == 40


def test_elevation_of_a_place(world: World) -> None:
    assert world.elevation("d") == 6.0


def test_exits_are_listed_in_map_order(world: World) -> None:
    assert world.exits() == ("c", "d")


def test_unknown_place_is_a_key_error(world: World) -> None:
    with pytest.raises(KeyError, match="rooftop"):
        world.distance("a", "rooftop")


def test_shortest_paths_are_computed_once_per_start(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []
    dijkstra = networkx.single_source_dijkstra

    def counting(graph: object, source: str, weight: str) -> object:
        calls.append(source)
        return dijkstra(graph, source, weight=weight)

    monkeypatch.setattr(networkx, "single_source_dijkstra", counting)
    for _ in range(3):
        world.distance("a", "c")
        world.path("a", "b")
    assert calls == ["a"]


def test_position_at_offset_zero_stands_at_the_place() -> None:
    assert Position("a", "b", 0.0) == Position("a")


def test_position_along_an_edge_needs_a_direction() -> None:
    with pytest.raises(ValueError, match="toward"):
        Position("a", None, 1.0)


def test_position_offset_cannot_be_negative() -> None:
    with pytest.raises(ValueError, match="offset"):
        Position("a", "b", -1.0)


def test_check_rejects_an_offset_beyond_the_edge(world: World) -> None:
    with pytest.raises(ValueError, match="beyond"):
        world.check(Position("a", "b", 3.0))


def test_advance_stops_part_way_along_an_edge(world: World) -> None:
    assert world.advance(Position("a"), "c", 5.0) == Position("b", "c", 2.0)


def test_advance_stops_at_the_place_rather_than_overshoot(world: World) -> None:
    assert world.advance(Position("a"), "c", 50.0) == Position("c")


def test_advance_by_nothing_stays_put(world: World) -> None:
    assert world.advance(Position("a"), "c", 0.0) == Position("a")


def test_advance_from_an_edge_turns_back_when_that_is_shorter(world: World) -> None:
    # 1 m out of a toward b (3 m edge): a is 1 m back, so 0.5 m more leaves 0.5 m to go.
    moved = world.advance(Position("a", "b", 1.0), "a", 0.5)
    assert world.distance_to(moved, "a") == pytest.approx(0.5)


def test_advance_toward_an_unreachable_place_stays_put(world: World) -> None:
    assert world.advance(Position("a", "b", 1.0), "d", 5.0) == Position("a", "b", 1.0)


def test_advance_rejects_negative_meters(world: World) -> None:
    with pytest.raises(ValueError, match="meters"):
        world.advance(Position("a"), "c", -1.0)


def test_distance_to_from_an_edge_uses_the_nearer_end(world: World) -> None:
    # 2 m out of b toward c (4 m edge): c is 2 m ahead; a is 2 + 3 = 5 m back.
    assert world.distance_to(Position("b", "c", 2.0), "a") == 5.0


def test_position_distance_along_one_edge_from_either_end(world: World) -> None:
    # On the 3 m edge a-b: 1 m from a, and 1 m from b (2 m from a).
    assert world.position_distance(Position("a", "b", 1.0), Position("b", "a", 1.0)) == 1.0


def test_position_distance_between_edges_goes_through_places(world: World) -> None:
    # 1 m from a toward b, and 1 m from c toward b: 2 m to b, then 3 m to the other spot.
    assert world.position_distance(Position("a", "b", 1.0), Position("c", "b", 1.0)) == 5.0


def test_nearest_place_of_a_position_on_an_edge(world: World) -> None:
    assert world.nearest_place(Position("b", "c", 3.0)) == "c"


# --- passing places and landmarks (G-248) ------------------------------------------------------


@pytest.fixture
def lane() -> World:
    """w (a wall) -4- m -6- e on a straight line, m only passed; e -5- n bends 90°."""
    return World(
        MapSpec(
            places=(
                PlaceSpec("w", x=0.0, y=0.0, features=("wall",)),
                PlaceSpec("m", x=4.0, y=0.0),
                PlaceSpec("e", x=10.0, y=0.0),
                PlaceSpec("n", x=10.0, y=5.0),
            ),
            edges=(
                EdgeSpec("w", "m", Meters(4.0)),
                EdgeSpec("m", "e", Meters(6.0)),
                EdgeSpec("e", "n", Meters(5.0)),
            ),
        )
    )


def test_a_place_on_the_straight_line_between_its_two_ways_is_only_passed(lane: World) -> None:
    assert [lane.is_landmark(p) for p in lane.places] == [True, False, True, True]


def test_a_place_with_a_size_is_a_landmark() -> None:
    """G-292: a square on the line is ground of its own, not a point passed."""
    spec = MapSpec(
        places=(
            PlaceSpec("a", x=0.0, y=0.0),
            PlaceSpec("m", x=1.0, y=0.0, size=20.0),
            PlaceSpec("b", x=2.0, y=0.0),
        ),
        edges=(EdgeSpec("a", "m", Meters(1.0)), EdgeSpec("m", "b", Meters(1.0))),
    )
    world = World(spec)
    assert world.is_landmark("m")
    assert world.size("m") == 20.0


def test_passing_places_can_be_switched_off() -> None:
    spec = MapSpec(
        places=(
            PlaceSpec("a", x=0.0, y=0.0),
            PlaceSpec("m", x=1.0, y=0.0),
            PlaceSpec("b", x=2.0, y=0.0),
        ),
        edges=(EdgeSpec("a", "m", Meters(1.0)), EdgeSpec("m", "b", Meters(1.0))),
    )
    assert World(spec, passing_places=False).is_landmark("m")


def test_the_nearest_place_is_a_landmark(lane: World) -> None:
    assert lane.nearest_place(Position("m", "e", 2.0)) == "e"  # 4 m to e, 6 m to w
    assert lane.nearest_place(Position("m")) == "w"


def test_ways_out_pass_places_only_passed(lane: World) -> None:
    assert lane.ways_out("w") == ("e",)
    assert lane.way_on("w", "m") == ("e", 10.0)


def test_the_next_landmark_on_a_way_skips_places_only_passed(lane: World) -> None:
    assert lane.next_landmark(Position("w"), "n") == "e"


def test_features_say_what_stops_a_throw(lane: World) -> None:
    assert (lane.is_solid("w"), lane.is_solid("m"), lane.is_edge_of_roof("w")) == (
        True,
        False,
        False,
    )


def test_bend_is_measured_on_the_ground(lane: World) -> None:
    assert lane.bend("m", "e", "n") == pytest.approx(90.0)
    assert lane.bend("w", "m", "e") == pytest.approx(0.0)


def corner(*, split: bool = False) -> World:
    """a (0, 0) -10- b (10, 0), then b -10- c (10, 10) round the corner and b -10- d (20, 0)
    straight on; with ``split``, a place only passed halfway from a to b."""
    places = [
        PlaceSpec("a", x=0.0, y=0.0),
        PlaceSpec("b", x=10.0, y=0.0),
        PlaceSpec("c", x=10.0, y=10.0),
        PlaceSpec("d", x=20.0, y=0.0),
        PlaceSpec("x"),
    ]
    edges = [EdgeSpec("b", "c", Meters(10.0)), EdgeSpec("b", "d", Meters(10.0))]
    if split:
        places.append(PlaceSpec("half", x=5.0, y=0.0))
        edges += [EdgeSpec("a", "half", Meters(5.0)), EdgeSpec("half", "b", Meters(5.0))]
    else:
        edges.append(EdgeSpec("a", "b", Meters(10.0)))
    edges += [EdgeSpec("c", "x", Meters(3.0))]
    return World(MapSpec(places=tuple(places), edges=tuple(edges)))


def test_bends_on_the_way_name_each_corner_with_its_degrees() -> None:
    assert corner().bends_on_the_way(Position("a"), "c") == (("b", 90.0),)


def test_bends_on_the_way_straight_on_bends_nothing() -> None:
    assert corner().bends_on_the_way(Position("a"), "d") == ()


def test_bends_on_the_way_from_part_way_along_an_edge() -> None:
    assert corner().bends_on_the_way(Position("a", "b", 4.0), "c") == (("b", 90.0),)


def test_bends_on_the_way_a_place_only_passed_adds_no_bend() -> None:
    """G-248: the same ground drawn with one more place on the line costs the same bends."""
    assert corner(split=True).bends_on_the_way(Position("a"), "c") == (("b", 90.0),)


def test_bends_on_the_way_a_place_without_coordinates_bends_nothing() -> None:
    assert corner().bends_on_the_way(Position("b"), "x") == ()


def block(*, reverse: bool = False) -> World:
    """A block of 10 m sides: a (0, 0), b (10, 0), c (10, 10), d (0, 10); two equally short
    ways from a to c, either side of it. ``reverse`` lists the places and edges backwards."""
    places = [
        PlaceSpec("a", x=0.0, y=0.0),
        PlaceSpec("b", x=10.0, y=0.0),
        PlaceSpec("c", x=10.0, y=10.0),
        PlaceSpec("d", x=0.0, y=10.0),
    ]
    edges = [
        EdgeSpec(p, q, Meters(10.0)) for p, q in (("a", "b"), ("b", "c"), ("c", "d"), ("d", "a"))
    ]
    if reverse:
        places.reverse()
        edges.reverse()
    return World(MapSpec(places=tuple(places), edges=tuple(edges)))


def test_shortest_ways_lists_every_equally_short_way_by_name() -> None:
    assert block().shortest_ways(Position("a"), "c") == (("b", "c"), ("d", "c"))


def test_shortest_ways_do_not_follow_the_maps_order() -> None:
    assert block(reverse=True).shortest_ways(Position("a"), "c") == (("b", "c"), ("d", "c"))


def test_shortest_ways_from_part_way_along_an_edge_take_its_nearer_end() -> None:
    assert block().shortest_ways(Position("a", "b", 4.0), "c") == (("b", "c"),)


def test_shortest_ways_there_already_or_out_of_reach_are_none() -> None:
    assert block().shortest_ways(Position("c"), "c") == ()
    assert corner().shortest_ways(Position("a"), "x") == (("b", "c", "x"),)


def test_advance_along_follows_the_way_given() -> None:
    world = block()
    assert world.advance_along(Position("a"), ("d", "c"), 14.0) == Position("d", "c", 4.0)
    assert world.advance_along(Position("a"), ("d", "c"), 25.0) == Position("c")
    assert world.way_length(Position("a", "d", 4.0), ("d", "c")) == 16.0


def test_bends_on_the_way_along_a_way_given() -> None:
    assert block().bends_on_the_way(Position("a"), "c", ("d", "c")) == (("d", 90.0),)


# --- the ground under a point (G-175) -----------------------------------------------------------


@pytest.fixture
def roofed_street() -> World:
    """A street a -10- b; a roof r 6 m up over the street's middle, joined to b by stairs."""
    return World(
        MapSpec(
            places=(
                PlaceSpec("a", x=0.0, y=0.0),
                PlaceSpec("b", x=10.0, y=0.0),
                PlaceSpec("r", x=5.0, y=0.0, elevation=6.0),
            ),
            edges=(EdgeSpec("a", "b", Meters(10.0)), EdgeSpec("b", "r", Meters(8.0))),
        )
    )


def test_the_ground_under_a_point_is_the_nearest_spot_of_the_map(roofed_street: World) -> None:
    """Over (3, 2) the nearest spot is 3 m along the street, 2 m off to the side."""
    assert roofed_street.ground_under(3.0, 2.0) == Position("a", "b", 3.0)
    assert roofed_street.ground_under(-4.0, 0.0) == Position("a")


def test_a_roof_over_the_street_catches_what_falls_first(roofed_street: World) -> None:
    """Over the roof's (5, 0): the roof, 6 m up, before the street under it; falling from
    4 m up, only the street is below."""
    assert roofed_street.ground_under(5.0, 0.0) == Position("r")
    assert roofed_street.ground_under(5.0, 0.0, below=4.0) == Position("a", "b", 5.0)


def test_a_map_without_coordinates_has_no_ground_under_a_point() -> None:
    world = World(MapSpec(places=(PlaceSpec("a"), PlaceSpec("b")), edges=()))
    assert world.ground_under(0.0, 0.0) is None
