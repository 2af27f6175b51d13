"""Actions: what a character can do, what a policy asks for, and what is in progress.

``docs/rules/combat.md`` §3: every action has a Performance Time (PT), an EP row, and is single (EP
per attempt) or sustained (EP per round); active actions run one at a time, passive ones
alongside. Definitions are registered by plugins (``mands_register_actions``); the kernel only
knows this shape.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, Literal, TypeAlias, TypeVar, overload

from mands_sim.errors import IntentOptionError, PreparedValueError

T = TypeVar("T")

if TYPE_CHECKING:
    from mands_sim.events import Event
    from mands_sim.kernel.contracts import Initiation
    from mands_sim.kernel.encounter import Encounter
    from mands_sim.registry import Register, Source

_EMPTY: Mapping[str, object] = MappingProxyType({})

OptionKind = Literal[
    "place", "exit", "character", "characters", "targets", "number", "flag", "points", "text"
]
"""What an intent option's value must be: a place on the map, a place marked as an exit, a
character's id, a list of characters' ids, such a list or ``"all"``, a number, true or false,
points (``true`` for all of them, or a number), or text."""


@dataclass(frozen=True, slots=True)
class ActionOption:
    """An intent option an action (or a policy's tactic) reads, declared so that a scenario's
    policy rules can be checked before any run (``mands-sim validate``).

    The action's own plugin declares it in :attr:`ActionDefinition.options`; a plugin reading
    an option on another plugin's action declares it through ``mands_action_options``
    (``docs/hooks.md``)."""

    name: str
    kind: OptionKind
    summary: str = ""


Initiate: TypeAlias = "Callable[[Encounter, str, Intent, ActionDefinition], Initiation]"
"""An action's own start: ``initiate(encounter, actor, intent, definition)`` rolls, spends
Quality and returns the :class:`~mands_sim.kernel.contracts.Initiation` (the *initiate* stage
of ``docs/hooks.md``, "The initiation pipeline")."""

Resolve: TypeAlias = "Callable[[Encounter, str, ActionInProgress], list[Event]]"
"""What an action does when its Performance Time completes: ``resolve(encounter, actor,
action)`` returns the events it causes."""


@dataclass(frozen=True, slots=True)
class ActionDefinition:
    """An action a character can take.

    Attributes:
        name: the action's name in scenario files and logs (e.g. ``"fist-attack"``).
        performance_time: segments from initiation to completion before Q shortens it.
        is_passive: may start during another action's PT (``docs/rules/combat.md`` §3).
        is_sustained: pays EP at start and at each Payment Segment instead of per attempt.
        ep_row: the EP Use Chart row it starts at (seed "EP Cost": normally row 9).
        needs_target: the policy must name a target character.
        can_maintain: a follow-up may re-use the last attempt's Attack at ¼ PT (maintained
            blasts, ``docs/rules/combat.md`` §17a).
        summary: one line for listings.
        starts_with: actions it may be initiated in the same segment as, an exception to "one
            initiation per segment" (``docs/rules/combat.md`` §3). The kernel reads it both ways: a
            ``jump`` naming ``move`` (seed "Jump Roll") may start in the segment a move starts
            and the other way round.
        power: the registered power this action is a use of, if any: a rule asking for it
            names the power's entry on the character's sheet in ``options["power"]``, and
            when the sheet has exactly one entry for it, that entry is the default.
        options: every intent option the action's own rules read. Options other plugins read
            on it are declared through ``mands_action_options``, the ``power`` option of a
            power's use by mands-sim itself; a policy rule giving any other option is a
            mistake ``mands-sim validate`` reports.
        initiate: the action's own start (:data:`Initiate`); the kernel calls it by the
            action's name, inside the initiation pipeline. ``None``: the action starts with
            its own Performance Time, no roll and no EP.
        resolve: what it does when its time is up (:data:`Resolve`); ``None``: nothing.
    """

    name: str
    performance_time: int
    is_passive: bool = False
    is_sustained: bool = False
    ep_row: int = 9
    needs_target: bool = False
    can_maintain: bool = False
    summary: str = ""
    starts_with: frozenset[str] = frozenset()
    power: str | None = None
    options: tuple[ActionOption, ...] = ()
    initiate: Initiate | None = field(default=None, compare=False, repr=False)
    resolve: Resolve | None = field(default=None, compare=False, repr=False)


def register_actions(
    register: Register,
    actions: Iterable[ActionDefinition],
    *,
    initiate: Initiate | None,
    resolve: Resolve | None,
    source: Source,
) -> None:
    """``mands_register_actions``: each of ``actions`` under its name and summary, played by
    ``initiate`` and ``resolve`` (its plugin's own rules), with ``source``'s tag."""
    for action in actions:
        played = replace(action, initiate=initiate, resolve=resolve)
        register(played.name, played, summary=played.summary, source=source)


@dataclass(frozen=True, slots=True)
class Intent:
    """What a policy asks a character to do now.

    ``options`` are the action's further choices, by name (:class:`ActionOption` declares each
    one's kind); a rule reads one through the typed readers below, which say what they expected
    when a value is not of its kind. A rule may also carry its own value on the intent to a later
    stage (a thrown weapon's ranges); it reads that back with ``isinstance``.
    """

    action: str
    target: str | None = None
    reason: str = ""
    options: Mapping[str, object] = field(default_factory=lambda: _EMPTY)

    def number(self, name: str, default: float = 0.0) -> float:
        """Option ``name`` as a number (a whole number or a decimal; ``true`` counts 1), or
        ``default`` when the intent has none."""
        return float(self._numeric(name, default))

    def whole(self, name: str, default: int = 0) -> int:
        """Option ``name`` as a whole number (a decimal is cut to its whole part, as ``int``
        does; ``true`` counts 1), or ``default`` when the intent has none."""
        return int(self._numeric(name, default))

    def text(self, name: str, default: str = "") -> str:
        """Option ``name`` as text (a place, a character, a power's name …), or ``default``."""
        value = self.options.get(name, default)
        if isinstance(value, str):
            return value
        raise self._not(name, "text", value)

    def names(self, name: str) -> tuple[str, ...]:
        """Option ``name`` as a list of names (characters' ids …): ``()`` when the intent has
        none, one name when it gives one."""
        value = self.options.get(name, ())
        if isinstance(value, str):
            return (value,)
        if isinstance(value, list | tuple):
            return tuple(str(item) for item in value)
        raise self._not(name, "a list of names", value)

    def _numeric(self, name: str, default: float) -> float:
        value = self.options.get(name, default)
        if isinstance(value, int | float):  # bool is an int: true counts 1
            return value
        raise self._not(name, "a number", value)

    def _not(self, name: str, expected: str, value: object) -> IntentOptionError:
        return IntentOptionError(self.action, name, expected, value)


@dataclass(frozen=True, slots=True)
class Modifier:
    """A plugin's contribution to a roll; the core sums them (order-free).

    ``applies_to`` is ``"pool"`` (the raw Bonus Pool, looked up on the Sphere chart with the
    rest) or ``"quality"`` (added to Q after the roll, as the trailing surprise penalty is:
    ``docs/rules/combat.md`` §2, "−5 to its Q").
    """

    amount: int
    source: str
    reason: str = ""
    applies_to: str = "pool"


@dataclass(frozen=True, slots=True)
class Wait:
    """A policy's choice to do nothing until segment ``until`` (then it is asked again)."""

    until: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class QualityAllocation:
    """How the Quality of a roll is spent (``docs/rules/combat.md`` §5, ``docs/rules/charts.md``
    §5).

    ``defense`` is Q spent on Defense (2 Q per +1 Defense); ``speed`` is Q spent on shortening PT;
    ``ep`` is Q spent lowering the EP row.
    """

    attack: int = 0
    defense: int = 0
    speed: int = 0
    damage: int = 0
    ep: int = 0

    @property
    def total(self) -> int:
        return self.attack + self.defense + self.speed + self.damage + self.ep


class Required(Enum):
    """The default of a :class:`Prepared` reader given none: the value must be there."""

    REQUIRED = "required"


REQUIRED: Final = Required.REQUIRED
"""A reader's default that is no default: a missing value is a ``KeyError``."""

D = TypeVar("D")


class Prepared(Mapping[str, object]):
    """What an action's initiation prepared for its resolution (its Attack, its blow, the
    Defense to take effect …), by name: read-only, read by kind through the readers below, which
    say what they expected when a value is of another kind (:class:`PreparedValueError`)."""

    __slots__ = ("_values",)

    def __init__(self, values: Mapping[str, object] | None = None) -> None:
        self._values: dict[str, object] = dict(values or {})

    def __getitem__(self, key: str) -> object:
        """``prepared[key]``: the value as it was prepared, of any kind; read it with the
        readers below to have it checked."""
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"Prepared({self._values!r})"

    def whole(self, key: str, default: int | Required = REQUIRED) -> int:
        """``key`` as a whole number (a fraction or decimal cut to its whole part, as ``int``
        does); ``default`` when it is missing, or ``KeyError`` without one."""
        return int(self._number(key, default))

    def number(self, key: str, default: float | Required = REQUIRED) -> float:
        """``key`` as a number; ``default`` when it is missing, or ``KeyError`` without one."""
        return float(self._number(key, default))

    def text(self, key: str, default: str | Required = REQUIRED) -> str:
        """``key`` as text; ``default`` when it is missing, or ``KeyError`` without one."""
        return self.of(key, str) if default is REQUIRED else self.of(key, str, default)

    def names(self, key: str) -> tuple[str, ...]:
        """``key`` as names (characters' ids …), from a list or a tuple of them; ``()`` when it
        is missing."""
        value = self._present(key, ())
        if isinstance(value, list | tuple):
            return tuple(str(name) for name in value)
        raise PreparedValueError(key, "a list of names", value)

    @overload
    def of(self, key: str, kind: type[T]) -> T: ...

    @overload
    def of(self, key: str, kind: type[T], default: D) -> T | D: ...

    def of(self, key: str, kind: type[T], default: object = REQUIRED) -> object:
        """``key`` as a ``kind`` (a blow, a tuple of names …); ``default`` when it is missing
        (any value, ``None`` too: ``of("blow", Blow, None)``), or ``KeyError`` without one."""
        if key not in self._values and default is not REQUIRED:
            return default
        value = self._present(key, default)
        if kind is tuple and isinstance(value, list):  # a rule may keep its items in a list
            value = tuple(value)
        if isinstance(value, kind):
            return value
        raise PreparedValueError(key, kind.__name__, value)

    def _number(self, key: str, default: object) -> int | float | Fraction:
        value = self._present(key, default)
        if isinstance(value, int | float | Fraction):  # bool is an int
            return value
        raise PreparedValueError(key, "a number", value)

    def _present(self, key: str, default: object) -> object:
        if key in self._values:
            return self._values[key]
        if default is REQUIRED:
            raise KeyError(key)
        return default


@dataclass(slots=True)
class ActionInProgress:
    """An action between initiation and completion. Owned by its character's state.

    ``prepared`` holds what initiation decided for resolution (Attack, damage, Defense to take
    effect …), written once by the plugin that initiated it.
    """

    action_id: int
    definition: ActionDefinition
    intent: Intent
    started_at: int
    completes_at: int
    prepared: Prepared = field(default_factory=Prepared)
    pushback: int = 0

    @property
    def name(self) -> str:
        return self.definition.name

    @property
    def performance_time(self) -> int:
        return self.completes_at - self.started_at
