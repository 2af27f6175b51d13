"""Splitting Attack and damage among opponents (``mands_rulebook.kit.opponents.split_attacks``;
seed "Combat Roll", "Fire Coat"; ``docs/rules/combat.md`` §6, §12; G-81): shares, a mind's split
of Attack, and forked blasts, against the grunts of ``tests/data/fighters.py`` (VP 28,
Defense 0)."""

from __future__ import annotations

from typing import Any

import pytest

from mands_rulebook.kit.damage import Blow
from mands_rulebook.kit.opponents.split_attacks import fork_blast, split_attack, split_evenly
from mands_sim.events import AttackResolved, DamageTaken, Event
from tests.data.opponents_scenes import Plays, mob_of_three


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def test_split_evenly_gives_the_remainder_to_the_first() -> None:
    assert split_evenly(7, 3) == [3, 2, 2]
    assert split_evenly(1, 3) == [1, 0, 0]


def test_split_attack_asks_the_mind_and_splits_evenly_without_it() -> None:
    class Front(Plays):
        def split_attack(self, *args: Any) -> list[int]:
            return [6, 0, 0]

    encounter, _ = mob_of_three(dice=[])
    assert split_attack(encounter, "hero", ("a", "b", "c"), 6) == (2, 2, 2)
    encounter.minds["hero"] = Front()
    assert split_attack(encounter, "hero", ("a", "b", "c"), 6) == (6, 0, 0)


def test_a_mind_that_over_splits_its_attack_is_an_error() -> None:
    class Greedy(Plays):
        def split_attack(self, *args: Any) -> list[int]:
            return [6, 6, 6]

    encounter, _ = mob_of_three(dice=[])
    encounter.minds["hero"] = Greedy()
    with pytest.raises(ValueError, match="split 6 Attack"):
        split_attack(encounter, "hero", ("a", "b", "c"), 6)


# --- forked blasts (seed "Fire Coat") -----------------------------------------------------------


def test_fork_blast_divides_the_damage_and_needs_attack_for_each() -> None:
    """Seed "Fire Coat": a 9-point blast forked at a (Attack 1) and b (Attack −1): 5 and 4;
    a is hit (VP 28 → 23), b's Attack misses Defense 0."""
    encounter, _ = mob_of_three(dice=[])
    events = fork_blast(encounter, Blow(raw=9, source="hero"), {"a": 1, "b": -1})
    assert [(e.target, e.hit) for e in of(events, AttackResolved)] == [("a", True), ("b", False)]
    assert [
        (e.character, e.raw, e.virtual_damage_points_after) for e in of(events, DamageTaken)
    ] == [("a", 5, 23)]


def test_fork_blast_takes_the_shares_it_is_given() -> None:
    encounter, _ = mob_of_three(dice=[])
    events = fork_blast(encounter, Blow(raw=9, source="hero"), {"a": 0, "b": 0}, shares=[2, 7])
    assert [e.raw for e in of(events, DamageTaken)] == [2, 7]
    with pytest.raises(ValueError, match="cannot fork"):
        fork_blast(encounter, Blow(raw=9, source="hero"), {"a": 0, "b": 0}, shares=[5, 5])
