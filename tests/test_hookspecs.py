"""The hook specifications (mands_sim.hookspecs): naming, documentation, version, markers."""

from __future__ import annotations

import inspect
import re
import warnings

import pytest

import mands_sim
import mands_sim.api as api
from mands_sim import hookspecs
from mands_sim.hookspecs import (
    ACTION_HOOKS,
    HOOK_API_VERSION,
    HOOK_PREFIX,
    HookDeprecationWarning,
    answered_actions,
    answered_characters,
    answers_actions,
    answers_characters,
    hookimpl,
    hookspec,
)
from mands_sim.plugin_checks import hook_names
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import ENTRY_TYPES, Entry

SPECS = hook_names(make_plugin_manager(load_entry_points=False, environ={}))


def test_there_are_hook_specifications() -> None:
    assert SPECS


@pytest.mark.parametrize("name", SPECS)
def test_every_hook_name_follows_the_naming_convention(name: str) -> None:
    assert name.startswith(HOOK_PREFIX)


@pytest.mark.parametrize("name", SPECS)
def test_every_hook_docstring_describes_each_parameter(name: str) -> None:
    spec = getattr(hookspecs, name)

    documented = re.findall(r":param (\w+):", inspect.getdoc(spec) or "")

    assert documented == list(inspect.signature(spec).parameters)


@pytest.mark.parametrize("name", SPECS)
def test_every_hook_docstring_says_how_results_combine(name: str) -> None:
    assert "combine" in (inspect.getdoc(getattr(hookspecs, name)) or "")


def test_registration_hooks_are_exactly_those_of_the_entry_types() -> None:
    registration = [name for name in SPECS if name.startswith("mands_register_")]

    assert sorted(registration) == sorted(entry_type.hook for entry_type in ENTRY_TYPES)


@pytest.mark.parametrize("entry_type", ENTRY_TYPES, ids=lambda t: t.hook)
def test_registration_hooks_take_only_register(entry_type: type[Entry]) -> None:
    assert list(inspect.signature(getattr(hookspecs, entry_type.hook)).parameters) == ["register"]


def test_hook_api_version_is_major_dot_minor() -> None:
    assert re.fullmatch(r"\d+\.\d+", HOOK_API_VERSION)


def test_the_hook_markers_are_imported_from_the_plugin_api_only() -> None:
    """One way to import a thing: the API has them; the package no longer hands them on."""
    assert (api.hookimpl, api.answers_actions) == (hookimpl, answers_actions)
    assert not hasattr(mands_sim, "hookimpl")
    assert not hasattr(mands_sim, "answers_actions")


def test_deprecated_hook_warns_a_plugin_that_implements_it() -> None:
    class Retiring:
        @hookspec(warn_on_impl=HookDeprecationWarning("mands_old_hook is going away"))
        def mands_old_hook(self) -> None:
            """Old."""

    class Implementer:
        @hookimpl
        def mands_old_hook(self) -> None:
            pass

    pm = make_plugin_manager(load_entry_points=False, environ={})
    pm.add_hookspecs(Retiring)

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pm.register(Implementer(), "implementer")

    assert [type(w.message) for w in caught] == [HookDeprecationWarning]


def test_answers_actions_marks_the_implementation_with_the_actions_named() -> None:
    @answers_actions("punch", "kick")
    def mands_action_refusals() -> None:
        return None

    assert answered_actions(mands_action_refusals) == frozenset({"punch", "kick"})
    assert answered_actions(lambda: None) is None


def test_answers_characters_marks_the_implementation_with_its_test() -> None:
    def tired(character: object) -> bool:
        return True

    @answers_characters(tired)
    def mands_action_after() -> None:
        return None

    assert answered_characters(mands_action_after) is tired
    assert answered_characters(lambda: None) is None
    with pytest.raises(ValueError, match="a test of a character"):
        answers_characters("tired")  # type: ignore[arg-type]


def test_answers_actions_needs_action_names() -> None:
    with pytest.raises(ValueError, match="one or more action names"):
        answers_actions()
    with pytest.raises(ValueError, match="one or more action names"):
        answers_actions("")


@pytest.mark.parametrize("name", sorted(ACTION_HOOKS))
def test_every_action_hook_takes_the_argument_that_names_the_action(name: str) -> None:
    parameters = inspect.signature(getattr(hookspecs, name)).parameters
    assert ACTION_HOOKS[name] in parameters
