"""Microlite Platinum's formulas (``docs/rules.md`` §1–§4 in this package): stat bonuses, HP and
SDC, the Hand to Hand types, the Combat Bonus, saves, the Strength table and the combat roll's
thresholds. Pure functions of numbers; the numbers come from :func:`~mands_microlite.tables.tables`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from mands_microlite.tables import HandToHand, tables
from mands_sim.api import DiceExpression, parse_dice

Save = Literal["mind", "body"]
Focus = Literal["physical", "intellectual", "social", "mystic", "general"]


def stat_bonus(stat: int) -> int:
    """Seed "STATS": "Stat Bonuses/Penalties = (STAT-10)/2, round down" (§1): 16 gives +3, 9
    gives -1."""
    rule = tables().stats
    return (stat - rule.bonus_base) // rule.bonus_divisor


def hit_points(pe: int, level_rolls: Sequence[int]) -> int:
    """Seed "HP & SDC": "HP = PE + 1d6 each level, starting at first level" (§2): ``level_rolls``
    holds the d6 of each level, the first level's first."""
    if not level_rolls:
        raise ValueError("a character has at least one level, so at least one HP roll")
    return pe + sum(level_rolls)


def structural_damage_capacity(
    focus: Focus, *, class_bonus: int = 0, sdc_sacrifices: int = 0
) -> int:
    """Seed "HP & SDC": "SDC = 20 + Class and Focus bonuses" (§2). The Physical Focus gains "an
    extra 25 SDC"; a General Focus gains 10 for each OCC Related skill sacrificed for SDC."""
    health = tables().health
    focus_bonus = health.physical_focus_sdc if focus == "physical" else 0
    if sdc_sacrifices and focus != "general":
        raise ValueError("only a General Focus sacrifices skills for SDC")
    return health.sdc_base + class_bonus + focus_bonus + health.general_focus_sdc * sdc_sacrifices


@dataclass(frozen=True, slots=True)
class HandToHandAt:
    """What a Hand to Hand type gives at one level (§3): attacks and mental actions per round,
    the combat and initiative bonuses, and the lowest natural roll that is a critical."""

    attacks: int
    mental_actions: int
    combat: int
    initiative: int
    critical_from: int


def hand_to_hand(kind: HandToHand, level: int) -> HandToHandAt:
    """Seed "Hand to Hand Combat Types": the rows of ``kind`` up to ``level``, added up (§3)."""
    if level < 1:
        raise ValueError(f"a level is 1 or more, not {level}")
    rows = [row for row in tables().hand_to_hand if row.type == kind and row.level <= level]
    critical = min(
        (row.critical_from for row in rows if row.critical_from is not None),
        default=tables().combat.critical_natural,
    )
    return HandToHandAt(
        attacks=sum(row.attacks for row in rows),
        mental_actions=sum(row.mental_actions for row in rows),
        combat=sum(row.combat for row in rows),
        initiative=sum(row.initiative for row in rows),
        critical_from=critical,
    )


def combat_bonus(pp: int, hand_to_hand_combat: int, class_strike: int = 0) -> int:
    """Seed "COMBAT": "Combat Bonus: PP Bonus + Class Bonuses (to Strike only) + Hand to Hand
    (HtH) combat bonus" (§4), added to every combat roll but initiative, saves and damage."""
    return stat_bonus(pp) + class_strike + hand_to_hand_combat


def initiative_bonus(spd: int, hand_to_hand_initiative: int) -> int:
    """Seed "STATS": the Spd bonus "Add the bonus to initiative" (§1), with the Hand to Hand
    type's initiative bonus (§3)."""
    return stat_bonus(spd) + hand_to_hand_initiative


def saves(kind: Save, roll: int, stat: int, bonus: int = 0) -> bool:
    """Seed "SAVING THROWS": a d20 "Roll the target number or higher to save"; Mind 13 with the
    ME bonus, Body 13 with the PE bonus (§5). ``stat`` is ME or PE; ``bonus`` any other."""
    target = tables().saves.mind if kind == "mind" else tables().saves.body
    return roll + stat_bonus(stat) + bonus >= target


@dataclass(frozen=True, slots=True)
class StrengthDamage:
    """A row of the Strength table (§6): ``dice`` times ``times``."""

    dice: DiceExpression
    times: int

    def __str__(self) -> str:
        """As the seed writes it: ``1d6*10``."""
        return f"{self.dice.count}d{self.dice.sides}*{self.times}"


STRENGTH_TABLE_FROM = 31
"""Seed "Strength above 30": "All characters with a PS score above 30 use the PS table"."""


def strength_damage(ps: int, kind: str = "standard") -> StrengthDamage | None:
    """The Strength table's damage for ``ps`` of ``kind`` (§6), or ``None`` at PS 30 or less
    (the PS bonus applies). Robotic, Mutant Insect and Superhuman Strength add 10 to the score,
    Supernatural 20; the table ends at PS 80."""
    known = tables().strength_kinds
    if kind not in known:
        raise ValueError(f"a kind of strength ({', '.join(sorted(known))}), not {kind!r}")
    score = ps + known[kind]
    if score < STRENGTH_TABLE_FROM:
        return None
    for row in tables().strength:
        if row.low <= score <= row.high:
            return StrengthDamage(DiceExpression(row.count, row.sides), row.times)
    raise ValueError(f"the Strength table ends at PS {tables().strength[-1].high}, not {score}")


def unarmed_dice(blow: str, *, extra_die: bool) -> DiceExpression:
    """An unarmed blow's dice (§6); Advanced Combat, or WP Unarmed, rolls "an extra die for
    damage" (``extra_die``). The PS bonus is added by the blow."""
    dice = parse_dice(tables().blow(blow).dice)
    return DiceExpression(dice.count + 1, dice.sides) if extra_die else dice


def strike_lands(total: int, *, ranged: bool) -> bool:
    """Seed "Basic Maneuvers": in melee "A roll of 4 or less with bonuses misses"; ranged, "the
    roll must be at least a 10 with bonuses to strike" (§4)."""
    rule = tables().combat
    return total >= rule.ranged_hit_at_least if ranged else total > rule.melee_miss_at_most


def defended(strike_total: int, defense_total: int) -> bool:
    """Seed "COMBAT": "High roll always wins. Ties go to defender" (§4)."""
    return defense_total >= strike_total


def stat_check(stat: int) -> int:
    """Seed "No Skill / Stat Check": "Multiply the relevant Stat by 3. Roll below that number with
    percentile dice" (§1): the percentage."""
    return stat * 3
