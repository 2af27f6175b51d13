"""Every numbered default in ``docs/rules/decisions.md`` is held against the rulebook: it has a
class and its seed evidence, and the counts at the top of the page match its sections."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

DECISIONS = Path(__file__).parents[2] / "docs" / "rules" / "decisions.md"
CLASSES = ("silent", "seed", "fixed", "contradicting", "artefact")


def table() -> list[tuple[str, str, str]]:
    """Each default's G-number, class and seed evidence, from its section."""
    text = DECISIONS.read_text(encoding="utf-8")
    parts = re.split(r"^### (G-\d+)\n", text, flags=re.MULTILINE)
    found = []
    for gid, body in zip(parts[1::2], parts[2::2], strict=True):
        body = body.split("\n#", 1)[0]
        cls = re.search(r"- \*\*Class:\*\* `(\w+)`", body)
        evidence = re.search(r"- \*\*Seed evidence:\*\* (.*)", body)
        found.append((gid, cls.group(1) if cls else "", evidence.group(1) if evidence else ""))
    return found


def test_every_default_has_a_class_and_evidence() -> None:
    for gid, cls, evidence in table():
        assert cls in CLASSES, f"{gid}: class {cls!r} is not one of {CLASSES}"
        assert len(evidence) > 20 and evidence != "?", f"{gid}: no seed evidence"


def test_a_contradicting_default_names_what_blocks_its_fix() -> None:
    sections = re.split(r"^### (G-\d+)\n", DECISIONS.read_text("utf-8"), flags=re.MULTILINE)
    for gid, body in zip(sections[1::2], sections[2::2], strict=True):
        if "- **Class:** `contradicting`" in body:
            assert "blocked by" in body.lower(), f"{gid} does not say what blocks its fix"


def test_the_counts_at_the_top_match_the_table() -> None:
    text = DECISIONS.read_text(encoding="utf-8")
    stated = dict((name, int(count)) for count, name in re.findall(r"\*\*(\d+)\*\* `(\w+)`", text))
    counted = Counter(cls for _, cls, _ in table())
    assert stated == {name: counted.get(name, 0) for name in CLASSES}
