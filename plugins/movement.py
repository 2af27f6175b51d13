"""Movement in combat: the Move Roll, running along the map, jumping (``rules/combat.md`` §4,
§18; seed "Move Roll", "Jump Roll", "Example of Movement").

Seed "Move Roll": "The Move roll is vs. Agility plus half Strength (round up), plus the
character's Height on the Square Chart. The Quality can be applied to increasing or decreasing
the character's current speed, to turning, or to reducing the current EP cost for movement."

Actions (passive, Performance Time 6: "Movement is passive with a Performance Time of 6"):

* ``move`` (sustained): start running ``toward`` a place (``Intent.options``: ``toward``;
  ``flee`` to leave the encounter at an exit; ``fly`` for a character with a ``Flight`` power).
  The mind spends the Move Roll's Q (``QualityAllocation``): ``speed`` adds to the speed Q,
  whose total on the Sphere chart is the speed in dm/segment; ``defense`` buys Defense, 2 Q per
  +1, and the Attack of an attack made meanwhile drops by as much (§4); ``ep`` lowers the EP row
  (row 9, 5 EP/round, less one row per Q). The action stays in progress while the character
  runs: it completes on arrival, and pays the last Move Roll's row at every Payment Segment.
* ``reroll-move``: re-roll the running move (seed "Duration", "EP Cost"). The pool has a penalty
  of the speed Q so far; Q may turn toward a new ``toward`` (1 Q per 45°), speed up, or with
  ``slow`` slow down (automatically by the speed Q on the Sphere chart, less half a failure);
  a miss by more than 5 costs that much speed Q and a row of EP per 5 missed. EP follows
  :meth:`Encounter.reroll_sustained <mands_sim.kernel.encounter.Encounter.reroll_sustained>`
  under the ``G36_reroll_payment`` switch.
* ``jump``: the Jump Roll's Q (less what the mind puts on ``ep``) sets the height; the time in
  the air is 4 × the height on the Square chart; a runner covers speed × that time.

Positions are lazy (seed: "Determine how far a character has moved only on the character's
action, or when the character is being attacked"): a run's :class:`Pace` (since when, from where,
toward which place, how fast) is in the move's ``prepared`` and, after each re-roll, in a
:class:`PaceChanged` event; :func:`position_now` computes where the runner is. ``Moved`` events
record it when the runner or someone acting on it starts or finishes an action, when it
re-rolls, at Payment Segments and when it arrives. Defaults (``docs/rules/decisions.md``):
G-65 timing, contact and arrival; G-66 turning and slowing; G-67 flight.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Final

from mands_sim import hookimpl
from mands_sim.actions import (
    ActionDefinition,
    ActionInProgress,
    Intent,
    Modifier,
    QualityAllocation,
)
from mands_sim.charts import ActionChart
from mands_sim.events import (
    ActionDropped,
    ActionStarted,
    DefenseChanged,
    Event,
    Moved,
    OutOfAction,
    QualityAllocated,
    RollMade,
)
from mands_sim.kernel.encounter import Charge, Encounter, Initiation
from mands_sim.registry import Register
from mands_sim.rolls import ActionRoll, action_roll, defense_from_quality
from mands_sim.world import Position, World

from .control import ControlLost
from .maintained import MAINTAINED_SHOT

MOVE = ActionDefinition(
    name="move",
    performance_time=6,  # seed "Move Roll": "passive with a Performance Time of 6"
    is_passive=True,
    is_sustained=True,  # seed "EP Cost": movement pays "at the end of each round"
    ep_row=9,  # seed "EP Cost": "normally ... 5 EP (Row 9 on the EP Use Chart)"
    summary="Run toward a place (options toward, flee, fly): Move Roll Q to speed, Defense, EP.",
)
REROLL_MOVE = ActionDefinition(
    name="reroll-move",
    performance_time=6,  # seed "Duration": re-rolled "with the same performance time"
    is_passive=True,
    ep_row=9,
    summary="Re-roll the running move (options toward, slow, flee): speed, turns, EP.",
)
JUMP = ActionDefinition(
    name="jump",
    performance_time=6,  # seed "Jump Roll": "passive ... a Performance Time of 6"
    is_passive=True,
    ep_row=9,
    summary="Jump: Jump Roll Q to height and EP; a runner covers speed x time in the air.",
)

TOWARD: Final = "toward"
FLEE: Final = "flee"
FLY: Final = "fly"
SLOW: Final = "slow"
FLIGHT: Final = "Flight"
"""G-67: the power a character needs to ``fly``."""
PACE: Final = "pace"
"""The ``prepared`` key of a move's first :class:`Pace`."""
MOVEMENT_DEFENSE: Final = "movement_defense"
"""The ``prepared`` key recording the movement Defense folded into an action's Defense."""

REACH: Final = 1.0
"""G-65: meters within which two characters are in contact (melee reach)."""
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
    chart: ActionChart, before: Stride, quality: int, spent: QualityAllocation, *, slowing: bool
) -> Stride:
    """A Move Roll of ``quality`` applied to ``before`` (seed "Move Roll"; G-66).

    Slowing first takes off the speed Q on the Sphere chart, less half a failure; a failure by
    more than 5 takes off the margin; a failure adds a row of EP per 5 missed until a success.
    A roll that cuts the speed Q to 0 or below stops the character.
    """
    speed = before.speed_quality - (slowing_decrease(chart, before, quality) if slowing else 0)
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

    @property
    def meters_per_segment(self) -> float:
        """Seed: "Speed is in .1 meters per segment"."""
        return self.dm_per_segment / 10

    def length(self, world: World) -> float:
        """Meters to go: along the map, or for a flyer the straight line (G-67)."""
        if self.fly:
            straight = world.straight_distance(self.start.place, self.destination)
            return math.inf if straight is None else float(straight)
        return float(world.distance_to(self.start, self.destination))

    def arrival(self, world: World) -> int:
        """The segment the runner reaches its destination at this pace."""
        return self.since + max(0, math.ceil(self.length(world) / self.meters_per_segment - 1e-9))

    def position_at(self, world: World, segment: int) -> Position:
        """Where the run is at ``segment`` (G-67: a flyer is at its start until it lands)."""
        if self.fly:
            return Position(self.destination) if segment >= self.arrival(world) else self.start
        walked = self.meters_per_segment * max(0, segment - self.since)
        return rounded(world, world.advance(self.start, self.destination, walked))


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

    def pace(self) -> Pace:
        stride = Stride(self.speed_quality, self.ep_row, self.defense, self.failure_rows)
        start = Position(self.place, self.toward, self.offset)
        return Pace(
            self.segment, start, self.destination, stride, self.dm_per_segment, self.flee, self.fly
        )


@dataclass(frozen=True, slots=True)
class Jumped(Event):
    """A jump (seed "Jump Roll"): its height, time in the air and length for a runner."""

    kind: ClassVar[str] = "jump"
    character: str
    height_cm: float
    air_segments: int
    distance_m: float


def pace_changed(actor: str, action_id: int, pace: Pace) -> PaceChanged:
    start, stride = pace.start, pace.stride
    return PaceChanged(
        pace.since, actor, action_id, start.place, start.toward, start.offset, pace.destination,
        stride.speed_quality, pace.dm_per_segment, stride.ep_row, stride.defense,
        stride.failure_rows, pace.flee, pace.fly,
    )  # fmt: skip


# -- where characters are ------------------------------------------------------------------


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
            return event.pace(), interrupted
    return move.prepared[PACE], interrupted


def current_pace(encounter: Encounter, actor: str) -> Pace | None:
    """The pace ``actor`` runs at now, or ``None`` when it is not running."""
    move = running_move(encounter, actor)
    if move is None or encounter.world is None:
        return None
    pace, interrupted = course(encounter.log, actor, move)
    return None if interrupted else pace


FLYING_POWERS: Final = frozenset({"flight", "flightslow"})
"""Powers that fly, as letters only: ``Flight`` (the sheet's short name) and the seed's
"Flight, Slow" (G-67, G-128)."""


def can_fly(powers: Iterable[str]) -> bool:
    """Whether a sheet's powers include one that flies (names matched by letters only)."""
    return any(
        "".join(c for c in name.casefold() if c.isalnum()) in FLYING_POWERS for name in powers
    )


def position_now(encounter: Encounter, actor: str) -> Position | None:
    """Where ``actor`` is at this segment, running or not (for any plugin or policy)."""
    pace = current_pace(encounter, actor)
    if pace is None:
        return encounter.state[actor].position
    return pace.position_at(encounter.world, encounter.now)


def distance_now(encounter: Encounter, one: str, other: str) -> float:
    """Meters between two characters now, along the map (0 without a map)."""
    here, there = position_now(encounter, one), position_now(encounter, other)
    if encounter.world is None or here is None or there is None:
        return 0.0
    return float(encounter.world.position_distance(here, there))


def in_contact(encounter: Encounter, one: str, other: str) -> bool:
    """Whether the two are within reach of a punch: ``REACH`` meters (G-65)."""
    return distance_now(encounter, one, other) <= REACH


def heading(world: World, here: Position, place: str) -> str | None:
    """The place the first step from ``here`` toward ``place`` leads to (``None``: there)."""
    if here.at_place and here.place == place:
        return None
    step = world.advance(here, place, STEP)
    return step.toward if step.toward is not None else step.place


def running_pace(encounter: Encounter, actor: str) -> Pace | None:
    """The pace of a run that has not yet arrived (an arrived run has stopped, G-65)."""
    pace = current_pace(encounter, actor)
    if pace is None or encounter.now >= pace.arrival(encounter.world):
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


# -- rolls -----------------------------------------------------------------------------------


def move_roll(encounter: Encounter, actor: str, intent: Intent) -> ActionRoll:
    """Seed "Move Roll": vs the figured Move Roll (G-08), with the Bonus Pool modifiers."""
    return _roll(encounter, actor, intent, "move", encounter.character(actor).figured.move_roll)


def _roll(
    encounter: Encounter, actor: str, intent: Intent, purpose: str, target: int
) -> ActionRoll:
    figured = encounter.character(actor).figured
    bonus = figured.jump_bonus if purpose == "jump" else 0  # seed: "twice height (Square)"
    return action_roll(
        encounter.dice_for(actor),
        target=target,
        bonus_pool=bonus + encounter.rules.bonus_pool(encounter, actor, intent, purpose),
        quality_modifier=encounter.rules.quality_modifier(encounter, actor, intent, purpose),
        is_special=encounter.character(actor).sheet.is_special,
        charts=encounter.charts,
    )


def spend(encounter: Encounter, actor: str, intent: Intent, quality: int) -> QualityAllocation:
    """Ask the mind how to spend a success on speed, Defense and EP (nothing on a failure)."""
    if quality <= 0:
        return QualityAllocation()
    spent = encounter.minds[actor].allocate(encounter, actor, intent, quality)
    parts = (spent.speed, spent.defense, spent.ep)
    if spent.total > quality or min(parts) < 0 or spent.attack or spent.damage:
        raise ValueError(f"{actor}'s policy spent {spent} of {quality} Q on {intent.action}")
    return spent


def logged(encounter: Encounter, actor: str, roll: ActionRoll, purpose: str) -> RollMade:
    dice = roll.dice
    return RollMade(
        encounter.now, actor, purpose, roll.target, roll.bonus_pool, roll.pool_bonus,
        dice.faces, dice.rerolls, dice.total, roll.quality,
    )  # fmt: skip


def allocated(encounter: Encounter, actor: str, action: str, s: QualityAllocation) -> Event:
    return QualityAllocated(encounter.now, actor, action, 0, s.defense, s.speed, 0, s.ep)


# -- the hooks -------------------------------------------------------------------------------


@hookimpl
def mands_register_actions(register: Register) -> None:
    for action in (MOVE, REROLL_MOVE, JUMP):
        register(action.name, action, summary=action.summary, source="rules text")


@hookimpl
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    """Seed: "a penalty to the Move Roll pool equal to the total Q so far applied to speed"."""
    pace = running_pace(encounter, actor) if purpose == "move" else None
    if pace is None or pace.stride.speed_quality == 0:
        return []
    return [Modifier(-pace.stride.speed_quality, "movement", "speed Q so far (seed Move Roll)")]


@hookimpl
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    reasons = [
        f"{who} is leaving by the exit" for who in (actor, intent.target) if leaving(encounter, who)
    ]
    if intent.action == MOVE.name:
        reasons += start_refusals(encounter, actor, intent)
    elif intent.action == REROLL_MOVE.name:
        reasons += reroll_refusals(encounter, actor, intent)
    return reasons


def leaving(encounter: Encounter, who: str | None) -> bool:
    """Whether ``who`` has reached an exit it flees through (it goes when the run ends)."""
    pace = None if who is None else current_pace(encounter, who)
    world = encounter.world
    return pace is not None and flees(world, pace) and encounter.now >= pace.arrival(world)


def flees(world: World, pace: Pace) -> bool:
    return pace.flee and world.is_exit(pace.destination)


def start_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    world, toward = encounter.world, intent.options.get(TOWARD)
    if world is None or toward not in world.places:
        return [f"move needs a place on the map to go {TOWARD} (not {toward!r})"]
    pace = current_pace(encounter, actor)
    if pace is not None and encounter.now < pace.arrival(world):
        return [f"{actor} is already moving: re-roll with {REROLL_MOVE.name}"]
    here = position_now(encounter, actor)
    assert here is not None
    if intent.options.get(FLY):
        if not can_fly(encounter.character(actor).sheet.powers):
            return [f"{actor} has no {FLIGHT} power (G-67)"]
        if world.straight_distance(world.nearest_place(here), str(toward)) is None:
            return ["flying needs coordinates at both ends (G-67)"]
    elif math.isinf(world.distance_to(here, str(toward))):
        return [f"{toward} cannot be reached along the map"]
    return [f"{actor} is already at {toward}"] if here == Position(str(toward)) else []


def reroll_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    world, pace = encounter.world, current_pace(encounter, actor)
    if world is None or pace is None or encounter.now >= pace.arrival(world):
        return [f"{actor} has no run in progress to re-roll"]
    if encounter.now < pace.since + MOVE.performance_time:
        return [
            f"the last Move Roll takes until segment {pace.since + MOVE.performance_time} (G-65)"
        ]
    toward = intent.options.get(TOWARD, pace.destination)
    if toward not in world.places:
        return [f"{toward!r} is not a place on the map"]
    here = pace.position_at(world, encounter.now)
    if not pace.fly and math.isinf(world.distance_to(here, str(toward))):
        return [f"{toward} cannot be reached along the map"]
    return []


@hookimpl(trylast=True)
def mands_action_initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation | None:
    if definition.name == MOVE.name:
        return start_running(encounter, actor, intent)
    if definition.name == REROLL_MOVE.name:
        return reroll_running(encounter, actor, intent)
    if definition.name == JUMP.name:
        return start_jump(encounter, actor, intent)
    return None


def start_running(encounter: Encounter, actor: str, intent: Intent) -> Initiation:
    """The first Move Roll: speed, Defense and EP from standing (seed "Move Roll")."""
    world, chart = encounter.world, encounter.charts.action
    roll = move_roll(encounter, actor, intent)
    spent = spend(encounter, actor, intent, roll.quality)
    stride = stride_after(chart, Stride(), roll.quality, spent, slowing=False)
    events: list[Event] = [
        logged(encounter, actor, roll, "move roll"),
        allocated(encounter, actor, MOVE.name, spent),
    ]
    charges = (Charge(stride.ep_row, "move roll"),)
    prepared: dict[str, Any] = {"ep_row": stride.ep_row, "quality": roll.quality}
    if not stride.moving:  # G-66: a start missed by more than 5 gets nowhere
        return Initiation(
            MOVE.performance_time, tuple(events), charges, {**prepared, "outcome": STUMBLED}
        )
    fly = bool(intent.options.get(FLY, False))
    here = position_now(encounter, actor)
    assert here is not None
    start = Position(world.nearest_place(here)) if fly else here
    pace = Pace(
        encounter.now,
        start,
        str(intent.options[TOWARD]),
        stride,
        dm_per_segment(chart, stride.speed_quality),
        bool(intent.options.get(FLEE, False)),
        fly,
    )
    if stride.defense:
        base = encounter.state[actor].defense - held_defense(encounter, actor)
        events.append(DefenseChanged(encounter.now, actor, base + stride.defense, "move roll"))
    time = max(MOVE.performance_time, pace.arrival(world) - encounter.now)
    return Initiation(time, tuple(events), charges, {**prepared, PACE: pace, "outcome": ARRIVED})


def reroll_running(encounter: Encounter, actor: str, intent: Intent) -> Initiation:
    """A new Move Roll for the running move: turn, speed up or slow down, EP (seed "Move Roll")."""
    world, chart, now = encounter.world, encounter.charts.action, encounter.now
    move = running_move(encounter, actor)
    assert move is not None and world is not None
    pace, _ = course(encounter.log, actor, move)
    here = pace.position_at(world, now)
    roll = move_roll(encounter, actor, intent)
    wanted = str(intent.options.get(TOWARD, pace.destination))
    turn = 0 if pace.fly else turn_quality(world, here, pace.destination, wanted)
    turned = turn == 0 or roll.quality >= turn  # G-66: else the run keeps its course
    spent = spend(encounter, actor, intent, roll.quality - (turn if turned else 0))
    stride = stride_after(
        chart, pace.stride, roll.quality, spent, slowing=bool(intent.options.get(SLOW))
    )
    full = encounter.defaults.G36_reroll_payment == "full"
    encounter.reroll_sustained(actor, move.action_id, stride.ep_row, full=full)
    events: list[Event] = [
        logged(encounter, actor, roll, "move roll"),
        allocated(encounter, actor, REROLL_MOVE.name, spent),
    ]
    prepared: dict[str, Any] = {"quality": roll.quality, "turned": turn if turned else 0}
    if not stride.moving:
        events += end_run(encounter, actor, move, pace, STOPPED)
        return Initiation(
            REROLL_MOVE.performance_time, tuple(events), (), {**prepared, "outcome": STOPPED}
        )
    new = Pace(
        now,
        here,
        wanted if turned else pace.destination,
        stride,
        dm_per_segment(chart, stride.speed_quality),
        bool(intent.options.get(FLEE, pace.flee)),
        pace.fly,
    )
    if new.stride.defense != pace.stride.defense:
        defense = encounter.state[actor].defense - pace.stride.defense + new.stride.defense
        events.append(DefenseChanged(now, actor, defense, "move roll"))
    events.append(pace_changed(actor, move.action_id, new))
    later = new.arrival(world) - move.completes_at
    if later > 0:
        encounter.push_back(actor, move.action_id, later, "a slower pace")
    return Initiation(
        REROLL_MOVE.performance_time, tuple(events), (), {**prepared, "outcome": "re-rolled"}
    )


def turn_quality(world: World, here: Position, going: str, wanted: str) -> int:
    """Seed: "1 Q point per 45 degree turn" between the way ``here`` leads to ``going`` and the
    way it leads to ``wanted`` (G-66: 180° back along an edge; 90° without coordinates)."""
    old, new = heading(world, here, going), heading(world, here, wanted)
    if wanted == going or old is None or new is None or old == new:
        return 0
    return math.ceil(turn_degrees(world, here, old, new) / DEGREES_PER_TURN - 1e-9)


def turn_degrees(world: World, here: Position, old: str, new: str) -> float:
    if not here.at_place:
        return REVERSAL
    points = [world.place(name) for name in (here.place, old, new)]
    if any(p.x is None or p.y is None for p in points):
        return UNMAPPED_TURN
    (x, y), *ways = [(float(p.x or 0), float(p.y or 0)) for p in points]
    angles = [math.degrees(math.atan2(b - y, a - x)) for a, b in ways]
    difference = abs(angles[0] - angles[1]) % 360
    return min(difference, 360 - difference)


def start_jump(encounter: Encounter, actor: str, intent: Intent) -> Initiation:
    """Seed "Jump Roll": vs Agility + Strength, a bonus of twice Height (Square chart); Q to
    height and EP; "On a failure, the character still jumps, but not as high"."""
    figured = encounter.character(actor).figured
    roll = _roll(encounter, actor, intent, "jump", figured.jump_roll)
    spent = spend(encounter, actor, intent, roll.quality)
    if spent.speed or spent.defense:
        raise ValueError(f"{actor}'s policy spent {spent}: a jump's Q goes to height and EP")
    events = (
        logged(encounter, actor, roll, "jump roll"),
        allocated(encounter, actor, JUMP.name, spent),
    )
    charges = (Charge(JUMP.ep_row - spent.ep, "jump roll"),)
    jumped = jump_made(encounter, actor, roll.quality - spent.ep)
    prepared = {JUMP.name: jumped, "quality": roll.quality, "outcome": "jumped"}
    return Initiation(JUMP.performance_time, events, charges, prepared)


def jump_made(encounter: Encounter, actor: str, height_quality: int) -> Jumped:
    """Seed: Q on the Result column read to the Square chart is the height in cm; 4 × the
    height in meters on the Square chart the segments in the air (G-65: at least 1); the length
    is the speed in m/segment at the time of jumping × that time."""
    chart = encounter.charts.action
    height_cm = chart.from_result("square", height_quality, magnitude=True)
    air = max(1, chart.square(4 * height_cm / 100))
    pace = running_pace(encounter, actor)
    speed = 0.0 if pace is None else pace.meters_per_segment
    return Jumped(encounter.now, actor, height_cm, air, round(speed * air, 2))


@hookimpl(trylast=True)
def mands_action_resolve(
    encounter: Encounter, actor: str, action: ActionInProgress
) -> list[Event] | None:
    """A run ends on arrival; a re-roll has done its work; a jump lands."""
    if action.name == JUMP.name:
        jumped = action.prepared[JUMP.name]
        return [replace(jumped, segment=encounter.now)]
    if action.name == REROLL_MOVE.name:
        return []
    if action.name != MOVE.name:
        return None
    if PACE not in action.prepared or encounter.world is None:
        return []
    pace, interrupted = course(encounter.log, actor, action)
    if interrupted:
        return defense_back(encounter, actor, pace)
    here = pace.position_at(encounter.world, encounter.now)
    events: list[Event] = []
    if here != encounter.state[actor].position:
        reason = ARRIVED if here == Position(pace.destination) else STOPPED
        events.append(Moved(encounter.now, actor, here.place, here.toward, here.offset, reason))
    return events + defense_back(encounter, actor, pace) + fled(encounter, actor, pace, here)


def defense_back(
    encounter: Encounter, actor: str, pace: Pace, defense: int | None = None
) -> list[Event]:
    """§4: movement Defense lasts while the Move Roll that bought it does."""
    if not pace.stride.defense:
        return []
    before = encounter.state[actor].defense if defense is None else defense
    return [DefenseChanged(encounter.now, actor, before - pace.stride.defense, "movement over")]


def fled(encounter: Encounter, actor: str, pace: Pace, here: Position) -> list[Event]:
    """A runner fleeing to an exit leaves the encounter when it gets there."""
    if flees(encounter.world, pace) and here == Position(pace.destination):
        return [OutOfAction(encounter.now, actor, FLED)]
    return []


def end_run(
    encounter: Encounter,
    actor: str,
    move: ActionInProgress,
    pace: Pace,
    reason: str,
    defense: int | None = None,
) -> list[Event]:
    """A run that ends before its completion comes round: arrived early, stopped, interrupted."""
    ended = ActionDropped(encounter.now, actor, MOVE.name, move.action_id, reason)
    here = pace.position_at(encounter.world, encounter.now)
    gone = fled(encounter, actor, pace, here) if reason == ARRIVED else []
    return [*defense_back(encounter, actor, pace, defense), ended, *gone]


def catch_up(
    encounter: Encounter, who: str, *, leave: bool, defense: int | None = None
) -> list[Event]:
    """Bring ``who``'s position up to now; end a run that has arrived (or was interrupted).

    A fleeing runner at its exit leaves only when ``leave`` (never inside another action's start).
    """
    state, world = encounter.state[who], encounter.world
    move = running_move(encounter, who)
    if move is None or world is None or not state.in_action:
        return []
    pace, interrupted = course(encounter.log, who, move)
    if interrupted:
        return end_run(encounter, who, move, pace, INTERRUPTED, defense)
    here, arrived = pace.position_at(world, encounter.now), encounter.now >= pace.arrival(world)
    events: list[Event] = []
    if here != state.position:
        reason = ARRIVED if arrived else MOVING
        events.append(Moved(encounter.now, who, here.place, here.toward, here.offset, reason))
    if arrived and (leave or not flees(world, pace)):
        events += end_run(encounter, who, move, pace, ARRIVED, defense)
    return events


@hookimpl(wrapper=True, tryfirst=True, specname="mands_action_initiate")
def positions_at_initiation(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Generator[None, Initiation | None, Initiation | None]:
    """Whoever starts an action, and whoever it targets, is where their runs have got to; an
    attack made while running loses the Attack the movement Defense took (§4). A use whose
    power failed (:mod:`mands_rulebook.control`) is caught here too, so the order of the two
    plugins' wrappers never changes the log."""
    try:
        initiation = yield
    except ControlLost as lost:
        initiation = lost.initiation
    if initiation is None:
        return None
    events = catch_up(encounter, actor, leave=False)
    if intent.target is not None and intent.target != actor:
        events += catch_up(encounter, intent.target, leave=False)
    prepared = moving_attack(encounter, actor, initiation.prepared)
    return replace(initiation, events=(*events, *initiation.events), prepared=prepared)


def moving_attack(
    encounter: Encounter, actor: str, prepared: Mapping[str, Any]
) -> Mapping[str, Any]:
    """§4: "the same amount that is added to Defense is subtracted from Attack". An action that
    sets Defense when it resolves keeps the movement Defense in it (recorded to correct later)."""
    defense = movement_defense(encounter, actor)
    if not defense or int(prepared.get(MAINTAINED_SHOT, 0)) > 0:
        return prepared
    adjusted = dict(prepared)
    if "attack" in prepared:
        adjusted["attack"] = int(prepared["attack"]) - defense
    if "defense" in prepared:
        adjusted["defense"] = int(prepared["defense"]) + defense
        adjusted[MOVEMENT_DEFENSE] = defense
    return adjusted


@hookimpl
def mands_action_after(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """After any action: the movement Defense it carried is brought up to date, and the actor and
    its target are where their runs have got to."""
    events: list[Event] = []
    defense = encounter.state[actor].defense
    folded, held = action.prepared.get(MOVEMENT_DEFENSE), held_defense(encounter, actor)
    if folded is not None and int(folded) != held:
        defense += held - int(folded)
        events.append(DefenseChanged(encounter.now, actor, defense, "movement Defense re-bought"))
    events += catch_up(encounter, actor, leave=True, defense=defense)
    target = action.intent.target
    if target is not None and target != actor:
        events += catch_up(encounter, target, leave=True)
    return events


@hookimpl
def mands_action_sustain(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """At a Payment Segment a run that has already arrived ends before it pays again."""
    return catch_up(encounter, actor, leave=True) if action.name == MOVE.name else []
