"""Healing, template, not rules text: Seraph's extra Special Power (Extra Power column roll 47,
"He gets PR 7 on 3d6, and 92 %Control", 96 % with his age), never described
(``docs/rules/powers.md`` §2, §3).

Built after the seed's own healing rules (``docs/rules/combat.md`` §17; G-131): the Healing Roll's Q
"heals DP, then Strength, Agility, Constitution, EP in that order", and Empathic Healing's
Restoration Rate, "The PR indicates the number of bludgeoning damage points the healer may heal".

* ``healing-heal`` — an active use (Performance Time 20, EP from row 9 less the PR spent on EP;
  %Control as every power): the PR spent on ``healing`` is the points healed. In an encounter
  the damage a round can heal is the VP lost (dodged and rolled-with damage, §7.3), so when the
  use completes its patient gets back that many VP, never above its maximum (a
  :class:`~mands_sim.events.Healed` event, as resting gives). DP lost stay lost: they heal at
  the Healing Roll's hourly and daily rates (§17), after the encounter. The patient is the
  healer (no target) or a character of its side in contact (a touch; no Combat Roll against a
  willing patient). Refused when the patient has no VP to get back. Default spend: PR on healing
  up to the VP missing when the use starts, the rest on EP rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final

from mands_rulebook.kit.powers import power_refusals, register_power_actions
from mands_rulebook.kit.powers.uses import (
    ACTIVE_TIME,
    POWER_ROW,
    TEMPLATE,
    PowerSpec,
    PowerSpend,
    PowerUse,
    register_power,
)
from mands_rulebook.kit.range import in_contact
from mands_rulebook.kit.rest import restored
from mands_sim.api import (
    ActionDefinition,
    ActionInProgress,
    Encounter,
    Event,
    Healed,
    Intent,
    Register,
    answers_actions,
    hookimpl,
)

NAME: Final = "Healing"
HEALING: Final = "healing"


def patient(actor: str, intent: Intent) -> str:
    """Who is healed: the intent's target, else the healer."""
    return intent.target or actor


def vp_missing(encounter: Encounter, who: str) -> int:
    maximum = int(encounter.figured(who).virtual_damage_points)
    return max(0, maximum - encounter.state[who].virtual_damage_points)


def heal_spend(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    """G-131: PR on healing up to the VP missing now, the rest on EP rows."""
    healing = min(pr, vp_missing(encounter, patient(actor, intent)))
    return {HEALING: healing, "ep": pr - healing}


def heal_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {"patient": patient(actor, intent), "healing": spend[HEALING]}


def healed(encounter: Encounter, who: str, points: int, healer: str) -> Healed:
    """``points`` VP back to ``who``, never above the maximum (as rest's ``restored``)."""
    state = encounter.state[who]
    maximum = int(encounter.figured(who).virtual_damage_points)
    after = int(restored(Fraction(state.virtual_damage_points), points, maximum))
    return Healed(
        segment=encounter.now,
        character=who,
        virtual_damage_points=after - state.virtual_damage_points,
        endurance_points=Fraction(0),
        virtual_damage_points_after=after,
        endurance_points_after=state.endurance_points,
        reason=f"{healer}'s Healing power: {points} points healed (G-131)",
    )


def resolve_heal(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    who = action.prepared.text("patient")
    if not encounter.state[who].in_action:
        return []
    return [healed(encounter, who, action.prepared.whole("healing"), actor)]


HEAL = PowerUse(
    action=ActionDefinition(
        name="healing-heal",
        performance_time=ACTIVE_TIME,  # seed "Power Rolls": most powers take 20
        ep_row=POWER_ROW,
        summary="Heal (template): the PR spent on healing comes back as VP to the healer or an "
        "ally in contact (G-131).",
    ),
    effects=(HEALING,),
    default_spend=heal_spend,
    prepare=heal_prepared,
    resolve=resolve_heal,
)

HEALING_POWER = PowerSpec(
    name=NAME,
    summary="Heal (template): PR points of lost VP back to oneself or an ally in contact (G-131).",
    source=TEMPLATE,
    uses=(HEAL,),
)


def patient_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """The patient is the healer or an ally in contact, in action, with VP to get back."""
    who = patient(actor, intent)
    if who not in encounter.state.ids():
        return [f"{who!r} is nobody to heal"]
    if who != actor and encounter.state[who].side != encounter.state[actor].side:
        return [f"{actor} heals only itself or its side, not {who}"]
    if not encounter.state[who].in_action:
        return [f"{who} is {encounter.state[who].condition}"]
    if who != actor and not in_contact(encounter, actor, who):
        return [f"{who} is out of reach (healing is a touch)"]
    return [] if vp_missing(encounter, who) else [f"{who} has no VP to get back"]


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, HEALING_POWER)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, HEALING_POWER)


@hookimpl
@answers_actions(*HEALING_POWER.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    reasons = power_refusals(encounter, actor, intent, HEALING_POWER)
    if intent.action == HEAL.action.name and not reasons:
        reasons += patient_refusals(encounter, actor, intent)
    return reasons
