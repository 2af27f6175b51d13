"""Jumping (``mands_rulebook.kit.movement.jumping``, initiated and resolved by
``mands_rulebook.movement.moving``;
seed "Jump Roll"; ``docs/rules/combat.md`` §3, §4; G-161). The Jump Roll's own numbers through a
whole encounter: ``tests/test_rulebook_movement_moving.py``."""

from __future__ import annotations

import pytest

import tests.test_rulebook_movement_moving as movement
from mands_rulebook.kit.movement.jumping import JUMP, Jumped
from mands_rulebook.kit.movement.pace import MOVE
from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.events import ActionStarted, PushedBack
from mands_sim.kernel.contracts import ActionRefused
from mands_sim.kernel.encounter import Encounter


def test_a_jump_names_move_in_starts_with() -> None:
    """Seed "Jump Roll": "Jumping, like movement, is a passive action, and has a Performance Time
    of 6. It can be started on the same segment as Move is started"."""
    assert (JUMP.is_passive, JUMP.performance_time, JUMP.starts_with) == (True, 6, {MOVE.name})


class MoveAndJump:
    """Starts a move toward ``far`` on segment 0 and, asked again in that segment, a jump; all
    of the Move Roll's Q on speed, 9 of the Jump Roll's on EP and the rest on height."""

    def __init__(self) -> None:
        self.plan = [Intent(MOVE.name, options={"toward": "far"}), Intent(JUMP.name)]

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return self.plan.pop(0) if self.plan and encounter.now == 0 else None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        if intent.action == JUMP.name:
            return QualityAllocation(ep=9)
        return QualityAllocation(speed=quality)


def move_and_jump(**defaults: str) -> Encounter:
    """Seraph on the road's start, dice 10 for the Move Roll and 10 for the Jump Roll."""
    cast = {"seraph": ("characters/seraph.toml", "start")}
    minds = {"seraph": MoveAndJump()}
    dice = {"seraph": [5, 5, 5, 5]}
    return movement.encounter(movement.ROAD, [["start", "far"]], cast, minds, dice, defaults)


def test_a_jump_starts_in_the_segment_a_move_starts() -> None:
    """Seed "Jump Roll": jumping "can be started on the same segment as Move is started". Seraph
    starts a run on segment 0 (dice 10: Q 19 on speed → 1.1 m/segment) and is asked again in the
    segment: he jumps at once (dice 10: Q 24; 9 on EP, 15 on height: 225 cm, 3 segments in the
    air, 3 × 1.1 = 3.3 m). G-161: the move is not pushed back by the jump started with it."""
    run = move_and_jump()
    run.run(until=6)
    starts = [(e.segment, e.action) for e in movement.of(run.log, ActionStarted)]
    assert starts == [(0, MOVE.name), (0, JUMP.name)]
    assert run.state["seraph"].initiated == (MOVE.name, JUMP.name)
    (jump,) = movement.of(run.log, Jumped)
    assert (jump.segment, jump.height_cm, jump.air_segments, jump.distance_m) == (6, 225, 3, 3.3)
    assert movement.of(run.log, PushedBack) == []


def test_g161_push_makes_the_jump_push_back_the_move_started_with_it() -> None:
    """G-161 switched to ``push``: the jump started with the move pushes it back 1 segment."""
    run = move_and_jump(G161_same_segment_pushback="push")
    run.run(until=6)
    pushed = [(e.segment, e.action, e.segments) for e in movement.of(run.log, PushedBack)]
    assert pushed == [(0, MOVE.name, 1)]


def test_only_one_jump_starts_with_the_move() -> None:
    """``starts_with`` pairs a jump with a move (§3), not a second jump with the first."""
    run = move_and_jump()
    run.run(until=0)
    with pytest.raises(ActionRefused, match="one initiation per segment"):
        run.initiate("seraph", Intent(JUMP.name))
