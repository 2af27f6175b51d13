"""Every page of ``docs/`` is linked from the README's list of docs."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
PAGES = sorted((ROOT / "docs").glob("*.md"))


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_the_readme_links_every_doc(page: Path) -> None:
    assert f"](docs/{page.name})" in (ROOT / "README.md").read_text(encoding="utf-8")
