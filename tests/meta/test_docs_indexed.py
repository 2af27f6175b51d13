"""Every page of ``docs/`` is linked from the README's list of docs and from ``docs/index.md``."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
PAGES = sorted((ROOT / "docs").glob("*.md"))


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_the_readme_links_every_doc(page: Path) -> None:
    assert f"](docs/{page.name})" in (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "page",
    [p for p in (*PAGES, *sorted((ROOT / "docs" / "rules").glob("*.md"))) if p.name != "index.md"],
    ids=lambda page: page.name,
)
def test_the_index_links_every_doc(page: Path) -> None:
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    assert f"]({page.relative_to(ROOT / 'docs').as_posix()})" in index
