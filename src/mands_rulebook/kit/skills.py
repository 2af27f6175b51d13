"""The skills that act in an encounter: names, aliases and effective levels (seed "Skills").

The catalogue :mod:`mands_rulebook.skills.catalogue` registers (``mands_register_skills``): each
skill a frozen :class:`SkillSpec`: the canonical name as the seed's skill list spells it, the
aliases its tables and examples use (the Martial Artist package's "Evading Attacks", the Special
Agent's "Rolling With an Attack", the starting skills' "fist fighting"), and the plugin that
applies it.

Names on a sheet are matched without regard to case, spaces or punctuation ("Fist Fighting" is
Fistfighting). A skill that applies to one kind of thing is written with that kind in
parentheses — ``Armor Use (Plate Armor)``, ``Quick Draw (Handgun)``, ``Power Use (Electric
Power)``, ``Speed (Teleportation)``; the seed's own "Speed, Teleportation" is read the same way.

Effective levels (seed "Combat Skill", G-85): the seed's list of Umbrella skills was lost; only
its example, Firearms over Handgun, Rifle and Shotgun, is recognized. A skill's effective level is
the best of its real level, its Umbrella's level, half (rounded up: "skill level 7 in Handgun is
effectively skill level 4 in Rifle") of the best skill beneath the same Umbrella, and the level of
a Combination skill holding it (Martial Arts: Martial Punch, Martial Kick, Martial Throw, Rolling
With Attacks; Wrestling: Body Hold, Body Smash, Body Throw, Rolling With Attacks). An Umbrella
skill is effectively half its best member ("an effective level of 4 in Firearms").

Each spec names the plugin that applies it in an encounter (``applied_by``): Teamwork, for one,
is registered here so that listings show it, and is applied by ``mands_rulebook.combat.opponents``
(its numbers in :mod:`mands_rulebook.kit.opponents.teamwork`, G-82).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final, Literal

from mands_sim.defaults import RuleDefaults, rule_default
from mands_sim.kept import KeptAnswers
from mands_sim.model.sheet import CharacterSheet
from mands_sim.registry import Registries, Source


@dataclass(frozen=True, slots=True)
class SkillDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-04."""

    G04_skill_ep_rows: Literal["ep_figure", "literal"] = rule_default(
        "G-04",
        "Skill-list EP rows ('row 2 (3 EP/round)'): trust the EP figure (row k -> standard "
        "row 9 - k) or read the row number literally.",
        "ep_figure",
        ("ep_figure", "literal"),
    )


@dataclass(frozen=True, slots=True)
class SkillSpec:
    """One skill as the rulebook describes it.

    Attributes:
        name: the canonical name, as the seed's skill list spells it.
        summary: one line for listings.
        aliases: other names the seed's tables and examples use for it.
        source: where its content comes from (``rules text`` for the seed's skills).
        specialized: the sheet names one kind in parentheses (``Armor Use (Plate Armor)``).
        applied_by: the plugin that applies its effect in an encounter.
    """

    name: str
    summary: str
    aliases: tuple[str, ...] = ()
    source: Source = "rules text"
    specialized: bool = False
    applied_by: str = ""


_COMBAT: Final = "mands_rulebook.skills.combat_skills"


_MARTIAL: Final = "mands_rulebook.skills.martial_arts"


_WRESTLING: Final = "mands_rulebook.skills.wrestling"


_FIGURED: Final = "mands_rulebook.skills.figured_skills"


_ACTIONS: Final = "mands_rulebook.skills.action_skills"


_CHECK: Final = "mands_rulebook.skills.skill_check"


_DEFENSIVE: Final = "mands_rulebook.skills.defensive_skills"


SKILLS: Final[tuple[SkillSpec, ...]] = (
    # seed "Combat Skills": "fist fighting, clubs, and thrown clubs ... level 1 in Firearms";
    # seed "Combat Skill": "level 0 with Swords", the Handgun / Rifle / Shotgun umbrella example.
    SkillSpec("Fistfighting", "Combat Skill of the unarmed blow: Combat Pool bonus (G-26).",
              ("Fist Fighting",), applied_by=_COMBAT),
    SkillSpec("Clubs", "Combat Skill: Combat Pool bonus with clubs (G-26).", applied_by=_COMBAT),
    SkillSpec("Thrown Clubs", "Combat Skill: Combat Pool bonus with thrown clubs (G-26).",
              applied_by=_COMBAT),
    SkillSpec("Swords", "Combat Skill: Combat Pool bonus with swords (G-26).", applied_by=_COMBAT),
    SkillSpec("Firearms", "Umbrella skill over Handgun, Rifle and Shotgun (G-85).",
              applied_by=_COMBAT),
    SkillSpec("Handgun", "Combat Skill beneath Firearms: Combat Pool bonus (G-26).",
              applied_by=_COMBAT),
    SkillSpec("Rifle", "Combat Skill beneath Firearms: Combat Pool bonus (G-26).",
              applied_by=_COMBAT),
    SkillSpec("Shotgun", "Combat Skill beneath Firearms: Combat Pool bonus (G-26).",
              applied_by=_COMBAT),
    SkillSpec("Power Use", "Combat Pool bonus with one power's Combat Roll, as a Combat Skill.",
              specialized=True, applied_by=_COMBAT),
    SkillSpec("Martial Arts", "Combination skill: Martial Punch, Kick, Throw, Rolling With "
              "Attacks (G-85).", applied_by=_MARTIAL),
    SkillSpec("Wrestling", "Combination skill: Body Hold, Smash, Throw, Rolling With Attacks "
              "(G-85).", applied_by=_WRESTLING),
    SkillSpec("Martial Kick", "The martial-kick attack: half Hand Damage more, focus for "
              "Penetration (G-86).", applied_by=_MARTIAL),
    SkillSpec("Martial Punch", "The martial-punch attack: a Death Shot with no save (G-86).",
              applied_by=_MARTIAL),
    SkillSpec("Martial Throw", "The martial-throw attack: damage against the target's Mass "
              "(G-86).", applied_by=_MARTIAL),
    SkillSpec("Nerve Pinch", "The nerve-pinch attack: a Called Shot to the neck that knocks out "
              "(G-70).", applied_by=_MARTIAL),
    SkillSpec("Body Hold", "The body-hold attack: grabbing damage, a Full Body Hold penetrates "
              "(G-86); the grab holds, level added against escape (G-182 … G-184).",
              applied_by=_WRESTLING),
    SkillSpec("Body Smash", "The body-smash attack: −3 to the roll, +d6 damage (G-86).",
              applied_by=_WRESTLING),
    SkillSpec("Body Throw", "The body-throw attack: 5 Q, damage against damage (G-86).",
              applied_by=_WRESTLING),
    SkillSpec("Evasion", "Level points spent on a Combat Roll's Defense, 2 per +1 (G-87).",
              ("Evading Attacks",), applied_by=_DEFENSIVE),
    SkillSpec("Falling", "A fall's damage less level after 10 segments in the air to prepare "
              "(falls: G-174 … G-176; mands_rulebook.movement.falling).",
              applied_by="mands_rulebook.movement.falling"),
    SkillSpec("Acrobatics", "Skill roll with a pool of Agility and half Strength, 3 EP (G-04).",
              applied_by=_CHECK),
    SkillSpec("Opening Locks", "Skill roll vs. level − lock type, PT lock type × 10 (seed "
              "example).", applied_by=_CHECK),
    SkillSpec("Picking Pockets", "Skill roll with a pool of (Agility − 10) ÷ 2, PT 20.",
              applied_by=_CHECK),
    SkillSpec("Quick Change", "Skill roll with a pool of (Agility − 10) ÷ 2, PT 4.",
              applied_by=_CHECK),
    SkillSpec("Endurance", "Twice level added to Endurance Points.", applied_by=_FIGURED),
    SkillSpec("Rolling With Attacks", "Twice level added to Virtual Damage Points.",
              ("Rolling With an Attack", "Rolling With Attack"), applied_by=_FIGURED),
    SkillSpec("Awareness", "Twice level added to Perception.", applied_by=_FIGURED),
    SkillSpec("Discipline", "Twice level added to Willpower.", applied_by=_FIGURED),
    SkillSpec("Weight", "Level added to Build for Mass (G-89).", applied_by=_FIGURED),
    SkillSpec("Weightlifting", "Lift Pool + ⌈level ÷ 2⌉ (level for barbells), Throw Pool "
              "+ ⌊level ÷ 4⌋ (G-89).", ("Weight Lifting",), applied_by=_FIGURED),
    SkillSpec("Jumping", "Level added to the Jump Pool.", applied_by=_FIGURED),
    SkillSpec("Hold Breath", "Level added to the Hold Breath Roll.", applied_by=_FIGURED),
    SkillSpec("Running", "Level added to the Move Pool.", applied_by=_ACTIONS),
    SkillSpec("Speed", "Level segments off one Specific Action's Performance Time (G-89).",
              ("Speed, Specific Action", "Speed (Specific Action)"), specialized=True,
              applied_by=_ACTIONS),
    SkillSpec("Double Action", "Two actions at once on a %Control roll: each at -10 to its "
              "Bonus Pool, 1 less per 10 made by; a miss loses half of it as surprise (G-162).",
              applied_by="mands_rulebook.skills.double_action"),
    SkillSpec("Maneuverability", "A Move Roll re-roll slows by level more and turns up to half "
              "level Q for free (G-163).", applied_by="mands_rulebook.movement.moving"),
    SkillSpec("Armor Use", "5 × level added to one armor type's Cover Chance; 2 EP/round.",
              specialized=True, applied_by="mands_rulebook.kit.damage"),
    SkillSpec("Ignore Damage", "⌊level ÷ 4⌋ Ignore Damage at Cover Chance 73 %, body only.",
              applied_by="mands_rulebook.kit.damage"),
    SkillSpec("Quick Draw", "Level segments off drawing one weapon type.", specialized=True,
              applied_by="mands_rulebook.combat.weapons"),
    # seed "Teamwork (3d6)": "the lowest level applies to the group"; combining attacks on one
    # target is G-82.
    SkillSpec("Teamwork", "Members attacking one target together add the group's lowest level "
              "to Agility and share it as Bonus Pool (G-82; mands_rulebook.combat.opponents).",
              applied_by="mands_rulebook.combat.opponents"),
)  # fmt: skip
"""The encounter skills, by canonical name (seed "Skills", "Combat Skill", "Combat Skills")."""


UMBRELLA_SKILLS: Final[Mapping[str, tuple[str, ...]]] = {
    # G-85: the seed's list is lost; its example: "skill level 7 in Handgun is effectively skill
    # level 4 in Rifle and Shotgun ... an effective level of 4 in Firearms".
    "Firearms": ("Handgun", "Rifle", "Shotgun"),
}
"""Umbrella skills and the skills beneath them (seed "Combat Skill", G-85)."""


COMBINATION_SKILLS: Final[Mapping[str, tuple[str, ...]]] = {
    # seed "Combat Skill": "Martial Arts consists of the single skills Martial Punch, Martial
    # Kick, Martial Throw, and Rolling With Attacks. Wrestling consists of Body Hold, Body Smash,
    # Body Throw, and Rolling With Attacks."
    "Martial Arts": ("Martial Punch", "Martial Kick", "Martial Throw", "Rolling With Attacks"),
    "Wrestling": ("Body Hold", "Body Smash", "Body Throw", "Rolling With Attacks"),
}
"""Combination skills and their single skills (seed "Combat Skill")."""


_SPECIALTY: Final = re.compile(r"\s*(?P<base>[^()]+?)\s*\(\s*(?P<kind>[^()]+?)\s*\)\s*")


@functools.lru_cache(maxsize=4096)
def normalized(name: str) -> str:
    """Case-folded letters and digits only, for matching ("Fist Fighting" → fistfighting).
    Cached: rules ask it for the same few names on every roll."""
    return "".join(char for char in name.casefold() if char.isalnum())


def split_specialty(name: str) -> tuple[str, str | None]:
    """``"Armor Use (Plate Armor)"`` → (``"Armor Use"``, ``"Plate Armor"``); the seed's own
    comma form, ``"Speed, Teleportation"``, the same; a plain name has no specialty."""
    found = _SPECIALTY.fullmatch(name)
    if found is not None:
        return found["base"], found["kind"]
    base, comma, kind = name.partition(",")
    if comma and kind.strip():
        return base.strip(), kind.strip()
    return name.strip(), None


def alias_table(specs: Iterable[SkillSpec]) -> dict[str, str]:
    """Normalized name or alias → canonical name."""
    table: dict[str, str] = {}
    for spec in specs:
        for name in (spec.name, *spec.aliases):
            table[normalized(name)] = spec.name
    return table


_BUILTIN_ALIASES: Final = alias_table(SKILLS)


def canonical_in(table: Mapping[str, str], name: str) -> str | None:
    """``name``'s canonical form by ``table``, or ``None`` when its base skill is unknown."""
    whole = table.get(normalized(name))
    if whole is not None:
        return whole
    base, specialty = split_specialty(name)
    canonical = table.get(normalized(base))
    if canonical is None:
        return None
    return f"{canonical} ({specialty})" if specialty else canonical


@functools.lru_cache(maxsize=4096)
def canonical_name(name: str) -> str:
    """The canonical form of a sheet's skill name by the builtin catalogue (a name it does not
    know is returned as written, trimmed)."""
    return canonical_in(_BUILTIN_ALIASES, name) or name.strip()


def canonical_skill_name(registries: Registries, name: str) -> str | None:
    """The canonical name of ``name`` among the registered skills (by name, or by the aliases
    of a :class:`SkillSpec` payload), keeping a specialty: ``"Armor use (Plate Armor)"`` →
    ``"Armor Use (Plate Armor)"``; ``None`` when no registered skill matches."""
    specs = [entry.payload for entry in registries.skills.entries]
    table = alias_table(spec for spec in specs if isinstance(spec, SkillSpec))
    for entry in registries.skills.entries:
        table.setdefault(normalized(entry.name), entry.name)
    return canonical_in(table, name)


def sheet_levels(sheet: CharacterSheet) -> dict[str, int]:
    """The sheet's real levels by matching key (:func:`skill_key`); the higher of two names that
    mean the same skill."""
    levels: dict[str, int] = {}
    for name, level in sheet.skills.items():
        key = skill_key(name)
        levels[key] = max(levels.get(key, 0), int(level))
    return levels


@functools.lru_cache(maxsize=4096)
def skill_key(name: str) -> str:
    """What two names of one skill share: the normalized canonical name."""
    return normalized(canonical_name(name))


def skill_level(sheet: CharacterSheet, skill: str) -> int:
    """The effective level of ``skill`` (G-85: Umbrella and Combination skills count).

    Sheets are frozen and rules ask this on every roll, so the answer is kept per sheet."""
    return _LEVELS.answer((sheet,), skill, lambda: effective_level(sheet_levels(sheet), skill))


_LEVELS: KeptAnswers[int] = KeptAnswers(limit=4096)
""":func:`skill_level`'s answers by sheet and skill."""


def effective_level(levels: Mapping[str, int], skill: str) -> int:
    """The best of the real level and what Umbrella and Combination skills give (G-85)."""
    key = skill_key(skill)
    found = [levels.get(key, 0)]
    for umbrella, members in UMBRELLA_SKILLS.items():
        keys = [skill_key(member) for member in members]
        if key == skill_key(umbrella):
            found += [half_up(levels.get(member, 0)) for member in keys]
        elif key in keys:
            found.append(levels.get(skill_key(umbrella), 0))
            found += [half_up(levels.get(other, 0)) for other in keys if other != key]
    for combination, members in COMBINATION_SKILLS.items():
        if key in (skill_key(member) for member in members):
            found.append(levels.get(skill_key(combination), 0))
    return max(found)


def half_up(level: int) -> int:
    """Seed "Combat Skill": moving beneath an Umbrella halves the level, rounding up (7 → 4)."""
    return math.ceil(level / 2)


FALL_PREPARATION: Final = 10
"""Seed "Falling": "The character must have 10 segments to prepare"."""


def falling_damage(damage: int, level: int, prepared_segments: int) -> int:
    """Seed "Falling": the fall's damage less the level, if 10 segments were spent preparing."""
    if prepared_segments < FALL_PREPARATION:
        return damage
    return max(0, damage - level)


SKILL_LIST_ROWS_FROM: Final = 9
"""G-04: the skill list counts rows down from 5 EP: its row k is the core row 9 − k."""


def core_row(defaults: RuleDefaults, skill_list_row: int) -> int:
    """G-04: the skill list's "row k (n EP/round)" is row 9 − k of the EP Use Chart, whose EP
    figure it gives (``ep_figure``: Acrobatics' row 2 → 7, 3 EP), or row k read literally."""
    if defaults.of(SkillDefaults).G04_skill_ep_rows == "literal":
        return skill_list_row
    return SKILL_LIST_ROWS_FROM - skill_list_row
