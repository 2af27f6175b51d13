"""The builtin candidates and their estimates (``mands_rulebook.candidates``)."""

from __future__ import annotations

from fractions import Fraction

from mands_rulebook.candidates import ESTIMATOR, RUN_ESTIMATE, mands_candidate_actions

from mands_sim.actions import Intent
from mands_sim.charts.odds import chance_at_most
from mands_sim.policy.tactician import expected_blow
from mands_sim.rolls import pool_bonus
from tests.data.arena import arena, opened
from tests.data.fighters import grunt

READIED = {"G62_weapons_start": "readied"}


def street() -> object:
    """Dexter at ``a`` with a grunt beside him; Sinister 20 m off at ``c``; the exit ``out``."""
    return arena(
        {
            "dexter": ("heroes", "a", "dexter", None, {}),
            "grunt": ("villains", "a", grunt(), None, {}),
            "sinister": ("villains", "c", "sinister", None, {}),
        }
    )


def test_mands_candidate_actions_proposes_punches_in_reach_runs_to_meet_and_the_exit() -> None:
    encounter = street()
    proposed = mands_candidate_actions(encounter, "dexter")  # type: ignore[arg-type]
    assert Intent("fist-attack", target="grunt") in proposed
    assert Intent("fist-attack", target="sinister") not in proposed
    assert Intent("move", options={"toward": "c"}) in proposed
    assert Intent("move", options={"toward": "out", "flee": True}) in proposed


def test_mands_candidate_actions_proposes_draws_then_the_weapon_in_hand() -> None:
    """Dexter's club holstered: a draw; readied (G-62): a swing at the grunt in reach."""
    cast = {
        "dexter": ("heroes", "a", "dexter_armed", None, {}),
        "grunt": ("villains", "a", grunt(), None, {}),
    }
    holstered = mands_candidate_actions(opened(cast), "dexter")
    assert Intent("draw-weapon", options={"weapon": "club"}) in holstered
    readied = mands_candidate_actions(opened(cast, defaults=READIED), "dexter")
    assert Intent("weapon-attack", "grunt", options={"weapon": "club"}) in readied


def test_mands_candidate_actions_proposes_a_heros_power_uses() -> None:
    """Seraph's Electric Power: a blast at the Sphinx, and his electric Skin Temper."""
    encounter = arena(
        {
            "seraph": ("heroes", "a", "seraph", None, {}),
            "sphinx": ("villains", "b", "sphinx", None, {}),
        }
    )
    actions = {(i.action, i.target) for i in mands_candidate_actions(encounter, "seraph")}
    assert ("electric-power-blast", "sphinx") in actions
    assert ("electric-power-skin-temper", None) in actions


def test_a_punch_is_estimated_from_the_combat_roll_hand_damage_and_skin_temper() -> None:
    """Dexter: Combat Roll 10, pool 2 on the Sphere chart; Hand Damage 6; the grunt at Skin
    Temper 1 with Defense 0; fists take 15 segments."""
    encounter = street()
    estimate = ESTIMATOR.estimate(encounter, "dexter", Intent("fist-attack", target="grunt"))  # type: ignore[arg-type]
    assert estimate is not None and estimate.attack is not None
    figured = encounter.character("dexter").figured  # type: ignore[attr-defined]
    odds = estimate.attack
    assert odds.needed == figured.combat_roll + pool_bonus(figured.combat_pool, encounter.charts)  # type: ignore[attr-defined]
    assert (odds.raw_damage, odds.defense, odds.multiplier) == (figured.hand_damage, 0, 1)
    assert odds.performance_time == 15
    hit, _ = expected_blow(odds, tuple(range(61)))
    assert abs(hit - float(chance_at_most(odds.needed, is_special=False))) < 1e-9


def test_a_run_is_worth_the_blow_it_leads_to_after_the_run() -> None:
    """Sinister 20 m off: the punch after a 20-segment run at RUN_ESTIMATE."""
    encounter = street()
    estimate = ESTIMATOR.estimate(encounter, "dexter", Intent("move", options={"toward": "c"}))  # type: ignore[arg-type]
    assert estimate is not None and estimate.kind == "approach"
    assert (estimate.target, estimate.delay) == ("sinister", round(20 / RUN_ESTIMATE))


def test_a_blow_in_progress_is_read_off_its_prepared_attack_and_damage() -> None:
    encounter = street()
    action = encounter.initiate("grunt", Intent("fist-attack", target="dexter"))  # type: ignore[attr-defined]
    attack, damage = ESTIMATOR.pending_blow(encounter, "grunt", action)  # type: ignore[arg-type, misc]
    hand = encounter.character("grunt").figured.hand_damage  # type: ignore[attr-defined]
    assert attack == action.prepared["attack"]
    assert damage == max(0, hand + action.prepared["damage"])


def test_a_protection_is_worth_half_what_the_enemies_could_deal() -> None:
    encounter = arena(
        {
            "seraph": ("heroes", "a", "seraph", None, {}),
            "sphinx": ("villains", "b", "sphinx", None, {}),
        }
    )
    intent = next(
        i
        for i in mands_candidate_actions(encounter, "seraph")
        if i.target is None and "power" in i.options
    )
    estimate = ESTIMATOR.estimate(encounter, "seraph", intent)
    hand = encounter.character("sphinx").figured.hand_damage
    assert estimate is not None and estimate.kind == "guard"
    assert estimate.value == 0.5 * 0.5 * hand / 15
    assert estimate.ep_cost == Fraction(
        encounter.rules.ep_cost(encounter.rules.definition(intent.action).ep_row)
    )
