"""Each action's intent options: its own, ``power`` on a power's use, and those plugins declare
with ``mands_action_options``, merged by the stated rule."""

from __future__ import annotations

import pytest

from mands_sim.action_options import POWER_ENTRY, Declared, merged
from mands_sim.actions import ActionDefinition, ActionOption
from mands_sim.api import hookimpl
from mands_sim.errors import PluginValidationError
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import Register, Registries, collect_registries

TAUNT = ActionDefinition(
    "taunt", 10, options=(ActionOption("insult", "text", "what is said"),), summary="provoke"
)
HEX = ActionDefinition("hex-bolt", 20, power="Hexing", summary="a hex")
LOUD = ActionOption("loudness", "number", "how loud")


class Taunting:
    @hookimpl
    def mands_register_actions(self, register: Register) -> None:
        register(TAUNT.name, TAUNT, summary="provoke")
        register(HEX.name, HEX, summary="a hex")


class Shouting:
    def __init__(self, *options: ActionOption) -> None:
        self.options = list(options)

    @hookimpl
    def mands_action_options(self, action: ActionDefinition) -> list[ActionOption] | None:
        return self.options if action.name == TAUNT.name else None


def registries(**plugins: object) -> Registries:
    pm = make_plugin_manager(
        load_entry_points=False, environ={}, extra_plugins={"taunting": Taunting(), **plugins}
    )
    return collect_registries(pm)


def test_mands_action_options_adds_to_the_actions_own_sorted_by_name() -> None:
    found = registries(shouting=Shouting(LOUD)).options_of(TAUNT.name)

    assert found == (TAUNT.options[0], LOUD)


def test_mands_action_options_is_asked_about_every_action() -> None:
    found = registries(shouting=Shouting(LOUD))

    assert found.options_of(HEX.name) == (POWER_ENTRY,)


def test_mands_action_options_declaring_an_option_twice_names_both_plugins() -> None:
    with pytest.raises(PluginValidationError) as caught:
        registries(a_shouting=Shouting(LOUD), b_shouting=Shouting(LOUD))

    assert caught.value.plugin == "b_shouting"
    assert "'loudness' of action 'taunt', which a_shouting declares already" in str(caught.value)


def test_mands_action_options_may_not_redeclare_the_actions_own() -> None:
    with pytest.raises(PluginValidationError) as caught:
        registries(shouting=Shouting(ActionOption("insult", "flag")))

    assert {caught.value.plugin, str(caught.value).rsplit("which ", 1)[1]} == {
        "taunting",
        "shouting declares already",
    }


def test_mands_action_options_must_return_options() -> None:
    class Wrong:
        @hookimpl
        def mands_action_options(self, action: ActionDefinition) -> object:
            return "loudness"

    with pytest.raises(PluginValidationError, match="must return a list of ActionOption"):
        registries(wrong=Wrong())


def test_a_powers_use_declares_the_power_entry() -> None:
    assert registries().options_of(HEX.name) == (POWER_ENTRY,)


def test_an_unknown_action_has_no_options() -> None:
    assert registries().options_of("juggle") == ()


def test_merging_does_not_depend_on_the_order_declared() -> None:
    a, b = Declared(LOUD, "p"), Declared(TAUNT.options[0], "q")

    assert merged("taunt", [a, b]) == merged("taunt", [b, a]) == (TAUNT.options[0], LOUD)
