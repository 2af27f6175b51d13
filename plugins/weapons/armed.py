"""The ``armed`` policy: draw a weapon, then attack the nearest enemy it reaches (not rules text).

A module of :mod:`mands_rulebook.weapons`, which registers the policy.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.state import CharacterState

from ..movement import distance_now
from .attacking import WEAPON_ATTACK
from .drawing import DRAW_WEAPON
from .table import WEAPON_OPTION, standard_weapons

SPEED_STEP: Final = 3
"""``rules/combat.md`` §5: 3 Q halve the Performance Time."""


class Armed:
    """Draw a weapon, then attack the nearest enemy the weapon can reach; punch an enemy within
    reach otherwise. Options: ``weapon`` (which weapon to draw; default the sheet's first).
    Quality: Attack to meet the target's Defense, 3 Q speed, the rest damage. Not rules text."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        draw = self.draw(encounter, actor)
        if draw is not None:
            return draw
        readied = encounter.state[actor].readied
        for target in enemies_nearest_first(encounter, actor):
            for intent in attacks(target, readied):
                if not encounter.rules.refusals(encounter, actor, intent):
                    return intent
        return None

    def draw(self, encounter: Encounter, actor: str) -> Intent | None:
        if encounter.state[actor].readied is not None:
            return None
        sheet = encounter.character(actor).sheet
        wanted = self.options.get(WEAPON_OPTION)
        names = [wanted] if wanted else [w for w in sheet.equipment if w in standard_weapons()]
        for name in names:
            intent = Intent(DRAW_WEAPON.name, reason="armed: draw", options={WEAPON_OPTION: name})
            if not encounter.rules.refusals(encounter, actor, intent):
                return intent
        return None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        defense = encounter.state[intent.target].defense if intent.target else 0
        attack = min(quality, max(0, defense))
        speed = SPEED_STEP if quality - attack >= SPEED_STEP else 0
        return QualityAllocation(attack=attack, speed=speed, damage=quality - attack - speed)


def attacks(target: str, readied: str | None) -> list[Intent]:
    """The weapon held ready first, then fists (``mands_rulebook.fists``)."""
    fist = Intent("fist-attack", target=target, reason="armed: punch")
    if readied is None:
        return [fist]
    options = {WEAPON_OPTION: readied}
    return [Intent(WEAPON_ATTACK.name, target, "armed: weapon", options), fist]


def enemies_nearest_first(encounter: Encounter, actor: str) -> list[str]:
    """Enemies in action, nearest first along the map (the encounter's tie-break order on ties,
    G-227)."""
    me = encounter.state[actor]
    enemies = [s for s in encounter.state if s.side != me.side and s.in_action]

    def distance(other: CharacterState) -> float:
        return distance_now(encounter, actor, other.character_id)

    return [
        s.character_id
        for s in sorted(enemies, key=lambda s: (distance(s), encounter.rank(s.character_id)))
    ]
