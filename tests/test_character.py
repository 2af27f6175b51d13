"""Building a Character: figured attributes in order, adjustments (the skill/power seam), overrides,
and the sample sheets' published numbers."""

from __future__ import annotations

import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

from mands_sim.charts.loading import Charts, load_standard_charts
from mands_sim.defaults import STANDARD_DEFAULTS
from mands_sim.model.character import Character, build_character
from mands_sim.model.figured import FiguredAdjustment
from mands_sim.model.sheet import CharacterSheet, load_sheet, parse_sheet
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation

CHARACTERS = Path(__file__).resolve().parents[1] / "scenarios" / "characters"


@pytest.fixture(scope="module")
def charts() -> Charts:
    return load_standard_charts()


def build(charts: Charts, name: str, *adjustments: FiguredAdjustment) -> Character:
    sheet = load_sheet(CHARACTERS / f"{name}.toml")
    return figure(sheet, charts, *adjustments)


def figure(sheet: CharacterSheet, charts: Charts, *adjustments: FiguredAdjustment) -> Character:
    return build_character(
        sheet, charts=charts, defaults=STANDARD_DEFAULTS, adjustments=adjustments
    )


def with_overrides(name: str, **overrides: int | float) -> CharacterSheet:
    """A sample sheet re-parsed with ``overrides`` (through the sheet validation)."""
    data = tomllib.loads((CHARACTERS / f"{name}.toml").read_text(encoding="utf-8"))
    data["overrides"] = data.get("overrides", {}) | overrides
    return parse_sheet(data)


@pytest.fixture(scope="module")
def seraph(charts: Charts) -> Character:
    return build(charts, "seraph")


# --- Seraph (seed "Biff Turk…"; docs/rules/combat.md §20; docs/rules/charts.md §1.4)
# ---------------------


def test_seraph_mass(seraph: Character) -> None:
    """``docs/rules/charts.md`` §1.4: Mass ≈ 89.6 kg."""
    assert seraph.figured.mass == pytest.approx(89.6, abs=0.05)


def test_seraph_body_damage_points(seraph: Character) -> None:
    """``docs/rules/charts.md`` §1.4: Build 31/5 + Square row of 89.57 kg (9) − 7 = 8.2 → 9."""
    assert seraph.figured.damage_points.body == 9


def test_seraph_endurance_points(seraph: Character) -> None:
    """``docs/rules/combat.md`` §20: EP 74."""
    assert seraph.figured.endurance_points == 74


def test_seraph_virtual_damage_points(seraph: Character) -> None:
    """``docs/rules/combat.md`` §20: VP 43 (G-43: 43.33 → 43)."""
    assert seraph.figured.virtual_damage_points == 43


def test_seraph_resist_death(seraph: Character) -> None:
    """``docs/rules/charts.md`` §1.4: (9 + 20 − 14 = 15) on the Doubles chart → 4."""
    assert seraph.figured.resist_death == 4


def test_seraph_combat_roll(seraph: Character) -> None:
    """``docs/rules/combat.md`` §20: Combat Roll 14."""
    assert seraph.figured.combat_roll == 14


def test_seraph_combat_pool(seraph: Character) -> None:
    """``docs/rules/combat.md`` §20: Combat Pool 1."""
    assert seraph.figured.combat_pool == 1


def test_seraph_hand_damage(seraph: Character) -> None:
    """``docs/rules/combat.md`` §20: Hand Damage 6."""
    assert seraph.figured.hand_damage == 6


def test_seraph_willpower(seraph: Character) -> None:
    """Seed "Example of Horrification": "Seraph has a Beauty of 31 and Willpower of 80"."""
    assert seraph.figured.willpower == 80


def test_seraph_move_roll_rounds_half_strength_up(seraph: Character) -> None:
    """``docs/rules/combat.md`` §20: Move Roll 29 (G-08 "up")."""
    assert seraph.figured.move_roll == 29


def test_seraph_move_roll_under_g08_down(charts: Charts) -> None:
    """Seed "Example of Movement": "... or 28" (G-08 "down")."""
    defaults = STANDARD_DEFAULTS.with_overrides({"G08_move_roll_half_strength": "down"})
    sheet = load_sheet(CHARACTERS / "seraph.toml")
    assert build_character(sheet, charts=charts, defaults=defaults).figured.move_roll == 28


def test_seraph_vp_and_ep_under_g43_per_term(charts: Charts) -> None:
    """G-43 alternative: dropping fractions term by term gives VP 42 and EP 73."""
    defaults = STANDARD_DEFAULTS.with_overrides({"G43_fractions": "per_term"})
    figured = build_character(
        load_sheet(CHARACTERS / "seraph.toml"), charts=charts, defaults=defaults
    ).figured
    assert (figured.virtual_damage_points, figured.endurance_points) == (42, 73)


def test_seraph_skin_temper(seraph: Character) -> None:
    """``docs/rules/charts.md`` §1.4 and §3: 1.5 on the Doubles chart → row 1, multiplier 9/10."""
    skin = seraph.figured.skin_temper
    assert (skin.row, skin.multiplier) == (1, Fraction(9, 10))


def test_seraph_body_part_damage_points(seraph: Character) -> None:
    """Seed "Damage Points": 9 × 3/5, 1/2, 2/3, 3/4 rounded up."""
    parts = seraph.figured.damage_points
    assert (parts.head, parts.neck, parts.arm, parts.legs) == (6, 5, 6, 7)


def test_character_name_and_specialness_come_from_the_sheet(seraph: Character) -> None:
    assert (seraph.name, seraph.is_special) == ("Seraph", True)


def test_as_dict_writes_skin_temper_as_row_text_and_float(seraph: Character) -> None:
    assert seraph.figured.as_dict()["skin_temper"] == {
        "row": 1,
        "multiplier": "9/10",
        "multiplier_float": 0.9,
    }


# --- the adjustment seam -------------------------------------------------------------------------


def test_adjustment_is_added_to_its_attribute(charts: Charts) -> None:
    """Seed "Endurance (3d6)": "adds twice level to the character's Endurance Points" (level 2)."""
    adjusted = build(charts, "seraph", FiguredAdjustment("endurance_points", 4, "skill:Endurance"))
    assert adjusted.figured.endurance_points == 74 + 4


def test_adjustments_to_one_attribute_are_summed(charts: Charts) -> None:
    """Seed "Discipline (3d6)": "adds twice level to the character's Willpower"."""
    adjusted = build(
        charts,
        "seraph",
        FiguredAdjustment("willpower", 2, "skill:Discipline"),
        FiguredAdjustment("willpower", 6, "test"),
    )
    assert adjusted.figured.willpower == 80 + 8


def test_adjusted_body_dp_feeds_endurance_points(charts: Charts) -> None:
    """EP counts half Body DP: Body DP 9 + 2 = 11 → 64 + 5.5 + 5.5 = 75."""
    adjusted = build(charts, "seraph", FiguredAdjustment("damage_points", 2, "test"))
    assert adjusted.figured.endurance_points == 75


def test_adjusted_body_dp_feeds_body_part_dp(charts: Charts) -> None:
    """Body DP 9 + 1 = 10 → head 10 × 3/5 = 6, legs 7.5 → 8."""
    adjusted = build(charts, "seraph", FiguredAdjustment("damage_points", 1, "test"))
    parts = adjusted.figured.damage_points
    assert (parts.body, parts.head, parts.legs) == (10, 6, 8)


def test_adjusted_skin_temper_reads_the_new_row(charts: Charts) -> None:
    """Row 1 + 1 = row 2 → 4/5 (``docs/rules/charts.md`` §3)."""
    adjusted = build(charts, "seraph", FiguredAdjustment("skin_temper", 1, "test"))
    assert adjusted.figured.skin_temper.multiplier == Fraction(4, 5)


def test_adjustment_leaves_other_attributes_alone(charts: Charts, seraph: Character) -> None:
    adjusted = build(charts, "seraph", FiguredAdjustment("willpower", 2, "test"))
    assert adjusted.figured.endurance_points == seraph.figured.endurance_points


# --- overrides -----------------------------------------------------------------------------------


def test_override_wins_over_the_formula(charts: Charts) -> None:
    sheet = with_overrides("seraph", combat_roll=3)
    assert figure(sheet, charts).figured.combat_roll == 3


def test_override_wins_over_adjustments(charts: Charts) -> None:
    sheet = with_overrides("seraph", endurance_points=50)
    character = build_character(
        sheet,
        charts=charts,
        defaults=STANDARD_DEFAULTS,
        adjustments=[FiguredAdjustment("endurance_points", 4, "skill:Endurance")],
    )
    assert character.figured.endurance_points == 50


def test_overridden_mass_feeds_hand_damage(charts: Charts) -> None:
    """Seed "Hand Damage": an overridden Mass of 160 kg → 16 on the Doubles chart (row 5)
    + Strength 11 // 4 (2) = 7, where Seraph's own 89.6 kg give 6."""
    sheet = with_overrides("seraph", mass=160.0)
    assert figure(sheet, charts).figured.hand_damage == 7


def test_overridden_body_dp_feeds_body_part_dp(charts: Charts) -> None:
    sheet = with_overrides("seraph", damage_points=4)
    parts = figure(sheet, charts).figured.damage_points
    assert (parts.body, parts.head, parts.neck, parts.arm, parts.legs) == (4, 3, 2, 3, 3)


# --- the sample sheets' published numbers ----------------------------------------------------


@pytest.mark.parametrize("name", ["dexter", "sinister"])
def test_simpler_combat_grunts_published_numbers(charts: Charts, name: str) -> None:
    """Seed "Simpler Combat Example": "Combat Roll of 10, a Combat Pool of 2, and a Movement Roll
    of 18. They do 6 points of damage in hand to hand combat. They have 32 EP." """
    figured = build(charts, name).figured
    published = (
        figured.combat_roll,
        figured.combat_pool,
        figured.move_roll,
        figured.hand_damage,
        figured.endurance_points,
    )
    assert published == (10, 2, 18, 6, 32)


@pytest.mark.parametrize("name", ["dexter", "sinister"])
def test_simpler_combat_grunts_are_special(charts: Charts, name: str) -> None:
    """G-37: the example's grunts re-roll 1s, so their sheets make them Special."""
    assert build(charts, name).is_special


def test_sphinx_published_numbers(charts: Charts) -> None:
    """``docs/rules/combat.md`` §20: Combat Roll 11, Combat Pool 1, Hand Damage 7, VP 34, EP 38,
    Move Roll 19."""
    figured = build(charts, "sphinx").figured
    published = (
        figured.combat_roll,
        figured.combat_pool,
        figured.hand_damage,
        figured.virtual_damage_points,
        figured.endurance_points,
        figured.move_roll,
    )
    assert published == (11, 1, 7, 34, 38, 19)


def test_sun_ruler_combat_roll_and_pool(charts: Charts) -> None:
    """Seed "Power Example": "he needed 13 or less: 12 plus his pool of 1"."""
    figured = build(charts, "sun_ruler").figured
    assert (figured.combat_roll, figured.combat_pool) == (12, 1)


def test_sun_ruler_fire_coat_power_rating(charts: Charts) -> None:
    """Seed "Power Example": "Sun-Ruler has a PR of 12 in Fire Coat"."""
    assert build(charts, "sun_ruler").sheet.powers["Fire Coat"].power_rating == 12


def test_nightgaunt_weirdness_bonus(charts: Charts) -> None:
    """Seed "Example of Horrification": Beauty −4 → Weirdness Bonus 10 − (−4) = 14."""
    assert build(charts, "nightgaunt").figured.weirdness_bonus == 14


@pytest.mark.parametrize(("rounding", "roll"), [("up", 38), ("down", 37)])
def test_seraph_hold_breath_roll_under_g44_from_a_scenario(rounding: str, roll: int) -> None:
    """Seed "Hold Breath Roll": Constitution 32 plus half of Strength 11, 5.5 rounded up (G-44's
    default: 38) or down (37), switched by the scenario's ``[rules.defaults]``."""
    root = CHARACTERS.parent
    data = tomllib.loads((root / "seraph_vs_sphinx.toml").read_text(encoding="utf-8"))
    data["rules"] = {"defaults": {"G44_hold_breath_half_strength": rounding}}
    simulation = Simulation(parse_scenario(data, base_dir=root))
    assert simulation.prepare().characters["seraph"].figured.hold_breath_roll == roll
