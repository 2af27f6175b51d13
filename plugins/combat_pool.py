"""Combat-Roll Bonus Pool modifiers about the two combatants (``rules/combat.md`` §5).

§5 lists a "size-difference modifier" in the Combat Roll's Bonus Pool; its table was lost.
G-25: by default it is 0; the scenario switch ``G25_size_difference = "heights"`` makes it the
target's Height on the Square chart minus the attacker's (a bigger target is easier to hit,
a smaller one harder: a 0.7 m sprite, Square row −1, attacking Seraph, 1.791 m, row 1, gets +2;
Seraph attacking it gets −2).
"""

from __future__ import annotations

from mands_sim import hookimpl
from mands_sim.actions import Intent, Modifier
from mands_sim.kernel.encounter import Encounter

SIZE_DIFFERENCE = "size difference"
"""The source named on the modifier (``rules/combat.md`` §5, G-25)."""


@hookimpl
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    """The size-difference modifier of a Combat Roll against ``intent.target`` (G-25)."""
    if purpose != "combat" or intent.target is None:
        return []
    amount = size_difference(encounter, actor, intent.target)
    return [Modifier(amount, SIZE_DIFFERENCE, "G-25")] if amount else []


def size_difference(encounter: Encounter, actor: str, target: str) -> int:
    """G-25: 0, or (``heights``) the target's Height minus the attacker's on the Square chart."""
    if encounter.defaults.G25_size_difference != "heights":
        return 0
    return height_row(encounter, target) - height_row(encounter, actor)


def height_row(encounter: Encounter, character: str) -> int:
    """A character's Height (meters) looked up on the Square chart."""
    height = encounter.character(character).sheet.attributes.height
    return int(encounter.charts.action.square(height))
