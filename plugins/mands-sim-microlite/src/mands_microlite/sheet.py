"""A Microlite character sheet (``docs/rules.md`` §1–§3, §9) and its format.

A sheet file says it is Microlite's, so that a Men & Supermen scenario refuses it (and a
Microlite scenario refuses a Men & Supermen sheet)::

    ruleset = "microlite"
    name = "Brother Aldric"
    level = 3
    focus = "physical"
    hand_to_hand = "advanced"
    hp_rolls = [4, 2, 5]           # the d6 of each level: HP = PE + these (§2)
    weapons = ["sword"]
    proficiencies = ["sword"]      # WPs: +5 with the weapon (§4)
    armor = { name = "chain mail", sdc = 44 }
    drama_points = 10

    [stats]
    IQ = 10
    ME = 12
    MA = 9
    PS = 18
    PP = 15
    PE = 14
    PB = 10
    Spd = 16

Every key is checked when the scenario is validated; a misspelt one is an error naming it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from mands_microlite.figures import Focus
from mands_microlite.tables import HandToHand, tables
from mands_sim.api import Problem, SheetProblems

MAX_LEVEL = 30
"""The highest level a sheet may have (the Hand to Hand tables stop adding at 15th)."""

MAX_STAT = 200
"""The highest stat a sheet may have (supernatural beings go beyond a human's 30)."""

MAX_POINTS = 100_000
"""The most HP, SDC, armor SDC or Drama Points a sheet may give."""

_Stat = Annotated[int, Field(ge=1, le=MAX_STAT)]
_Points = Annotated[int, Field(ge=0, le=MAX_POINTS)]
_Name = Annotated[str, Field(min_length=1, max_length=80)]


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class _Stats(_Strict):
    IQ: _Stat
    ME: _Stat
    MA: _Stat
    PS: _Stat
    PP: _Stat
    PE: _Stat
    PB: _Stat
    Spd: _Stat


class _Armor(_Strict):
    name: _Name
    sdc: _Points


class _Format(_Strict):
    name: _Name
    level: int = Field(ge=1, le=MAX_LEVEL)
    focus: Focus
    hand_to_hand: HandToHand
    stats: _Stats
    hp_rolls: list[Annotated[int, Field(ge=1, le=6)]] | None = None
    hit_points: _Points | None = None
    class_sdc: _Points = 0
    sdc_sacrifices: int = Field(default=0, ge=0, le=4)
    class_strike: int = Field(default=0, ge=-20, le=20)
    strength: str = "standard"
    weapons: list[_Name] = Field(default_factory=list, max_length=8)
    proficiencies: list[_Name] = Field(default_factory=list, max_length=20)
    armor: _Armor | None = None
    drama_points: int = Field(default=0, ge=0, le=20)
    horror_factor: int = Field(default=0, ge=0, le=20)

    @model_validator(mode="after")
    def _hit_points_once(self) -> _Format:
        if (self.hp_rolls is None) == (self.hit_points is None):
            raise ValueError("give hp_rolls (one d6 per level, §2) or hit_points, not both")
        if self.hp_rolls is not None and len(self.hp_rolls) != self.level:
            raise ValueError(
                f"hp_rolls holds one d6 per level: {self.level}, not {len(self.hp_rolls)}"
            )
        return self


@dataclass(frozen=True, slots=True)
class Armor:
    """Armor worn: it takes all the damage until its SDC is 0 (§6)."""

    name: str
    sdc: int


@dataclass(frozen=True, slots=True)
class MicroliteSheet:
    """A validated Microlite sheet. Frozen; ``stats`` is a read-only view keyed IQ … Spd.

    ``path`` is the file it came from (``None`` for a sheet inline in a scenario). Microlite
    has no powers, skills or weaknesses the kernel checks, and no Special characters' dice:
    those of :class:`~mands_sim.api.Sheet` are empty.
    """

    name: str
    level: int
    focus: Focus
    hand_to_hand: HandToHand
    stats: Mapping[str, int]
    hit_points: int | None = None
    hp_rolls: tuple[int, ...] = ()
    class_sdc: int = 0
    sdc_sacrifices: int = 0
    class_strike: int = 0
    strength: str = "standard"
    weapons: tuple[str, ...] = ()
    proficiencies: tuple[str, ...] = ()
    armor: Armor | None = None
    drama_points: int = 0
    horror_factor: int = 0
    path: Path | None = None
    is_special: bool = False
    powers: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    skills: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    weaknesses: tuple[Any, ...] = ()

    def stat(self, name: str) -> int:
        """The stat ``name`` (IQ, ME, MA, PS, PP, PE, PB or Spd)."""
        return self.stats[name]


def read_sheet(data: Mapping[str, Any], path: Path | None, key_prefix: str) -> MicroliteSheet:
    """A Microlite sheet from its TOML data (without ``ruleset``); every mistake at once, as a
    :class:`~mands_sim.api.SheetProblems` naming each key under ``key_prefix``."""
    try:
        checked = _Format.model_validate(dict(data))
    except ValidationError as error:
        raise SheetProblems(path, _problems(error, key_prefix)) from None
    problems = _unknown_names(checked, key_prefix)
    if problems:
        raise SheetProblems(path, problems)
    return MicroliteSheet(
        name=checked.name,
        level=checked.level,
        focus=checked.focus,
        hand_to_hand=checked.hand_to_hand,
        stats=MappingProxyType(checked.stats.model_dump()),
        hit_points=checked.hit_points,
        hp_rolls=tuple(checked.hp_rolls or ()),
        class_sdc=checked.class_sdc,
        sdc_sacrifices=checked.sdc_sacrifices,
        class_strike=checked.class_strike,
        strength=checked.strength,
        weapons=tuple(checked.weapons),
        proficiencies=tuple(checked.proficiencies),
        armor=Armor(checked.armor.name, checked.armor.sdc) if checked.armor else None,
        drama_points=checked.drama_points,
        horror_factor=checked.horror_factor,
        path=path,
    )


def _problems(error: ValidationError, prefix: str) -> list[Problem]:
    problems = []
    for found in error.errors():
        where = ".".join(str(part) for part in found["loc"])
        key = ".".join(part for part in (prefix, where) if part)
        message = found["msg"].removeprefix("Value error, ")
        if found["type"] == "extra_forbidden":
            message = "a key of a Microlite sheet (docs/rules.md), not this one"
        problems.append(Problem(key, f"expected {message}" if key else message))
    return problems


def _unknown_names(checked: _Format, prefix: str) -> list[Problem]:
    """Weapons the table does not know, and a kind of strength the Strength table lacks."""
    known = [weapon.name for weapon in tables().weapons]
    problems = [
        Problem(_key(prefix, f"weapons[{index}]"), f"a weapon of the table ({', '.join(known)})")
        for index, name in enumerate(checked.weapons)
        if tables().weapon(name) is None
    ]
    if checked.strength not in tables().strength_kinds:
        kinds = ", ".join(tables().strength_kinds)
        problems.append(Problem(_key(prefix, "strength"), f"a kind of strength ({kinds})"))
    return problems


def _key(prefix: str, key: str) -> str:
    return f"{prefix}.{key}" if prefix else key
