"""One way to import a thing: no module hands on a name it imports — neither in its ``__all__``
nor with the ``import name as name`` idiom — so every name is imported from the module that
defines it (``docs/design.md`` "Plugins"). Four modules are the exceptions, each the one public
way to what it hands on: ``mands_sim.api``, the plugin API; ``mands_rulebook.api``, the Men &
Supermen kit declared to that ruleset's plugin authors; and the packages ``mands_sim.scenario``
and ``mands_sim.adventure``, whose modules are private (``_load``, ``_spec``, ``_day`` …)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
RULEBOOK = SRC / "mands_rulebook"
CORE = SRC / "mands_sim"
ONE_PUBLIC_WAY = {
    CORE / "api.py",
    CORE / "scenario" / "__init__.py",
    CORE / "adventure" / "__init__.py",
}


def defined(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def handed_on(source: str) -> list[str]:
    """The imported names ``source`` re-exports: listed in ``__all__`` or aliased to themselves."""
    tree = ast.parse(source)
    found = [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if alias.asname == alias.name
    ]
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        value = getattr(node, "value", None)
        if value is not None and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in targets
        ):
            found += sorted(set(ast.literal_eval(value)) - defined(tree))
    return found


@pytest.mark.parametrize(
    "path",
    sorted(set(RULEBOOK.rglob("*.py")) - {RULEBOOK / "api.py"}),
    ids=lambda p: str(p.relative_to(RULEBOOK)),
)
def test_a_rulebook_module_hands_on_no_import(path: Path) -> None:
    assert handed_on(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    "path",
    sorted(set(CORE.rglob("*.py")) - ONE_PUBLIC_WAY),
    ids=lambda p: str(p.relative_to(CORE)),
)
def test_a_core_module_hands_on_no_import(path: Path) -> None:
    assert handed_on(path.read_text(encoding="utf-8")) == []


def test_the_scenario_package_hands_on_only_its_private_modules_names() -> None:
    tree = ast.parse((CORE / "scenario" / "__init__.py").read_text(encoding="utf-8"))
    sources = {
        node.module
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module != "__future__"
    }
    assert sources and all(module.startswith("mands_sim.scenario._") for module in sources)


def test_both_ways_of_handing_on_are_seen() -> None:
    source = (
        "from mands_rulebook.kit.damage import Blow as Blow, strike\n"
        "def own() -> None: ...\n"
        '__all__: list[str] = ["own", "strike"]\n'
    )
    assert handed_on(source) == ["Blow", "strike"]
