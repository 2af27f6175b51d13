"""Movement in combat: the Move Roll, running along the map, jumping (``docs/rules/combat.md`` §4,
§18; seed "Move Roll", "Jump Roll", "Example of Movement").

This module is the plugin (every hook); the rules it uses live beside it, each imported from
its own module:

* :mod:`mands_rulebook.kit.movement.pace` — the ``move`` and ``reroll-move`` actions,
  :class:`Stride`, :class:`Pace`, :class:`PaceChanged`, turning;
* :mod:`mands_rulebook.kit.positions` — where characters are, distance, reach, movement Defense;
* :mod:`mands_rulebook.kit.altitude` — flyers and jumpers in the air, reaching up (G-273, G-274);
* :mod:`mands_rulebook.kit.crowding` — contact, and how many enemies fit around one (G-271);
* :mod:`mands_rulebook.kit.movement.movement_rolls` — the Move and Jump Rolls and spending their Q;
* :mod:`mands_rulebook.kit.movement.jumping` — the ``jump`` action and :class:`Jumped`.

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
  the air is 4 × the height on the Square chart; a runner covers speed × that time. A jump may
  start in the segment a move starts ("It can be started on the same segment as Move is
  started": ``JUMP.starts_with``, the kernel's exception to one initiation per segment).

A re-roll also applies the skill Maneuverability
(:mod:`mands_rulebook.kit.movement.maneuverability`, G-163): slowing takes off level more speed Q,
and up to half level of a turn's Q is free.

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
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import partial
from typing import Literal

from mands_rulebook.kit.maintained import MAINTAINED_SHOT
from mands_rulebook.kit.movement.bends import (
    BendDefaults,
    Bends,
    bent,
    choose_way,
    up_to,
    way_bends,
)
from mands_rulebook.kit.movement.jumping import JUMP, Jumped, start_jump
from mands_rulebook.kit.movement.maneuverability import (
    maneuverability_level,
    maneuverability_slowing,
    maneuverability_turning,
)
from mands_rulebook.kit.movement.movement_rolls import allocated, logged, move_roll, spend
from mands_rulebook.kit.movement.pace import (
    ARRIVED,
    FLED,
    FLEE,
    FLIGHT,
    FLY,
    INTERRUPTED,
    MOVE,
    MOVEMENT_DEFENSE,
    MOVING,
    PACE,
    REROLL_MOVE,
    SLOW,
    STOPPED,
    STRAIGHT,
    STUMBLED,
    TOWARD,
    Pace,
    PaceDefaults,
    Stride,
    dm_per_segment,
    pace_changed,
    stride_after,
    turn_quality,
)
from mands_rulebook.kit.positions import (
    can_fly,
    course,
    current_pace,
    flees,
    held_defense,
    leaving,
    movement_defense,
    position_now,
    running_move,
    running_pace,
)
from mands_sim.api import (
    ActionDefinition,
    ActionDropped,
    ActionInProgress,
    Charge,
    DefenseChanged,
    Encounter,
    Event,
    Gate,
    Initiation,
    Intent,
    Modifier,
    Moved,
    OutOfAction,
    Position,
    Prepared,
    Register,
    UnplayedActionError,
    answers_actions,
    defaults_summary,
    hookimpl,
    register_actions,
    rule_default,
)

# -- the hooks -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MovingDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-36, G-65."""

    G36_reroll_payment: Literal["difference", "full"] = rule_default(
        "G-36",
        "A re-rolled sustained action (a Move Roll) pays only the difference above what was "
        "paid since it started or the last Payment Segment (the seed's EP Cost rule), or the "
        "full new cost at every re-roll (the Example of Movement's ledger).",
        "difference",
        ("difference", "full"),
    )
    G65_reroll_wait: Literal["performance_time", "none"] = rule_default(
        "G-65",
        "A running character's next Move Roll ('reroll-move') waits until the last one's 6 "
        "segments (its Performance Time) are over ('performance_time'), or may start at once "
        "('none').",
        "performance_time",
        ("performance_time", "none"),
    )


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_actions(
        register, (MOVE, REROLL_MOVE, JUMP), initiate=initiate, resolve=resolve, source="rules text"
    )


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


def start_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    world, toward = encounter.world, intent.options.get(TOWARD)
    if world is None or toward not in world.places:
        return [f"move needs a place on the map to go {TOWARD} (not {toward!r})"]
    pace = current_pace(encounter, actor)
    if pace is not None and encounter.now < pace.arrival(world):
        return [f"{actor} is already moving: re-roll with {REROLL_MOVE.name}"]
    here = position_now(encounter, actor)
    assert here is not None
    flying = bool(intent.options.get(FLY))
    if flying and not can_fly(encounter.character(actor).sheet.powers):
        return [f"{actor} has no {FLIGHT} power (G-67)"]
    if flying and encounter.defaults.of(PaceDefaults).G67_flight_path == STRAIGHT:
        if world.straight_distance(world.nearest_place(here), str(toward)) is None:
            return ["flying needs coordinates at both ends (G-67)"]
    elif math.isinf(world.distance_to(here, str(toward))):
        return [f"{toward} cannot be reached along the map"]
    return [f"{actor} is already at {toward}"] if here == Position(str(toward)) else []


def reroll_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    world, pace = encounter.world, current_pace(encounter, actor)
    if world is None or pace is None or encounter.now >= pace.arrival(world):
        return [f"{actor} has no run in progress to re-roll"]
    waits = encounter.defaults.of(MovingDefaults).G65_reroll_wait == "performance_time"
    if waits and encounter.now < pace.since + MOVE.performance_time:
        return [
            f"the last Move Roll takes until segment {pace.since + MOVE.performance_time} (G-65)"
        ]
    toward = intent.options.get(TOWARD, pace.destination)
    if toward not in world.places:
        return [f"{toward!r} is not a place on the map"]
    here = pace.position_at(world, encounter.now)
    if pace.flies_straight and world.point_of(Position(str(toward))) is None:
        return ["flying needs coordinates at both ends (G-67)"]
    if not pace.flies_straight and math.isinf(world.distance_to(here, str(toward))):
        return [f"{toward} cannot be reached along the map"]
    return []


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    if definition.name == MOVE.name:
        return start_running(encounter, actor, intent)
    if definition.name == REROLL_MOVE.name:
        return reroll_running(encounter, actor, intent)
    if definition.name == JUMP.name:
        return start_jump(encounter, actor, intent)
    raise UnplayedActionError(definition.name)


def start_running(encounter: Encounter, actor: str, intent: Intent) -> Initiation:
    """The first Move Roll: speed, Defense and EP from standing, and the bends of the way
    (seed "Move Roll"; G-276)."""
    world, chart = encounter.world, encounter.charts.action
    fly, flight_path = (
        bool(intent.options.get(FLY, False)),
        encounter.defaults.of(PaceDefaults).G67_flight_path,
    )
    here = position_now(encounter, actor)
    assert here is not None and world is not None
    straight = fly and flight_path == STRAIGHT  # G-67: a straight flight starts from a place
    start = Position(world.nearest_place(here)) if straight else here
    roll = move_roll(encounter, actor, intent)
    toward = str(intent.options[TOWARD])
    way = () if straight else choose_way(encounter, actor, start, toward)  # G-277
    bends = Bends() if straight else way_bends(encounter, actor, start, toward, roll.quality, way)
    spent = spend(encounter, actor, intent, roll.quality - bends.quality)
    stride = bent(
        encounter, stride_after(chart, Stride(), roll.quality, spent, slowing=False), bends
    )
    events: list[Event] = [
        logged(encounter, actor, roll, "move roll"),
        allocated(encounter, actor, MOVE.name, spent),
    ]
    charges = (Charge(stride.ep_row, "move roll"),)
    prepared: dict[str, object] = {
        "ep_row": stride.ep_row,
        "quality": roll.quality,
        "bends": bends.quality,
    }
    if not stride.moving:  # G-66: a start missed by more than 5 gets nowhere
        return Initiation(
            MOVE.performance_time, tuple(events), charges, {**prepared, "outcome": STUMBLED}
        )
    pace = Pace(
        encounter.now,
        start,
        bends.stop or toward,
        stride,
        dm_per_segment(chart, stride.speed_quality),
        bool(intent.options.get(FLEE, False)),
        fly,
        flight_path,
        up_to(way, bends.stop),
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
    rounding = encounter.defaults.of(PaceDefaults).G66_turn_rounding
    turn = 0  # G-67: a straight flight ignores edges and turns
    if not pace.flies_straight:
        turn = turn_quality(world, here, pace.destination, wanted, rounding)
    level = maneuverability_level(encounter, actor)
    free = min(turn, maneuverability_turning(level))  # seed "Maneuverability"
    turned = turn == free or roll.quality >= turn - free  # G-66: else the run keeps its course
    turning = turn - free if turned else 0
    bends, way = Bends(), pace.way_left(here)
    if turned and wanted != pace.destination and not pace.flies_straight:  # a new way (G-276)
        way = choose_way(encounter, actor, here, wanted)  # G-277
        bends = way_bends(encounter, actor, here, wanted, roll.quality - turning, way)
    spent = spend(encounter, actor, intent, roll.quality - turning - bends.quality)
    slowing, extra = bool(intent.options.get(SLOW)), maneuverability_slowing(level)
    stride = stride_after(
        chart, pace.stride, roll.quality, spent, slowing=slowing, extra_slowing=extra
    )
    if turned and free and encounter.defaults.of(BendDefaults).G163_maneuverability_turn == "speed":
        stride = replace(stride, speed_quality=max(0, stride.speed_quality - free))  # G-163
    stride = bent(encounter, stride, bends)
    full = encounter.defaults.of(MovingDefaults).G36_reroll_payment == "full"
    encounter.reroll_sustained(actor, move.action_id, stride.ep_row, full=full)
    events: list[Event] = [
        logged(encounter, actor, roll, "move roll"),
        allocated(encounter, actor, REROLL_MOVE.name, spent),
    ]
    prepared: dict[str, object] = {
        "quality": roll.quality,
        "turned": turn if turned else 0,
        "bends": bends.quality,
    }
    if not stride.moving:
        events += end_run(encounter, actor, move, pace, STOPPED)
        return Initiation(
            REROLL_MOVE.performance_time, tuple(events), (), {**prepared, "outcome": STOPPED}
        )
    new = Pace(
        now,
        here,
        (bends.stop or wanted) if turned else pace.destination,
        stride,
        dm_per_segment(chart, stride.speed_quality),
        bool(intent.options.get(FLEE, pace.flee)),
        pace.fly,
        pace.flight_path,
        up_to(way, bends.stop),
        pace.flight_point(world, now),  # G-67: a straight flight goes on from where it is
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


def resolve(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """A run ends on arrival; a re-roll has done its work; a jump lands."""
    if action.name == JUMP.name:
        jumped = action.prepared.of(JUMP.name, Jumped)
        return [replace(jumped, segment=encounter.now)]
    if action.name == REROLL_MOVE.name:
        return []
    if PACE not in action.prepared or encounter.world is None:
        return []
    pace, interrupted = course(encounter.log, actor, action)
    if interrupted:
        return defense_back(encounter, actor, pace)
    here = pace.position_at(encounter.need_world(), encounter.now)
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
    if flees(encounter.need_world(), pace) and here == Position(pace.destination):
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
    here = pace.position_at(encounter.need_world(), encounter.now)
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


@hookimpl
def mands_initiation_gate(encounter: Encounter, actor: str, intent: Intent) -> Gate:
    """Frame every initiation, its own or a failed power's: :func:`positions_caught_up`."""
    return Gate(then=partial(positions_caught_up, encounter, actor, intent))


def positions_caught_up(
    encounter: Encounter, actor: str, intent: Intent, initiation: Initiation
) -> Initiation:
    """Whoever starts an action, and whoever it targets, is where their runs have got to; an
    attack made while running loses the Attack the movement Defense took (§4)."""
    events = catch_up(encounter, actor, leave=False)
    if intent.target is not None and intent.target != actor:
        events += catch_up(encounter, intent.target, leave=False)
    prepared = moving_attack(encounter, actor, initiation.prepared)
    return replace(initiation, events=(*events, *initiation.events), prepared=prepared)


def moving_attack(
    encounter: Encounter, actor: str, prepared: Mapping[str, object]
) -> Mapping[str, object]:
    """§4: "the same amount that is added to Defense is subtracted from Attack". An action that
    sets Defense when it resolves keeps the movement Defense in it (recorded to correct later)."""
    defense = movement_defense(encounter, actor)
    read = Prepared(prepared)
    if not defense or read.whole(MAINTAINED_SHOT, 0) > 0:
        return prepared
    adjusted = dict(prepared)
    if "attack" in prepared:
        adjusted["attack"] = read.whole("attack") - defense
    if "defense" in prepared:
        adjusted["defense"] = read.whole("defense") + defense
        adjusted[MOVEMENT_DEFENSE] = defense
    return adjusted


@hookimpl
def mands_action_after(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """After any action: the movement Defense it carried is brought up to date, and the actor and
    its target are where their runs have got to."""
    events: list[Event] = []
    defense = encounter.state[actor].defense
    held = held_defense(encounter, actor)
    folded = (
        action.prepared.whole(MOVEMENT_DEFENSE) if MOVEMENT_DEFENSE in action.prepared else None
    )
    if folded is not None and folded != held:
        defense += held - folded
        events.append(DefenseChanged(encounter.now, actor, defense, "movement Defense re-bought"))
    events += catch_up(encounter, actor, leave=True, defense=defense)
    target = action.intent.target
    if target is not None and target != actor:
        events += catch_up(encounter, target, leave=True)
    return events


@hookimpl
@answers_actions(MOVE.name)
def mands_action_sustain(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """At a Payment Segment a run that has already arrived ends before it pays again."""
    return catch_up(encounter, actor, leave=True) if action.name == MOVE.name else []


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "movement.moving",
        MovingDefaults,
        summary=defaults_summary(MovingDefaults),
        source="rules text",
    )
