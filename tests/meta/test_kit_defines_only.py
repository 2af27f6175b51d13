"""The rulebook's kit (``mands_rulebook.kit``) holds the rules as functions and values: no module
of it implements a hook, so the chapters' plugins register every rule and a kit module can be
imported by any of them without registering anything twice (``docs/design.md`` "Plugins")."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import mands_rulebook.kit
from tests.data.hook_impls import hook_implementations

KIT_MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(mands_rulebook.kit.__path__, prefix="mands_rulebook.kit.")
)


def test_the_kit_has_its_modules() -> None:
    """The walk finds the kit's packages and modules (a vacuous pass would hide a broken walk)."""
    assert {"mands_rulebook.kit.damage", "mands_rulebook.kit.weapons.table"} <= set(KIT_MODULES)


@pytest.mark.parametrize("name", KIT_MODULES)
def test_a_kit_module_implements_no_hook(name: str) -> None:
    assert sorted(hook_implementations(importlib.import_module(name))) == []
