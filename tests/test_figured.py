"""The figured-attribute formulas of seed "Figured Attributes" and "Ability Rolls"."""

from __future__ import annotations

import pytest

from mands_sim.charts.action import ActionChart
from mands_sim.charts.loading import load_standard_charts
from mands_sim.model import figured as f
from mands_sim.model.figured import FiguredAdjustment


@pytest.fixture(scope="module")
def chart() -> ActionChart:
    return load_standard_charts().action


# Seraph (seed "Biff Turk Creates a Sample Character"; Strength from the Example of Movement).
STR, AGI, CON, LEARNING, NEWOEN, BUILD, HEIGHT = 11, 22, 32, 11, 20, 31, 1.791


def test_mass_of_seraph(chart: ActionChart) -> None:
    """``docs/rules/charts.md`` §1.4: Seraph's Mass is about 89.6 kg."""
    assert f.mass(STR, BUILD, CON, HEIGHT, chart) == pytest.approx(89.57, abs=0.01)


def test_mass_below_one_meter_uses_height_times_its_root(chart: ActionChart) -> None:
    """Seed "Mass": "height times square root of height if height is less than one"."""
    bulk = 0 + 25 + 1  # Strength 10 → 0 on the Sphere chart; Build 25; Constitution 10 / 10
    assert f.mass(10, 25, 10, 0.64, chart) == pytest.approx(bulk * 0.64 * 0.8 / 2.2)


def test_body_damage_points_of_seraph(chart: ActionChart) -> None:
    """``docs/rules/charts.md`` §1.4: Build 31/5 + Square row of 89.57 kg (9) − 7 = 8.2 → 9."""
    assert f.body_damage_points(BUILD, 89.57, chart) == 9


def test_body_damage_points_leave_out_the_mass_term_at_50_kg_or_less(chart: ActionChart) -> None:
    """Seed "Damage Points": the Square-chart term counts only "if greater than 50"."""
    assert f.body_damage_points(20, 30.0, chart) == 4


def test_body_part_damage_points_round_up() -> None:
    """Seed "Damage Points": 9 Body DP → head 5.4 → 6, neck 4.5 → 5, arm 6, legs 6.75 → 7."""
    parts = f.body_part_damage_points(9)
    assert (parts.head, parts.neck, parts.arm, parts.legs) == (6, 5, 6, 7)


def test_resist_death_of_seraph(chart: ActionChart) -> None:
    """``docs/rules/charts.md`` §1.4: 9 + 20 − 14 = 15 on the Doubles chart → 4."""
    assert f.resist_death(9, NEWOEN, chart) == 4


def test_virtual_damage_points_drop_fractions_from_the_total() -> None:
    """G-43: Seraph 22 + 11 + 11/3 + 20/3 = 43.33 → 43 (``docs/rules/combat.md`` §20)."""
    assert f.virtual_damage_points(AGI, STR, LEARNING, NEWOEN, 11, drop_fractions="total") == 43


def test_virtual_damage_points_per_term_switch_gives_42() -> None:
    """G-43 alternative: 22 + 11 + 3 + 6 = 42 (the book's 43 is missed)."""
    assert f.virtual_damage_points(AGI, STR, LEARNING, NEWOEN, 11, drop_fractions="per_term") == 42


def test_active_charisma_replaces_learning_when_greater() -> None:
    """Seed "VP": Active Charisma greater than Learning may be substituted: 22+11+14/3+20/3."""
    assert f.virtual_damage_points(AGI, STR, LEARNING, NEWOEN, 14, drop_fractions="total") == 44


def test_endurance_points_drop_fractions_from_the_total() -> None:
    """G-43: Seraph 2 × 32 + 11/2 + 9/2 = 74 (``docs/rules/combat.md`` §20)."""
    assert f.endurance_points(CON, STR, 9, drop_fractions="total") == 74


def test_endurance_points_per_term_switch_gives_73() -> None:
    """G-43 alternative: 64 + 5 + 4 = 73."""
    assert f.endurance_points(CON, STR, 9, drop_fractions="per_term") == 73


def test_skin_temper_row_of_seraph(chart: ActionChart) -> None:
    """``docs/rules/charts.md`` §1.4: 11/50 + 32/25 = 1.5 on the Doubles chart → 1 row up."""
    assert f.skin_temper_row(STR, CON, chart) == 1


def test_weak_skin_moves_skin_temper_down(chart: ActionChart) -> None:
    """Seed "Skin Temper": 5/50 + 5/25 = .3 on the Doubles chart reads row −1 (.25)."""
    assert f.skin_temper_row(5, 5, chart) == -1


def test_mind_skin_temper_is_row_0_up_to_newoen_and_charisma_20() -> None:
    """Seed "Skin Temper": "In Mind Combat, Skin Temper is normally 1" (row 0)."""
    assert f.mind_skin_temper_row(20, 20) == 0
    assert f.mind_skin_temper_row(14, 11.5) == 0


def test_mind_skin_temper_moves_a_row_per_newoen_above_20() -> None:
    """Seed: "For newoens greater than 20, subtract 20 from newoen for the number of rows to move
    up": Newoen 25 → 5 rows."""
    assert f.mind_skin_temper_row(25, 10) == 5


def test_mind_skin_temper_moves_a_row_per_ten_charisma_above_20() -> None:
    """Seed: "For charismas higher than 20, subtract 20 and divide by 10": Charisma 40 → 2 rows,
    added to Newoen's; 35 → 1.5, a part row dropped (G-100)."""
    assert f.mind_skin_temper_row(22, 40) == 4
    assert f.mind_skin_temper_row(14, 35) == 1


def test_low_mass_penalty_of_40_kg(chart: ActionChart) -> None:
    """``docs/rules/charts.md`` §3: Mass 40 → .4 on the Doubles chart → row −1 → 1 line."""
    assert f.low_mass_penalty(40.0, chart) == 1


def test_no_low_mass_penalty_from_50_kg(chart: ActionChart) -> None:
    """Seed "Mass": the penalty applies when Mass is less than 50."""
    assert f.low_mass_penalty(50.0, chart) == 0


def test_willpower_of_seraph() -> None:
    """Seed "Example of Horrification": Seraph (Newoen 20) has Willpower 80."""
    assert f.willpower(NEWOEN) == 80


def test_perception_rounds_up() -> None:
    """Seed "Perception": Newoen/2 + Learning/4, round up: 10 + 2.75 → 13."""
    assert f.perception(NEWOEN, LEARNING) == 13


def test_weirdness_bonus_of_gremlin() -> None:
    """Seed "Example of Horrification": Gremlin (Beauty 6, Willpower 60) saves vs. 54 =
    60 − 4 (Beauty −4 on the Sphere chart) − 6 (Q penalty) + 4 (her Weirdness Bonus)."""
    assert f.weirdness_bonus(6) == 4


def test_weirdness_bonus_is_zero_from_beauty_10() -> None:
    """Seed "Weirdness Bonus": 0 unless Beauty is less than 10 (Seraph, Beauty 31)."""
    assert f.weirdness_bonus(31) == 0


def test_weirdness_bonus_of_a_negative_beauty() -> None:
    """Seed "Weirdness Bonus" for the Nightgaunt's Beauty −4: 10 − (−4) = 14."""
    assert f.weirdness_bonus(-4) == 14


def test_hand_damage_of_100_kg_and_strength_14(chart: ActionChart) -> None:
    """Seed "Hand Damage": "A character with a Mass of 100 kg and a strength of 14 will do 7"."""
    assert f.hand_damage(100.0, 14, chart) == 7


def test_hand_damage_of_seraph(chart: ActionChart) -> None:
    """``docs/rules/combat.md`` §20: Seraph's Hand Damage is 6 (8.96 → Doubles 4, + 11 // 4)."""
    assert f.hand_damage(89.57, STR, chart) == 6


def test_hand_damage_uses_mass_when_strength_is_greater(chart: ActionChart) -> None:
    """G-35: Strength 40 > Mass 30 kg literally → Doubles(3) = 2 + 30 // 4 = 7 → 9."""
    assert f.hand_damage(30.0, 40, chart) == 9


def test_combat_roll_of_agility_22(chart: ActionChart) -> None:
    """Seed "Combat Roll", ``docs/rules/charts.md`` §1.4: 2 × 22 = 44 on the Sphere chart → 14."""
    assert f.combat_roll(AGI, chart) == 14


def test_combat_pool_is_learning_over_10_rounded_down() -> None:
    """``docs/rules/combat.md`` §5: Seraph's Learning 11 gives his Combat Pool of 1."""
    assert f.combat_pool(LEARNING) == 1


def test_move_roll_rounds_half_strength_up(chart: ActionChart) -> None:
    """G-08 "up": 22 + 6 + 1 = 29 (``docs/rules/combat.md`` §20)."""
    assert f.move_roll(AGI, STR, HEIGHT, chart, rounding="up") == 29


def test_move_roll_rounding_down_gives_the_example_of_movement(chart: ActionChart) -> None:
    """G-08 "down": seed "Example of Movement": "22 (agility) plus 5 ... plus 1 ... or 28"."""
    assert f.move_roll(AGI, STR, HEIGHT, chart, rounding="down") == 28


def test_jump_roll_is_agility_plus_strength() -> None:
    """Seed "Jump Roll": vs. agility plus strength."""
    assert f.jump_roll(AGI, STR) == 33


def test_jump_bonus_is_twice_height_on_the_square_chart(chart: ActionChart) -> None:
    """Seed "Jump Roll": 2 × 1.791 = 3.58 on the Square chart → row 1."""
    assert f.jump_bonus(HEIGHT, chart) == 1


def test_lift_roll_adds_mass_on_the_sphere_chart(chart: ActionChart) -> None:
    """Seed "Lift Roll": 11 − 9 + (89.57 on the Sphere chart: 16) = 18."""
    assert f.lift_roll(STR, 89.57, chart) == 18


def test_throw_roll_is_strength_minus_9() -> None:
    """Seed "Throw Roll": vs. Strength minus 9."""
    assert f.throw_roll(STR) == 2


def test_throwback_roll_is_mass_on_the_sphere_chart(chart: ActionChart) -> None:
    """Seed "Throwback Roll": 89.57 on the Sphere chart (75 ≤ 89.57 < 100) → 16."""
    assert f.throwback_roll(89.57, chart) == 16


def test_hold_breath_roll_rounds_half_strength_as_switched() -> None:
    """Seed "Hold Breath Roll": Constitution + half Strength (rounding: G-44 switch)."""
    up = f.hold_breath_roll(CON, STR, rounding="up")
    down = f.hold_breath_roll(CON, STR, rounding="down")
    assert (up, down) == (38, 37)


def test_healing_roll_is_constitution_on_the_sphere_chart(chart: ActionChart) -> None:
    """Seed "Healing Roll": 32 on the Sphere chart → 13."""
    assert f.healing_roll(CON, chart) == 13


def test_mental_healing_bonus_is_a_quarter_newoen_rounded_down() -> None:
    """Seed "Healing Roll": newoen divided by 4, round down: 15 → 3."""
    assert f.mental_healing_bonus(15) == 3


def test_discernment_roll_is_half_newoen_rounded_down() -> None:
    """Seed "Discernment Roll": half Newoen, rounded down: 15 → 7."""
    assert f.discernment_roll(15) == 7


def test_adjustment_of_an_unknown_attribute_is_refused() -> None:
    with pytest.raises(ValueError, match="endurance_points"):
        FiguredAdjustment("endurance", 4, "skill:Endurance")
