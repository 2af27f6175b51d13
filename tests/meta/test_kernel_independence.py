"""The kernel imports no ruleset (DESIGN.md "Plugins"; ``docs/rulesets.md``): the rulebook's
plugins, the Microlite ruleset's and any third party's arrive through the ``mands_sim`` entry
points only, so they can be listed, versioned, disabled and left out of another game's
scenario like any other. Not even the plugin API (``mands_sim.api``) imports one: each ruleset
declares its own kit beside it (``mands_rulebook.api``)."""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

import pytest

from mands_sim.hookspecs import ENTRY_POINT_GROUP
from tests.data.imports import imported_modules

KERNEL = Path(__file__).resolve().parents[2] / "src" / "mands_sim"
RULESETS = {"mands_rulebook", "mands_microlite"}
"""The rulesets' packages, named whether or not they are installed here."""


def plugin_packages() -> set[str]:
    """Every installed plugin's top-level package (the rulesets', the example plugin's …)."""
    found = importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)
    return {entry.value.split(":")[0].split(".")[0] for entry in found} - {"mands_sim"}


def ruleset_imports(path: Path) -> set[str]:
    packages = RULESETS | plugin_packages()
    return {m for m in imported_modules(path) if m.split(".")[0] in packages}


def test_the_rulebook_is_among_the_installed_plugin_packages() -> None:
    assert "mands_rulebook" in plugin_packages()


@pytest.mark.parametrize("path", sorted(KERNEL.rglob("*.py")), ids=lambda p: p.name)
def test_kernel_module_imports_no_ruleset(path: Path) -> None:
    assert not ruleset_imports(path)
