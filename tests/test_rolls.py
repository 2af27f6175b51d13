"""Action Rolls, Bonus Pools, saves and the arithmetic of Quality (seed "Making Rolls")."""

from __future__ import annotations

import pytest

from mands_sim.charts.loading import Charts, load_standard_charts
from mands_sim.defaults import STANDARD_DEFAULTS, RuleDefaults
from mands_sim.dice import ScriptedDice
from mands_sim.events import RollMade
from mands_sim.rolls import (
    ExtraEffort,
    ExtraEffortRefused,
    SaveResult,
    action_roll,
    damage_bonus,
    defense_from_quality,
    extra_effort,
    hurried_performance_time,
    pool_bonus,
    reduced_performance_time,
    save_2d10,
    save_d100,
    save_made,
    saved_on_d100,
    saved_quality_bonus,
    spread_negative_quality,
    time_tradeoff_bonus,
)

CHARTS: Charts = load_standard_charts()
ROUND_DOWN: RuleDefaults = STANDARD_DEFAULTS.with_overrides(
    {"G28_performance_time_rounding": "down"}
)

# --- Action Rolls -----------------------------------------------------------------------------


def test_special_character_rerolls_a_one_and_subtracts() -> None:
    """Seed "Action Rolls": "a player rolls 2d10, for 1 and 7, this totals to 8, but the 1 is
    rolled again; the next die comes up 6, which is subtracted from 8, for a total of 2"."""
    dice = ScriptedDice([1, 7, 6])
    roll = action_roll(dice, target=15, is_special=True, charts=CHARTS)
    assert (roll.dice.total, roll.quality) == (2, 15 - 2)
    dice.assert_used_up()


def test_normal_character_keeps_the_one() -> None:
    """Seed "Dice": only Special characters re-roll; 1 and 7 stay a total of 8."""
    dice = ScriptedDice([1, 7])
    roll = action_roll(dice, target=15, is_special=False, charts=CHARTS)
    assert (roll.dice.total, roll.quality) == (8, 15 - 8)
    dice.assert_used_up()


def test_cipher_example_rolls_8_quality() -> None:
    """Seed "Performance Time": "an Action Roll of 15 … The character rolls 7, for 8 Q"."""
    roll = action_roll(ScriptedDice([3, 4]), target=15, is_special=True, charts=CHARTS)
    assert roll.quality == 8


def test_roll_equal_to_the_action_roll_succeeds_with_zero_quality() -> None:
    """Seed "Action Rolls": success when the 2d10 result is less than or equal to the roll."""
    roll = action_roll(ScriptedDice([7, 8]), target=15, is_special=False, charts=CHARTS)
    assert roll.succeeded and roll.quality == 0


def test_roll_above_the_action_roll_fails_with_its_margin() -> None:
    """Seed "Action Rolls": a total over the Action Roll fails; Q is negative."""
    roll = action_roll(ScriptedDice([8, 8]), target=15, is_special=False, charts=CHARTS)
    assert (roll.succeeded, roll.quality, roll.margin) == (False, -1, 1)


def test_combat_pool_of_1_makes_combat_roll_14_need_15() -> None:
    """``docs/rules/combat.md`` §5: "Combat Roll 14, Combat Pool 1 → needs 15 or less"."""
    roll = action_roll(
        ScriptedDice([5, 5]), target=14, bonus_pool=1, is_special=True, charts=CHARTS
    )
    assert roll.needed == 15


# --- Bonus Pools ------------------------------------------------------------------------------


def test_pool_of_minus_17_is_a_penalty_of_10() -> None:
    """Seed "Example of Movement": "a penalty of 17 to his Bonus Pool, for a total penalty of
    10" (``docs/rules/charts.md`` §1.1: magnitude looked up, then negated)."""
    assert pool_bonus(-17, CHARTS) == -10


def test_pool_of_minus_18_is_a_penalty_of_11() -> None:
    """Seed "Example of Movement": "His Bonus Pool is now -18 (for a penalty of 11)"."""
    assert pool_bonus(-18, CHARTS) == -11


def test_pool_of_zero_is_no_bonus() -> None:
    """Seed "Bonus Pools": an empty pool changes nothing."""
    assert pool_bonus(0, CHARTS) == 0


@pytest.mark.parametrize(
    ("dice_faces", "bonus_pool", "quality"),
    [((9, 9), -17, 0), ((7, 7), -17, 4), ((9, 8), -18, 0), ((6, 7), -18, 4), ((2, 3), -18, 12)],
)
def test_example_of_movement_rerolls(
    dice_faces: tuple[int, int], bonus_pool: int, quality: int
) -> None:
    """Seed "Example of Movement", Move Roll 28: "rolls 18, plus 10, or 28, for a Q of 0";
    "rolling a 14, for 24 and a Q of 4"; pool −18: "gets 17, for a Q of 0"; "13, (+11 gives
    24) for a Q of 4"; "rolls 5 (+11 gives 16) for a Q of 12". The rule makes the Move Roll 29
    (half Strength rounded up); the example's 28 is used as the target (``docs/rules/decisions.md``
    G-39)."""
    roll = action_roll(
        ScriptedDice(dice_faces),
        target=28,
        bonus_pool=bonus_pool,
        is_special=True,
        charts=CHARTS,
    )
    assert roll.quality == quality


def test_opening_locks_example_rolls_against_15() -> None:
    """Seed "Opening Locks": "A skill level 7 person with a 10 learning and 10 agility, trying
    to open a skeleton key lock (type 1) will roll vs. 7-1, or 6, with a bonus of 9 (10 on the
    Sphere Chart). This is vs. 15." Pool = half learning + half agility = 5 + 5 = 10."""
    level, lock_type, learning, agility = 7, 1, 10, 10
    roll = action_roll(
        ScriptedDice([7, 8]),
        target=level - lock_type,
        bonus_pool=learning // 2 + agility // 2,
        is_special=True,
        charts=CHARTS,
    )
    assert (roll.target, roll.pool_bonus, roll.needed) == (6, 9, 15)


# --- Saving throws ----------------------------------------------------------------------------


def test_save_2d10_adds_the_pool_through_the_sphere_chart() -> None:
    """Seed introduction: "save on a 2d10 vs. Agility … a bonus of 1, 2, 3, or 4 to the bonus
    pool"; a pool of 4 is +4 on the Sphere chart, so Agility 12 needs 16 or less."""
    save = save_2d10(
        ScriptedDice([6, 10]), ability=12, bonus_pool=4, is_special=True, charts=CHARTS
    )
    assert (save.target, save.roll, save.succeeded) == (16, 16, True)


def test_save_2d10_fails_above_the_ability() -> None:
    """Seed "Saving Throws": the dice must be less than or equal to the ability."""
    save = save_2d10(ScriptedDice([6, 7]), ability=12, is_special=False, charts=CHARTS)
    assert (save.succeeded, save.quality, save.margin) == (False, -1, 1)


def test_save_d100_succeeds_at_the_score() -> None:
    """Seed "Saving Throws": saves vs. Willpower and Perception are d100 ≤ the score."""
    save = save_d100(ScriptedDice([40]), score=40)
    assert save.succeeded and save.on_d100


def test_save_d100_bonus_is_capped() -> None:
    """Seed "Saving Throws": "a bonus of up to the character's Newoen or Willpower"."""
    save = save_d100(ScriptedDice([50]), score=40, bonus=30, bonus_cap=12)
    assert (save.bonus, save.target, save.succeeded) == (12, 52, True)


def test_save_d100_penalty_is_not_capped() -> None:
    """``docs/rules/combat.md`` §2: Lariat bought down 5 surprise saves "vs. Perception − 5"."""
    save = save_d100(ScriptedDice([36]), score=40, bonus=-5, bonus_cap=12)
    assert (save.target, save.succeeded) == (35, False)


def test_saved_on_d100_judges_a_roll_already_made_even_beyond_the_die() -> None:
    """A roll changed "directly to the roll" (Control Chance) may leave 1..100: −19 saves
    against 35, 119 misses even Perception 100."""
    assert saved_on_d100(-19, score=40, bonus=-5).succeeded
    assert not saved_on_d100(119, score=100).succeeded


# --- Performance Time -------------------------------------------------------------------------


@pytest.mark.parametrize("defaults", [STANDARD_DEFAULTS, ROUND_DOWN])
@pytest.mark.parametrize(("quality_spent", "hours"), [(3, 6), (6, 3)])
def test_cipher_example_performance_time(
    defaults: RuleDefaults, quality_spent: int, hours: int
) -> None:
    """Seed "Performance Time": "taking 12 hours … Three points of Q bring this time to 6
    hours. If the character applies Six Q points, it will only take 3 hours" (exact under
    both G-28 choices)."""
    assert reduced_performance_time(12, quality_spent, defaults) == hours


def test_fist_halved_twice_rounds_to_nearest() -> None:
    """``docs/rules/combat.md`` §3: Seraph "spends 6 Q to halve 15 twice → 4 segments" (3.75 → 4,
    ``docs/rules/decisions.md`` G-28 default "nearest")."""
    assert reduced_performance_time(15, 6, STANDARD_DEFAULTS) == 4


def test_fist_halved_twice_rounds_down_when_switched() -> None:
    """``docs/rules/decisions.md`` G-28 switch "down": 15 with 6 Q → 3.75 → 3."""
    assert reduced_performance_time(15, 6, ROUND_DOWN) == 3


def test_one_quality_cuts_ten_percent() -> None:
    """Seed "Performance Time": "One point can reduce by 10%" (10 → 9)."""
    assert reduced_performance_time(10, 1, STANDARD_DEFAULTS) == 9


def test_two_quality_cut_twenty_percent() -> None:
    """Seed "Performance Time": "2 points by 20%" (10 → 8)."""
    assert reduced_performance_time(10, 2, STANDARD_DEFAULTS) == 8


def test_quality_never_takes_performance_time_below_one() -> None:
    """``docs/rules/combat.md`` §3: "An action never takes less than 1 segment"."""
    assert reduced_performance_time(15, 30, STANDARD_DEFAULTS) == 1


def test_negative_quality_spent_is_refused() -> None:
    """Only Q actually held can be spent on speed."""
    with pytest.raises(ValueError, match="quality_spent"):
        reduced_performance_time(15, -1, STANDARD_DEFAULTS)


def test_each_doubling_of_time_adds_2() -> None:
    """Seed "Skill Rolls": "For each doubling of the time spent … add 2"."""
    assert time_tradeoff_bonus(3) == 6


def test_time_bonus_is_capped_at_twice_skill_level() -> None:
    """Seed "Skill Rolls": "cannot increase the Action Roll by more than twice the character's
    Skill Level" (level 2 → at most +4)."""
    assert time_tradeoff_bonus(3, skill_level=2) == 4


def test_hurrying_halves_per_penalty_of_2_rounding_down() -> None:
    """Seed "Skill Rolls": "For each penalty of 2 … divide Performance Time by 2, and round
    down" (15 → 7 → 3)."""
    assert hurried_performance_time(15, 4) == 3


def test_hurrying_ignores_an_odd_point_of_penalty() -> None:
    """Seed "Skill Rolls": only each full penalty of 2 halves the time (15 with 3 → 7)."""
    assert hurried_performance_time(15, 3) == 7


def test_hurrying_never_takes_less_than_one_segment() -> None:
    """Seed "Skill Rolls": "an action can never take less than 1 segment"."""
    assert hurried_performance_time(6, 20) == 1


# --- Extra Effort and Saving Quality ----------------------------------------------------------


def test_extra_effort_costs_the_increase_afterwards() -> None:
    """Seed "Ability Rolls": "a 17 strength … (8 point increase), strength drops immediately to
    9 (17-8)". The seed prints the raised strength as 24, but 17 + 8 = 25; the rule ("decreased
    by the same amount it was increased") is followed, so the roll uses 25."""
    effort = extra_effort(17, 8)
    assert effort == ExtraEffort(ability=17, increase=8)
    assert (effort.raised_ability, effort.ability_after) == (25, 9)


def test_extra_effort_may_spend_the_whole_ability() -> None:
    """Seed "Ability Rolls": the ability may drop to 0, not below."""
    effort = extra_effort(17, 17)
    assert isinstance(effort, ExtraEffort) and effort.ability_after == 0


def test_extra_effort_below_zero_is_refused() -> None:
    """Seed "Ability Rolls": "Abilities cannot be increased so far that the ability will drop
    to less than 0" — a refusal, not an error."""
    assert isinstance(extra_effort(17, 18), ExtraEffortRefused)


def test_saving_quality_is_two_for_one() -> None:
    """Seed "Saving Quality": "For every two quality points 'saved', one is added"."""
    assert (saved_quality_bonus(4), saved_quality_bonus(5)) == (2, 2)


# --- Combat Roll Quality ----------------------------------------------------------------------


def test_two_quality_buy_one_defense() -> None:
    """Seed "Skill Rolls": zig-zagging "might use 4 Movement Q to increase Defense by 2"."""
    assert defense_from_quality(4) == 2


@pytest.mark.parametrize(("quality", "defense"), [(5, 2), (-5, -2), (-1, 0), (1, 0)])
def test_defense_rounds_toward_zero(quality: int, defense: int) -> None:
    """Seed "Combat Roll": "Defense Q is still divided by 2 and rounded towards 0"."""
    assert defense_from_quality(quality) == defense


@pytest.mark.parametrize(("quality", "bonus"), [(1, 1), (3, 2), (7, 3), (15, 4)])
def test_damage_quality_ladder(quality: int, bonus: int) -> None:
    """``docs/rules/combat.md`` §5: "1 Q → +1, 3 Q → +2, 7 Q → +3, 15 Q → +4" (Doubles chart,
    ``docs/rules/decisions.md`` G-11)."""
    assert damage_bonus(quality, CHARTS) == bonus


def test_negative_damage_quality_is_applied_directly() -> None:
    """Seed "Combat Roll": "the miss goes directly to Damage, not to the Doubling Chart"."""
    assert damage_bonus(-2, CHARTS) == -2


@pytest.mark.parametrize(
    ("quality", "spread"), [(-5, (-2, -2, 0)), (-2, (-1, -1, 0)), (-6, (-2, -2, -1))]
)
def test_negative_quality_spread(quality: int, spread: tuple[int, int, int]) -> None:
    """``docs/rules/combat.md`` §5 (G-14): "miss by 5 → Attack −2, Damage −2, Defense 0; miss by 2
    → Attack −1, Damage −1, Defense 0; miss by 6 → Attack −2, Damage −2, Defense −1"."""
    assert spread_negative_quality(quality) == spread


def test_positive_quality_is_not_spread() -> None:
    """Only a miss is dealt out; positive Q is spent by choice."""
    with pytest.raises(ValueError, match="negative"):
        spread_negative_quality(3)


def test_save_made_logs_a_d100_save_as_one_face_against_its_score() -> None:
    """The Lariat example's Perception save: d100 2 against Perception 8 less the penalty 5."""
    made = save_made(18, "lariat", "perception save", SaveResult(8, -5, 2, on_d100=True))
    assert made == RollMade(
        segment=18,
        character="lariat",
        purpose="perception save",
        target=8,
        bonus_pool=-5,
        pool_bonus=-5,
        faces=(2,),
        rerolls=(),
        total=2,
        quality=1,
    )
