"""Every citation of the rules resolves inside the repository (``docs/rules/``).

Code, tests and docs cite the rules they rely on as ``docs/rules/combat.md §5``,
``docs/rules/charts.md §1.3`` or a numbered default ``G-12``. These tests fail when a citation
names a file that does not exist, a section its file has no heading for, or a default
``docs/rules/decisions.md`` has no section for, and when anything still cites rules pages kept
outside the repository.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"

CITED_FILE = re.compile(r"docs/rules/([\w-]+)\.md")
CITED_SECTION = re.compile(r"docs/rules/([\w-]+)\.md`*\s*§\s*(\d+[a-z]?(?:\.\d+)?)")
LINKED_DEFAULT = re.compile(r"\(decisions\.md#(g-\d+)\)")
CITED_DEFAULT = re.compile(r"\bG-(\d{2,3})\b")
OUTSIDE = re.compile(r"(?<!\]\()(?<![\w/.\-])rules/(?:combat|charts|powers|gaps)\.md")
HEADING = re.compile(r"^#{2,3} (\d+[a-z]?(?:\.\d+)?)\.? ", re.MULTILINE)
DEFAULT_HEADING = re.compile(r"^### G-(\d+)\b", re.MULTILINE)


def tracked_texts() -> dict[str, str]:
    """Every tracked source, test, doc, data and script file, by its path from the root."""
    listed = subprocess.run(
        [
            "git",
            "ls-files",
            "src",
            "tests",
            "docs",
            "plugins",
            "benchmarks",
            "scripts",
            "README.md",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    texts = {}
    for name in listed:
        if name.endswith((".py", ".md", ".toml", ".txt")) and (ROOT / name).is_file():
            texts[name] = (ROOT / name).read_text(encoding="utf-8")
    return texts


TEXTS = tracked_texts()


def sections(page: str) -> set[str]:
    return set(HEADING.findall((RULES / f"{page}.md").read_text(encoding="utf-8")))


def documented_defaults() -> set[str]:
    text = (RULES / "decisions.md").read_text(encoding="utf-8")
    return {str(int(number)) for number in DEFAULT_HEADING.findall(text)}


def test_every_cited_rules_page_exists() -> None:
    missing = {
        f"{name}: docs/rules/{page}.md"
        for name, text in TEXTS.items()
        for page in CITED_FILE.findall(text)
        if not (RULES / f"{page}.md").is_file()
    }
    assert not missing


def test_every_cited_section_has_its_heading() -> None:
    known = {page.stem: sections(page.stem) for page in RULES.glob("*.md")}
    unresolved = {
        f"{name}: docs/rules/{page}.md §{section}"
        for name, text in TEXTS.items()
        for page, section in CITED_SECTION.findall(text)
        if section not in known.get(page, set())
    }
    assert not unresolved


def test_the_rules_pages_are_numbered_as_cited() -> None:
    assert {"1", "3", "5", "7.3", "8.1", "17a", "20"} <= sections("combat")
    assert {"1", "1.3", "1.4", "2", "8"} <= sections("charts")
    assert {"1", "2", "3"} <= sections("powers")


def test_every_default_cited_in_code_has_its_decision() -> None:
    documented = documented_defaults()
    code = {name: text for name, text in TEXTS.items() if name.startswith(("src/", "plugins/"))}
    missing = {
        f"{name}: G-{number}"
        for name, text in code.items()
        for number in CITED_DEFAULT.findall(text)
        if str(int(number)) not in documented
    }
    assert not missing


def test_every_default_linked_from_the_rules_pages_resolves() -> None:
    text = (RULES / "decisions.md").read_text(encoding="utf-8")
    anchors = {f"g-{number}" for number in DEFAULT_HEADING.findall(text)}
    broken = {
        f"{page.name}: {anchor}"
        for page in RULES.glob("*.md")
        for anchor in LINKED_DEFAULT.findall(page.read_text(encoding="utf-8"))
        if anchor not in anchors
    }
    assert not broken


def test_nothing_cites_rules_pages_outside_the_repository() -> None:
    outside = sorted(name for name, text in TEXTS.items() if OUTSIDE.search(text))
    assert not outside, "cite docs/rules/<page>.md from the repository root"
