"""The plugin API is declared (``mands_sim.api``): every exported name is documented in
``docs/api.md``, every documented name is exported, and the example plugin imports nothing
else of mands-sim."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import mands_sim.api as api
from tests.data.imports import imported_modules

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import api_docs  # noqa: E402

EXAMPLE = ROOT / "plugins" / "examples" / "mands-sim-sonic" / "src"


def test_docs_api_is_generated_from_the_module() -> None:
    written = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    assert written == api_docs.render(), (
        "docs/api.md is out of step with mands_sim.api: run .venv/bin/python scripts/api_docs.py"
    )


@pytest.mark.parametrize("name", api.__all__)
def test_every_exported_name_is_documented(name: str) -> None:
    assert hasattr(api, name)
    assert api_docs.documentation(name).strip(), f"{name} has no docstring and no NOTES entry"


def test_the_sections_list_every_export_once() -> None:
    listed = [name for names in api.SECTIONS.values() for name in names]
    assert sorted(listed) == sorted(api.__all__)
    assert len(set(listed)) == len(listed)


def test_notes_are_only_for_exports() -> None:
    assert set(api.NOTES) <= set(api.__all__)


@pytest.mark.parametrize("path", sorted(EXAMPLE.rglob("*.py")), ids=lambda p: p.name)
def test_the_example_plugin_imports_only_the_public_api(path: Path) -> None:
    ours = {m for m in imported_modules(path) if m.split(".")[0] in ("mands_sim", "mands_rulebook")}
    assert ours <= {"mands_sim.api"}, f"{path.name} imports {sorted(ours - {'mands_sim.api'})}"


def test_nothing_under_the_api_imports_it() -> None:
    """The API sits above the kernel and the rulebook's kit: nothing under it may import it (the
    rulebook's chapters stand on it, ``tests/meta/test_chapters_use_the_api.py``)."""
    importers = [
        path.relative_to(ROOT)
        for base in (ROOT / "src" / "mands_sim", ROOT / "src" / "mands_rulebook" / "kit")
        for path in base.rglob("*.py")
        if path.name != "api.py" and "mands_sim.api" in imported_modules(path)
    ]
    assert importers == []
