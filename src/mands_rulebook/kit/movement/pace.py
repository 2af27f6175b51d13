"""A run's pace: the Move Roll's stride, speed, course and turns (seed "Move Roll"; G-65, G-66).

Part of the movement rules (:mod:`mands_rulebook.movement.moving` is the plugin): the ``move`` and
``reroll-move`` actions, what a Move Roll sets (:class:`Stride`), a run from a place toward
another at a speed (:class:`Pace`, and the :class:`PaceChanged` event a re-roll logs) and what a
turn costs. Nothing here is a hook.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar, Final, Literal, cast

from mands_sim.actions import ActionDefinition, ActionOption, QualityAllocation
from mands_sim.charts.action import ActionChart
from mands_sim.defaults import rule_default
from mands_sim.events import Event
from mands_sim.rolls import defense_from_quality
from mands_sim.world import Point, Position, World


@dataclass(frozen=True, slots=True)
class PaceDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-66, G-65, G-67."""

    G66_turn_rounding: Literal["up", "down"] = rule_default(
        "G-66",
        "Turning a run costs 1 Q per 45 degrees (seed), a part of 45 rounded up ('up': 60 "
        "degrees cost 2 Q) or down ('down': 1 Q).",
        "up",
        ("up", "down"),
    )
    G65_reach: float = rule_default(
        "G-65",
        "Contact (melee reach): two characters within this many meters of each other are in "
        "contact (1.0, the default).",
        1.0,
        (0.5, 1.0, 1.5, 2.0),
    )
    G67_flight_path: Literal["straight", "paths"] = rule_default(
        "G-67",
        "A flyer goes in a straight line between the two places' coordinates, distances "
        "measured from where it has got to along it until it lands ('straight'), or follows "
        "the map's edges and pays for turns like a runner, airborne all the way ('paths').",
        "straight",
        ("straight", "paths"),
    )


TOWARD: Final = "toward"
FLEE: Final = "flee"
FLY: Final = "fly"
SLOW: Final = "slow"

MOVE_OPTIONS: Final = (
    ActionOption(TOWARD, "place", "the place on the map to run toward"),
    ActionOption(FLEE, "flag", "the run leaves the encounter at an exit"),
    ActionOption(FLY, "flag", "fly instead of running (G-67)"),
    ActionOption(SLOW, "flag", "a re-roll slows down (Maneuverability)"),
)
"""What a ``move`` and a ``reroll-move`` read from their intents (the same run)."""

MOVE = ActionDefinition(
    name="move",
    performance_time=6,  # seed "Move Roll": "passive with a Performance Time of 6"
    is_passive=True,
    is_sustained=True,  # seed "EP Cost": movement pays "at the end of each round"
    ep_row=9,  # seed "EP Cost": "normally ... 5 EP (Row 9 on the EP Use Chart)"
    summary="Run toward a place (options toward, flee, fly): Move Roll Q to speed, Defense, EP.",
    options=MOVE_OPTIONS,
)
REROLL_MOVE = ActionDefinition(
    name="reroll-move",
    performance_time=6,  # seed "Duration": re-rolled "with the same performance time"
    is_passive=True,
    ep_row=9,
    summary="Re-roll the running move (options toward, slow, flee): speed, turns, EP.",
    options=MOVE_OPTIONS,
)

FLIGHT: Final = "Flight"
"""G-67: the power a character needs to ``fly``."""
STRAIGHT: Final = "straight"
"""G-67 ``G67_flight_path``: a flyer flies in a straight line between the two places'
coordinates, where it has got to along it until it lands."""
PATHS: Final = "paths"
"""G-67 ``G67_flight_path``: a flyer follows the map's edges and turns like a runner (airborne)."""
PACE: Final = "pace"
"""The ``prepared`` key of a move's first :class:`Pace`."""
MOVEMENT_DEFENSE: Final = "movement_defense"
"""The ``prepared`` key recording the movement Defense folded into an action's Defense."""

REACH: Final = 1.0
"""G-65: meters within which two characters are in contact (melee reach) by default; a scenario
switches it with ``G65_reach`` (read it with :func:`mands_rulebook.kit.positions.reach`)."""
DEGREES_PER_TURN: Final = 45  # seed "Move Roll": "1 Q point per 45 degree turn"
UNMAPPED_TURN: Final = 90.0  # G-66: a turn at a place without coordinates
REVERSAL: Final = 180.0  # G-66: turning back along an edge
MISS_KEEPING_SPEED: Final = 5  # seed: speed is lost when "missed by more than 5"
MISS_PER_EP_ROW: Final = 5  # seed: "add 1 to the EP cost row for every 5 points"
STEP: Final = 1e-6
"""Meters: a step just long enough to tell which way a path leaves a position."""

MOVING: Final = "moving"
ARRIVED: Final = "arrived"
STOPPED: Final = "stopped"
INTERRUPTED: Final = "interrupted"
STUMBLED: Final = "stumbled"
OWN_REASONS: Final = frozenset({MOVING, ARRIVED, STOPPED})
"""The ``Moved`` reasons of this plugin; any other ``Moved`` of a runner interrupts the run."""
FLED: Final = "fled"


@dataclass(frozen=True, slots=True)
class Stride:
    """What the latest Move Roll set: the speed Q total, the EP row, the Defense it bought, the
    extra EP rows from failures, and whether the character still moves (seed "Move Roll")."""

    speed_quality: int = 0
    ep_row: int = MOVE.ep_row
    defense: int = 0
    failure_rows: int = 0
    moving: bool = True


def stride_after(
    chart: ActionChart,
    before: Stride,
    quality: int,
    spent: QualityAllocation,
    *,
    slowing: bool,
    extra_slowing: int = 0,
) -> Stride:
    """A Move Roll of ``quality`` applied to ``before`` (seed "Move Roll"; G-66).

    Slowing first takes off the speed Q on the Sphere chart, less half a failure, and
    ``extra_slowing`` more (seed "Maneuverability": "a bonus of level to the amount of Q that
    movement can be reduced by"); a failure by more than 5 takes off the margin; a failure adds
    a row of EP per 5 missed until a success. A roll that cuts the speed Q to 0 or below stops
    the character.
    """
    decrease = slowing_decrease(chart, before, quality) + extra_slowing if slowing else 0
    speed = before.speed_quality - decrease
    if quality < 0:
        miss = -quality
        speed -= miss if miss > MISS_KEEPING_SPEED else 0
        rows = before.failure_rows + miss // MISS_PER_EP_ROW
        cut = slowing or miss > MISS_KEEPING_SPEED
        return Stride(max(0, speed), MOVE.ep_row + rows, 0, rows, not (cut and speed <= 0))
    speed += -spent.speed if slowing else spent.speed
    defense = defense_from_quality(spent.defense)
    return Stride(
        max(0, speed), max(0, MOVE.ep_row - spent.ep), defense, 0, not slowing or speed > 0
    )


def slowing_decrease(chart: ActionChart, before: Stride, quality: int) -> int:
    """Seed: "decrease the movement Q total by the current movement Q, on the Sphere Chart ...
    if the Move Roll is failed, reduce the decrease by half the failure" (G-66: rounded down)."""
    decrease = chart.sphere(before.speed_quality) - (max(0, -quality) // 2)
    return max(0, decrease)


def dm_per_segment(chart: ActionChart, speed_quality: int) -> float:
    """Seed: "current speed is the total Q so far applied to speed, on the Sphere Chart" in
    dm/segment; "a Q of 0 and 1 are practically the same—.9 vs. 1"."""
    return chart.result_value(chart.sphere(speed_quality), magnitude=True)


@dataclass(frozen=True, slots=True)
class Pace:
    """A run: from ``start`` at segment ``since`` toward ``destination``, at the stride's speed."""

    since: int
    start: Position
    destination: str
    stride: Stride
    dm_per_segment: float
    flee: bool = False
    fly: bool = False
    flight_path: str = STRAIGHT
    """G-67 ``G67_flight_path`` in force when the run began (not logged: a scenario's switch)."""
    way: tuple[str, ...] = ()
    """G-277: the places the run passes, chosen among equally short ways; ``()``: the map's
    one shortest way."""
    origin: Point | None = None
    """G-67 ``straight``: the point in the air a re-rolled flight goes on from (its line runs
    from there to the destination); ``None``: from the start place's coordinates."""

    @property
    def flies_straight(self) -> bool:
        """Whether this is a flight in a straight line over the map (G-67 ``straight``)."""
        return self.fly and self.flight_path == STRAIGHT

    @property
    def meters_per_segment(self) -> float:
        """Seed: "Speed is in .1 meters per segment"."""
        return self.dm_per_segment / 10

    def length(self, world: World) -> float:
        """Meters to go: along the map, or for a flyer the straight line (G-67 ``straight``)."""
        if self.flies_straight:
            ends = self.line_ends(world)
            return math.inf if ends is None else math.dist(*ends)
        if self.way:
            return float(world.way_length(self.start, self.way))
        return float(world.distance_to(self.start, self.destination))

    def arrival(self, world: World) -> int:
        """The segment the runner reaches its destination at this pace."""
        return self.since + max(0, math.ceil(self.length(world) / self.meters_per_segment - 1e-9))

    def share_flown(self, world: World, segment: int) -> float:
        """The share (0 … 1) of its length the run has covered by ``segment``."""
        length = self.length(world)
        if not 0 < length < math.inf:
            return 1.0 if segment >= self.arrival(world) else 0.0
        return min(1.0, max(0, segment - self.since) * self.meters_per_segment / length)

    def flight_point(self, world: World, segment: int) -> Point | None:
        """G-67 ``straight``: the point of the straight line between the two places it has
        reached by ``segment`` (elevation included), until it lands; ``None`` for any other
        run, and once landed."""
        if not self.flies_straight or segment >= self.arrival(world):
            return None
        ends = self.line_ends(world)
        if ends is None:
            return None
        share = self.share_flown(world, segment)
        return cast(Point, tuple(a + (b - a) * share for a, b in zip(*ends, strict=True)))

    def line_ends(self, world: World) -> tuple[Point, Point] | None:
        """G-67 ``straight``: where the line flown starts (:attr:`origin`, or the start place)
        and ends (the destination), from coordinates; ``None`` when one is missing."""
        start = self.origin or world.point_of(Position(self.start.place))
        end = world.point_of(Position(self.destination))
        return None if start is None or end is None else (start, end)

    def position_at(self, world: World, segment: int) -> Position:
        """Where the run is on the map at ``segment`` (G-67 ``straight``: a flyer's spot on
        the map is its start until it lands, its point in the air :meth:`flight_point`;
        ``paths``: along the map like a runner)."""
        if self.flies_straight:
            return Position(self.destination) if segment >= self.arrival(world) else self.start
        walked = self.meters_per_segment * max(0, segment - self.since)
        if self.way:
            return rounded(world, world.advance_along(self.start, self.way, walked))
        return rounded(world, world.advance(self.start, self.destination, walked))

    def way_left(self, here: Position) -> tuple[str, ...]:
        """G-277: the places of this run's way still ahead of ``here`` (a spot on it)."""
        spots = {here.place} if here.toward is None else {here.place, here.toward}
        reached = [i for i, place in enumerate(self.way) if place in spots]
        if not reached:
            return self.way
        last = reached[-1]
        return self.way[last + 1 :] if here.toward is None else self.way[last:]


def rounded(world: World, position: Position) -> Position:
    """Seed "Move Roll": "Always round Movement to 2 digits" (an offset rounding to an end of its
    edge stands at that place)."""
    if position.toward is None:
        return position
    offset = round(position.offset, 2)
    if offset >= world.edge_length(position.place, position.toward):
        return Position(position.toward)
    return Position(position.place, position.toward, offset)


@dataclass(frozen=True, slots=True)
class PaceChanged(Event):
    """A re-rolled move's new pace, from where the runner is now (seed "Move Roll")."""

    kind: ClassVar[str] = "pace"
    character: str
    action_id: int
    place: str
    toward: str | None
    offset: float
    destination: str
    speed_quality: int
    dm_per_segment: float
    ep_row: int
    defense: int
    failure_rows: int
    flee: bool
    fly: bool
    way: tuple[str, ...] = ()
    origin: tuple[float, float, float] | None = None
    """G-67: a straight flight re-rolled in the air goes on from this point."""

    def pace(self, flight_path: str = STRAIGHT) -> Pace:
        """The new pace; ``flight_path`` is the run's G-67 switch (kept by the run, not logged)."""
        stride = Stride(self.speed_quality, self.ep_row, self.defense, self.failure_rows)
        start = Position(self.place, self.toward, self.offset)
        point = None if self.origin is None else origin(self.origin)
        return Pace(
            self.segment, start, self.destination, stride, self.dm_per_segment, self.flee,
            self.fly, flight_path, tuple(self.way), point,
        )  # fmt: skip


def origin(point: Iterable[float]) -> Point:
    """A logged point (a list once read back from a store) as a point."""
    x, y, z = point
    return (float(x), float(y), float(z))


def pace_changed(actor: str, action_id: int, pace: Pace) -> PaceChanged:
    start, stride = pace.start, pace.stride
    return PaceChanged(
        pace.since, actor, action_id, start.place, start.toward, start.offset, pace.destination,
        stride.speed_quality, pace.dm_per_segment, stride.ep_row, stride.defense,
        stride.failure_rows, pace.flee, pace.fly, pace.way, pace.origin,
    )  # fmt: skip


def heading(world: World, here: Position, place: str) -> str | None:
    """The place the first step from ``here`` toward ``place`` leads to (``None``: there)."""
    if here.at_place and here.place == place:
        return None
    step = world.advance(here, place, STEP)
    return step.toward if step.toward is not None else step.place


def turn_quality(
    world: World, here: Position, going: str, wanted: str, rounding: str = "up"
) -> int:
    """Seed: "1 Q point per 45 degree turn" between the way ``here`` leads to ``going`` and the
    way it leads to ``wanted`` (G-66: 180° back along an edge; 90° without coordinates; a part
    of 45° rounded up, or down with ``G66_turn_rounding`` ``down``)."""
    old, new = heading(world, here, going), heading(world, here, wanted)
    if wanted == going or old is None or new is None or old == new:
        return 0
    return quality_to_turn(turn_degrees(world, here, old, new), rounding)


def quality_to_turn(degrees: float, rounding: str = "up") -> int:
    """Seed: "1 Q point per 45 degree turn" (G-66: a part of 45° rounded up, or down)."""
    turns = degrees / DEGREES_PER_TURN
    return math.floor(turns + 1e-9) if rounding == "down" else math.ceil(turns - 1e-9)


def turn_degrees(world: World, here: Position, old: str, new: str) -> float:
    """Degrees between the ways to ``old`` and to ``new`` from ``here``: straight back along an
    edge, or at a place one only passes (G-248: as part-way along the edge it splits), 180°."""
    if not here.at_place or not world.is_landmark(here.place):
        return REVERSAL
    points = [world.place(name) for name in (here.place, old, new)]
    if any(p.x is None or p.y is None for p in points):
        return UNMAPPED_TURN
    (x, y), *ways = [(float(p.x or 0), float(p.y or 0)) for p in points]
    angles = [math.degrees(math.atan2(b - y, a - x)) for a, b in ways]
    difference = abs(angles[0] - angles[1]) % 360
    return min(difference, 360 - difference)
