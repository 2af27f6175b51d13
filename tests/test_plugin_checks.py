"""Strict loading (mands_sim.plugin_checks): what looks like a hook must be a valid hook."""

from __future__ import annotations

import types

import pytest

import mands_sim
from mands_sim.api import hookimpl
from mands_sim.errors import PluginValidationError
from mands_sim.plugins import MandsPluginManager, make_plugin_manager
from mands_sim.registry import Register


def plugin(name: str, **functions: object) -> types.ModuleType:
    """A plugin module called ``name`` holding ``functions``."""
    module = types.ModuleType(name)
    for attribute, function in functions.items():
        setattr(module, attribute, function)
    return module


def load(*plugins: object) -> MandsPluginManager:
    return make_plugin_manager(extra_plugins=plugins, load_entry_points=False, environ={})


@hookimpl
def mands_register_power(register: Register) -> None:  # the hook is mands_register_powers
    pass


@hookimpl
def mands_register_powers(register: Register) -> None:
    pass


def test_misspelled_hook_fails_loading_naming_plugin_and_hook() -> None:
    with pytest.raises(PluginValidationError) as raised:
        load(plugin("misspelled", mands_register_power=mands_register_power))

    assert (raised.value.plugin, raised.value.hook) == ("misspelled", "mands_register_power")


def test_misspelled_hook_message_suggests_the_real_hook() -> None:
    with pytest.raises(PluginValidationError, match="did you mean 'mands_register_powers'"):
        load(plugin("misspelled", mands_register_power=mands_register_power))


def test_unmarked_function_with_hook_prefix_fails_loading() -> None:
    def mands_register_skills(register: Register) -> None:
        pass

    unmarked = plugin("unmarked", mands_register_skills=mands_register_skills)

    with pytest.raises(
        PluginValidationError, match=r"not marked with @hookimpl \(mands_sim\.api\)"
    ) as err:
        load(unmarked)

    assert err.value.plugin == "unmarked"


def test_unmarked_method_with_hook_prefix_fails_loading() -> None:
    class Unmarked:
        def mands_register_policies(self, register: Register) -> None:
            pass

    with pytest.raises(PluginValidationError, match="mands_register_policies"):
        make_plugin_manager(extra_plugins={"unmarked": Unmarked()}, load_entry_points=False)


def test_parameter_the_hook_lacks_fails_loading() -> None:
    @hookimpl
    def mands_register_charts(register: Register, defaults: object) -> None:
        pass

    with pytest.raises(PluginValidationError, match="'defaults'") as raised:
        load(plugin("extra_param", mands_register_charts=mands_register_charts))

    assert (raised.value.plugin, raised.value.hook) == ("extra_param", "mands_register_charts")


def test_parameter_with_default_the_hook_lacks_fails_loading() -> None:
    @hookimpl
    def mands_register_charts(register: Register, defaults: object = None) -> None:
        pass

    with pytest.raises(PluginValidationError, match="'defaults'"):
        load(plugin("extra_default", mands_register_charts=mands_register_charts))


def test_implementation_may_take_fewer_parameters_than_the_hook() -> None:
    @hookimpl
    def mands_register_actions() -> None:
        pass

    pm = load(plugin("no_params", mands_register_actions=mands_register_actions))

    assert pm.has_plugin("no_params")


def test_optionalhook_marks_an_implementation_of_a_hook_that_may_not_exist() -> None:
    @hookimpl(optionalhook=True)
    def mands_future_hook() -> None:
        pass

    pm = load(plugin("hopeful", mands_future_hook=mands_future_hook))

    assert pm.has_plugin("hopeful")


def test_specname_is_checked_instead_of_the_function_name() -> None:
    @hookimpl(specname="mands_register_skils")
    def add_skills(register: Register) -> None:
        pass

    with pytest.raises(PluginValidationError, match="mands_register_skils"):
        load(plugin("by_specname", add_skills=add_skills))


def test_imported_modules_with_hook_prefix_do_not_look_like_hooks() -> None:
    pm = load(plugin("importer", mands_sim=mands_sim, mands_register_powers=mands_register_powers))

    assert pm.has_plugin("importer")


def test_unprefixed_unmarked_functions_are_ordinary_helpers() -> None:
    def helper() -> None:
        pass

    pm = load(plugin("helpful", helper=helper))

    assert pm.has_plugin("helpful")


def test_properties_are_not_run_while_checking() -> None:
    class Touchy:
        @property
        def mands_register_powers(self) -> None:
            raise AssertionError("a property was evaluated while looking for hooks")

    pm = make_plugin_manager(extra_plugins={"touchy": Touchy()}, load_entry_points=False)

    assert pm.has_plugin("touchy")


def test_failing_plugin_registers_none_of_its_hooks() -> None:
    pm = load()
    bad = plugin(
        "half_bad",
        mands_register_powers=mands_register_powers,
        mands_register_power=mands_register_power,
    )

    with pytest.raises(PluginValidationError):
        pm.register(bad, "half_bad")

    assert pm.hook.mands_register_powers.get_hookimpls() == []
