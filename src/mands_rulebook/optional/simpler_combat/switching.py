"""Switching clocks (seed "Simpler Combat"; G-144): at the first initiation in the ten segments
after a switch, every action in progress converts into Combat Turns or back into segments."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from mands_rulebook.optional.simpler_combat.clock import CombatTurns
from mands_rulebook.optional.simpler_combat.initiative import initiative
from mands_rulebook.optional.simpler_combat.pushback import pushed
from mands_rulebook.optional.simpler_combat.turns import (
    TURN,
    initiative_offset,
    segments_remaining,
    turn_end,
    turns_remaining,
)
from mands_sim.api import ActionInProgress, Encounter, Event


@dataclass(frozen=True, slots=True)
class ClockSwitched(Event):
    """The encounter's clock changed at segment ``at`` (G-144): to ``"combat turns"`` or
    ``"segments"``."""

    kind: ClassVar[str] = "clock-switched"
    at: int
    clock: str


def switch_events(encounter: Encounter, clock: CombatTurns) -> list[Event]:
    """At the first initiation within a turn of a switch, the actions in progress convert."""
    events: list[Event] = []
    for at, to in clock.switches():
        if at <= encounter.now < at + TURN and not switched(encounter.log, at):
            events.append(ClockSwitched(encounter.now, at, to))
            events += converted(encounter, at, into_turns=to == "combat turns")
    return events


def switched(log: Sequence[Event], at: int) -> bool:
    for event in reversed(log):
        if event.segment < at:
            return False
        if isinstance(event, ClockSwitched) and event.at == at:
            return True
    return False


def converted(encounter: Encounter, at: int, *, into_turns: bool) -> list[Event]:
    events: list[Event] = []
    convert = into_turn_time if into_turns else into_segment_time
    reason = f"clock switched to {'Combat Turns' if into_turns else 'segments'}"
    for state in encounter.state:
        base = initiative(encounter, state.character_id)
        for action in state.actions:
            wanted = max(encounter.now + 1, convert(action, at, base))
            shift = wanted - action.completes_at
            if shift:
                events.append(pushed(encounter, state.character_id, action, shift, wanted, reason))
    return events


def into_turn_time(action: ActionInProgress, at: int, base: int) -> int:
    """Remaining segments ÷ 10, rounded down (at least one turn), ending on the Initiative; an
    ongoing action at the end of its turn."""
    if action.definition.is_sustained:
        return turn_end(action.completes_at)
    turns = turns_remaining(action.completes_at - at)
    return at + TURN * (turns - 1) + initiative_offset(base)


def into_segment_time(action: ActionInProgress, at: int, base: int) -> int:
    """Whole turns left × 10, or 10 − Initiative when it would resolve in the current turn."""
    if action.definition.is_sustained:
        return action.completes_at
    turns = (action.completes_at - at) // TURN
    return at + segments_remaining(turns, action.prepared.whole("initiative", base))
