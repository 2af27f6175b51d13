"""docs/writing-plugins.md quotes the example plugin as it is.

A ``python`` code block whose first line is a line of one of the example plugin's files is a
quotation of that file: every line of the block must be a line of the file.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = (ROOT / "docs" / "writing-plugins.md").read_text(encoding="utf-8")
EXAMPLE = ROOT / "plugins" / "examples" / "mands-sim-sonic"
SOURCES = {
    path: path.read_text(encoding="utf-8").splitlines()
    for path in sorted(EXAMPLE.rglob("*.py"))
    if "egg-info" not in str(path)
}


def code_blocks(language: str) -> list[list[str]]:
    pattern = re.compile(rf"^```{language}\n(.*?)^```", re.MULTILINE | re.DOTALL)
    return [match[1].splitlines() for match in pattern.finditer(TUTORIAL)]


def quoted_file(block: list[str]) -> Path | None:
    first = next(line for line in block if line.strip())
    return next((path for path, lines in SOURCES.items() if first in lines), None)


QUOTATIONS = [block for block in code_blocks("python") if quoted_file(block) is not None]


def test_the_tutorial_quotes_the_example_plugin() -> None:
    assert len(QUOTATIONS) >= 2


@pytest.mark.parametrize("block", QUOTATIONS, ids=lambda block: block[0])
def test_quoted_lines_are_in_the_quoted_file(block: list[str]) -> None:
    path = quoted_file(block)
    assert path is not None

    assert [line for line in block if line.strip() and line not in SOURCES[path]] == []


def test_the_tutorial_shows_the_example_entry_point() -> None:
    pyproject = (EXAMPLE / "pyproject.toml").read_text(encoding="utf-8").splitlines()
    toml_lines = [line for block in code_blocks("toml") for line in block if line.strip()]

    assert [line for line in toml_lines if line not in pyproject] == []
