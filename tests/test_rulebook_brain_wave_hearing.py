"""Brain Wave Hearing (seed "Brain Wave Hearing"): ``mands_rulebook.powers.brain_wave_hearing``.

The power changes no roll of an encounter (its docstring says why); these are its numbers.
"""

from __future__ import annotations

from fractions import Fraction

import mands_rulebook.powers.brain_wave_hearing as brain_wave_hearing
from mands_rulebook.powers.brain_wave_hearing import (
    BRAIN_WAVE_HEARING,
    HEARING_MULTIPLIER,
    apparent_distance,
    mental_loudness,
)
from mands_sim.model.sheet import parse_sheet
from mands_sim.registry import collect_registries
from mands_sim.testing import PluginManagerFactory, sample_sheet


def test_the_hearing_multiplier_of_half_doubles_the_apparent_distance() -> None:
    """Seed: "a hearing multiplier of 1/2"; a multiplier divides the true distance ("Hearing"):
    10 m sound 20 m away."""
    assert Fraction(1, 2) == HEARING_MULTIPLIER
    assert apparent_distance(10) == 20.0
    assert apparent_distance(2.5) == 5.0


def test_learning_is_the_loudness_of_mental_speech() -> None:
    """Seed: "learning is substituted for strength for loudness": a copy of Seraph with Learning
    17 (Strength 11) thinks as loud as 17."""
    assert mental_loudness(parse_sheet(sample_sheet(learning=17))) == 17


def test_mands_register_powers_registers_it_with_no_action(
    plugin_manager_factory: PluginManagerFactory,
) -> None:
    """Seed: "This power does not use EP": registered as rules text, no action."""
    registries = collect_registries(plugin_manager_factory(brain_wave_hearing))
    assert registries.powers["Brain Wave Hearing"].source == "rules text"
    assert BRAIN_WAVE_HEARING.uses == ()
    assert not [name for name in registries.actions if name.startswith("brain-wave")]
