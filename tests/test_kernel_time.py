"""Time models (``mands_sim.kernel.time``): the segment clock, and the optional order within a
segment a :class:`CharacterClock` gives the agenda (DESIGN.md "the time model is replaceable")."""

from __future__ import annotations

from typing import Any

from mands_sim.kernel.agenda import Agenda, Phase
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.time import (
    CharacterClock,
    SegmentTime,
    character_clock,
    character_initiation_segment,
    tiebreak,
)

NO_ENCOUNTER: Any = None
"""These clocks never look at the encounter."""


class Alphabetical:
    """A clock that runs a segment's initiations by reversed id and lets ``zed`` start early."""

    name = "reversed"

    def initiation_segment(self, earliest: int) -> int:
        return -(-earliest // 10) * 10

    def completion_segment(self, start: int, performance_time: int) -> int:
        return start + performance_time

    def next_payment_segment(self, after: int) -> int:
        return SegmentTime().next_payment_segment(after)

    def tiebreak(self, encounter: Any, segment: int, phase: Phase, actor: str) -> int:
        return -ord(actor[0]) if phase == Phase.INITIATE else 0

    def character_initiation_segment(self, encounter: Any, actor: str, earliest: int) -> int:
        return earliest if actor == "zed" else self.initiation_segment(earliest)


def test_the_segment_clock_puts_no_order_of_its_own() -> None:
    """The standard clock (``docs/rules/combat.md`` §1): the id decides (tiebreak 0), any
    segment."""
    clock = SegmentTime()
    assert not isinstance(clock, CharacterClock)
    assert tiebreak(clock, NO_ENCOUNTER, 15, Phase.INITIATE, "seraph") == 0
    assert character_initiation_segment(clock, NO_ENCOUNTER, "seraph", 13) == 13


def test_a_character_clock_orders_the_agenda_within_a_segment() -> None:
    """The agenda runs lower tiebreaks first, before the id: reversed ids here."""
    clock, agenda = Alphabetical(), Agenda()
    assert isinstance(clock, CharacterClock)
    for actor in ("ann", "bob", "zed"):
        order = tiebreak(clock, NO_ENCOUNTER, 10, Phase.INITIATE, actor)
        agenda.add(10, Phase.INITIATE, actor, lambda: None, tiebreak=order, label=actor)
    labels = []
    while (entry := agenda.pop()) is not None:
        labels.append(entry.label)
    assert labels == ["zed", "bob", "ann"]


def test_a_character_clock_says_when_each_character_may_start() -> None:
    clock = Alphabetical()
    starts = [character_initiation_segment(clock, NO_ENCOUNTER, a, 13) for a in ("ann", "zed")]
    assert starts == [20, 13]


def test_character_clock_is_the_model_only_when_it_knows_the_characters() -> None:
    clock = Alphabetical()
    assert character_clock(clock) is clock
    assert character_clock(SegmentTime()) is None


def test_an_encounter_orders_its_agenda_by_the_clock_it_has() -> None:
    """Decided once per time model (``Encounter.time``), not at every scheduling: the standard
    clock puts tiebreak 0, a character clock its own, and a new model is asked from then on."""
    encounter = Encounter([], rules=NO_ENCOUNTER, minds={})
    assert encounter.at(10, Phase.INITIATE, "zed", lambda: None).key[2] == 0
    encounter.time = Alphabetical()
    assert encounter.at(10, Phase.INITIATE, "zed", lambda: None).key[2] == -ord("z")
    assert encounter.at(10, Phase.RESOLVE, "zed", lambda: None).key[2] == 0
