"""The plugin manager factory (mands_sim.plugins): loading, naming, disabling, tracing."""

from __future__ import annotations

import dataclasses
import gc
import importlib.metadata
import types
from pathlib import Path

import pytest

from mands_sim.api import hookimpl
from mands_sim.errors import PluginError, PluginValidationError
from mands_sim.events import Event
from mands_sim.plugins import (
    DISABLE_ENV_VAR,
    TRACE_ENV_VAR,
    MandsPluginManager,
    check_event_classes,
    disabled_from_environment,
    event_classes,
    installed_entry_points,
    make_plugin_manager,
    named_plugins,
    plugin_module,
)
from mands_sim.registry import Register
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

BUILTIN = "mands_rulebook.combat.charts"


class Quiet:
    @hookimpl
    def mands_register_powers(self, register: Register) -> None:
        pass


def fake_entry_point(name: str, value: str) -> importlib.metadata.EntryPoint:
    return importlib.metadata.EntryPoint(name, value, "mands_sim")


def names(pm: MandsPluginManager) -> list[str]:
    return [info.name for info in pm.plugin_infos()]


def test_builtins_are_loaded_from_the_mands_sim_entry_points() -> None:
    pm = make_plugin_manager(environ={})

    assert BUILTIN in names(pm)


def test_builtin_is_listed_with_its_distribution_and_version() -> None:
    info = next(i for i in make_plugin_manager(environ={}).plugin_infos() if i.name == BUILTIN)

    assert (info.origin, info.distribution, info.version) == (
        "builtin",
        "mands-sim",
        importlib.metadata.version("mands-sim"),
    )


def test_each_call_builds_a_fresh_manager() -> None:
    first = make_plugin_manager(extra_plugins={"quiet": Quiet()}, environ={})

    second = make_plugin_manager(environ={})

    assert first is not second and "quiet" not in names(second)


def test_a_given_plugin_named_as_an_installed_one_replaces_it() -> None:
    """A plugin's tests register its working copy under its installed name."""
    quiet = Quiet()
    pm = make_plugin_manager(extra_plugins={BUILTIN: quiet}, environ={})

    assert pm.get_plugin(BUILTIN) is quiet and names(pm).count(BUILTIN) == 1


def test_without_entry_points_only_the_given_plugins_load() -> None:
    pm = make_plugin_manager(extra_plugins={"quiet": Quiet()}, load_entry_points=False, environ={})

    assert names(pm) == ["quiet"]


def test_plugin_info_lists_the_hooks_a_plugin_implements() -> None:
    pm = make_plugin_manager(extra_plugins={"quiet": Quiet()}, load_entry_points=False, environ={})

    assert pm.plugin_infos()[0].hooks == ("mands_register_powers",)


def test_directly_registered_plugin_is_listed_as_such_with_its_module() -> None:
    pm = make_plugin_manager(extra_plugins={"quiet": Quiet()}, load_entry_points=False, environ={})

    info = pm.plugin_infos()[0]

    assert (info.origin, info.module) == ("registered directly", f"{__name__}.Quiet")


def test_disabling_a_builtin_by_name_removes_it() -> None:
    pm = make_plugin_manager(disabled=[BUILTIN], environ={})

    assert BUILTIN not in names(pm) and pm.disabled() == (BUILTIN,)


def test_disabling_by_environment_variable_removes_a_builtin() -> None:
    pm = make_plugin_manager(environ={DISABLE_ENV_VAR: f" {BUILTIN} ,"})

    assert BUILTIN not in names(pm)


def test_disabling_an_unknown_name_fails_naming_it() -> None:
    with pytest.raises(PluginError, match="cannot be disabled") as raised:
        make_plugin_manager(disabled=["mands_rulebook.combat.chrats"], environ={})

    assert raised.value.plugin == "mands_rulebook.combat.chrats"
    assert 'did you mean "mands_rulebook.combat.charts"?' in str(raised.value)
    with pytest.raises(PluginError) as far:  # nothing close: a short listing, not a hundred
        make_plugin_manager(disabled=["zzz"], environ={})
    assert "one of: " in str(far.value) and "more (mands-sim plugins lists them)" in str(far.value)


def test_disabling_applies_to_directly_registered_plugins() -> None:
    pm = make_plugin_manager(
        disabled=["quiet"], extra_plugins={"quiet": Quiet()}, load_entry_points=False, environ={}
    )

    assert names(pm) == []


def test_disabled_from_environment_splits_on_commas() -> None:
    assert disabled_from_environment({DISABLE_ENV_VAR: "a, b,,c "}) == ("a", "b", "c")


def test_trace_environment_variable_prints_hook_calls(capsys: pytest.CaptureFixture[str]) -> None:
    pm = make_plugin_manager(
        extra_plugins={"quiet": Quiet()}, load_entry_points=False, environ={TRACE_ENV_VAR: "1"}
    )

    pm.hook.mands_register_powers(register=None)

    assert "mands-sim trace: mands_register_powers(register=None)" in capsys.readouterr().err


def test_without_the_trace_variable_nothing_is_printed(capsys: pytest.CaptureFixture[str]) -> None:
    pm = make_plugin_manager(extra_plugins={"quiet": Quiet()}, load_entry_points=False, environ={})

    pm.hook.mands_register_powers(register=None)

    assert capsys.readouterr().err == ""


def test_two_plugins_with_one_name_fail() -> None:
    pm = make_plugin_manager(extra_plugins={"quiet": Quiet()}, load_entry_points=False, environ={})

    with pytest.raises(PluginValidationError, match="another plugin has this name"):
        pm.register(Quiet(), "quiet")


def test_entry_point_that_cannot_be_imported_fails_naming_the_plugin(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    broken = fake_entry_point("broken", "mands_sim_no_such_module")
    monkeypatch.setattr("mands_sim.plugins.installed_entry_points", lambda: (broken,))

    with pytest.raises(PluginError, match="cannot be imported") as raised:
        make_plugin_manager(environ={})

    assert raised.value.plugin == "broken"


def test_disabled_entry_point_is_not_even_imported(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = fake_entry_point("broken", "mands_sim_no_such_module")
    monkeypatch.setattr("mands_sim.plugins.installed_entry_points", lambda: (broken,))

    pm = make_plugin_manager(disabled=["broken"], environ={})

    assert names(pm) == []


def test_installed_entry_points_are_sorted_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    found = [fake_entry_point("b", "mands_rulebook"), fake_entry_point("a", "mands_sim")]
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: found)

    assert [ep.name for ep in installed_entry_points()] == ["a", "b"]


def test_two_installed_plugins_with_one_name_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    found = [fake_entry_point("twin", "mands_rulebook"), fake_entry_point("twin", "mands_sim")]
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: found)

    with pytest.raises(PluginValidationError, match="two installed plugins have this name"):
        installed_entry_points()


def test_entry_point_plugins_are_registered_in_name_order(monkeypatch: pytest.MonkeyPatch) -> None:
    found = [fake_entry_point("b", "mands_rulebook"), fake_entry_point("a", "mands_sim")]
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: found)

    pm = make_plugin_manager(environ={})

    assert [name for name, _ in pm.list_name_plugin()] == ["a", "b"]


def test_named_plugins_names_a_module_by_its_name() -> None:
    module = types.ModuleType("my_plugin")

    assert named_plugins([module]) == [("my_plugin", module)]


def test_plugin_module_of_an_instance_is_its_class_path() -> None:
    assert plugin_module(Quiet()) == f"{__name__}.Quiet"


class Needy:
    """Requires a plugin that may be missing."""

    def __init__(self, needed: str) -> None:
        self.needed = needed

    @hookimpl
    def mands_requires(self) -> list[str]:
        return [self.needed]


def test_mands_requires_a_disabled_plugin_fails_before_any_run_naming_both() -> None:
    """The bundled armed fight without the weapons' plugin: the armed policy says so at once,
    instead of every run failing on a ``draw-weapon`` nobody registers."""
    spec = load_scenario(Path(__file__).parents[1] / "scenarios" / "armed_fight.toml")
    with pytest.raises(
        PluginValidationError,
        match=r"plugin 'mands_rulebook.policies.armed'.*requires plugin "
        r"'mands_rulebook.combat.weapons', "
        "which is disabled",
    ):
        Simulation(spec, disabled=("mands_rulebook.combat.weapons",)).prepare()


def test_mands_requires_a_plugin_not_installed_or_met() -> None:
    spec = load_scenario(Path(__file__).parents[1] / "scenarios" / "grunts.toml")
    missing = Simulation(spec, extra_plugins={"needy": Needy("no-such-plugin")})
    with pytest.raises(
        PluginValidationError, match=r"'needy'.*'no-such-plugin', which is not installed"
    ):
        missing.prepare()
    met = Simulation(spec, extra_plugins={"needy": Needy("mands_rulebook.combat.fists")})
    assert met.prepare().pm.get_plugin("needy") is not None


def test_mands_requires_an_optional_rule_the_scenario_must_switch_on() -> None:
    """``optional-rule:<name>`` names an optional rule: unmet until ``[rules] optional`` has it."""
    scenarios = Path(__file__).parents[1] / "scenarios"
    needy = {"needy": Needy("optional-rule:editing-points")}
    off = Simulation(load_scenario(scenarios / "grunts.toml"), extra_plugins=needy)
    with pytest.raises(
        PluginValidationError,
        match=r"'needy'.*requires the optional rule 'editing-points', which the scenario does not "
        "switch on",
    ):
        off.prepare()
    on = Simulation(load_scenario(scenarios / "grunts_editing_points.toml"), extra_plugins=needy)
    assert on.prepare().pm.get_plugin("optional-rule:editing-points") is not None


# --- event classes -------------------------------------------------------------------------------


def roar_plugin() -> types.ModuleType:
    """A plugin module ``loud_plugin`` defining an event class ``Roar`` that is no dataclass."""
    plugin = types.ModuleType("loud_plugin")
    plugin.Roar = type("Roar", (Event,), {"kind": "roar", "__module__": "loud_plugin"})  # type: ignore[attr-defined]
    return plugin


def test_check_event_classes_refuses_an_event_that_is_not_a_frozen_dataclass() -> None:
    """The log writes an event's dataclass fields and an event never changes once logged: a
    plugin's event class that is not a dataclass fails naming the plugin and the class (a
    dataclass that is not frozen cannot subclass ``Event`` at all)."""
    pm = make_plugin_manager(
        extra_plugins={"loud_plugin": roar_plugin()}, load_entry_points=False, environ={}
    )
    with pytest.raises(PluginValidationError, match="must be a frozen dataclass") as raised:
        check_event_classes(pm)
    assert raised.value.plugin == "loud_plugin"
    assert "event class Roar" in str(raised.value)
    del pm, raised  # forget Roar: an Event subclass lives until nothing refers to it
    gc.collect()
    assert "Roar" not in {cls.__name__ for cls in event_classes()}


def test_check_event_classes_passes_the_installed_plugins_events() -> None:
    """Every builtin event (the kernel's and the rulebook's) is a frozen dataclass."""
    check_event_classes(make_plugin_manager(environ={}))
    assert any(cls.__module__.startswith("mands_rulebook.") for cls in event_classes())


def test_an_event_class_whose_definition_was_refused_is_no_event_class() -> None:
    """Until it is garbage-collected, a class ``Event`` refused (no ``kind``) is still among
    its subclasses: the check of event classes must not see it, whenever it is collected."""
    gc.disable()
    try:
        with pytest.raises(TypeError, match="must name its kind"):

            @dataclasses.dataclass(frozen=True, slots=True)
            class Unnamed(Event):
                character: str

        lingering = [c for c in Event.__subclasses__() if c.__name__ == "Unnamed"]
        assert lingering  # not collected yet: the case the check must survive
        assert not any(c.__name__ == "Unnamed" for c in event_classes())
        check_event_classes(make_plugin_manager(load_entry_points=False))
    finally:
        gc.enable()
