"""Injury rolls, bleeding, unconsciousness and death (``docs/rules/combat.md`` §9, §16; G-17, G-18,
G-19, G-27, G-69, G-70), through ``mands_status_check`` and the functions attack plugins call.

Seraph (Body DP 9, head 6; Constitution 32: Sphere 13; Resist Death 4) and the Sphinx (Body DP
5; Constitution 14: Sphere 10; Resist Death 3) stand idle; the tests hand them hits as events.
Seraph's Injury roll and roll to stay conscious need 13 + 4 = 17 (+ his Body DP for the latter).
"""

from __future__ import annotations

import dataclasses
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from mands_rulebook.combat.out_of_action import mands_status_check
from mands_rulebook.kit.consciousness import ConsciousnessCheck
from mands_rulebook.kit.injury import (
    DeathShot,
    NervePinched,
    death_shot_attack,
    death_shot_events,
    injury_events,
    nerve_pinch_events,
)
from mands_sim.actions import Intent, Wait
from mands_sim.dice import ScriptedDice
from mands_sim.events import (
    BleedingStopped,
    DamageTaken,
    EndurancePaid,
    Event,
    InjuryRolled,
    OutOfAction,
    RollMade,
    WoundOpened,
)
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from tests.data.fighters import fight, grunt

SCENARIOS = Path(__file__).parent.parent / "scenarios"
SCENARIO = tomllib.loads((SCENARIOS / "seraph_vs_sphinx.toml").read_text(encoding="utf-8"))


class Idle:
    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return None

    def allocate(self, *args: Any) -> Any:
        raise AssertionError("idle")


def idle(dice: dict[str, list[int]] | None = None, **defaults: str) -> Encounter:
    """Seraph and the Sphinx on the rooftop, doing nothing, with scripted dice."""
    data = {**SCENARIO, "rules": {"defaults": defaults}}  # as [rules.defaults] in a file
    spec = parse_scenario(data, base_dir=SCENARIOS)
    scripts = {"seraph": [], "sphinx": [], **(dice or {})}
    simulation = Simulation(
        spec,
        dice=ScriptedDice(scripts),
        minds={"seraph": Idle(), "sphinx": Idle()},  # type: ignore[dict-item]
    )
    return simulation.build()


def hit(
    encounter: Encounter,
    victim: str,
    taken: int,
    *,
    source: str = "sphinx",
    penetrating: int = 0,
    location: str = "body",
) -> DamageTaken:
    """A blow of ``taken`` damage on ``victim``, VP first (not applied)."""
    state = encounter.state[victim]
    from_vp = min(taken, max(0, state.virtual_damage_points))
    return DamageTaken(
        segment=encounter.now,
        character=victim,
        source=source,
        raw=taken,
        taken=taken,
        virtual_damage_points_after=state.virtual_damage_points - from_vp,
        damage_points_after=state.damage_points - (taken - from_vp),
        penetrating=penetrating,
        location=location,
    )


def out_of_vp(encounter: Encounter, *who: str) -> Encounter:
    for actor in who:
        encounter.state[actor].virtual_damage_points = 0
    return encounter


def kinds(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


# --- G-17: staying conscious, dying -----------------------------------------------------------


def test_mands_status_check_above_zero_dp_checks_nothing() -> None:
    encounter = out_of_vp(idle(), "seraph")
    encounter.emit([hit(encounter, "seraph", 3)])
    assert mands_status_check(encounter, "seraph") == []


def test_mands_status_check_at_zero_dp_rolls_to_stay_conscious() -> None:
    """G-17: Seraph at 0 DP needs 13 + 4 + 0 = 17; 9 + 9 = 18 knocks him out. (The hit took
    all 9 DP, half his maximum or more: first an Injury roll, 5 + 5, made.)"""
    encounter = out_of_vp(idle({"seraph": [5, 5, 9, 9]}), "seraph")
    encounter.emit([hit(encounter, "seraph", 9)])
    events = mands_status_check(encounter, "seraph")
    assert events is not None
    (check,) = kinds(events, ConsciousnessCheck)
    assert (check.target, check.total, check.stays_conscious) == (17, 18, False)
    assert events[-1] == OutOfAction(0, "seraph", "unconscious")


def test_mands_status_check_at_minus_maximum_dp_is_death() -> None:
    """G-17: Body DP −9 ≤ −(maximum 9): dead, no roll to stay conscious. (The Injury roll the
    hit calls for is made first: 5 + 5 against 17.)"""
    encounter = out_of_vp(idle({"seraph": [5, 5]}), "seraph")
    encounter.emit([hit(encounter, "seraph", 18)])
    events = mands_status_check(encounter, "seraph")
    assert events is not None and events[-1] == OutOfAction(0, "seraph", "dead")
    assert not kinds(events, ConsciousnessCheck)


def test_mands_status_check_death_is_final() -> None:
    encounter = out_of_vp(idle({"seraph": [5, 5]}), "seraph")
    encounter.emit([hit(encounter, "seraph", 18)])
    encounter.emit(mands_status_check(encounter, "seraph") or [])
    assert encounter.state["seraph"].condition == "dead"
    assert mands_status_check(encounter, "seraph") == []


def test_mands_status_check_head_at_minus_its_maximum_is_death() -> None:
    """G-17: Seraph's head has 6 DP; hits on the head that take 12 leave it at −6: dead, though
    his Body DP −3 is above −9. (Injury roll first: 5 + 5.)"""
    encounter = out_of_vp(idle({"seraph": [5, 5]}), "seraph")
    encounter.emit([hit(encounter, "seraph", 7, location="head")])
    encounter.emit([hit(encounter, "seraph", 5, location="head")])
    events = mands_status_check(encounter, "seraph")
    assert encounter.state["seraph"].damage_points == -3
    assert events is not None and events[-1] == OutOfAction(0, "seraph", "dead")


# --- G-18, G-69: Injury rolls -----------------------------------------------------------------


def test_mands_status_check_a_hit_below_zero_dp_calls_for_an_injury_roll() -> None:
    """G-18: a hit that leaves Seraph at −1 DP: 2d10 ≤ 17; he rolls 10 + 10 = 20, missing by 3:
    3 points of Injury damage (G-69 ``adds``): −1 → −4. Then G-17 at −4: 13 + 4 − 4 = 13,
    and 6 + 6 keeps him conscious."""
    encounter = out_of_vp(idle({"seraph": [10, 10, 6, 6]}), "seraph")
    encounter.emit([hit(encounter, "seraph", 10)])
    events = mands_status_check(encounter, "seraph") or []
    roll = next(e for e in kinds(events, RollMade) if e.purpose == "injury roll")
    assert (roll.target, roll.total, roll.quality) == (17, 20, -3)
    (injury,) = kinds(events, InjuryRolled)
    assert (injury.injury_points, injury.permanent_points, injury.knocked_out) == (3, 0, False)
    (damage,) = kinds(events, DamageTaken)
    assert (damage.source, damage.damage_points_after) == ("injury", -4)
    (check,) = kinds(events, ConsciousnessCheck)
    assert (check.target, check.stays_conscious) == (13, True)


def test_g69_converts_keeps_the_dp_and_records_the_injury() -> None:
    """G-69 ``converts``: the same failed roll re-labels 3 lost DP: Body DP stays −1."""
    encounter = out_of_vp(idle({"seraph": [10, 10, 6, 6]}, G69_injury_damage="converts"), "seraph")
    encounter.emit([hit(encounter, "seraph", 10)])
    events = mands_status_check(encounter, "seraph") or []
    assert kinds(events, InjuryRolled)[0].injury_points == 3
    assert not kinds(events, DamageTaken)
    assert kinds(events, ConsciousnessCheck)[0].target == 13 + 4 - 1


def test_mands_status_check_a_small_hit_above_zero_needs_no_injury_roll() -> None:
    """Seraph loses 4 of 9 DP (less than half) and stays above 0: no Injury roll, no dice."""
    encounter = out_of_vp(idle(), "seraph")
    encounter.emit([hit(encounter, "seraph", 4)])
    assert mands_status_check(encounter, "seraph") == []


def test_mands_status_check_half_the_maximum_in_one_hit_calls_for_an_injury_roll() -> None:
    """The Sphinx loses 3 of his 5 DP (at least half): 2d10 ≤ 10 + 3 = 13."""
    encounter = out_of_vp(idle({"sphinx": [6, 6]}), "sphinx")
    encounter.emit([hit(encounter, "sphinx", 3, source="seraph")])
    events = mands_status_check(encounter, "sphinx") or []
    assert [(e.purpose, e.target) for e in kinds(events, RollMade)] == [("injury roll", 13)]


def test_mands_status_check_makes_one_injury_roll_per_segment() -> None:
    encounter = out_of_vp(idle({"sphinx": [6, 6]}), "sphinx")
    encounter.emit([hit(encounter, "sphinx", 3, source="seraph")])
    encounter.emit(mands_status_check(encounter, "sphinx") or [])
    assert mands_status_check(encounter, "sphinx") == []


def test_an_injury_roll_failed_by_ten_is_permanent_and_knocks_out() -> None:
    """G-18: a Sphinx with Resist Death −3 needs 10 − 3 = 7 and rolls 19: 12 points of Injury
    damage, also 12 of Permanent damage, and unconsciousness."""
    encounter = out_of_vp(idle({"sphinx": [10, 9]}), "sphinx")
    sphinx = encounter.state["sphinx"]
    figured = dataclasses.replace(sphinx.character.figured, resist_death=-3)
    sphinx.character = dataclasses.replace(sphinx.character, figured=figured)
    encounter.emit([hit(encounter, "sphinx", 3, source="seraph")])
    events = mands_status_check(encounter, "sphinx") or []
    (injury,) = kinds(events, InjuryRolled)
    assert (injury.injury_points, injury.permanent_points, injury.knocked_out) == (12, 12, True)
    assert events[-1] == OutOfAction(0, "sphinx", "dead")  # 2 − 12 = −10 ≤ −5 under "adds"


def test_an_injury_knockout_under_converts_is_unconsciousness() -> None:
    encounter = out_of_vp(idle({"sphinx": [10, 9]}, G69_injury_damage="converts"), "sphinx")
    sphinx = encounter.state["sphinx"]
    figured = dataclasses.replace(sphinx.character.figured, resist_death=-3)
    sphinx.character = dataclasses.replace(sphinx.character, figured=figured)
    encounter.emit([hit(encounter, "sphinx", 3, source="seraph")])
    events = mands_status_check(encounter, "sphinx") or []
    assert events[-1] == OutOfAction(0, "sphinx", "unconscious")


def test_injury_events_on_a_made_roll_is_only_the_roll() -> None:
    encounter = idle({"seraph": [8, 9]})
    events = injury_events(encounter, "seraph", cause="test", damage_points=9)
    assert [type(e) for e in events] == [RollMade]


# --- G-27: the Death Shot ---------------------------------------------------------------------


def test_a_death_shot_costs_five_attack() -> None:
    """Seed "Martial Punch": "a penalty of 5 to the Attack Score, since this must be a Death
    Shot"."""
    assert death_shot_attack(3) == -2


def test_a_saved_death_shot_does_nothing_more() -> None:
    """G-27: Seraph saves on 2d10 vs. 13 + 4 = 17; 8 + 8 = 16 saves."""
    encounter = out_of_vp(idle({"seraph": [8, 8]}), "seraph")
    blow = [hit(encounter, "seraph", 3)]
    events = death_shot_events(encounter, "sphinx", "seraph", blow)
    assert [(e.purpose, e.target) for e in kinds(events, RollMade)] == [("death shot save", 17)]
    assert kinds(events, DeathShot) == [DeathShot(0, "seraph", "sphinx", True, 0)]
    assert not kinds(events, DamageTaken)


def test_an_unsaved_death_shot_doubles_the_dp_and_forces_an_injury_roll() -> None:
    """G-27: 9 + 9 = 18 fails: the blow's 3 DP are taken again (9 → 6 → 3), and the next
    status check makes an Injury roll (5 + 5 against 17) though the DP stay above 0."""
    encounter = out_of_vp(idle({"seraph": [9, 9, 5, 5]}), "seraph")
    blow = [hit(encounter, "seraph", 3)]
    events = death_shot_events(encounter, "sphinx", "seraph", blow)
    assert kinds(events, DeathShot) == [DeathShot(0, "seraph", "sphinx", False, 3)]
    (doubled,) = kinds(events, DamageTaken)
    assert (doubled.source, doubled.raw, doubled.taken, doubled.damage_points_after) == (
        "sphinx",
        0,
        3,
        3,
    )
    encounter.emit([*blow, *events])
    status = mands_status_check(encounter, "seraph") or []
    assert [e.purpose for e in kinds(status, RollMade)] == ["injury roll"]


def test_martial_punch_allows_no_save() -> None:
    """Seed "Martial Punch": "There is no save against it": no dice, the DP are doubled."""
    encounter = out_of_vp(idle(), "seraph")
    blow = [hit(encounter, "seraph", 2)]
    events = death_shot_events(encounter, "sphinx", "seraph", blow, save_allowed=False)
    assert kinds(events, DeathShot) == [DeathShot(0, "seraph", "sphinx", False, 2)]


def test_a_death_shot_that_takes_only_vp_does_nothing_more() -> None:
    encounter = idle()
    assert death_shot_events(encounter, "sphinx", "seraph", [hit(encounter, "seraph", 5)]) == []


# --- the Nerve Pinch (G-70) -------------------------------------------------------------------


def test_a_nerve_pinch_failed_save_knocks_out_for_the_quality_in_rounds() -> None:
    """Seed "Nerve Pinch": Seraph saves on d100 vs. Perception 13 + Agility 22 = 35, −3 for
    each of the 5 Q applied: 20. He rolls 50: out for 5 × 9/10 = 4.5 → 5 rounds (G-70), until
    segment 250 — when his condition is next checked."""
    encounter = idle({"seraph": [50]})
    events = nerve_pinch_events(encounter, "sphinx", "seraph", 5)
    (save,) = kinds(events, RollMade)
    assert (save.purpose, save.target, save.bonus_pool, save.total) == (
        "nerve pinch save",
        35,
        -15,
        50,
    )
    assert kinds(events, NervePinched) == [NervePinched(0, "seraph", "sphinx", 5, 250)]
    encounter.emit(events)
    assert mands_status_check(encounter, "seraph") == [OutOfAction(0, "seraph", "unconscious")]


def test_a_saved_nerve_pinch_does_nothing() -> None:
    encounter = idle({"seraph": [20]})
    events = nerve_pinch_events(encounter, "sphinx", "seraph", 5)
    assert not kinds(events, NervePinched)


def test_g70_nerve_pinch_rounding_down_shortens_the_knock_out() -> None:
    """G-70 from the scenario's [rules.defaults]: Seraph fails his save (50 vs. 20) against 5 Q;
    5 × 9/10 = 4.5 rounds: 5 rounded up (until 250), 4 rounded down (until 200)."""
    answers: dict[str, list[NervePinched]] = {}
    for rounding in ("up", "down"):
        encounter = idle({"seraph": [50]}, G70_nerve_pinch_rounding=rounding)
        events = nerve_pinch_events(encounter, "sphinx", "seraph", 5)
        answers[rounding] = kinds(events, NervePinched)
    assert answers == {
        "up": [NervePinched(0, "seraph", "sphinx", 5, 250)],
        "down": [NervePinched(0, "seraph", "sphinx", 4, 200)],
    }


# --- G-19: bleeding ---------------------------------------------------------------------------


def bleeding_fight(dice: list[int], **defaults: str) -> Encounter:
    """Seraph, out of VP, takes a penetrating wound of 3 DP (9 → 6) on segment 0; nobody acts."""
    encounter = out_of_vp(idle({"seraph": dice}, **defaults), "seraph")
    wound = hit(encounter, "seraph", 3, penetrating=3)
    encounter.emit([wound, WoundOpened(0, "seraph", "sphinx", 3)])
    return encounter


def bled(encounter: Encounter) -> list[tuple[int, int]]:
    return [
        (e.segment, e.damage_points_after)
        for e in encounter.log
        if isinstance(e, DamageTaken) and e.source == "bleeding"
    ]


def test_mands_status_check_a_wound_bleeds_one_dp_each_payment_segment() -> None:
    """G-19: round 1 (segment 50): −1 (6 → 5); round 2 (100): the Bleeding Roll, 2d10 vs.
    Constitution 32 on the Sphere chart, 13, with the pool 5 − (3 + 1) = 1 → +1: 14; 8 + 8 = 16
    fails: −1 (4); round 3 (150): −1 (3); round 4 (200): pool 3 − 6 = −3 → −3: needs 10;
    4 + 5 = 9 stops the bleeding; round 5 (250): nothing."""
    encounter = bleeding_fight([8, 8, 4, 5])
    encounter.run(until=260)
    assert bled(encounter) == [(50, 5), (100, 4), (150, 3)]
    made = [e for e in kinds(encounter.log, RollMade) if e.purpose == "bleeding roll"]
    rolls = [(e.segment, e.target + e.pool_bonus, e.total) for e in made]
    assert rolls == [(100, 14, 16), (200, 10, 9)]
    assert kinds(encounter.log, BleedingStopped) == [
        BleedingStopped(200, "seraph", "bleeding roll")
    ]
    assert encounter.state["seraph"].damage_points == 3


def test_g19_none_wounds_do_not_bleed() -> None:
    encounter = bleeding_fight([], G19_bleeding="none")
    encounter.run(until=260)
    assert bled(encounter) == []
    assert encounter.state["seraph"].damage_points == 6


def test_mands_status_check_a_penetrating_hit_opens_a_wound() -> None:
    """A hit whose DP were penetrating (the damage event says so) opens a wound, once."""
    encounter = out_of_vp(idle(), "seraph")
    encounter.emit([hit(encounter, "seraph", 2, penetrating=2)])
    events = mands_status_check(encounter, "seraph")
    assert events == [WoundOpened(0, "seraph", "sphinx", 2)]
    encounter.emit(events)
    assert mands_status_check(encounter, "seraph") == []


@pytest.mark.parametrize("already", [True, False])
def test_a_reported_wound_is_not_opened_twice(already: bool) -> None:
    encounter = out_of_vp(idle(), "seraph")
    reported: list[Event] = [WoundOpened(0, "seraph", "sphinx", 2)] if already else []
    encounter.emit([hit(encounter, "seraph", 2, penetrating=2), *reported])
    opened = kinds(mands_status_check(encounter, "seraph") or [], WoundOpened)
    assert len(opened) == (0 if already else 1)


# --- the switches: G16_low_ep, G17_below_one_dp, G18_injury_trigger, G27_death_shot_failure ---


def test_mands_status_check_g16_collapse_knocks_out_at_a_deficit_of_constitution() -> None:
    """G-16: Seraph (Constitution 32) at −32 EP fights on under ``penalty`` (the penalty is the
    Bonus Pool's); under ``collapse`` (the optional reading) he is knocked out."""
    answers: dict[str, list[Event] | None] = {}
    for reading in ("penalty", "collapse"):
        encounter = idle(G16_low_ep=reading)
        encounter.state["seraph"].endurance_points = Fraction(-32)
        answers[reading] = mands_status_check(encounter, "seraph")
    assert answers == {"penalty": [], "collapse": [OutOfAction(0, "seraph", "unconscious")]}


def test_mands_status_check_g16_collapse_spares_a_deficit_short_of_constitution() -> None:
    encounter = idle(G16_low_ep="collapse")
    encounter.state["seraph"].endurance_points = Fraction(-31)
    assert mands_status_check(encounter, "seraph") == []


def test_mands_status_check_g17_unconscious_needs_no_roll_at_zero_dp() -> None:
    """G-17: Seraph at 0 DP (Injury roll 5 + 5 made first) rolls 6 + 6 = 12 ≤ 17 and stays
    conscious under ``check``; under ``unconscious`` he is out at once, no roll."""
    checked = out_of_vp(idle({"seraph": [5, 5, 6, 6]}), "seraph")
    checked.emit([hit(checked, "seraph", 9)])
    rolled = mands_status_check(checked, "seraph") or []
    assert [c.stays_conscious for c in kinds(rolled, ConsciousnessCheck)] == [True]
    assert not kinds(rolled, OutOfAction)
    out = out_of_vp(idle({"seraph": [5, 5]}, G17_below_one_dp="unconscious"), "seraph")
    out.emit([hit(out, "seraph", 9)])
    events = mands_status_check(out, "seraph") or []
    assert not kinds(events, ConsciousnessCheck)
    assert events[-1] == OutOfAction(0, "seraph", "unconscious")


def test_mands_status_check_g17_unconscious_does_not_come_to_below_one_dp() -> None:
    """G-17 ``unconscious``: at a Payment Segment an unconscious Seraph at 0 DP rolls nothing
    (G-171's roll to come to would need dice: there are none)."""
    encounter = out_of_vp(idle({"seraph": [5, 5]}, G17_below_one_dp="unconscious"), "seraph")
    encounter.emit([hit(encounter, "seraph", 9)])
    encounter.emit(mands_status_check(encounter, "seraph") or [])
    encounter.run(until=50)
    assert (encounter.state["seraph"].condition, mands_status_check(encounter, "seraph")) == (
        "unconscious",
        [],
    )


def test_mands_status_check_g18_any_dp_rolls_for_a_small_hit() -> None:
    """G-18: Seraph loses 4 of 9 DP and stays above 0: no Injury roll under ``severe``; under
    ``any_dp`` a roll, 2d10 ≤ 17 (6 + 6)."""
    severe = out_of_vp(idle(), "seraph")
    severe.emit([hit(severe, "seraph", 4)])
    anything = out_of_vp(idle({"seraph": [6, 6]}, G18_injury_trigger="any_dp"), "seraph")
    anything.emit([hit(anything, "seraph", 4)])
    rolls = kinds(mands_status_check(anything, "seraph") or [], RollMade)
    assert (mands_status_check(severe, "seraph"), [(r.purpose, r.target) for r in rolls]) == (
        [],
        [("injury roll", 17)],
    )


def test_g27_dead_an_unsaved_death_shot_kills() -> None:
    """G-27 ``dead``: Seraph fails the save (9 + 9 = 18 against 17) after a blow that left him 6
    of 9 Body DP: the Death Shot takes 6 + 9 = 15 more, to −9 = −(maximum), and his next
    status check (its forced Injury roll 5 + 5 first) finds him dead."""
    encounter = out_of_vp(idle({"seraph": [9, 9, 5, 5]}, G27_death_shot_failure="dead"), "seraph")
    blow = [hit(encounter, "seraph", 3)]
    events = death_shot_events(encounter, "sphinx", "seraph", blow)
    (doubled,) = kinds(events, DamageTaken)
    assert (doubled.taken, doubled.damage_points_after) == (15, -9)
    encounter.emit([*blow, *events])
    status = mands_status_check(encounter, "seraph") or []
    assert status[-1] == OutOfAction(0, "seraph", "dead")


# --- robots (seed "Intelligent Robots": "Robots shut down at 0 EP"; G-262) ---------------------


def robot_at(endurance: int, **defaults: str) -> Encounter:
    """A robot grunt facing a grunt, its EP brought to ``endurance``."""
    encounter = fight({"robot": grunt(robot=True), "foe": grunt()}, defaults=defaults)
    spent = encounter.state["robot"].endurance_points - endurance
    encounter.emit([EndurancePaid(0, "robot", "set-up", "set-up", 0, spent, Fraction(endurance))])
    return encounter


def test_a_robot_shuts_down_at_0_ep() -> None:
    events = mands_status_check(robot_at(0), "robot")
    assert [(e.character, e.condition) for e in events if isinstance(e, OutOfAction)] == [
        ("robot", "shut down")
    ]


def test_a_robot_with_1_ep_left_runs_on() -> None:
    assert not [e for e in mands_status_check(robot_at(1), "robot") if isinstance(e, OutOfAction)]


def test_a_robot_at_0_ep_runs_on_when_the_rule_is_off() -> None:
    events = mands_status_check(robot_at(0, G262_robot_shutdown="off"), "robot")
    assert not [e for e in events if isinstance(e, OutOfAction)]


def test_a_shut_down_robot_never_comes_to() -> None:
    encounter = robot_at(0)
    encounter.emit(mands_status_check(encounter, "robot"))
    assert encounter.state["robot"].condition == "shut down"
    assert mands_status_check(encounter, "robot") == []
