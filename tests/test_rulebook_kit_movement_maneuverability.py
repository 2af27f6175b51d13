"""Maneuverability (``mands_rulebook.kit.movement.maneuverability``, applied by
``mands_rulebook.movement.moving`` on a Move Roll's re-roll; seed "Maneuverability"; G-163)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import tests.test_rulebook_movement_moving as movement
from mands_rulebook.kit.movement.maneuverability import maneuverability_turning
from mands_rulebook.kit.movement.pace import MOVE, REROLL_MOVE, PaceChanged
from mands_sim.actions import Intent
from mands_sim.kernel.encounter import Encounter
from tests.data.fighters import sample

ROAD = [movement.place("a", 0.0), movement.place("b", 50.0)]
"""A 50 m road: Seraph runs from a toward b at 1.1 m/segment (dice 10: Q 19, all on speed)."""


def seraph(level: int) -> dict[str, Any]:
    sheet = copy.deepcopy(sample("seraph"))
    sheet["skills"]["Maneuverability"] = level
    return sheet


def rerolled(level: int, reroll: Intent, dice: list[int], **defaults: str) -> PaceChanged:
    """Seraph's pace after re-rolling his run on segment 6 (nothing of its Q spent)."""
    intents = {0: Intent(MOVE.name, options={"toward": "b"}), 6: reroll}
    run: Encounter = movement.runner(
        ROAD, [["a", "b"]], intents, [5, 5, *dice], {6: movement.NOTHING}, sheet=seraph(level)
    )
    if defaults:
        run.defaults = run.defaults.with_overrides(defaults)
    run.run(until=6)
    (pace,) = movement.of(run.log, PaceChanged)
    return pace  # type: ignore[no-any-return]


BACK = Intent(REROLL_MOVE.name, options={"toward": "a"})
MISSED = [10, 9]
"""Dice 19 against 29 with the pool −19 (speed Q so far, Sphere −11): Q −1, a failed roll."""


def test_half_level_turns_even_on_a_failed_move_roll() -> None:
    """Seed: "can move up to half level Q in order to change direction ... although the Move Roll
    doesn't need to be successful". Turning back is 180°, 4 Q (G-66); the roll fails (Q −1). With
    no Maneuverability the run keeps its course toward b; with level 8, ⌊8 ÷ 2⌋ = 4 Q turn it
    toward a, and the speed Q 19 is kept (G-163 ``free``)."""
    assert rerolled(0, BACK, MISSED).destination == "b"
    turned = rerolled(8, BACK, MISSED)
    assert (turned.destination, turned.speed_quality) == ("a", 19)


def test_too_little_maneuverability_leaves_the_rest_of_the_turn_to_the_roll() -> None:
    """Level 4 pays ⌊4 ÷ 2⌋ = 2 of the 4 Q; a failed roll cannot pay the other 2."""
    assert maneuverability_turning(4) == 2
    assert rerolled(4, BACK, MISSED).destination == "b"


def test_g163_speed_takes_the_turn_off_the_speed_q() -> None:
    """G-163 ``speed``: the 4 Q Maneuverability moves come off the speed Q: 19 → 15."""
    turned = rerolled(8, BACK, MISSED, G163_maneuverability_turn="speed")
    assert (turned.destination, turned.speed_quality) == ("a", 15)


@pytest.mark.parametrize(("level", "speed_quality"), [(0, 8), (3, 5)])
def test_level_more_off_the_speed_when_slowing(level: int, speed_quality: int) -> None:
    """Seed: "a bonus of level to the amount of Q that movement can be reduced by". Slowing from
    speed Q 19 takes Sphere(19) = 11 off (seed "Move Roll"): 8; level 3 takes 3 more: 5."""
    slow = Intent(REROLL_MOVE.name, options={"slow": True})
    assert rerolled(level, slow, [5, 5]).speed_quality == speed_quality
