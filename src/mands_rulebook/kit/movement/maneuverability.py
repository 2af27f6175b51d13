"""Maneuverability: more slowing and free turning on a Move Roll (seed "Skills"; G-163).

Seed "Maneuverability": "The character has a bonus of level to the amount of Q that movement can
be reduced by, and can move up to half level Q in order to change direction (reducing movement Q
in one direction and adding it to another). Both of these can only be done at the same time as a
Move Roll, although the Move Roll doesn't need to be successful."

:mod:`mands_rulebook.movement.moving` applies it when a run is re-rolled (``reroll-move``): slowing
decreases the speed Q by ``level`` more; up to ``⌊level ÷ 2⌋`` of the turn's Q (1 per 45°) is
paid by moving speed Q rather than by the roll's Q, so the turn happens even on a failed roll
(G-163 ``free``: the speed is kept; ``speed``: it comes off the speed Q). Not a plugin: the
numbers and the level only.
"""

from __future__ import annotations

from typing import Final

from mands_rulebook.kit.skills import skill_level
from mands_sim.kernel.encounter import Encounter

MANEUVERABILITY: Final = "Maneuverability"
"""The skill's name as the seed's skill list spells it."""


def maneuverability_level(encounter: Encounter, actor: str) -> int:
    """``actor``'s effective Maneuverability level (G-85)."""
    return skill_level(encounter.character(actor).sheet, MANEUVERABILITY)


def maneuverability_slowing(level: int) -> int:
    """Seed "Maneuverability": "a bonus of level to the amount of Q that movement can be reduced
    by"."""
    return level


def maneuverability_turning(level: int) -> int:
    """Seed "Maneuverability": "can move up to half level Q in order to change direction"
    (rounded down, G-89)."""
    return level // 2
