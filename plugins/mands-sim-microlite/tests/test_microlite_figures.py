"""The seed's figures (seed 003; ``docs/rules.md`` §1–§6), each quoting the words it checks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mands_microlite.figures import (
    combat_bonus,
    defended,
    hand_to_hand,
    hit_points,
    initiative_bonus,
    saves,
    stat_bonus,
    stat_check,
    strength_damage,
    strike_lands,
    structural_damage_capacity,
    unarmed_dice,
)


@pytest.mark.parametrize(
    ("stat", "bonus"),
    [(3, -4), (7, -2), (8, -1), (9, -1), (10, 0), (11, 0), (12, 1), (16, 3), (18, 4), (30, 10)],
)
def test_stat_bonus_is_stat_less_ten_halved_and_rounded_down(stat: int, bonus: int) -> None:
    """ "Stat Bonuses/Penalties = (STAT-10)/2, round down": 9 is -1, not 0."""
    assert stat_bonus(stat) == bonus


@given(st.integers(min_value=1, max_value=80))
def test_each_two_points_of_stat_are_one_of_bonus(stat: int) -> None:
    assert stat_bonus(stat + 2) == stat_bonus(stat) + 1
    assert stat_bonus(stat) <= (stat - 10) / 2 < stat_bonus(stat) + 1


def test_hit_points_are_pe_and_a_d6_each_level_from_the_first() -> None:
    """ "HP = PE + 1d6 each level, starting at first level": PE 14, level 3, rolls 4, 1, 6."""
    assert hit_points(14, [4]) == 18
    assert hit_points(14, [4, 1, 6]) == 25
    with pytest.raises(ValueError, match="at least one level"):
        hit_points(14, [])


def test_sdc_is_twenty_and_the_class_and_focus_bonuses() -> None:
    """ "SDC = 20 + Class and Focus bonuses"; the Physical Focus "Gain an extra 25 SDC"; a
    General Focus "1. Gain 10 SDC" per OCC Related skill sacrificed."""
    assert structural_damage_capacity("social") == 20
    assert structural_damage_capacity("physical") == 45
    assert structural_damage_capacity("physical", class_bonus=10) == 55
    assert structural_damage_capacity("general", sdc_sacrifices=4) == 60
    with pytest.raises(ValueError, match="General Focus"):
        structural_damage_capacity("physical", sdc_sacrifices=1)


def test_basic_hand_to_hand_by_level() -> None:
    """ "Basic: 1st lvl: 4 attacks per round ... 4th lvl: +1 att/r, +1 combat, +1 initiative ...
    8th lvl: +1 att/r, +1 combat ... 15th lvl: +1 att/r, +1 combat"."""
    first = hand_to_hand("basic", 1)
    assert (first.attacks, first.combat, first.initiative, first.critical_from) == (4, 0, 0, 20)
    fourth = hand_to_hand("basic", 4)
    assert (fourth.attacks, fourth.combat, fourth.initiative) == (5, 1, 1)
    eighth = hand_to_hand("basic", 8)
    assert (eighth.attacks, eighth.combat, eighth.critical_from) == (6, 2, 19)  # ML-02
    fifteenth = hand_to_hand("basic", 15)
    assert (fifteenth.attacks, fifteenth.combat, fifteenth.initiative) == (8, 4, 2)  # ML-01


def test_advanced_hand_to_hand_by_level() -> None:
    """ "Advanced: 1st lvl: 4 att/r, +1 combat, +1 In 4th lvl: +1 att/r, +2 combat, +1 In 8th lvl:
    +1 att/r, +2 combat ... 15th lvl: +1 att/r, +1 combat"; ML-01's 12th: +1, +2, +2 In."""
    first = hand_to_hand("advanced", 1)
    assert (first.attacks, first.combat, first.initiative) == (4, 1, 1)
    assert (hand_to_hand("advanced", 3).combat, hand_to_hand("advanced", 4).combat) == (1, 3)
    top = hand_to_hand("advanced", 15)
    assert (top.attacks, top.combat, top.initiative) == (8, 8, 4)


def test_mystic_hand_to_hand_adds_mental_actions_not_attacks() -> None:
    """ "Mystic: 1st lvl: 4 att/r 4th lvl: +1 mental actions per round (matt/r)*, +1 In"."""
    top = hand_to_hand("mystic", 15)
    assert (top.attacks, top.mental_actions, top.combat, top.initiative) == (4, 4, 2, 2)


def test_combat_and_initiative_bonuses() -> None:
    """ "Combat Bonus: PP Bonus + Class Bonuses (to Strike only) + Hand to Hand (HtH) combat
    bonus"; the Spd bonus "Add the bonus to initiative"."""
    assert combat_bonus(pp=16, hand_to_hand_combat=1) == 4
    assert combat_bonus(pp=16, hand_to_hand_combat=1, class_strike=2) == 6
    assert combat_bonus(pp=7, hand_to_hand_combat=0) == -2
    assert initiative_bonus(spd=20, hand_to_hand_initiative=1) == 6


@pytest.mark.parametrize(
    ("kind", "roll", "stat", "saved"),
    [
        ("mind", 13, 10, True),  # "Mind: 13"
        ("mind", 12, 10, False),
        ("mind", 11, 14, True),  # "Add ME bonus to roll": +2
        ("body", 12, 11, False),  # "Body: 13": PE 11 adds nothing
        ("body", 10, 16, True),  # "Add PE bonus to roll": +3
        ("body", 14, 7, False),  # PE 7 takes 2
    ],
)
def test_saves_are_thirteen_or_higher_with_the_stat_bonus(
    kind: str, roll: int, stat: int, saved: bool
) -> None:
    """ "Roll the target number or higher to save"."""
    assert saves(kind, roll, stat) is saved  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("ps", "kind", "damage"),
    [
        (30, "standard", None),  # "PS 01-30: Standard"
        (31, "standard", "1d4*10"),
        (35, "standard", "1d4*10"),
        (36, "standard", "1d6*10"),
        (41, "standard", "2d6*10"),  # the seed's example: "a PS of 41 does 2d6*10 damage"
        (50, "standard", "3d6*10"),
        (55, "standard", "4d6*10"),
        (60, "standard", "5d6*10"),
        (70, "standard", "6d6*10"),
        (80, "standard", "1d6*100"),
        (41, "bionic", "2d6*10"),  # "Augmented, Bionic, or Extraordinary ... keep the PS score"
        (20, "superhuman", None),  # 20 + 10 = 30: the PS bonus still applies
        (21, "superhuman", "1d4*10"),  # "Superhuman Strength add 10 to their score"
        (16, "supernatural", "1d6*10"),  # "Supernatural Strength add 20 to their score"
    ],
)
def test_the_strength_table_rows_the_seed_gives(ps: int, kind: str, damage: str | None) -> None:
    found = strength_damage(ps, kind)
    assert (str(found) if found else None) == damage


def test_the_strength_table_ends_at_eighty_and_knows_its_kinds() -> None:
    with pytest.raises(ValueError, match="ends at PS 80"):
        strength_damage(75, "supernatural")
    with pytest.raises(ValueError, match="kind of strength"):
        strength_damage(40, "divine")


def test_unarmed_blows_and_the_extra_die_of_advanced_combat() -> None:
    """ "1d4+PS bonus: Punches ... 1d6+PS bonus: Kicks ... 2d6+PS bonus: ... power punches";
    "Characters with Advanced Combat roll an extra die for damage"."""
    assert str(unarmed_dice("punch", extra_die=False)) == "d4"
    assert str(unarmed_dice("punch", extra_die=True)) == "2d4"
    assert str(unarmed_dice("kick", extra_die=False)) == "d6"
    assert str(unarmed_dice("power punch", extra_die=True)) == "3d6"


def test_strikes_miss_at_four_in_melee_and_need_ten_at_range() -> None:
    """ "A roll of 4 or less with bonuses misses. With ranged combat, the roll must be at least a
    10 with bonuses to strike"."""
    assert not strike_lands(4, ranged=False)
    assert strike_lands(5, ranged=False)
    assert not strike_lands(9, ranged=True)
    assert strike_lands(10, ranged=True)


def test_ties_go_to_the_defender() -> None:
    """ "High roll always wins. Ties go to defender"."""
    assert defended(strike_total=14, defense_total=14)
    assert not defended(strike_total=15, defense_total=14)


def test_a_stat_check_is_three_times_the_stat() -> None:
    """ "Multiply the relevant Stat by 3. Roll below that number with percentile dice"."""
    assert stat_check(12) == 36
