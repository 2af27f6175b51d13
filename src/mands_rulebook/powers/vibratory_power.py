"""Vibratory Power, template, not rules text: named in the seed's Skin Temper rule, never
described (``docs/rules/powers.md`` §2, §3).

Seed "Skin Temper": "Normally, a weapon cannot reduce Skin Temper below 1. However, Skin Temper
modifications for low DP or for certain powers (such as Vibratory Power) can reduce Skin Temper
below 1" (to 10/9, 5/4, 3/2 …).

Built from the template (G-130) as a touch attack, since vibrating matter acts where it touches:

* ``vibratory-power-touch`` — a Combat Roll in contact (Performance Time 20, EP from row 9 less
  the PR spent on EP): damage ⌈PR/2⌉ plus the damage Q (the template's blast damage), with a
  bonus vs. Skin Temper of half the damage PR on the Sphere chart (Explosive Touch's "a bonus of
  half the damage PR (Sphere Chart) vs. Skin Temper", G-135) that, unlike a weapon's, may take
  the target's Skin Temper past 1 (``Blow.breaks_skin_temper``). Not maintainable: a touch, not
  a blast. Default spend: all PR on damage.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final

from mands_rulebook.kit.damage import Blow
from mands_rulebook.kit.powers import power_refusals, register_power_actions
from mands_rulebook.kit.powers.uses import (
    ACTIVE_TIME,
    ATTACK,
    POWER_ROW,
    TEMPLATE,
    PowerSpec,
    PowerSpend,
    PowerUse,
    register_power,
)
from mands_rulebook.powers.template import DAMAGE, all_on_damage, template_damage
from mands_sim.api import (
    ActionChart,
    ActionDefinition,
    ActionInProgress,
    Encounter,
    Intent,
    Register,
    answers_actions,
    hookimpl,
)

NAME: Final = "Vibratory Power"


def vibration_rows(chart: ActionChart, pr: int) -> int:
    """G-135: half the damage PR on the Sphere chart, in rows vs. Skin Temper (8 → 4, 7 → 3.5
    → 3); none for a half PR under 1."""
    return max(0, chart.sphere(Fraction(pr, 2))) if pr > 0 else 0


def touch_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {
        "power_damage": template_damage(spend[DAMAGE]),
        "vs_skin_temper": vibration_rows(encounter.charts.action, spend[DAMAGE]),
    }


def touch_blow(encounter: Encounter, actor: str, target: str, action: ActionInProgress) -> Blow:
    """The vibration's damage and the damage Q (never below 0), past Skin Temper 1."""
    raw = max(0, action.prepared.whole("power_damage") + action.prepared.whole("damage"))
    return Blow(
        raw=raw,
        source=actor,
        weapon=NAME,
        vs_skin_temper=action.prepared.whole("vs_skin_temper"),
        breaks_skin_temper=True,  # seed "Skin Temper": "(such as Vibratory Power)"
    )


TOUCH = PowerUse(
    action=ActionDefinition(
        name="vibratory-power-touch",
        performance_time=ACTIVE_TIME,  # seed "Power Rolls": most powers take 20
        ep_row=POWER_ROW,
        needs_target=True,
        summary="A vibrating touch (template): Combat Roll in contact, PR/2 damage, half PR "
        "(Sphere) vs. Skin Temper, even below 1.",
    ),
    effects=(DAMAGE,),
    default_spend=all_on_damage,
    role=ATTACK,
    prepare=touch_prepared,
    blow=touch_blow,
    ranges=None,  # contact
)

VIBRATORY_POWER = PowerSpec(
    name=NAME,
    summary="Vibrate matter (template): a touch of PR/2 damage that can take Skin Temper "
    "below 1 (G-135).",
    source=TEMPLATE,
    uses=(TOUCH,),
)


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, VIBRATORY_POWER)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, VIBRATORY_POWER)


@hookimpl
@answers_actions(*VIBRATORY_POWER.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    return power_refusals(encounter, actor, intent, VIBRATORY_POWER)
