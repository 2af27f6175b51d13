"""The tables file: read and checked, and every default it takes described in docs/rules.md."""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path

import pytest
from mands_microlite.tables import TABLES_FILE, read_tables, tables

from mands_sim.api import RulesDataError

RULES = Path(__file__).resolve().parents[1] / "docs" / "rules.md"
TEXT = files("mands_microlite.data").joinpath(TABLES_FILE).read_text(encoding="utf-8")


def test_the_bundled_tables_read() -> None:
    read = tables()
    assert read.stats.names == ("IQ", "ME", "MA", "PS", "PP", "PE", "PB", "Spd")
    assert [blow.name for blow in read.unarmed] == ["punch", "kick", "power punch"]
    assert read.weapon("sword") is not None
    assert read.weapon("lightsaber") is None


def test_every_default_cited_is_described_and_every_described_one_is_cited() -> None:
    """``docs/rules.md`` "Defaults" lists what the package takes that the seed does not give;
    the tables and the code cite each by its number."""
    package = Path(__file__).resolve().parents[1] / "src" / "mands_microlite"
    sources = [TEXT, *(path.read_text(encoding="utf-8") for path in package.rglob("*.py"))]
    cited = {number for text in sources for number in re.findall(r"ML-\d\d", text)}
    described = set(re.findall(r"^\| (ML-\d\d) \|", RULES.read_text(encoding="utf-8"), re.M))
    assert set(re.findall(r'default = "(ML-\d\d)"', TEXT)) <= described
    assert cited == described


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (("low = 36", "low = 37"), "row 37-40 should start at PS 36"),
        (('type = "mystic"\nlevel = 1', 'type = "mystic"\nlevel = 2'), "rising levels from 1"),
        (("human_limit = 30", "human_limit = 'thirty'"), "human_limit"),
        (("[saves]", "[saves]\nreflex = 13"), "reflex"),
        (("format = 1", "format = 2"), "format"),
    ],
)
def test_a_broken_table_is_refused_naming_the_file_and_the_problem(
    change: tuple[str, str], says: str
) -> None:
    old, new = change
    assert old in TEXT
    with pytest.raises(RulesDataError, match=says) as caught:
        read_tables(TEXT.replace(old, new, 1))
    assert caught.value.source == TABLES_FILE


def test_the_strength_table_needs_its_first_row_at_thirty_one() -> None:
    with pytest.raises(RulesDataError, match="should start at PS 31"):
        read_tables(TEXT.replace("low = 31", "low = 30", 1))
