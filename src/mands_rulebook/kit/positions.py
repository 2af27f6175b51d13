"""Where characters are: lazy positions of runners, distance and reach, movement Defense
(seed "Move Roll": "Determine how far a character has moved only on the character's action, or
when the character is being attacked"; ``docs/rules/combat.md`` §4; G-65, G-67).

Part of the movement rules (:mod:`mands_rulebook.movement.moving` is the plugin); any plugin or
policy may ask these. Contact (within reach, and room around the target) is
:mod:`mands_rulebook.kit.crowding`'s. Nothing here is a hook.

A flyer on a straight flight (G-67 ``straight``) keeps its start as its spot on the map until it
lands, but distances to it are measured from the point of its straight line it has reached
(:func:`distance_now`, :func:`flight_distance`): to anyone with coordinates in a straight line,
elevation included; to anyone without, G-291.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from mands_rulebook.kit.movement.pace import (
    MOVE,
    OWN_REASONS,
    PACE,
    Pace,
    PaceChanged,
    PaceDefaults,
)
from mands_sim.actions import ActionInProgress
from mands_sim.defaults import rule_default
from mands_sim.events import ActionStarted, Event, Moved
from mands_sim.kernel.encounter import Encounter
from mands_sim.log_index import kept_answer
from mands_sim.world import Point, Position, World


@dataclass(frozen=True, slots=True)
class PositionDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-291."""

    G291_flight_without_coordinates: Literal["ends", "start"] = rule_default(
        "G-291",
        "The distance from a flyer on a straight flight (G-67) to someone at a spot without "
        "coordinates: the shorter way from its point on the line through either end of the "
        "flight, then along the map ('ends'), or along the map from the flight's start place "
        "('start').",
        "ends",
        ("ends", "start"),
    )


def running_move(encounter: Encounter, actor: str) -> ActionInProgress | None:
    """``actor``'s move in progress that is a run (not a stumble or a lost-control flight)."""
    for action in encounter.state[actor].actions:
        if action.name == MOVE.name and isinstance(action.prepared.get(PACE), Pace):
            return action
    return None


def course(log: Sequence[Event], actor: str, move: ActionInProgress) -> tuple[Pace, bool]:
    """The run's latest pace, and whether something else has moved the runner since (G-65)."""
    interrupted = False
    for event in reversed(log):
        started = isinstance(event, ActionStarted) and event.action_id == move.action_id
        if started or event.segment < move.started_at:
            break
        if isinstance(event, Moved) and event.character == actor:
            interrupted = interrupted or event.reason not in OWN_REASONS
        if isinstance(event, PaceChanged) and event.action_id == move.action_id:
            return event.pace(move.prepared.of(PACE, Pace).flight_path), interrupted
    return move.prepared.of(PACE, Pace), interrupted


MOTION: Final = "motion now"
"""The key under which everyone's paces and positions are kept while the log and the segment
stand (one kept answer: a distance asks for two positions and two flights at once)."""

Motion = dict[tuple[str, str], Any]
"""``(PACE | POSITION, character)`` → its pace or position now, filled as they are asked."""


def motion_now(encounter: Encounter) -> Motion:
    """The paces and positions found so far at this log length and segment."""
    return kept_answer(encounter, MOTION, dict)


def current_pace(encounter: Encounter, actor: str) -> Pace | None:
    """The pace ``actor`` runs at now, or ``None`` when it is not running (kept while the log
    and the segment stand: contact and crowding ask it for everyone, again and again)."""
    return _pace(encounter, motion_now(encounter), actor)


def _pace(encounter: Encounter, motion: Motion, actor: str) -> Pace | None:
    key = (PACE, actor)
    if key in motion:
        return motion[key]  # type: ignore[no-any-return]
    found = motion[key] = pace_now(encounter, actor)
    return found


def pace_now(encounter: Encounter, actor: str) -> Pace | None:
    move = running_move(encounter, actor)
    if move is None or encounter.world is None:
        return None
    pace, interrupted = course(encounter.log, actor, move)
    return None if interrupted else pace


POSITION: Final = "position now"
"""The key under which a character's position is kept while the log and the segment stand."""

FLYING_POWERS: Final = frozenset({"flight", "flightslow"})
"""Powers that fly, as letters only: ``Flight`` (the sheet's short name) and the seed's
"Flight, Slow" (G-67, G-128)."""


def can_fly(powers: Iterable[str]) -> bool:
    """Whether a sheet's powers include one that flies (names matched by letters only)."""
    return any(
        "".join(c for c in name.casefold() if c.isalnum()) in FLYING_POWERS for name in powers
    )


def position_now(encounter: Encounter, actor: str) -> Position | None:
    """Where ``actor`` is at this segment, running or not (for any plugin or policy; kept
    while the log and the segment stand)."""
    return _position(encounter, motion_now(encounter), actor)


def _position(encounter: Encounter, motion: Motion, actor: str) -> Position | None:
    key = (POSITION, actor)
    if key in motion:
        return motion[key]  # type: ignore[no-any-return]
    found = motion[key] = _spot(encounter, motion, actor)
    return found


def spot_now(encounter: Encounter, actor: str) -> Position | None:
    return _spot(encounter, motion_now(encounter), actor)


def _spot(encounter: Encounter, motion: Motion, actor: str) -> Position | None:
    pace = _pace(encounter, motion, actor)
    if pace is None:
        return encounter.state[actor].position
    return pace.position_at(encounter.need_world(), seen_at(encounter))


def seen_at(encounter: Encounter) -> int:
    """The segment runners are seen at: now, or where the time model moves them (its optional
    ``movement_segment``: Simpler Combat's "Move at the end of the Combat Turn", G-192)."""
    moved = getattr(encounter.time, "movement_segment", None)
    return encounter.now if moved is None else int(moved(encounter, encounter.now))


def distance_now(encounter: Encounter, one: str, other: str) -> float:
    """Meters between two characters now over the ground: along the map, or to or from a flyer
    on a straight flight from its point on the line (:func:`flight_distance`; 0 without a
    map)."""
    motion = motion_now(encounter)
    here, there = _position(encounter, motion, one), _position(encounter, motion, other)
    if encounter.world is None or here is None or there is None:
        return 0.0
    flying = [_flight(encounter, motion, who) for who in (one, other)]
    if any(pace is not None for pace in flying):
        return flight_distance(encounter, (here, flying[0]), (there, flying[1]))
    if here == there:
        return 0.0
    return float(encounter.world.position_distance(here, there))


def flight_now(encounter: Encounter, who: str) -> Pace | None:
    """``who``'s straight flight (G-67 ``straight``) while it is under way, else ``None``."""
    return _flight(encounter, motion_now(encounter), who)


def _flight(encounter: Encounter, motion: Motion, who: str) -> Pace | None:
    pace = _pace(encounter, motion, who)
    world = encounter.world
    if pace is None or world is None or pace.flight_point(world, seen_at(encounter)) is None:
        return None
    return pace


Whereabouts = tuple[Position, Pace | None]
"""A character's spot on the map, and its straight flight under way (``None``: not flying)."""


def flight_distance(encounter: Encounter, one: Whereabouts, other: Whereabouts) -> float:
    """G-67: meters from a flyer's point on its straight line to another's coordinates (its
    place's, along its edge in proportion, or its own flight's point), elevation included;
    G-291 ``ends``: to one without coordinates, the nearer way through either end of the
    flight, as if the line were an edge of the map; ``start``: along the map from the flight's
    start place."""
    world, segment = encounter.world, seen_at(encounter)
    assert world is not None
    points = [point_of(world, spot, pace, segment) for spot, pace in (one, other)]
    if points[0] is not None and points[1] is not None:
        return math.dist(points[0], points[1])
    (flyer, pace), (spot, _) = (one, other) if one[1] is not None else (other, one)
    assert pace is not None
    if encounter.defaults.of(PositionDefaults).G291_flight_without_coordinates == "start":
        return float(world.position_distance(flyer, spot))
    return via_flight_ends(world, pace, segment, spot)


def point_of(world: World, spot: Position, pace: Pace | None, segment: int) -> Point | None:
    """A character's coordinates: its flight's point, or its spot's on the map."""
    point = None if pace is None else pace.flight_point(world, segment)
    return point if point is not None else world.point_of(spot)


def via_flight_ends(world: World, pace: Pace, segment: int, spot: Position) -> float:
    """G-291 ``ends``: the shorter of the ways from a flyer's point on its line straight back
    to the place it took off from or on to its destination, then along the map to ``spot``."""
    point = pace.flight_point(world, segment)
    assert point is not None  # a straight flight under way
    ways = (
        math.dist(point, end) + float(world.distance_to(spot, place))
        for place in (pace.start.place, pace.destination)
        if (end := world.point_of(Position(place))) is not None
    )
    return min(ways, default=math.inf)


def reach(encounter: Encounter) -> float:
    """Meters within which two characters are in contact (G-65 ``G65_reach``, 1 m unless the
    scenario switches it; ``mands_rulebook.kit.movement.pace.REACH`` is the standard figure)."""
    return float(encounter.defaults.of(PaceDefaults).G65_reach)


def running_pace(encounter: Encounter, actor: str) -> Pace | None:
    """The pace of a run that has not yet arrived (an arrived run has stopped, G-65)."""
    pace = current_pace(encounter, actor)
    if pace is None or encounter.now >= pace.arrival(encounter.need_world()):
        return None
    return pace


def movement_defense(encounter: Encounter, actor: str) -> int:
    """The Defense ``actor``'s running Move Roll bought (§4)."""
    pace = running_pace(encounter, actor)
    return 0 if pace is None else pace.stride.defense


def held_defense(encounter: Encounter, actor: str) -> int:
    """The movement Defense still counted in ``actor``'s Defense: a run's until it ends."""
    pace = current_pace(encounter, actor)
    return 0 if pace is None else pace.stride.defense


def leaving(encounter: Encounter, who: str | None) -> bool:
    """Whether ``who`` has reached an exit it flees through (it goes when the run ends)."""
    pace = None if who is None else current_pace(encounter, who)
    if pace is None:
        return False
    world = encounter.need_world()
    return flees(world, pace) and encounter.now >= pace.arrival(world)


def flees(world: World, pace: Pace) -> bool:
    return pace.flee and world.is_exit(pace.destination)
