"""The Microlite ruleset stands on mands-sim's plugin API alone, as any third party's package:
from ``mands_sim`` it imports ``mands_sim.api`` only, and nothing of Men & Supermen."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "mands_microlite"


def imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: p.name)
def test_a_module_imports_only_the_plugin_api_of_mands_sim(path: Path) -> None:
    ours = {m for m in imported(path) if m.split(".")[0] in ("mands_sim", "mands_rulebook")}
    assert ours <= {"mands_sim.api"}, f"{path.name} imports {sorted(ours - {'mands_sim.api'})}"
