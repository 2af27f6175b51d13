"""Time models: where game time allows things to happen (DESIGN.md "the time model is replaceable").

The standard model is the rulebook's segment clock (``docs/rules/combat.md`` §1): an action may
start on any segment, completes ``performance_time`` segments later, and Payment Segments fall on
every multiple of 50 (``docs/rules/decisions.md`` G-33). Optional rules replace it — the rulebook's
Simpler Combat counts in 10-segment Combat Turns — by providing another object with the same three
methods.

A model may also order what happens *within* a segment and say when a given character may start
something (:class:`CharacterClock`): Simpler Combat announces "in order of learning" and acts
"highest initiative first". :func:`tiebreak` and :func:`character_initiation_segment` ask a
model, falling back to the plain model's answers; the kernel decides once, when an encounter is
built, whether its model is a :class:`CharacterClock` (:func:`character_clock`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

from mands_sim.kernel.agenda import Phase
from mands_sim.units import SEGMENTS_PER_ROUND

if TYPE_CHECKING:
    from mands_sim.kernel.encounter import Encounter


class TimeModel(Protocol):
    """How an encounter's clock is divided. Segments are always integers (DESIGN.md contract)."""

    name: str

    def initiation_segment(self, earliest: int) -> int:
        """The first segment at or after ``earliest`` on which an action may start."""
        ...

    def completion_segment(self, start: int, performance_time: int) -> int:
        """The segment on which an action started at ``start`` completes."""
        ...

    def next_payment_segment(self, after: int) -> int:
        """The first Payment Segment strictly after ``after``."""
        ...


class SegmentTime:
    """The standard clock: every segment counts; Payment Segments every round (G-33)."""

    name = "segments"

    def initiation_segment(self, earliest: int) -> int:
        return earliest

    def completion_segment(self, start: int, performance_time: int) -> int:
        return start + max(1, performance_time)

    def next_payment_segment(self, after: int) -> int:
        """Payment Segments on every multiple of 50: seed "Example of Movement" ("segment: 100, a
        Payment Segment"), "Simpler Combat" ("5 Combat Turns in a round", paid "at the end of
        every fifth Turn"); ``docs/rules/decisions.md`` G-33."""
        return (after // SEGMENTS_PER_ROUND + 1) * SEGMENTS_PER_ROUND


@runtime_checkable
class CharacterClock(Protocol):
    """A time model that also knows the characters: one segment's order, and their starts."""

    def tiebreak(self, encounter: Encounter, segment: int, phase: Phase, actor: str) -> int:
        """The agenda's ``tiebreak`` for ``actor``'s entry at ``segment`` in ``phase``: entries
        of one segment and phase run lowest first (``kernel.agenda``), before the id decides."""
        ...

    def character_initiation_segment(self, encounter: Encounter, actor: str, earliest: int) -> int:
        """The first segment at or after ``earliest`` on which ``actor`` may start an action."""
        ...


def character_clock(model: TimeModel) -> CharacterClock | None:
    """``model`` if it is a :class:`CharacterClock`, else ``None``.

    The encounter asks this once, when it is built, and calls the clock directly after that:
    ``isinstance`` against a runtime-checkable protocol walks the protocol's attributes on every
    call, which cost about 7 % of a run when it was asked at every scheduling."""
    return model if isinstance(model, CharacterClock) else None


def tiebreak(model: TimeModel, encounter: Encounter, segment: int, phase: Phase, actor: str) -> int:
    """``model``'s order within a segment; 0 (the id decides) for a model without one."""
    if isinstance(model, CharacterClock):
        return model.tiebreak(encounter, segment, phase, actor)
    return 0


def character_initiation_segment(
    model: TimeModel, encounter: Encounter, actor: str, earliest: int
) -> int:
    """Where ``actor`` may next start an action: ``model``'s answer for the character, else its
    :meth:`TimeModel.initiation_segment`."""
    if isinstance(model, CharacterClock):
        return model.character_initiation_segment(encounter, actor, earliest)
    return model.initiation_segment(earliest)
