"""The event log by kind (mands_sim.log_index): answers as a read of the whole log would give."""

from __future__ import annotations

from typing import cast

from mands_sim.events import DamageTaken, EncounterStarted, Event, Moved
from mands_sim.kernel.encounter import Encounter
from mands_sim.log_index import (
    kept_answer,
    last_logged_before,
    logged,
    logged_before,
    logged_between,
)


class Logged:
    """Just a log, as an encounter has one (the index reads nothing else)."""

    def __init__(self, *events: Event) -> None:
        self.log: list[Event] = list(events)
        self.now = 0


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


def test_kept_answer_is_asked_once_while_the_log_and_the_segment_stay() -> None:
    fight = encounter(hit(1, "a", 9))
    asked: list[int] = []

    def count() -> int:
        asked.append(len(fight.log))
        return len(logged(fight, DamageTaken))

    assert [kept_answer(fight, "hits", count) for _ in range(3)] == [1, 1, 1]
    assert asked == [1]
    fight.log.append(hit(1, "b", 8))  # an event logged: asked again
    assert kept_answer(fight, "hits", count) == 2
    cast(Logged, fight).now = 2  # the clock moved: asked again
    assert kept_answer(fight, "hits", count) == 2
    assert asked == [1, 2, 2]


def test_kept_answers_are_kept_apart_by_key() -> None:
    fight = encounter(hit(1, "a", 9))
    assert kept_answer(fight, ("hits", "a"), lambda: "a") == "a"
    assert kept_answer(fight, ("hits", "b"), lambda: "b") == "b"
    assert kept_answer(fight, ("hits", "a"), lambda: "changed") == "a"


def test_the_index_is_kept_on_the_encounter_and_rebuilt_for_a_new_log() -> None:
    fight = encounter(hit(1, "a", 9))
    logged(fight, DamageTaken)
    index = fight.log_index
    logged(fight, Moved)
    assert fight.log_index is index
    fight.log = [hit(1, "b", 5)]
    assert [e.character for e in logged(fight, DamageTaken)] == ["b"]
    assert fight.log_index is not index
