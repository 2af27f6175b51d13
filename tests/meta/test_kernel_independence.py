"""The kernel never imports the rulebook plugins (DESIGN.md "Plugins"): they arrive through the
``mands_sim`` entry points only, so they can be listed, versioned and disabled like any other."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

KERNEL = Path(__file__).resolve().parents[2] / "src" / "mands_sim"
RULEBOOK = "mands_rulebook"


def imported_modules(path: Path) -> set[str]:
    modules: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules.add(node.module)
    return modules


@pytest.mark.parametrize("path", sorted(KERNEL.rglob("*.py")), ids=lambda p: p.name)
def test_kernel_module_does_not_import_the_rulebook(path: Path) -> None:
    imported = imported_modules(path)

    assert not {m for m in imported if m == RULEBOOK or m.startswith(f"{RULEBOOK}.")}
