"""The arithmetic of Combat Turns (seed "Simpler Combat"; ``docs/rules/combat.md`` §19; G-140,
G-144): how long a turn is, how many turns an action takes, on which segment of its turn it
resolves."""

from __future__ import annotations

from typing import Final

TURN: Final = 10
"""Seed: "There are 5 Combat Turns in a round ... Combat Turns are thus 10 segments long"."""
ANNOUNCING: Final = 2
"""G-140: a turn's first two segments are for announcing its (at most two) actions."""


def combat_turns(performance_time: int) -> int:
    """Seed: "Divide an action's base Performance Time by 10 and round down ... If the action
    takes less than 10 segments, it takes one Combat Turn" (15 → 1, 24 → 2, 6 → 1)."""
    return max(1, performance_time // TURN)


def short_action_bonus(performance_time: int) -> int:
    """Seed: "Add 10 minus the action's base time to the character's Bonus Pool" (6 → 4)."""
    return max(0, TURN - performance_time)


def initiative_offset(initiative: int) -> int:
    """G-140: the segment of its turn an action resolves on: 12 − Initiative, between the end
    of the announcements (+2: Initiative 10 or more) and the turn's end (+10: 2 or less)."""
    return min(TURN, max(ANNOUNCING, TURN + ANNOUNCING - initiative))


def turns_remaining(segments: int) -> int:
    """Seed, switching to Combat Turns: "divide their remaining Performance Time by 10 and round
    down for the number of Combat Turns remaining, as below" (at least one, G-144)."""
    return combat_turns(segments)


def segments_remaining(turns: int, initiative: int) -> int:
    """Seed, switching back: "multiply their remaining Combat Turns by 10 ... If no Combat Turns
    remain, use the character's Initiative (subtracted from 10)" (G-144: at least 1)."""
    return turns * TURN if turns > 0 else max(1, TURN - initiative)


def turn_start(segment: int) -> int:
    """The first segment of the Combat Turn ``segment`` falls in."""
    return segment - segment % TURN


def turn_end(segment: int) -> int:
    """The first turn boundary at or after ``segment``."""
    return -(-segment // TURN) * TURN
