"""The ``armed`` policy: draw a weapon, then attack the nearest enemy it reaches, closing in on
the nearest enemy while none is in reach (not rules text).

A plugin of its own (entry point ``mands_rulebook.policies.armed``): it registers the policy.
It imports the weapons' rules and the preset policies it builds on; nothing below the policies
imports it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from mands_rulebook.kit.movement.pace import MOVE, REROLL_MOVE
from mands_rulebook.kit.weapons.attacking import WEAPON_ATTACK
from mands_rulebook.kit.weapons.drawing import DRAW_WEAPON
from mands_rulebook.kit.weapons.ready import weapon_readied
from mands_rulebook.kit.weapons.table import WEAPON_OPTION, standard_weapons
from mands_rulebook.policies.closing_in import close_in, enemies_nearest_first, nearest_enemy
from mands_rulebook.policies.comics_code import offers_code
from mands_rulebook.policies.objective_play import (
    guard_order,
    guarding,
    objective_explanation,
    pursue,
)
from mands_rulebook.policies.presets import catch_breath, preset
from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.api import hookimpl
from mands_sim.kernel.encounter import Encounter
from mands_sim.policy.explain import Explanation, reason_given
from mands_sim.registry import Register

RUNS: Final = frozenset({MOVE.name, REROLL_MOVE.name})
"""The Move Rolls the ``armed`` policy makes to close in (``mands_rulebook.movement.moving``)."""

SPEED_STEP: Final = 3
"""``docs/rules/combat.md`` §5: 3 Q halve the Performance Time."""


class Armed:
    """Below zero EP rest or give up first (G-232, ``catch_breath``); draw a weapon, then go
    after an objective's performer (G-237: attack it, or run to meet it when no enemy is within
    reach), else attack the nearest enemy the weapon can reach, threats to the side's objective
    wards first; punch an enemy within reach otherwise; with nobody in reach, close in on the
    nearest enemy (as ``nearest-enemy``). Options: ``weapon`` (which weapon to draw; default
    the sheet's first). Quality: Attack to meet the target's Defense, 3 Q speed, the rest
    damage; a Move Roll's Q all to speed. Not rules text."""

    name = "armed"

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        decision = catch_breath(encounter, actor) or self.draw(encounter, actor)
        if decision is not None:
            return decision
        readied = weapon_readied(encounter, actor)
        chase = pursue(encounter, actor, lambda t: first_allowed(encounter, actor, t), close_in)
        if chase is not None:  # G-237: an objective's performer first
            return chase
        for target in guard_order(encounter, actor, enemies_nearest_first(encounter, actor)):
            for intent in attacks(target, readied):
                if not encounter.rules.refusals(encounter, actor, intent):
                    return guarding(encounter, actor, intent)
        nearest = nearest_enemy(encounter, actor)
        return None if nearest is None else close_in(encounter, actor, nearest)

    def draw(self, encounter: Encounter, actor: str) -> Intent | None:
        if weapon_readied(encounter, actor) is not None:
            return None
        sheet = encounter.character(actor).sheet
        wanted = self.options.get(WEAPON_OPTION)
        names = [wanted] if wanted else [w for w in sheet.equipment if w in standard_weapons()]
        for name in names:
            why = f"hands empty: draws its {name}"
            intent = Intent(DRAW_WEAPON.name, reason=why, options={WEAPON_OPTION: name})
            if not encounter.rules.refusals(encounter, actor, intent):
                return intent
        return None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        if intent.action in RUNS:
            return preset(encounter, intent, quality)  # a Move Roll's Q all to speed
        defense = encounter.state[intent.target].defense if intent.target else 0
        attack = min(quality, max(0, defense))
        speed = SPEED_STEP if quality - attack >= SPEED_STEP else 0
        return QualityAllocation(attack=attack, speed=speed, damage=quality - attack - speed)

    def explain(self, encounter: Encounter, actor: str, intent: Intent) -> Explanation | None:
        """A choice made for an objective says so (G-237); any other, the reason its intent
        carries (the draw, or the nearest enemy a blow reaches)."""
        return objective_explanation(intent) or reason_given(self.name, intent)


@offers_code()
def armed_policy(options: Mapping[str, Any]) -> Armed:
    """``armed`` from its options (and ``comics_code``, ``mands_rulebook.policies.comics_code``)."""
    return Armed(options)


@hookimpl
def mands_requires() -> list[str]:
    """The policy draws and attacks with the weapons' actions."""
    return ["mands_rulebook.combat.weapons"]


@hookimpl
def mands_register_policies(register: Register) -> None:
    register(
        "armed",
        armed_policy,
        summary="Draw a weapon, attack the nearest enemy it reaches, else punch one in reach.",
        source="template, not rules text",
    )


def first_allowed(encounter: Encounter, actor: str, target: str) -> Intent | None:
    """The first of :func:`attacks` at ``target`` the rules allow now."""
    readied = weapon_readied(encounter, actor)
    for intent in attacks(target, readied):
        if not encounter.rules.refusals(encounter, actor, intent):
            return intent
    return None


def attacks(target: str, readied: str | None) -> list[Intent]:
    """The weapon held ready first, then fists (``mands_rulebook.combat.fists``), each with its
    reason (the nearer enemies it passed over were out of reach)."""
    nearest = f"{target} is the nearest enemy"
    fist = Intent("fist-attack", target=target, reason=f"{nearest} within a blow's reach")
    if readied is None:
        return [fist]
    options = {WEAPON_OPTION: readied}
    aimed = f"{nearest} its {readied} reaches"
    return [Intent(WEAPON_ATTACK.name, target, aimed, options), fist]
