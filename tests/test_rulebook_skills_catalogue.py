"""The skill catalogue: names, aliases, Umbrella and Combination levels (``…skills.catalogue``)."""

from __future__ import annotations

import importlib.util

import pytest

import mands_rulebook.kit.skills as kit_skills
import mands_rulebook.skills.catalogue as catalogue
from mands_rulebook.kit.skills import (
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


def test_mands_register_skills_lists_teamwork_applied_by_the_opponents_plugin(
    registries: Registries,
) -> None:
    """Seed "Teamwork (3d6)": registered, so ``mands-sim plugins`` lists it; G-82 applies it."""
    entry = registries.skills["Teamwork"]
    assert isinstance(entry.payload, SkillSpec)
    assert entry.payload.applied_by == "mands_rulebook.combat.opponents"
    assert "G-82" in entry.summary and "mands_rulebook.combat.opponents" in entry.summary
    assert canonical_skill_name(registries, "teamwork") == "Teamwork"


def test_mands_register_skills_says_falling_is_applied_to_falls(registries: Registries) -> None:
    """Falls are simulated now (``mands_rulebook.movement.falling``, G-174 … G-176)."""
    falling = registries.skills["Falling"]
    assert isinstance(falling.payload, SkillSpec)
    assert falling.payload.applied_by == "mands_rulebook.movement.falling"
    assert (
        "not simulated" not in falling.summary
        and "mands_rulebook.movement.falling" in falling.summary
    )


def test_every_skill_listed_names_a_module_that_applies_it() -> None:
    """Each spec's ``applied_by`` is a module of the package (a plugin, or the library of rules
    such as ``mands_rulebook.kit.damage``), and no listing calls its skill "not simulated"."""
    for spec in kit_skills.SKILLS:
        assert importlib.util.find_spec(spec.applied_by) is not None, spec.name
        assert "not simulated" not in spec.summary, spec.name


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


def test_skill_level_is_kept_per_sheet_object_never_across_sheets() -> None:
    """The kept answers belong to one sheet object: a sheet built after another is dropped (and
    could reuse its id) still gets its own levels, and the Umbrella rule (G-85) still holds."""
    for level in range(1, 40):
        sheet = parse_sheet(sample_sheet(skills={"Handgun": level}))
        assert kit_skills.skill_level(sheet, "Handgun") == level
        assert kit_skills.skill_level(sheet, "Handgun") == level  # kept
        assert kit_skills.skill_level(sheet, "Rifle") == (level + 1) // 2  # seed: 7 → 4
