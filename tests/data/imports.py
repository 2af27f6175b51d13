"""The modules a source file imports, read off its syntax tree (the meta-tests on layering)."""

from __future__ import annotations

import ast
from pathlib import Path


def imported_modules(path: Path) -> set[str]:
    """Every module named by an ``import`` or ``from … import`` in ``path`` (a relative import
    by its bare module name), anywhere in the file: inside functions too."""
    modules: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules.add(node.module)
    return modules
