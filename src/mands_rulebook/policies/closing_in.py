"""Closing in: which enemy is nearest along the map, where to run to meet it, the nearest exit,
and whether an intent may start now (``allowed``) — what every policy that moves shares (the
presets, ``armed``, the candidate actions of the tactician), below them all so that none of
them imports another for it.

Ties go to the encounter's tie-break order (G-227), never to ids or listing order; a place
without room around an enemy (G-271) comes after one with room.
"""

from __future__ import annotations

import math

from mands_rulebook.kit.altitude import AltitudeDefaults, upward_reach
from mands_rulebook.kit.crowding import no_room
from mands_rulebook.kit.movement.pace import MOVE, REROLL_MOVE, TOWARD, Pace, heading
from mands_rulebook.kit.positions import (
    current_pace,
    distance_now,
    flight_now,
    point_of,
    position_now,
    reach,
    running_pace,
)
from mands_sim.actions import Intent, Wait
from mands_sim.kernel.contracts import ActionRefused, fighting
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.state import CharacterState
from mands_sim.world import Position, World

LOOKAHEAD = 50
"""Segments a waiting policy looks ahead for contact before it looks again (one round, §1)."""


def allowed(encounter: Encounter, actor: str, intent: Intent) -> bool:
    """Whether the clock and the rules let ``actor`` start ``intent`` now."""
    try:
        definition = encounter.rules.definition(intent.action)
    except ActionRefused:
        return False  # no plugin registers it (disabled)
    if encounter.check_timing(actor, definition) is not None:
        return False
    return not encounter.rules.refusals(encounter, actor, intent)


def nearest_enemy(encounter: Encounter, actor: str) -> str | None:
    """The enemy fighting (in action and a combatant, G-235) nearest along the map (on ties
    the first in the encounter's tie-break order, G-227), if one can be reached; one with room
    around it for ``actor`` before any other (G-271, :func:`~mands_rulebook.kit.crowding.no_room`).

    The distances are :func:`~mands_rulebook.kit.positions.distance_now`'s, with ``actor``'s own
    position found once rather than once per enemy; the room around an enemy is asked nearest
    first, only until one has room."""
    me = encounter.state[actor]
    world = encounter.world
    here = None if world is None else position_now(encounter, actor)
    enemies = sorted(
        (meters, encounter.rank(who), who)
        for other in encounter.state
        if other.side != me.side and fighting(encounter, other)
        for who in (other.character_id,)
        for meters in (_meters(encounter, actor, here, who),)
        if not math.isinf(meters)
    )
    roomy = (who for _, _, who in enemies if not no_room(encounter, actor, who))
    return next(roomy, enemies[0][2] if enemies else None)


def _meters(encounter: Encounter, actor: str, here: Position | None, other: str) -> float:
    """``distance_now`` from a position already found: 0 without a map or a position; a
    flyer's from its point in the air (G-67)."""
    world = encounter.world
    if world is None or here is None:
        return 0.0
    if flight_now(encounter, actor) is not None or flight_now(encounter, other) is not None:
        return distance_now(encounter, actor, other)
    there = position_now(encounter, other)
    if there is None or there == here:
        return 0.0  # the same spot: 0 m along the map, without asking it
    return float(world.position_distance(here, there))


def close_in(encounter: Encounter, actor: str, target: str) -> Intent | Wait | None:
    """Run toward the meeting place, turn toward a new one, or wait for contact."""
    goal = meeting_place(encounter, actor, target)
    pace = running_pace(encounter, actor)
    reason = f"closing in on {target}"
    if goal is not None and (pace is None or pace.destination != goal):
        name = MOVE.name if pace is None else REROLL_MOVE.name
        run = Intent(name, options={TOWARD: goal}, reason=reason)
        if allowed(encounter, actor, run):
            return run
    return look_again(encounter, actor, target)


def look_again(encounter: Encounter, actor: str, target: str) -> Wait | None:
    """Wait until contact, an arrival, or the next chance to re-roll, whichever comes first;
    ``None`` (until something happens) when nobody is moving."""
    world, now = encounter.world, encounter.now
    mine, theirs = current_pace(encounter, actor), current_pace(encounter, target)
    paces = [pace for pace in (mine, theirs) if pace is not None]
    if world is None or not paces:
        return None
    moments = [pace.arrival(world) for pace in paces]
    if mine is not None:  # the next Move Roll may turn toward a new meeting place (G-65)
        moments.append(mine.since + MOVE.performance_time)
    horizon = max(now + 1, min(now + LOOKAHEAD, *moments))
    contact = contact_segment(encounter, actor, target, horizon)
    return Wait(max(now + 1, contact or horizon), f"waiting for {target}")


def contact_segment(encounter: Encounter, one: str, other: str, until: int) -> int | None:
    """The first segment after now, up to ``until``, at which the two will be in contact if
    nobody changes course (for policies deciding how long to wait): within reach over the
    ground, measured from a flyer's point on its line while it is in the air (G-67), and the
    altitudes the two reach overlapping (G-273, G-274: a flyer in the air is out of a grounded
    man's reach until it lands)."""
    world = encounter.world
    if world is None:
        return None
    paces = [current_pace(encounter, who) for who in (one, other)]
    spots = [position_now(encounter, who) for who in (one, other)]
    tops = [upward_reach(encounter, who) for who in (one, other)]
    for segment in range(encounter.now + 1, until + 1):
        up = [airborne(world, pace, segment) for pace in paces]
        if not spans_meet(encounter, up, tops):
            continue
        if future_distance(encounter, paces, spots, up, segment) <= reach(encounter):
            return segment
    return None


def airborne(world: World, pace: Pace | None, segment: int) -> Pace | None:
    """``pace`` while it is a flight still in the air at ``segment`` (G-67), else ``None``."""
    return pace if pace is not None and pace.fly and segment < pace.arrival(world) else None


def spans_meet(encounter: Encounter, up: list[Pace | None], tops: list[float]) -> bool:
    """G-274 for a future segment: the altitudes the two reach overlap (a flyer in the air is
    G-273's altitude up; jumps are not foreseen)."""
    if up[0] is None and up[1] is None:
        return True
    altitude = max(0.0, float(encounter.defaults.of(AltitudeDefaults).G273_flight_altitude))
    lows = [altitude if flying else 0.0 for flying in up]
    return max(lows) <= min(low + top for low, top in zip(lows, tops, strict=True)) + 1e-9


def future_distance(
    encounter: Encounter,
    paces: list[Pace | None],
    spots: list[Position | None],
    up: list[Pace | None],
    segment: int,
) -> float:
    """Meters between the two at ``segment`` if nobody changes course: straight between their
    coordinates while one is in the air, else along the map."""
    world = encounter.world
    assert world is not None
    here, there = (
        p.position_at(world, segment) if p else s for p, s in zip(paces, spots, strict=True)
    )
    if here is None or there is None:
        return math.inf
    if up[0] is not None or up[1] is not None:
        points = [point_of(world, w, f, segment) for w, f in ((here, up[0]), (there, up[1]))]
        if points[0] is not None and points[1] is not None:
            return math.dist(points[0], points[1])
    return float(world.position_distance(here, there))


def meeting_place(encounter: Encounter, actor: str, target: str) -> str | None:
    """Where to run to meet ``target``: ``None`` when it is already coming to us.

    A standing enemy's place (the nearer landmark, if it stopped part-way, G-248); for an enemy
    on the run, ``None`` when its way passes us (it is coming: we keep our course, or wait),
    else the first place of its way we are no farther from than it is, else its goal. (Two
    fighters running at each other, deciding at the same time, so never both turn back to wait
    at their starting places.)
    """
    world = encounter.world
    mine, theirs = position_now(encounter, actor), position_now(encounter, target)
    if world is None or mine is None or theirs is None:
        return None
    their_pace, my_pace = running_pace(encounter, target), running_pace(encounter, actor)
    if their_pace is None:
        return standing_place(world, mine, theirs)
    goal = their_pace.destination
    if mine == Position(goal) or (my_pace is not None and my_pace.destination == goal):
        return None if my_pace is None else goal
    apart = float(world.position_distance(mine, theirs))
    for place in way_ahead(world, theirs, goal):
        if passes_by(world, mine, theirs, place, apart, reach(encounter)):
            return None  # its way there passes us: it is coming (never turn back to wait)
        if world.distance_to(mine, place) <= world.distance_to(theirs, place):
            return place
    return goal


def passes_by(
    world: World, mine: Position, theirs: Position, place: str, apart: float, slack: float
) -> bool:
    """Whether the shortest way from ``theirs`` to ``place`` passes within ``slack`` meters of
    ``mine`` (``apart`` meters from it): going by us is no longer than the way itself plus the
    slack."""
    by_us = apart + float(world.distance_to(mine, place))
    return by_us <= float(world.distance_to(theirs, place)) + slack


def standing_place(world: World, mine: Position, theirs: Position) -> str:
    """A standing enemy's place; part-way along an edge, the landmark nearer to it (or the other
    one when we stand at that one, G-248)."""
    if theirs.at_place:
        return theirs.place
    (back, _), (ahead, _) = world.landmark_ends(theirs)
    near = world.nearest_place(theirs)
    far = ahead if near == back else back
    return far if mine == Position(near) else near


def way_ahead(world: World, position: Position, goal: str) -> tuple[str, ...]:
    """The places a runner at ``position`` will pass on its way to ``goal``, in order. Every
    place counts here, passed or not: runs end at places, and two runners meeting head-on need
    one between them (a place only passed is a meeting place; see ``docs/policies.md``)."""
    first = heading(world, position, goal)
    if first is None:
        return (goal,)
    return world.path(first, goal) or (first,)


def nearest_exit(world: World, here: Position) -> str | None:
    """The exit nearest along the map (map order on ties), if one can be reached."""
    exits = [(world.distance_to(here, place), place) for place in world.exits()]
    reachable = [(meters, place) for meters, place in exits if not math.isinf(meters)]
    return min(reachable, key=lambda item: item[0])[1] if reachable else None


def enemies_nearest_first(encounter: Encounter, actor: str) -> list[str]:
    """Enemies fighting (in action and combatants, G-235), nearest first along the map (the
    encounter's tie-break order on ties, G-227)."""
    me = encounter.state[actor]
    enemies = [s for s in encounter.state if s.side != me.side and fighting(encounter, s)]

    def distance(other: CharacterState) -> float:
        return distance_now(encounter, actor, other.character_id)

    return [
        s.character_id
        for s in sorted(enemies, key=lambda s: (distance(s), encounter.rank(s.character_id)))
    ]
