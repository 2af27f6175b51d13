"""The arithmetic of Combat Turns (``mands_rulebook.optional.simpler_combat.turns``; seed "Simpler
Combat";
G-140, G-144)."""

from __future__ import annotations

from mands_rulebook.optional.simpler_combat.turns import (
    combat_turns,
    initiative_offset,
    segments_remaining,
    short_action_bonus,
    turns_remaining,
)


def test_combat_turns_and_the_short_action_bonus() -> None:
    """Seed: "Fists require 1 Combat Turn (15 segments divided by 10 is 1)"; "An action with a
    Performance Time of 6 will take 1 Combat Turn and add 4 to the Bonus Pool. An action with a
    Performance Time of 24 will take 2 Combat Turns"."""
    assert [combat_turns(pt) for pt in (15, 6, 24, 50)] == [1, 1, 2, 5]
    assert [short_action_bonus(pt) for pt in (6, 10, 15)] == [4, 0, 0]


def test_initiative_orders_a_turn_highest_first() -> None:
    """G-140: 12 − Initiative into the turn, between +2 and +10 (the example's 12, 11, 10 on +2;
    8 on +4, 7 on +5)."""
    assert [initiative_offset(i) for i in (12, 11, 10, 9, 8, 7, 2, 1, -3)] == [
        2, 2, 2, 3, 4, 5, 10, 10, 10,
    ]  # fmt: skip


def test_switching_conversions_follow_the_seed() -> None:
    """Seed: "divide their remaining Performance Time by 10 and round down" (24 → 2; under 10:
    one turn, "as below"); back: "multiply their remaining Combat Turns by 10 ... If no Combat
    Turns remain, use the character's Initiative (subtracted from 10)" (G-144: at least 1)."""
    assert [turns_remaining(s) for s in (24, 6, 30)] == [2, 1, 3]
    assert [segments_remaining(t, 7) for t in (2, 1, 0)] == [20, 10, 3]
    assert segments_remaining(0, 12) == 1
