"""The builtin plugins' ``@answers_actions`` declarations agree with the actions registered.

A declared implementation is not called for actions it does not name
(``mands_sim.plugin_calls.ActionDispatch``), so a plugin that registers a new action but forgets
to add it to its declarations would silently never initiate or resolve it. These checks catch
that, and a declared name no plugin registers (a typo).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mands_sim.hookspecs import ACTION_HOOKS
from mands_sim.plugin_calls import action_declarations
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import collect_registries

PM = make_plugin_manager(environ={})
REGISTRIES = collect_registries(PM)
DECLARED = action_declarations(PM)
OWN_ACTION_HOOKS = ("mands_action_initiate", "mands_action_resolve")


def registered_by(plugin: str) -> set[str]:
    return {entry.name for entry in REGISTRIES.actions.entries if entry.plugin == plugin}


def test_builtin_plugins_declare_the_actions_they_answer() -> None:
    assert len(DECLARED) >= 40


@pytest.mark.parametrize("plugin", sorted(DECLARED))
def test_a_declared_initiate_or_resolve_names_every_action_its_plugin_registers(
    plugin: str,
) -> None:
    own = registered_by(plugin)
    for hook in OWN_ACTION_HOOKS:
        declared = DECLARED[plugin].get(hook)
        if declared is not None:
            assert own <= declared, f"{plugin} {hook} leaves out {sorted(own - declared)}"


@pytest.mark.parametrize("plugin", sorted(DECLARED))
def test_every_declared_action_is_registered(plugin: str) -> None:
    known = set(REGISTRIES.actions.keys())
    for hook, names in DECLARED[plugin].items():
        assert names <= known, f"{plugin} {hook} declares unknown {sorted(names - known)}"


def test_the_hooks_doc_lists_every_hook_that_takes_a_declaration() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "hooks.md").read_text(encoding="utf-8")
    section = doc.split("### Answering only your own actions", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"^\| `(mands_\w+)` \|", section, re.MULTILINE))
    assert listed == set(ACTION_HOOKS)
