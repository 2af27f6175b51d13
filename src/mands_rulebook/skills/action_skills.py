"""Skills that change how an action goes: Speed, Running, Weightlifting; Double Action and
Maneuverability's numbers (seed "Skills").

* **Speed, Specific Action**: "The player can reduce the Performance Time of the Specific Action
  by the character's Skill Level. For example, a character with Speed, Teleportation, level 10,
  subtracts 10 segments from the Performance Time of Teleportation." The sheet names the action
  in parentheses (``Speed (Teleportation)``, or the seed's ``Speed, Teleportation``): the action
  (``Speed (fist-attack)``), the power it uses (``Intent.options["power"]``), the Combat Skill
  it uses (``Speed (Fistfighting)``) or the skill a ``skill-check`` rolls (``Speed (Opening
  Locks)``). G-89: the level comes off the Performance Time after
  Quality has shortened it, never below 1 segment; the best matching Speed counts, once.
* **Running**: "Add this to the character's Move Pool": the Move Roll's Bonus Pool (purpose
  ``"move"``, :mod:`mands_rulebook.movement.moving`).
* **Weightlifting**: "Add this to the character's Lift Pool. This applies only to specially
  designed weights (such as barbells). Use half the character's skill level (rounded up) as the
  bonus to the character's Lift Pool for normal items": purpose ``"lift"``, the whole level with
  the intent option ``barbell``. (Its Throw Pool share is a figured adjustment,
  :mod:`.figured_skills`.)
* **Double Action**: its numbers are here; :mod:`.double_action` applies them (a second
  initiation in the segment, through the kernel's ``mands_initiation_allowance``).
  Maneuverability's are the kit's (:mod:`mands_rulebook.kit.movement.maneuverability`), which
  :mod:`mands_rulebook.movement.moving` applies to a Move Roll's re-roll.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Final

from mands_rulebook.kit.skills import skill_level
from mands_rulebook.kit.thrown_objects import LIFT_AND_THROW
from mands_rulebook.skills.combat_skills import attack_skill
from mands_sim.api import (
    MINIMUM_PERFORMANCE_TIME,
    ActionDefinition,
    ActionOption,
    Character,
    Encounter,
    Initiation,
    Intent,
    Modifier,
    answers_characters,
    hookimpl,
)

SPEED: Final = "Speed"
RUNNING: Final = "Running"
WEIGHTLIFTING: Final = "Weightlifting"
BARBELL: Final = "barbell"
"""``Intent.options`` key: the lift is of "specially designed weights (such as barbells)"."""

DOUBLE_ACTION_PENALTY: Final = 10
"""Seed "Double Action": "a penalty of 10 to the Bonus Pools for each" action."""
DOUBLE_ACTION_STEP: Final = 10
"""Seed "Double Action": "reduced by 1 for every 10 points the %Control roll was made by"."""
DOUBLE_ACTION_ROW: Final = 3
"""Seed "Double Action uses row 3 of the EP Use Chart (2 EP/round)": the skill list's row 3,
row 6 of the core numbering by G-04 (``mands_rulebook.kit.skills.core_row``)."""


# --- Speed, Specific Action -----------------------------------------------------------------------


def specific_actions(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """What a ``Speed (...)`` may name for this action: the action, its power, its skill."""
    named = [intent.action]
    for key in ("power", "skill"):  # a power's name; a skill check's skill
        if intent.options.get(key) is not None:
            named.append(str(intent.options[key]))
    skill = attack_skill(encounter, actor, intent)
    if skill is not None:
        named.append(skill)
    return named


def speed_level(encounter: Encounter, actor: str, intent: Intent) -> int:
    """The best ``Speed (<specific action>)`` level that fits this action (G-89)."""
    sheet = encounter.character(actor).sheet
    names = specific_actions(encounter, actor, intent)
    return max(skill_level(sheet, f"{SPEED} ({name})") for name in names)


def faster(performance_time: int, level: int) -> int:
    """Seed "Speed": level segments off, never below 1 (``docs/rules/combat.md`` §3)."""
    return max(MINIMUM_PERFORMANCE_TIME, performance_time - level)


@hookimpl
def mands_initiation_adjust(
    encounter: Encounter, actor: str, intent: Intent, initiation: Initiation
) -> Initiation | None:
    """A fitting Speed skill shortens the Performance Time (G-89)."""
    level = speed_level(encounter, actor, intent)
    if level <= 0:
        return None
    return replace(initiation, performance_time=faster(initiation.performance_time, level))


# --- Running and Weightlifting --------------------------------------------------------------------


def lift_pool(level: int, *, barbell: bool) -> int:
    """Seed "Weightlifting": the level for barbells, half of it rounded up for normal items."""
    return level if barbell else math.ceil(level / 2)


def runs_or_lifts(character: Character) -> bool:
    """Whether the sheet has Running or Weightlifting: nobody else's pools change here."""
    return any(skill_level(character.sheet, skill) for skill in (RUNNING, WEIGHTLIFTING))


@hookimpl
@answers_characters(runs_or_lifts)
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    """Running on the Move Roll's pool; Weightlifting on the Lift Roll's."""
    sheet = encounter.character(actor).sheet
    if purpose == "move":
        level = skill_level(sheet, RUNNING)
        return [Modifier(level, RUNNING, "seed Running: added to the Move Pool")] if level else []
    if purpose == "lift":
        bonus = lift_pool(
            skill_level(sheet, WEIGHTLIFTING), barbell=bool(intent.options.get(BARBELL))
        )
        return (
            [Modifier(bonus, WEIGHTLIFTING, "seed Weightlifting: the Lift Pool")] if bonus else []
        )
    return []


# --- Double Action and Maneuverability (numbers only) ---------------------------------------------


def double_action_penalty(made_by: int) -> int:
    """Seed "Double Action": −10 to each Bonus Pool, 1 less per 10 points the %Control roll was
    made by (never a bonus)."""
    return min(0, -DOUBLE_ACTION_PENALTY + max(0, made_by) // DOUBLE_ACTION_STEP)


def double_action_surprise(missed_by: int) -> int:
    """Seed "Double Action": a miss loses "half the amount the roll was missed by" in segments,
    as surprise (rounded down, G-89)."""
    return max(0, missed_by) // 2


BARBELL_ENTRY: Final = ActionOption(
    BARBELL, "flag", "the object is a barbell: the whole Weightlifting level (seed)"
)


@hookimpl
def mands_action_options(action: ActionDefinition) -> list[ActionOption] | None:
    """``barbell`` on the throw whose Lift Roll Weightlifting adds to."""
    return [BARBELL_ENTRY] if action.name == LIFT_AND_THROW.name else None
