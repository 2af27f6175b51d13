"""The sheet maker ``generate``: a scenario's character made by ``mands-sim generate`` from a
recipe, so a sweep or a balance can vary it (``docs/character-generation.md``)::

    sheet = { make = "generate", kind = "grunt", seed = 1, number = 3, level = 2 }

``kind`` (hero, villain or grunt) and ``seed`` are required; ``number`` (default 1), ``power``
(a list of power names, default none) and ``level`` (Experience rows, default 0, G-305) are
optional. The sheet is the one ``mands-sim generate --kind grunt --seed 1 --level 2`` writes as
character 3, under the creation defaults the scenario switches in ``[rules.defaults]``
(G-300, G-301, G-305).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any, Final

from mands_rulebook.creation.choices import CreationDefaults, Decisions, switched
from mands_rulebook.creation.experience import MAX_LEVEL
from mands_rulebook.creation.generate import generate as generated
from mands_rulebook.creation.generate import installed_catalogue, powers_problem
from mands_rulebook.creation.procedure import KINDS, Catalogue
from mands_sim.api import CharacterSheet, Problem, SheetMaker, SheetProblems

NAME: Final = "generate"
KEYS: Final = ("kind", "seed", "number", "power", "level")
MAX_NUMBER: Final = 1_000_000
"""The highest character number a recipe names (an input bounds every value)."""
MAX_SEED: Final = 2**63 - 1


def made_sheet(recipe: Mapping[str, Any], defaults: Mapping[str, object]) -> CharacterSheet:
    """The sheet ``recipe`` asks for (:data:`KEYS`), under the creation defaults in
    ``defaults`` (the scenario's switched named defaults; the others are not creation's).

    Raises:
        SheetProblems: every key missing, of the wrong type or out of range, naming it.
    """
    catalogue = installed_catalogue()
    problems = recipe_problems(recipe, catalogue)
    if problems:
        raise SheetProblems(None, problems)
    (creation,) = generated(
        recipe["kind"],
        seed=recipe["seed"],
        first=recipe.get("number", 1),
        level=recipe.get("level", 0),
        decisions=Decisions(powers=tuple(recipe.get("power", []))),
        defaults=creation_defaults(defaults),
        catalogue=catalogue,
    )
    return creation.sheet


def creation_defaults(defaults: Mapping[str, object]) -> CreationDefaults:
    """The creation defaults among a scenario's switched ones (values already checked)."""
    names = {field.name for field in fields(CreationDefaults)}
    return switched({k: str(v) for k, v in defaults.items() if k in names})


def recipe_problems(recipe: Mapping[str, Any], catalogue: Catalogue) -> list[Problem]:
    """Each key of ``recipe`` that is missing, of the wrong type or out of range."""
    checks = (
        ("kind", _kind(recipe.get("kind"))),
        ("seed", _whole(recipe.get("seed"), 0, MAX_SEED, required=True)),
        ("number", _whole(recipe.get("number", 1), 1, MAX_NUMBER)),
        ("level", _whole(recipe.get("level", 0), 0, MAX_LEVEL)),
        ("power", _powers(recipe.get("power", []), recipe.get("kind"), catalogue)),
    )
    return [Problem(key, expected) for key, expected in checks if expected]


def _kind(value: object) -> str:
    return "" if value in KINDS else f"the kind: {', '.join(KINDS)}" + _not(value)


def _whole(value: object, low: int, high: int, *, required: bool = False) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return ""
    missing = required and value is None
    return f"a whole number {low} to {high}" + (" (required)" if missing else _not(value))


def _powers(value: object, kind: object, catalogue: Catalogue) -> str:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        return "a list of power names" + _not(value)
    return powers_problem(value, kind, catalogue)


def _not(value: object) -> str:
    return "" if value is None else f", not {value!r}"


GENERATE: Final = SheetMaker(
    NAME,
    "a character made by the rulebook's Creating a Character (mands-sim generate)",
    made_sheet,
    KEYS,
)
