"""Chameleon (seed "Chameleon"): ``mands_rulebook.powers.chameleon``.

Seed: "Subtract twice PR from the perception roll of those rolling to see the character. Defense
is increased by half PR, round up. ... If the character is attacking, reduce the Defense Bonus by
4 and divide by 2." Sun-Ruler is given Chameleon PR 17 (no %Control): +9 Defense, 2 while
attacking (G-110). Seraph (Combat Roll 14, pool 1: needs 15) punches him.
"""

from __future__ import annotations

from fractions import Fraction

from mands_rulebook.powers.chameleon import (
    ChameleonDefense,
    ColorChanged,
    attacking_defense,
    hiding_defense,
    perception_penalty,
    spotting_modifier,
)
from mands_sim.actions import Intent, QualityAllocation
from mands_sim.dice import ScriptedDice
from mands_sim.events import AttackResolved, DefenseChanged, EndurancePaid, Event
from tests.data.power_plan import CastScene, PlanMind, of, sheet, use

CHAMELEON = "Chameleon"
CHANGE = "chameleon-change-color"
PLACES = (("here", 0.0), ("far", 500.0))
CAST = {
    "sun-ruler": ("villains", sheet("sun_ruler.toml", **{CHAMELEON: {"power_rating": 17}}), "here"),
    "seraph": ("heroes", sheet("seraph.toml"), "here"),
}


def seraph_punches(at: int, attack: int) -> PlanMind:
    """Seraph punches Sun-Ruler at ``at`` (dice 5 + 5 against 15: Q 5), ``attack`` on Attack."""
    return PlanMind(
        [(at, Intent("fist-attack", target="sun-ruler"))],
        quality=QualityAllocation(attack=attack),
    )


def camouflaged_sun_ruler(*, punch_at: int | None = None) -> PlanMind:
    """Sun-Ruler changes color on 0 (all 17 PR on hiding, done on 10), then maybe punches
    (dice 6 + 6 against 13: Q 1, nothing bought)."""
    plan = [(0, use(CHANGE, CHAMELEON))]
    if punch_at is not None:
        plan.append((punch_at, Intent("fist-attack", target="seraph")))
    return PlanMind(plan)


def duel(sun: PlanMind, seraph: PlanMind, *, until: int, **defaults: str) -> list[Event]:
    dice = ScriptedDice({"seraph": [5, 5], "sun-ruler": [6, 6]})
    return run({"sun-ruler": sun, "seraph": seraph}, dice, until, **defaults).log


def test_defense_is_half_the_pr_rounded_up() -> None:
    assert [hiding_defense(pr) for pr in (17, 8, 1, 0)] == [9, 4, 1, 0]


def test_attacking_takes_4_off_the_bonus_and_halves_it() -> None:
    """G-110: (9 − 4) ÷ 2 = 2.5 → 2 (3 rounding up); a bonus of 4 or less gives nothing."""
    assert [attacking_defense(b) for b in (9, 8, 4, 1)] == [2, 2, 0, 0]
    assert attacking_defense(9, "up") == 3


def test_those_rolling_to_see_lose_twice_the_pr() -> None:
    assert perception_penalty(17) == 34


def test_resolve_changing_color_raises_defense_by_9() -> None:
    """The passive change (Performance Time 10) completes on 10: Defense 0 → 9; Seraph's punch
    on 10 with Attack 5 lands on 25 and misses Defense 9."""
    events = duel(camouflaged_sun_ruler(), seraph_punches(10, attack=5), until=30)
    (camo,) = of(events, ColorChanged, "sun-ruler")
    assert (camo.segment, camo.defense_bonus, camo.perception_penalty) == (10, 9, 34)
    assert [(e.segment, e.defense) for e in of(events, DefenseChanged, "sun-ruler")] == [(10, 9)]
    (swing,) = of(events, AttackResolved, "seraph")
    assert (swing.segment, swing.attack, swing.defense, swing.hit) == (25, 5, 9, False)


def test_initiate_attacking_halves_the_defense_less_4() -> None:
    """Sun-Ruler punches on 11: his Defense drops 9 → 2 at once; Seraph's Attack 2 (punch on
    5, landing on 20) hits it. The camouflage pays EP only once (5 EP, row 9)."""
    events = duel(camouflaged_sun_ruler(punch_at=11), seraph_punches(5, attack=2), until=22)
    changes = [(e.segment, e.defense) for e in of(events, DefenseChanged, "sun-ruler")]
    assert changes[:2] == [(10, 9), (11, 2)]
    (swing,) = of(events, AttackResolved, "seraph")
    assert (swing.segment, swing.defense, swing.hit) == (20, 2, True)
    paid = [e.amount for e in of(events, EndurancePaid, "sun-ruler") if e.action == CHANGE]
    assert paid == [Fraction(5)]


def test_g110_switch_rounding_up_gives_3_while_attacking() -> None:
    """``G110_chameleon_attacking_half = "up"``: (9 − 4) ÷ 2 → 3, and Seraph's Attack 2 misses."""
    events = duel(
        camouflaged_sun_ruler(punch_at=11),
        seraph_punches(5, attack=2),
        until=22,
        G110_chameleon_attacking_half="up",
    )
    (swing,) = of(events, AttackResolved, "seraph")
    assert (swing.defense, swing.hit) == (3, False)


def test_mands_action_after_the_full_bonus_returns_when_the_attack_is_over() -> None:
    """Sun-Ruler's punch resolves on 26: G-15 sets Defense 0 + the folded 2, then the full 9
    comes back, recorded as the Chameleon Defense counted."""
    events = duel(camouflaged_sun_ruler(punch_at=11), PlanMind(), until=40)
    changes = [(e.segment, e.defense) for e in of(events, DefenseChanged, "sun-ruler")]
    assert changes == [(10, 9), (11, 2), (26, 2), (26, 9)]
    counted = [(e.segment, e.defense) for e in of(events, ChameleonDefense, "sun-ruler")]
    assert counted == [(10, 9), (11, 2), (26, 9)]


def test_mands_action_sustain_a_camouflaged_runner_pays_its_colors_each_round() -> None:
    """Seed: moving around, "EP is used normally": Sun-Ruler runs from 11 (Move Roll 6 + 6);
    at the Payment Segment 50 he pays row 9 (5 EP) for the camouflage besides the run."""
    sun = PlanMind([(0, use(CHANGE, CHAMELEON)), (11, Intent("move", options={"toward": "far"}))])
    events = run({"sun-ruler": sun}, ScriptedDice({"sun-ruler": [6, 6]}), 50).log
    moving = [e for e in of(events, EndurancePaid, "sun-ruler") if e.reason.startswith("camo")]
    assert [(e.segment, e.row, e.amount) for e in moving] == [(50, 9, Fraction(5))]


def test_mands_action_refusals_the_colors_once_changed_hold_for_the_encounter() -> None:
    change = use(CHANGE, CHAMELEON)
    before = run({}, ScriptedDice({}), 0)
    assert before.rules.refusals(before, "sun-ruler", change) == []
    after = run({"sun-ruler": camouflaged_sun_ruler()}, ScriptedDice({}), 12)
    assert after.rules.refusals(after, "sun-ruler", change) == [
        "sun-ruler is already camouflaged (G-110)"
    ]


def test_spotting_a_camouflaged_character_costs_twice_the_pr() -> None:
    """−2 × 17 = −34 once the colors have changed (none before); Defense 9 in the state."""
    assert spotting_modifier(run({}, ScriptedDice({}), 5), "sun-ruler") == 0
    encounter = run({"sun-ruler": camouflaged_sun_ruler()}, ScriptedDice({}), 12)
    assert spotting_modifier(encounter, "sun-ruler") == -34
    assert encounter.state["sun-ruler"].defense == 9


# --- the cast on a line of places: one prepared simulation per set of defaults -----------------


run = CastScene(CAST, PLACES, __name__).run
