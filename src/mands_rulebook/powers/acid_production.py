"""Acid Production (seed "Acid Production"), on the power kit (``mands_rulebook.kit.powers``).

Seed: "This is the ability to create acid and use it as a weapon. The acid type is equivalent
to the character's PR. See Acid, under Equipment. Basic Effects: Acid Type, Range. Acid Type:
The Acid Type is half the character's PR, on the Sphere Chart. Range: Maximum Range is PR minus
3, meters. Short Range and Range Set are PR (Square Chart)."

The Equipment chapter's Acid table, which would say what an Acid Type does, is lost; the Basic
Effect's rule (half the PR on the Sphere chart) is the one followed.

* ``acid-production-attack`` — an attack (Performance Time 20, a Combat Roll; acid is squirted,
  not a blast, so it is not maintained). Effects ``acid_type`` (the Acid Type: half the PR on it,
  read on the Sphere chart: 12 → 6) and ``range`` (Maximum Range = that PR − 3 meters, never
  below 0; Short Range = Range Set = that PR read on the Square chart: 9 → 3 m). A hit does the
  Acid Type plus the damage Q (G-101), penetrating by default (``G101_acid_damage``).
  Default spend: the least Range PR that reaches the target, the rest on the Acid Type.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final, Literal

from mands_rulebook.kit.damage import Blow
from mands_rulebook.kit.powers import power_refusals, register_power_actions
from mands_rulebook.kit.powers.uses import (
    ACTIVE_TIME,
    ATTACK,
    POWER_ROW,
    RULES_TEXT,
    PowerSpec,
    PowerSpend,
    PowerUse,
    register_power,
)
from mands_rulebook.kit.range import distance
from mands_rulebook.kit.weapons.table import Ranges
from mands_sim.api import (
    ActionChart,
    ActionDefinition,
    ActionInProgress,
    Encounter,
    Intent,
    Register,
    answers_actions,
    defaults_summary,
    hookimpl,
    rule_default,
)


@dataclass(frozen=True, slots=True)
class AcidProductionDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-101."""

    G101_acid_damage: Literal["penetrating", "bludgeoning"] = rule_default(
        "G-101",
        "Acid Production: a hit does the Acid Type plus the damage Q as penetrating damage "
        "(burns heal slowly) or as bludgeoning damage.",
        "penetrating",
        ("penetrating", "bludgeoning"),
    )


NAME: Final = "Acid Production"
ACID_TYPE: Final = "acid_type"
RANGE: Final = "range"

TYPE_DIVISOR: Final = 2
"""Seed: "The Acid Type is half the character's PR, on the Sphere Chart"."""

RANGE_LESS: Final = 3
"""Seed: "Maximum Range is PR minus 3, meters"."""


def acid_type(chart: ActionChart, pr: int) -> int:
    """Seed: half the PR, on the Sphere chart (12 → 6, 17 → 8.5 → 8); none below 1."""
    return max(0, chart.sphere(Fraction(pr, TYPE_DIVISOR))) if pr > 0 else 0


def acid_ranges(chart: ActionChart, range_pr: int) -> Ranges:
    """Seed: Maximum Range = PR − 3 m (never below 0); Short Range and Range Set = the PR on the
    Square chart (9 → 3 m)."""
    short = float(chart.square(range_pr)) if range_pr > 0 else 0.0
    return Ranges(short, short, float(max(0, range_pr - RANGE_LESS)))


def range_pr_for(meters: float, pr: int) -> int:
    """The least Range PR (up to ``pr``) whose Maximum Range reaches ``meters``."""
    if not math.isfinite(meters):
        return pr
    return 0 if meters <= 0 else min(pr, math.ceil(meters) + RANGE_LESS)


def reach_then_type(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    """Default: the least Range PR that reaches the target, the rest on the Acid Type."""
    meters = distance(encounter, actor, intent.target) if intent.target else 0.0
    reach = range_pr_for(meters, pr)
    return {RANGE: reach, ACID_TYPE: pr - reach}


def attack_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {"acid_type": acid_type(encounter.charts.action, spend[ACID_TYPE])}


def attack_ranges(chart: ActionChart, spent: Mapping[str, int], pr: int) -> Ranges:
    return acid_ranges(chart, spent.get(RANGE, 0))


def acid_blow(encounter: Encounter, actor: str, target: str, action: ActionInProgress) -> Blow:
    """G-101: the Acid Type plus the damage Q (never below 0), penetrating or bludgeoning."""
    raw = max(0, action.prepared.whole("acid_type") + action.prepared.whole("damage"))
    kind = str(encounter.defaults.of(AcidProductionDefaults).G101_acid_damage)
    return Blow(raw=raw, source=actor, kind=kind, weapon=NAME)


ATTACK_USE = PowerUse(
    action=ActionDefinition(
        name="acid-production-attack",
        performance_time=ACTIVE_TIME,  # seed "Power Rolls": most powers take 20
        ep_row=POWER_ROW,
        needs_target=True,
        summary="Squirt acid: Combat Roll, the Acid Type (half PR, Sphere) as damage; "
        "Maximum Range PR - 3 m.",
    ),
    effects=(ACID_TYPE, RANGE),
    default_spend=reach_then_type,
    role=ATTACK,
    prepare=attack_prepared,
    blow=acid_blow,
    ranges=attack_ranges,
)

ACID_PRODUCTION = PowerSpec(
    name=NAME,
    summary="Create acid and use it as a weapon: Acid Type half the PR (Sphere), PR - 3 m.",
    source=RULES_TEXT,
    uses=(ATTACK_USE,),
)


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, ACID_PRODUCTION)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, ACID_PRODUCTION)


@hookimpl
@answers_actions(*ACID_PRODUCTION.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    return power_refusals(encounter, actor, intent, ACID_PRODUCTION)


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "powers.acid_production",
        AcidProductionDefaults,
        summary=defaults_summary(AcidProductionDefaults),
        source="rules text",
    )
