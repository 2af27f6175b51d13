"""Characters: sheets (:mod:`.sheet`), figured attributes (:mod:`.figured`) and the frozen
:class:`Character` (:mod:`.character`)."""

from __future__ import annotations

from mands_sim.model.character import Character, build_character
from mands_sim.model.figured import (
    FIGURED_ATTRIBUTE_NAMES,
    BodyDamagePoints,
    FiguredAdjustment,
    FiguredAttributes,
    SkinTemper,
)
from mands_sim.model.sheet import (
    SHEET_FORMAT,
    Abilities,
    Attributes,
    CharacterSheet,
    PowerEntry,
    SheetFormat,
    Weakness,
    load_sheet,
    parse_sheet,
)

__all__ = [
    "FIGURED_ATTRIBUTE_NAMES",
    "SHEET_FORMAT",
    "Abilities",
    "Attributes",
    "BodyDamagePoints",
    "Character",
    "CharacterSheet",
    "FiguredAdjustment",
    "FiguredAttributes",
    "PowerEntry",
    "SheetFormat",
    "SkinTemper",
    "Weakness",
    "build_character",
    "load_sheet",
    "parse_sheet",
]
