"""Properties of Action Rolls and Quality arithmetic (seed "Making Rolls",
``docs/rules/combat.md``)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mands_sim.charts.loading import Charts, load_standard_charts
from mands_sim.defaults import STANDARD_DEFAULTS, RuleDefaults
from mands_sim.dice import ScriptedDice, roll_action_dice
from mands_sim.rolls import (
    ExtraEffort,
    action_roll,
    defense_from_quality,
    extra_effort,
    hurried_performance_time,
    pool_bonus,
    reduced_performance_time,
    saved_quality_bonus,
    spread_negative_quality,
)
from tests.strategies import bonus_pools, d10_scripts

CHARTS: Charts = load_standard_charts()
G28_CHOICES = [
    STANDARD_DEFAULTS.with_overrides({"G28_performance_time_rounding": choice})
    for choice in ("nearest", "down")
]

performance_times = st.integers(1, 100_000)
qualities = st.integers(0, 60)
g28_defaults = st.sampled_from(G28_CHOICES)


@given(target=st.integers(-40, 80), pool=bonus_pools(), faces=d10_scripts(), special=st.booleans())
def test_quality_is_target_plus_pool_bonus_minus_dice(
    target: int, pool: int, faces: list[int], special: bool
) -> None:
    """Seed "Action Rolls", "Bonus Pools": Q = target + pool (Sphere chart) − the 2d10."""
    roll = action_roll(
        ScriptedDice(faces), target=target, bonus_pool=pool, is_special=special, charts=CHARTS
    )
    dice = roll_action_dice(ScriptedDice(faces), is_special=special)
    assert roll.quality == target + CHARTS.action.sphere(pool) - dice.total
    assert roll.succeeded == (roll.quality >= 0)


@given(pool=bonus_pools())
def test_pool_bonus_mirrors_negative_pools(pool: int) -> None:
    """``docs/rules/charts.md`` §1.1: a negative pool is its magnitude's bonus, negated."""
    assert pool_bonus(-pool, CHARTS) == -pool_bonus(pool, CHARTS)


@given(pool=bonus_pools())
def test_pool_bonus_never_exceeds_the_pool(pool: int) -> None:
    """The Sphere chart only shrinks: rows 1–8 equal their entries, later entries grow faster."""
    assert abs(pool_bonus(pool, CHARTS)) <= abs(pool)


@given(pt=performance_times, quality=qualities, defaults=g28_defaults)
def test_reduced_performance_time_is_at_least_one(
    pt: int, quality: int, defaults: RuleDefaults
) -> None:
    """``docs/rules/combat.md`` §3: an action never takes less than 1 segment."""
    assert reduced_performance_time(pt, quality, defaults) >= 1


@given(pt=performance_times, quality=qualities, defaults=g28_defaults)
def test_more_quality_never_lengthens_performance_time(
    pt: int, quality: int, defaults: RuleDefaults
) -> None:
    """Seed "Performance Time": each further Q spent on speed can only shorten the action."""
    fewer = reduced_performance_time(pt, quality, defaults)
    assert reduced_performance_time(pt, quality + 1, defaults) <= fewer <= pt


@given(pt=performance_times, quality=qualities)
def test_rounding_down_never_beats_rounding_to_nearest(pt: int, quality: int) -> None:
    """G-28: the two choices differ by at most one, "down" being the shorter."""
    nearest, down = (reduced_performance_time(pt, quality, d) for d in G28_CHOICES)
    assert nearest - 1 <= down <= nearest


@given(pt=performance_times, penalty=st.integers(0, 40))
def test_hurrying_only_shortens_and_keeps_one_segment(pt: int, penalty: int) -> None:
    """Seed "Skill Rolls": more penalty, less time, never under 1 segment."""
    more = hurried_performance_time(pt, penalty + 1)
    assert 1 <= more <= hurried_performance_time(pt, penalty) <= pt


@given(quality=st.integers(-1000, 1000))
def test_defense_halves_toward_zero(quality: int) -> None:
    """Seed "Combat Roll": Defense = Q / 2 rounded toward 0, for either sign."""
    defense = defense_from_quality(quality)
    assert abs(quality) - 2 * abs(defense) in (0, 1)
    assert defense * quality >= 0


@given(missed=st.integers(0, 1000))
def test_negative_quality_shares_differ_by_at_most_one(missed: int) -> None:
    """G-14: dealt one point at a time to Attack, Damage, Defense in turn, so the earlier
    shares are never smaller and never more than one larger; the Defense share (what is left
    for it before halving) halves toward zero to the Defense returned."""
    attack, damage, defense = spread_negative_quality(-missed)
    defense_share = missed + attack + damage
    assert -attack >= -damage >= defense_share >= -attack - 1
    assert defense == defense_from_quality(-defense_share)


@given(quality=st.integers(0, 1000))
def test_saved_quality_is_two_for_one(quality: int) -> None:
    """Seed "Saving Quality": every full two Q saved give one pool point."""
    assert 0 <= quality - 2 * saved_quality_bonus(quality) <= 1


@given(ability=st.integers(0, 200), increase=st.integers(0, 200))
def test_extra_effort_is_refused_exactly_below_zero(ability: int, increase: int) -> None:
    """Seed "Ability Rolls": allowed unless the ability would drop below 0; the ability used
    and the ability left are the same distance either side of the old score."""
    effort = extra_effort(ability, increase)
    assert isinstance(effort, ExtraEffort) == (increase <= ability)
    if isinstance(effort, ExtraEffort):
        assert effort.raised_ability + effort.ability_after == 2 * ability
