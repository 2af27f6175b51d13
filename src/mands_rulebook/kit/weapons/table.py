"""The weapon table: weapons as data, and who holds which (``docs/rules/decisions.md`` G-42).

The seed's weapon tables are lost; ``src/mands_rulebook/data/weapons.toml`` holds a handful of
weapons, every value marked with its source or "G-42 invented". This module of
:mod:`mands_rulebook.combat.weapons` (no hooks: the package's ``__init__`` has them)

* loads and checks that file (:func:`load_weapons`); a bad file raises
  :class:`~mands_sim.errors.RulesDataError` naming the file and the key, and loading never
  executes code;
* describes a ranged attack's reach (:class:`Ranges`, ``docs/rules/combat.md`` §11), for weapons and
  powers alike;
* says which weapon an intent means, and how many of a weapon a character still carries.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mands_rulebook.kit.weapons.ready import WeaponThrown, weapon_readied
from mands_sim.actions import Intent
from mands_sim.errors import RulesDataError
from mands_sim.kernel.encounter import Encounter
from mands_sim.model.sheet import CharacterSheet

MELEE: Final = "melee"
RANGED: Final = "ranged"
THROWN: Final = "thrown"

WEAPON_OPTION: Final = "weapon"
"""``Intent.options`` key naming the weapon (as in the weapon table and on the sheet)."""


WEAPONS_FILE: Final = Path(__file__).parents[2] / "data" / "weapons.toml"
"""The bundled weapon table (``docs/rules/decisions.md`` G-42)."""


# --- the weapon table --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ranges:
    """A ranged attack's Short Range, Range Set and Maximum Range, in meters (§11)."""

    short_range: float
    range_set: float
    max_range: float


@dataclass(frozen=True, slots=True)
class Weapon:
    """One row of the weapon table; the keys are described in ``data/weapons.toml``."""

    name: str
    skill: str
    reach: str
    damage: int
    performance_time: int
    draw_time: int
    ep_row: int
    hand_damage: bool = False
    kind: str = "bludgeoning"
    penetration: int = 0
    vs_skin_temper: int = 0
    ranges: Ranges | None = None
    mass: float | None = None
    small_projectile: bool = False
    hands: int = 1

    @property
    def thrown(self) -> bool:
        return self.reach == THROWN

    @property
    def melee(self) -> bool:
        """A melee weapon needs contact with its target (no ranges)."""
        return self.reach == MELEE


_Positive = Annotated[float, Field(gt=0)]


class _WeaponFormat(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)
    skill: Annotated[str, Field(min_length=1)]
    reach: Literal["melee", "ranged", "thrown"]
    damage: Annotated[int, Field(ge=0)]
    hand_damage: bool = False
    kind: Literal["bludgeoning", "penetrating"] = "bludgeoning"
    penetration: Annotated[int, Field(ge=0)] = 0
    vs_skin_temper: Annotated[int, Field(ge=0)] = 0
    performance_time: Annotated[int, Field(ge=1)]
    draw_time: Annotated[int, Field(ge=1)]
    ep_row: Annotated[int, Field(ge=0)]
    short_range: _Positive | None = None
    range_set: _Positive | None = None
    max_range: _Positive | None = None
    mass: _Positive | None = None
    small_projectile: bool = False
    hands: Literal[1, 2] = 1


class _FileFormat(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)
    kind: Literal["weapons"]
    source: Annotated[str, Field(min_length=1)]
    weapons: dict[Annotated[str, Field(min_length=1)], _WeaponFormat]


def load_weapons(path: Path | str = WEAPONS_FILE) -> Mapping[str, Weapon]:
    """Read and check a weapon table; every problem raises ``RulesDataError`` naming the file
    and the dotted key (``weapons.knife.damage``)."""
    source = str(path)
    try:
        with open(path, "rb") as handle:
            content = tomllib.load(handle)
    except OSError as error:
        raise RulesDataError(source, f"cannot read the file ({error.strerror})") from error
    except tomllib.TOMLDecodeError as error:
        raise RulesDataError(source, f"not valid TOML ({error})") from error
    try:
        checked = _FileFormat.model_validate(content)
    except ValidationError as error:
        problem = error.errors()[0]
        key = ".".join(str(part) for part in problem["loc"])
        raise RulesDataError(source, f"{key}: {problem['msg']}") from None
    weapons = {name: _weapon(source, name, row) for name, row in checked.weapons.items()}
    return MappingProxyType(weapons)


def _weapon(source: str, name: str, row: _WeaponFormat) -> Weapon:
    """One checked row: ranges only (and all three) for ranged and thrown weapons, a mass for
    thrown ones, penetration only on bludgeoning weapons."""
    where = f"weapons.{name}"
    given = [row.short_range, row.range_set, row.max_range]
    if row.reach == MELEE and any(value is not None for value in given):
        raise RulesDataError(source, f"{where}: a melee weapon has no ranges")
    if row.reach != MELEE and any(value is None for value in given):
        raise RulesDataError(source, f"{where}: needs short_range, range_set and max_range")
    ranges = None if row.reach == MELEE else Ranges(*(float(v or 0) for v in given))
    if ranges is not None and ranges.short_range > ranges.max_range:
        raise RulesDataError(source, f"{where}: short_range is beyond max_range")
    if row.reach == THROWN and row.mass is None:
        raise RulesDataError(source, f"{where}: a thrown weapon needs its mass")
    if row.kind == "penetrating" and row.penetration:
        raise RulesDataError(source, f"{where}: penetration is for bludgeoning weapons")
    fields = row.model_dump(exclude={"short_range", "range_set", "max_range"})
    return Weapon(name=name, ranges=ranges, **fields)


@lru_cache(maxsize=1)
def standard_weapons() -> Mapping[str, Weapon]:
    """The bundled weapon table, read once."""
    return load_weapons(WEAPONS_FILE)


# --- who holds what ----------------------------------------------------------------------------


def intended_weapon(encounter: Encounter, actor: str, intent: Intent) -> Weapon | None:
    """The weapon ``intent`` names, or the one ``actor`` holds ready; ``None`` if neither is a
    weapon of the table."""
    name = intent.options.get(WEAPON_OPTION, weapon_readied(encounter, actor))
    return None if name is None else standard_weapons().get(str(name))


def carried(encounter: Encounter, actor: str, weapon: str) -> int:
    """How many of ``weapon`` the sheet's equipment lists, less those already thrown."""
    owned: int = encounter.character(actor).sheet.equipment.count(weapon)
    if owned == 0:
        return 0
    thrown = sum(
        1
        for event in encounter.log
        if isinstance(event, WeaponThrown) and (event.character, event.weapon) == (actor, weapon)
    )
    return owned - thrown


def first_weapon(sheet: CharacterSheet) -> str | None:
    """The first item of the sheet's equipment that is in the weapon table."""
    return next((item for item in sheet.equipment if item in standard_weapons()), None)
