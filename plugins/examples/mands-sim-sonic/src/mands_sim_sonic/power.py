"""Sonic Scream: a power invented for this example plugin — NOT Men & Supermen rulebook content.

Every number here is this plugin's own design; none comes from the rulebook.
"""

from __future__ import annotations

from dataclasses import dataclass

from mands_sim.dice import DiceSource, parse_dice


@dataclass(frozen=True, slots=True)
class SonicScream:
    """A scream that deafens whoever hears it.

    Attributes:
        deafness_dice: dice rolled for how many segments a target stays deaf.
        perception_bonus: Perception a screamer gains from trained ears (a figured adjustment).
    """

    deafness_dice: str = "2d6"
    perception_bonus: int = 2

    def deafness_segments(self, dice: DiceSource) -> int:
        """Roll how many segments a target who hears the scream stays deaf."""
        return parse_dice(self.deafness_dice).roll(dice).total


SONIC_SCREAM = SonicScream()
"""The one Sonic Scream this plugin registers."""
