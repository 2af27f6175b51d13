"""The skill catalogue: names, aliases, Umbrella and Combination levels (``…skills.catalogue``)."""

from __future__ import annotations

import mands_rulebook.skills.catalogue as catalogue
import pytest
from mands_rulebook.skills.catalogue import (
    SkillSpec,
    canonical_name,
    canonical_skill_name,
    effective_level,
    skill_key,
    skill_level,
    split_specialty,
)

from mands_sim.model.sheet import parse_sheet
from mands_sim.registry import Registries, collect_registries
from mands_sim.testing import PluginManagerFactory, sample_sheet


@pytest.fixture
def registries(plugin_manager_factory: PluginManagerFactory) -> Registries:
    return collect_registries(plugin_manager_factory(catalogue))


def levels(**skills: int) -> dict[str, int]:
    return {skill_key(name.replace("_", " ")): level for name, level in skills.items()}


def test_mands_register_skills_registers_each_skill_as_a_frozen_spec(
    registries: Registries,
) -> None:
    entry = registries.skills["Rolling With Attacks"]
    assert isinstance(entry.payload, SkillSpec)
    assert entry.source == "rules text"
    assert "Rolling With an Attack" in entry.payload.aliases
    assert {"Evasion", "Martial Punch", "Opening Locks", "Speed"} <= set(registries.skills)


def test_teamwork_is_left_to_the_opponents_plugin(registries: Registries) -> None:
    assert "Teamwork" not in registries.skills


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("fist fighting", "Fistfighting"),  # seed "Combat Skills"
        ("Evading Attacks", "Evasion"),  # seed "Martial Artist", "Special Agents"
        ("Rolling With an Attack", "Rolling With Attacks"),  # seed "Special Agents"
        ("Speed, Teleportation", "Speed (Teleportation)"),  # seed "Speed, Specific Action"
        ("armor use (Plate Armor)", "Armor Use (Plate Armor)"),
        ("Weight Lifting", "Weightlifting"),
        ("Driving", "Driving"),  # not an encounter skill: kept as written
    ],
)
def test_canonical_name_reads_the_seeds_other_spellings(written: str, canonical: str) -> None:
    assert canonical_name(written) == canonical


def test_canonical_skill_name_looks_in_the_registries(registries: Registries) -> None:
    assert canonical_skill_name(registries, "power use (Electric Power)") == (
        "Power Use (Electric Power)"
    )
    assert canonical_skill_name(registries, "Basket Weaving") is None


def test_split_specialty_reads_parentheses_and_the_seeds_comma() -> None:
    assert split_specialty("Quick Draw (Handgun)") == ("Quick Draw", "Handgun")
    assert split_specialty("Speed, Teleportation") == ("Speed", "Teleportation")
    assert split_specialty("Evasion") == ("Evasion", None)


def test_handgun_7_is_rifle_4_and_firearms_4() -> None:
    """Seed "Combat Skill": "A character with skill level 7 in Handgun is effectively skill level
    4 in Rifle and Shotgun ... an effective level of 4 in Firearms" (G-85)."""
    known = levels(Handgun=7)
    assert [effective_level(known, s) for s in ("Handgun", "Rifle", "Shotgun", "Firearms")] == [
        7,
        4,
        4,
        4,
    ]


def test_firearms_5_is_shotgun_5() -> None:
    """Seed: "If the character has Firearms, skill level 5, the character is effectively skill
    level 5 in Shotgun"."""
    assert effective_level(levels(Firearms=5), "Shotgun") == 5


def test_a_combination_skill_gives_its_level_to_each_single_skill() -> None:
    """Seed: "The character's effective skill level in the single skills of a combination skill
    is the character's level in the combination skill"; a higher real level stays."""
    known = levels(Wrestling=3, Body_Smash=6)
    singles = ("Body Hold", "Body Smash", "Rolling With Attacks")
    assert [effective_level(known, s) for s in singles] == [3, 6, 3]
    assert effective_level(known, "Martial Kick") == 0


def test_skill_level_matches_a_sheets_alias() -> None:
    sheet = parse_sheet(sample_sheet(skills={"Evading Attacks": 3, "Fist Fighting": 2}))
    assert (skill_level(sheet, "Evasion"), skill_level(sheet, "Fistfighting")) == (3, 2)
