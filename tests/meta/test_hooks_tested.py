"""Every hook has a test (after Datasette's ``test_plugin_hooks_have_tests``).

The rule (docs/hooks.md "Every hook has a test"): some test function under ``tests/`` or an
example plugin's ``tests/`` either has the hook's name in its own name
(``test_mands_figured_adjustments_...``) or carries ``@pytest.mark.hook("<hook name>")`` —
as a decorator or in ``pytest.param(..., marks=...)`` — with the name written out literally.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from mands_sim.plugin_checks import hook_names
from mands_sim.plugins import make_plugin_manager

ROOT = Path(__file__).resolve().parents[2]
HOOKS = hook_names(make_plugin_manager(load_entry_points=False, environ={}))


def hook_mentions(source: str) -> set[str]:
    """Test function names and literal ``mark.hook(...)`` arguments in ``source``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            if node.name.startswith("test"):
                found.add(node.name)
        elif isinstance(node, ast.Call) and _is_hook_mark(node.func):
            found.update(
                a.value
                for a in node.args
                if isinstance(a, ast.Constant) and isinstance(a.value, str)
            )
    return found


def _is_hook_mark(func: ast.expr) -> bool:
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "hook"
        and isinstance(func.value, ast.Attribute)
        and func.value.attr == "mark"
    )


def all_mentions() -> set[str]:
    files = [*ROOT.glob("tests/**/test_*.py"), *ROOT.glob("plugins/**/tests/**/test_*.py")]
    return set().union(*(hook_mentions(path.read_text(encoding="utf-8")) for path in files))


MENTIONS = all_mentions()


@pytest.mark.parametrize("name", HOOKS)
def test_every_hook_has_a_test(name: str) -> None:
    assert any(name in mention for mention in MENTIONS), (
        f"no test for hook {name}: name a test after it or mark one @pytest.mark.hook({name!r})"
    )


def test_a_hook_mark_counts_as_a_mention() -> None:
    source = 'import pytest\n@pytest.mark.hook("mands_x")\ndef helper(): pass\n'

    assert hook_mentions(source) == {"mands_x"}


def test_a_test_name_counts_as_a_mention() -> None:
    assert hook_mentions("def test_mands_x_works(): pass\n") == {"test_mands_x_works"}
