"""Dice: sources, expressions and the rulebook's rolls (seed "Dice", "Action Rolls")."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter

import pytest

from mands_sim.dice import (
    ActionDice,
    DiceExpression,
    ScriptedDice,
    SeededDice,
    parse_dice,
    percent_chance,
    roll_action_dice,
    roll_d100,
    roll_knowledge,
    roll_until_missed,
    shuffled,
)
from mands_sim.errors import DiceError, ScriptedDiceExhausted

# --- Action Rolls: 2d10 and the 1-rule ------------------------------------------------------


def test_special_one_is_rerolled_and_subtracted() -> None:
    """Seed "Action Rolls": "a player rolls 2d10, for 1 and 7, this totals to 8, but the 1 is
    rolled again; the next die comes up 6, which is subtracted from 8, for a total of 2"."""
    dice = ScriptedDice([1, 7, 6])
    assert roll_action_dice(dice, is_special=True) == ActionDice((1, 7), (6,), 2)


def test_move_roll_example_rerolls_the_one() -> None:
    """Seed "Example of Movement": Seraph "rolls a 5 and a 1, for 6. The 1 is re-rolled,
    getting a 4, bringing the result to 2"."""
    assert roll_action_dice(ScriptedDice([5, 1, 4]), is_special=True).total == 2


def test_both_ones_are_rerolled_and_subtracted_from_two() -> None:
    """Seed "Dice": "If both dice come up 1, both dice will be re-rolled, and their total
    subtracted from 2" — 1, 1 then 3, 4 gives 2 − 7 = −5."""
    dice = ScriptedDice([1, 1, 3, 4])
    assert roll_action_dice(dice, is_special=True) == ActionDice((1, 1), (3, 4), -5)


def test_rerolled_one_is_not_rerolled_again() -> None:
    """Seed "Dice": "Dice are only re-rolled once" — 1, 5 then a re-rolled 1 gives 6 − 1 = 5."""
    dice = ScriptedDice([1, 5, 1])
    assert roll_action_dice(dice, is_special=True).total == 5
    dice.assert_used_up()


def test_simpler_combat_grunt_roll_three_one_four() -> None:
    """Seed "Simpler Combat": "(3,1-4) 0" — 3 + 1, re-roll 4, total 0 (G-37: grunts are
    Special characters in their sample sheets)."""
    assert roll_action_dice(ScriptedDice([3, 1, 4]), is_special=True).total == 0


def test_normal_character_does_not_reroll() -> None:
    """``docs/rules/combat.md`` §5: Normal characters do not re-roll; 1 and 7 stay 8."""
    dice = ScriptedDice([1, 7])
    assert roll_action_dice(dice, is_special=False) == ActionDice((1, 7), (), 8)
    dice.assert_used_up()


def test_zero_reads_as_ten_on_2d10() -> None:
    """Seed "Dice": "if two zeroes are rolled, the result is 20" (face 10 is the zero)."""
    assert roll_action_dice(ScriptedDice([10, 10]), is_special=True).total == 20


# --- d100 -----------------------------------------------------------------------------------


def test_d100_reads_double_zero_as_100() -> None:
    """Seed "Dice": "If two zeroes are rolled, the result is 100" (face 100 of a d100)."""
    assert roll_d100(ScriptedDice([100])) == 100


def test_knowledge_roll_does_not_apply_the_one_rule() -> None:
    """Seed "Knowledge Rolls": "Ones do not reduce the die roll" — a 1 stays 1, no re-roll."""
    dice = ScriptedDice([1])
    assert roll_knowledge(dice) == 1
    dice.assert_used_up()


def test_percent_chance_succeeds_at_the_chance() -> None:
    """Seed "Percent Chance of Success": a result equal to the chance succeeds."""
    assert percent_chance(ScriptedDice([25]), 25)


def test_percent_chance_fails_above_the_chance() -> None:
    """Seed: "Otherwise, the roll fails" — 26 against 25%."""
    assert not percent_chance(ScriptedDice([26]), 25)


def test_roll_until_missed_counts_successes_before_the_miss() -> None:
    """Seed "Roll Until Missed": 80% rolled 12, 75, then 81 (missed) gives 2."""
    assert roll_until_missed(ScriptedDice([12, 75, 81]), 80) == 2


def test_roll_until_missed_stops_at_the_limit() -> None:
    """A certain chance would roll for ever; the limit stops it (STYLE.md: loops have limits)."""
    assert roll_until_missed(SeededDice(1), 100, limit=50) == 50


# --- expressions ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3d6+2", DiceExpression(3, 6, 2)),
        ("d100", DiceExpression(1, 100, 0)),
        ("2d10", DiceExpression(2, 10, 0)),
        ("4d6-1", DiceExpression(4, 6, -1)),
        (" 2D100 + 7 ", DiceExpression(2, 100, 7)),
    ],
)
def test_parse_dice_reads_ndx_with_modifier(text: str, expected: DiceExpression) -> None:
    """Seed "Dice": the notation ndx; "3d6+2" is 3 six-sided dice plus 2."""
    assert parse_dice(text) == expected


@pytest.mark.parametrize("text", ["", "3x6", "d", "3d", "d6+", "2d6*2", "1d6+1d4"])
def test_parse_dice_rejects_bad_text_saying_what_was_expected(text: str) -> None:
    with pytest.raises(DiceError, match=r"expected NdX, NdX\+M or NdX-M"):
        parse_dice(text)


def test_parse_dice_rejects_zero_dice() -> None:
    with pytest.raises(DiceError, match=r"dice count must be 1\.\.1000, not 0"):
        parse_dice("0d6")


def test_parse_dice_rejects_a_die_without_sides() -> None:
    with pytest.raises(DiceError, match="whole number of sides >= 1, not 0"):
        parse_dice("3d0")


def test_expression_text_round_trips() -> None:
    assert [str(parse_dice(t)) for t in ("3d6+2", "d100", "4d6-1")] == ["3d6+2", "d100", "4d6-1"]


def test_expression_roll_adds_faces_and_modifier() -> None:
    """Seed "Dice": "4d10 means roll the ten sided die four times and add these rolls"."""
    roll = parse_dice("3d6+2").roll(ScriptedDice([1, 4, 6]))
    assert (roll.faces, roll.total) == ((1, 4, 6), 13)


# --- scripted dice --------------------------------------------------------------------------


def test_scripted_exhaustion_names_the_stream_and_the_die() -> None:
    dice = ScriptedDice({"seraph": [3]}).substream("seraph", "combat_roll")
    dice.face(10)
    with pytest.raises(ScriptedDiceExhausted, match=r"'seraph'.*d10.*after 1 face"):
        dice.face(10)


def test_scripted_face_outside_the_die_is_a_dice_error() -> None:
    with pytest.raises(DiceError, match=r"face 12 .* outside 1\.\.10"):
        ScriptedDice([12]).face(10)


def test_scripted_keyed_streams_draw_from_their_own_script() -> None:
    dice = ScriptedDice({"seraph": [1, 2], "sphinx": [9]})
    assert dice.substream("sphinx").face(10) == 9
    assert dice.substream("seraph", "move").face(10) == 1


def test_scripted_keyed_stream_continues_across_substream_calls() -> None:
    dice = ScriptedDice({"seraph": [1, 2]})
    dice.substream("seraph").face(10)
    assert dice.substream("seraph").face(10) == 2


def test_scripted_unkeyed_substreams_share_one_sequence() -> None:
    dice = ScriptedDice([4, 5])
    assert (dice.substream("a").face(6), dice.substream("b").face(6)) == (4, 5)


def test_scripted_remaining_tells_what_is_left() -> None:
    dice = ScriptedDice([4, 5, 6])
    dice.face(6)
    assert dice.remaining == (5, 6)


def test_assert_used_up_fails_with_faces_left() -> None:
    with pytest.raises(AssertionError, match="seraph"):
        ScriptedDice({"seraph": [4]}).assert_used_up()


def test_scripted_non_integer_face_is_rejected() -> None:
    with pytest.raises(DiceError, match="not an integer"):
        ScriptedDice([1, 2.5])  # type: ignore[list-item]


# --- seeded dice ----------------------------------------------------------------------------


def test_seeded_substream_independent_of_other_streams_draws() -> None:
    """DESIGN.md "Keyed random substreams": an extra roll on one stream leaves another's
    sequence unchanged."""
    quiet = SeededDice(42)
    expected = [quiet.substream("sphinx").face(10) for _ in range(20)]
    busy = SeededDice(42)
    for _ in range(7):
        busy.substream("seraph").face(10)
    assert [busy.substream("sphinx").face(10) for _ in range(20)] == expected


def test_seeded_same_key_returns_the_continuing_stream() -> None:
    dice = SeededDice(5)
    first = dice.substream("seraph")
    assert dice.substream("seraph") is first


def test_seeded_nested_and_direct_substreams_are_one_stream() -> None:
    dice = SeededDice(5)
    assert dice.substream("seraph").substream("move") is dice.substream("seraph", "move")


def test_seeded_streams_differ_by_key() -> None:
    dice = SeededDice(5)
    a = [dice.substream("a").face(100) for _ in range(10)]
    b = [dice.substream("b").face(100) for _ in range(10)]
    assert a != b


def test_seeded_string_and_integer_keys_are_distinct() -> None:
    text_key, int_key = SeededDice(5, "1"), SeededDice(5, 1)
    assert [text_key.face(1000) for _ in range(5)] != [int_key.face(1000) for _ in range(5)]


def test_seeded_nested_substream_equals_direct_key() -> None:
    nested = SeededDice(9).substream("seraph").substream("combat_roll")
    direct = SeededDice(9, "seraph", "combat_roll")
    assert [nested.face(20) for _ in range(10)] == [direct.face(20) for _ in range(10)]


def test_seeded_faces_are_the_same_in_another_process() -> None:
    """Stream seeds come from blake2b, not ``hash()``: another interpreter (with another
    string-hash seed) rolls the same faces."""
    dice = SeededDice(2024, "seraph", 3)
    here = [dice.face(10) for _ in range(12)]
    code = (
        "from mands_sim.dice import SeededDice\n"
        "d = SeededDice(2024, 'seraph', 3)\n"
        "print([d.face(10) for _ in range(12)])\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": "12345"},
    )
    assert out.stdout.strip() == str(here)


def test_seeded_rejects_a_non_integer_seed() -> None:
    with pytest.raises(DiceError, match="seed"):
        SeededDice("42")  # type: ignore[arg-type]


def test_die_needs_at_least_one_side() -> None:
    with pytest.raises(DiceError, match="sides"):
        SeededDice(1).face(0)


def test_seeded_dice_shuffle_every_order_alike() -> None:
    counts = Counter(tuple(SeededDice(seed).shuffled("abc")) for seed in range(3000))
    assert len(counts) == 6
    assert all(400 < n < 600 for n in counts.values())  # 500 each expected


def test_a_shuffle_is_the_seeds_own_and_leaves_the_items_alone() -> None:
    items = ["ash", "birch", "cedar", "dogwood"]
    first = SeededDice(9).substream("order").shuffled(items)
    assert first == SeededDice(9).substream("order").shuffled(items)
    assert sorted(first) == items == ["ash", "birch", "cedar", "dogwood"]


def test_scripted_dice_keep_the_order_and_draw_nothing() -> None:
    dice = ScriptedDice([4])
    assert dice.shuffled(["b", "a"]) == ["b", "a"]
    assert dice.remaining == (4,)


def test_shuffled_draws_one_die_per_place_from_the_end() -> None:
    """Fisher–Yates: the last place takes item face − 1 of the d3, then the second the d2."""
    assert shuffled(ScriptedDice([1, 1]), ["a", "b", "c"]) == ["b", "c", "a"]
