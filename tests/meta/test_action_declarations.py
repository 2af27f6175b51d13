"""The builtin plugins' actions carry their own rules, and their ``@answers_actions``
declarations name only actions that are registered.

An action's own rules travel with its registered definition (``ActionDefinition.initiate`` and
``resolve``): a builtin action registered without them would start with no roll and do nothing.
A declared hook implementation is not called for actions it does not name
(``mands_sim.plugin_calls.ActionDispatch``), so a declared name no plugin registers (a typo) is
a rule that never applies.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mands_sim.actions import ActionDefinition
from mands_sim.hookspecs import ACTION_HOOKS
from mands_sim.plugin_calls import action_declarations
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import ActionEntry, collect_registries

PM = make_plugin_manager(environ={})
REGISTRIES = collect_registries(PM)
DECLARED = action_declarations(PM)
BUILTIN = [entry for entry in REGISTRIES.actions.entries if entry.plugin.startswith("mands_")]


def test_builtin_plugins_declare_the_actions_they_answer() -> None:
    assert len(DECLARED) >= 40


@pytest.mark.parametrize("entry", BUILTIN, ids=lambda entry: entry.name)
def test_every_builtin_action_is_registered_with_its_own_rules(entry: ActionEntry) -> None:
    definition = entry.payload
    assert isinstance(definition, ActionDefinition)
    assert definition.initiate is not None, f"{entry.plugin} registers {entry.name} without rules"
    assert definition.resolve is not None, f"{entry.plugin} registers {entry.name} without rules"


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
