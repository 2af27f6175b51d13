"""A generated character advanced by Experience rows (seed 000; G-305): +1 to an ability,
Resist Death + 1 and Perception + the row number for each row reached."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import pytest

from mands_rulebook.creation.choices import CreationDefaults, GenerationError, switched
from mands_rulebook.creation.experience import MAX_LEVEL, advanced
from mands_sim.api import figured_here, load_sheet

GUNMAN = load_sheet(Path(__file__).parents[1] / "scenarios" / "characters" / "gunman.toml")


def test_each_row_raises_the_lowest_physical_ability_resist_death_and_perception() -> None:
    """Gunman: Strength, Agility, Constitution 10 each: rows 1–3 raise them in that order (the
    first of equals), row 4 Strength again; Resist Death + 4; Perception + 1 + 2 + 3 + 4."""
    before = figured_here(GUNMAN).figured
    sheet, story = advanced(GUNMAN, 4, CreationDefaults())
    a = sheet.abilities
    assert (a.strength, a.agility, a.constitution) == (12, 11, 11)
    raised = figured_here(replace(sheet, overrides=MappingProxyType({}))).figured
    assert sheet.overrides["resist_death"] == raised.resist_death + 4
    assert sheet.overrides["perception"] == raised.perception + 10
    assert figured_here(sheet).figured.perception == raised.perception + 10
    assert before.perception <= raised.perception
    assert story[0] == "13. Experience row 1: +1 Strength, Resist Death +1, Perception +1"
    assert story[3] == "13. Experience row 4: +1 Strength, Resist Death +1, Perception +4"


def test_a_switch_raises_one_ability_every_row() -> None:
    sheet, _ = advanced(GUNMAN, 5, switched({"G305_experience_ability": "agility"}))
    assert (sheet.abilities.strength, sheet.abilities.agility) == (10, 15)


def test_level_0_is_the_sheet_as_made_and_a_level_out_of_bounds_is_refused() -> None:
    assert advanced(GUNMAN, 0, CreationDefaults()) == (GUNMAN, ())
    for level in (-1, MAX_LEVEL + 1):
        with pytest.raises(GenerationError, match=f"level: 0 to {MAX_LEVEL} Experience rows"):
            advanced(GUNMAN, level, CreationDefaults())
