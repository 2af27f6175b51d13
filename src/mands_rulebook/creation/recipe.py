"""The sheet maker ``generate``: a scenario's character made by ``mands-sim generate`` from a
recipe, so a sweep or a balance can vary it (``docs/character-generation.md``)::

    sheet = { make = "generate", kind = "grunt", seed = 1, number = 3, level = 2 }

``kind`` (hero, villain or grunt) and ``seed`` are required; ``number`` (default 1), ``power``
(a list of power names, default none) and ``level`` (Experience rows, default 0, G-305) are
optional. The sheet is the one ``mands-sim generate --kind grunt --seed 1 --level 2`` writes as
character 3.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from mands_rulebook.creation.choices import Decisions
from mands_rulebook.creation.generate import generate
from mands_sim.api import CharacterSheet, Problem, SheetMaker, SheetProblems

NAME: Final = "generate"
KEYS: Final = ("kind", "seed", "number", "power", "level")


def made_sheet(recipe: Mapping[str, Any]) -> CharacterSheet:
    """The sheet ``recipe`` asks for (:data:`KEYS`).

    Raises:
        SheetProblems: a key missing or of the wrong type, naming it.
        GenerationError: a value out of range (a count, a level, an unknown power).
    """
    problems = [
        Problem(key, expected)
        for key, expected in (
            ("kind", _text_problem(recipe.get("kind"))),
            ("seed", _whole_problem(recipe.get("seed"), required=True)),
            ("number", _whole_problem(recipe.get("number", 1))),
            ("level", _whole_problem(recipe.get("level", 0))),
            ("power", _names_problem(recipe.get("power", []))),
        )
        if expected
    ]
    if problems:
        raise SheetProblems(None, problems)
    (creation,) = generate(
        recipe["kind"],
        seed=recipe["seed"],
        first=recipe.get("number", 1),
        level=recipe.get("level", 0),
        decisions=Decisions(powers=tuple(recipe.get("power", []))),
    )
    return creation.sheet


def _text_problem(value: object) -> str:
    return "" if isinstance(value, str) else "the kind: hero, villain or grunt"


def _whole_problem(value: object, *, required: bool = False) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return ""
    return "a whole number" + (" (required)" if required and value is None else "")


def _names_problem(value: object) -> str:
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return ""
    return "a list of power names"


GENERATE: Final = SheetMaker(
    NAME,
    "a character made by the rulebook's Creating a Character (mands-sim generate)",
    made_sheet,
    KEYS,
)
