"""Where characters are: lazy positions of runners, distance and reach, movement Defense
(seed "Move Roll": "Determine how far a character has moved only on the character's action, or
when the character is being attacked"; ``rules/combat.md`` §4; G-65, G-67).

Part of the movement rules (:mod:`mands_rulebook.movement` is the plugin); any plugin or policy
may ask these. Contact (within reach, and room around the target) is
:mod:`mands_rulebook.crowding`'s. Nothing here is a hook.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from mands_sim.actions import ActionInProgress
from mands_sim.events import ActionStarted, Event, Moved
from mands_sim.kernel.encounter import Encounter
from mands_sim.log_index import kept_answer
from mands_sim.world import Position, World

from .pace import MOVE, OWN_REASONS, PACE, Pace, PaceChanged


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
            return event.pace(move.prepared[PACE].flight_path), interrupted
    return move.prepared[PACE], interrupted


def current_pace(encounter: Encounter, actor: str) -> Pace | None:
    """The pace ``actor`` runs at now, or ``None`` when it is not running (kept while the log
    and the segment stand: contact and crowding ask it for everyone, again and again)."""
    return kept_answer(encounter, (PACE, actor), lambda: pace_now(encounter, actor))


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
    return kept_answer(encounter, (POSITION, actor), lambda: spot_now(encounter, actor))


def spot_now(encounter: Encounter, actor: str) -> Position | None:
    pace = current_pace(encounter, actor)
    if pace is None:
        return encounter.state[actor].position
    return pace.position_at(encounter.world, seen_at(encounter))


def seen_at(encounter: Encounter) -> int:
    """The segment runners are seen at: now, or where the time model moves them (its optional
    ``movement_segment``: Simpler Combat's "Move at the end of the Combat Turn", G-192)."""
    moved = getattr(encounter.time, "movement_segment", None)
    return encounter.now if moved is None else int(moved(encounter, encounter.now))


def distance_now(encounter: Encounter, one: str, other: str) -> float:
    """Meters between two characters now, along the map (0 without a map)."""
    here, there = position_now(encounter, one), position_now(encounter, other)
    if encounter.world is None or here is None or there is None or here == there:
        return 0.0
    return float(encounter.world.position_distance(here, there))


def reach(encounter: Encounter) -> float:
    """Meters within which two characters are in contact (G-65 ``G65_reach``, 1 m unless the
    scenario switches it; ``mands_rulebook.pace.REACH`` is the standard figure)."""
    return float(encounter.defaults.G65_reach)


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


def leaving(encounter: Encounter, who: str | None) -> bool:
    """Whether ``who`` has reached an exit it flees through (it goes when the run ends)."""
    pace = None if who is None else current_pace(encounter, who)
    world = encounter.world
    return pace is not None and flees(world, pace) and encounter.now >= pace.arrival(world)


def flees(world: World, pace: Pace) -> bool:
    return pace.flee and world.is_exit(pace.destination)
