"""Two arms compared run by run (``mands_sim.batch.paired``)."""

from __future__ import annotations

import pytest

from mands_sim.batch.paired import pair_runs
from mands_sim.batch.records import CharacterRecord, RunRecord

SIDES = ("heroes", "villains")


def hero(condition: str = "active") -> CharacterRecord:
    return CharacterRecord("seraph", "heroes", condition, 0, 0, 0.0, 0, 0, None, ())


def villain(condition: str = "active") -> CharacterRecord:
    return CharacterRecord("sphinx", "villains", condition, 0, 0, 0.0, 0, 0, None, ())


def run(index: int, winner: str | None, segments: int, *characters: CharacterRecord) -> RunRecord:
    return RunRecord(index, 1000 + index, winner, "side out", segments, characters)


def test_wins_are_counted_pair_by_pair() -> None:
    a = [run(0, "heroes", 50), run(1, "villains", 60), run(2, "heroes", 40)]
    b = [run(0, "villains", 55), run(1, "villains", 60), run(2, "heroes", 40)]
    paired = pair_runs(a, b, SIDES)
    heroes = paired.wins["heroes"]
    assert (heroes.n, heroes.in_a, heroes.in_b, heroes.gained, heroes.lost) == (3, 2, 1, 0, 1)
    assert paired.wins["villains"].gained == 1


def test_a_hero_dies_counts_any_character_of_the_first_side() -> None:
    a = [run(0, "villains", 50, hero("dead"), villain()), run(1, "heroes", 50, hero(), villain())]
    b = [run(0, "villains", 50, hero("unconscious"), villain()), run(1, None, 50, hero("dead"))]
    paired = pair_runs(a, b, SIDES)
    assert paired.heroes == "heroes"
    assert (paired.hero_dies.in_a, paired.hero_dies.in_b) == (1, 1)
    assert (paired.hero_dies.gained, paired.hero_dies.lost) == (1, 1)


def test_deaths_are_kept_for_characters_in_both_arms_only() -> None:
    a = [run(0, "heroes", 50, hero(), villain("dead"))]
    b = [run(0, "heroes", 50, hero())]
    paired = pair_runs(a, b, SIDES)
    assert list(paired.deaths) == ["seraph"]
    assert paired.sides_of == {"seraph": "heroes"}


def test_fight_lengths_keep_each_arm_and_the_paired_difference() -> None:
    a = [run(0, "heroes", 50), run(1, "heroes", 70)]
    b = [run(0, "heroes", 56), run(1, "heroes", 72)]
    paired = pair_runs(a, b, SIDES)
    assert paired.lengths_a == {50: 1, 70: 1} and paired.lengths_b == {56: 1, 72: 1}
    assert (paired.pairs, paired.length.mean) == (2, 4.0)


def test_a_pair_in_which_an_arm_raised_is_left_out_of_every_number() -> None:
    a = [run(0, "heroes", 50), RunRecord.failed(1, 1001, "boom")]
    b = [run(0, "heroes", 50), run(1, "villains", 10)]
    paired = pair_runs(a, b, SIDES)
    assert (paired.pairs, paired.left_out, paired.wins["villains"].n) == (1, 1, 1)


def test_runs_of_different_indices_are_not_a_pair() -> None:
    with pytest.raises(ValueError, match="not a pair"):
        pair_runs([run(0, "heroes", 50)], [run(1, "heroes", 50)], SIDES)
