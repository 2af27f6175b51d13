"""Slide Molecules (template, G-130): ``mands_rulebook.powers.slide_molecules``.

Seed (Brinn X'Halikso's weakness): "If Brinn uses his Slide Molecules power for a period of time
greater than twice his PR rounds ..." — a power held round by round. The template's defensive
power (``docs/rules/powers.md`` §3): "passive, Performance Time 10; optional Ignore Damage = PR/3
round up (Convert to Energy)". Brinn (Slide Molecules PR 12; Sun-Ruler's numbers otherwise:
Skin Temper 1) is crushed by Pulsar's Gravity Control PR 12 (the template blast: 6 damage).
"""

from __future__ import annotations

from fractions import Fraction

from mands_rulebook.kit.powers.uses import DEFENSE, TEMPLATE, PowerUsed
from mands_rulebook.powers.slide_molecules import SLIDE, SLIDE_MOLECULES, ignored_points
from mands_sim.dice import ScriptedDice
from mands_sim.events import DamageTaken, EndurancePaid, Event
from tests.data.power_plan import PlanMind, of, use
from tests.data.template_powers import cast_fight

SLIDING = "Slide Molecules"


def slid_then_crushed() -> list[Event]:
    """Brinn slides on 0; Pulsar crushes him on 0 (dice 5 + 5), landing on 20."""
    minds = {
        "brinn": PlanMind([(0, use("slide-molecules-slide", SLIDING))]),
        "pulsar": PlanMind([(0, use("gravity-control-crush", "Gravity Control", "brinn"))]),
    }
    return cast_fight(minds, ScriptedDice({"pulsar": [5, 5]}), until=60)


def test_slide_molecules_is_a_template_protection() -> None:
    assert SLIDE_MOLECULES.source == TEMPLATE
    action = SLIDE.action
    assert (SLIDE.role, action.performance_time, action.is_passive, action.is_sustained) == (
        DEFENSE,
        10,
        True,
        True,
    )


def test_ignored_points_are_a_third_of_the_pr_rounded_up() -> None:
    assert [ignored_points(pr) for pr in (8, 9, 10, 0)] == [3, 3, 4, 0]


def test_mands_action_sustain_sliding_ignores_pr_over_3_of_each_hit() -> None:
    """Default spend: 4 PR to EP row 5 (1 EP a round), 8 on Ignore Damage: ⌈8/3⌉ = 3. The crush
    lands on 20, after the slide's 10 segments: 6 − 3 = 3. Held: 1 EP on 0 and on 50."""
    events = slid_then_crushed()
    assert dict(of(events, PowerUsed, "brinn")[0].spent) == {
        "ignore_damage": 8,
        "ep": 4,
        "speed": 0,
    }
    (hit,) = of(events, DamageTaken, "brinn")
    assert (hit.raw, hit.taken) == (6, 3)
    paid = [(e.segment, e.amount) for e in of(events, EndurancePaid, "brinn")]
    assert paid == [(0, Fraction(1)), (50, Fraction(1))]
