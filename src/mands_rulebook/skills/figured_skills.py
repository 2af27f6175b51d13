"""Skills that change figured attributes, through ``mands_figured_adjustments`` (seed "Skills").

Each adjustment is applied by :func:`mands_sim.model.character.build_character` before the
attributes figured from it, and shows in ``mands-sim sheet``:

* Endurance: "This adds twice level to the character's Endurance Points."
* Rolling With Attacks: "Add twice level to the character's Virtual Damage Points" (at its
  effective level: Martial Arts and Wrestling hold it, G-85).
* Awareness: "The character has twice level added to perception at all times" (so the Detect
  Danger roll of :mod:`mands_rulebook.combat.surprise`, which reads the figured Perception, gains
  it).
* Discipline: "This adds twice level to the character's Willpower."
* Weight: "Add this to the character's build for purposes of determining the character's mass":
  the Mass formula (seed "Mass") is linear in Build, so level × Height³ ÷ 2.2 kg (Height × √Height
  below 1 m), rounded to the nearest kilogram (G-89: adjustments are whole numbers); Damage
  Points, Hand Damage and the rolls figured from Mass follow.
* Weightlifting: "one quarter the character's skill level for the bonus to the character's
  Throw Pool" (rounded down, G-89): the figured ``throw_bonus``. Its Lift Pool bonus is a Bonus
  Pool modifier (:mod:`.action_skills`).
* Jumping: "Add this to the character's Jump Pool": the figured ``jump_bonus``.
* Hold Breath: "Add this to the character's Hold Breath Roll."

Ignore Damage (the skill) is *not* an adjustment: it covers 73 % of body hits and is rolled by
:mod:`mands_rulebook.kit.damage`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

from mands_rulebook.kit.skills import skill_level
from mands_sim.api import CharacterSheet, FiguredAdjustment, hookimpl

TWICE: Final = 2
"""Endurance, Rolling With Attacks, Awareness, Discipline: "twice level"."""

MASS_DIVISOR: Final = 2.2
"""Seed "Mass": "... multiply this total by the cube of the character's height ... and divide by
2.2"."""

THROW_POOL_SHARE: Final = 4
"""Seed "Weightlifting": "one quarter the character's skill level" for the Throw Pool."""


def twice(level: int) -> int:
    return TWICE * level


def weight_mass(level: int, height: float) -> int:
    """Seed "Weight", "Mass": level more Build adds level × Height³ ÷ 2.2 kg (Height × √Height
    below 1 m), rounded to the nearest kilogram (G-89). Seraph (1.791 m), Weight 3: 7.83 → 8."""
    size = height**3 if height >= 1 else height * math.sqrt(height)
    return round(level * size / MASS_DIVISOR)


def throw_pool(level: int) -> int:
    """Seed "Weightlifting": a quarter of the level, rounded down (G-89)."""
    return level // THROW_POOL_SHARE


def unchanged(level: int) -> int:
    return level


ADJUSTMENTS: Final[tuple[tuple[str, str, Callable[[int], int]], ...]] = (
    ("Endurance", "endurance_points", twice),
    ("Rolling With Attacks", "virtual_damage_points", twice),
    ("Awareness", "perception", twice),
    ("Discipline", "willpower", twice),
    ("Weightlifting", "throw_bonus", throw_pool),
    ("Jumping", "jump_bonus", unchanged),
    ("Hold Breath", "hold_breath_roll", unchanged),
)
"""(skill, figured attribute, change by level) of the skills that add to one attribute."""


def skill_adjustments(sheet: CharacterSheet) -> list[FiguredAdjustment]:
    """Every figured-attribute change the sheet's skills make (none for level 0)."""
    found: list[FiguredAdjustment] = []
    for skill, attribute, change in ADJUSTMENTS:
        delta = change(skill_level(sheet, skill))
        if delta:
            found.append(FiguredAdjustment(attribute, delta, f"skill:{skill}"))
    mass = weight_mass(skill_level(sheet, "Weight"), sheet.attributes.height)
    if mass:
        found.append(FiguredAdjustment("mass", mass, "skill:Weight"))
    return found


@hookimpl
def mands_figured_adjustments(sheet: CharacterSheet) -> list[FiguredAdjustment]:
    return skill_adjustments(sheet)
