"""Action Rolls, Bonus Pools, saving throws and the arithmetic of Quality (seed "Making Rolls").

Everything here is a pure function of its inputs and a dice source: no state, no events, no
printing. The kernel and the rule plugins build on these values.

Sources:

* seed "Making Rolls": Action Rolls, Bonus Pools, Performance Time, Saving Quality, Ability
  Rolls (Extra Effort), Combat Roll.
* seed "Skill Rolls": spending more time (+2 per doubling) or hurrying (halve per −2).
* seed "Limited Glossary", "Saving Throws": 2d10 vs. an ability, d100 vs. Willpower/Perception,
  bonuses of up to Newoen/Willpower.
* ``docs/rules/combat.md`` §3, §5 and ``docs/rules/charts.md`` §5: Quality spent on Performance
  Time, Defense and Damage; negative Quality on a missed Combat Roll.
* ``docs/rules/decisions.md`` G-11 (Damage Q on the Doubles chart), G-14 (order of negative Q),
  G-28 (rounding reduced Performance Time).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from mands_sim.charts.loading import Charts
from mands_sim.defaults import CoreDefaults, RuleDefaults
from mands_sim.dice import ActionDice, DiceSource, roll_action_dice, roll_d100
from mands_sim.events import RollMade

__all__ = [
    "ActionRoll",
    "ExtraEffort",
    "ExtraEffortRefused",
    "NegativeQualitySpread",
    "SaveResult",
    "action_roll",
    "damage_bonus",
    "defense_from_quality",
    "extra_effort",
    "hurried_performance_time",
    "pool_bonus",
    "reduced_performance_time",
    "save_2d10",
    "save_d100",
    "saved_on_d100",
    "saved_quality_bonus",
    "spread_negative_quality",
    "time_tradeoff_bonus",
]

MINIMUM_PERFORMANCE_TIME = 1
"""seed "Skill Rolls" and ``docs/rules/combat.md`` §3: an action never takes less than 1 segment."""

QUALITY_PER_HALVING = 3
"""seed "Performance Time": three points of Q halve the Performance Time."""

CUT_PER_LEFTOVER_QUALITY = Fraction(1, 10)
"""seed "Performance Time": one point of Q cuts 10 %, two points 20 %."""

BONUS_PER_TIME_DOUBLING = 2
"""seed "Skill Rolls": each doubling of the time spent adds 2 to the Action Roll."""

PENALTY_PER_HURRIED_HALVING = 2
"""seed "Skill Rolls": each penalty of 2 to the Action Roll halves the Performance Time."""

QUALITY_PER_SAVED_POINT = 2
"""seed "Saving Quality": every two Q saved add one to the next action's Bonus Pool."""

QUALITY_PER_DEFENSE = 2
"""seed "Skill Rolls", ``docs/rules/charts.md`` §5: 2 Q buy +1 Defense."""


# --- Action Rolls and Bonus Pools -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ActionRoll:
    """One Action Roll (seed "Making Rolls", "Action Rolls").

    Attributes:
        target: the Action Roll needed before the Bonus Pool (e.g. Combat Roll 14).
        bonus_pool: the raw Bonus Pool, the sum of all modifiers.
        pool_bonus: the Bonus Pool looked up on the Sphere chart (seed "Bonus Pools").
        dice: the 2d10 as rolled, with any Special-character re-rolls.
    """

    target: int
    bonus_pool: int
    pool_bonus: int
    dice: ActionDice
    quality_modifier: int = 0
    """Added to Q after the roll: trailing penalties "as surprise" (``docs/rules/combat.md`` §2)."""

    @property
    def needed(self) -> int:
        """The Action Roll with its pool bonus: the dice must come in at or under this
        (Combat Roll 14 with a Combat Pool of 1 "needs 15 or less", ``docs/rules/combat.md`` §5)."""
        return self.target + self.pool_bonus

    @property
    def quality(self) -> int:
        """seed "Action Rolls": Q = the Action Roll (target plus pool bonus) minus the dice,
        plus any modifier to Q itself (the surprise example's "−5 to its Q")."""
        return self.needed - self.dice.total + self.quality_modifier

    @property
    def succeeded(self) -> bool:
        """seed "Action Rolls": the roll succeeds when the dice are ≤ the Action Roll (Q ≥ 0)."""
        return self.quality >= 0

    @property
    def margin(self) -> int:
        """How much the roll was made or missed by, always ≥ 0 (a failure margin when failed)."""
        return abs(self.quality)


def roll_made(segment: int, character: str, purpose: str, roll: ActionRoll) -> RollMade:
    """The event log's record of ``roll``, made by ``character`` for ``purpose``."""
    return RollMade(
        segment=segment,
        character=character,
        purpose=purpose,
        target=roll.target,
        bonus_pool=roll.bonus_pool,
        pool_bonus=roll.pool_bonus,
        faces=roll.dice.faces,
        rerolls=roll.dice.rerolls,
        total=roll.dice.total,
        quality=roll.quality,
    )


def save_made(segment: int, character: str, purpose: str, save: SaveResult) -> RollMade:
    """The event log's record of a d100 ``save`` (one face, its score as the target, its bonus as
    the pool), made by ``character`` for ``purpose``."""
    return RollMade(
        segment=segment,
        character=character,
        purpose=purpose,
        target=save.score,
        bonus_pool=save.bonus,
        pool_bonus=save.bonus,
        faces=(save.roll,),
        rerolls=(),
        total=save.roll,
        quality=save.quality,
    )


def pool_bonus(pool: int, charts: Charts) -> int:
    """seed "Bonus Pools": the Bonus Pool looked up on the Sphere chart.

    Negative pools look up their magnitude and negate it (``docs/rules/charts.md`` §1.1, ``G-02``:
    −17 → −10); a pool of 0 is no bonus.
    """
    return charts.action.sphere(pool)


def action_roll(
    dice: DiceSource,
    *,
    target: int,
    bonus_pool: int = 0,
    quality_modifier: int = 0,
    is_special: bool,
    charts: Charts,
) -> ActionRoll:
    """Roll 2d10 against ``target`` plus the Bonus Pool (seed "Action Rolls", "Bonus Pools").

    Special characters re-roll 1s and subtract the new face (seed "Limited Glossary", "Dice").
    """
    return ActionRoll(
        target=target,
        bonus_pool=bonus_pool,
        pool_bonus=pool_bonus(bonus_pool, charts),
        dice=roll_action_dice(dice, is_special=is_special),
        quality_modifier=quality_modifier,
    )


# --- Saving throws ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SaveResult:
    """One Saving Throw (seed "Limited Glossary", "Saving Throws").

    Attributes:
        score: the ability, score or number saved against.
        bonus: what was added to it (a 2d10 pool already looked up on the Sphere chart;
            a d100 bonus after its cap). Negative for a penalty.
        roll: the dice total (2d10 with re-rolls, or d100).
        on_d100: ``True`` for a d100 save, ``False`` for 2d10.
    """

    score: int
    bonus: int
    roll: int
    on_d100: bool

    @property
    def target(self) -> int:
        """The number the dice must not exceed."""
        return self.score + self.bonus

    @property
    def succeeded(self) -> bool:
        """seed "Saving Throws": roll less than or equal to the number given."""
        return self.quality >= 0

    @property
    def quality(self) -> int:
        """Target minus roll, like an Action Roll's Q: ≥ 0 made, < 0 missed (seed "Quality")."""
        return self.target - self.roll

    @property
    def margin(self) -> int:
        """How much the save was made or missed by, always ≥ 0 (as :attr:`ActionRoll.margin`)."""
        return abs(self.quality)


def save_2d10(
    dice: DiceSource,
    *,
    ability: int,
    bonus_pool: int = 0,
    is_special: bool,
    charts: Charts,
) -> SaveResult:
    """seed "Saving Throws": a save vs. an ability or skill is 2d10 ≤ the ability.

    The seed's introduction ("save on a 2d10 vs. Agility … a bonus of 1, 2, 3, or 4 to the bonus
    pool") gives such saves a Bonus Pool, looked up on the Sphere chart as for any Action Roll.
    """
    rolled = action_roll(
        dice, target=ability, bonus_pool=bonus_pool, is_special=is_special, charts=charts
    )
    return SaveResult(score=ability, bonus=rolled.pool_bonus, roll=rolled.dice.total, on_d100=False)


def save_d100(
    dice: DiceSource, *, score: int, bonus: int = 0, bonus_cap: int | None = None
) -> SaveResult:
    """seed "Saving Throws": a save vs. Willpower or Perception is d100 ≤ the score.

    Some saves (against illusions, or a power taking hold of the mind) allow "a bonus of up to the
    character's Newoen or Willpower": pass that score as ``bonus_cap``. The cap limits bonuses only;
    a penalty (negative ``bonus``) always applies in full.
    """
    return saved_on_d100(roll_d100(dice), score=score, bonus=bonus, bonus_cap=bonus_cap)


def saved_on_d100(
    roll: int, *, score: int, bonus: int = 0, bonus_cap: int | None = None
) -> SaveResult:
    """The d100 save ``roll`` makes against ``score`` + ``bonus`` (:func:`save_d100`, for a roll
    already made): the cap limits a bonus only, never a penalty."""
    capped = bonus if bonus_cap is None else min(bonus, bonus_cap)
    return SaveResult(score=score, bonus=capped, roll=roll, on_d100=True)


# --- Performance Time -------------------------------------------------------------------------


def _require_non_negative(name: str, value: int) -> None:
    if value < 0:
        raise ValueError(f"{name} must be 0 or more, not {value}")


def _performance_time_factor(quality_spent: int) -> Fraction:
    """seed "Performance Time": 3 Q halve; a leftover 1 Q cuts 10 %, 2 Q cut 20 %."""
    halvings, leftover = divmod(quality_spent, QUALITY_PER_HALVING)
    return Fraction(1, 2) ** halvings * (1 - CUT_PER_LEFTOVER_QUALITY * leftover)


def _round_performance_time(exact: Fraction, defaults: RuleDefaults) -> int:
    """G-28: round once to nearest, halves up ("nearest"), or round down ("down")."""
    if defaults.of(CoreDefaults).G28_performance_time_rounding == "down":
        return math.floor(exact)
    return math.floor(exact + Fraction(1, 2))


def reduced_performance_time(
    performance_time: int, quality_spent: int, defaults: RuleDefaults
) -> int:
    """Performance Time after spending Q on speed (seed "Performance Time", ``docs/rules/combat.md``
    §3).

    3 Q halve it, 1 Q cuts 10 %, 2 Q cut 20 %, each further 3 Q halve again; the product is
    rounded once as ``G-28`` says (15 with 6 Q → 3.75 → 4 by default) and never drops below
    1 segment. The unit is whatever ``performance_time`` is in (segments, or hours for the
    seed's cipher example).
    """
    _require_non_negative("quality_spent", quality_spent)
    exact = performance_time * _performance_time_factor(quality_spent)
    return max(MINIMUM_PERFORMANCE_TIME, _round_performance_time(exact, defaults))


def time_tradeoff_bonus(doublings: int, *, skill_level: int | None = None) -> int:
    """seed "Skill Rolls": +2 to the Action Roll for each doubling of the time spent.

    The seed caps the increase at twice the character's Skill Level; pass ``skill_level`` to
    apply that cap.
    """
    _require_non_negative("doublings", doublings)
    bonus = BONUS_PER_TIME_DOUBLING * doublings
    if skill_level is None:
        return bonus
    return min(bonus, BONUS_PER_TIME_DOUBLING * skill_level)


def hurried_performance_time(performance_time: int, penalty: int) -> int:
    """seed "Skill Rolls": each penalty of 2 halves the Performance Time, rounded down.

    ``penalty`` is the size of the penalty taken (a positive number); an odd point left over
    buys nothing. The result is never below 1 segment.
    """
    _require_non_negative("penalty", penalty)
    halvings = penalty // PENALTY_PER_HURRIED_HALVING
    return max(MINIMUM_PERFORMANCE_TIME, performance_time // (1 << halvings))


# --- Extra Effort and Saving Quality ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ExtraEffort:
    """An Extra Effort on an Ability Roll (seed "Ability Rolls").

    The ability is raised for the roll, then immediately lowered by the same amount below its
    old value; the lost points return per hour of rest.
    """

    ability: int
    increase: int

    @property
    def raised_ability(self) -> int:
        """The ability used for the roll."""
        return self.ability + self.increase

    @property
    def ability_after(self) -> int:
        """The ability left once the effort is over."""
        return self.ability - self.increase


@dataclass(frozen=True, slots=True)
class ExtraEffortRefused:
    """A rule-legal refusal: the effort would leave the ability below 0 (seed "Ability Rolls")."""

    ability: int
    increase: int
    reason: str


def extra_effort(ability: int, increase: int) -> ExtraEffort | ExtraEffortRefused:
    """seed "Ability Rolls": raise ``ability`` by ``increase`` for one roll, at that cost after.

    "Abilities cannot be increased so far that the ability will drop to less than 0": such an
    effort is refused as an outcome (:class:`ExtraEffortRefused`), not an error. A negative
    ``increase`` is a caller's mistake and raises ``ValueError``.
    """
    _require_non_negative("increase", increase)
    if increase > ability:
        reason = f"raising {ability} by {increase} would leave it at {ability - increase} (< 0)"
        return ExtraEffortRefused(ability=ability, increase=increase, reason=reason)
    return ExtraEffort(ability=ability, increase=increase)


def saved_quality_bonus(quality_saved: int) -> int:
    """seed "Saving Quality": every 2 Q saved add 1 to the next action's Bonus Pool."""
    _require_non_negative("quality_saved", quality_saved)
    return quality_saved // QUALITY_PER_SAVED_POINT


# --- Combat Roll Quality ----------------------------------------------------------------------


def defense_from_quality(quality: int) -> int:
    """seed "Combat Roll", ``docs/rules/charts.md`` §5: Defense = Q ÷ 2, rounded toward zero."""
    return int(Fraction(quality, QUALITY_PER_DEFENSE))


def damage_bonus(quality: int, charts: Charts) -> int:
    """Damage from Combat-Roll Q (``docs/rules/charts.md`` §5, ``docs/rules/combat.md`` §5).

    Positive Q is looked up on the Doubles chart and its Result added (seed "Simpler Combat":
    "instead of using the Doubling Chart"; ``G-11``: 1 → +1, 3 → +2, 7 → +3, 15 → +4).
    Negative Q from a miss "goes directly to Damage, not to the Doubling Chart" (seed "Combat
    Roll").
    """
    if quality <= 0:
        return quality
    return charts.action.doubles(quality)


class NegativeQualitySpread(NamedTuple):
    """A missed Combat Roll's Q dealt to Attack, Damage and Defense (all ≤ 0).

    A named tuple so it unpacks and compares as the rule's (Attack, Damage, Defense) triple.
    """

    attack: int
    damage: int
    defense: int


def spread_negative_quality(quality: int) -> NegativeQualitySpread:
    """Deal a missed Combat Roll's negative Q (seed "Combat Roll", ``docs/rules/combat.md`` §5).

    Seed "Combat Roll": "apply the negative Q evenly to Attack, then Damage, then Defense [...]
    Defense Q is still divided by 2 and rounded towards 0" — ``G-14`` reads "evenly … then" as
    one point at a time to Attack, Damage, Defense, Attack, …; the Defense share is then halved
    toward zero (misses of 5 → (−2, −2, 0), 2 → (−1, −1, 0),
    6 → (−2, −2, −1)). ``quality`` must be 0 or less.
    """
    if quality > 0:
        raise ValueError(f"only a negative Quality is spread, not {quality}")
    attack, damage, defense = _deal_round_robin(-quality, len(NegativeQualitySpread._fields))
    return NegativeQualitySpread(
        attack=-attack, damage=-damage, defense=defense_from_quality(-defense)
    )


def _deal_round_robin(points: int, hands: int) -> list[int]:
    """Deal ``points`` one at a time to ``hands`` recipients in turn (G-14); first hands first."""
    whole, extra = divmod(points, hands)
    return [whole + (1 if hand < extra else 0) for hand in range(hands)]
