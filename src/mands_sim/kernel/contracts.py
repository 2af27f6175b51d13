"""What the kernel and the rules agree on (DESIGN.md "Time and actions"): the questions the
kernel asks its :class:`Rules` and each character's :class:`Mind`, what the rules answer (an
:class:`Initiation` with its EP :class:`Charge` s), how an encounter ends (:class:`Verdict`,
outcome conditions) and the error a forbidden action raises.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, NoReturn, Protocol

from mands_sim.actions import (
    ActionDefinition,
    ActionInProgress,
    Intent,
    QualityAllocation,
    Wait,
)
from mands_sim.defaults import CoreDefaults
from mands_sim.events import Event

if TYPE_CHECKING:
    from mands_sim.conditions import ConditionDefinition
    from mands_sim.kernel.abilities import AbilityModifier
    from mands_sim.kernel.encounter import Encounter
    from mands_sim.kernel.state import CharacterState

Observer = Callable[[Event], None]
"""Told of every event as it is logged (``Encounter.emit``)."""


@dataclass(frozen=True, slots=True)
class Charge:
    """An EP charge an action makes at its start, read off the EP Use Chart at ``row``."""

    row: int
    reason: str


@dataclass(frozen=True, slots=True)
class Initiation:
    """What the rules decided when an action started.

    ``events`` are the rolls and Quality allocations to log; ``charges`` the EP to pay now;
    ``performance_time`` the PT after Quality; ``prepared`` what resolution will need, by name
    (the action in progress holds it as :class:`~mands_sim.actions.Prepared`, read by kind).
    """

    performance_time: int
    events: tuple[Event, ...] = ()
    charges: tuple[Charge, ...] = ()
    prepared: Mapping[str, object] = field(default_factory=dict)
    own_rules: bool = True
    """``False`` for what a gate started *instead* (:class:`Gate`): the action's own
    ``resolve`` is not called when it completes (its resolution's gates and adjustments are)."""


@dataclass(frozen=True, slots=True)
class Gate:
    """A plugin's say before an action's own rules start it: the pipeline's *gate* stage
    (``docs/hooks.md``, "The initiation pipeline"; ``mands_initiation_gate``).

    ``events`` are rolls made at the gate (a %Control roll), logged before the action's own;
    ``instead``, when given, is what starts in place of the action (a power that failed to
    operate): its own ``initiate`` and the *adjust* stage are skipped, and when it completes
    its own ``resolve`` is not called either (:attr:`Initiation.own_rules`). ``then`` is the
    gate's *frame*: a function given the finished :class:`Initiation` that returns it reframed
    (the world caught up to now, the time model's schedule), applied last, in the gates'
    order.
    """

    events: tuple[Event, ...] = ()
    instead: Initiation | None = None
    then: Callable[[Initiation], Initiation] | None = None


class Rules(Protocol):
    """The rules the kernel consults; :mod:`mands_sim.simulation` backs them with plugin hooks."""

    def definition(self, action: str) -> ActionDefinition: ...

    def refusals(self, encounter: Encounter, actor: str, intent: Intent) -> list[str]: ...

    def initiate(
        self, encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
    ) -> Initiation: ...

    def resolve(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event]: ...

    def after(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> Iterable[list[Event]]:
        """Follow-ups, one list per plugin; each is applied before the next is computed."""
        ...

    def status_checks(self, encounter: Encounter, actor: str) -> list[Event]: ...

    def opening(self, encounter: Encounter) -> list[Event]: ...

    def sustain(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event]: ...

    def bonus_pool(self, encounter: Encounter, actor: str, intent: Intent, purpose: str) -> int: ...

    def quality_modifier(
        self, encounter: Encounter, actor: str, intent: Intent, purpose: str
    ) -> int: ...

    def percent_change(self, encounter: Encounter, actor: str, purpose: str) -> int:
        """What the rules add to ``actor``'s d100 roll for ``purpose``, in its favour
        (``mands_percent_modifiers``, summed)."""
        ...

    def ep_cost(self, row: int) -> Fraction: ...

    def ability_modifiers(self, encounter: Encounter, actor: str) -> list[AbilityModifier]:
        """The changes in force now to ``actor``'s abilities and figured attributes
        (``mands_ability_modifiers``; :mod:`mands_sim.kernel.abilities` sums them)."""
        ...

    def partners(self, action: str) -> frozenset[str]:
        """The actions that may be initiated in the same segment as ``action``: those its
        ``starts_with`` names and those whose ``starts_with`` names it (§3)."""
        ...

    def allowance(self, encounter: Encounter, actor: str) -> str | None:
        """Why ``actor`` may initiate once more in this segment, or ``None``
        (``mands_initiation_allowance``)."""
        ...

    def condition(self, name: str) -> ConditionDefinition:
        """The registered condition ``name`` (:mod:`mands_sim.conditions`); an unknown name
        raises :class:`~mands_sim.errors.UnknownConditionError`."""
        ...

    def each_round(self, encounter: Encounter) -> Iterable[list[Event]]:
        """Every plugin's events for this Payment Segment (``mands_payment_segment``), one
        list per plugin; each is applied before the next is computed."""
        ...


class Mind(Protocol):
    """What drives a character: its policy, seen from the kernel.

    A mind with a true ``passive_actions`` attribute is also asked during its active actions,
    as soon as a passive action could start (``docs/rules/combat.md`` §3); others are asked only
    when they have no active action in progress. Right after an initiation a mind is asked
    again in the same segment only when a second initiation could be allowed (a ``starts_with``
    partner, a rule's ``allowance``); its refused answer, ``None`` or a :class:`Wait` then
    just ends the segment's initiations.

    Rule plugins may ask a mind further questions through optional methods, each with a
    documented default when the mind lacks it (``docs/writing-plugins.md`` lists them), e.g.
    ``buy_down_surprise`` (surprise, §2) or ``extra_effort`` (seed "Extra Effort").
    """

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        """An action to start now, a :class:`Wait`, or ``None``: "nothing until things change"."""
        ...

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        """How to spend ``quality`` (≥ 0) from the roll of ``intent``."""
        ...


class FutureEnding(Protocol):
    """How a future played in a forked copy of the process ends (:mod:`mands_sim.kernel.futures`):
    neither method returns, the copy exits."""

    def reached(self, encounter: Encounter) -> NoReturn:
        """The future is over (its horizon or the encounter's end): report its value."""
        ...

    def failed(self, error: BaseException) -> NoReturn:
        """The future raised ``error``: report it."""
        ...


@dataclass(frozen=True, slots=True)
class Verdict:
    """How an encounter ends: the winning side (``None``: nobody) and why."""

    winner: str | None
    reason: str


OutcomeCondition = Callable[["Encounter"], Verdict | None]
"""A stop condition (``[stop] when`` names one; objectives make others): checked after every
segment in which an action completed and at each Payment Segment; a :class:`Verdict` ends the
encounter."""


def side_out_of_action(encounter: Encounter) -> Verdict | None:
    """``side-out-of-action``: the encounter ends when at most one side has anyone fighting
    (in action and a combatant, G-235: bystanders and hostages keep no side in the fight)."""
    sides = {state.side for state in encounter.state if fighting(encounter, state)}
    if len(sides) > 1:
        return None
    winner = next(iter(sides)) if sides else None
    return Verdict(winner, "the other side is out of action" if winner else "nobody stands")


def counts_as_combatant(encounter: Encounter, state: CharacterState) -> bool:
    """Whether ``state``'s character fights: a combatant, or anyone when G-235 counts
    bystanders and hostages too."""
    return state.combatant or encounter.defaults.of(CoreDefaults).G235_non_combatants == "counted"


def fighting(encounter: Encounter, state: CharacterState) -> bool:
    """In action and a combatant (G-235): whom a side fights with and policies fight against."""
    return state.in_action and counts_as_combatant(encounter, state)


class ActionRefused(Exception):
    """Raised by :meth:`Encounter.initiate` when the rules or the clock forbid the action.

    A policy asking for a forbidden action is a bug in the policy, not a game outcome; policies
    see the available actions in their view.
    """


__all__ = [
    "ActionRefused",
    "Charge",
    "FutureEnding",
    "Gate",
    "Initiation",
    "Mind",
    "Observer",
    "OutcomeCondition",
    "Rules",
    "Verdict",
    "counts_as_combatant",
    "fighting",
    "side_out_of_action",
]
