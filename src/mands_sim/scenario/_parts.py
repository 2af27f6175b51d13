"""The tables of a scenario file that can be checked further, even when others are broken.

A valid file gives every table. A file with mistakes of type, range or unknown keys gives the
tables and the list items (places, edges, characters, objectives …) that are valid on their
own, ``None`` in the place of each broken one, so that the cross-reference checks after them
still run where they can and keep the file's indices in their keys. Names written in broken
items still count as written (:attr:`Tables.place_names`), so a reference to a broken place is
not reported as a place that is not on the map: the broken place is the problem, reported once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from mands_sim.bounds import MAX_EDGES, MAX_OBJECTIVES, MAX_PLACES
from mands_sim.scenario._file import (
    CharacterTable,
    EdgeTable,
    ExpectTable,
    Objective,
    PlacePair,
    PlaceTable,
    PluginsTable,
    RulesTable,
    ScenarioFile,
    StopTable,
)

_PAIR: TypeAdapter[Any] = TypeAdapter(PlacePair)
_OBJECTIVE: TypeAdapter[Any] = TypeAdapter(Objective)


@dataclass(frozen=True, slots=True)
class SideTables:
    """One ``[[sides]]`` entry: its name and its ``heroes`` flag (each ``None`` if unreadable)
    and its characters."""

    name: str | None
    heroes: bool | None
    characters: tuple[CharacterTable | None, ...]


@dataclass(frozen=True, slots=True)
class Tables:
    """A scenario file's tables, each ``None`` where it is broken (or, for ``expect``, absent).

    ``place_names`` holds every place name written on the map, readable place or not; it is
    ``None`` when the map has no list of places to read names from (place references are then
    not checked). ``complete`` says whether every side and character entry is readable: only
    then can a reference to a side or a character be judged.
    """

    rules: RulesTable | None
    plugins: PluginsTable | None
    places: tuple[PlaceTable | None, ...]
    place_names: tuple[str, ...] | None
    edges: tuple[EdgeTable | None, ...]
    blocked_sight: tuple[list[str] | None, ...]
    sides: tuple[SideTables, ...]
    stop: StopTable | None
    objectives: tuple[Any, ...]
    expect: ExpectTable | None

    @property
    def complete(self) -> bool:
        return all(side.name is not None and None not in side.characters for side in self.sides)

    @property
    def has_exit(self) -> bool | None:
        """Whether a place on the map is an exit; ``None`` when a broken place (or a map with no
        list of places) leaves it unknown."""
        if any(place is not None and place.exit for place in self.places):
            return True
        if self.place_names is None or None in self.places:
            return None
        return False


def valid_tables(table: ScenarioFile) -> Tables:
    """The tables of a file that validated as a whole."""
    return Tables(
        rules=table.rules,
        plugins=table.plugins,
        places=tuple(table.map.places),
        place_names=tuple(place.name for place in table.map.places),
        edges=tuple(table.map.edges),
        blocked_sight=tuple(table.map.blocked_sight),
        sides=tuple(SideTables(s.name, s.heroes, tuple(s.characters)) for s in table.sides),
        stop=table.stop,
        objectives=tuple(table.stop.objectives),
        expect=table.expect,
    )


def readable_tables(data: Mapping[str, Any]) -> Tables:
    """The tables and items of a file that did not validate as a whole which are valid alone.
    A list longer than its bound (a problem reported already) is read up to the bound."""
    map_data = _table(data.get("map"))
    stop_data = _table(data.get("stop"))
    places = _list(map_data.get("places"), MAX_PLACES)
    edges = _list(map_data.get("edges"), MAX_EDGES)
    blocked = _list(map_data.get("blocked_sight"), MAX_EDGES)
    objectives = _list(stop_data.get("objectives"), MAX_OBJECTIVES)
    return Tables(
        rules=_quiet(RulesTable, data.get("rules", {})),
        plugins=_quiet(PluginsTable, data.get("plugins", {})),
        places=tuple(_quiet(PlaceTable, place) for place in places),
        place_names=_names(map_data.get("places")),
        edges=tuple(_quiet(EdgeTable, edge) for edge in edges),
        blocked_sight=tuple(_adapted(_PAIR, pair) for pair in blocked),
        sides=tuple(_side(side) for side in _list(data.get("sides"))),
        stop=_quiet(StopTable, {**stop_data, "objectives": []}),
        objectives=tuple(_adapted(_OBJECTIVE, o) for o in objectives),
        expect=_quiet(ExpectTable, data["expect"]) if "expect" in data else None,
    )


def _side(data: Any) -> SideTables:
    side = _table(data)
    name = side.get("name")
    heroes = side.get("heroes", False)
    characters = _list(side.get("characters"))
    return SideTables(
        name if isinstance(name, str) and name else None,
        heroes if isinstance(heroes, bool) else None,
        tuple(_quiet(CharacterTable, character) for character in characters),
    )


def _names(places: Any) -> tuple[str, ...] | None:
    if not isinstance(places, list):
        return None
    written = places[:MAX_PLACES]
    return tuple(place["name"] for place in written if isinstance(_table(place).get("name"), str))


def _quiet(model: type[BaseModel], data: Any) -> Any:
    """``data`` as ``model``, or ``None`` if it is not one (its problems are reported already)."""
    try:
        return model.model_validate(data)
    except ValidationError:
        return None


def _adapted(adapter: TypeAdapter[Any], data: Any) -> Any:
    try:
        return adapter.validate_python(data, strict=True)
    except ValidationError:
        return None


def _table(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _list(value: Any, most: int | None = None) -> Sequence[Any]:
    return value[:most] if isinstance(value, list) else []
