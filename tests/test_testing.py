"""The pytest plugin for plugin authors (mands_sim.testing): its fixtures and marker."""

from __future__ import annotations

import types

import pytest

from mands_sim.api import hookimpl
from mands_sim.dice import ScriptedDice
from mands_sim.model.figured import FiguredAdjustment
from mands_sim.model.sheet import CharacterSheet
from mands_sim.plugins import DISABLE_ENV_VAR
from mands_sim.testing import (
    SAMPLE_SHEET,
    CharacterFactory,
    DiceFactory,
    PluginManagerFactory,
    sample_sheet,
)


class Keen:
    @hookimpl
    def mands_figured_adjustments(self, sheet: CharacterSheet) -> list[FiguredAdjustment]:
        return [FiguredAdjustment("perception", 3, "power:Keen")]


def test_plugin_manager_factory_loads_only_the_given_plugins(
    plugin_manager_factory: PluginManagerFactory,
) -> None:
    pm = plugin_manager_factory(keen=Keen())

    assert [info.name for info in pm.plugin_infos()] == ["keen"]


def test_plugin_manager_factory_names_a_positional_module_by_its_name(
    plugin_manager_factory: PluginManagerFactory,
) -> None:
    module = types.ModuleType("my_plugin")

    assert plugin_manager_factory(module).has_plugin("my_plugin")


def test_plugin_manager_factory_ignores_the_disable_variable(
    plugin_manager_factory: PluginManagerFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DISABLE_ENV_VAR, "keen")

    assert plugin_manager_factory(keen=Keen()).has_plugin("keen")


def test_scripted_dice_deals_the_given_faces(scripted_dice: DiceFactory) -> None:
    dice = scripted_dice([4, 9])

    assert (isinstance(dice, ScriptedDice), dice.face(10), dice.face(10)) == (True, 4, 9)


def test_character_factory_builds_the_sample_character(character_factory: CharacterFactory) -> None:
    assert character_factory().name == SAMPLE_SHEET["name"]


def test_character_factory_replaces_an_ability(character_factory: CharacterFactory) -> None:
    assert character_factory(strength=15).sheet.abilities.strength == 15


def test_character_factory_replaces_an_attribute(character_factory: CharacterFactory) -> None:
    assert character_factory(height=2.0).sheet.attributes.height == 2.0


def test_character_factory_applies_plugin_adjustments(
    character_factory: CharacterFactory, plugin_manager_factory: PluginManagerFactory
) -> None:
    plain = character_factory()

    keen = character_factory(plugin_manager_factory(keen=Keen()))

    assert keen.figured.perception == plain.figured.perception + 3


def test_sample_sheet_replaces_other_keys_at_the_top_level() -> None:
    assert sample_sheet(name="Grunt")["name"] == "Grunt"


def test_sample_sheet_leaves_the_sample_unchanged() -> None:
    sample_sheet(strength=99)

    assert SAMPLE_SHEET["abilities"]["strength"] != 99


def test_hook_marker_is_registered(pytestconfig: pytest.Config) -> None:
    assert any(line.startswith("hook(") for line in pytestconfig.getini("markers"))
