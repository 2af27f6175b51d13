"""When a character may initiate an action: the time rules of ``docs/rules/combat.md`` §3.

* one initiation per segment; one active action at a time; passive actions may start during
  another action once ⌈PT/10⌉ of its segments have passed; any action may start during passive
  ones (seed "Passive Actions": "Starting an Action during the Performance Time of another
  action (or actions) adds 1"; the "Power Example": Sun-Ruler's blast on segment 6 while he
  fires up until 11; ``docs/rules/decisions.md`` G-12);
* the exceptions to one initiation per segment: actions whose ``starts_with`` names each other
  (a jump in the segment a move starts, seed "Jump Roll"), and what a rule allows
  (``Rules.allowance``: a skill's second action, even an active one beside the first);
* a surprised character initiates nothing before its surprise ends (§2), nor one a stopping
  condition holds (:mod:`mands_sim.kernel.held`) while it holds.

The :class:`~mands_sim.kernel.encounter.Encounter` asks these functions; its
:meth:`~mands_sim.kernel.encounter.Encounter.check_timing` is :func:`timing_refusal`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from mands_sim.actions import ActionDefinition, ActionInProgress
from mands_sim.kernel.held import FOREVER, held_until, stopping
from mands_sim.kernel.state import CharacterState

if TYPE_CHECKING:
    from mands_sim.kernel.encounter import Encounter


def passive_wait(action: ActionInProgress) -> int:
    """⌈PT/10⌉ segments of ``action`` must pass before a passive action starts (§3).

    A sustained action runs on past its Performance Time (a run lasts until it arrives), so its
    own PT counts (movement: PT 6 → 1 segment), not how long it has been scheduled to run."""
    time = action.performance_time
    if action.definition.is_sustained:
        time = min(time, action.definition.performance_time)
    return math.ceil(time / 10)


def earliest_initiation(encounter: Encounter, state: CharacterState) -> int:
    """One initiation per segment (``docs/rules/combat.md`` §3)."""
    earliest = encounter.now
    if state.conditions:
        earliest = max(earliest, held_until(encounter, state) or 0)
    if state.last_initiation is not None and state.last_initiation >= earliest:
        earliest = state.last_initiation + 1
    clock = encounter.clock
    if clock is None:
        return encounter.time.initiation_segment(earliest)
    return clock.character_initiation_segment(encounter, state.character_id, earliest)


def earliest_passive(encounter: Encounter, state: CharacterState) -> int:
    """A passive action may start once ⌈PT/10⌉ of each running action has passed (§3)."""
    waits = [a.started_at + passive_wait(a) for a in state.actions]
    return max([earliest_initiation(encounter, state), *waits])


def may_initiate_again(encounter: Encounter, actor: str) -> bool:
    """Whether some action could still be initiated in this segment: a partner of every
    action initiated in it, or one a rule allows (``Rules.allowance``)."""
    state = encounter.state[actor]
    if not state.in_action or encounter.ended is not None:
        return False
    if state.last_initiation != encounter.now:
        return False
    partners = [encounter.rules.partners(name) for name in state.initiated]
    return bool(frozenset.intersection(*partners)) or _allowed(encounter, actor)


def _allowed(encounter: Encounter, actor: str) -> bool:
    return encounter.rules.allowance(encounter, actor) is not None


def timing_refusal(encounter: Encounter, actor: str, definition: ActionDefinition) -> str | None:
    """Why the clock forbids starting ``definition`` now, or ``None`` (§3, G-12)."""
    state = encounter.state[actor]
    now = encounter.now
    if not state.in_action:
        return f"{actor} is {state.condition}"
    stopped = stopping(encounter, state) if state.conditions else None
    if stopped is not None:
        until = held_until(encounter, state)
        when = f" until segment {until}" if until is not None and until != FOREVER else ""
        return f"{actor} is {stopped.condition}{when}"
    again = state.last_initiation == now
    partnered = again and _partnered(encounter, state, definition)
    allowed = again and not partnered and _allowed(encounter, actor)
    if again and not (partnered or allowed):
        return "one initiation per segment"
    running = state.active_action
    if running is not None and not definition.is_passive and not _beside(now, state, allowed):
        return f"{running.name} is in progress and {definition.name} is not passive"
    for action in state.actions:
        wait = passive_wait(action)
        together = again and action.started_at == now  # started in this segment
        if definition.is_passive and now < action.started_at + wait and not together:
            return f"a passive action may start only {wait} segments into {action.name}"
    return None


def _partnered(encounter: Encounter, state: CharacterState, definition: ActionDefinition) -> bool:
    """Whether ``definition`` may start with every action initiated in this segment (its
    ``starts_with``, read both ways, §3): a jump in the segment a move starts."""
    partners = encounter.rules.partners(definition.name)
    return all(name in partners for name in state.initiated)


def _beside(now: int, state: CharacterState, allowed: bool) -> bool:
    """An allowed initiation may be active beside the active actions started in this same
    segment (a skill's second action), never beside older ones."""
    actives = [a for a in state.actions if not a.definition.is_passive]
    return allowed and all(a.started_at == now for a in actives)


__all__ = [
    "earliest_initiation",
    "earliest_passive",
    "may_initiate_again",
    "passive_wait",
    "timing_refusal",
]
