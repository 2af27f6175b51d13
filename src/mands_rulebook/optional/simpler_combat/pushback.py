"""Seed "Simpler Combat": "Pushback does not apply" (G-143): the kernel's +1 for starting an
action and the pushback other rules return after a resolution are taken back by
:class:`~mands_sim.events.PushedBack` events; a run pushed off a turn's end goes on to that end
(G-142)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from mands_rulebook.optional.simpler_combat.turns import turn_end
from mands_sim.api import (
    ActionDropped,
    ActionInProgress,
    ActionResolved,
    Encounter,
    Event,
    PushedBack,
)

NO_PUSHBACK: Final = "no Pushback in Simpler Combat"


def pushed(
    encounter: Encounter, who: str, action: ActionInProgress, shift: int, at: int, reason: str
) -> PushedBack:
    return PushedBack(encounter.now, who, action.name, action.action_id, shift, at, reason)


def no_pushback(
    encounter: Encounter,
    actor: str,
    running: Iterable[ActionInProgress],
    events: Sequence[Event],
    moved: Mapping[int, int],
) -> list[Event]:
    """Seed: "Pushback does not apply": the kernel is about to add 1 segment to each action
    ``actor`` has in progress (``docs/rules/combat.md`` §3); these events take it back first, and a
    run a slower pace pushed off a turn's end goes on to that end (G-142)."""
    dropped = {e.action_id for e in events if isinstance(e, ActionDropped)}
    live = [a for a in running if encounter.state[actor].find_action(a.action_id) is not None]
    kept: list[Event] = []
    for action in (a for a in live if a.action_id not in dropped):
        now_at = moved.get(action.action_id, action.completes_at)
        wanted = turn_end(now_at) if action.definition.is_sustained else now_at
        shift = wanted - now_at - 1
        if shift:
            kept.append(pushed(encounter, actor, action, shift, now_at + shift, NO_PUSHBACK))
    return kept


def undo_pushback(encounter: Encounter, action_id: int) -> list[Event]:
    """Take back every PushedBack logged since ``action_id`` resolved (other rules' after-hooks)."""
    shifts: dict[tuple[str, int], int] = {}
    for event in reversed(encounter.log):
        if isinstance(event, ActionResolved) and event.action_id == action_id:
            break
        if isinstance(event, PushedBack) and event.reason != NO_PUSHBACK:
            key = (event.character, event.action_id)
            shifts[key] = shifts.get(key, 0) + event.segments
    undone: list[Event] = []
    for (who, pushed_id), shift in sorted(shifts.items()):
        action = encounter.state[who].find_action(pushed_id)
        if action is not None and shift:
            back = action.completes_at - shift
            undone.append(pushed(encounter, who, action, -shift, back, NO_PUSHBACK))
    return undone
