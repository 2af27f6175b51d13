"""Minimal policies so encounters run end to end. Not rules text: a simulator's stand-in for a
player or an Editor.

* ``nearest-enemy`` goes after an objective's performer first and punches threats to its
  side's objective wards in reach (G-237, :mod:`mands_rulebook.objective_play`); otherwise it
  punches the nearest enemy still fighting (G-235) when it is in contact (within
  reach, :func:`mands_rulebook.movement.in_contact`), on ties the first in the encounter's
  tie-break order (G-227), and closes in otherwise:
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
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from mands_sim import hookimpl
from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.kernel.encounter import ActionRefused, Encounter, fighting
from mands_sim.policy.explain import Explanation
from mands_sim.registry import Register
from mands_sim.world import Position, World

from .movement import (
    FLEE,
    MOVE,
    REROLL_MOVE,
    TOWARD,
    current_pace,
    heading,
    in_contact,
    position_now,
    reach,
    running_pace,
)
from .objective_play import guarding, objective_explanation, pursue, ward_threats

SPEED_STEP = 3
"""``rules/combat.md`` §5: 3 Q halve the Performance Time."""

LOOKAHEAD = 50
"""Segments a waiting policy looks ahead for contact before it looks again (one round, §1)."""


class NearestEnemy:
    """Punch the nearest enemy in reach; close in on it otherwise."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
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
            return punch(encounter, actor, target)
        return close_in(encounter, actor, target)

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return preset(encounter, intent, quality)

    def explain(self, encounter: Encounter, actor: str, intent: Intent) -> Explanation | None:
        """Only a choice made for an objective is explained (G-237)."""
        return objective_explanation(intent)


class RunForExit:
    """Run for the nearest exit; fight only with nowhere left to run."""

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
            run = Intent(MOVE.name, options={TOWARD: step, FLEE: self.leave}, reason="escape")
            if allowed(encounter, actor, run):
                return run
        target = nearest_enemy(encounter, actor)
        if target is not None and in_contact(encounter, actor, target):
            return punch(encounter, actor, target)
        return None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return preset(encounter, intent, quality)


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


def punch(encounter: Encounter, actor: str, target: str) -> Intent | Wait:
    """A fist attack, or a look again next segment if the rules refuse it now."""
    blow = Intent("fist-attack", target=target, reason="nearest enemy in reach")
    return blow if allowed(encounter, actor, blow) else Wait(encounter.now + 1, "not yet")


def punch_in_reach(encounter: Encounter, actor: str, target: str) -> Intent | None:
    """A fist attack at ``target`` within reach that the rules allow now, else ``None``."""
    if not in_contact(encounter, actor, target):
        return None
    blow = Intent("fist-attack", target=target, reason="nearest enemy in reach")
    return blow if allowed(encounter, actor, blow) else None


def nearest_enemy(encounter: Encounter, actor: str) -> str | None:
    """The enemy fighting (in action and a combatant, G-235) nearest along the map (on ties
    the first in the encounter's tie-break order, G-227), if one can be reached.

    The distances are :func:`~mands_rulebook.movement.distance_now`'s, with ``actor``'s own
    position found once rather than once per enemy."""
    me = encounter.state[actor]
    world = encounter.world
    here = None if world is None else position_now(encounter, actor)
    enemies = [
        (_meters(encounter, here, who), encounter.rank(who), who)
        for other in encounter.state
        if other.side != me.side and fighting(encounter, other)
        for who in (other.character_id,)
    ]
    reachable = [enemy for enemy in enemies if not math.isinf(enemy[0])]
    return min(reachable)[2] if reachable else None


def _meters(encounter: Encounter, here: Position | None, other: str) -> float:
    """``distance_now`` from a position already found: 0 without a map or a position."""
    world = encounter.world
    if world is None or here is None:
        return 0.0
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
    nobody changes course (for policies deciding how long to wait)."""
    world = encounter.world
    if world is None:
        return None
    paces = [current_pace(encounter, who) for who in (one, other)]
    spots = [position_now(encounter, who) for who in (one, other)]
    close = reach(encounter)  # G-65 G65_reach
    for segment in range(encounter.now + 1, until + 1):
        here, there = (
            p.position_at(world, segment) if p else s for p, s in zip(paces, spots, strict=True)
        )
        if here is not None and there is not None and world.position_distance(here, there) <= close:
            return segment
    return None


def meeting_place(encounter: Encounter, actor: str, target: str) -> str | None:
    """Where to run to meet ``target``: ``None`` when it is already coming to us.

    A standing enemy's place (the nearer landmark, if it stopped part-way, G-248); for an enemy
    on the run, the first place of its way we are no farther from than it is, else its goal.
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
    for place in way_ahead(world, theirs, goal):
        if world.distance_to(mine, place) <= world.distance_to(theirs, place):
            return place
    return goal


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


@hookimpl
def mands_register_policies(register: Register) -> None:
    register(
        "nearest-enemy",
        NearestEnemy,
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
