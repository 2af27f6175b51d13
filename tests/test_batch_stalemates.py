"""Why a timed-out run decided nothing (``mands_sim.batch.stalemates``)."""

from __future__ import annotations

from dataclasses import replace

from mands_sim.batch.records import CharacterRecord, RunRecord
from mands_sim.batch.stalemates import (
    EVERY_ATTACK_MISSED,
    NO_ATTACK_MADE,
    NO_BLOW_LANDED,
    NO_HIT_HURT,
    NOBODY_ACTED,
    OUT_OF_EP,
    RESTING,
    STALEMATES,
    STILL_FIGHTING,
    stalemate,
)

FIGHTER = CharacterRecord(
    id="a", side="one", condition="active", vp_lost=0, dp_lost=0, ep_spent=10.0,
    damage_dealt=0, damage_taken=0, out_at=None, actions=(("fist-attack", 4),),
)  # fmt: skip


def timed_out(*characters: CharacterRecord) -> RunRecord:
    return RunRecord(0, 1, None, "time limit", 2500, characters)


def two(**changes: object) -> RunRecord:
    """Two fighters alike, both changed by ``changes``."""
    one = replace(FIGHTER, **changes)  # type: ignore[arg-type]
    return timed_out(one, replace(one, id="b", side="two"))


def test_nobody_acted_when_no_action_was_started() -> None:
    assert stalemate(two(actions=())) == NOBODY_ACTED


def test_out_of_ep_when_everyone_standing_went_below_zero() -> None:
    assert stalemate(two(exhausted=True, damage_dealt=3)) == OUT_OF_EP


def test_one_fresh_fighter_is_not_out_of_ep() -> None:
    tired = replace(FIGHTER, exhausted=True, damage_dealt=3)
    assert stalemate(timed_out(tired, replace(FIGHTER, id="b", damage_dealt=3))) != OUT_OF_EP


def test_resting_when_half_the_actions_were_rests() -> None:
    assert stalemate(two(actions=(("fist-attack", 2), ("rest", 2)))) == RESTING


def test_no_attack_made_when_nobody_dealt_damage_and_nobody_attacked() -> None:
    """Both moved about (actions started) but no attack came to the Attack ≥ Defense test."""
    assert stalemate(two(actions=(("move", 9),), attacks=0, hits=0)) == NO_ATTACK_MADE


def test_every_attack_missed_when_attacks_were_made_and_none_hit() -> None:
    assert stalemate(two(attacks=4, hits=0)) == EVERY_ATTACK_MISSED


def test_no_hit_hurt_when_hits_did_no_damage() -> None:
    """Attacks hit, but Ignore Damage and Skin Temper left nothing to take."""
    assert stalemate(two(attacks=4, hits=2)) == NO_HIT_HURT


def test_one_attack_by_anyone_is_enough_to_say_attacks_were_made() -> None:
    idle = replace(FIGHTER, actions=(("move", 3),), attacks=0, hits=0)
    swinging = replace(FIGHTER, id="b", side="two", attacks=3, hits=0)
    assert stalemate(timed_out(idle, swinging)) == EVERY_ATTACK_MISSED


def test_a_record_that_does_not_count_attacks_says_only_no_blow_landed() -> None:
    """A row stored before record format 4 has no attack counts (``None``)."""
    assert stalemate(two()) == NO_BLOW_LANDED


def test_still_fighting_when_blows_landed() -> None:
    assert stalemate(two(damage_dealt=5, damage_taken=5)) == STILL_FIGHTING


def test_only_those_still_in_action_count_for_out_of_ep() -> None:
    """A fighter out of action is left out: the one standing went below zero."""
    down = replace(FIGHTER, condition="unconscious", damage_dealt=3)
    tired = replace(FIGHTER, id="b", side="two", exhausted=True, damage_dealt=3)
    assert stalemate(timed_out(down, tired)) == OUT_OF_EP


def test_a_hostage_standing_idle_does_not_hide_that_the_fighters_are_spent() -> None:
    """Non-combatants (G-235) are left out: the two fighters went below zero."""
    hostage = replace(FIGHTER, id="h", side="one", role="hostage", actions=())
    run = two(exhausted=True, damage_dealt=3)
    assert stalemate(timed_out(*run.characters, hostage)) == OUT_OF_EP


def test_every_stalemate_is_explained() -> None:
    assert list(STALEMATES) == [
        NOBODY_ACTED, OUT_OF_EP, RESTING, NO_ATTACK_MADE, EVERY_ATTACK_MISSED, NO_HIT_HURT,
        NO_BLOW_LANDED, STILL_FIGHTING,
    ]  # fmt: skip
    assert all(STALEMATES.values())
