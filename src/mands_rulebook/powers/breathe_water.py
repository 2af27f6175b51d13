"""Breathe Water (seed "Breathe Water"): registered, with no action in an encounter.

Seed: "This is the ability to breathe oxygen from water. Due to the fact that at greater depths
there is less oxygen, the character will only be able to breathe at depths up to Power Roll
divided by 4, kilometers. Fifty percent of characters with this power also have the ability to
survive greater pressures. The character can reduce the Bonus Pool penalty due to high pressure
by the character's PR. This power does not use EP."

Why it does nothing in an encounter: an encounter's map holds no water and no depths, and the
rule for the high-pressure Bonus Pool penalty is lost, so no roll of the combat rules changes.
Its numbers are here for scenes and scenario authors:

* :func:`deepest_breathing_km` — PR ÷ 4 km (PR 12: 3 km), and :func:`can_breathe_at`;
* :func:`pressure_penalty` — a penalty to the Bonus Pool from pressure, reduced by the PR for a
  character whose sheet says ``pressure = true`` (the "fifty percent"), never past 0.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from mands_rulebook.kit.powers.uses import RULES_TEXT, PowerSpec, register_power
from mands_sim.api import PowerEntry, Register, hookimpl

NAME: Final = "Breathe Water"

DEPTH_DIVISOR: Final = 4
"""Seed: "depths up to Power Roll divided by 4, kilometers"."""

PRESSURE_KEY: Final = "pressure"
"""The sheet's key: this character also survives greater pressures (seed: 50 % do)."""

BREATHE_WATER = PowerSpec(
    name=NAME,
    summary="Breathe oxygen from water down to PR/4 km; some also resist pressure (Bonus Pool "
    "penalty less PR); no EP, no encounter action.",
    source=RULES_TEXT,
    uses=(),
)


def deepest_breathing_km(pr: int) -> Fraction:
    """Seed: "depths up to Power Roll divided by 4, kilometers" (12 → 3, 10 → 2.5)."""
    return Fraction(pr, DEPTH_DIVISOR)


def can_breathe_at(pr: int, depth_km: float) -> bool:
    return Fraction(str(depth_km)) <= deepest_breathing_km(pr)


def resists_pressure(entry: PowerEntry) -> bool:
    return entry.extra.get(PRESSURE_KEY) is True


def pressure_penalty(penalty: int, entry: PowerEntry) -> int:
    """Seed: "reduce the Bonus Pool penalty due to high pressure by the character's PR" (−15
    with PR 12: −3; −8: 0), only with ``pressure = true``."""
    if not resists_pressure(entry) or penalty >= 0:
        return penalty
    return min(0, penalty + int(entry.power_rating or 0))


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, BREATHE_WATER)
