"""The event log by kind (mands_sim.log_index): answers as a read of the whole log would give."""

from __future__ import annotations

from typing import cast

from mands_sim.events import DamageTaken, EncounterStarted, Event, Moved
from mands_sim.kernel.encounter import Encounter
from mands_sim.log_index import last_logged_before, logged, logged_before, logged_between


class Logged:
    """Just a log, as an encounter has one (the index reads nothing else)."""

    def __init__(self, *events: Event) -> None:
        self.log: list[Event] = list(events)


def encounter(*events: Event) -> Encounter:
    return cast(Encounter, Logged(*events))


def hit(segment: int, who: str, after: int) -> DamageTaken:
    return DamageTaken(segment, who, "x", 1, 1, 0, after)


def moved(segment: int, who: str) -> Moved:
    return Moved(segment, who, "yard", None, 0.0, "arrived")


def test_logged_gives_the_events_of_one_kind_in_log_order() -> None:
    log = [EncounterStarted(0, "s", 0, ("a", "b")), hit(1, "a", 9), moved(2, "b"), hit(3, "b", 7)]
    assert list(logged(encounter(*log), DamageTaken)) == [log[1], log[3]]


def test_logged_about_one_character_leaves_the_others_out() -> None:
    log = [hit(1, "a", 9), hit(2, "b", 8), hit(3, "a", 7)]
    assert list(logged(encounter(*log), DamageTaken, "a")) == [log[0], log[2]]


def test_a_kind_never_logged_gives_nothing() -> None:
    assert list(logged(encounter(hit(1, "a", 9)), Moved)) == []
    assert last_logged_before(encounter(hit(1, "a", 9)), Moved, 1) is None


def test_the_index_catches_up_with_events_logged_since_it_was_asked() -> None:
    fight = encounter(hit(1, "a", 9))
    assert len(logged(fight, DamageTaken)) == 1
    fight.log.extend([moved(2, "a"), hit(2, "a", 8)])
    assert [e.damage_points_after for e in logged(fight, DamageTaken, "a")] == [9, 8]


def test_a_new_log_on_the_same_encounter_starts_the_index_afresh() -> None:
    fight = encounter(hit(1, "a", 9), hit(2, "a", 8))
    assert len(logged(fight, DamageTaken)) == 2
    fight.log = [hit(1, "b", 5)]
    assert list(logged(fight, DamageTaken, "a")) == []


def test_logged_before_and_between_cut_the_log_by_place() -> None:
    log = [hit(1, "a", 9), moved(1, "a"), hit(2, "a", 8), hit(3, "b", 6), hit(4, "a", 5)]
    fight = encounter(*log)
    assert list(logged_before(fight, DamageTaken, 3)) == [log[0], log[2]]
    assert logged_between(fight, DamageTaken, 1, 4) == [(2, log[2]), (3, log[3])]
    assert logged_between(fight, DamageTaken, 1, 5, "a") == [(2, log[2]), (4, log[4])]


def test_last_logged_before_gives_the_event_and_its_place() -> None:
    log = [hit(1, "a", 9), hit(2, "b", 8), hit(3, "a", 7)]
    fight = encounter(*log)
    assert last_logged_before(fight, DamageTaken, 2, "a") == (0, log[0])
    assert last_logged_before(fight, DamageTaken, 3, "a") == (2, log[2])
    assert last_logged_before(fight, DamageTaken, 2) == (1, log[1])
    assert last_logged_before(fight, DamageTaken, 0) is None
