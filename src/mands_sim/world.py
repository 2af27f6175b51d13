"""The map of an encounter: places, distances, paths and lines of sight.

A :class:`World` is built once per simulation from the scenario's :class:`MapSpec` over a
networkx graph whose edges carry their length in meters. It answers the questions the movement
and range rules ask (``docs/rules/combat.md`` §11 range, §13 cover, §18 movement): how far apart two
places or two characters are along the ground, which way to go, whether one place can see
another. Shortest paths are computed once per starting place and cached, because a simulation
asks the same questions many times. Paths are deterministic: the same map always gives the same
path, ties broken by the order of the map's places and edges; a run does not rely on that order:
it asks :meth:`World.shortest_ways` for every equally short way and chooses among them itself
(G-277), then walks the one it chose (:meth:`World.advance_along`).

Characters stand at a place or part-way along an edge: a :class:`Position`.

**Passing places** (G-248): how finely a map is drawn must not change what happens on it. A
place with exactly two edges, on the straight line between its two neighbours (elevation
included), with no feature, cover, size, exit or blocked line of sight, is only passed: the map
would be the same without it. Such a place is not a *landmark*. Questions that pick a place —
the place nearest a spot (:meth:`World.nearest_place`), the next stop on a way
(:meth:`World.next_landmark`), the ways out of a place (:meth:`World.ways_out`) — answer with
landmarks, so splitting an edge of open ground with a place on its line changes no answer.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import pairwise
from typing import cast

import networkx as nx  # type: ignore[import-untyped]

from mands_sim.scenario import SOLID_FEATURES, MapSpec, PlaceSpec
from mands_sim.units import Meters

_SNAP = 1e-9
"""Meters: a walk ending this close to a place ends at the place (float rounding only)."""

_STRAIGHT = 1e-6
"""Radians: a bend this small is the straight line (float rounding only)."""

_Leg = tuple[str, str, float]
"""An edge to walk: from, to, and the meters already walked along it."""

Point = tuple[float, float, float]
"""Coordinates in meters: ``(x, y, elevation)``."""

MAX_WAYS = 64
"""A guard, not a rule: :meth:`World.shortest_ways` lists at most this many equally short ways
(a grid of streets has very many)."""


@dataclass(frozen=True, slots=True)
class Position:
    """Where a character stands: at ``place``, or ``offset`` meters from it toward ``toward``.

    A character at a place has ``toward=None`` and ``offset=0``; a position with ``offset == 0``
    is normalized to stand at ``place``. The same spot part-way along an edge can be written from
    either end (``Position("a", "b", 2)`` on a 5 m edge is the spot of ``Position("b", "a", 3)``);
    :meth:`World.advance` writes it from the end the character came from.
    """

    place: str
    toward: str | None = None
    offset: float = 0.0

    def __post_init__(self) -> None:
        if not (self.offset >= 0 and math.isfinite(self.offset)):
            raise ValueError(f"offset must be a finite number of meters >= 0, not {self.offset}")
        if self.toward is None and self.offset != 0:
            raise ValueError("a position part-way along an edge needs the place it is toward")
        if self.offset == 0 and self.toward is not None:
            object.__setattr__(self, "toward", None)

    @property
    def at_place(self) -> bool:
        """Whether the character stands at a place rather than part-way along an edge."""
        return self.toward is None


class World:
    """Map queries for one encounter. Read-only once built; shortest paths are cached.

    Distances are in meters. Unknown place names raise ``KeyError``; a place that cannot be
    reached along the map is ``math.inf`` away and has no path.
    """

    def __init__(self, map_spec: MapSpec, *, passing_places: bool = True) -> None:
        """``passing_places``: G-248 ``pass`` (default); ``False`` makes every place a landmark."""
        self._places: dict[str, PlaceSpec] = {place.name: place for place in map_spec.places}
        self._graph = nx.Graph()
        self._graph.add_nodes_from(self._places)
        for edge in map_spec.edges:
            self._graph.add_edge(edge.a, edge.b, length=float(edge.length))
        self._edge_list = tuple((edge.a, edge.b, float(edge.length)) for edge in map_spec.edges)
        self._blocked = frozenset(frozenset(pair) for pair in map_spec.blocked_sight)
        self._index = {name: index for index, name in enumerate(self._places)}
        self._exits = tuple(place.name for place in map_spec.places if place.exit)
        self._routes: dict[str, tuple[dict[str, float], dict[str, list[str]]]] = {}
        sighted = {place for pair in map_spec.blocked_sight for place in pair}
        self._passing = frozenset(
            name
            for name in self._places
            if passing_places and name not in sighted and self._passed_only(name)
        )

    # -- places ---------------------------------------------------------------------------

    @property
    def places(self) -> tuple[str, ...]:
        """Every place's name, in map order."""
        return tuple(self._places)

    def place(self, name: str) -> PlaceSpec:
        """The place called ``name``."""
        try:
            return self._places[name]
        except KeyError:
            raise KeyError(f"no place named {name!r} on the map") from None

    def cover(self, place: str) -> int:
        """The Cover Chance in percent that ``place`` gives (``docs/rules/combat.md`` §13)."""
        return self.place(place).cover

    def size(self, place: str) -> Meters:
        """Meters across the ground ``place`` covers (0: no more than its occupants need)."""
        return Meters(self.place(place).size)

    def elevation(self, place: str) -> Meters:
        """The height of ``place`` in meters."""
        return Meters(self.place(place).elevation)

    def exits(self) -> tuple[str, ...]:
        """The places where a character can leave the encounter, in map order."""
        return self._exits

    def is_exit(self, place: str) -> bool:
        """Whether a character can leave the encounter at ``place``."""
        return self.place(place).exit

    def neighbors(self, place: str) -> tuple[str, ...]:
        """The places one edge away from ``place``."""
        self.place(place)
        return tuple(self._graph.neighbors(place))

    def edge_length(self, a: str, b: str) -> Meters:
        """The length of the edge between ``a`` and ``b``; ``KeyError`` if there is none."""
        data = self._graph.get_edge_data(a, b)
        if data is None:
            raise KeyError(f"no edge between {a!r} and {b!r}")
        return Meters(cast(float, data["length"]))

    def features(self, place: str) -> tuple[str, ...]:
        """What stands at ``place`` that a thrown character meets (G-245); ``()``: open ground."""
        return self.place(place).features

    def is_solid(self, place: str) -> bool:
        """Whether ``place`` has a wall or an obstacle a thrown character hits (G-245)."""
        return not SOLID_FEATURES.isdisjoint(self.features(place))

    def is_edge_of_roof(self, place: str) -> bool:
        """Whether ``place`` is a rooftop edge, a drop a thrown character goes over (G-249)."""
        return "edge" in self.features(place)

    def is_landmark(self, place: str) -> bool:
        """Whether ``place`` is more than a place one passes (module docstring, G-248)."""
        self.place(place)
        return place not in self._passing

    def bend(self, came_from: str, at: str, going: str) -> float | None:
        """Degrees between the way ``came_from`` → ``at`` and the way ``at`` → ``going`` on the
        ground (x, y); ``None`` when a place has no coordinates or a way is vertical."""
        points = [self.place(name).coordinates for name in (came_from, at, going)]
        if any(point is None for point in points):
            return None
        (ax, ay, _), (bx, by, _), (cx, cy, _) = cast(list[tuple[float, float, float]], points)
        if math.hypot(bx - ax, by - ay) <= _SNAP or math.hypot(cx - bx, cy - by) <= _SNAP:
            return None
        turn = math.atan2(cy - by, cx - bx) - math.atan2(by - ay, bx - ax)
        return abs(math.degrees(math.atan2(math.sin(turn), math.cos(turn))))

    def bends_on_the_way(
        self, position: Position, goal: str, way: tuple[str, ...] = ()
    ) -> tuple[tuple[str, float], ...]:
        """The landmarks where the way from ``position`` to ``goal`` (the shortest, or ``way``)
        bends on the ground, each with the degrees of its bend; places only passed (G-248) and
        places without coordinates bend nothing here."""
        legs = self.way_legs(position, way) if way else (self._legs(position, goal) or [])
        bends: list[tuple[str, float]] = []
        for (came, at, _), (_, going, _) in pairwise(legs):
            degrees = self.bend(came, at, going) if self.is_landmark(at) else None
            if degrees is not None and math.radians(degrees) > _STRAIGHT:
                bends.append((at, degrees))
        return tuple(bends)

    def shortest_ways(self, position: Position, goal: str) -> tuple[tuple[str, ...], ...]:
        """Every way from ``position`` to ``goal`` as short as the shortest, each as the places
        it reaches after leaving ``position`` (``goal`` last), sorted by their names (so that
        the map's order of places and edges plays no part); ``()`` when already there or when
        ``goal`` cannot be reached. At most :data:`MAX_WAYS` are listed."""
        if position.at_place and position.place == goal:
            return ()
        starts = self._starts(position)
        best = min(cost + self.distance(end, goal) for end, cost, _ in starts)
        if math.isinf(best):
            return ()
        ways: set[tuple[str, ...]] = set()
        for end, cost, first in starts:
            if cost + self.distance(end, goal) > best + _SNAP:
                continue
            found = nx.all_shortest_paths(self._graph, end, goal, weight="length")
            for _, nodes in zip(range(MAX_WAYS), found, strict=False):
                ways.add(first + tuple(nodes[1:]))
        return tuple(sorted(ways))[:MAX_WAYS]

    def way_legs(self, position: Position, way: tuple[str, ...]) -> list[_Leg]:
        """The edges to walk from ``position`` through the places of ``way`` in turn."""
        if position.toward is None:
            first: _Leg = (position.place, way[0], 0.0)
        elif way[0] == position.toward:
            first = (position.place, position.toward, position.offset)
        else:
            length = float(self.edge_length(position.place, position.toward))
            first = (position.toward, position.place, length - position.offset)
        return [first, *((a, b, 0.0) for a, b in pairwise(way))]

    def way_length(self, position: Position, way: tuple[str, ...]) -> Meters:
        """Meters from ``position`` along ``way`` to its last place."""
        legs = self.way_legs(position, way)
        return Meters(sum(float(self.edge_length(a, b)) - walked for a, b, walked in legs))

    def advance_along(self, position: Position, way: tuple[str, ...], meters: float) -> Position:
        """:meth:`advance`, along ``way`` rather than the map's shortest way."""
        return self._walk(position, self.way_legs(position, way), way[-1], meters)

    def way_on(self, place: str, first: str) -> tuple[str, Meters]:
        """The landmark reached leaving ``place`` along its edge to ``first``, passing places
        that are only passed, and the meters to it."""
        came, at = place, first
        meters = float(self.edge_length(place, first))
        for _ in range(len(self._places)):
            if at == place or self.is_landmark(at):
                break
            came, at = at, next(n for n in self._graph.neighbors(at) if n != came)
            meters += float(self.edge_length(came, at))
        return at, Meters(meters)

    def ways_out(self, place: str) -> tuple[str, ...]:
        """The landmarks one way away from ``place``: one per edge, passing places passed."""
        return tuple(dict.fromkeys(self.way_on(place, n)[0] for n in self.neighbors(place)))

    def next_landmark(self, position: Position, goal: str) -> str | None:
        """The first landmark (or ``goal``) on the shortest way from ``position`` to ``goal``,
        not counting the place ``position`` stands at; ``None`` when it is there or cannot
        get there."""
        legs = self._legs(position, goal)
        if not legs:
            return None
        ends = [end for _, end, _ in legs]
        return next(place for place in ends if place == goal or self.is_landmark(place))

    # -- between places -------------------------------------------------------------------

    def distance(self, a: str, b: str) -> Meters:
        """Meters from ``a`` to ``b`` along the map (shortest path); ``math.inf`` if unreachable.

        Exactly symmetric: both directions are measured from the place first in map order.
        """
        source, target = self._ordered(a, b)
        return Meters(self._route_from(source)[0].get(target, math.inf))

    def path(self, a: str, b: str) -> tuple[str, ...] | None:
        """The places on the shortest way from ``a`` to ``b``, both included; ``None`` if none.

        The way back is the same way reversed.
        """
        source, target = self._ordered(a, b)
        nodes = self._route_from(source)[1].get(target)
        if nodes is None:
            return None
        return tuple(nodes) if source == a else tuple(reversed(nodes))

    def straight_distance(self, a: str, b: str) -> Meters | None:
        """Straight-line meters between ``a`` and ``b`` (elevation included), from coordinates.

        ``None`` when either place has no coordinates.
        """
        here, there = self.place(a).coordinates, self.place(b).coordinates
        if here is None or there is None:
            return None
        return Meters(math.dist(here, there))

    def point_between(self, a: str, b: str, share: float) -> Point | None:
        """The point ``share`` (0 … 1) of the straight line from ``a``'s coordinates to
        ``b``'s (elevation included); ``None`` when either place has no coordinates."""
        here, there = self.place(a).coordinates, self.place(b).coordinates
        if here is None or there is None:
            return None
        return cast(Point, tuple(h + (t - h) * share for h, t in zip(here, there, strict=True)))

    def point_of(self, position: Position) -> Point | None:
        """The coordinates of ``position``: its place's, or part-way along its edge between its
        two ends' in proportion; ``None`` when a place it needs has no coordinates."""
        if position.toward is None:
            return self.place(position.place).coordinates
        length = float(self.edge_length(position.place, position.toward))
        return self.point_between(position.place, position.toward, position.offset / length)

    def ground_under(self, x: float, y: float, *, below: float = math.inf) -> Position | None:
        """The spot of the map whose coordinates lie nearest ``(x, y)`` over the ground, no
        higher than ``below`` meters (G-175: where something falling from there lands): on the
        drawn edges between places with coordinates, or at a place with coordinates; of spots
        equally near, the highest (a roof over a street catches it first), then the first in map
        order; ``None`` when no such spot has coordinates."""
        found = [
            (round(horizontal, 9), -point[2], rank, spot)
            for rank, (spot, horizontal) in enumerate(self._ground_spots(x, y))
            if (point := self.point_of(spot)) is not None and point[2] <= below + _SNAP
        ]
        return min(found)[3] if found else None

    def _ground_spots(self, x: float, y: float) -> list[tuple[Position, float]]:
        """For every place with coordinates, and every edge between two, the spot on it nearest
        ``(x, y)`` and its horizontal distance, in map order."""
        spots = [
            (Position(name), math.dist((x, y), place.coordinates[:2]))
            for name, place in self._places.items()
            if place.coordinates is not None
        ]
        for a, b, length in self._edge_list:
            start, end = self._places[a].coordinates, self._places[b].coordinates
            if start is None or end is None:
                continue
            share = _share_nearest((x, y), start[:2], end[:2])
            if 0 < share < 1:
                foot = [s + (e - s) * share for s, e in zip(start[:2], end[:2], strict=True)]
                spots.append((Position(a, b, share * length), math.dist((x, y), foot)))
        return spots

    def line_of_sight(self, a: str, b: str) -> bool:
        """Whether someone at ``a`` can see ``b``: always, unless the map blocks the pair."""
        self.place(a)
        self.place(b)
        return a == b or frozenset((a, b)) not in self._blocked

    # -- positions ------------------------------------------------------------------------

    def check(self, position: Position) -> None:
        """Raise ``ValueError`` unless ``position`` is on this map (its edge exists, its offset
        lies within the edge)."""
        self.place(position.place)
        if position.toward is not None:
            length = self.edge_length(position.place, position.toward)
            if position.offset >= length:
                raise ValueError(f"{position} lies beyond the end of its {length} m edge")

    def nearest_place(self, position: Position) -> str:
        """The landmark nearest ``position`` along the map (G-248): its own place, or along its
        edge and the places only passed beyond it, the nearer end (the one it left, or the
        first in map order, on a tie)."""
        (back, back_meters), (ahead, ahead_meters) = self.landmark_ends(position)
        if ahead_meters < back_meters or (
            ahead_meters == back_meters
            and position.at_place
            and self._order(ahead) < self._order(back)
        ):
            return ahead
        return back

    def landmark_ends(self, position: Position) -> tuple[tuple[str, Meters], tuple[str, Meters]]:
        """The landmarks on either side of ``position`` with the meters to each: the edge's two
        ends, or for a place one only passes its way on each side; a landmark's own place is
        both ends, 0 m away."""
        if position.toward is None:
            if self.is_landmark(position.place):
                return (position.place, Meters(0.0)), (position.place, Meters(0.0))
            one, other = self.neighbors(position.place)
            return self.way_on(position.place, one), self.way_on(position.place, other)
        (back, back_cost), (ahead, ahead_cost) = self._ends(position)
        behind, behind_more = self.landmark_past(ahead, back)
        before, before_more = self.landmark_past(back, ahead)
        return (
            (behind, Meters(back_cost + float(behind_more))),
            (before, Meters(ahead_cost + float(before_more))),
        )

    def landmark_past(self, came_from: str, at: str) -> tuple[str, Meters]:
        """The landmark at or past ``at`` for one coming from ``came_from`` along their edge,
        and the meters from ``at`` to it (places only passed are passed, G-248)."""
        if self.is_landmark(at):
            return at, Meters(0.0)
        onward = next(n for n in self._graph.neighbors(at) if n != came_from)
        return self.way_on(at, onward)

    def distance_to(self, position: Position, place: str) -> Meters:
        """Meters from ``position`` to ``place`` along the map; ``math.inf`` if unreachable."""
        if position.toward is None:
            return self.distance(position.place, place)
        return Meters(min(cost + self.distance(end, place) for end, cost in self._ends(position)))

    def position_distance(self, one: Position, other: Position) -> Meters:
        """Meters between two positions along the map; ``math.inf`` if unreachable."""
        if other.toward is None:
            return self.distance_to(one, other.place)
        if one.toward is None:
            return self.distance_to(other, one.place)
        around = min(
            cost + self.distance(end, other_end) + other_cost
            for end, cost in self._ends(one)
            for other_end, other_cost in self._ends(other)
        )
        return Meters(min(around, self._along_same_edge(one, other)))

    def advance(self, position: Position, toward_place: str, meters: float) -> Position:
        """Where a character at ``position`` ends up after walking ``meters`` toward
        ``toward_place`` along the shortest way. The movement rules (``docs/rules/combat.md`` §18)
        say how many meters; this says where they lead. It stops at ``toward_place`` rather
        than overshoot, and stays put when the place cannot be reached."""
        legs = self._legs(position, toward_place)
        if legs is None:
            return position
        return self._walk(position, legs, toward_place, meters)

    def _walk(self, position: Position, legs: list[_Leg], goal: str, meters: float) -> Position:
        """Where ``meters`` along ``legs`` from ``position`` lead, stopping at ``goal``."""
        if not (meters >= 0 and math.isfinite(meters)):
            raise ValueError(f"meters must be a finite number >= 0, not {meters}")
        for start, end, walked in legs:
            length = float(self.edge_length(start, end))
            if walked + meters < length - _SNAP:
                return Position(start, end, walked + meters)
            meters = max(0.0, meters - (length - walked))
        return Position(goal)

    # -- internals ------------------------------------------------------------------------

    def _passed_only(self, name: str) -> bool:
        """Two edges, on the straight line between its neighbours, nothing there (G-248)."""
        place = self._places[name]
        if place.features or place.cover or place.exit or place.size:
            return False
        if self._graph.degree(name) != 2:
            return False
        one, other = self._graph.neighbors(name)
        ends = [self._places[one], self._places[other]]
        if place.coordinates is None or any(end.coordinates is None for end in ends):
            share = float(self.edge_length(one, name)) / (
                float(self.edge_length(one, name)) + float(self.edge_length(name, other))
            )
            between = ends[0].elevation + (ends[1].elevation - ends[0].elevation) * share
            return abs(place.elevation - between) <= _SNAP
        here, a, b = (cast(tuple[float, float, float], p.coordinates) for p in (place, *ends))
        return _on_line(a, here, b)

    def _ordered(self, a: str, b: str) -> tuple[str, str]:
        """``a`` and ``b``, the one first in map order first."""
        return (a, b) if self._order(a) <= self._order(b) else (b, a)

    def _order(self, place: str) -> int:
        try:
            return self._index[place]
        except KeyError:
            raise KeyError(f"no place named {place!r} on the map") from None

    def _route_from(self, source: str) -> tuple[dict[str, float], dict[str, list[str]]]:
        """Shortest distances and paths from ``source`` to every reachable place (cached)."""
        routes = self._routes.get(source)
        if routes is None:
            routes = cast(
                tuple[dict[str, float], dict[str, list[str]]],
                nx.single_source_dijkstra(self._graph, source, weight="length"),
            )
            self._routes[source] = routes
        return routes

    def _ends(self, position: Position) -> tuple[tuple[str, float], tuple[str, float]]:
        """The two ends of the edge ``position`` is on, each with the meters to reach it."""
        assert position.toward is not None
        length = float(self.edge_length(position.place, position.toward))
        return ((position.place, position.offset), (position.toward, length - position.offset))

    def _starts(self, position: Position) -> list[tuple[str, float, tuple[str, ...]]]:
        """Where a way from ``position`` can begin: its place, or either end of its edge, each
        with the meters to it and the places reached getting there."""
        if position.toward is None:
            return [(position.place, 0.0, ())]
        return [(end, cost, (end,)) for end, cost in self._ends(position)]

    def _along_same_edge(self, one: Position, other: Position) -> float:
        """Meters between two positions straight along their shared edge; ``inf`` if none."""
        if {one.place, one.toward} != {other.place, other.toward}:
            return math.inf
        length = float(self.edge_length(one.place, cast(str, one.toward)))
        other_offset = other.offset if other.place == one.place else length - other.offset
        return abs(one.offset - other_offset)

    def _legs(self, position: Position, target: str) -> list[_Leg] | None:
        """The edges to walk from ``position`` to ``target``; ``None`` if it is unreachable."""
        if position.toward is None:
            nodes = self.path(position.place, target)
            return None if nodes is None else [(a, b, 0.0) for a, b in pairwise(nodes)]
        (back, back_cost), (ahead, ahead_cost) = self._ends(position)
        via_back = back_cost + self.distance(back, target)
        via_ahead = ahead_cost + self.distance(ahead, target)
        if math.isinf(min(via_back, via_ahead)):
            return None
        length = back_cost + ahead_cost
        if via_back <= via_ahead:
            first, end = (ahead, back, length - back_cost), back
        else:
            first, end = (back, ahead, back_cost), ahead
        rest = cast(tuple[str, ...], self.path(end, target))
        return [first, *((a, b, 0.0) for a, b in pairwise(rest))]


def _on_line(
    a: tuple[float, float, float], here: tuple[float, float, float], b: tuple[float, float, float]
) -> bool:
    """Whether ``here`` lies on the straight segment from ``a`` to ``b`` (strictly between)."""
    to_here, to_b = math.dist(a, here), math.dist(here, b)
    return min(to_here, to_b) > _SNAP and abs(to_here + to_b - math.dist(a, b)) <= _STRAIGHT * (
        to_here + to_b
    )


def _share_nearest(
    point: tuple[float, float], start: tuple[float, ...], end: tuple[float, ...]
) -> float:
    """The share (0 … 1) of the way from ``start`` to ``end`` nearest ``point``, horizontally."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    span = dx * dx + dy * dy
    if span == 0:
        return 0.0
    along = ((point[0] - start[0]) * dx + (point[1] - start[1]) * dy) / span
    return min(1.0, max(0.0, along))
