"""Cosmic Rays (seed "Cosmic Rays"), on the power kit (``mands_rulebook.kit.powers``).

Seed: "This is the power to create cosmic rays in a high intensity beam. Basic Effects: (Damage).
Damage: The character's cosmic ray does PR damage. Short Range, Range Set, and Maximum Range
depend on the PR applied to damage: Look up the PR, from the Result column to the Sphere column,
for Short Range. Move down 4 rows for Range Set, and up 5 rows for Maximum Range. Ranges are in
meters."

* ``cosmic-rays-ray`` — an attack (Performance Time 20, seed "Power Rolls"; a Combat Roll;
  maintainable, seed "Maintaining an Attack": "most blast/ray attack powers"): the damage PR in
  damage, plus the Combat Roll's damage Q (never below 0), as a bludgeoning blow; ranges from
  the damage PR by :func:`~mands_rulebook.kit.powers.attacks.cosmic_ray_ranges` (the kit's template
  pattern is this very description). Default spend: all PR on damage (PR 17 → 17 damage, Short
  Range 100 m, Range Set 32 m, Maximum Range row 22: 421 m; 5 EP from row 9).

Partial use (seed "Power Rolls"): PR kept off damage lowers the EP row or shortens the
Performance Time; the ray is then weaker and shorter-ranged, as the description ties both to the
PR applied to damage.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from mands_rulebook.kit.damage import Blow
from mands_rulebook.kit.powers import power_refusals, register_power_actions
from mands_rulebook.kit.powers.attacks import cosmic_ray_ranges
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

NAME: Final = "Cosmic Rays"
DAMAGE: Final = "damage"


def ray_damage(pr: int) -> int:
    """Seed: "The character's cosmic ray does PR damage" (17 → 17)."""
    return pr


def ray_ranges(chart: ActionChart, spent: Mapping[str, int], pr: int) -> Ranges:
    """Seed: the ranges "depend on the PR applied to damage" (Result → Sphere; −4, +5 rows)."""
    return cosmic_ray_ranges(chart, spent.get(DAMAGE, 0))


def all_on_damage(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    return {DAMAGE: pr}


def ray_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {"power_damage": ray_damage(spend[DAMAGE])}


def ray_blow(encounter: Encounter, actor: str, target: str, action: ActionInProgress) -> Blow:
    """The ray's damage and the damage Q (never below 0)."""
    raw = max(0, action.prepared.whole("power_damage") + action.prepared.whole("damage"))
    return Blow(raw=raw, source=actor, weapon=NAME)


RAY = PowerUse(
    action=ActionDefinition(
        name="cosmic-rays-ray",
        performance_time=ACTIVE_TIME,  # seed "Power Rolls": most powers take 20
        ep_row=POWER_ROW,
        needs_target=True,
        can_maintain=True,  # seed "Maintaining an Attack": "most blast/ray attack powers"
        summary="A cosmic ray: Combat Roll, PR damage; ranges from the damage PR (Sphere chart).",
    ),
    effects=(DAMAGE,),
    default_spend=all_on_damage,
    role=ATTACK,
    prepare=ray_prepared,
    blow=ray_blow,
    ranges=ray_ranges,
)

COSMIC_RAYS = PowerSpec(
    name=NAME,
    summary="A high-intensity beam of cosmic rays: PR damage, ranges from the damage PR.",
    source=RULES_TEXT,
    uses=(RAY,),
)


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, COSMIC_RAYS)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, COSMIC_RAYS)


@hookimpl
@answers_actions(*COSMIC_RAYS.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    return power_refusals(encounter, actor, intent, COSMIC_RAYS)
