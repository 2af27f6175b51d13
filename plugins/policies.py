"""A minimal policy so encounters run end to end: hit the nearest enemy with your fists.

``nearest-enemy`` picks the nearest enemy still in action standing at the same place (movement
and reach come with the rules of movement), lowest id on ties, and punches it. Its Quality preset
buys just enough Attack to meet the target's current Defense, then 3 Q of speed (halving the
Performance Time, ``rules/combat.md`` §5), and puts the rest into damage. Not rules text: a
simulator's stand-in for a player or an Editor.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mands_sim import hookimpl
from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.kernel.encounter import Encounter
from mands_sim.registry import Register

SPEED_STEP = 3
"""``rules/combat.md`` §5: 3 Q halve the Performance Time."""


class NearestEnemy:
    """Punch the nearest enemy in reach; wait for a change otherwise."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        target = nearest_enemy(encounter, actor)
        if target is None:
            return None
        return Intent("fist-attack", target=target, reason="nearest enemy in reach")

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        defense = encounter.state[intent.target].defense if intent.target else 0
        attack = min(quality, max(0, defense))
        speed = SPEED_STEP if quality - attack >= SPEED_STEP else 0
        return QualityAllocation(attack=attack, speed=speed, damage=quality - attack - speed)


def nearest_enemy(encounter: Encounter, actor: str) -> str | None:
    """The enemy in action at the actor's position (lowest id first), if any."""
    me = encounter.state[actor]
    enemies = [
        other.character_id
        for other in encounter.state
        if other.side != me.side and other.in_action and other.position == me.position
    ]
    return min(enemies) if enemies else None


@hookimpl
def mands_register_policies(register: Register) -> None:
    register(
        "nearest-enemy",
        NearestEnemy,
        summary="Punch the nearest enemy in reach; Attack to meet Defense, 3 Q speed, rest damage.",
        source="template, not rules text",
    )
