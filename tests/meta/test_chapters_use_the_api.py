"""The rulebook's chapters are plugins like a third party's: from mands-sim they import only its
plugin API (``mands_sim.api``), and from the rulebook only its kit and their own chapter
(``docs/design.md`` "Plugins"; the chapter-to-chapter part is import-linter's layers contract in
``pyproject.toml``). Imports inside functions count too."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.data.imports import imported_modules

SRC = Path(__file__).resolve().parents[2] / "src"
RULEBOOK = SRC / "mands_rulebook"
CHAPTERS = (
    "abilities",
    "combat",
    "creation",
    "movement",
    "optional",
    "powers",
    "skills",
    "weaknesses",
)
"""The rule chapters and character creation. The policies stand on the policy framework
(``mands_sim.policy``) too."""


def outside_the_api(path: Path) -> list[str]:
    """What ``path`` imports of mands-sim other than its plugin API."""
    return sorted(
        module
        for module in imported_modules(path)
        if (module == "mands_sim" or module.startswith("mands_sim.")) and module != "mands_sim.api"
    )


CHAPTER_FILES = sorted(path for chapter in CHAPTERS for path in (RULEBOOK / chapter).rglob("*.py"))


def test_the_chapters_have_their_modules() -> None:
    """The walk finds every chapter's plugins (a vacuous pass would hide a broken walk)."""
    assert {path.parent.name for path in CHAPTER_FILES} >= set(CHAPTERS)
    assert len(CHAPTER_FILES) > 100


@pytest.mark.parametrize("path", CHAPTER_FILES, ids=lambda p: str(p.relative_to(RULEBOOK)))
def test_a_chapter_module_imports_only_the_plugin_api_of_mands_sim(path: Path) -> None:
    assert outside_the_api(path) == []


def test_the_check_sees_an_import_from_inside_mands_sim(tmp_path: Path) -> None:
    plugin = tmp_path / "plugin.py"
    plugin.write_text(
        "from mands_sim.api import hookimpl\ndef f():\n    from mands_sim.events import Event\n",
        encoding="utf-8",
    )
    assert outside_the_api(plugin) == ["mands_sim.events"]
