"""Air Control (seed "Air Control"), on the power kit (``mands_rulebook.kit.powers``).

Seed: "This is the power to control air motion. Basic Effects: (Wind Speed, Wind Blast, Range).
Wind Speed: The maximum Wind Speed the character can bring wind to is PR times 10 kmph. The wind
speed loses speed at the rate of 1 kmph for each meter beyond Maximum Range. Wind Blast: The
damage done by a Wind Blast PR/4, round down. Range: The character can control air at up to PR
(from Result to Square Chart) meters. This is also the Maximum Range of the Wind Blast. Short
Range and Range Set are PR."

* ``air-control-wind-blast`` — an attack (Performance Time 20, a Combat Roll, maintainable as
  "most blast/ray attack powers"). Effects ``wind_blast`` (damage ⌊PR / 4⌋, plus the damage Q)
  and ``range`` (G-102: the Range PR read Result → Square is the Maximum Range in meters — 5 →
  25 m —, and Short Range and Range Set are that PR in meters). Default spend: the least Range
  PR that reaches the target, the rest on the blast. The blast is bludgeoning; its raw damage
  throws back as any blow's (``mands_rulebook.combat.throwback``).
* Wind Speed moves air, not characters: an encounter's map holds no weather or sails, so it is
  :func:`wind_speed` (G-102), a number for the Editor's scenes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

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
    hookimpl,
)

NAME: Final = "Air Control"
WIND_BLAST: Final = "wind_blast"
RANGE: Final = "range"

BLAST_DIVISOR: Final = 4
"""Seed: "The damage done by a Wind Blast PR/4, round down"."""

KMPH_PER_PR: Final = 10
"""Seed: "The maximum Wind Speed ... is PR times 10 kmph"."""

KMPH_LOST_PER_METER: Final = 1
"""Seed: "loses speed at the rate of 1 kmph for each meter beyond Maximum Range"."""


def wind_blast_damage(pr: int) -> int:
    """Seed: PR/4, rounded down (12 → 3, 15 → 3, 16 → 4)."""
    return pr // BLAST_DIVISOR


def control_range(chart: ActionChart, range_pr: int) -> float:
    """Seed: "up to PR (from Result to Square Chart) meters" (5 → 25 m; none at PR 0)."""
    return float(chart.from_result("square", range_pr)) if range_pr > 0 else 0.0


def blast_ranges_for(chart: ActionChart, range_pr: int) -> Ranges:
    """G-102: Maximum Range the control range; Short Range and Range Set "are PR" meters."""
    return Ranges(float(range_pr), float(range_pr), control_range(chart, range_pr))


def wind_speed(chart: ActionChart, pr: int, range_pr: int, meters: float) -> int:
    """Seed: up to PR × 10 km/h, less 1 km/h per meter beyond Maximum Range; never below 0."""
    beyond = max(0.0, meters - control_range(chart, range_pr))
    return max(0, int(KMPH_PER_PR * pr - KMPH_LOST_PER_METER * beyond))


def range_pr_for(chart: ActionChart, meters: float, pr: int) -> int:
    """The least Range PR (up to ``pr``) whose control range reaches ``meters``."""
    return next((p for p in range(pr + 1) if control_range(chart, p) >= meters), pr)


def reach_then_blast(
    encounter: Encounter, actor: str, intent: Intent, pr: int
) -> Mapping[str, int]:
    """Default: the least Range PR that reaches the target, the rest on the blast."""
    meters = distance(encounter, actor, intent.target) if intent.target else 0.0
    reach = range_pr_for(encounter.charts.action, meters, pr)
    return {RANGE: reach, WIND_BLAST: pr - reach}


def blast_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {"power_damage": wind_blast_damage(spend[WIND_BLAST])}


def blast_ranges(chart: ActionChart, spent: Mapping[str, int], pr: int) -> Ranges:
    return blast_ranges_for(chart, spent.get(RANGE, 0))


def blast_blow(encounter: Encounter, actor: str, target: str, action: ActionInProgress) -> Blow:
    """The wind's damage plus the damage Q, never below 0; bludgeoning."""
    raw = max(0, action.prepared.whole("power_damage") + action.prepared.whole("damage"))
    return Blow(raw=raw, source=actor, weapon=NAME)


BLAST = PowerUse(
    action=ActionDefinition(
        name="air-control-wind-blast",
        performance_time=ACTIVE_TIME,  # seed "Power Rolls": most powers take 20
        ep_row=POWER_ROW,
        needs_target=True,
        can_maintain=True,  # seed "Maintaining an Attack": "most blast/ray attack powers"
        summary="A wind blast: Combat Roll, PR/4 damage (round down); Range PR Result -> "
        "Square meters.",
    ),
    effects=(WIND_BLAST, RANGE),
    default_spend=reach_then_blast,
    role=ATTACK,
    prepare=blast_prepared,
    blow=blast_blow,
    ranges=blast_ranges,
)

AIR_CONTROL = PowerSpec(
    name=NAME,
    summary="Control air motion: wind blasts (PR/4) out to PR Result -> Square meters; wind "
    "up to PR x 10 km/h.",
    source=RULES_TEXT,
    uses=(BLAST,),
)


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, AIR_CONTROL)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, AIR_CONTROL)


@hookimpl
@answers_actions(*AIR_CONTROL.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    return power_refusals(encounter, actor, intent, AIR_CONTROL)
