"""Jumping (seed "Jump Roll"): the ``jump`` action, its height, time in the air and length.

Seed "Jump Roll": "Jumping, like movement, is a passive action, and has a Performance Time of 6.
It can be started on the same segment as Move is started" (``JUMP.starts_with``: the kernel lets
a jump be initiated in the segment a move was, ``docs/rules/combat.md`` §4). Part of the movement
rules (:mod:`mands_rulebook.movement.moving` is the plugin that initiates and resolves it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mands_rulebook.kit.movement.movement_rolls import allocated, jump_roll, logged, spend
from mands_rulebook.kit.movement.pace import MOVE
from mands_rulebook.kit.positions import running_pace
from mands_sim.actions import ActionDefinition, Intent
from mands_sim.events import Event
from mands_sim.kernel.contracts import Charge, Initiation
from mands_sim.kernel.encounter import Encounter

JUMP = ActionDefinition(
    name="jump",
    performance_time=6,  # seed "Jump Roll": "passive ... a Performance Time of 6"
    is_passive=True,
    ep_row=9,
    summary="Jump: Jump Roll Q to height and EP; a runner covers speed x time in the air.",
    starts_with=frozenset({MOVE.name}),  # seed: "can be started on the same segment as Move"
)


@dataclass(frozen=True, slots=True)
class Jumped(Event):
    """A jump (seed "Jump Roll"): its height, time in the air and length for a runner."""

    kind: ClassVar[str] = "jump"
    character: str
    height_cm: float
    air_segments: int
    distance_m: float


def start_jump(encounter: Encounter, actor: str, intent: Intent) -> Initiation:
    """Seed "Jump Roll": vs Agility + Strength, a bonus of twice Height (Square chart); Q to
    height and EP; "On a failure, the character still jumps, but not as high"."""
    roll = jump_roll(encounter, actor, intent)
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
