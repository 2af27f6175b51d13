"""Every numbered default in ``docs/rules/decisions.md`` is held against the rulebook: it has a
class and its seed evidence, and the counts at the top of the page match the table."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

DECISIONS = Path(__file__).parents[2] / "docs" / "rules" / "decisions.md"
CLASSES = ("silent", "seed", "fixed", "contradicting", "artefact")


def table() -> list[list[str]]:
    """The table's rows, each as its cells (a default applied in two ways has two rows)."""
    return [
        [cell.strip() for cell in line.strip("|").split(" | ")]
        for line in DECISIONS.read_text(encoding="utf-8").splitlines()
        if re.match(r"\| G-\d+ \|", line)
    ]


def test_every_default_has_a_class_and_evidence() -> None:
    for cells in table():
        gid = cells[0]
        assert cells[1] in CLASSES, f"{gid}: class {cells[1]!r} is not one of {CLASSES}"
        evidence = cells[-1]
        assert len(evidence) > 20 and evidence != "?", f"{gid}: no seed evidence"


def test_a_contradicting_default_names_what_blocks_its_fix() -> None:
    for cells in table():
        if cells[1] == "contradicting":
            gid = cells[0]
            row = " ".join(cells).lower()
            assert "blocked by" in row, f"{gid} does not say what blocks its fix"


def test_the_counts_at_the_top_match_the_table() -> None:
    text = DECISIONS.read_text(encoding="utf-8")
    stated = dict(
        (name, int(count)) for count, name in re.findall(r"\*\*(\d+)\*\* `(\w+)`", text)
    )
    counted = Counter(cells[1] for cells in table())
    assert stated == {name: counted.get(name, 0) for name in CLASSES}
