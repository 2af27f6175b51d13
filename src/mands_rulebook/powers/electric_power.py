"""Electric Power (seed "Electric Power"), on the power kit (``mands_rulebook.kit.powers``).

Seed: "This is the ability to control and create electricity. Basic Effects: (Damage, Skin
Temper, Lift/Throw, Control). Damage: Electrical blast damage is PR/3 (round up). Add 50% if the
target is grounded, and double if the target is well grounded. ST: The character can increase
Skin Temper by half PR (Sphere Chart). Lift/Throw: ... The Strength for the Lift/Throw roll is
the PR applied. Control: The character can control a number of points of electricity equal to
PR. Reduce PR by the distance to the electricity in meters, on the Sphere Chart."

Seraph's character sheet calls it "Electricity" (the table roll), so that is an alias.

* ``electric-power-blast`` — an attack (Performance Time 20, a Combat Roll, maintainable): damage
  ⌈damage PR / 3⌉ plus the damage Q, then +50 % on a grounded target, × 2 on a well grounded
  one, rounded up (G-76: the scenario switch ``G76_electric_grounding`` says how grounded
  everyone standing is; a flyer never is). The description gives no ranges: the template's
  Cosmic-Rays pattern on the damage PR (``docs/rules/powers.md`` §3, G-21). Default spend: all PR on
  damage (Seraph's 17 → 6 damage, 5 EP from row 9).
* ``electric-power-skin-temper`` — a passive, sustained protection (Performance Time 10): half
  the PR spent on it, on the Sphere chart, in Skin Temper rows (``docs/rules/powers.md`` §1), never
  fewer than 0. Default spend: PR to bring the EP row to 5 (1 EP per round), the rest on rows.
* Lift/Throw and Control act on objects and currents an encounter's map does not hold; their
  numbers are :func:`lift_strength` and :func:`controllable_points`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final, Literal

from mands_rulebook.kit.damage import Blow, Cover
from mands_rulebook.kit.positions import running_pace
from mands_rulebook.kit.powers import (
    ep_down_to,
    power_refusals,
    power_sustain,
    register_power_actions,
)
from mands_rulebook.kit.powers.attacks import cosmic_ray_ranges
from mands_rulebook.kit.powers.uses import (
    ACTIVE_TIME,
    ATTACK,
    COVERS,
    DEFENSE,
    PASSIVE_TIME,
    POWER_ROW,
    RULES_TEXT,
    PowerSpec,
    PowerSpend,
    PowerUse,
    register_power,
)
from mands_rulebook.kit.weapons.table import Ranges
from mands_sim.api import (
    ActionChart,
    ActionDefinition,
    ActionInProgress,
    Encounter,
    Event,
    Intent,
    Register,
    answers_actions,
    defaults_summary,
    hookimpl,
    rule_default,
)


@dataclass(frozen=True, slots=True)
class ElectricPowerDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-76."""

    G76_electric_grounding: Literal["dry", "grounded", "well_grounded"] = rule_default(
        "G-76",
        "Electric Power's blast: how grounded everyone standing is (seed: +50% if grounded, "
        "double if well grounded); 'dry' adds nothing; a flyer is never grounded.",
        "dry",
        ("dry", "grounded", "well_grounded"),
    )


NAME: Final = "Electric Power"
DAMAGE: Final = "damage"
SKIN_TEMPER: Final = "skin_temper"

DAMAGE_DIVISOR: Final = 3
"""Seed: "Electrical blast damage is PR/3 (round up)"."""

GROUNDING: Final[Mapping[str, Fraction]] = {
    "dry": Fraction(1),
    "grounded": Fraction(3, 2),  # seed: "Add 50% if the target is grounded"
    "well_grounded": Fraction(2),  # seed: "double if the target is well grounded"
}

SHIELD_EP_ROW: Final = 5
"""The default spend's target row for the held Skin Temper: 1 EP per round (EP Use Chart)."""


def blast_damage(pr: int) -> int:
    """Seed: PR/3, rounded up (17 → 6)."""
    return math.ceil(pr / DAMAGE_DIVISOR)


def skin_temper_rows(chart: ActionChart, pr: int) -> int:
    """Seed: "half PR (Sphere Chart)" Skin Temper rows (``docs/rules/powers.md`` §1): 8 → 4, 17 →
    8.5 → 8; never below 0 (a half PR under 1 reads a fraction's negative row)."""
    return max(0, chart.sphere(Fraction(pr, 2))) if pr > 0 else 0


def lift_strength(pr: int) -> int:
    """Seed "Lift/Throw": "The Strength for the Lift/Throw roll is the PR applied"."""
    return pr


def controllable_points(chart: ActionChart, pr: int, meters: float) -> int:
    """Seed "Control": PR points of electricity, less the distance in meters on the Sphere
    chart; never below 0."""
    return max(0, pr - (chart.sphere(meters) if meters > 0 else 0))


def grounding(encounter: Encounter, target: str) -> Fraction:
    """G-76: the scenario's ground for everyone standing; a flyer (G-67) is never grounded."""
    pace = running_pace(encounter, target)
    if pace is not None and pace.fly:
        return GROUNDING["dry"]
    return GROUNDING[str(encounter.defaults.of(ElectricPowerDefaults).G76_electric_grounding)]


# --- the blast ---------------------------------------------------------------------------------


def all_on_damage(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    return {DAMAGE: pr}


def blast_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {"power_damage": blast_damage(spend[DAMAGE])}


def blast_ranges(chart: ActionChart, spent: Mapping[str, int], pr: int) -> Ranges:
    """Template (G-21): the Cosmic-Rays pattern on the PR applied to damage."""
    return cosmic_ray_ranges(chart, spent.get(DAMAGE, 0))


def blast_blow(encounter: Encounter, actor: str, target: str, action: ActionInProgress) -> Blow:
    """The blast's damage and the damage Q (never below 0), times the target's grounding,
    rounded up (G-76)."""
    raw = max(0, action.prepared.whole("power_damage") + action.prepared.whole("damage"))
    return Blow(raw=math.ceil(raw * grounding(encounter, target)), source=actor, weapon=NAME)


BLAST = PowerUse(
    action=ActionDefinition(
        name="electric-power-blast",
        performance_time=ACTIVE_TIME,  # seed "Power Rolls": most powers take 20
        ep_row=POWER_ROW,
        needs_target=True,
        can_maintain=True,  # seed "Maintaining an Attack": "most blast/ray attack powers"
        summary="An electrical blast: Combat Roll, PR/3 damage (round up), more if grounded.",
    ),
    effects=(DAMAGE,),
    default_spend=all_on_damage,
    role=ATTACK,
    prepare=blast_prepared,
    blow=blast_blow,
    ranges=blast_ranges,
)


# --- the Skin Temper ---------------------------------------------------------------------------


def rows_after_ep(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    """Default: down to 1 EP per round (row 5) first, the rest on Skin Temper rows."""
    ep = ep_down_to(SHIELD_EP_ROW, POWER_ROW, pr)
    return {"ep": ep, SKIN_TEMPER: pr - ep}


def shield_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    rows = skin_temper_rows(encounter.charts.action, spend[SKIN_TEMPER])
    return {COVERS: (Cover(f"{NAME} (Skin Temper)", 100, skin_temper_rows=rows),)}


SHIELD = PowerUse(
    action=ActionDefinition(
        name="electric-power-skin-temper",
        performance_time=PASSIVE_TIME,  # seed "Power Rolls": a passive use takes 10
        is_passive=True,  # seed: "setting up a power shield" is passive
        is_sustained=True,  # held round by round (G-75)
        ep_row=POWER_ROW,
        summary="Raise Skin Temper by half the PR (Sphere chart) in rows while held.",
    ),
    effects=(SKIN_TEMPER,),
    default_spend=rows_after_ep,
    role=DEFENSE,
    prepare=shield_prepared,
)

ELECTRIC_POWER = PowerSpec(
    name=NAME,
    summary="Create and control electricity: blasts (PR/3, more if grounded) and Skin Temper.",
    source=RULES_TEXT,
    uses=(BLAST, SHIELD),
    aliases=("Electricity",),
)


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, ELECTRIC_POWER)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, ELECTRIC_POWER)


@hookimpl
@answers_actions(*ELECTRIC_POWER.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    return power_refusals(encounter, actor, intent, ELECTRIC_POWER)


@hookimpl
@answers_actions(*ELECTRIC_POWER.actions)
def mands_action_sustain(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    return power_sustain(encounter, actor, action, ELECTRIC_POWER)


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "powers.electric_power",
        ElectricPowerDefaults,
        summary=defaults_summary(ElectricPowerDefaults),
        source="rules text",
    )
