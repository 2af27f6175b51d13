"""Who does what in a Microlite fight (not rules text): the presets a scenario names.

* ``nearest-enemy`` (the default of a combatant): in its window, strike the enemy in reach with
  the least SDC and HP left, with its best melee weapon, else its best ranged one, else a trip
  when trained for it (a kick's 1d6, and the target knocked down, ML-11), else a kick (1d6, the
  best unarmed blow for one attack, §6). Enemies in reach are those at its place, or
  anywhere with a ranged weapon (ML-07). Equal choices are ordered by the character's own dice
  (a substream of its own, so the order never depends on ids or listing order, and the fight's
  dice are not moved).
* ``stand-by`` (the default of a bystander or hostage): nothing.
* ``tactician``: mands-sim's scored policy over every strike allowed now, with what
  :mod:`mands_microlite.tactics` says each is worth.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mands_microlite.character import enemies_in_reach, microlite_character
from mands_microlite.rounds import current_round
from mands_microlite.strikes import (
    TRIP,
    WEAPON_SHOT,
    WEAPON_STRIKE,
    best_weapon,
    trips_with_bonuses,
)
from mands_microlite.tactics import tactician
from mands_sim.api import (
    Encounter,
    Intent,
    QualityAllocation,
    Register,
    Wait,
    hookimpl,
)

UNARMED_CHOICE = "kick"
"""The unarmed blow the presets strike with: 1d6 for one attack, more than a punch's 1d4 and,
per attack, than a power punch's 2d6 for two (§6)."""


class NearestEnemy:
    """Strike the enemy in reach with the least left, with the best of what the sheet has."""

    name = "nearest-enemy"

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        action = self.action(encounter, actor)
        targets = self.in_reach(encounter, actor, ranged=action == WEAPON_SHOT)
        if not targets:
            return None
        target = self.weakest(encounter, actor, targets)
        intent = Intent(action, target, f"{target} has the least left of the enemies in reach")
        return None if encounter.refused(actor, intent) else intent

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        """Microlite's rolls have no Quality to spend."""
        return QualityAllocation()

    @staticmethod
    def action(encounter: Encounter, actor: str) -> str:
        weapons = microlite_character(encounter, actor).sheet.weapons
        if best_weapon(weapons, ranged=False) is not None:
            return WEAPON_STRIKE
        if best_weapon(weapons, ranged=True) is not None:
            return WEAPON_SHOT
        return TRIP if trips_with_bonuses(encounter, actor) else UNARMED_CHOICE

    @staticmethod
    def in_reach(encounter: Encounter, actor: str, *, ranged: bool) -> list[str]:
        """Enemies fighting at ``actor``'s place, or anywhere for a shot (ML-07)."""
        return sorted(enemies_in_reach(encounter, actor, anywhere=ranged))

    @staticmethod
    def weakest(encounter: Encounter, actor: str, targets: list[str]) -> str:
        """The target with the least SDC and HP left; equal ones ordered by ``actor``'s own
        target dice for the round."""
        left = {t: encounter.state[t].health_left for t in targets}
        fewest = min(left.values())
        tied = [t for t in targets if left[t] == fewest]
        if len(tied) == 1:
            return tied[0]
        dice = encounter.dice_for(actor).substream("target", current_round(encounter))
        return dice.shuffled(tied)[0]


class StandBy:
    """Do nothing."""

    name = "stand-by"

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return QualityAllocation()


@hookimpl
def mands_ruleset() -> str:
    return "microlite"


@hookimpl
def mands_register_policies(register: Register) -> None:
    register(
        "nearest-enemy",
        NearestEnemy,
        summary="Strike the enemy in reach with the least SDC and HP left, with the best weapon.",
        source="template, not rules text",
    )
    register("stand-by", StandBy, summary="Do nothing.", source="template, not rules text")
    register(
        "tactician",
        tactician,
        summary="mands-sim's tactician over Microlite's strikes: the best chance of landing "
        "times damage per attack, weighed up when it may finish the target.",
        source="template, not rules text",
    )
