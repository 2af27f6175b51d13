"""Rulesets: each plugin's game, and a scenario keeping only the plugins of its own."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mands_sim.api import hookimpl
from mands_sim.errors import (
    PluginHookError,
    PluginValidationError,
    ScenarioError,
    ScenarioProblems,
)
from mands_sim.events import Event, OutOfAction, to_json_line
from mands_sim.kernel.encounter import Encounter
from mands_sim.plugins import make_plugin_manager
from mands_sim.rulesets import (
    ANY_RULESET,
    DEFAULT_RULESET,
    known_rulesets,
    plugin_rulesets,
)
from mands_sim.scenario import load_scenario, scenario_data
from mands_sim.scenario._load import parse_scenario
from mands_sim.simulation import Simulation
from mands_sim.testing import PluginManagerFactory

SCENARIO = Path(__file__).parent.parent / "scenarios" / "seraph_vs_sphinx.toml"
INSTALLED = {DEFAULT_RULESET, "microlite"}


class Declares:
    """A plugin of ``ruleset`` that ends the fight at once: loaded, it shows."""

    def __init__(self, ruleset: str | None) -> None:
        self.ruleset = ruleset

    @hookimpl
    def mands_ruleset(self) -> str | None:
        return self.ruleset

    @hookimpl
    def mands_status_check(self, encounter: Encounter, actor: str) -> list[Event]:
        return [OutOfAction(encounter.now, actor, "unconscious")]


class Silent:
    """A plugin that does not say which ruleset it plays."""

    @hookimpl
    def mands_requires(self) -> list[str] | None:
        return None


def log(scenario_ruleset_plugins: dict[str, object]) -> str:
    events: list[Event] = []
    simulation = Simulation(load_scenario(SCENARIO), seed=3, extra_plugins=scenario_ruleset_plugins)
    simulation.run(observers=[events.append])
    return "".join(to_json_line(event) + "\n" for event in events)


@pytest.mark.hook("mands_ruleset")
def test_mands_ruleset_a_plugin_that_does_not_say_plays_men_and_supermen(
    plugin_manager_factory: PluginManagerFactory,
) -> None:
    pm = plugin_manager_factory(
        silent=Silent(), toy=Declares("toy"), every=Declares(ANY_RULESET), mands=Declares(None)
    )
    assert plugin_rulesets(pm) == {
        "silent": DEFAULT_RULESET,
        "toy": "toy",
        "every": ANY_RULESET,
        "mands": DEFAULT_RULESET,
    }
    assert known_rulesets(plugin_rulesets(pm).values()) == (DEFAULT_RULESET, "toy")


@pytest.mark.parametrize("answer", ["", "two words", "-lead", "x" * 41, 7, ["toy"], "toy\n"])
def test_an_answer_that_is_not_a_ruleset_name_is_refused_naming_the_plugin(
    plugin_manager_factory: PluginManagerFactory, answer: object
) -> None:
    with pytest.raises(PluginValidationError, match=r"plugin 'odd' in hook 'mands_ruleset'"):
        managed(None, odd=Declares(answer))  # type: ignore[arg-type]


def managed(ruleset: str | None, **plugins: object) -> list[str]:
    """The names of the plugins a manager for ``ruleset`` registers of ``plugins``."""
    pm = make_plugin_manager(
        extra_plugins=plugins, load_entry_points=False, environ={}, ruleset=ruleset
    )
    return sorted(name for name, _ in pm.list_name_plugin())


def test_a_manager_registers_only_the_plugins_of_its_ruleset_and_of_any() -> None:
    plugins = {
        "silent": Silent(),
        "toy": Declares("toy"),
        "every": Declares(ANY_RULESET),
        "other": Declares("other"),
    }
    assert managed("toy", **plugins) == ["every", "toy"]
    assert managed(DEFAULT_RULESET, **plugins) == ["every", "silent"]
    assert managed(None, **plugins) == ["every", "other", "silent", "toy"]


def test_a_ruleset_no_plugin_plays_is_a_scenario_error_at_its_key() -> None:
    with pytest.raises(ScenarioError) as caught:
        managed("toy-gme", toy=Declares("toy-game"))
    assert caught.value.key == "ruleset"
    assert "men-and-supermen, toy-game" in str(caught.value)
    assert 'did you mean "toy-game"?' in str(caught.value)


class Crashes:
    @hookimpl
    def mands_ruleset(self) -> str:
        raise RuntimeError("no idea")


def test_a_plugin_that_crashes_saying_its_ruleset_is_named() -> None:
    with pytest.raises(PluginHookError, match=r"plugin 'crashes' in hook 'mands_ruleset'.*no idea"):
        managed(None, crashes=Crashes())


def test_each_installed_plugin_plays_the_game_of_its_package() -> None:
    """The rulebook's plugins say nothing (the default), the Microlite package's say
    ``microlite``; a scenario that names no ruleset leaves out exactly the Microlite ones."""
    rulesets = plugin_rulesets(make_plugin_manager(environ={}, ruleset=None))
    for name, ruleset in rulesets.items():
        expected = "microlite" if name.startswith("mands_microlite.") else DEFAULT_RULESET
        assert ruleset in {expected, ANY_RULESET}, name
    microlite = {name for name, own in rulesets.items() if own == "microlite"}
    assert microlite
    kept = plugin_rulesets(make_plugin_manager(environ={}))
    assert set(kept) == set(rulesets) - microlite


def test_a_plugin_of_another_ruleset_does_not_touch_a_men_and_supermen_fight() -> None:
    """The plugin of another game would end the fight at once; left out, the log is the log
    without it, byte for byte. Declared for any ruleset, it plays."""
    plain = log({})
    assert log({"toy": Declares("toy")}) == plain
    everyone = log({"every": Declares(ANY_RULESET)})
    assert everyone != plain
    assert '"kind":"out-of-action"' in everyone


def test_a_scenario_reads_its_ruleset_and_defaults_to_men_and_supermen() -> None:
    data = scenario_data(SCENARIO)
    assert parse_scenario(data, path=SCENARIO).ruleset == DEFAULT_RULESET
    named = parse_scenario({**data, "ruleset": DEFAULT_RULESET}, path=SCENARIO)
    assert named.ruleset == DEFAULT_RULESET


@given(st.text(min_size=1, max_size=45).filter(lambda name: name not in INSTALLED))
def test_a_ruleset_no_plugin_plays_is_refused_at_its_key(name: str) -> None:
    """Whatever the name, misspelt, not a name at all or of a game not installed: the scenario
    is refused at its ``ruleset`` key, before its sheets are read as another game's."""
    data = {**scenario_data(SCENARIO), "ruleset": name}
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(data, path=SCENARIO)
    problems = getattr(caught.value, "problems", None)
    keys = {p.key for p in problems} if problems else {caught.value.key}
    assert keys == {"ruleset"}


def test_a_scenario_of_an_unknown_ruleset_fails_before_any_run() -> None:
    scenario = dataclasses.replace(load_scenario(SCENARIO), ruleset="microlit")
    with pytest.raises(ScenarioError) as caught:
        Simulation(scenario, extra_plugins={"toy": Declares("microlite")}).prepare()
    assert caught.value.key == "ruleset"
    assert caught.value.path == SCENARIO
    assert 'did you mean "microlite"?' in str(caught.value)


def test_a_scenario_of_another_ruleset_loads_none_of_the_rulebook() -> None:
    """Played by ``toy``, the Men & Supermen plugins are gone: none of their policies, outcome
    conditions or powers is there for the scenario's names."""
    scenario = dataclasses.replace(load_scenario(SCENARIO), ruleset="toy")
    with pytest.raises(ScenarioProblems) as caught:
        Simulation(scenario, extra_plugins={"toy": Declares("toy")}).prepare()
    message = str(caught.value)
    assert 'not "nearest-enemy"; one of: none' in message
    assert 'not "side-out-of-action"; one of: none' in message
    assert 'not "Electric Power"; one of: none' in message
