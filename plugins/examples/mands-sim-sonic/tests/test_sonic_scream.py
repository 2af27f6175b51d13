"""Tests of the Sonic Scream example plugin, written with the ``mands_sim.testing`` fixtures."""

from __future__ import annotations

import mands_sim_sonic

from mands_sim.registry import collect_registries
from mands_sim.testing import CharacterFactory, DiceFactory, PluginManagerFactory


def test_sonic_scream_is_registered_as_third_party_by_this_plugin(
    plugin_manager_factory: PluginManagerFactory,
) -> None:
    pm = plugin_manager_factory(sonic=mands_sim_sonic)

    entry = collect_registries(pm).powers["Sonic Scream"]

    assert (entry.plugin, entry.source) == ("sonic", "third party")


def test_deafness_lasts_the_total_of_the_dice(scripted_dice: DiceFactory) -> None:
    dice = scripted_dice([3, 4])

    assert mands_sim_sonic.SONIC_SCREAM.deafness_segments(dice) == 3 + 4


def test_a_screamer_gains_the_perception_bonus(
    plugin_manager_factory: PluginManagerFactory, character_factory: CharacterFactory
) -> None:
    pm = plugin_manager_factory(sonic=mands_sim_sonic)
    plain = character_factory(pm)

    screamer = character_factory(pm, powers={"Sonic Scream": {"power_rating": 12}})

    bonus = mands_sim_sonic.SONIC_SCREAM.perception_bonus
    assert screamer.figured.perception == plain.figured.perception + bonus
