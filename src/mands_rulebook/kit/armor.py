"""Armor: the armor table, read from ``data/armor.toml`` (``docs/rules/combat.md`` §13, G-22).

The seed names the armor types (Cloth, Link, Plate, Shield and Personal Armor, seed "Armor
Use"), the Armor Use bonus (+5 Cover Chance per level) and Aiming at Armor (−5 per Quality
point, seed "Combat Skill"); the Cover Chances and Skin Temper rows of the table were lost and
are G-22's invented defaults, kept in the data file. :func:`mands_rulebook.kit.damage.strike`
rolls each protection's Cover Chance per blow and applies the ones that cover.

Loading never executes code (``tomllib`` and pydantic only). A malformed file raises
:class:`~mands_sim.errors.RulesDataError` naming the file and the dotted key.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mands_sim.errors import RulesDataError

Location = Literal["body", "head", "neck", "arm", "legs"]
"""Seed "Damage Points": Body DP and the parts "certain attacks" need (head, neck, each arm,
legs)."""

LOCATIONS: Final[tuple[Location, ...]] = ("body", "head", "neck", "arm", "legs")

ARMOR_PATH: Final = Path(__file__).parents[1] / "data" / "armor.toml"
"""The bundled armor table (shipped as package data of ``mands_rulebook``)."""


@dataclass(frozen=True, slots=True)
class ArmorType:
    """One worn armor type: its Cover Chance and what it does to a blow it covers (G-22)."""

    key: str
    name: str
    cover_chance: int
    skin_temper_rows: int
    ignore_damage: int
    skill: str
    locations: tuple[Location, ...] = LOCATIONS


@dataclass(frozen=True, slots=True)
class PersonalArmor:
    """Skin Temper and Ignore Damage powers act as armor (seed "Armor Use"); their Cover Chance
    is the one rolled for the power (the sheet's ``cover_chance``, G-06, G-22)."""

    name: str
    skill: str
    skin_temper_power: str
    ignore_damage_power: str


@dataclass(frozen=True, slots=True)
class IgnoreDamageSkill:
    """Seed skill "Ignore Damage": +⌊level ÷ 4⌋ Ignore Damage, Cover Chance 73 %, body only."""

    skill: str
    cover_chance: int
    levels_per_point: int
    locations: tuple[Location, ...]

    def points(self, level: int) -> int:
        """Ignore Damage the skill gives at ``level`` (divided by 4, rounded down)."""
        return level // self.levels_per_point


@dataclass(frozen=True, slots=True)
class ArmorTable:
    """The armor table: the armor types by key, Personal Armor, and the skill bonuses."""

    armor_use_per_level: int
    aim_at_armor_per_quality: int
    armor_use_ep_row: int
    """Seed "Armor Use": the skill list's "row 3 of the EP Use Chart (2 EP/round)"."""
    armor: Mapping[str, ArmorType]
    personal: PersonalArmor
    ignore_damage_skill: IgnoreDamageSkill

    def worn(self, equipment: Iterable[str]) -> tuple[ArmorType, ...]:
        """The armor types a sheet's ``equipment`` names (by name or key, any letter case), in
        the sheet's order; other items are not armor and are skipped."""
        by_name = {a.name.casefold(): a for a in self.armor.values()}
        by_name.update({key.casefold(): a for key, a in self.armor.items()})
        found = (by_name.get(item.casefold()) for item in equipment)
        return tuple(armor for armor in found if armor is not None)

    def cover_chance(self, base: int, skill_level: int, aimed_quality: int) -> int:
        """Seed "Armor Use" (+5 per level) and Aiming at Armor (−5 per Q), kept to 0…100."""
        chance = (
            base
            + self.armor_use_per_level * skill_level
            - self.aim_at_armor_per_quality * aimed_quality
        )
        return min(100, max(0, chance))


# --- the file format (pydantic) ----------------------------------------------------------------

_STRICT = ConfigDict(strict=True, extra="forbid", frozen=True)
_Percent = Annotated[int, Field(ge=0, le=100)]
_Count = Annotated[int, Field(ge=0)]
_Text = Annotated[str, Field(min_length=1)]
_Status = Literal["page", "seed", "inferred", "derived", "default"]


class _ArmorFormat(BaseModel):
    model_config = _STRICT
    name: _Text
    cover_chance: _Percent
    skin_temper_rows: _Count
    ignore_damage: _Count
    skill: _Text
    locations: list[Location] | None = None
    status: _Status
    note: str = ""


class _PersonalFormat(BaseModel):
    model_config = _STRICT
    name: _Text
    skill: _Text
    skin_temper_power: _Text
    ignore_damage_power: _Text
    status: _Status
    note: str = ""


class _IgnoreDamageSkillFormat(BaseModel):
    model_config = _STRICT
    skill: _Text
    cover_chance: _Percent
    levels_per_point: Annotated[int, Field(ge=1)]
    locations: list[Location]
    status: _Status
    note: str = ""


class _ArmorFile(BaseModel):
    model_config = _STRICT
    kind: Literal["armor"]
    source: _Text
    armor_use_per_level: _Count
    aim_at_armor_per_quality: _Count
    armor_use_ep_row: _Count
    armor: dict[_Text, _ArmorFormat]
    personal: _PersonalFormat
    ignore_damage_skill: _IgnoreDamageSkillFormat


# --- loading -----------------------------------------------------------------------------------


def load_armor(path: Path | str) -> ArmorTable:
    """Read and check the armor table at ``path``; raise :class:`RulesDataError` if it is wrong."""
    source = str(path)
    try:
        with open(path, "rb") as handle:
            content = tomllib.load(handle)
    except OSError as error:
        raise RulesDataError(source, f"cannot read the file ({error.strerror})") from error
    except tomllib.TOMLDecodeError as error:
        raise RulesDataError(source, f"not valid TOML ({error})") from error
    return parse_armor(content, source=source)


def parse_armor(content: Mapping[str, Any], *, source: str = "<armor>") -> ArmorTable:
    """Check armor data already read from TOML; errors name ``source`` and the dotted key."""
    try:
        checked = _ArmorFile.model_validate(dict(content))
    except ValidationError as error:
        problem = error.errors()[0]
        key = ".".join(str(part) for part in problem["loc"])
        raise RulesDataError(source, f"at '{key}': {problem['msg']}") from None
    _check_unique_names(checked, source)
    return _to_table(checked)


def _check_unique_names(checked: _ArmorFile, source: str) -> None:
    seen: dict[str, str] = {}
    for key, armor in checked.armor.items():
        for name in {key.casefold(), armor.name.casefold()}:
            if name in seen and seen[name] != key:
                raise RulesDataError(
                    source, f"at 'armor.{key}.name': '{name}' also names 'armor.{seen[name]}'"
                )
            seen[name] = key


def _to_table(checked: _ArmorFile) -> ArmorTable:
    armor = {
        key: ArmorType(
            key=key,
            name=a.name,
            cover_chance=a.cover_chance,
            skin_temper_rows=a.skin_temper_rows,
            ignore_damage=a.ignore_damage,
            skill=a.skill,
            locations=LOCATIONS if a.locations is None else tuple(a.locations),
        )
        for key, a in checked.armor.items()
    }
    p, s = checked.personal, checked.ignore_damage_skill
    return ArmorTable(
        armor_use_per_level=checked.armor_use_per_level,
        aim_at_armor_per_quality=checked.aim_at_armor_per_quality,
        armor_use_ep_row=checked.armor_use_ep_row,
        armor=MappingProxyType(armor),
        personal=PersonalArmor(p.name, p.skill, p.skin_temper_power, p.ignore_damage_power),
        ignore_damage_skill=IgnoreDamageSkill(
            s.skill, s.cover_chance, s.levels_per_point, tuple(s.locations)
        ),
    )


@lru_cache(maxsize=1)
def standard_armor() -> ArmorTable:
    """The bundled armor table (``data/armor.toml``), read once."""
    return load_armor(ARMOR_PATH)
