"""Frozen records of everything that happens in an encounter.

Rule code returns events; the kernel applies them to the encounter state (the one place that
mutates it) and hands them to observers: the JSONL event log, the narrative, collectors. Every
event knows its ``segment`` and its ``kind``; :func:`to_record` turns one into a plain dict whose
JSON form is stable (sorted keys, fractions as "n/d" text), so the same seed gives a byte-identical
log.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Final, Protocol, TypeVar

OMITTED_WHEN_DEFAULT: Final = "omitted when default"
"""Field metadata: the event log leaves the field out while it holds its default
(:func:`to_record`)."""


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events. A subclass names its own ``kind`` (``kind: ClassVar[str] =
    "arrow-shot"``), the name the JSONL log and the narrative know it by."""

    kind: ClassVar[str] = "event"
    segment: int

    def __init_subclass__(cls, **kwargs: object) -> None:
        super(Event, cls).__init_subclass__(**kwargs)  # explicit: slots remake the class
        if "kind" not in cls.__dict__:
            raise TypeError(
                f"event class {cls.__qualname__} must name its kind, as "
                f'kind: ClassVar[str] = "{_kebab(cls.__name__)}"'
            )


class _HasName(Protocol):
    @property
    def name(self) -> str: ...


_Named = TypeVar("_Named", bound=_HasName)


def by_event_class(
    items: Iterable[_Named], classes: Callable[[_Named], Iterable[type[Event]]]
) -> dict[type[Event], tuple[_Named, ...]]:
    """``items`` (rule states, metrics …) by each event class ``classes(item)`` names, each
    class's items in name order: what the code that applies or counts events looks up."""
    by_class: dict[type[Event], list[_Named]] = {}
    for item in sorted(items, key=lambda item: item.name):
        for kind in classes(item):
            by_class.setdefault(kind, []).append(item)
    return {kind: tuple(found) for kind, found in by_class.items()}


def _kebab(name: str) -> str:
    """``ArrowShot`` → ``arrow-shot``."""
    return "".join(f"-{c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(name))


@dataclass(frozen=True, slots=True)
class EncounterStarted(Event):
    kind: ClassVar[str] = "encounter-started"
    scenario: str
    seed: int
    characters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RollMade(Event):
    """An Action Roll: 2d10 (with the Special 1-rule) against target + pool bonus."""

    kind: ClassVar[str] = "roll"
    character: str
    purpose: str
    target: int
    bonus_pool: int
    pool_bonus: int
    faces: tuple[int, ...]
    rerolls: tuple[int, ...]
    total: int
    quality: int


@dataclass(frozen=True, slots=True)
class QualityAllocated(Event):
    """How the Quality of a Combat Roll was spent (``docs/rules/combat.md`` §5)."""

    kind: ClassVar[str] = "quality-allocated"
    character: str
    action: str
    attack: int
    defense: int
    speed: int
    damage: int
    ep: int


@dataclass(frozen=True, slots=True)
class ActionStarted(Event):
    kind: ClassVar[str] = "action-started"
    character: str
    action: str
    action_id: int
    target: str | None
    performance_time: int
    completes_at: int
    is_passive: bool
    is_sustained: bool


@dataclass(frozen=True, slots=True)
class PushedBack(Event):
    """Segments added to an action in progress (``docs/rules/combat.md`` §3, §8.2)."""

    kind: ClassVar[str] = "pushback"
    character: str
    action: str
    action_id: int
    segments: int
    completes_at: int
    reason: str


@dataclass(frozen=True, slots=True)
class EndurancePaid(Event):
    """EP charged for an action (``docs/rules/combat.md`` §1, seed "EP Cost")."""

    kind: ClassVar[str] = "ep-paid"
    character: str
    action: str
    reason: str
    row: int
    amount: Fraction
    endurance_after: Fraction


@dataclass(frozen=True, slots=True)
class ActionResolved(Event):
    kind: ClassVar[str] = "action-resolved"
    character: str
    action: str
    action_id: int
    target: str | None
    outcome: str


@dataclass(frozen=True, slots=True)
class AttackResolved(Event):
    """``docs/rules/combat.md`` §6: an attack hits when Attack ≥ the defender's Defense.

    ``character`` attacked ``target``: its ``attack`` against the target's ``defense``, and
    whether it ``hit`` (whether or not the blow then got through protection)."""

    kind: ClassVar[str] = "attack"
    character: str
    target: str
    attack: int
    defense: int
    hit: bool


@dataclass(frozen=True, slots=True)
class DefenseChanged(Event):
    kind: ClassVar[str] = "defense-changed"
    character: str
    defense: int
    reason: str


@dataclass(frozen=True, slots=True)
class DamageTaken(Event):
    """Damage after Ignore Damage and Skin Temper, taken from VP first, then DP (§7.3)."""

    kind: ClassVar[str] = "damage"
    character: str
    source: str
    raw: int
    taken: int
    virtual_damage_points_after: int
    damage_points_after: int
    penetrating: int = 0
    """How many of the DP this hit took are penetrating (§7.2); VP losses have no kind."""
    location: str = "body"
    """Where the blow landed: ``body``, ``head``, ``neck``, ``arm`` or ``legs`` (§16)."""
    damage_kind: str = "bludgeoning"
    """The blow's kind, ``bludgeoning`` or ``penetrating`` (§7.2): throwback halves for
    penetrating attacks (§8.1)."""
    small_projectile: bool = False
    """A small projectile (a bullet): throwback halves again (§8.1)."""


@dataclass(frozen=True, slots=True)
class OutOfAction(Event):
    kind: ClassVar[str] = "out-of-action"
    character: str
    condition: str


@dataclass(frozen=True, slots=True)
class WeaknessFired(Event):
    """A character's Handicap or Weakness changed the fight (seed "Handicap or Weakness"): a
    vulnerability took more damage, a berserk save failed, a power refused without its focus …

    ``weakness`` is the name the sheet gives it, ``weakness_kind`` its kind, ``effect`` what it
    did, in words."""

    kind: ClassVar[str] = "weakness-fired"
    character: str
    weakness: str
    weakness_kind: str
    effect: str

    def narrative(self) -> str:
        return f"{self.character}'s {self.weakness} ({self.weakness_kind}): {self.effect}."


@dataclass(frozen=True, slots=True)
class BackInAction(Event):
    """An unconscious character comes to and may act again (``docs/rules/combat.md`` §9): the end of
    a knock-out's rounds, or a knock-out with no duration it recovers
    from (``docs/rules/decisions.md`` G-171)."""

    kind: ClassVar[str] = "back-in-action"
    character: str
    reason: str

    def narrative(self) -> str:
        return f"{self.character} comes to and is back in action ({self.reason})."


@dataclass(frozen=True, slots=True)
class ConditionImposed(Event):
    """``character`` is now under ``condition`` (a registered
    :class:`~mands_sim.conditions.ConditionDefinition`: held, encased, stunned …), put on it by
    ``source`` (a character, or ``None``). It lasts until segment ``until`` (``None``: until a
    rule ends it, by a break-out roll or otherwise); ``strength`` is what a break-out must beat,
    in the terms the condition's plugin gives it. Imposing a condition already in force
    replaces it."""

    kind: ClassVar[str] = "condition-imposed"
    character: str
    condition: str
    source: str | None
    until: int | None = None
    strength: int = 0

    def narrative(self) -> str:
        by = f" by {self.source}" if self.source else ""
        lasting = f" until segment {self.until}" if self.until is not None else ""
        return f"{self.character} is {self.condition}{by}{lasting}."


@dataclass(frozen=True, slots=True)
class ConditionEnded(Event):
    """``condition`` no longer holds ``character``: it wore off, was broken out of, or a rule
    ended it (``reason``)."""

    kind: ClassVar[str] = "condition-ended"
    character: str
    condition: str
    reason: str

    def narrative(self) -> str:
        return f"{self.character} is no longer {self.condition} ({self.reason})."


OUT_OF_ACTION = "out of action"
"""The reason of the :class:`ActionDropped` the kernel logs for each action a character had
under way when it went out of action (``Encounter.emit``), just before the :class:`OutOfAction`."""


@dataclass(frozen=True, slots=True)
class ActionDropped(Event):
    """An action in progress ended without resolving (dropped, lost control, its character
    out of action …). With :class:`ActionResolved` it is the only way an action ends, so each
    :class:`ActionStarted` is followed by one of them, unless the encounter ends first."""

    kind: ClassVar[str] = "action-dropped"
    character: str
    action: str
    action_id: int
    reason: str


@dataclass(frozen=True, slots=True)
class Healed(Event):
    """VP and EP given back (rest healing, ``docs/rules/combat.md`` §17)."""

    kind: ClassVar[str] = "healed"
    character: str
    virtual_damage_points: int
    endurance_points: Fraction
    virtual_damage_points_after: int
    endurance_points_after: Fraction
    reason: str


@dataclass(frozen=True, slots=True)
class PointsLent(Event):
    """``character``'s current EP and Body DP moved by ``endurance_points`` and ``damage_points``
    (negative: taken away) because ``other`` took them or gave them back (a power that steals
    EP and DP, G-289). The maxima move
    through the rules' ability modifiers; this event moves the points a character has now."""

    kind: ClassVar[str] = "points-lent"
    character: str
    other: str
    endurance_points: Fraction
    damage_points: int
    endurance_points_after: Fraction
    damage_points_after: int
    reason: str

    def narrative(self) -> str:
        return (
            f"{self.character}'s EP moves by {self.endurance_points} and DP by "
            f"{self.damage_points} ({self.reason}): EP {self.endurance_points_after}, "
            f"DP {self.damage_points_after}."
        )


@dataclass(frozen=True, slots=True)
class PercentRolled(Event):
    """A d100 roll against a percentage (%Control, cover chance …); succeeds at roll ≤ chance.
    ``roll`` is the roll compared: the die, or the die as the rules changed it (seed "Control
    Chance"), when ``die`` gives the die as rolled (absent from the log when nothing changed
    it)."""

    kind: ClassVar[str] = "percent-roll"
    character: str
    purpose: str
    chance: int
    roll: int
    succeeded: bool
    die: int | None = dataclasses.field(default=None, metadata={OMITTED_WHEN_DEFAULT: True})


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """A character's new position on the map: at ``place``, or ``offset`` meters from it toward
    ``toward`` (:class:`mands_sim.world.Position`)."""

    kind: ClassVar[str] = "moved"
    character: str
    place: str
    toward: str | None
    offset: float
    reason: str


@dataclass(frozen=True, slots=True)
class DecisionMade(Event):
    """A policy's choice, with its reason, so every decision can be explained."""

    kind: ClassVar[str] = "decision"
    character: str
    action: str
    target: str | None
    reason: str


@dataclass(frozen=True, slots=True)
class EncounterEnded(Event):
    kind: ClassVar[str] = "encounter-ended"
    winner: str | None
    reason: str


@dataclass(frozen=True, slots=True)
class InjuryRolled(Event):
    """A failed Injury roll (``docs/rules/decisions.md`` G-18, G-69): ``injury_points`` of Injury
    damage (heals monthly), ``permanent_points`` of Permanent damage, and whether it knocks out."""

    kind: ClassVar[str] = "injury"
    character: str
    cause: str
    injury_points: int
    permanent_points: int
    knocked_out: bool


@dataclass(frozen=True, slots=True)
class WoundOpened(Event):
    """A hit took penetrating DP: the wound bleeds until a Bleeding Roll stops it (G-19)."""

    kind: ClassVar[str] = "wound"
    character: str
    source: str
    penetrating_points: int


@dataclass(frozen=True, slots=True)
class BleedingStopped(Event):
    """Every open wound of ``character`` has stopped bleeding (G-19)."""

    kind: ClassVar[str] = "bleeding-stopped"
    character: str
    reason: str


@dataclass(frozen=True, slots=True)
class DecisionExplained(Event):
    """A policy's choice with what it passed over (``docs/policies.md`` "Explanations"):
    ``reason`` names the rule that chose it; ``alternatives`` are the choices considered and
    passed over, each with why; ``scores`` (scored policies only) the choice's score and then each
    alternative's. Logged when the chosen action starts."""

    kind: ClassVar[str] = "decision-explained"
    character: str
    action: str
    target: str | None
    reason: str
    alternatives: tuple[str, ...] = ()
    scores: tuple[float, ...] = ()


def _plain(value: Any) -> Any:
    if isinstance(value, Fraction):
        return str(value) if value.denominator != 1 else value.numerator
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def to_record(event: Event) -> dict[str, Any]:
    """The event as a plain dict: ``kind``, ``segment`` and its fields (a field marked
    :data:`OMITTED_WHEN_DEFAULT` only when it is not at its default, so adding one leaves the
    logs of runs that never set it as they were)."""
    record: dict[str, Any] = {"kind": event.kind}
    for field in dataclasses.fields(event):
        value = getattr(event, field.name)
        if field.metadata.get(OMITTED_WHEN_DEFAULT) and value == field.default:
            continue
        record[field.name] = _plain(value)
    return record


def to_json_line(event: Event) -> str:
    """One line of the JSONL event log (sorted keys, no spaces: byte-stable)."""
    return json.dumps(to_record(event), sort_keys=True, separators=(",", ":"))
