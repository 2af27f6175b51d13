"""Vibratory Power (template, G-135): ``mands_rulebook.powers.vibratory_power``.

Seed "Skin Temper": "Normally, a weapon cannot reduce Skin Temper below 1. However, Skin Temper
modifications for low DP or for certain powers (such as Vibratory Power) can reduce Skin Temper
below 1." The touch: the template's ⌈PR/2⌉ damage, and Explosive Touch's "bonus of half the
damage PR (Sphere Chart) vs. Skin Temper". ``shaker`` (Vibratory Power PR 12; Sun-Ruler's
numbers otherwise) touches ``carl`` (Seraph's sheet without powers: Skin Temper row 1, 9/10).
"""

from __future__ import annotations

import pytest

from mands_rulebook.kit.powers.uses import TEMPLATE
from mands_rulebook.powers.vibratory_power import TOUCH, VIBRATORY_POWER, vibration_rows
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import ScriptedDice
from mands_sim.events import DamageTaken, Event
from mands_sim.kernel.contracts import ActionRefused
from tests.data.power_plan import PlanMind, of, use
from tests.data.template_powers import cast_fight

CHART = load_standard_charts().action
VIBRATORY = "Vibratory Power"


def touched(target: str = "carl") -> list[Event]:
    """The shaker touches ``target`` on 0 (dice 5 + 5: Q 3, none spent)."""
    shaker = PlanMind([(0, use("vibratory-power-touch", VIBRATORY, target))])
    return cast_fight({"shaker": shaker}, ScriptedDice({"shaker": [5, 5]}), until=21)


def test_vibratory_power_is_a_template_touch() -> None:
    assert VIBRATORY_POWER.source == TEMPLATE
    assert (TOUCH.ranges, TOUCH.action.can_maintain) == (None, False)


def test_vibration_rows_are_half_the_damage_pr_on_the_sphere_chart() -> None:
    """12 → 6 rows, 8 → 4, 7 → 3.5 → 3; a half PR under 1 gives none."""
    assert [vibration_rows(CHART, pr) for pr in (12, 8, 7, 1, 0)] == [6, 4, 3, 0, 0]


def test_resolve_the_touch_takes_skin_temper_below_1() -> None:
    """⌈12/2⌉ = 6 damage, 6 rows vs. Skin Temper: row 1 − 6 = row −5 (5/2, G-05), past 1 as
    only such powers may: 6 × 5/2 = 15."""
    (hit,) = of(touched(), DamageTaken, "carl")
    assert (hit.raw, hit.taken) == (6, 15)


def test_mands_action_refusals_a_touch_needs_contact() -> None:
    with pytest.raises(ActionRefused, match="carl-there is out of reach"):
        touched("carl-there")
