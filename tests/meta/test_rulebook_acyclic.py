"""The rulebook's modules import one another without a cycle (``docs/design.md`` "Plugins"):
a rule sits below the rules and policies that build on it, so each can be read, tested and
left out from the bottom up. Imports inside functions count too: they are where a cycle hides.
The layers themselves are import-linter's contracts in ``pyproject.toml`` (``lint-imports`` in
``.ci/run``)."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

SRC = Path(__file__).resolve().parents[2] / "src"
RULEBOOK = SRC / "mands_rulebook"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, modules: set[str]) -> set[str]:
    """The rulebook modules ``path`` imports (a name imported from a package may be a module)."""
    me = module_name(path)
    package = me.split(".") if path.name == "__init__.py" else me.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.update(c for c in [target, *(f"{target}.{a.name}" for a in node.names)])
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {m for m in found if m in modules and m != me}


def graph() -> nx.DiGraph:
    paths = {module_name(p): p for p in RULEBOOK.rglob("*.py")}
    modules = set(paths)
    g = nx.DiGraph()
    g.add_nodes_from(modules)
    g.add_edges_from((m, other) for m, p in paths.items() for other in imports(p, modules))
    return g


def test_the_rulebook_has_no_import_cycle() -> None:
    g = graph()
    cycles = [sorted(c) for c in nx.strongly_connected_components(g) if len(c) > 1]
    assert cycles == [], f"import cycles among {cycles}"
    assert g.number_of_edges() > 300  # the scan sees the imports


def test_a_cycle_would_be_found() -> None:
    g = graph()
    g.add_edge("mands_rulebook.kit.damage", "mands_rulebook.policies.candidates")
    assert any(len(c) > 1 for c in nx.strongly_connected_components(g))
