"""Properties of the dice: faces stay on the die, rolls stay in range, streams stay apart."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mands_sim.dice import (
    DiceExpression,
    ScriptedDice,
    SeededDice,
    StreamKey,
    parse_dice,
    roll_action_dice,
    roll_d100,
    roll_until_missed,
)
from tests.strategies import (
    d10_scripts,
    dice_expressions,
    dice_seeds,
    die_sides,
    percent_chances,
    stream_keys,
)


@given(dice_seeds(), stream_keys(), die_sides())
def test_seeded_face_lies_on_the_die(seed: int, key: tuple[StreamKey, ...], sides: int) -> None:
    dice = SeededDice(seed, *key)
    assert all(1 <= dice.face(sides) <= sides for _ in range(20))


@given(dice_seeds(), st.booleans())
def test_action_dice_lie_between_minus_18_and_20(seed: int, is_special: bool) -> None:
    """Seed "Dice": 2d10 is 2…20; with the 1-rule, 2 − (10 + 10) = −18 is the lowest."""
    dice = SeededDice(seed)
    assert all(-18 <= roll_action_dice(dice, is_special=is_special).total <= 20 for _ in range(20))


@given(d10_scripts())
def test_action_dice_total_is_faces_minus_rerolls(script: list[int]) -> None:
    """Seed "Action Rolls": the re-rolled faces are subtracted from the dice total."""
    roll = roll_action_dice(ScriptedDice(script), is_special=True)
    assert roll.total == sum(roll.faces) - sum(roll.rerolls)


@given(d10_scripts())
def test_one_reroll_per_die_showing_one(script: list[int]) -> None:
    roll = roll_action_dice(ScriptedDice(script), is_special=True)
    assert len(roll.rerolls) == roll.faces.count(1)


@given(d10_scripts())
def test_normal_character_total_is_the_plain_sum(script: list[int]) -> None:
    roll = roll_action_dice(ScriptedDice(script), is_special=False)
    assert (roll.total, roll.rerolls) == (script[0] + script[1], ())


@given(dice_expressions(), dice_seeds())
def test_expression_total_lies_between_its_bounds(expression: DiceExpression, seed: int) -> None:
    """Seed "Dice": NdX lies in N…N·X (plus the modifier)."""
    total = expression.roll(SeededDice(seed)).total
    assert expression.minimum <= total <= expression.maximum


@given(dice_expressions())
def test_expression_text_parses_back(expression: DiceExpression) -> None:
    assert parse_dice(str(expression)) == expression


@given(dice_seeds())
def test_d100_lies_between_1_and_100(seed: int) -> None:
    dice = SeededDice(seed)
    assert all(1 <= roll_d100(dice) <= 100 for _ in range(20))


@given(dice_seeds(), stream_keys(), stream_keys(), st.integers(0, 10))
def test_extra_rolls_on_one_stream_leave_another_unchanged(
    seed: int, key: tuple[StreamKey, ...], other: tuple[StreamKey, ...], extra: int
) -> None:
    """DESIGN.md "Keyed random substreams" (contract)."""
    if key == other:
        other = (*other, "other")
    quiet = SeededDice(seed).substream(*other)
    expected = [quiet.face(100) for _ in range(5)]
    busy = SeededDice(seed)
    for _ in range(extra):
        busy.substream(*key).face(100)
    assert [busy.substream(*other).face(100) for _ in range(5)] == expected


@given(dice_seeds(), percent_chances(), st.integers(0, 30))
def test_roll_until_missed_never_exceeds_its_limit(seed: int, chance: float, limit: int) -> None:
    assert 0 <= roll_until_missed(SeededDice(seed), chance, limit=limit) <= limit
