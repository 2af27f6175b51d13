"""Microlite Platinum's tables as data (``data/microlite.toml``), read once and frozen.

Every number the rules use comes from here: the stat bonus, the saves, HP and SDC, the combat
roll's thresholds, unarmed damage, the Strength table, the Hand to Hand types and the weapons
the seed leaves to a basebook (``docs/rules.md`` in this package).
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib.resources import files
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mands_sim.api import RulesDataError

HandToHand = Literal["basic", "advanced", "mystic"]
HAND_TO_HAND_TYPES: Final[tuple[HandToHand, ...]] = ("basic", "advanced", "mystic")

TABLES_FILE: Final = "microlite.toml"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Stats(_Strict):
    names: tuple[str, ...]
    human_limit: int
    bonus_base: int
    bonus_divisor: int = Field(gt=0)


class Saves(_Strict):
    mind: int
    body: int


class Health(_Strict):
    sdc_base: int
    hp_die: int = Field(gt=0)
    physical_focus_sdc: int
    general_focus_sdc: int


class Modifiers(_Strict):
    easy: int
    average: int
    challenging: int
    difficult: int
    heroic: int


class Combat(_Strict):
    die: int = Field(gt=0)
    melee_miss_at_most: int
    ranged_hit_at_least: int
    critical_natural: int
    fumble_natural: int
    weapon_proficiency: int
    shield_parry: int
    drama_roll: int
    modifiers: Modifiers


class Blow(_Strict):
    """An unarmed blow: its dice (the PS bonus is added) and the attacks it takes."""

    name: str
    dice: str
    attacks: int = Field(ge=1)
    seed: str


class StrengthRow(_Strict):
    """A row of the Strength table: PS ``low``–``high`` does ``count``d``sides`` × ``times``."""

    low: int
    high: int
    count: int = Field(ge=1)
    sides: int = Field(ge=1)
    times: int = Field(ge=1)


class HandToHandRow(_Strict):
    """What one level of a Hand to Hand type adds."""

    type: HandToHand
    level: int = Field(ge=1)
    attacks: int = 0
    mental_actions: int = 0
    combat: int = 0
    initiative: int = 0
    critical_from: int | None = None
    seed: str = ""
    default: str = ""


class Weapon(_Strict):
    """A weapon of the basebook's kind the seed defers to (ML-05)."""

    name: str
    dice: str
    ranged: bool
    default: str = ""


class Tables(_Strict):
    """Every table of ``data/microlite.toml``."""

    format: Literal[1]
    stats: Stats
    saves: Saves
    health: Health
    combat: Combat
    unarmed: tuple[Blow, ...]
    strength: tuple[StrengthRow, ...]
    strength_kinds: dict[str, int]
    hand_to_hand: tuple[HandToHandRow, ...]
    weapons: tuple[Weapon, ...]

    def blow(self, name: str) -> Blow:
        """The unarmed blow called ``name``."""
        return next(blow for blow in self.unarmed if blow.name == name)

    def weapon(self, name: str) -> Weapon | None:
        """The weapon called ``name``, or ``None``."""
        return next((weapon for weapon in self.weapons if weapon.name == name), None)


@cache
def tables() -> Tables:
    """The tables, read and checked once (a broken file is a :class:`RulesDataError`)."""
    text = files("mands_microlite.data").joinpath(TABLES_FILE).read_text(encoding="utf-8")
    return read_tables(text)


def read_tables(text: str, name: str = TABLES_FILE) -> Tables:
    """The tables in ``text``: every key known, every row in order (the Strength table's rows
    adjoining, each Hand to Hand type's levels rising)."""
    try:
        data: dict[str, Any] = tomllib.loads(text)
        checked = Tables.model_validate(data)
    except (tomllib.TOMLDecodeError, ValidationError) as error:
        raise RulesDataError(name, str(error)) from error
    _check_strength(checked.strength, name)
    _check_levels(checked.hand_to_hand, name)
    return checked


def _check_strength(rows: tuple[StrengthRow, ...], name: str) -> None:
    expected = 31
    for row in rows:
        if row.low != expected or row.high < row.low:
            raise RulesDataError(
                name, f"the Strength table's row {row.low}-{row.high} should start at PS {expected}"
            )
        expected = row.high + 1


def _check_levels(rows: tuple[HandToHandRow, ...], name: str) -> None:
    for kind in HAND_TO_HAND_TYPES:
        levels = [row.level for row in rows if row.type == kind]
        if not levels or levels[0] != 1 or levels != sorted(set(levels)):
            raise RulesDataError(
                name, f"Hand to Hand {kind!r} needs rising levels from 1, not {levels}"
            )
