"""Tires Easily (seed "Sample Weaknesses": 8-Ball "uses twice normal EP for any action requiring
EP"; Diamondback "After 4 rounds using 1 EP or more per minute, he has -1 to his Combat Pool.
Every 2 rounds after that, he gets another penalty of 1"; G-266, G-267)."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pytest

from mands_rulebook.weaknesses.tires_easily import (
    fatigue_penalty,
    mands_action_after,
    mands_action_sustain,
    mands_bonus_pool_modifiers,
)
from mands_sim.actions import Intent
from mands_sim.events import EndurancePaid, WeaknessFired
from mands_sim.hookspecs import answered_characters
from mands_sim.kernel.encounter import Encounter
from mands_sim.model.sheet import Weakness
from tests.data.fighters import fight, grunt

EIGHT_BALL = {"kind": "tires-easily", "ep_multiplier": 2}
DIAMONDBACK = {"kind": "tires-easily", "fatigue_after": 4, "fatigue_every": 2}
ATTACK = SimpleNamespace(name="fist-attack", started_at=0)


def paying(weakness: dict[str, object], segments: list[int], **defaults: str) -> Encounter:
    """A grunt with ``weakness`` who paid 2 EP for a fist attack at each of ``segments``."""
    encounter = fight({"tired": grunt(weaknesses=[weakness]), "foe": grunt()}, defaults=defaults)
    ep = encounter.state["tired"].endurance_points
    for n, segment in enumerate(segments, 1):
        paid = EndurancePaid(segment, "tired", "fist-attack", "start", 3, Fraction(2), ep - 2 * n)
        encounter.emit([paid])
    return encounter


def test_8_ball_pays_twice_normal_ep() -> None:
    encounter = paying(EIGHT_BALL, [0])
    events = mands_action_after(encounter, "tired", ATTACK)  # type: ignore[arg-type]
    (extra,) = [e for e in events if isinstance(e, EndurancePaid)]
    assert (extra.amount, extra.reason) == (2, "tires easily")
    assert [e.weakness_kind for e in events if isinstance(e, WeaknessFired)] == ["tires-easily"]


def test_no_extra_ep_when_switched_off() -> None:
    encounter = paying(EIGHT_BALL, [0], G266_tires_easily_ep="off")
    assert mands_action_after(encounter, "tired", ATTACK) == []  # type: ignore[arg-type]


@pytest.mark.parametrize(("rounds", "penalty"), [(3, 0), (4, 1), (5, 1), (6, 2), (8, 3)])
def test_diamondbacks_fatigue_grows_every_2_rounds_after_4(rounds: int, penalty: int) -> None:
    weakness = Weakness("tires-easily", "tires easily", DIAMONDBACK)
    assert fatigue_penalty(weakness, rounds) == penalty


def test_fatigue_is_a_penalty_to_combat_rolls_only() -> None:
    """EP paid in 4 finished rounds (segments 50 … 200): −1 on a Combat Roll."""
    encounter = paying(DIAMONDBACK, [50, 100, 150, 200])
    intent = Intent("fist-attack", target="foe")
    (modifier,) = mands_bonus_pool_modifiers(encounter, "tired", intent, "combat")
    assert modifier.amount == -1
    assert mands_bonus_pool_modifiers(encounter, "tired", intent, "perception") == []


def test_three_rounds_of_ep_tire_no_one() -> None:
    encounter = paying(DIAMONDBACK, [50, 100, 150])
    intent = Intent("fist-attack", target="foe")
    assert mands_bonus_pool_modifiers(encounter, "tired", intent, "combat") == []


def test_only_a_character_that_tires_easily_is_asked() -> None:
    """``@answers_characters(has_weakness("tires-easily"))``: the foe, without the weakness,
    is left out of the three hooks' calls; "Tires Easily" is matched as "tires-easily"."""
    encounter = fight({"tired": grunt(weaknesses=[EIGHT_BALL]), "foe": grunt()})
    for hook in (mands_action_after, mands_action_sustain, mands_bonus_pool_modifiers):
        test = answered_characters(hook)
        assert test is not None
        assert test(encounter.character("tired")) and not test(encounter.character("foe"))
