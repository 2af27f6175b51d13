"""docs/hooks.md keeps up with the hook specifications (after Datasette's tests/test_docs.py).

Every hook has a heading written as its exact signature, ``## mands_register_powers(register)``,
and every such heading names a hook that exists.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from mands_sim import hookspecs
from mands_sim.hookspecs import HOOK_API_VERSION
from mands_sim.plugin_checks import hook_names
from mands_sim.plugins import DISABLE_ENV_VAR, TRACE_ENV_VAR, make_plugin_manager

DOCS = Path(__file__).resolve().parents[2] / "docs"
HOOKS_DOC = (DOCS / "hooks.md").read_text(encoding="utf-8")
HOOKS = hook_names(make_plugin_manager(load_entry_points=False, environ={}))
HEADING = re.compile(r"^## (mands_\w+)\((.*)\)\s*$", re.MULTILINE)


def signature(name: str) -> str:
    """The heading a hook must have: its name and parameter names."""
    return f"{name}({', '.join(inspect.signature(getattr(hookspecs, name)).parameters)})"


def documented() -> dict[str, str]:
    return {match[1]: f"{match[1]}({match[2]})" for match in HEADING.finditer(HOOKS_DOC)}


@pytest.mark.parametrize("name", HOOKS)
def test_every_hook_has_a_heading_with_its_exact_signature(name: str) -> None:
    assert documented().get(name) == signature(name)


def test_no_heading_names_a_hook_that_does_not_exist() -> None:
    assert sorted(set(documented()) - set(HOOKS)) == []


def test_hooks_doc_states_the_hook_api_version() -> None:
    assert f"`{HOOK_API_VERSION}`" in HOOKS_DOC


@pytest.mark.parametrize("variable", [DISABLE_ENV_VAR, TRACE_ENV_VAR])
def test_tutorial_names_the_environment_variables(variable: str) -> None:
    assert variable in (DOCS / "writing-plugins.md").read_text(encoding="utf-8")
