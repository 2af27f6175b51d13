"""The generic ``skill-check`` action: any skill rolled while a fight goes on (seed "Skill Rolls").

A policy asks for ``Intent("skill-check", options={"skill": "Opening Locks", "lock_type": 2})``;
a scenario objective ``complete-action`` can name ``skill-check``. The roll (G-88):

* 2d10 against the skill's effective level (G-85) less ``difficulty`` (seed "Opening Locks":
  "a 2d10 roll vs. Level minus the Type of the lock": ``lock_type`` sets the difficulty);
* the Bonus Pool is the skill's own (:data:`SKILL_ROLLS`, from each skill's description; none
  for a skill whose description gives none), plus a Knowledge of the same name ÷ 10, rounded
  down (seed "Knowledge": "Knowledges with the same name as a Skill give a bonus equal to the
  Knowledge Score divided by 10 to the Bonus Pool"), plus the Bonus Pool modifiers asked with
  purpose ``"skill check"`` (a surprise penalty takes its Q);
* seed "Skill Rolls": each of ``doublings`` doubles the time and adds 2 to the Action Roll (at
  most twice the level); a ``hurry`` penalty of 2 halves the Performance Time, rounded down;
* the Performance Time is the skill's (Opening Locks: "the lock Type times 10 segments";
  Picking Pockets 20; Quick Change 4), the intent's ``performance_time``, or 10 segments (G-88);
* a success's Q goes where the mind spends it: speed (3 Q halve the time), Defense (2 Q per +1
  "for the duration of the action"), EP; a failure still takes its time;
* EP only for the skills whose description gives a row (Acrobatics: "row 2 ... (3 EP/round)",
  row 7 by G-04's ``ep_figure``, row 2 under ``literal``), paid once when the check starts
  ("Unless otherwise specified, skills do not use EP");
* the action resolves with outcome ``succeeded`` or ``failed`` (``ActionResolved.outcome``).
  Opening Locks also rolls whether it left a trace: "the chance for not leaving a trace is level
  times 5 percent, plus the difference between the above Skill Roll and the die roll".
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from mands_rulebook.kit.editing_points.rolls import character_roll
from mands_rulebook.kit.skills import canonical_name, core_row, normalized, skill_level
from mands_sim.api import (
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    ActionRoll,
    CharacterSheet,
    Charge,
    DefenseChanged,
    Encounter,
    Event,
    Initiation,
    Intent,
    PercentRolled,
    QualityAllocated,
    QualityAllocation,
    Register,
    RollMade,
    answers_actions,
    defense_from_quality,
    hookimpl,
    hurried_performance_time,
    percent_roll,
    reduced_performance_time,
    register_actions,
    time_tradeoff_bonus,
)

SKILL_CHECK_OPTIONS: Final = (
    ActionOption("skill", "text", "the skill rolled"),
    ActionOption("difficulty", "number", "subtracted from the skill level"),
    ActionOption("lock_type", "number", "Opening Locks: the lock's Type (difficulty and time)"),
    ActionOption("performance_time", "number", "segments it takes (default: the skill's, 10)"),
    ActionOption("doublings", "number", "times the time is doubled, +2 each (seed)"),
    ActionOption("hurry", "number", "penalty taken to halve the time per 2 (seed)"),
)

SKILL_CHECK = ActionDefinition(
    name="skill-check",
    performance_time=10,  # G-88: the listing's; the real time is the skill's or the intent's
    ep_row=0,  # seed "Skills": "Unless otherwise specified, skills do not use EP"
    summary="Roll a skill (options skill, difficulty, lock_type, performance_time, doublings, "
    "hurry).",
    options=SKILL_CHECK_OPTIONS,
)

PURPOSE: Final = "skill check"
"""The purpose of a skill check's Bonus Pool modifiers."""
SUCCEEDED: Final = "succeeded"
FAILED: Final = "failed"
DEFAULT_PERFORMANCE_TIME: Final = 10
"""G-88: segments a skill check takes when neither the skill nor the intent says."""
LOCK_TIME: Final = 10
"""Seed "Opening Locks": "Performance Time to Open Locks is the lock Type times 10 segments"."""
TRACE_PER_LEVEL: Final = 5
"""Seed "Opening Locks": "level times 5 percent" not to leave a trace."""
KNOWLEDGE_DIVISOR: Final = 10
"""Seed "Knowledge": the Knowledge Score divided by 10 joins the Bonus Pool."""


def half(value: int) -> Fraction:
    return Fraction(value, 2)


@dataclass(frozen=True, slots=True)
class SkillRoll:
    """What a skill's description says about rolling it.

    Attributes:
        skill: the canonical skill name.
        pool: its own Bonus Pool from the sheet (rounded down once added up, G-88).
        performance_time: its Performance Time, or ``None`` (the intent's, or G-88's 10).
        skill_list_row: the EP Use Chart row as the skill list numbers it (read by G-04), 0
            for no EP.
    """

    skill: str
    pool: Callable[[CharacterSheet], Fraction] = lambda sheet: Fraction(0)
    performance_time: int | None = None
    skill_list_row: int = 0


SKILL_ROLLS: Final[Mapping[str, SkillRoll]] = {
    roll.skill: roll
    for roll in (
        # "The bonus pool consists of half learning and half agility."
        SkillRoll(
            "Opening Locks",
            lambda s: half(s.abilities.learning) + half(s.abilities.agility),
        ),
        # "The Bonus Pool for Acrobatics consists of Agility and half Strength. Acrobatics uses
        # row 2 of the EP Use Chart (3 EP/round)" — row 7 in the core numbering (G-04).
        SkillRoll(
            "Acrobatics",
            lambda s: Fraction(s.abilities.agility) + half(s.abilities.strength),
            skill_list_row=2,
        ),
        # "There is a bonus to the Bonus Pool of Agility minus 10, halved. Picking Pockets has a
        # Performance Time of 20."
        SkillRoll("Picking Pockets", lambda s: half(s.abilities.agility - 10), 20),
        # "The Performance Time to change one piece of clothing ... is 4 segments ... Agility
        # minus 10, halved, is a bonus to the Bonus Pool."
        SkillRoll("Quick Change", lambda s: half(s.abilities.agility - 10), 4),
    )
}
"""The skills whose descriptions give a roll's pool, time or EP (seed "Skills")."""

OPENING_LOCKS: Final = "Opening Locks"


# --- the roll ------------------------------------------------------------------------------------


def skill_roll_of(skill: str) -> SkillRoll:
    name = canonical_name(skill)
    return SKILL_ROLLS.get(name, SkillRoll(name))


def option(intent: Intent, key: str, default: int = 0) -> int:
    return max(0, intent.whole(key, default))


def difficulty(intent: Intent) -> int:
    """The intent's ``difficulty``, or Opening Locks' lock type."""
    return option(intent, "lock_type", option(intent, "difficulty"))


def knowledge_bonus(sheet: CharacterSheet, skill: str) -> int:
    """Seed "Knowledge": the same-named Knowledge Score ÷ 10, rounded down (G-88)."""
    key = normalized(skill)
    scores = [score for name, score in sheet.knowledge.items() if normalized(name) == key]
    return max(scores, default=0) // KNOWLEDGE_DIVISOR


def skill_target(sheet: CharacterSheet, skill: str, intent: Intent) -> int:
    """Level − difficulty, + 2 per doubling (at most 2 × level), − the hurry penalty."""
    level = skill_level(sheet, skill)
    bonus = time_tradeoff_bonus(option(intent, "doublings"), skill_level=level)
    return level - difficulty(intent) + bonus - option(intent, "hurry")


def roll_skill(encounter: Encounter, actor: str, intent: Intent) -> ActionRoll:
    """The skill's Action Roll with its Bonus Pool (G-88); Editing Points on it train the
    skill (seed 000)."""
    sheet = encounter.current(actor).sheet
    spec = skill_roll_of(str(intent.options["skill"]))
    pool = math.floor(spec.pool(sheet)) + knowledge_bonus(sheet, spec.skill)
    target = skill_target(sheet, spec.skill, intent)
    return character_roll(
        encounter, actor, intent, PURPOSE, target=target, pool=pool, improves=spec.skill
    )


def base_time(spec: SkillRoll, intent: Intent) -> int:
    """Opening Locks: lock Type × 10; else the intent's, the skill's, or 10 (G-88)."""
    if spec.skill == OPENING_LOCKS and "lock_type" in intent.options:
        return max(1, LOCK_TIME * option(intent, "lock_type"))
    given = spec.performance_time if spec.performance_time is not None else DEFAULT_PERFORMANCE_TIME
    return max(1, intent.whole("performance_time", given))


def traded_time(spec: SkillRoll, intent: Intent) -> int:
    """Seed "Skill Rolls": doubled per doubling, halved (rounded down) per 2 of hurry."""
    doubled = base_time(spec, intent) * 2 ** option(intent, "doublings")
    return hurried_performance_time(doubled, option(intent, "hurry"))


def spend(encounter: Encounter, actor: str, intent: Intent, quality: int) -> QualityAllocation:
    """The mind spends a success on speed, Defense and EP (seed "Skill Rolls")."""
    if quality <= 0:
        return QualityAllocation()
    spent = encounter.minds[actor].allocate(encounter, actor, intent, quality)
    if spent.total > quality or min(spent.speed, spent.defense, spent.ep) < 0:
        raise ValueError(f"{actor}'s policy spent {spent} of {quality} Q on a skill check")
    if spent.attack or spent.damage:
        raise ValueError(f"{actor}'s policy spent {spent}: a skill check has no Attack or damage")
    return spent


# --- the action ----------------------------------------------------------------------------------


def initiate_check(encounter: Encounter, actor: str, intent: Intent) -> Initiation:
    spec = skill_roll_of(str(intent.options["skill"]))
    roll = roll_skill(encounter, actor, intent)
    spent = spend(encounter, actor, intent, roll.quality)
    defense = defense_from_quality(spent.defense)
    events: list[Event] = [
        rolled(encounter, actor, spec.skill, roll),
        QualityAllocated(
            encounter.now, actor, SKILL_CHECK.name, 0, spent.defense, spent.speed, 0, spent.ep
        ),
    ]
    if defense:
        raised = encounter.state[actor].defense + defense
        events.append(DefenseChanged(encounter.now, actor, raised, f"{spec.skill} Q"))
    row = core_row(encounter.defaults, spec.skill_list_row)
    charges = (Charge(row - spent.ep, spec.skill),) if spec.skill_list_row > 0 else ()
    prepared: dict[str, object] = {
        "skill": spec.skill,
        "quality": roll.quality,
        "defense_bought": defense,
        "outcome": SUCCEEDED if roll.succeeded else FAILED,
    }
    time = reduced_performance_time(traded_time(spec, intent), spent.speed, encounter.defaults)
    return Initiation(time, tuple(events), charges, prepared)


def rolled(encounter: Encounter, actor: str, skill: str, roll: ActionRoll) -> RollMade:
    dice = roll.dice
    return RollMade(
        encounter.now, actor, f"{skill} roll", roll.target, roll.bonus_pool, roll.pool_bonus,
        dice.faces, dice.rerolls, dice.total, roll.quality,
    )  # fmt: skip


def resolve_check(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """The Defense bought ends with the action; Opening Locks rolls for a trace."""
    events: list[Event] = []
    defense = action.prepared.whole("defense_bought")
    if defense:
        lowered = encounter.state[actor].defense - defense
        events.append(DefenseChanged(encounter.now, actor, lowered, "skill check over"))
    if action.prepared["skill"] == OPENING_LOCKS:
        events.append(trace_roll(encounter, actor, action.prepared.whole("quality")))
    return events


def trace_roll(encounter: Encounter, actor: str, quality: int) -> PercentRolled:
    """Seed "Opening Locks": d100 ≤ level × 5 + the roll's Q leaves no trace."""
    level = skill_level(encounter.character(actor).sheet, OPENING_LOCKS)
    chance = TRACE_PER_LEVEL * level + quality
    return percent_roll(encounter, actor, "Opening Locks: no trace", chance)


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_actions(
        register, (SKILL_CHECK,), initiate=initiate, resolve=resolve, source="rules text"
    )


@hookimpl
@answers_actions(SKILL_CHECK.name)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    if intent.action != SKILL_CHECK.name:
        return []
    skill = intent.options.get("skill")
    if not isinstance(skill, str) or not skill.strip():
        return ["skill-check needs options.skill (the skill's name)"]
    return []


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    return initiate_check(encounter, actor, intent)


def resolve(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    return resolve_check(encounter, actor, action)
