"""Breathe Water (seed "Breathe Water"): ``mands_rulebook.powers.breathe_water``.

The power changes no roll of an encounter (its docstring says why); these are its numbers.
"""

from __future__ import annotations

from fractions import Fraction

import mands_rulebook.powers.breathe_water as breathe_water
from mands_rulebook.powers.breathe_water import (
    BREATHE_WATER,
    can_breathe_at,
    deepest_breathing_km,
    pressure_penalty,
)
from mands_sim.model.sheet import PowerEntry
from mands_sim.registry import collect_registries
from mands_sim.testing import PluginManagerFactory


def test_the_deepest_breathing_is_the_pr_over_4_km() -> None:
    """Seed: "depths up to Power Roll divided by 4, kilometers": 12 → 3 km, 10 → 2.5 km."""
    assert deepest_breathing_km(12) == 3
    assert deepest_breathing_km(10) == Fraction(5, 2)
    assert can_breathe_at(12, 3.0)
    assert not can_breathe_at(12, 3.1)


def test_pressure_resistance_takes_the_pr_off_the_penalty() -> None:
    """Seed: "reduce the Bonus Pool penalty due to high pressure by the character's PR", for the
    "fifty percent" (``pressure = true``): −15 with PR 12 → −3, −8 → 0; without: −15."""
    resists = PowerEntry("Breathe Water", 12, extra={"pressure": True})
    assert pressure_penalty(-15, resists) == -3
    assert pressure_penalty(-8, resists) == 0
    assert pressure_penalty(-15, PowerEntry("Breathe Water", 12)) == -15


def test_mands_register_powers_registers_it_with_no_action(
    plugin_manager_factory: PluginManagerFactory,
) -> None:
    """Seed: "This power does not use EP": registered as rules text, no action."""
    registries = collect_registries(plugin_manager_factory(breathe_water))
    assert registries.powers["Breathe Water"].source == "rules text"
    assert BREATHE_WATER.uses == ()
