"""Mutable encounter state, changed in one place: :meth:`EncounterState.apply`.

Character sheets stay frozen (:class:`mands_sim.model.character.Character`); what changes during a
fight — VP, DP, EP, Defense, the actions in progress, being out of action — lives in
:class:`CharacterState`, and only :meth:`EncounterState.apply` changes it, one event at a time. So a
replayed event log rebuilds the same state, and observers see every change.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar, cast

from mands_sim.actions import ActionInProgress
from mands_sim.carry import FRESH, Carried
from mands_sim.errors import UnknownRuleStateError
from mands_sim.events import (
    ActionDropped,
    ActionResolved,
    ActionStarted,
    BackInAction,
    ConditionEnded,
    ConditionImposed,
    DamageTaken,
    DefenseChanged,
    EndurancePaid,
    Event,
    Healed,
    Moved,
    OutOfAction,
    PointsLent,
    PushedBack,
    by_event_class,
)
from mands_sim.rule_state import RuleState
from mands_sim.world import Position

T = TypeVar("T")

if TYPE_CHECKING:
    from mands_sim.model.character import Character


@dataclass(slots=True)
class CharacterState:
    """What is true of one character right now."""

    character_id: str
    side: str
    character: Character
    """The frozen :class:`mands_sim.model.character.Character` (sheet and figured attributes)."""
    virtual_damage_points: int
    damage_points: int
    endurance_points: Fraction
    defense: int = 0
    condition: str = "active"
    """``active``, ``unconscious``, ``dead`` or ``fled``."""
    actions: list[ActionInProgress] = field(default_factory=list)
    last_initiation: int | None = None
    initiated: tuple[str, ...] = ()
    """The actions initiated at ``last_initiation``, in order: more than one only where a rule
    allows it (``ActionDefinition.starts_with``, ``mands_initiation_allowance``; §3)."""
    ep_spent: Fraction = Fraction(0)
    """The EP ledger: the sum of every charge (an invariant the tests check)."""
    idle_since: int | None = 0
    """The segment since which the character has had no action in progress (``None``: busy)."""
    last_rest: int = 0
    """Segments with no action in progress just before the latest initiation (resting, §2)."""
    position: Position | None = None
    """Where the character stands on the map (``None`` in encounters without one)."""
    completed: dict[str, int] = field(default_factory=dict)
    """How many times each action has resolved for this character (``complete-action``)."""
    outcomes: dict[tuple[str, str], int] = field(default_factory=dict)
    """How many times each (action, outcome) has resolved (``complete-action`` with an outcome)."""
    kept: dict[str, object] = field(default_factory=dict)
    """Each registered :class:`~mands_sim.rule_state.RuleState`'s value, by name, once an
    event has changed it (read it with :meth:`get`)."""
    registered: frozenset[str] = frozenset()
    """The names of the registered rule states (set by :class:`EncounterState`)."""
    role: str = "combatant"
    """``combatant``, or a ``bystander`` or ``hostage`` the scenario keeps out of the fight
    (G-235: :func:`mands_sim.kernel.contracts.fighting`)."""
    conditions: dict[str, ConditionImposed] = field(default_factory=dict)
    """The conditions in force (:mod:`mands_sim.conditions`: encased, held …), by name, each
    as the event that imposed it. Not :attr:`condition`, which says whether the character is
    in action at all."""
    carried: Carried = FRESH
    """What the character brought from the scenes before this one (an adventure day,
    :mod:`mands_sim.carry`); plugins read the values they kept with ``carried.value(key)``."""

    def get(self, state: RuleState[T]) -> T:
        """This character's value of the rule state ``state`` (its ``initial`` until an event
        changes it)."""
        if state.name not in self.registered:
            raise UnknownRuleStateError(
                f"no plugin registers a rule state named {state.name!r} "
                f"(mands_register_rule_states); registered: {sorted(self.registered)}"
            )
        return cast(T, self.kept.get(state.name, state.initial))

    @property
    def in_action(self) -> bool:
        return self.condition == "active"

    @property
    def health_left(self) -> int:
        """VP and DP left, none below zero counted: the damage that would still take the
        character out of action."""
        return max(0, self.virtual_damage_points) + max(0, self.damage_points)

    @property
    def combatant(self) -> bool:
        """Whether the scenario gives the character no non-combatant role."""
        return self.role == "combatant"

    @property
    def active_action(self) -> ActionInProgress | None:
        """The one active (non-passive) action in progress, if any (``docs/rules/combat.md`` §3)."""
        for action in self.actions:
            if not action.definition.is_passive:
                return action
        return None

    def find_action(self, action_id: int) -> ActionInProgress | None:
        return next((a for a in self.actions if a.action_id == action_id), None)


class EncounterState:
    """Every character's state, keyed by id, and the one place that changes it."""

    def __init__(
        self, characters: list[CharacterState], kept: Iterable[RuleState[Any]] = ()
    ) -> None:
        kept = tuple(kept)
        self._kept = by_event_class(kept, lambda state: state.changes)
        """The registered rule states, by the event classes that change them."""
        for character in characters:
            character.registered = frozenset(state.name for state in kept)
        ordered = sorted(characters, key=lambda state: state.character_id)
        self._characters = {state.character_id: state for state in ordered}
        """Keyed by id and iterated in id order, never in the order a file listed them."""
        self._ids = tuple(self._characters)
        """The ids in order, sorted once: nobody joins or leaves the state during a run."""
        self._pending: dict[int, ActionInProgress] = {}

    def __getitem__(self, character_id: str) -> CharacterState:
        return self._characters[character_id]

    def __iter__(self) -> Iterator[CharacterState]:
        return iter(self._characters.values())

    def ids(self) -> list[str]:
        """Every character's id, sorted (a new list each time: the caller may change it)."""
        return list(self._ids)

    def sides_in_action(self) -> set[str]:
        return {state.side for state in self if state.in_action}

    def stage(self, action: ActionInProgress) -> None:
        """Hand over the action object an :class:`ActionStarted` event will put in progress."""
        self._pending[action.action_id] = action

    def apply(self, event: Event) -> None:
        """Change the state as ``event`` says. Events the state does not track change nothing."""
        handler = _HANDLERS.get(type(event))
        if handler is not None:
            handler(self, event)
        for kept in self._kept.get(type(event), ()):
            character = self[event.character]  # type: ignore[attr-defined]
            character.kept[kept.name] = kept.changes[type(event)](character.get(kept), event)


def _started(state: EncounterState, event: Event) -> None:
    assert isinstance(event, ActionStarted)
    character = state[event.character]
    character.actions.append(state._pending.pop(event.action_id))
    again = character.last_initiation == event.segment
    character.initiated = (*character.initiated, event.action) if again else (event.action,)
    character.last_initiation = event.segment
    if character.idle_since is not None:
        character.last_rest = event.segment - character.idle_since
    character.idle_since = None


def _resolved(state: EncounterState, event: Event) -> None:
    assert isinstance(event, ActionResolved)
    character = state[event.character]
    _finish(character, event.action_id, event.segment)
    character.completed[event.action] = character.completed.get(event.action, 0) + 1
    key = (event.action, event.outcome)
    character.outcomes[key] = character.outcomes.get(key, 0) + 1


def _dropped(state: EncounterState, event: Event) -> None:
    assert isinstance(event, ActionDropped)
    _finish(state[event.character], event.action_id, event.segment)


def _finish(character: CharacterState, action_id: int, segment: int) -> None:
    character.actions = [a for a in character.actions if a.action_id != action_id]
    if not character.actions:
        character.idle_since = segment


def _pushed_back(state: EncounterState, event: Event) -> None:
    assert isinstance(event, PushedBack)
    action = state[event.character].find_action(event.action_id)
    if action is not None:
        action.pushback += event.segments
        action.completes_at = event.completes_at


def _paid(state: EncounterState, event: Event) -> None:
    assert isinstance(event, EndurancePaid)
    character = state[event.character]
    character.endurance_points -= event.amount
    character.ep_spent += event.amount


def _damaged(state: EncounterState, event: Event) -> None:
    assert isinstance(event, DamageTaken)
    character = state[event.character]
    character.virtual_damage_points = event.virtual_damage_points_after
    character.damage_points = event.damage_points_after


def _defense(state: EncounterState, event: Event) -> None:
    assert isinstance(event, DefenseChanged)
    state[event.character].defense = event.defense


def _healed(state: EncounterState, event: Event) -> None:
    assert isinstance(event, Healed)
    character = state[event.character]
    character.virtual_damage_points = event.virtual_damage_points_after
    character.endurance_points = event.endurance_points_after


def _lent(state: EncounterState, event: Event) -> None:
    assert isinstance(event, PointsLent)
    character = state[event.character]
    character.endurance_points = event.endurance_points_after
    character.damage_points = event.damage_points_after


def _moved(state: EncounterState, event: Event) -> None:
    assert isinstance(event, Moved)
    state[event.character].position = Position(event.place, event.toward, event.offset)


def _out(state: EncounterState, event: Event) -> None:
    """Out of action, with no action under way: the kernel has logged each as dropped just
    before (``Encounter.emit``), but one resolving now, whose ``ActionResolved`` follows."""
    assert isinstance(event, OutOfAction)
    character = state[event.character]
    character.condition = event.condition
    character.actions = []


def _back(state: EncounterState, event: Event) -> None:
    """Only the unconscious come back: the dead, the fled and the charmed stay out."""
    assert isinstance(event, BackInAction)
    character = state[event.character]
    if character.condition == "unconscious":
        character.condition = "active"
        character.idle_since = event.segment


def _imposed(state: EncounterState, event: Event) -> None:
    assert isinstance(event, ConditionImposed)
    state[event.character].conditions[event.condition] = event


def _condition_ended(state: EncounterState, event: Event) -> None:
    assert isinstance(event, ConditionEnded)
    state[event.character].conditions.pop(event.condition, None)


_HANDLERS = {
    ActionStarted: _started,
    ActionResolved: _resolved,
    PushedBack: _pushed_back,
    EndurancePaid: _paid,
    DamageTaken: _damaged,
    DefenseChanged: _defense,
    OutOfAction: _out,
    BackInAction: _back,
    ActionDropped: _dropped,
    Healed: _healed,
    PointsLent: _lent,
    Moved: _moved,
    ConditionImposed: _imposed,
    ConditionEnded: _condition_ended,
}
