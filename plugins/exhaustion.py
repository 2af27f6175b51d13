"""Endurance Points below zero (``rules/combat.md`` §10; ``rules/gaps.md`` G-16).

EP can go below zero (Dexter at −3, then −8, in the seed's Simpler Combat Example), and Dexter
at 3 below zero rolls "with … 3 for his low EP". G-16: a penalty to the Bonus Pool, before the
Sphere-chart lookup, equal to the EP deficit (whole points); no forced collapse
(``G16_low_ep = "collapse"`` adds one: :mod:`mands_rulebook.out_of_action` knocks out a character
whose deficit reaches its Constitution). A scenario plays without the penalty by disabling this
plugin: ``[plugins] disable = ["mands_rulebook.exhaustion"]`` (or ``--disable``).
"""

from __future__ import annotations

import math
from fractions import Fraction

from mands_sim import hookimpl
from mands_sim.actions import Intent, Modifier
from mands_sim.kernel.encounter import Encounter


def low_ep_penalty(endurance_points: Fraction) -> int:
    """G-16: the EP deficit in whole points (EP −2.5 → −3), 0 at or above zero EP."""
    return min(0, math.floor(endurance_points))


@hookimpl
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    penalty = low_ep_penalty(encounter.state[actor].endurance_points)
    return [Modifier(penalty, "low EP", "G-16")] if penalty else []
