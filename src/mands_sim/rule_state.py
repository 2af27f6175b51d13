"""Rule state: what a rule plugin keeps for each character, typed and changed by events only.

The kernel's :class:`~mands_sim.kernel.state.CharacterState` holds what every game needs (DP,
EP, Defense, actions in progress, position, conditions). A rule that must remember something of
its own for each character — the weapon it holds ready, the items it still carries — declares a
:class:`RuleState` and registers it (``mands_register_rule_states``): its name, its value before
anything happens, and how each of its events changes it. The kernel then keeps that value for
every character and changes it in the one place that changes state
(:meth:`~mands_sim.kernel.state.EncounterState.apply`), as the events are logged; rules read it
with ``encounter.state[character].get(THE_STATE)``, typed as the declaration says. Nothing else
writes it, so a log replayed gives the same values, and the core never knows what it means.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from mands_sim.events import Event

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class RuleState(Generic[T]):
    """A value a rule keeps for each character.

    Attributes:
        name: unique among rule states (registered under it).
        initial: every character's value before any of ``changes``' events.
        changes: for each event class, how it changes the value of the character it names
            (its ``character`` field): ``change(value, event) -> new value``. Pure: no dice, no
            reading of the encounter.
        summary: one line for listings.
    """

    name: str
    initial: T
    changes: Mapping[type[Event], Callable[[T, Any], T]]
    summary: str = ""


__all__ = ["RuleState"]
