"""The event log by kind: what rule plugins ask of the log without reading all of it.

Plugins often ask "every ``DamageTaken`` so far" or "the last ``Blinded`` of this character".
Reading the whole log for each such question makes a rule's cost grow with the length of the
fight (``docs/performance.md``). :func:`logged` answers from an index of the encounter's log by
event kind, kept per encounter and brought up to date from where it left off each time it is
asked (the log only grows: the kernel appends, nothing removes), so each event is indexed once
and a question costs what its answer holds.

The index is kept on the encounter object (its ``log_index`` attribute) and checked against its
log (the same list, no shorter than what was indexed); anything else starts it afresh, so it can
never answer from a different log. Kinds are exact event classes (subclasses are their own kind).
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar, cast

from mands_sim.events import Event

if TYPE_CHECKING:
    from mands_sim.kernel.encounter import Encounter

E = TypeVar("E", bound=Event)
T = TypeVar("T")


@dataclass(slots=True)
class _Kind:
    """The events of one kind, in log order, with their places in the log."""

    events: list[Event] = field(default_factory=list)
    indices: list[int] = field(default_factory=list)


@dataclass(slots=True)
class _Index:
    log: list[Event]
    indexed: int = 0
    kinds: dict[type[Event], _Kind] = field(default_factory=dict)
    about: dict[tuple[type[Event], str], _Kind] = field(default_factory=dict)
    """By kind and the event's ``character`` (events without one are not here)."""

    def catch_up(self) -> None:
        log, kinds, about = self.log, self.kinds, self.about
        for index in range(self.indexed, len(log)):
            event = log[index]
            cls = type(event)
            kind = kinds.get(cls)
            if kind is None:
                kind = kinds[cls] = _Kind()
            kind.events.append(event)
            kind.indices.append(index)
            character = getattr(event, "character", None)
            if isinstance(character, str):
                kind = about.get((cls, character))
                if kind is None:
                    kind = about[(cls, character)] = _Kind()
                kind.events.append(event)
                kind.indices.append(index)
        self.indexed = len(log)


def _index(encounter: Encounter) -> _Index:
    """``encounter``'s index, up to date (kept on the encounter itself: an attribute read is
    cheaper than a weak-keyed lookup, which makes a weak reference each time)."""
    index = getattr(encounter, "log_index", None)
    log = encounter.log
    if not isinstance(index, _Index) or index.log is not log or index.indexed > len(log):
        index = _Index(log)
        encounter.log_index = index
    if index.indexed < len(log):
        index.catch_up()
    return index


def _kind(encounter: Encounter, kind: type[Event], character: str | None) -> _Kind | None:
    index = _index(encounter)
    if character is None:
        return index.kinds.get(kind)
    return index.about.get((kind, character))


def logged(encounter: Encounter, kind: type[E], character: str | None = None) -> Sequence[E]:
    """Every event of ``kind`` in ``encounter``'s log so far, in log order; with ``character``,
    only those whose ``character`` it is. Read-only: do not change the sequence."""
    found = _kind(encounter, kind, character)
    return cast(Sequence[E], found.events) if found is not None else ()


def logged_before(
    encounter: Encounter, kind: type[E], end: int, character: str | None = None
) -> Sequence[E]:
    """:func:`logged`, of ``encounter.log[:end]`` only."""
    found = _kind(encounter, kind, character)
    if found is None:
        return ()
    return cast(Sequence[E], found.events[: bisect.bisect_left(found.indices, end)])


def logged_between(
    encounter: Encounter, kind: type[E], start: int, end: int, character: str | None = None
) -> list[tuple[int, E]]:
    """The events of ``kind`` (about ``character``, if given) in ``encounter.log[start:end]``,
    each with its place in the log, in log order."""
    found = _kind(encounter, kind, character)
    if found is None:
        return []
    first = bisect.bisect_left(found.indices, start)
    last = bisect.bisect_left(found.indices, end, first)
    events = cast(list[E], found.events[first:last])
    return list(zip(found.indices[first:last], events, strict=True))


def last_logged_before(
    encounter: Encounter, kind: type[E], end: int, character: str | None = None
) -> tuple[int, E] | None:
    """The last event of ``kind`` (about ``character``, if given) in ``encounter.log[:end]``
    and its place in the log, or ``None``."""
    found = _kind(encounter, kind, character)
    if found is None:
        return None
    position = bisect.bisect_left(found.indices, end)
    if position == 0:
        return None
    return found.indices[position - 1], cast(E, found.events[position - 1])


def kept_answer(encounter: Encounter, key: Hashable, answer: Callable[[], T]) -> T:
    """``answer()``, asked once while the log and the segment stay as they are.

    For questions that read only the log, the state and the segment, asked again and again in
    one step (a status check asks "the hits this segment" for each of its parts): the answer
    is kept under ``key`` (name the question and its arguments) until an event is logged or
    the clock moves. The answer is shared: treat it as read-only."""
    kept = getattr(encounter, "kept_answers", None)
    log = encounter.log
    now = encounter.now
    if (
        not isinstance(kept, _Answers)
        or kept.log is not log
        or kept.length != len(log)
        or kept.now != now
    ):
        kept = encounter.kept_answers = _Answers(log, len(log), now)
    answers = kept.answers
    if key in answers:
        return cast(T, answers[key])
    found = answers[key] = answer()
    return found


@dataclass(slots=True)
class _Answers:
    """:func:`kept_answer`'s answers, all given while ``log`` had ``length`` events at segment
    ``now``: kept apart from the index, which a kept answer need not bring up to date."""

    log: list[Event]
    length: int
    now: int
    answers: dict[Hashable, object] = field(default_factory=dict)


__all__ = ["kept_answer", "last_logged_before", "logged", "logged_before", "logged_between"]
