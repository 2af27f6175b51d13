"""Hearing Power (seed "Hearing"), template, not rules text: the power's own description was not
recovered (``docs/rules/powers.md`` §2); its rules are in the Hearing attribute.

Seed "Hearing": "If a character gains the power, Hearing Power, divide the true distance
something is from the character by the power for the distance it seems to the character. The
Hearing Power can reduce the penalties for being unable to see. This table corresponds hearing
powers to: a multiplier for the penalty for being unable to see. ... Round the penalty to the
most negative." The table is the ``hearing`` chart (``docs/rules/charts.md`` §7: 10–20 → 5/6 …
160 and up → 1/6; below 10 the penalty is not reduced).

An Automatic Effect (no action, no EP). G-136: the hearing power is the PR. In an encounter the
one way to be unable to see is Fire Coat's Blinding (G-78: the Sight-0 Close modifier on the
Combat Roll); while its owner is blinded, this plugin adds back what the table takes off that
penalty, rounded to the most negative, as a ``"Hearing Power"`` Bonus Pool modifier.
:func:`apparent_distance` is the hearing distance rule (the encounter has no sounds to hear).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Final

from mands_rulebook.kit.powers.ratings import power_rating
from mands_rulebook.kit.powers.uses import register_power
from mands_rulebook.powers.fire_coat import blinded_modifier
from mands_rulebook.powers.template import automatic_power
from mands_sim.api import Encounter, Intent, Modifier, Register, hookimpl

NAME: Final = "Hearing Power"

HEARING_POWER = automatic_power(
    NAME,
    "Heard distances seem divided by the PR; the penalty for being unable to see is multiplied "
    "by the hearing chart (G-136); automatic.",
)


def apparent_distance(meters: float, power: int) -> float:
    """Seed "Hearing": the true distance divided by the power (below 1 changes nothing)."""
    return meters / power if power >= 1 else meters


def reduced_penalty(encounter: Encounter, penalty: int, power: int) -> int:
    """Seed: the unsighted penalty times the chart's multiplier, "to the most negative"."""
    multiplier: Fraction = encounter.charts.hearing.penalty_multiplier(power)
    return math.floor(penalty * multiplier)


def hearing_power_modifier(encounter: Encounter, actor: str) -> Modifier | None:
    """G-136: while blinded, the part of the Sight-0 penalty the Hearing Power takes off."""
    pr = power_rating(encounter, actor, HEARING_POWER)
    blinded = blinded_modifier(encounter, actor) if pr else None
    if blinded is None:
        return None
    gain = reduced_penalty(encounter, blinded.amount, pr) - blinded.amount
    reason = f"G-136: Hearing Power {pr} reduces the blinded penalty {blinded.amount}"
    return Modifier(gain, NAME, reason) if gain else None


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, HEARING_POWER)


@hookimpl
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    if purpose != "combat":
        return []
    found = hearing_power_modifier(encounter, actor)
    return [found] if found else []
