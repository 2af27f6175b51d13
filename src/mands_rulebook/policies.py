"""Minimal policies so encounters run end to end. Not rules text: a simulator's stand-in for a
player or an Editor.

* ``nearest-enemy`` goes after an objective's performer first and punches threats to its
  side's objective wards in reach (G-237, :mod:`mands_rulebook.objective_play`); otherwise it
  punches the nearest enemy still fighting (G-235) when it is in contact (within
  reach and room around it, :func:`mands_rulebook.movement.in_contact`; one whose ring of
  places is full of other enemies comes after every other, G-271), on ties the first in the
  encounter's tie-break order (G-227), and closes in otherwise (or waits, with no room):
  it runs (``move``) toward the place where it can meet the enemy along the map — the enemy's
  place, or for an enemy on the run the first place of its way it can reach first, else where
  it is going — re-rolling the run to turn when that place changes, and waits for an enemy
  already coming to it. Its Quality preset for a punch buys just enough Attack to meet the
  target's current Defense, then 3 Q of speed (halving the Performance Time, ``rules/combat.md``
  §5), and puts the rest into damage; a Move Roll's Q all goes to speed.
* ``run-for-exit`` runs for the nearest exit landmark by landmark along the way (a new run from
  each landmark it reaches, so it takes stock at every corner, junction or place with something
  there, but not at a place it only passes, G-248), fleeing through the exit (``leave``,
  default true) or staying there (``leave = false``, for a ``reach`` objective); it punches only
  enemies in contact once it has nowhere to run. Its Quality presets are ``nearest-enemy``'s.

Both ask the rules before they ask for an action (``Encounter.check_timing`` and the refusals),
so a refused action is never asked for.

Below zero EP ``nearest-enemy`` (and every preset built on it) first asks :func:`catch_breath`
(G-232, ``G232_spent_fighters``), before its objectives (G-237): it gives up (``surrender``)
when every enemy fighting (G-235) has more EP left, each counted before paying for the actions
it has in progress, and as many VP and DP left — the seed's Simpler Combat Example: "Sinister
is at 32 EP. Dexter is at 35 EP, or 3 below zero. He decides to give up" (both have 32 EP) —
and rests a round
(``rest``) when no enemy presses it (none in contact, none aiming an action at it) or when it
is spent (G-231).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from mands_sim import hookimpl
from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.events import EndurancePaid
from mands_sim.kernel.contracts import ActionRefused, fighting
from mands_sim.kernel.encounter import Encounter
from mands_sim.policy.explain import Explanation, reason_given
from mands_sim.registry import Register
from mands_sim.world import Position, World

from .altitude import upward_reach
from .comics_code import offers_code
from .crowding import in_contact, no_room
from .exhaustion import spent
from .objective_play import guarding, objective_explanation, pursue, ward_threats
from .pace import FLEE, MOVE, REROLL_MOVE, TOWARD, Pace, heading
from .positions import (
    current_pace,
    distance_now,
    flight_now,
    point_of,
    position_now,
    reach,
    running_pace,
)
from .rest import REST
from .surrender import SURRENDER

SPEED_STEP = 3
"""``rules/combat.md`` §5: 3 Q halve the Performance Time."""

LOOKAHEAD = 50
"""Segments a waiting policy looks ahead for contact before it looks again (one round, §1)."""


class NearestEnemy:
    """Punch the nearest enemy in reach; close in on it otherwise."""

    name = "nearest-enemy"

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        winded = catch_breath(encounter, actor)  # G-232: below zero EP, before anything else
        if winded is not None:
            return winded
        chase = pursue(encounter, actor, lambda t: punch_in_reach(encounter, actor, t), close_in)
        if chase is not None:  # G-237: an objective's performer first
            return chase
        for threat in ward_threats(encounter, actor):
            blow = punch_in_reach(encounter, actor, threat)
            if blow is not None:
                return guarding(encounter, actor, blow)
        target = nearest_enemy(encounter, actor)
        if target is None:
            return None
        if in_contact(encounter, actor, target):
            return punch(encounter, actor, target, f"{target} is the nearest enemy, in reach")
        run = close_in(encounter, actor, target)
        if isinstance(run, Intent):
            return replace(run, reason=f"{target} is the nearest enemy, out of reach: closing in")
        return run

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return preset(encounter, intent, quality)

    def explain(self, encounter: Encounter, actor: str, intent: Intent) -> Explanation | None:
        """A choice made for an objective (G-237) says so; any other gives the reason its
        intent carries (the nearest enemy, in reach or not)."""
        return objective_explanation(intent) or reason_given(self.name, intent)


class RunForExit:
    """Run for the nearest exit; fight only with nowhere left to run."""

    name = "run-for-exit"

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.leave = bool(options.get("leave", True))

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        world, here = encounter.world, position_now(encounter, actor)
        pace = running_pace(encounter, actor)
        if pace is not None:
            return Wait(max(encounter.now + 1, pace.arrival(world)), "running for the exit")
        goal = None if world is None or here is None else nearest_exit(world, here)
        step = None if goal is None or here is None else world.next_landmark(here, goal)
        if step is not None:
            why = f"running for the exit {goal}" + (f" by way of {step}" if step != goal else "")
            run = Intent(MOVE.name, options={TOWARD: step, FLEE: self.leave}, reason=why)
            if allowed(encounter, actor, run):
                return run
        target = nearest_enemy(encounter, actor)
        if target is not None and in_contact(encounter, actor, target):
            return punch(encounter, actor, target, "no way to an exit; the nearest enemy in reach")
        return None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return preset(encounter, intent, quality)

    def explain(self, encounter: Encounter, actor: str, intent: Intent) -> Explanation | None:
        """The reason each intent carries (the way to the exit, or a cornered punch)."""
        return reason_given(self.name, intent)


class StandBy:
    """Do nothing: a bystander frozen where it stands, a hostage held (the default policy of a
    character with a non-combatant role, G-235)."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return preset(encounter, intent, quality)


def preset(encounter: Encounter, intent: Intent, quality: int) -> QualityAllocation:
    """A Move Roll's Q all to speed; a jump's all to height; a punch's as the module says."""
    if intent.action in (MOVE.name, REROLL_MOVE.name):
        return QualityAllocation(speed=quality)
    if intent.target is None:
        return QualityAllocation()
    defense = encounter.state[intent.target].defense
    attack = min(quality, max(0, defense))
    speed = SPEED_STEP if quality - attack >= SPEED_STEP else 0
    return QualityAllocation(attack=attack, speed=speed, damage=quality - attack - speed)


def allowed(encounter: Encounter, actor: str, intent: Intent) -> bool:
    """Whether the clock and the rules let ``actor`` start ``intent`` now."""
    try:
        definition = encounter.rules.definition(intent.action)
    except ActionRefused:
        return False  # no plugin registers it (disabled)
    if encounter.check_timing(actor, definition) is not None:
        return False
    return not encounter.rules.refusals(encounter, actor, intent)


def punch(
    encounter: Encounter, actor: str, target: str, why: str = "the nearest enemy, in reach"
) -> Intent | Wait:
    """A fist attack (``why`` its reason), or a look again next segment if the rules refuse it
    now."""
    blow = Intent("fist-attack", target=target, reason=why)
    return blow if allowed(encounter, actor, blow) else Wait(encounter.now + 1, "not yet")


def catch_breath(encounter: Encounter, actor: str, *, yields: bool = True) -> Intent | None:
    """G-232: below zero EP, give up when worse off than every enemy (unless ``yields`` is
    false or the scenario says ``rest``), rest when nobody presses or when spent (G-231);
    ``None``: fight on."""
    mode = encounter.defaults.G232_spent_fighters
    me = encounter.state[actor]
    if mode == "fight" or me.endurance_points >= 0:
        return None
    if yields and mode == "yield" and worse_off(encounter, actor):
        give_up = Intent(SURRENDER.name, reason="below zero EP, every enemy has more (G-232)")
        if allowed(encounter, actor, give_up):
            return give_up
    if spent(encounter, actor) or not pressed(encounter, actor):
        rest = Intent(REST.name, reason="below zero EP: rest a round (G-232)")
        if allowed(encounter, actor, rest):
            return rest
    return None


def worse_off(encounter: Encounter, actor: str) -> bool:
    """Whether ``actor`` is its side's last fighter and every enemy in action has more EP left
    than it (as much, and before it in the encounter's drawn order, G-227), each counted before
    what it paid for the actions it has in progress (:func:`fresh_ep`), and at least as many VP
    and DP left (``health_left``: one a blow from out of action is not better off); never
    with no enemy in action. A fighter whose allies still stand rests instead: its side has not
    lost (the seed's Sinister gives up alone). Bystanders and hostages fight for nobody (G-235,
    ``fighting``)."""
    me = encounter.state[actor]
    if any(
        s.side == me.side and s.character_id != actor and fighting(encounter, s)
        for s in encounter.state
    ):
        return False
    mine = (fresh_ep(encounter, actor), -encounter.rank(actor))
    health = me.health_left
    enemies = [
        s.character_id for s in encounter.state if s.side != me.side and fighting(encounter, s)
    ]
    return bool(enemies) and all(
        (fresh_ep(encounter, who), -encounter.rank(who)) > mine
        and encounter.state[who].health_left >= health
        for who in enemies
    )


def fresh_ep(encounter: Encounter, who: str) -> Fraction:
    """``who``'s EP with what it paid for the actions it has in progress given back: one in the
    middle of a blow has paid for it, one deciding not yet for its next, and compared bare two
    fighters paying in turn would each find the other lower and slide to the floor together."""
    actions = {a.name: a.started_at for a in encounter.state[who].actions}
    since = min(actions.values(), default=encounter.now + 1)
    paid = Fraction(0)
    for event in reversed(encounter.log):
        if event.segment < since:
            break
        if isinstance(event, EndurancePaid) and event.character == who:
            started = actions.get(event.action)
            paid += event.amount if started is not None and event.segment >= started else 0
    return encounter.state[who].endurance_points + paid


def pressed(encounter: Encounter, actor: str) -> bool:
    """Whether an enemy fighting (G-235) is in contact with ``actor`` or aims an action at it."""
    side = encounter.state[actor].side
    return any(
        in_contact(encounter, actor, s.character_id)
        or any(a.intent.target == actor for a in s.actions)
        for s in encounter.state
        if s.side != side and fighting(encounter, s)
    )


def punch_in_reach(encounter: Encounter, actor: str, target: str) -> Intent | None:
    """A fist attack at ``target`` within reach that the rules allow now, else ``None``."""
    if not in_contact(encounter, actor, target):
        return None
    blow = Intent("fist-attack", target=target, reason="nearest enemy in reach")
    return blow if allowed(encounter, actor, blow) else None


def nearest_enemy(encounter: Encounter, actor: str) -> str | None:
    """The enemy fighting (in action and a combatant, G-235) nearest along the map (on ties
    the first in the encounter's tie-break order, G-227), if one can be reached; one with room
    around it for ``actor`` before any other (G-271, :func:`~mands_rulebook.crowding.no_room`).

    The distances are :func:`~mands_rulebook.movement.distance_now`'s, with ``actor``'s own
    position found once rather than once per enemy."""
    me = encounter.state[actor]
    world = encounter.world
    here = None if world is None else position_now(encounter, actor)
    enemies = [
        (
            no_room(encounter, actor, who),
            _meters(encounter, actor, here, who),
            encounter.rank(who),
            who,
        )
        for other in encounter.state
        if other.side != me.side and fighting(encounter, other)
        for who in (other.character_id,)
    ]
    reachable = [enemy for enemy in enemies if not math.isinf(enemy[1])]
    return min(reachable)[3] if reachable else None


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
    altitude = max(0.0, float(encounter.defaults.G273_flight_altitude))
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


@offers_code()
def nearest_enemy_policy(options: Mapping[str, Any]) -> NearestEnemy:
    """``nearest-enemy`` from its options (and ``comics_code``, ``mands_rulebook.comics_code``)."""
    return NearestEnemy(options)


@hookimpl
def mands_register_policies(register: Register) -> None:
    register(
        "nearest-enemy",
        nearest_enemy_policy,
        summary="Punch the nearest enemy in reach, close in on it otherwise; Attack to meet "
        "Defense, 3 Q speed, rest damage; Move Q to speed.",
        source="template, not rules text",
    )
    register(
        "run-for-exit",
        RunForExit,
        summary="Run for the nearest exit (option leave: flee through it); fight only when "
        "cornered.",
        source="template, not rules text",
    )
    register(
        "stand-by",
        StandBy,
        summary="Do nothing (the default of bystanders and hostages).",
        source="template, not rules text",
    )
