"""What the kernel does for every condition (:mod:`mands_sim.conditions`), whatever its name.

* :func:`imposed` follows up a :class:`~mands_sim.events.ConditionImposed` once it is applied:
  a condition that stops its character drops the actions it has under way (unless it keeps
  them), and one with an ``until`` is put on the agenda to wear off then (if that same
  imposition still holds).
* :func:`freed` follows up a :class:`~mands_sim.events.ConditionEnded`: the character may
  choose again.
* :func:`stopping` says which condition, if any, keeps a character from initiating
  (:func:`mands_sim.kernel.initiation.timing_refusal`), and :func:`held_until` until when
  (``None``: until a rule ends it).
* :func:`break_out_attempts` asks each condition's ``break_out`` once per Payment Segment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mands_sim.conditions import WORE_OFF
from mands_sim.events import ConditionEnded, ConditionImposed
from mands_sim.kernel.agenda import Phase

if TYPE_CHECKING:
    from mands_sim.kernel.encounter import Encounter
    from mands_sim.kernel.state import CharacterState

FOREVER = -1
""":func:`held_until` of a condition with no ``until``: it lasts until a rule ends it."""


def imposed(encounter: Encounter, event: ConditionImposed) -> None:
    """Drop the actions a stopping condition interrupts; schedule its wearing off."""
    definition = encounter.rules.condition(event.condition)
    character = event.character
    if definition.stops_actions and not definition.keeps_actions:
        for action in list(encounter.state[character].actions):
            encounter.drop(character, action.action_id, event.condition)
    if event.until is not None:
        encounter.at(event.until, Phase.STATUS, character, lambda: _wear_off(encounter, event))


def _wear_off(encounter: Encounter, event: ConditionImposed) -> None:
    if encounter.state[event.character].conditions.get(event.condition) is event:
        encounter.emit([ConditionEnded(encounter.now, event.character, event.condition, WORE_OFF)])


def freed(encounter: Encounter, event: ConditionEnded) -> None:
    """A character a condition no longer stops may choose again."""
    encounter.lives.restless.add(event.character)
    encounter.wake(event.character)


def stopping(encounter: Encounter, state: CharacterState) -> ConditionImposed | None:
    """The first condition (by name) in force on ``state``'s character that stops its
    actions, or ``None``."""
    for name in sorted(state.conditions):
        if encounter.rules.condition(name).stops_actions:
            return state.conditions[name]
    return None


def held_until(encounter: Encounter, state: CharacterState) -> int | None:
    """The segment the conditions that stop ``state``'s character all end by their ``until``
    (``None``: none stops it; :data:`FOREVER`: one lasts until a rule ends it)."""
    ends = [
        event.until
        for name, event in state.conditions.items()
        if encounter.rules.condition(name).stops_actions
    ]
    if not ends:
        return None
    if any(end is None for end in ends):
        return FOREVER
    return max(end for end in ends if end is not None)


def break_out_attempts(encounter: Encounter) -> None:
    """Each character under a condition with a ``break_out``, in tie-break order, tries once
    (conditions by name); the events each attempt returns are applied before the next."""
    for character in encounter.ranked(encounter.state.ids()):
        state = encounter.state[character]
        for name in sorted(state.conditions):
            event = state.conditions.get(name)
            definition = encounter.rules.condition(name)
            if event is None or definition.break_out is None or not state.in_action:
                continue
            encounter.emit(definition.break_out(encounter, character, event))


__all__ = ["FOREVER", "break_out_attempts", "freed", "held_until", "imposed", "stopping"]
