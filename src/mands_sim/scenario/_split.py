"""Splitting a map's edges with places only passed: the same map, drawn more finely (G-248).

:func:`split_edges` is for tests and benchmarks of the property that how finely the Editor draws
the map does not change what happens on it: every edge of open ground becomes ``pieces`` edges
through new places on the straight line between its ends (coordinates and elevation
interpolated, the same total length), places with no feature, cover or exit.
"""

from __future__ import annotations

import dataclasses
from itertools import pairwise

from mands_sim.scenario._spec import EdgeSpec, MapSpec, PlaceSpec, ScenarioSpec
from mands_sim.units import Meters

SPLIT_MARK = "~"
"""Joins the names of a new place: ``a~b~1`` is the first place from ``a`` toward ``b``."""


def split_edges(spec: ScenarioSpec, pieces: int = 2) -> ScenarioSpec:
    """``spec`` with every edge of open ground split into ``pieces`` equal edges.

    An edge with a rooftop ``edge`` at either end is kept whole: the ground falls away past it
    (G-249), so no place on the straight line between its ends stands on the ground.
    """
    if pieces < 1:
        raise ValueError(f"pieces must be at least 1, not {pieces}")
    places = list(spec.map.places)
    edges: list[EdgeSpec] = []
    for edge in spec.map.edges:
        ends = (spec.map.place(edge.a), spec.map.place(edge.b))
        if pieces == 1 or any("edge" in end.features for end in ends):
            edges.append(edge)
            continue
        between = [passing_place(edge, *ends, k / pieces, k) for k in range(1, pieces)]
        places += between
        chain = [edge.a, *(place.name for place in between), edge.b]
        edges += [EdgeSpec(a, b, Meters(edge.length / pieces)) for a, b in pairwise(chain)]
    split = MapSpec(tuple(places), tuple(edges), spec.map.blocked_sight)
    return dataclasses.replace(spec, map=split)


def passing_place(edge: EdgeSpec, a: PlaceSpec, b: PlaceSpec, share: float, k: int) -> PlaceSpec:
    """The ``k``-th new place on ``edge``, ``share`` of the way from ``a`` to ``b``."""
    name = SPLIT_MARK.join((edge.a, edge.b, str(k)))
    elevation = a.elevation + (b.elevation - a.elevation) * share
    if a.x is None or a.y is None or b.x is None or b.y is None:
        return PlaceSpec(name, elevation=elevation)
    x, y = a.x + (b.x - a.x) * share, a.y + (b.y - a.y) * share
    return PlaceSpec(name, x, y, elevation)
