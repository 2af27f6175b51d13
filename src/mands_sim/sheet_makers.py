"""Sheet makers: a scenario's character whose sheet a plugin makes from a recipe, instead of a
sheet file or an inline sheet (``docs/scenarios.md`` "Made sheets")::

    [[sides.characters]]
    id = "thug"
    sheet = { make = "generate", kind = "grunt", seed = 1, number = 3, level = 2 }

``make`` names a maker a plugin registers (``mands_register_sheet_makers``); the other keys are
the recipe the maker reads. Each recipe key is a value of the scenario like any other, so
``--set``, ``sweep`` and ``balance`` vary it (``sides.thugs.thug.sheet.level=0..8``). The
kernel knows no maker: the rulebook's ``generate`` (``mands_rulebook.creation``) is one.

A maker is called when the scenario is loaded, in every process that loads it, and must be
deterministic: the same recipe and defaults, the same sheet; it reads no file (the scenario's
content hash covers the recipe and the sheet made, not what a maker reads). It returns a
:class:`~mands_sim.model.sheet.CharacterSheet`, or raises
:class:`~mands_sim.errors.SheetError` (its ``problems`` name keys of the recipe) or
``ValueError`` for a recipe it cannot make; the loader reports either as a problem of the
scenario at the recipe's key. Loading never executes code from the file: the recipe is data,
and only an installed plugin's maker reads it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from mands_sim.model.sheet import CharacterSheet

MAKE_KEY: Final = "make"
"""The key of an inline sheet table that makes it a recipe, naming the maker."""

MakeSheet = Callable[[Mapping[str, Any], Mapping[str, object]], CharacterSheet]
"""``make(recipe, defaults) -> CharacterSheet``: the recipe is the table without ``make``;
``defaults`` are the named defaults the scenario switches (``[rules.defaults]``, switch name →
value), for a maker whose own defaults a scenario may switch."""


@dataclass(frozen=True, slots=True)
class SheetMaker:
    """A way to make a character's sheet from a recipe in a scenario.

    Attributes:
        name: what ``make = "..."`` names.
        summary: one line for listings.
        make: makes the sheet (:data:`MakeSheet`).
        keys: the recipe keys it reads, for the error naming an unknown one.
    """

    name: str
    summary: str
    make: MakeSheet
    keys: tuple[str, ...] = ()


def is_recipe(table: Mapping[str, Any]) -> bool:
    """Whether an inline sheet table is a recipe (it has ``make``)."""
    return MAKE_KEY in table
