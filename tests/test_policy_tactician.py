"""The ``tactician`` (``mands_sim.policy.tactician``): expected damage from the charts, scores,
Quality splits and explanations."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from mands_rulebook.policies.candidates import ESTIMATOR
from mands_sim.actions import ActionInProgress, Intent, Prepared, Wait
from mands_sim.charts.odds import quality_odds
from mands_sim.defaults import STANDARD_DEFAULTS
from mands_sim.kernel.encounter import Encounter
from mands_sim.policy.errors import PolicyOptionsError
from mands_sim.policy.tactician import (
    AttackOdds,
    Estimate,
    Tactician,
    Weights,
    expected_blow,
    focus,
    paced_blow,
    weights_from_options,
)
from mands_sim.rolls import reduced_performance_time
from tests.data.arena import arena
from tests.data.fighters import grunt

BONUS = (0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 4)
"""Damage Q → bonus on the Doubles chart (G-11: 1 → +1, 3 → +2, 7 → +3, 15 → +4)."""


def test_expected_blow_sums_the_charts_odds_of_each_quality() -> None:
    """Needing 11 against Defense 2, Hand Damage 6, Skin Temper 1/2: every Q ≥ 2 hits for
    ⌈(6 + bonus(Q − 2)) / 2⌉; a miss by any amount does not reach Defense 2."""
    odds = AttackOdds(11, False, 2, 6, 0, Fraction(1, 2), 15)
    hit, taken = expected_blow(odds, BONUS)
    chances = dict(quality_odds(11, is_special=False))
    assert hit == pytest.approx(float(sum(p for q, p in chances.items() if q >= 2)))
    want = sum(float(p) * -(-(6 + BONUS[q - 2]) // 2) for q, p in chances.items() if q >= 2)
    assert taken == pytest.approx(want)


def test_a_miss_still_lands_against_a_defense_below_its_attack_share() -> None:
    """G-14: a miss by 1 to 3 deals −1 to Attack (by 4, −2); against Defense −1 such a miss
    still hits, for Hand Damage less its Damage share."""
    odds = AttackOdds(11, False, -1, 6, 0, Fraction(1), 15)
    hit, _ = expected_blow(odds, BONUS)
    chances = dict(quality_odds(11, is_special=False))
    assert hit == pytest.approx(float(sum(p for q, p in chances.items() if q >= -3)))


def paces(odds: AttackOdds, rate: float) -> float:
    """The rate of blows each split the way :func:`paced_blow` says at ``rate``: every roll
    that hits takes the speed (0–6 Q) with the most damage less ``rate`` × its time."""
    damage = time = 0.0
    for quality, chance in quality_odds(odds.needed, is_special=False):
        dealt, took = 0.0, float(odds.performance_time)
        if quality >= odds.defense:
            spare = quality - odds.defense
            splits = [
                (odds.raw_damage + BONUS[min(spare - s, 15)], reduced(odds.performance_time, s))
                for s in range(min(spare, 6) + 1)
            ]
            dealt, took = max(splits, key=lambda split: split[0] - rate * split[1])
        damage += float(chance) * dealt
        time += float(chance) * took
    return damage / time


def reduced(time: int, speed: int) -> float:
    return float(reduced_performance_time(time, speed, STANDARD_DEFAULTS))


def test_a_paced_blow_buys_speed_where_it_deals_more_a_segment() -> None:
    """A pistol-like blow (6 damage, 10 segments, needing 11 against Defense 0): 3 Q of speed
    halve the time for less damage than they would add on the Doubles chart, so a fighter
    pacing its blows deals more a segment than with every spare Q on damage; the rate is the
    fixed point of the best splits at that rate. With 1 segment to a blow speed buys nothing."""
    odds = AttackOdds(11, False, 0, 6, 0, Fraction(1), 10)
    paced = paced_blow(odds, BONUS, STANDARD_DEFAULTS)
    assert paced > expected_blow(odds, BONUS)[1] / 10
    assert paced == pytest.approx(paces(odds, paced))
    quick = replace(odds, performance_time=1)
    assert paced_blow(quick, BONUS, STANDARD_DEFAULTS) == pytest.approx(
        expected_blow(quick, BONUS)[1]
    )


class Valued:
    """An estimator giving each intent a fixed value (``kind`` ``other``); ``rest`` (when
    proposed: something to regain) a ``relative`` one, with its parts in ``detail``."""

    def __init__(self, values: dict[tuple[str, str | None], float], rest: float = 0.0) -> None:
        self.values = values
        self.rest = rest

    def estimate(self, encounter: Encounter, actor: str, intent: Intent) -> Estimate | None:
        if intent.action == "rest":
            parts = "rests 50 segments: +7 EP"
            return Estimate(intent, "rest", value=self.rest, relative=True, detail=parts)
        key = (intent.action, intent.target or intent.options.get("toward"))
        value = self.values.get(key)
        return None if value is None else Estimate(intent, "other", value=value)

    def pending_blow(self, encounter: Encounter, attacker: str, action: ActionInProgress) -> None:
        return None


def street() -> Encounter:
    """Dexter at ``a`` with a grunt beside him; Sinister 20 m off at ``c``; the exit ``out``."""
    return arena(
        {
            "dexter": ("heroes", "a", "dexter", None, {}),
            "grunt": ("villains", "a", grunt(), None, {}),
            "sinister": ("villains", "c", "sinister", None, {}),
        }
    )


def test_the_tactician_takes_the_best_score_and_explains_the_runners_up() -> None:
    encounter = street()
    mind = Tactician(
        Valued({("move", "c"): 2.0, ("fist-attack", "grunt"): 1.0, ("move", "out"): 0.5})
    )
    decision = mind.choose(encounter, "dexter")
    assert decision == Intent("move", options={"toward": "c"}, reason="tactician: move (toward c)")
    assert isinstance(decision, Intent)
    why = mind.explain(encounter, "dexter", decision)
    assert why is not None
    assert why.reason == "tactician: move (toward c) scores 2 (worth 2 damage a segment)"
    assert why.alternatives == (
        "fist-attack → grunt (worth 1 damage a segment)",
        "move (toward out) (worth 0.5 damage a segment)",
    )
    assert why.scores == (2.0, 1.0, 0.5)


def test_an_attacks_explanation_gives_its_parts_in_the_games_units() -> None:
    """Dexter punching the grunt beside him: the reason gives the chance to hit, the expected
    damage, the segments it is reckoned over and the EP (the Combat Roll's row and Hand
    Damage's), each as the score used them."""
    encounter = street()
    mind = Tactician(ESTIMATOR)
    decision = mind.choose(encounter, "dexter")
    assert isinstance(decision, Intent) and decision.action == "fist-attack"
    why = mind.explain(encounter, "dexter", decision)
    assert why is not None
    best = mind.ranked(encounter, "dexter")[0]
    assert f"hits {100 * best.hit:.0f} %, {best.damage:.1f} damage" in why.reason
    assert f"over {best.per:.0f} segments, 4 EP" in why.reason
    assert 0 < best.hit <= 1 and best.per >= 8


def test_a_relative_candidate_scores_as_the_best_other_plus_its_value() -> None:
    """A rest postpones the fight: it scores as the best other candidate allowed (the run to
    ``c``, 2) plus its own value, which may be below 0; its explanation gives its parts."""
    encounter = street()
    encounter.state["dexter"].endurance_points = Fraction(4)  # EP to regain: a rest is proposed
    values = {("move", "c"): 2.0, ("fist-attack", "grunt"): 1.0}
    mind = Tactician(Valued(values, rest=0.25))
    decision = mind.choose(encounter, "dexter")
    assert isinstance(decision, Intent) and decision.action == "rest"
    why = mind.explain(encounter, "dexter", decision)
    assert (
        why is not None and why.reason == "tactician: rest scores 2.25 (rests 50 segments: +7 EP)"
    )
    worse = Tactician(Valued(values, rest=-0.25)).ranked(encounter, "dexter")
    assert [(s.label, s.score) for s in worse] == [
        ("move (toward c)", 2.0),
        ("rest", 1.75),
        ("fist-attack → grunt", 1.0),
    ]


def test_a_relative_candidate_with_nothing_else_worth_doing_scores_its_value() -> None:
    """Every other candidate at 0 or below: the rest's base is 0, so it is chosen only when its
    own value is above 0."""
    encounter = street()
    encounter.state["dexter"].endurance_points = Fraction(4)
    values = {("fist-attack", "grunt"): -1.0}
    assert Tactician(Valued(values, rest=0.5)).ranked(encounter, "dexter")[0].score == 0.5
    idle = Tactician(Valued(values, rest=-0.5))
    assert idle.choose(encounter, "dexter") == Wait(10, "nothing worth doing")


def test_with_nothing_worth_doing_the_tactician_falls_back() -> None:
    encounter = street()
    mind = Tactician(Valued({("fist-attack", "grunt"): 0.0}))
    assert mind.choose(encounter, "dexter") == Wait(10, "nothing worth doing")


def test_the_tactician_never_proposes_what_the_rules_refuse() -> None:
    """The run for ``d`` is no candidate (nobody is there): the estimator's value is moot."""
    encounter = street()
    mind = Tactician(Valued({("move", "d"): 9.0, ("fist-attack", "grunt"): 1.0}))
    decision = mind.choose(encounter, "dexter")
    assert isinstance(decision, Intent) and decision.action == "fist-attack"


def pending(encounter: Encounter, attacker: str, **changes: Any) -> ActionInProgress:
    """``attacker``'s punch at Dexter in progress, with its prepared values changed."""
    action = encounter.initiate(attacker, Intent("fist-attack", target="dexter"))
    action.prepared = Prepared({**action.prepared, **changes.pop("prepared", {})})
    for name, value in changes.items():
        setattr(action, name, value)
    return action


def test_the_split_buys_attack_up_to_the_defense_the_target_will_have_when_the_blow_lands() -> None:
    """The grunt's own punch lands at segment 3 and raises its Defense to 2 (G-15): every split
    of Dexter's punch (landing at 4 or later) buys Attack 2, not the 0 it has now."""
    encounter = street()
    pending(encounter, "grunt", prepared={"defense": 2, "attack": 0}, completes_at=3)
    mind = Tactician(ESTIMATOR)
    split = mind.allocate(encounter, "dexter", Intent("fist-attack", target="grunt"), 6)
    assert split.attack == 2 and split.total == 6


def test_the_split_buys_defense_that_makes_a_blow_in_progress_miss() -> None:
    """The grunt's punch (Attack 1) lands at 40, after Dexter's: with damage taken weighed 10 to
    1, Dexter puts 4 Q on Defense (+2 > 1) and the blow will miss."""
    encounter = street()
    pending(encounter, "grunt", prepared={"attack": 1, "damage": 0}, completes_at=40)
    mind = Tactician(ESTIMATOR, weights=Weights(defense_weight=10))
    split = mind.allocate(encounter, "dexter", Intent("fist-attack", target="grunt"), 4)
    assert split.defense == 4 and split.attack == 0


def test_with_ep_to_spare_the_split_buys_speed_and_with_little_left_damage() -> None:
    """The EP horizon: Dexter's punch with 8 Q and 500 EP buys speed (the fight is short beside
    his EP); at 2 EP the fight would outlast them, a punch counts per EP, and all 8 Q go on
    damage (speed bought with EP the fight will miss is worth nothing). At his own 32 EP a
    punch costs 4 and the grunt takes a dozen: already the second case."""
    encounter = street()
    mind = Tactician(ESTIMATOR)
    punch = Intent("fist-attack", target="grunt")
    own = mind.allocate(encounter, "dexter", punch, 8)
    encounter.state["dexter"].endurance_points = Fraction(500)
    rested = mind.allocate(encounter, "dexter", punch, 8)
    encounter.state["dexter"].endurance_points = Fraction(2)
    tired = mind.allocate(encounter, "dexter", punch, 8)
    assert rested.speed > 0
    assert (tired.speed, tired.damage) == (own.speed, own.damage) == (0, 8)


def test_the_ep_bound_grows_as_the_ep_left_shrinks() -> None:
    """Segments an action must take for the EP to last: EP × fight length / EP left; none for
    an action that costs nothing."""
    encounter = street()
    mind = Tactician(ESTIMATOR)
    full = mind.ep_bound(encounter, "dexter", Fraction(4), 0.3)
    encounter.state["dexter"].endurance_points = Fraction(4)
    low = mind.ep_bound(encounter, "dexter", Fraction(4), 0.3)
    assert low > full > 0
    assert mind.ep_bound(encounter, "dexter", Fraction(0), 0.3) == 0


def test_a_run_gets_the_balanced_preset() -> None:
    encounter = street()
    split = Tactician(ESTIMATOR).allocate(
        encounter, "dexter", Intent("move", options={"toward": "c"}), 5
    )
    assert split.speed == 5


def test_an_enemy_aiming_at_the_character_weighs_more() -> None:
    """threat 0.5: the grunt's punch at Dexter in progress makes it worth 1.5 times as much."""
    encounter = street()
    mind = Tactician(ESTIMATOR, weights=Weights(threat=0.5, focus=0.0))
    assert mind.target_weight(encounter, "dexter", "grunt", 1.0) == 1.0
    pending(encounter, "grunt")
    assert mind.target_weight(encounter, "dexter", "grunt", 1.0) == 1.5


def test_focus_is_the_share_of_what_is_left_and_the_allies_on_it() -> None:
    encounter = street()
    state = encounter.state["grunt"]
    left = state.virtual_damage_points + state.damage_points
    assert focus(encounter, "dexter", "grunt", left / 2) == 0.25
    assert focus(encounter, "dexter", "grunt", 10 * left) == 0.5


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"threat": -1}, "threat"),
        ({"focus": "x"}, "focus"),
        ({"horizon": 0}, "horizon"),
        ({"speed": 1}, "speed"),
    ],
)
def test_bad_tactician_options_name_their_key(options: dict[str, Any], key: str) -> None:
    with pytest.raises(PolicyOptionsError) as caught:
        weights_from_options(options)
    assert caught.value.key == key


def test_tactician_options_set_the_weights() -> None:
    weights = weights_from_options({"threat": 2, "horizon": 25}, focus=1.0)
    assert (weights.threat, weights.focus, weights.horizon) == (2.0, 1.0, 25)


def test_an_attack_worth_two_blows_scores_twice_as_much() -> None:
    """``Estimate.blows`` (a Double Action: two attacks, times the chance of its roll) counts
    the blow that many times; the EP term aside (Dexter is fresh)."""
    encounter = street()
    odds = AttackOdds(11, False, 0, 6, 0, Fraction(1), 15)
    once = Estimate(Intent("fist-attack", "grunt"), "attack", "grunt", odds)
    twice = Estimate(Intent("double-action"), "double", "grunt", odds, blows=2.0)
    mind = Tactician(ESTIMATOR, weights=Weights(threat=0.0, focus=0.0))
    one, two = mind.score(encounter, "dexter", once), mind.score(encounter, "dexter", twice)
    assert one.score > 0 and two.score == pytest.approx(2 * one.score)
