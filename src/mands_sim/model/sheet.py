"""Character sheets: the TOML file format, its validation, and the frozen :class:`CharacterSheet`.

A sheet records what the rulebook's Character Record Sheet records (seed "Creating a Character",
"Abilities and Attributes", "Biff Turk Creates a Sample Character"): the base abilities and
attributes, skills, powers and knowledge. The figured attributes are *not* written on the sheet;
:func:`mands_sim.model.character.build_character` computes them (seed "Figured Attributes",
"Ability Rolls"). A stat block that only publishes results (the Simpler Combat grunts) sets them
under ``[overrides]``.

Sheet format, version 1::

    format = 1                      # required: the sheet format version
    name = "Seraph"                 # required: non-empty text
    special = true                  # required: a Special character (true) or a Normal one
    equipment = ["fists"]           # optional: item names (placeholder; weapons come later)
    robot = false                   # optional: an Intelligent Robot (seed "Intelligent Robots")

    [abilities]                     # required; whole numbers -1000..1000 unless noted
    strength = 11
    agility = 22
    constitution = 32
    learning = 11
    newoen = 20
    active_charisma = 11            # a number: charismas may carry fractions (seed "Charisma")
    normal_charisma = 12            # a number

    [attributes]                    # required; whole numbers -1000..1000 unless noted
    beauty = 31                     # may be negative (a Nightgaunt has -4)
    build = 31
    height = 1.791                  # a number of meters, 0.001..1000
    hearing = 14
    sight = 14                      # 0..1000 (the Sight table starts at 0)

    [skills]                        # optional: skill name = level (whole number 0..1000)
    Juggling = 2

    [powers."Frost Breath"]         # optional: one table per power
    power_rating = 17               # optional whole number 0..1000 (PR)
    percent_control = 97            # optional whole number 0..100 (%Control)
    cover_chance = 42               # any further key: a number, text or true/false

    [knowledge]                     # optional: knowledge name = score (whole number 0..100000)
    English = 55

    [[weaknesses]]                  # optional: one table per Handicap or Weakness
    kind = "vulnerability"          # required: a weakness kind the loaded plugins register
    name = "cold iron"              # optional text naming it in reports (default: the kind)
    attacks = ["Frost Breath"]      # any further key: the kind's parameters (a number, text,
    multiplier = 3                  # true/false or a list of text; checked by the kind)

    [overrides]                     # optional: figured attribute (snake_case) = value
    combat_pool = 2                 # whole numbers; ``mass`` is a number of kilograms

An override replaces the computed figured attribute *and* feeds the attributes figured from it
(an overridden ``mass`` changes Damage Points and Hand Damage); ``damage_points`` overrides Body
DP, from which the body-part DP are figured. The names are listed in
:data:`mands_sim.model.figured.FIGURED_ATTRIBUTE_NAMES`.

Any other number is at most 100000 either way; names are at most 200 characters, text 10000.
The bounds are :mod:`mands_sim.bounds`'s, and a file is read within them
(:mod:`mands_sim.inputs`: a regular file of at most 1 MB, nested at most 32 deep, no control
characters, every number finite).

Loading never executes code (``tomllib`` and pydantic only). A malformed sheet raises one
:class:`~mands_sim.errors.SheetProblems` (a :class:`~mands_sim.errors.SheetError`) listing every
problem, each with the dotted key and what was expected; unknown keys are errors with a
did-you-mean suggestion when a known key is close.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any, Literal, TypeAlias

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mands_sim.bounds import (
    MAX_HEIGHT,
    MAX_NAME_LENGTH,
    MAX_OVERRIDE,
    MAX_SCORE,
    MAX_SHEET_NUMBER,
    MAX_TEXT_LENGTH,
    MIN_HEIGHT,
    MIN_SIGHT,
    RANGE_ERROR,
    Within,
)
from mands_sim.errors import Problem, SheetError, SheetProblems
from mands_sim.inputs import read_input, toml_data, trimmed, value_problems
from mands_sim.model.figured import FIGURED_ATTRIBUTE_NAMES, FRACTIONAL_FIGURED_ATTRIBUTES

SHEET_FORMAT = 1
"""The sheet format version this module reads (the ``format`` key)."""

PowerValue: TypeAlias = int | float | str | bool
"""What a free-form power key (``cover_chance``, ``bonus`` …) may hold."""

WeaknessValue: TypeAlias = int | float | str | bool | tuple[str, ...]
"""What a weakness parameter (``multiplier``, ``attacks`` …) may hold."""


# --- the frozen model --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Abilities:
    """Base abilities (seed "Basic Abilities"). The sheet lists Newoen here, with the other
    scores the Figured Attributes are computed from, though the seed calls it an attribute."""

    strength: int
    agility: int
    constitution: int
    learning: int
    newoen: int
    active_charisma: float
    normal_charisma: float


@dataclass(frozen=True, slots=True)
class Attributes:
    """Attributes (seed "Attributes"): generally fixed for life. ``height`` is in meters."""

    beauty: int
    build: int
    height: float
    hearing: int
    sight: int


@dataclass(frozen=True, slots=True)
class PowerEntry:
    """One power on the sheet: its Power Roll, %Control and any power-specific values."""

    name: str
    power_rating: int | None = None
    percent_control: int | None = None
    extra: Mapping[str, PowerValue] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True, slots=True)
class Weakness:
    """One Handicap or Weakness on the sheet (seed "Handicap or Weakness"): its kind, the name
    reports show, and the kind's parameters (checked against the registered kind when a
    simulation is prepared, ``mands_sim.weaknesses``)."""

    kind: str
    name: str
    parameters: Mapping[str, WeaknessValue] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True, slots=True)
class CharacterSheet:
    """A validated character sheet. Frozen; the mappings are read-only views.

    ``path`` is the file the sheet came from (``None`` for a sheet written inline).
    """

    name: str
    is_special: bool
    abilities: Abilities
    attributes: Attributes
    skills: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    powers: Mapping[str, PowerEntry] = field(default_factory=lambda: MappingProxyType({}))
    knowledge: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    equipment: tuple[str, ...] = ()
    overrides: Mapping[str, int | float] = field(default_factory=lambda: MappingProxyType({}))
    path: Path | None = None
    is_robot: bool = False
    """An Intelligent Robot (seed "Intelligent Robots"): it shuts down at 0 EP (G-262)."""
    weaknesses: tuple[Weakness, ...] = ()


# --- the file format (pydantic) ----------------------------------------------------------------

_STRICT = ConfigDict(strict=True, extra="forbid", frozen=True, allow_inf_nan=False)

# The ranges are in mands_sim.bounds (docs/reliability.md lists them).
_Level = Annotated[int, Within(0, MAX_SCORE)]
_Score = Annotated[int, Within(-MAX_SCORE, MAX_SCORE)]
_Sight = Annotated[int, Within(MIN_SIGHT, MAX_SCORE)]
_Charisma = Annotated[int | float, Within(-MAX_SCORE, MAX_SCORE)]
_Height = Annotated[float, Within(MIN_HEIGHT, MAX_HEIGHT)]
_Knowledge = Annotated[int, Within(0, MAX_SHEET_NUMBER)]
_Number = Annotated[int | float, Within(-MAX_SHEET_NUMBER, MAX_SHEET_NUMBER)]
_Override = Annotated[int | float, Within(-MAX_OVERRIDE, MAX_OVERRIDE)]
_Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME_LENGTH)]
_Text = Annotated[str, Field(max_length=MAX_TEXT_LENGTH)]
_FreeValue = bool | _Number | _Text
"""A power's or a weakness's free-form value (:data:`PowerValue`) as the format checks it."""


class _AbilitiesFormat(BaseModel):
    model_config = _STRICT
    strength: _Score
    agility: _Score
    constitution: _Score
    learning: _Score
    newoen: _Score
    active_charisma: _Charisma
    normal_charisma: _Charisma


class _AttributesFormat(BaseModel):
    model_config = _STRICT
    beauty: _Score
    build: _Score
    height: _Height
    hearing: _Score
    sight: _Sight


class _PowerFormat(BaseModel):
    model_config = ConfigDict(strict=True, extra="allow", frozen=True, allow_inf_nan=False)
    __pydantic_extra__: dict[str, _FreeValue]
    power_rating: _Level | None = None
    percent_control: Annotated[int, Field(ge=0, le=100)] | None = None


class _WeaknessFormat(BaseModel):
    model_config = ConfigDict(strict=True, extra="allow", frozen=True, allow_inf_nan=False)
    __pydantic_extra__: dict[str, _FreeValue | list[_Name]]
    kind: _Name
    name: _Name | None = None


class SheetFormat(BaseModel):
    """The sheet file format as a pydantic model (for JSON Schema and for embedding)."""

    model_config = _STRICT
    format: Literal[1]
    name: _Name
    special: bool
    abilities: _AbilitiesFormat
    attributes: _AttributesFormat
    skills: dict[_Name, _Level] = {}
    powers: dict[_Name, _PowerFormat] = {}
    knowledge: dict[_Name, _Knowledge] = {}
    equipment: list[_Name] = []
    robot: bool = False
    weaknesses: list[_WeaknessFormat] = []
    overrides: dict[str, _Override] = {}


_SECTIONS: dict[str, type[BaseModel]] = {
    "": SheetFormat,
    "abilities": _AbilitiesFormat,
    "attributes": _AttributesFormat,
}


# --- loading -----------------------------------------------------------------------------------


def load_sheet(path: Path | str) -> CharacterSheet:
    """Read and validate the sheet file at ``path``; raise :class:`SheetError` if it is wrong
    (missing, not a regular file, larger than the bounds allow, not UTF-8 TOML, malformed)."""
    path = Path(path)
    content = read_input(path, lambda why: SheetError(path, "", f"expected a sheet file; {why}"))
    return sheet_from_bytes(content, path)


def sheet_from_bytes(content: bytes, path: Path) -> CharacterSheet:
    """Validate the sheet file at ``path`` whose bytes are ``content``."""
    data = toml_data(content, lambda expected: SheetError(path, "", expected))
    return parse_sheet(data, path=path)


def parse_sheet(
    data: Mapping[str, Any], *, path: Path | str | None = None, key_prefix: str = ""
) -> CharacterSheet:
    """Validate sheet data already read from TOML (e.g. a sheet inline in a scenario file).

    ``key_prefix`` is the dotted key of the sheet inside its file; error keys start with it.
    """
    where = Path(path) if path is not None else None
    if not isinstance(data, Mapping):
        raise SheetError(where, key_prefix, f"expected a table, got {_got(data)}")
    shape = value_problems(data, key_prefix).shape
    if shape:
        raise SheetProblems(where, trimmed(shape))
    problems = _override_problems(data.get("overrides"), key_prefix)
    try:
        checked = SheetFormat.model_validate(dict(data))
    except ValidationError as error:
        problems = [*_sheet_problems(error, data, key_prefix), *problems]
    if problems:
        raise SheetProblems(where, problems) from None
    return _to_sheet(checked, where)


def _to_sheet(checked: SheetFormat, path: Path | None) -> CharacterSheet:
    return CharacterSheet(
        name=checked.name,
        is_special=checked.special,
        abilities=Abilities(**checked.abilities.model_dump()),
        attributes=Attributes(**checked.attributes.model_dump()),
        skills=MappingProxyType(dict(checked.skills)),
        powers=MappingProxyType({name: _to_power(name, p) for name, p in checked.powers.items()}),
        knowledge=MappingProxyType(dict(checked.knowledge)),
        equipment=tuple(checked.equipment),
        overrides=MappingProxyType(dict(checked.overrides)),
        path=path,
        is_robot=checked.robot,
        weaknesses=tuple(_to_weakness(w) for w in checked.weaknesses),
    )


def _to_weakness(weakness: _WeaknessFormat) -> Weakness:
    parameters = {
        key: tuple(value) if isinstance(value, list) else value
        for key, value in (weakness.model_extra or {}).items()
    }
    return Weakness(
        kind=weakness.kind,
        name=weakness.name or weakness.kind,
        parameters=MappingProxyType(parameters),
    )


def _to_power(name: str, power: _PowerFormat) -> PowerEntry:
    return PowerEntry(
        name=name,
        power_rating=power.power_rating,
        percent_control=power.percent_control,
        extra=MappingProxyType(dict(power.model_extra or {})),
    )


def _override_problems(overrides: Any, key_prefix: str) -> list[Problem]:
    """Override keys must name a figured attribute; only ``mass`` may carry a fraction. (A value
    that is no number at all is the format's problem, reported with the others.)"""
    if not isinstance(overrides, Mapping):
        return []
    problems = []
    for name, value in overrides.items():
        key = _join(key_prefix, "overrides", name)
        if name not in FIGURED_ATTRIBUTE_NAMES:
            problems.append(Problem(key, _unknown_key(name, FIGURED_ATTRIBUTE_NAMES)))
        elif name not in FRACTIONAL_FIGURED_ATTRIBUTES and type(value) is float:
            problems.append(Problem(key, f"expected a whole number, got {_got(value)}"))
    return problems


# --- turning pydantic's errors into problems a reader can act on -------------------------------


def _sheet_problems(
    error: ValidationError, data: Mapping[str, Any], key_prefix: str
) -> list[Problem]:
    """Every validation problem, one per offending dotted key.

    Unknown keys come first: a misspelt key also makes the right one missing, and the
    misspelling is the problem to name (the missing key it suggests is not reported again)."""
    errors = sorted(error.errors(), key=_first_named)
    found: dict[str, str] = {}
    for problem in errors:
        keys, skipped = _input_keys(problem["loc"], data, missing=problem["type"] == "missing")
        key = _join(key_prefix, *keys)
        if key not in found and not _suggested(problem, keys, found, key_prefix):
            found[key] = _expected(problem, keys, skipped)
    return [Problem(key, expected) for key, expected in found.items()]


def _first_named(problem: Mapping[str, Any]) -> tuple[bool, bool]:
    """Unknown keys first (see above); of a value's problems, its range before the types of a
    union it is not (``10**30`` is a number out of range, not "a number, text or true/false")."""
    return (problem["type"] != "extra_forbidden", problem["type"] != RANGE_ERROR)


def _suggested(
    problem: Mapping[str, Any], keys: Sequence[str], found: Mapping[str, str], key_prefix: str
) -> bool:
    """Whether ``problem`` is a missing key an unknown key beside it is a misspelling of."""
    if problem["type"] != "missing":
        return False
    hint = f"did you mean '{keys[-1]}'?"
    parent = _join(key_prefix, *keys[:-1])
    return any(
        expected.endswith(hint) and key.rpartition(".")[0] == parent
        for key, expected in found.items()
    )


def _input_keys(loc: Sequence[int | str], data: Any, *, missing: bool) -> tuple[list[str], bool]:
    """The parts of pydantic's ``loc`` that are keys of the input; whether any were not."""
    keys: list[str] = []
    skipped = False
    current = data
    for index, part in enumerate(loc):
        if isinstance(current, Mapping) and part in current:
            current = current[part]
            keys.append(str(part))
        elif isinstance(current, list) and isinstance(part, int) and part < len(current):
            current = current[part]
            keys.append(f"[{part}]")
        elif missing and index == len(loc) - 1:
            keys.append(str(part))
        else:
            skipped = True  # a union member's name, or pydantic's '[key]' marker
    return keys, skipped


_EXPECTED_BY_TYPE = {
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "string_type": "text",
    "bool_type": "true or false",
    "dict_type": "a table",
    "model_type": "a table",
    "list_type": "a list",
    "finite_number": "a finite number",
}


def _expected(problem: Mapping[str, Any], keys: Sequence[str], skipped: bool) -> str:
    kind = problem["type"]
    got = problem.get("input")
    if isinstance(got, float) and not math.isfinite(got):
        return f"expected a finite number, got {got!r}"
    got = _got(got)
    if kind == "missing":
        return f"expected the required key '{keys[-1]}', but it is missing"
    if kind == "extra_forbidden":
        return _unknown_key(keys[-1], _known_keys(keys[:-1]))
    if skipped and kind in ("int_type", "float_type", "string_type", "bool_type"):
        return f"expected a number, text or true/false, got {got}"
    if kind in _EXPECTED_BY_TYPE:
        return f"expected {_EXPECTED_BY_TYPE[kind]}, got {got}"
    if kind == "literal_error" and keys == ["format"]:
        return f"expected sheet format {SHEET_FORMAT}, got {got}"
    if kind in ("string_too_short", "string_too_long"):
        return f"expected {_length_words(problem)}, got {got}"
    return f"expected {_pydantic_requirement(problem)}, got {got}"


def _length_words(problem: Mapping[str, Any]) -> str:
    """A string's length bounds in words: ``non-empty text``, ``text of at most 200 …``."""
    most = problem.get("ctx", {}).get("max_length")
    if problem["type"] == "string_too_short" or most is None:
        return "non-empty text"
    return f"text of at most {most} characters"


def _got(value: Any, limit: int = 80) -> str:
    """What was written, for a message: its ``repr`` cut to ``limit`` characters."""
    shown = repr(value)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def _pydantic_requirement(problem: Mapping[str, Any]) -> str:
    """Pydantic's own wording for range checks ('greater than or equal to 0')."""
    message = str(problem["msg"])
    prefix = "Input should be "
    return message[len(prefix) :] if message.startswith(prefix) else message


def _known_keys(section: Sequence[str]) -> tuple[str, ...]:
    model = _SECTIONS.get(".".join(section))
    return tuple(model.model_fields) if model is not None else ()


def _unknown_key(name: str, known: Sequence[str]) -> str:
    close = difflib.get_close_matches(name, known, n=1)
    hint = f"; did you mean '{close[0]}'?" if close else f"; expected one of: {', '.join(known)}"
    return f"unknown key '{name}'{hint}"


def _join(*parts: str) -> str:
    return ".".join(part for part in parts if part).replace(".[", "[")
