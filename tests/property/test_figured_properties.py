"""Invariants of the figured attributes (seed "Figured Attributes", "Ability Rolls").

Every formula is built from sums, chart lookups (non-decreasing in their input) and rounding, so
more of an ability that feeds an attribute never lowers it; body-part DP are fixed shares of Body
DP, rounded up; the adjustment seam and overrides do exactly what they say.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from mands_sim.charts.loading import load_standard_charts
from mands_sim.defaults import STANDARD_DEFAULTS
from mands_sim.model.character import Character, build_character
from mands_sim.model.figured import BODY_PART_SHARES, FiguredAdjustment, body_part_damage_points
from mands_sim.model.sheet import Abilities, Attributes, CharacterSheet

CHARTS = load_standard_charts()

ABILITY_RANGES = {
    "strength": (0, 80),
    "agility": (0, 60),
    "constitution": (1, 80),
    "learning": (0, 40),
    "newoen": (0, 40),
}


@st.composite
def sheets(draw: st.DrawFn) -> CharacterSheet:
    """Characters from feeble to superhuman: abilities 0-80, Build 5-60, height 0.3-3 m."""
    abilities = {name: draw(st.integers(*bounds)) for name, bounds in ABILITY_RANGES.items()}
    charisma = draw(st.integers(-20, 30))
    return CharacterSheet(
        name="Anyone",
        is_special=draw(st.booleans()),
        abilities=Abilities(**abilities, active_charisma=charisma, normal_charisma=charisma),
        attributes=Attributes(
            beauty=draw(st.integers(-20, 40)),
            build=draw(st.integers(5, 60)),
            height=draw(st.floats(0.3, 3.0)),
            hearing=14,
            sight=14,
        ),
    )


def build(sheet: CharacterSheet, *adjustments: FiguredAdjustment) -> Character:
    return build_character(
        sheet, charts=CHARTS, defaults=STANDARD_DEFAULTS, adjustments=adjustments
    )


def raised(sheet: CharacterSheet, section: str, name: str, by: Any) -> CharacterSheet:
    """``sheet`` with one ability or attribute raised by ``by``."""
    part = getattr(sheet, section)
    return dataclasses.replace(
        sheet, **{section: dataclasses.replace(part, **{name: getattr(part, name) + by})}
    )


def never_lower(sheet: CharacterSheet, section: str, name: str, attribute: str) -> bool:
    before = getattr(build(sheet).figured, attribute)
    after = getattr(build(raised(sheet, section, name, 1)).figured, attribute)
    return bool(after >= before)


@given(sheets())
def test_more_constitution_never_lowers_endurance_points(sheet: CharacterSheet) -> None:
    assert never_lower(sheet, "abilities", "constitution", "endurance_points")


@given(sheets())
def test_more_strength_never_lowers_endurance_points(sheet: CharacterSheet) -> None:
    assert never_lower(sheet, "abilities", "strength", "endurance_points")


@given(sheets(), st.sampled_from(["agility", "strength", "learning", "newoen"]))
def test_more_of_an_ability_never_lowers_virtual_damage_points(
    sheet: CharacterSheet, ability: str
) -> None:
    assert never_lower(sheet, "abilities", ability, "virtual_damage_points")


@given(
    sheets(),
    st.sampled_from(
        [
            ("attributes", "build"),
            ("abilities", "constitution"),
            ("abilities", "strength"),
        ]
    ),
)
def test_more_bulk_never_lowers_mass(sheet: CharacterSheet, where: tuple[str, str]) -> None:
    assert never_lower(sheet, *where, "mass")


@given(sheets(), st.floats(0.0, 1.0))
def test_more_height_never_lowers_body_damage_points(sheet: CharacterSheet, by: float) -> None:
    before = build(sheet).figured.damage_points.body
    assert build(raised(sheet, "attributes", "height", by)).figured.damage_points.body >= before


@given(sheets(), st.sampled_from([("attributes", "build"), ("abilities", "constitution")]))
def test_more_build_or_constitution_never_lowers_body_damage_points(
    sheet: CharacterSheet, where: tuple[str, str]
) -> None:
    before = build(sheet).figured.damage_points.body
    assert build(raised(sheet, *where, 1)).figured.damage_points.body >= before


@given(sheets())
def test_more_agility_never_lowers_the_combat_roll(sheet: CharacterSheet) -> None:
    assert never_lower(sheet, "abilities", "agility", "combat_roll")


@given(sheets(), st.sampled_from(["agility", "strength"]))
def test_more_of_an_ability_never_lowers_the_move_roll(sheet: CharacterSheet, ability: str) -> None:
    assert never_lower(sheet, "abilities", ability, "move_roll")


@given(sheets())
def test_more_strength_never_lowers_hand_damage(sheet: CharacterSheet) -> None:
    """Also across G-35's switch from Strength/4 to Mass/4 when Strength passes Mass."""
    assert never_lower(sheet, "abilities", "strength", "hand_damage")


@given(sheets())
def test_more_newoen_never_lowers_resist_death(sheet: CharacterSheet) -> None:
    assert never_lower(sheet, "abilities", "newoen", "resist_death")


@given(sheets())
def test_more_constitution_never_raises_the_skin_temper_multiplier(sheet: CharacterSheet) -> None:
    before = build(sheet).figured.skin_temper.multiplier
    after = build(raised(sheet, "abilities", "constitution", 1)).figured.skin_temper.multiplier
    assert after <= before


@given(st.integers(0, 500))
def test_body_part_damage_points_lie_between_their_share_and_body_dp(body: int) -> None:
    """Seed "Damage Points": each part is its share of Body DP rounded up, so never above it."""
    parts = body_part_damage_points(body)
    assert all(
        body * share <= getattr(parts, part) <= body for part, share in BODY_PART_SHARES.items()
    )


@given(st.integers(1, 500))
def test_every_body_part_has_a_damage_point_when_the_body_has(body: int) -> None:
    parts = body_part_damage_points(body)
    assert min(parts.head, parts.neck, parts.arm, parts.legs) >= 1


LEAF_ATTRIBUTES = [
    "resist_death",
    "virtual_damage_points",
    "endurance_points",
    "ignore_damage",
    "willpower",
    "perception",
    "weirdness_bonus",
    "hand_damage",
    "combat_roll",
    "combat_pool",
    "move_roll",
    "jump_roll",
    "jump_bonus",
    "lift_roll",
    "throw_roll",
    "throw_bonus",
    "throwback_roll",
    "hold_breath_roll",
    "healing_roll",
    "mental_healing_bonus",
    "discernment_roll",
]
"""The figured attributes no other attribute is figured from."""


@given(sheets(), st.sampled_from(LEAF_ATTRIBUTES), st.integers(-20, 20))
def test_adjustment_moves_only_its_own_attribute(
    sheet: CharacterSheet, attribute: str, delta: int
) -> None:
    plain = build(sheet).figured.as_dict()
    adjusted = build(sheet, FiguredAdjustment(attribute, delta, "test")).figured.as_dict()
    plain[attribute] += delta
    assert adjusted == plain


@given(sheets(), st.sampled_from(LEAF_ATTRIBUTES), st.integers(-50, 50))
def test_override_is_the_final_value(sheet: CharacterSheet, attribute: str, value: int) -> None:
    overridden = dataclasses.replace(sheet, overrides={attribute: value})
    adjusted = build(overridden, FiguredAdjustment(attribute, 7, "test"))
    assert getattr(adjusted.figured, attribute) == value
