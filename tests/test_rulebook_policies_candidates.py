"""The builtin candidates and their estimates (``mands_rulebook.policies.candidates``)."""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from mands_rulebook.kit.powers.ratings import PowerTaken
from mands_rulebook.policies.candidates import (
    ESTIMATOR,
    GUARD_HORIZON,
    RUN_ESTIMATE,
    FightPlan,
    best_threats,
    damage_saved,
    fight_plans,
    guard_covers,
    mands_candidate_actions,
    rest_value,
    standing_time,
    threat_rates,
    threats,
)
from mands_rulebook.policies.tacticians import tactician
from mands_sim.actions import Intent
from mands_sim.charts.odds import chance_at_most
from mands_sim.dice import ScriptedDice, SeededDice
from mands_sim.events import ActionStarted, DamageTaken, Event, Healed, OutOfAction, WoundOpened
from mands_sim.kernel.encounter import Encounter
from mands_sim.policy.tactician import bonus_table, expected_blow
from mands_sim.rolls import pool_bonus
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from tests.data.arena import arena, opened
from tests.data.arena import simulation as arena_simulation
from tests.data.fighters import fight, grunt, sample
from tests.data.opponents_scenes import Plays, scene

SCENARIOS = Path(__file__).parent.parent / "scenarios"

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


def test_a_blow_in_progress_withholding_hand_damage_counts_it_off_once() -> None:
    """Seed "Hand Damage": 4 points withheld from the grunt's punch come off its damage once."""
    encounter = street()
    pulled = Intent("fist-attack", target="dexter", options={"withhold_damage": 4})
    action = encounter.initiate("grunt", pulled)  # type: ignore[attr-defined]
    _, damage = ESTIMATOR.pending_blow(encounter, "grunt", action)  # type: ignore[arg-type, misc]
    hand = encounter.character("grunt").figured.hand_damage  # type: ignore[attr-defined]
    assert damage == max(0, hand - 4 + action.prepared["damage"])


def shield_estimate(enemy: str, place: str = "b") -> tuple[Encounter, Any]:
    """Seraph's electric Skin Temper weighed against ``enemy`` (a sample sheet) at ``place``."""
    encounter = arena(
        {
            "seraph": ("heroes", "a", "seraph", None, {}),
            "enemy": ("villains", place, enemy, None, {}),
        }
    )
    intent = next(
        i
        for i in mands_candidate_actions(encounter, "seraph")
        if i.action == "electric-power-skin-temper"
    )
    return encounter, ESTIMATOR.estimate(encounter, "seraph", intent)


def test_a_protection_is_worth_the_damage_it_saves_against_the_enemies_best_attack() -> None:
    """Against another Seraph, 10 m off: his best attack at Seraph is the electric blast; the
    shield's covers (the use's own ``prepare``) take it down, and the saving per segment over
    50 segments (:data:`GUARD_HORIZON`), per segment of the shield's Performance Time of 10, is
    its value; its EP is the use's row."""
    encounter, estimate = shield_estimate("seraph")
    assert estimate is not None and estimate.kind == "guard"
    intent = estimate.intent
    covers = guard_covers(encounter, "seraph", intent)
    assert covers and all(c.skin_temper_rows > 0 for c in covers)
    blasts = [t for t in threats(encounter, "enemy", "seraph") if "blast" in t.action]
    now, guarded = threat_rates(encounter, "enemy", "seraph", blasts[0], covers)
    assert guarded < now
    saved = damage_saved(encounter, "seraph", covers)
    assert saved >= now - guarded > 0
    assert estimate.value == pytest.approx(saved * GUARD_HORIZON / 10)
    assert estimate.ep_cost == Fraction(
        encounter.rules.ep_cost(encounter.rules.definition(intent.action).ep_row)
    )


def test_a_protection_is_worth_more_against_blasts_than_against_fists() -> None:
    """The shield saves more against another Seraph's blasts than against Dexter's punches."""
    _, against_blasts = shield_estimate("seraph")
    _, against_fists = shield_estimate("dexter", place="a")
    assert against_blasts is not None and against_fists is not None
    assert against_blasts.value > against_fists.value > 0


def test_a_tactician_raises_its_shield_first_against_an_enemy_who_blasts() -> None:
    """Seraph led by the tactician against another Seraph (a blaster) 10 m off: the shield
    scores above his own blast, and it is the first thing he starts."""
    simulation = arena_simulation(
        {
            "seraph": ("heroes", "a", "seraph", "tactician", {}),
            "enemy": ("villains", "b", "seraph", "blaster", {}),
        }
    )
    result_events: list[Event] = []
    simulation.run(seed=1, observers=[result_events.append])
    first = next(
        e.action for e in result_events if isinstance(e, ActionStarted) and e.character == "seraph"
    )
    assert first == "electric-power-skin-temper"


def test_mands_candidate_actions_proposes_powers_held_by_taking_them() -> None:
    """Seraph has no Fire Coat on his sheet: none of its uses is proposed until a
    ``PowerTaken`` (seed "Absorption", G-181) gives him 4 PR of it until segment 50; then its
    blast at the Sphinx and its flame-up are, named for the power (``options["power"]``)."""
    encounter = arena(
        {
            "seraph": ("heroes", "a", "seraph", None, {}),
            "sphinx": ("villains", "b", "sphinx", None, {}),
        }
    )
    before = {i.action for i in mands_candidate_actions(encounter, "seraph")}
    encounter.emit([PowerTaken(0, "seraph", "sphinx", "Fire Coat", 4, 50)])  # type: ignore[attr-defined]
    after = mands_candidate_actions(encounter, "seraph")  # type: ignore[arg-type]
    fire = {(i.action, i.target, i.options.get("power")) for i in after if "fire" in i.action}
    assert not {a for a in before if a.startswith("fire-coat")}
    assert ("fire-coat-blast", "sphinx", "Fire Coat") in fire
    assert ("fire-coat-flame-up", None, "Fire Coat") in fire
    blast = Intent("fire-coat-blast", "sphinx", options={"power": "Fire Coat"})
    estimate = ESTIMATOR.estimate(encounter, "seraph", blast)  # type: ignore[arg-type]
    assert estimate is not None and estimate.attack is not None
    assert estimate.attack.raw_damage == 2  # ⌈PR 4 / 2⌉: the PR taken, not the sheet's


# --- First Aid and Double Action ------------------------------------------------------------------


def ward(medic: dict[str, Any], **defaults: str) -> Encounter:
    """``tests/test_rulebook_skills_first_aid.py``'s scene: a medic beside Seraph, who is out of
    VP and has a penetrating wound of 3 DP (9 → 6) open since segment 0; a grunt villain."""
    encounter = scene(
        {"heroes": {"medic": medic, "seraph": sample("seraph")}, "villains": {"villain": grunt()}},
        minds={"medic": Plays(), "seraph": Plays(), "villain": Plays()},
        defaults=defaults,
    )
    encounter.outcome_conditions = ()
    encounter.state["seraph"].virtual_damage_points = 0
    wound = DamageTaken(0, "seraph", "villain", 3, 3, 0, 6, penetrating=3)
    encounter.emit([wound, WoundOpened(0, "seraph", "villain", 3)])
    return encounter


MEDIC = grunt(name="Medic", knowledge={"First Aid": 16})


def test_mands_candidate_actions_proposes_first_aid_only_to_those_who_know_it() -> None:
    """The medic (First Aid 16) is offered ``first-aid`` on bleeding Seraph beside him; a grunt
    without the knowledge (who could still try, on Learning) is not: the tactician of a sheet
    without it decides as before."""
    assert Intent("first-aid", "seraph") in mands_candidate_actions(ward(MEDIC), "medic")
    plain = mands_candidate_actions(ward(grunt()), "medic")
    assert not [i for i in plain if i.action == "first-aid"]


@pytest.mark.parametrize(("first_aid", "rounds"), [("halves", 1), ("stops", 2)])
def test_first_aid_is_worth_the_bleeding_a_success_saves(first_aid: str, rounds: int) -> None:
    """Seed "First Aid": below 5 × 16 less the 3 penetrating DP lost, 76 of 100 d100 rolls
    succeed; one wound bleeds 1 DP a round (G-19); a success saves one round of it under G-173
    ``halves`` (Bleeding Rolls every round, not every second), two under ``stops``; spread over
    the attempt's round of 50 segments."""
    encounter = ward(MEDIC, G173_first_aid=first_aid)
    estimate = ESTIMATOR.estimate(encounter, "medic", Intent("first-aid", "seraph"))
    assert estimate is not None and (estimate.kind, estimate.target) == ("care", "seraph")
    assert estimate.value == pytest.approx(0.76 * 1 * rounds / 50)


def test_the_tactician_treats_a_bleeding_ally_with_no_enemy_left_standing() -> None:
    """A punch at the villain outscores First Aid; with the villain out of action, the medic's
    tactician treats Seraph."""
    encounter = ward(MEDIC)
    mind = tactician({})
    assert [s.label for s in mind.ranked(encounter, "medic")] == [
        "fist-attack → villain",
        "first-aid → seraph",
    ]
    encounter.emit([OutOfAction(0, "villain", "unconscious")])
    chosen = mind.choose(encounter, "medic")
    assert isinstance(chosen, Intent) and (chosen.action, chosen.target) == ("first-aid", "seraph")


def duel(level: int | None, dice: Any = None) -> Encounter:
    """Seraph (Double Action ``level``, or none) and a grunt in one ring."""
    seraph = sample("seraph")
    if level is not None:
        seraph["skills"] = {**seraph.get("skills", {}), "Double Action": level}
    return fight(
        {"seraph": seraph, "grunt": grunt()},
        dice=dice,
        minds={"seraph": tactician({}), "grunt": Plays()},
    )


def test_mands_candidate_actions_proposes_double_action_with_the_skill_once_a_segment() -> None:
    """Only to a character with the skill; not again once one started in the segment (d100 24
    ≤ 60: made)."""
    encounter = duel(60, ScriptedDice({"seraph": [24]}))
    assert Intent("double-action") in mands_candidate_actions(encounter, "seraph")
    assert Intent("double-action") not in mands_candidate_actions(duel(None), "seraph")
    encounter.initiate("seraph", Intent("double-action"))
    assert Intent("double-action") not in mands_candidate_actions(encounter, "seraph")


@pytest.mark.parametrize(
    ("level", "made_by", "blows", "delay"), [(100, 50, 2.0, 0), (60, 30, 1.2, 4)]
)
def test_double_action_is_its_best_attack_at_the_penalty_counted_twice_times_the_chance(
    level: int, made_by: int, blows: float, delay: int
) -> None:
    """Seed "Double Action": %Control ``level``, the roll reckoned made by half of it: the
    pool penalty −10 + ⌊made by / 10⌋ on the best attack's Combat Roll (Seraph's electric
    blast); two attacks times the chance; a miss (chance 1 − level %) loses half of an average
    miss of half the rest (G-89: rounded down): at 60, 0.4 × ⌊⌊40 / 2⌋ / 2⌋ = 4 segments."""
    encounter = duel(level)
    estimate = ESTIMATOR.estimate(encounter, "seraph", Intent("double-action"))
    assert estimate is not None and estimate.attack is not None
    assert (estimate.kind, estimate.target) == ("double", "grunt")
    assert (estimate.blows, estimate.delay) == (pytest.approx(blows), delay)
    proposed = mands_candidate_actions(encounter, "seraph")
    blast = next(i for i in proposed if i.action == "electric-power-blast")
    plain = ESTIMATOR.estimate(encounter, "seraph", blast)
    assert plain is not None and plain.attack is not None
    figured = encounter.character("seraph").figured
    pool = figured.combat_pool + encounter.rules.bonus_pool(encounter, "seraph", blast, "combat")
    penalty = -10 + made_by // 10
    shift = pool_bonus(pool + penalty, encounter.charts) - pool_bonus(pool, encounter.charts)
    assert estimate.attack.needed == plain.attack.needed + shift
    assert shift < 0


def test_a_tactician_with_double_action_starts_two_attacks_in_its_segment() -> None:
    """Seraph at %Control 100 (the roll always made): he raises his electric Skin Temper first
    (the grunt's punches make it worth more than a blow, a passive action of its own); then
    the double action outscores a single blast, and the kernel asks again twice in that
    segment (``mands_initiation_allowance``)."""
    encounter = duel(100, SeededDice(3))
    encounter.run(until=2)
    started = [(e.segment, e.action, e.target) for e in of(encounter.log, ActionStarted)]
    assert started[0] == (0, "electric-power-skin-temper", None)
    assert started[1] == (1, "double-action", None)
    assert [(s, t) for s, _, t in started[2:4]] == [(1, "grunt"), (1, "grunt")]
    assert all(a.endswith("attack") or a.endswith("blast") for _, a, _ in started[2:4])


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def shooting_at_the_counter(cover: int) -> Encounter:
    """A gunman (pistol ready) at the door shoots at an officer behind the counter, 8 m off,
    which gives ``cover`` % Cover Chance (G-63)."""
    data = {
        "format": 1,
        "name": "counter",
        "map": {
            "places": [
                {"name": "door", "x": 0.0, "y": 0.0},
                {"name": "counter", "x": 8.0, "y": 0.0, "cover": cover},
            ],
            "edges": [{"between": ["door", "counter"]}],
        },
        "sides": [
            {"name": "crew", "characters": [
                {"id": "gunman", "sheet": "characters/gunman.toml", "place": "door"}]},
            {"name": "police", "characters": [
                {"id": "officer", "sheet": "characters/police_officer.toml", "place": "counter"}]},
        ],
        "stop": {"time_limit": 100},
        "rules": {"defaults": {"G62_weapons_start": "readied"}},
    }  # fmt: skip
    encounter = Simulation(parse_scenario(data, base_dir=SCENARIOS)).start()
    encounter.emit(encounter.rules.opening(encounter))  # the pistol readied (G-62)
    return encounter


def test_a_shot_at_someone_behind_cover_is_worth_what_the_cover_lets_through() -> None:
    """G-63 in the value model: the counter's 40 % stops that share of the pistol's hits (the
    rule's own ``place_cover``), so the shot is expected to do 60 % of what it does in the open."""

    def expected(cover: int) -> float:
        encounter = shooting_at_the_counter(cover)
        shot = next(
            i for i in mands_candidate_actions(encounter, "gunman") if i.action == "weapon-attack"
        )
        estimate = ESTIMATOR.estimate(encounter, "gunman", shot)
        assert estimate is not None and estimate.attack is not None
        return expected_blow(estimate.attack, bonus_table(encounter))[1]

    open_ground, behind = expected(0), expected(40)
    assert open_ground > 0
    assert behind == pytest.approx(0.6 * open_ground)


# --- a round of rest (G-294) ------------------------------------------------------------------


def resting(place: str, ep: int, **defaults: str) -> Encounter:
    """Dexter at ``a`` at ``ep`` EP, a grunt at ``place``; neither has acted."""
    encounter = arena(
        {
            "dexter": ("heroes", "a", "dexter", None, {}),
            "grunt": ("villains", place, grunt(), None, {}),
        },
        defaults=defaults,
    )
    encounter.state["dexter"].endurance_points = Fraction(ep)
    return encounter


def test_mands_candidate_actions_proposes_a_rest_only_with_ep_or_vp_to_regain() -> None:
    """Fresh, Dexter has nothing a round of rest would give back; tired or hurt he is offered
    one; under G-294 ``rule`` never (G-232 alone has him rest)."""
    rest = Intent("rest")
    assert rest not in mands_candidate_actions(resting("a", 32), "dexter")
    assert rest in mands_candidate_actions(resting("a", 10), "dexter")
    hurt = resting("a", 32)
    hurt.emit([DamageTaken(0, "dexter", "nobody", 0, 0, 20, 5)])
    assert rest in mands_candidate_actions(hurt, "dexter")
    assert rest not in mands_candidate_actions(resting("a", 10, G294_scored_rest="rule"), "dexter")


def test_a_rest_is_worth_the_ep_and_vp_the_resolved_rest_gives_back() -> None:
    """The EP and VP the estimate counts on are what the rules give back when Dexter's rest
    resolves (seed "Healing Roll", G-50: Healing Roll plus Body DP on the Sphere chart, half
    up in VP, half down in EP), measured by running it: Dexter at 10 EP and 20 VP, the grunt
    30 m off doing nothing."""
    events: list[Event] = []
    encounter = arena_simulation(
        {
            "dexter": ("heroes", "a", "dexter", None, {}),
            "grunt": ("villains", "d", grunt(), None, {}),
        },
        minds={"dexter": Plays(), "grunt": Plays()},
    ).build(observers=[events.append])
    encounter.emit([DamageTaken(0, "dexter", "nobody", 0, 0, 20, 5)])
    encounter.state["dexter"].endurance_points = Fraction(10)
    value = rest_value(encounter, "dexter")
    assert value.endurance_points > 0 and value.virtual_damage_points > 0
    encounter.initiate("dexter", Intent("rest"))
    encounter.run(until=value.segments + 1)
    healed = [e for e in events if isinstance(e, Healed) and e.character == "dexter"]
    assert len(healed) == 1 and healed[0].segment == value.segments
    assert healed[0].endurance_points == value.endurance_points
    assert healed[0].virtual_damage_points == value.virtual_damage_points
    state = encounter.state["dexter"]
    assert state.endurance_points == 10 + value.endurance_points
    assert state.virtual_damage_points == 20 + value.virtual_damage_points


def test_a_rest_reckons_the_enemies_blows_from_when_they_can_reach() -> None:
    """The grunt beside Dexter: its best attack at him paced as well as its rolls allow
    (:func:`best_threats`), over the whole round, and it would knock him out once it has taken
    his VP and DP left; 30 m off at ``d``, the same after its run at :data:`RUN_ESTIMATE`."""
    for place, meters in (("a", 0), ("d", 30)):
        encounter = resting(place, 10)
        [(enemy, _, rate, _)] = best_threats(encounter, "dexter", paced=True)
        assert enemy == "grunt" and rate > best_threats(encounter, "dexter")[0][2]
        value = rest_value(encounter, "dexter")
        run = meters / RUN_ESTIMATE
        assert value.taken == pytest.approx(rate * (value.segments - run))
        state = encounter.state["dexter"]
        health = state.virtual_damage_points + state.damage_points
        assert value.standing == pytest.approx(run + health / rate)


def test_standing_time_adds_each_enemys_blows_from_when_it_reaches() -> None:
    """1 a segment from segment 0 and 2 more from segment 10: 10 VP and DP last 10 segments,
    16 last 12; nobody hurting, for ever; nothing left, no time."""
    blows = [(2.0, 10), (1.0, 0)]
    assert standing_time(blows, 10) == 10
    assert standing_time(blows, 16) == 12
    assert standing_time([(0.0, 0)], 5) == math.inf
    assert standing_time(blows, 0) == 0


def punch_plan(encounter: Encounter) -> FightPlan:
    return next(
        p for p in fight_plans(encounter, "dexter") if p.intent == Intent("fist-attack", "grunt")
    )


def test_a_blow_below_zero_ep_is_weighed_at_the_low_ep_penalty() -> None:
    """G-16: five below zero, five off the Combat Roll's Bonus Pool: the fight-on estimate's
    blow at a deficit of 5 is the blow the estimator weighs when Dexter is at −5 EP, and less
    than a fresh one."""
    plan = punch_plan(resting("a", 32))
    tired = resting("a", -5)
    estimate = ESTIMATOR.estimate(tired, "dexter", Intent("fist-attack", "grunt"))
    assert estimate is not None and estimate.attack is not None
    at_minus_five = expected_blow(estimate.attack, bonus_table(tired))[1]
    assert plan.blow(5) == pytest.approx(at_minus_five)
    assert at_minus_five < plan.blow(0)
    assert punch_plan(tired).blow(0) == pytest.approx(plan.blow(0))


def test_fighting_on_pays_each_blows_ep_and_stops_at_the_floor() -> None:
    """From 8 EP, a punch (4 EP) is struck at 8, 4 and 0 EP with no penalty, then at −4 and −8
    with G-16's, and none at −12: Dexter's Constitution 10 is the floor (G-231). With time for
    only two blows, two fresh ones."""
    plan = punch_plan(resting("a", 32))
    assert plan.ep_cost == 4
    time = plan.odds.performance_time
    blows = 3 * plan.blow(0) + plan.blow(4) + plan.blow(8)
    assert plan.damage(Fraction(8), 100 * time) == pytest.approx(blows)
    assert plan.damage(Fraction(8), 2 * time) == pytest.approx(2 * plan.blow(0))
    assert plan.damage(Fraction(-10), 100 * time) == 0


def test_without_the_exhaustion_plugin_low_ep_costs_nothing_ahead() -> None:
    """A scenario playing without ``mands_rulebook.combat.exhaustion`` has no G-16 penalty and no
    G-231 floor: fighting on from 10 below zero, every blow is as good as a fresh one."""
    cast = {
        "dexter": ("heroes", "a", "dexter", None, {}),
        "grunt": ("villains", "a", grunt(), None, {}),
    }
    simulation = replace(arena_simulation(cast), disabled=("mands_rulebook.combat.exhaustion",))
    encounter = simulation.start()
    encounter.state["dexter"].endurance_points = Fraction(-10)
    plan = punch_plan(encounter)
    time = plan.odds.performance_time
    assert plan.blow(8) == plan.blow(0) > 0
    assert plan.damage(Fraction(-10), 4 * time) == pytest.approx(4 * plan.blow(0))


def test_a_rest_is_worth_less_than_fighting_on_fresh_or_about_to_be_knocked_out() -> None:
    """The round's worth is later − forgone − taken. Fresh, Dexter would only lose the round's
    blows and take the grunt's. Tired, with 3 VP and 5 DP left and the grunt beside him, he
    would be knocked out before the round ends: it gives back nothing, and he deals nothing
    after it. Tired with the grunt 30 m off and unhurt, the EP given back pay for more blows
    than the round leaves out and the grunt lands once it arrives."""
    fresh = rest_value(resting("a", 32), "dexter")
    assert fresh.later == 0 and fresh.forgone > 0 and fresh.taken > 0
    assert fresh.net == pytest.approx(-fresh.forgone - fresh.taken)
    beaten = resting("a", 4)
    beaten.emit([DamageTaken(0, "dexter", "nobody", 0, 0, 3, 5)])
    doomed = rest_value(beaten, "dexter")
    assert doomed.standing < doomed.segments
    assert doomed.later == 0 and doomed.net < 0
    far = rest_value(resting("d", 4), "dexter")
    assert far.net == pytest.approx(far.later - far.forgone - far.taken)
    assert far.net > 0 and far.taken > 0
    estimate = ESTIMATOR.estimate(resting("d", 4), "dexter", Intent("rest"))
    assert estimate is not None and estimate.relative and estimate.kind == "rest"
    assert estimate.value == pytest.approx(far.net / far.length)
    assert estimate.detail == far.terms and "+7 EP and +0 VP" in far.terms
