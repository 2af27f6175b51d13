"""Every dotted name of mands-sim's own code that the docs, docstrings, scenarios and data files
cite (``mands_rulebook.kit.damage.strike``, ``mands_sim.events.Moved``) names a module or an
attribute that exists, so a reader who follows one lands on it after code moves."""

from __future__ import annotations

import importlib
import inspect
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WHERE = ("README.md", "docs", "src", "scenarios", "plugins")
SUFFIXES = (".md", ".py", ".toml")
REFERENCE = re.compile(r"\bmands_(?:rulebook|sim)(?:\.[A-Za-z_][A-Za-z0-9_]*)+")
MISSPELT_ON_PURPOSE = frozenset({"mands_rulebook.combat.exhaustoin"})
"""The docs' example of a misspelt plugin name (``docs/scenarios.md`` "Plugins")."""


def cited_files() -> list[Path]:
    found: list[Path] = []
    for name in WHERE:
        path = ROOT / name
        found += [path] if path.is_file() else sorted(path.rglob("*"))
    return [p for p in found if p.suffix in SUFFIXES and ".egg-info" not in p.parts]


DECLARING = "mands_sim.api"
"""The one module that names what others define: the plugin API."""


@cache
def resolves(reference: str) -> bool:
    """Whether the longest importable prefix of ``reference`` has the rest as attributes, and a
    function or class cited through a module is that module's own (not one it imports)."""
    parts = reference.split(".")
    for cut in range(len(parts), 0, -1):
        module = ".".join(parts[:cut])
        try:
            found: object = importlib.import_module(module)
        except ImportError:
            continue
        for attribute in parts[cut:]:
            if not hasattr(found, attribute):
                return False
            found = getattr(found, attribute)
        return cut == len(parts) or module == DECLARING or defined_in(found, module)
    return False


def defined_in(found: object, module: str) -> bool:
    """Whether ``found`` (a cited attribute of ``module``) belongs there: a function or class
    defined in it or, for a package, in one of its modules (the package's face); any other
    value, whose home cannot be told. A module that merely imports it is not its home."""
    home = getattr(found, "__module__", None)
    if not (inspect.isfunction(found) or inspect.isclass(found)) or home is None:
        return True
    package = hasattr(importlib.import_module(module), "__path__")
    return bool(home == module or (package and home.startswith(f"{module}.")))


def unresolved(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    cited = {match.group(0) for match in REFERENCE.finditer(text)}
    return sorted(ref for ref in cited - MISSPELT_ON_PURPOSE if not resolves(ref))


FILES = cited_files()


def test_the_walk_finds_the_docs_and_the_code() -> None:
    names = {path.name for path in FILES}
    assert {"design.md", "api.py", "bank_job.toml"} <= names


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_cited_name_resolves(path: Path) -> None:
    assert unresolved(path) == []


def test_a_moved_name_is_caught(tmp_path: Path) -> None:
    doc = tmp_path / "doc.md"
    doc.write_text(
        "See `mands_rulebook.combat.fists.prepare_blow`, `mands_rulebook.combat.fists.initiate`"
        " and `mands_sim.events.Moved`."
    )
    assert unresolved(doc) == [
        "mands_rulebook.combat.fists.initiate",  # imported there, defined in the kit
        "mands_rulebook.combat.fists.prepare_blow",
    ]
