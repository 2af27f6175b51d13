"""Conditions: states a rule puts a character in for a while — held, encased, stunned, dazed.

A plugin registers each condition it uses as a :class:`ConditionDefinition` under its name
(``mands_register_conditions``) and puts it on a character by returning a
:class:`~mands_sim.events.ConditionImposed` event from any hook that returns events; a
:class:`~mands_sim.events.ConditionEnded` takes it off. The kernel knows no condition by name;
for every one it plays the same three rules (:mod:`mands_sim.kernel.held`):

* **It stops the character** (``stops_actions``, the default): the actions it has under way are
  dropped when the condition is imposed (each an ``ActionDropped`` whose reason is the
  condition's name), and it initiates nothing while the condition holds. Its process sleeps
  and is woken when the condition ends. With ``keeps_actions`` the actions under way go on (a
  rule may push them back) and only new initiations wait: surprise, a paralysing horror. A
  condition with ``stops_actions=False`` is only a mark other rules read (:func:`under`), e.g.
  to lower a Defense.
* **It wears off** at the segment ``until`` the event gives, if any (a ``ConditionEnded``
  with the reason :data:`WORE_OFF`).
* **It may be broken out of**: at every Payment Segment (once a round), before sustained
  actions pay, the condition's ``break_out`` is asked for each character under it, in the
  encounter's tie-break order, and its events are applied; a ``ConditionEnded`` among them
  frees the character. Roll only through ``encounter.dice_for(character)``.

Conditions a character is under are in ``CharacterState.conditions`` (by name); the run summary
counts how often each was imposed on each character.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from mands_sim.events import ConditionEnded, ConditionImposed, Event

if TYPE_CHECKING:
    from mands_sim.kernel.encounter import Encounter

BreakOut = Callable[["Encounter", str, ConditionImposed], list[Event]]
"""``break_out(encounter, character, imposed) -> events``: one round's attempt of
``character`` to end ``imposed``; a :class:`~mands_sim.events.ConditionEnded` among the events
frees it. Asked once per Payment Segment while the condition holds."""

WORE_OFF: Final = "wore off"
"""The reason of the ``ConditionEnded`` the kernel logs when a condition's ``until`` comes."""

BROKE_OUT: Final = "broke out"
"""The reason a ``break_out`` should give a ``ConditionEnded`` when the roll frees the
character (a convention the narrative and reports read; any reason is allowed)."""


@dataclass(frozen=True, slots=True)
class ConditionDefinition:
    """A condition a character can be put under.

    Attributes:
        name: what events, narrative and reports call it ("encased"); an adjective or a
            participle reads best ("Sphinx is encased by Seraph").
        summary: one line for listings.
        stops_actions: whether the character's actions under way are dropped when it is
            imposed and it initiates nothing while it holds.
        keeps_actions: with ``stops_actions``, the actions under way are not dropped: only new
            initiations wait for the condition to end.
        break_out: the character's attempt each round to end it, or ``None`` (it then lasts
            until its ``until`` or until a rule ends it).
        unready: the character is caught unready while under it (surprised, paralysed, held):
            a rule that treats a surprised character specially treats it so (the Throwback
            Roll, ``mands_rulebook.kit.throwback``); a condition that only hinders (a stun)
            leaves it ``False``.
    """

    name: str
    summary: str
    stops_actions: bool = True
    keeps_actions: bool = False
    break_out: BreakOut | None = None
    unready: bool = False


def under(encounter: Encounter, character: str, condition: str) -> ConditionImposed | None:
    """The ``condition`` in force on ``character``, or ``None``."""
    return encounter.state[character].conditions.get(condition)


def lasting_until(encounter: Encounter, character: str, condition: str, until: int) -> int | None:
    """When ``condition`` imposed again on ``character`` until ``until`` ends: the later of
    ``until`` and the end of the same condition already in force, or ``None`` when that one has
    no end (a second horror or hold never shortens the first)."""
    already = under(encounter, character, condition)
    if already is None:
        return until
    return None if already.until is None else max(until, already.until)


def conditions_on(encounter: Encounter, character: str) -> Mapping[str, ConditionImposed]:
    """Every condition in force on ``character``, by name (read only)."""
    return dict(encounter.state[character].conditions)


def end_condition(encounter: Encounter, character: str, condition: str, reason: str) -> list[Event]:
    """The event that ends ``condition`` on ``character`` now, or none if it is not in force."""
    if condition not in encounter.state[character].conditions:
        return []
    return [ConditionEnded(encounter.now, character, condition, reason)]


__all__ = [
    "BROKE_OUT",
    "WORE_OFF",
    "BreakOut",
    "ConditionDefinition",
    "conditions_on",
    "end_condition",
    "under",
]
