"""The Combat Skill's Combat Pool bonus, and Power Use's (seed "Combat Skill", "Power Use").

Seed "Combat Skill": "Combat Pool Bonus: Add this to the character's Combat Pool with that
weapon." The table of bonuses by level was lost (``docs/rules/decisions.md`` G-26). This builtin
plugin adds ``max(0, level − 2)`` (G-26; the switch ``G26_combat_skill_bonus``) to the Bonus Pool of
every Combat Roll (purpose ``"combat"``), for the Combat Skill the attack uses, at its effective
level (G-85):

* ``fist-attack`` (:mod:`mands_rulebook.combat.fists`): Fistfighting;
* ``weapon-attack`` (:mod:`mands_rulebook.combat.weapons`) and ``sweep``
  (:mod:`mands_rulebook.combat.opponents`, a weapon's, G-81): the weapon's skill in the weapon
  table;
* the martial and wrestling attacks (:mod:`.martial_arts`, :mod:`.wrestling`): their own skill
  (Nerve Pinch: "See Combat Skill for more information on level bonuses");
* an attack that names a power (``Intent.options["power"]``): ``Power Use (<power>)`` instead
  (seed "Power Use": "the same bonuses as Combat Skill, to the character's Combat Roll with that
  Power"; seed "Power Use: Characters start at level 2 in Power Use for each power").

The figured ``combat_pool`` (⌊Learning ÷ 10⌋, ``docs/rules/combat.md`` §5) holds no skill bonus, so
nothing counts twice: Seraph's Combat Pool stays 1 with Fistfighting 2.

It also gives the light attacker's penalty on throws (seed "Mass": below 50 kg the low-Mass
number "also applies as a penalty to Martial Throw and similar rolls"; G-86).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from mands_rulebook.kit.skills import skill_level
from mands_rulebook.kit.weapons.attacking import WEAPON_ATTACK
from mands_rulebook.kit.weapons.table import intended_weapon
from mands_rulebook.skills.attacks import ATTACK_SKILLS, THROWS
from mands_sim.api import (
    Encounter,
    Intent,
    Modifier,
    Register,
    defaults_summary,
    hookimpl,
    rule_default,
)


@dataclass(frozen=True, slots=True)
class CombatSkillDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-26."""

    G26_combat_skill_bonus: Literal["over_two", "level", "none"] = rule_default(
        "G-26",
        "A Combat Skill's (and Power Use's) Combat Pool bonus: max(0, level - 2) ('over_two'), "
        "the whole level ('level'), or nothing ('none').",
        "over_two",
        ("over_two", "level", "none"),
    )


COMBAT: Final = "combat"
"""The purpose of a Combat Roll's Bonus Pool modifiers (``docs/rules/combat.md`` §5)."""

SOURCE: Final = "combat skill"
"""The ``Modifier.source`` of the Combat Pool bonus."""

FIST_SKILL: Final = "Fistfighting"
"""Seed "Combat Skills": fist fighting, the Combat Skill of an unarmed blow."""

FIST_ACTIONS: Final = frozenset({"fist-attack"})
"""Unarmed blows: :mod:`mands_rulebook.combat.fists`'s punch (fists cannot sweep, G-81)."""

WEAPON_ACTIONS: Final = frozenset({WEAPON_ATTACK.name, "sweep"})
"""Blows with a weapon: :mod:`mands_rulebook.combat.weapons`' attack,
:mod:`mands_rulebook.combat.opponents`'
sweep (G-172)."""

POWER_OPTION: Final = "power"
"""``Intent.options`` key naming the power an action uses (as
:mod:`mands_rulebook.powers.control`)."""

FREE_LEVELS: Final = 2
"""G-26: the first two levels give no bonus (Seraph's Fistfighting 2 leaves his pool at 1)."""


def combat_pool_bonus(level: int, reading: str = "over_two") -> int:
    """G-26 (invented): the Combat Pool bonus of a Combat Skill or Power Use at ``level``:
    ``max(0, level − 2)`` (``over_two``), the level itself (``level``) or nothing (``none``)."""
    if reading == "none":
        return 0
    if reading == "level":
        return max(0, level)
    return max(0, level - FREE_LEVELS)


def attack_skill(encounter: Encounter, actor: str, intent: Intent) -> str | None:
    """The skill whose level bonus an attack's Combat Roll gets, or ``None`` for none."""
    power = intent.options.get(POWER_OPTION)
    if power is not None:
        return f"Power Use ({power})"
    if intent.action in FIST_ACTIONS:
        return FIST_SKILL
    if intent.action in WEAPON_ACTIONS:
        weapon = intended_weapon(encounter, actor, intent)
        return None if weapon is None else weapon.skill
    return ATTACK_SKILLS.get(intent.action)


def skill_modifier(encounter: Encounter, actor: str, intent: Intent) -> Modifier | None:
    """The G-26 bonus of the attack's skill, if any."""
    skill = attack_skill(encounter, actor, intent)
    if skill is None:
        return None
    level = skill_level(encounter.character(actor).sheet, skill)
    bonus = combat_pool_bonus(
        level, encounter.defaults.of(CombatSkillDefaults).G26_combat_skill_bonus
    )
    if bonus == 0:
        return None
    return Modifier(bonus, SOURCE, f"G-26: {skill} level {level}")


def light_thrower(encounter: Encounter, actor: str, intent: Intent) -> Modifier | None:
    """Seed "Mass": a thrower under 50 kg has its low-Mass number as a penalty (G-86)."""
    if intent.action not in THROWS:
        return None
    penalty = int(encounter.figured(actor).low_mass_penalty)
    if penalty <= 0:
        return None
    return Modifier(-penalty, "low mass", "seed Mass: a penalty to Martial Throw (G-86)")


@hookimpl
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    """G-26's Combat Pool bonus (and a light thrower's penalty) on a Combat Roll."""
    if purpose != COMBAT:
        return []
    found = (skill_modifier(encounter, actor, intent), light_thrower(encounter, actor, intent))
    return [modifier for modifier in found if modifier is not None]


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "skills.combat_skills",
        CombatSkillDefaults,
        summary=defaults_summary(CombatSkillDefaults),
        source="rules text",
    )
