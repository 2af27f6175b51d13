"""``mands-sim generate --like SHEET``: of many generated characters, the one whose fighting
figures come nearest a given sheet's (G-304, ``docs/rules/decisions.md``).

Each candidate is figured as an encounter would figure it (``build_character`` with the
installed plugins' adjustments) and compared on the figures a fight turns on: the Combat Roll
and Pool, Hand Damage, Virtual and Body Damage Points, Endurance Points, the Move Roll and the
Skin Temper row, and on its playable powers (their number and their total PR; a latent power
does not count). The distance adds each figure's difference relative to the sheet's own value,
so no figure outweighs another by its scale; the nearest wins, the lowest number among equals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from mands_rulebook.creation.procedure import Creation
from mands_sim.api import CharacterSheet, figured_here

CANDIDATES: Final = 64
"""How many characters ``--like`` draws for each one it keeps."""

FIGURES: Final = (
    "combat_roll",
    "combat_pool",
    "hand_damage",
    "virtual_damage_points",
    "body_damage_points",
    "endurance_points",
    "move_roll",
    "skin_temper_row",
    "powers",
    "power_rating",
)


@dataclass(frozen=True, slots=True)
class Fighting:
    """A character's figures that matter in a fight, by :data:`FIGURES`."""

    values: tuple[float, ...]

    def distance(self, other: Fighting) -> float:
        """How far ``self`` is from ``other``: each figure's difference over ``other``'s value
        (at least 1), added up."""
        return sum(
            abs(mine - theirs) / max(1.0, abs(theirs))
            for mine, theirs in zip(self.values, other.values, strict=True)
        )


def fighting(sheet: CharacterSheet) -> Fighting:
    """``sheet``'s :data:`FIGURES`, figured as an encounter would figure it."""
    figured = figured_here(sheet).figured
    playable = [
        entry
        for entry in sheet.powers.values()
        if entry.percent_control is not None and not entry.extra.get("latent", False)
    ]
    return Fighting(
        (
            figured.combat_roll,
            figured.combat_pool,
            figured.hand_damage,
            figured.virtual_damage_points,
            figured.damage_points.body,
            figured.endurance_points,
            figured.move_roll,
            figured.skin_temper.row,
            len(playable),
            sum(entry.power_rating or 0 for entry in playable),
        )
    )


def nearest(candidates: Sequence[Creation], target: CharacterSheet) -> tuple[int, float]:
    """The index of the candidate nearest ``target`` and its distance (the first of equals)."""
    aim = fighting(target)
    distances = [fighting(c.sheet).distance(aim) for c in candidates]
    best = min(range(len(distances)), key=lambda i: (distances[i], i))
    return best, distances[best]
