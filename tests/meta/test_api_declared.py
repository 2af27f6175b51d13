"""The plugin APIs are declared (``mands_sim.api``, the kernel's; ``mands_rulebook.api``, the Men &
Supermen kit): every exported name is documented in its generated file (``docs/api.md``,
``docs/rulebook-api.md``), every documented name is exported, and the example plugin imports
nothing else of mands-sim."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

import pytest

import mands_rulebook.api
import mands_sim.api
from tests.data.imports import imported_modules

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import api_docs  # noqa: E402

EXAMPLE = ROOT / "plugins" / "examples" / "mands-sim-sonic" / "src"
APIS = (mands_sim.api, mands_rulebook.api)
PUBLIC = {api.__name__ for api in APIS}


def exports() -> list[tuple[ModuleType, str]]:
    return [(api, name) for api in APIS for name in api.__all__]


@pytest.mark.parametrize("file", sorted(api_docs.APIS))
def test_each_api_file_is_generated_from_its_module(file: str) -> None:
    written = (ROOT / "docs" / file).read_text(encoding="utf-8")
    assert written == api_docs.render(file), (
        f"docs/{file} is out of step with its module: run .venv/bin/python scripts/api_docs.py"
    )


def test_every_declared_api_has_its_generated_file() -> None:
    assert {api.__name__ for api, _ in api_docs.APIS.values()} == PUBLIC


@pytest.mark.parametrize(("api", "name"), exports(), ids=lambda v: getattr(v, "__name__", v))
def test_every_exported_name_is_documented(api: ModuleType, name: str) -> None:
    assert hasattr(api, name)
    assert api_docs.documentation(api, name).strip(), f"{name} has no docstring and no NOTES entry"


@pytest.mark.parametrize("api", APIS, ids=lambda api: api.__name__)
def test_the_sections_list_every_export_once(api: ModuleType) -> None:
    listed = [name for names in api.SECTIONS.values() for name in names]
    assert sorted(listed) == sorted(api.__all__)
    assert len(set(listed)) == len(listed)


@pytest.mark.parametrize("api", APIS, ids=lambda api: api.__name__)
def test_notes_are_only_for_exports(api: ModuleType) -> None:
    assert set(api.NOTES) <= set(api.__all__)


def test_no_name_is_exported_by_both() -> None:
    """One way to import a thing."""
    assert set(mands_sim.api.__all__) & set(mands_rulebook.api.__all__) <= {"API_VERSION"}


@pytest.mark.parametrize("path", sorted(EXAMPLE.rglob("*.py")), ids=lambda p: p.name)
def test_the_example_plugin_imports_only_the_public_apis(path: Path) -> None:
    ours = {m for m in imported_modules(path) if m.split(".")[0] in ("mands_sim", "mands_rulebook")}
    assert ours <= PUBLIC, f"{path.name} imports {sorted(ours - PUBLIC)}"


def test_nothing_under_the_api_imports_it() -> None:
    """The API sits above the kernel and the rulebook's kit: nothing under it may import it (the
    rulebook's chapters stand on it, ``tests/meta/test_chapters_use_the_api.py``)."""
    importers = [
        path.relative_to(ROOT)
        for base in (ROOT / "src" / "mands_sim", ROOT / "src" / "mands_rulebook" / "kit")
        for path in base.rglob("*.py")
        if path.name != "api.py" and PUBLIC & set(imported_modules(path))
    ]
    assert importers == []
