"""Fate Points (seed 001 "Fate Points"; G-34): a death is cancelled by spending a Fate Point —
the character is left unconscious at 0 Body DP, and its wounds stop bleeding (else the death
only waits a few rounds). The mind may decline (``spend_fate_point``, default yes)."""

from __future__ import annotations

from collections.abc import Sequence

from mands_rulebook.kit.editing_points.points import (
    DEAD,
    UNCONSCIOUS,
    FatePointSpent,
    fate_points_left,
)
from mands_sim.events import BleedingStopped, DamageTaken, Event, OutOfAction, WoundOpened
from mands_sim.kernel.encounter import Encounter


def wants_fate_point(encounter: Encounter, actor: str) -> bool:
    """The mind's ``spend_fate_point`` answer; without the method, yes."""
    ask = getattr(encounter.minds[actor], "spend_fate_point", None)
    return True if ask is None else bool(ask(encounter, actor))


def body_points(encounter: Encounter, actor: str, pending: Sequence[Event]) -> DamageTaken | None:
    """The last of ``pending``'s damage to ``actor`` (VP and DP after it), if any."""
    hits = [e for e in pending if isinstance(e, DamageTaken) and e.character == actor]
    return hits[-1] if hits else None


def bleeding(encounter: Encounter, actor: str, pending: Sequence[Event]) -> bool:
    """Whether ``actor`` has a wound open (G-19): one opened since its bleeding last stopped."""
    for event in reversed([*encounter.log, *pending]):
        if getattr(event, "character", None) != actor:
            continue
        if isinstance(event, BleedingStopped):
            return False
        if isinstance(event, WoundOpened):
            return True
    return False


def saved_from_death(encounter: Encounter, actor: str, pending: Sequence[Event]) -> list[Event]:
    """G-34: the Fate Point, the bleeding stopped, Body DP back to 0, unconscious."""
    last = body_points(encounter, actor, pending)
    state = encounter.state[actor]
    vp = state.virtual_damage_points if last is None else last.virtual_damage_points_after
    dp = state.damage_points if last is None else last.damage_points_after
    events: list[Event] = [FatePointSpent(encounter.now, actor, "the death is cancelled (G-34)")]
    if bleeding(encounter, actor, pending):
        events.append(BleedingStopped(encounter.now, actor, "Fate Point (G-34)"))
    if dp < 0:
        events.append(DamageTaken(encounter.now, actor, "fate point", 0, 0, vp, 0))
    return [*events, OutOfAction(encounter.now, actor, UNCONSCIOUS)]


def cancel_deaths(encounter: Encounter, events: Sequence[Event]) -> list[Event]:
    """Each death in ``events`` that a Fate Point cancels (G-34), replaced by its rescue."""
    result: list[Event] = []
    spent: set[str] = set()
    for event in events:
        who = event.character if isinstance(event, OutOfAction) else ""
        if (
            isinstance(event, OutOfAction)
            and event.condition == DEAD
            and who not in spent
            and fate_points_left(encounter, who) > 0
            and wants_fate_point(encounter, who)
        ):
            spent.add(who)
            result += saved_from_death(encounter, who, result)
        else:
            result.append(event)
    return result
