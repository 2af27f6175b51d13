"""Skills that change figured attributes (``mands_rulebook.skills.figured_skills``).

Seraph (seed "Biff Turk Creates a Sample Character"): EP 74, VP 43, Perception 13, Willpower 80,
Mass ≈ 89.6 kg, Height 1.791 m.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import mands_rulebook.skills.figured_skills as figured_skills
from mands_rulebook.skills.figured_skills import skill_adjustments, weight_mass
from mands_sim.charts.loading import load_standard_charts
from mands_sim.cli import main
from mands_sim.defaults import STANDARD_DEFAULTS
from mands_sim.model.character import Character, build_character
from mands_sim.model.figured import FiguredAdjustment
from mands_sim.model.sheet import load_sheet, parse_sheet
from mands_sim.plugin_calls import figured_adjustments
from mands_sim.plugins import MandsPluginManager
from mands_sim.testing import CharacterFactory, PluginManagerFactory, sample_sheet

SERAPH = str(Path(__file__).resolve().parents[1] / "scenarios" / "characters" / "seraph.toml")
TRAINED = Path(__file__).resolve().parent / "data" / "skills_seraph_trained.toml"


@pytest.fixture
def pm(plugin_manager_factory: PluginManagerFactory) -> MandsPluginManager:
    return plugin_manager_factory(figured_skills)


@pytest.fixture
def seraph(character_factory: CharacterFactory) -> Character:
    return character_factory()


def test_mands_figured_adjustments_endurance_adds_twice_level_to_ep(
    character_factory: CharacterFactory, pm: MandsPluginManager, seraph: Character
) -> None:
    """Seed "Endurance": "This adds twice level to the character's Endurance Points": 74 + 6."""
    trained = character_factory(pm, skills={"Endurance": 3})
    assert (seraph.figured.endurance_points, trained.figured.endurance_points) == (74, 80)


def test_mands_figured_adjustments_rolling_with_attacks_through_martial_arts(
    character_factory: CharacterFactory, pm: MandsPluginManager
) -> None:
    """Seed "Rolling With Attacks": "Add twice level to the character's Virtual Damage Points";
    Martial Arts 2 holds it (G-85): 43 + 4 = 47."""
    assert character_factory(pm, skills={"Martial Arts": 2}).figured.virtual_damage_points == 47


def test_awareness_and_discipline_add_twice_level(
    character_factory: CharacterFactory, pm: MandsPluginManager, seraph: Character
) -> None:
    """Seed "Awareness": "twice level added to perception at all times" (13 + 8); "Discipline":
    "twice level to the character's Willpower" (80 + 6)."""
    trained = character_factory(pm, skills={"Awareness": 4, "Discipline": 3})
    assert (seraph.figured.perception, trained.figured.perception) == (13, 21)
    assert trained.figured.willpower == 86


def test_weight_adds_level_to_build_for_mass(
    character_factory: CharacterFactory, pm: MandsPluginManager, seraph: Character
) -> None:
    """Seed "Weight": "Add this to the character's build for purposes of determining the
    character's mass": 3 × 1.791³ ÷ 2.2 = 7.83 → 8 kg (G-89)."""
    heavier = character_factory(pm, skills={"Weight": 3})
    assert weight_mass(3, 1.791) == 8
    assert heavier.figured.mass == pytest.approx(seraph.figured.mass + 8)


def test_weightlifting_jumping_and_hold_breath(
    character_factory: CharacterFactory, pm: MandsPluginManager, seraph: Character
) -> None:
    """Seed: Weightlifting's "one quarter the character's skill level" to the Throw Pool (9 → 2,
    G-89); Jumping "Add this to the character's Jump Pool"; Hold Breath to its roll."""
    trained = character_factory(pm, skills={"Weightlifting": 9, "Jumping": 4, "Hold Breath": 2})
    base, new = seraph.figured, trained.figured
    assert new.throw_bonus - base.throw_bonus == 2
    assert new.jump_bonus - base.jump_bonus == 4
    assert new.hold_breath_roll - base.hold_breath_roll == 2


def test_seraphs_own_skills_change_nothing() -> None:
    """His sheet's Driving, Fistfighting, Clubs, Thrown Clubs and Firearms touch no figure."""
    sheet = parse_sheet(sample_sheet(skills={"Driving": 3, "Fistfighting": 2, "Firearms": 1}))
    assert skill_adjustments(sheet) == []


def test_each_adjustment_names_its_skill() -> None:
    sheet = parse_sheet(sample_sheet(skills={"Rolling With an Attack": 1}))
    assert skill_adjustments(sheet) == [
        FiguredAdjustment("virtual_damage_points", 2, "skill:Rolling With Attacks")
    ]


def test_mands_sim_sheet_shows_seraphs_published_figures_with_the_skill_plugins(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``mands-sim sheet scenarios/characters/seraph.toml``: VP 43, EP 74 (no skill of his
    adjusts a figure)."""
    assert main(["sheet", SERAPH]) == 0
    lines = capsys.readouterr().out.splitlines()
    vp = next(line for line in lines if "Virtual Damage Points" in line)
    ep = next(line for line in lines if "Endurance Points" in line)
    assert ("43" in vp, "74" in ep) == (True, True)


def test_mands_figured_adjustments_of_a_sheet_file(pm: MandsPluginManager) -> None:
    """``tests/data/skills_seraph_trained.toml``: Seraph with Endurance 3, Martial Arts 2,
    Awareness 4, Discipline 3 → EP 80, VP 47, Perception 21, Willpower 86 (what ``mands-sim
    sheet`` should show once it applies the plugins' adjustments)."""
    sheet = load_sheet(TRAINED)
    character = build_character(
        sheet,
        charts=load_standard_charts(),
        defaults=STANDARD_DEFAULTS,
        adjustments=figured_adjustments(pm, sheet),
    )
    f = character.figured
    assert (f.endurance_points, f.virtual_damage_points, f.perception, f.willpower) == (
        80,
        47,
        21,
        86,
    )
