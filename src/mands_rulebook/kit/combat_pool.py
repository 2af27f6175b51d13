"""Combat-Roll Bonus Pool modifiers about the two combatants (``docs/rules/combat.md`` §5).

These are the rules :mod:`mands_rulebook.combat.combat_pool` registers: the hooks named below are
that plugin's; nothing here is a hook.

§5 lists a "size-difference modifier" in the Combat Roll's Bonus Pool; its table was lost.
G-25: by default it is 0; the scenario switch ``G25_size_difference = "heights"`` makes it the
target's Height on the Square chart minus the attacker's (a bigger target is easier to hit,
a smaller one harder: a 0.7 m sprite, Square row −1, attacking Seraph, 1.791 m, row 1, gets +2;
Seraph attacking it gets −2).

Very poor Sight also costs Defense (seed 002 "Sight": Sight 0 "−2 to Defense", Sight 1 and 2 "−1 to
Defense"; ``docs/rules/charts.md`` §6). The penalty is part of the character's Defense from the
start (``mands_encounter_opening``) and of every Defense a Combat Roll buys
(:func:`mands_rulebook.kit.fists.new_defense` adds :func:`sight_defense`), so it holds against every
attack, close or ranged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from mands_sim.defaults import rule_default
from mands_sim.kernel.encounter import Encounter


@dataclass(frozen=True, slots=True)
class CombatPoolDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-25."""

    G25_size_difference: Literal["none", "heights"] = rule_default(
        "G-25",
        "Combat Roll size-difference modifier: none (0), or the target's Height on the Square "
        "chart minus the attacker's ('heights').",
        "none",
        ("none", "heights"),
    )


SIZE_DIFFERENCE = "size difference"
"""The source named on the modifier (``docs/rules/combat.md`` §5, G-25)."""


POOR_SIGHT: Final = "poor sight"
"""The reason named on the Defense a Sight of 0–2 lowers (seed 002 "Sight")."""


def size_difference(encounter: Encounter, actor: str, target: str) -> int:
    """G-25: 0, or (``heights``) the target's Height minus the attacker's on the Square chart."""
    if encounter.defaults.of(CombatPoolDefaults).G25_size_difference != "heights":
        return 0
    return height_row(encounter, target) - height_row(encounter, actor)


def height_row(encounter: Encounter, character: str) -> int:
    """A character's Height (meters) looked up on the Square chart."""
    height = encounter.character(character).sheet.attributes.height
    return int(encounter.charts.action.square(height))


def sight_defense(encounter: Encounter, character: str) -> int:
    """Seed 002 "Sight": the Defense modifier of the character's Sight (−2 at 0, −1 at 1–2)."""
    sight = encounter.character(character).sheet.attributes.sight
    return int(encounter.charts.sight.modifiers(sight).defense)
