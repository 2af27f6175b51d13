"""The kernel never imports the rulebook plugins (DESIGN.md "Plugins"): they arrive through the
``mands_sim`` entry points only, so they can be listed, versioned and disabled like any other.
The one module of ``mands_sim`` that imports ``mands_rulebook`` is the plugin API's facade,
``mands_sim.api``, and only the rulebook's kit (``docs/api.md``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.data.imports import imported_modules

KERNEL = Path(__file__).resolve().parents[2] / "src" / "mands_sim"
RULEBOOK = "mands_rulebook"


API = KERNEL / "api.py"
KIT = f"{RULEBOOK}.kit"
"""The rulebook's kit: the one package of it the plugin API (``mands_sim.api``) declares."""


def rulebook_imports(path: Path) -> set[str]:
    return {m for m in imported_modules(path) if m == RULEBOOK or m.startswith(f"{RULEBOOK}.")}


@pytest.mark.parametrize(
    "path", sorted(p for p in KERNEL.rglob("*.py") if p != API), ids=lambda p: p.name
)
def test_kernel_module_does_not_import_the_rulebook(path: Path) -> None:
    assert not rulebook_imports(path)


def test_the_plugin_api_imports_only_the_rulebooks_kit() -> None:
    """``mands_sim.api`` declares the kit to plugin authors; it never imports a plugin module
    for its hooks (a library import registers nothing: hooks come through entry points)."""
    imported = rulebook_imports(API)
    assert imported
    assert [m for m in imported if not m.startswith(f"{KIT}.")] == []
