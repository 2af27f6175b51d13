"""A generated character advanced by Experience rows: "a gunman of level N" (seed 000, the
Experience chart's rows; ``docs/rules/charts.md`` §4; G-305).

Seed 000: each time a character reaches a new row of the Experience chart it gains Perception +
the row number, +1 to one of Learning, Strength, Agility, Constitution, Build or Beauty, and +1
Resist Death, and may roll d100 for a latent power, a lost power or a weakness. A character of
level N has reached rows 1 to N: +N to abilities (which one, G-305), Resist Death + N and
Perception + (1 + 2 + … + N). Perception and Resist Death are figured from the sheet, so their
gains are written as the sheet's ``[overrides]``: the figured value of the raised sheet plus the
gain. The optional d100 is not rolled (G-305): it adds no number a fight reads until an Editor
makes the power or weakness.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Final

from mands_rulebook.creation.choices import CreationDefaults, GenerationError
from mands_sim.api import CharacterSheet, figured_here

MAX_LEVEL: Final = 30
"""The highest level asked of a generated character (an input bounds every loop): row 30 is an
Experience past 10,000,000."""

PHYSICAL: Final = ("strength", "agility", "constitution")
"""G-305 ``lowest-physical``: the ability a row raises is the lowest of these, the first of
equals in this order."""


def advanced(
    sheet: CharacterSheet, level: int, defaults: CreationDefaults
) -> tuple[CharacterSheet, tuple[str, ...]]:
    """``sheet`` having reached Experience rows 1 to ``level``, and one story line per row.

    Raises:
        GenerationError: ``level`` is not 0 to :data:`MAX_LEVEL`.
    """
    if not 0 <= level <= MAX_LEVEL:
        raise GenerationError(f"level: 0 to {MAX_LEVEL} Experience rows, not {level}")
    if level == 0:
        return sheet, ()
    story = []
    for row in range(1, level + 1):
        ability = _raised(sheet, defaults)
        abilities = replace(sheet.abilities, **{ability: getattr(sheet.abilities, ability) + 1})
        sheet = replace(sheet, abilities=abilities)
        gains = f"+1 {ability.capitalize()}, Resist Death +1, Perception +{row}"
        story.append(f"13. Experience row {row}: {gains}")
    figured = figured_here(sheet).figured
    overrides = {
        **sheet.overrides,
        "resist_death": figured.resist_death + level,
        "perception": figured.perception + level * (level + 1) // 2,
    }
    return replace(sheet, overrides=MappingProxyType(overrides)), tuple(story)


def _raised(sheet: CharacterSheet, defaults: CreationDefaults) -> str:
    """G-305: the ability a new row raises."""
    choice = defaults.G305_experience_ability
    if choice != "lowest-physical":
        return choice
    scores = {name: getattr(sheet.abilities, name) for name in PHYSICAL}
    return min(PHYSICAL, key=lambda name: (scores[name], PHYSICAL.index(name)))
