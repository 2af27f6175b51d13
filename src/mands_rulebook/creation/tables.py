"""The tables of "Creating a Character" as data: ``src/mands_rulebook/data/creation.toml``.

The rulebook's hero-type tables, the extra-power chances, the latent power's kind die and the
height and age charts were stripped from the seed; Biff Turk's walk-through (seed "Biff Turk
Creates a Sample Character") gives a row of most of them, and the file keeps each of those rows
where the seed puts it (``seed = "..."``). The rest is G-299 and G-302
(``docs/rules/decisions.md``). :func:`creation_tables` reads the file once; a malformed file is a
:class:`~mands_sim.errors.RulesDataError` naming the key.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mands_sim.api import RulesDataError

CREATION_FILE: Final = Path(__file__).parents[1] / "data" / "creation.toml"

D100: Final = 100
"""Every hero-type table is read on d100 (seed "Special Powers table ... he rolls d100")."""


@dataclass(frozen=True, slots=True)
class TableRow:
    """One band of a d100 table: the rolls ``low``..``high`` give ``power`` (or, where the seed
    offers a choice, ``alternative``); ``seed`` quotes the walk-through's roll, if it gives one."""

    low: int
    high: int
    power: str
    alternative: str | None = None
    seed: str | None = None


@dataclass(frozen=True, slots=True)
class HeroType:
    """A Hero Type's power table (seed "Hero Types": Class Powers, Special Powers)."""

    name: str
    title: str
    is_class_power: bool
    rolls: str
    """How many powers one roll on the type gives: ``"1"`` or dice (``"d4"``)."""
    rows: tuple[TableRow, ...]

    def row_for(self, roll: int) -> TableRow:
        """The band ``roll`` (1..100) falls in."""
        return next(row for row in self.rows if row.low <= roll <= row.high)

    @property
    def powers(self) -> tuple[str, ...]:
        return tuple(row.power for row in self.rows)


@dataclass(frozen=True, slots=True)
class ExtraPowerChances:
    """Seed "Extra Powers": the chance of another roll, by the kind of power tried for."""

    class_power: int
    special_power: int
    first_special_after_special: int


@dataclass(frozen=True, slots=True)
class LatentKind:
    low: int
    high: int
    type: str


@dataclass(frozen=True, slots=True)
class CreationTables:
    """Everything :mod:`mands_rulebook.creation.procedure` reads off a chart."""

    types: Mapping[str, HeroType]
    extra_powers: ExtraPowerChances
    latent_die: int
    latent_kinds: tuple[LatentKind, ...]
    height_base: float
    height_step: float
    age_offset: int
    controlled: tuple[str, ...] = ()
    """Powers with no action that still roll %Control (seed: "For power uses that last a period
    of time (such as flying)"); every power with an action rolls it."""

    @property
    def class_types(self) -> tuple[str, ...]:
        """The Class Power types, in the file's order (animalistic, cosmic, psychic, superhuman)."""
        return tuple(name for name, kind in self.types.items() if kind.is_class_power)

    def latent_type(self, roll: int) -> str:
        return next(kind.type for kind in self.latent_kinds if kind.low <= roll <= kind.high)


# --- the file format ---------------------------------------------------------------------------

_STRICT = ConfigDict(strict=True, extra="forbid", frozen=True)
_Roll = Annotated[int, Field(ge=1, le=D100)]
_Percent = Annotated[int, Field(ge=0, le=100)]


class _Row(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True, populate_by_name=True)
    low: _Roll
    high: _Roll
    power: str
    alternative: str | None = Field(default=None, alias="or")
    seed: str | None = None


class _Type(BaseModel):
    model_config = _STRICT
    title: str
    class_power: bool
    rolls: str
    rows: list[_Row]


class _Extra(BaseModel):
    model_config = _STRICT
    class_power: _Percent
    special_power: _Percent
    first_special_after_special: _Percent


class _LatentRow(BaseModel):
    model_config = _STRICT
    low: Annotated[int, Field(ge=1)]
    high: Annotated[int, Field(ge=1)]
    type: str
    seed: str | None = None


class _Latent(BaseModel):
    model_config = _STRICT
    die: Annotated[int, Field(ge=1, le=D100)]
    rows: list[_LatentRow]


class _Attributes(BaseModel):
    model_config = _STRICT
    height_base: float
    height_step: float
    age_offset: int


class _Control(BaseModel):
    model_config = _STRICT
    without_action: list[str]


class _File(BaseModel):
    model_config = _STRICT
    format: Literal[1]
    control: _Control
    types: dict[str, _Type]
    extra_powers: _Extra
    latent_kinds: _Latent
    attributes: _Attributes


def bands_problem(bands: Sequence[tuple[int, int]], last: int) -> str | None:
    """Why ``bands`` (in order) do not cover 1..``last`` once each, or ``None``."""
    expected = 1
    for low, high in bands:
        if low != expected or high < low:
            return f"the bands must run on from {expected} without a gap or an overlap"
        expected = high + 1
    return None if expected == last + 1 else f"the bands must end at {last}"


@lru_cache(maxsize=4)
def creation_tables(path: Path = CREATION_FILE) -> CreationTables:
    """The creation tables in ``path`` (the rulebook's, by default), checked."""
    try:
        checked = _File.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise RulesDataError(path.name, str(error)) from error
    except ValidationError as error:
        first = error.errors()[0]
        key = ".".join(str(part) for part in first["loc"])
        raise RulesDataError(path.name, f"{key}: {first['msg']}") from error
    return _tables(checked, path.name)


def _tables(checked: _File, source: str) -> CreationTables:
    types = {name: _hero_type(name, kind, source) for name, kind in checked.types.items()}
    latent = tuple(LatentKind(r.low, r.high, r.type) for r in checked.latent_kinds.rows)
    problem = bands_problem([(k.low, k.high) for k in latent], checked.latent_kinds.die)
    if problem is not None:
        raise RulesDataError(source, f"latent_kinds.rows: {problem}")
    unknown = sorted({k.type for k in latent} - types.keys())
    if unknown:
        raise RulesDataError(source, f"latent_kinds.rows: no hero type {unknown[0]!r}")
    extra = checked.extra_powers
    return CreationTables(
        types=MappingProxyType(types),
        extra_powers=ExtraPowerChances(
            extra.class_power, extra.special_power, extra.first_special_after_special
        ),
        latent_die=checked.latent_kinds.die,
        latent_kinds=latent,
        height_base=checked.attributes.height_base,
        height_step=checked.attributes.height_step,
        age_offset=checked.attributes.age_offset,
        controlled=tuple(checked.control.without_action),
    )


def _hero_type(name: str, kind: _Type, source: str) -> HeroType:
    rows = tuple(TableRow(r.low, r.high, r.power, r.alternative, r.seed) for r in kind.rows)
    problem = bands_problem([(row.low, row.high) for row in rows], D100)
    if problem is not None:
        raise RulesDataError(source, f"types.{name}.rows: {problem}")
    return HeroType(name, kind.title, kind.class_power, kind.rolls, rows)
