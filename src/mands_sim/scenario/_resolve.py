"""Cross-reference checks and the step from validated tables to frozen spec values.

Each check raises a :class:`ScenarioError` at the key where the problem is written: a character's
place that is not on the map, a duplicate id, an edge to nowhere, an objective for a side that does
not exist, a rules default with a value it cannot take.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from mands_sim.defaults import RuleDefaults
from mands_sim.errors import ScenarioError
from mands_sim.scenario._errors import shown
from mands_sim.scenario._file import CharacterTable, MapTable, PlaceTable, SideTable
from mands_sim.scenario._spec import CharacterSpec, EdgeSpec, MapSpec, PlaceSpec, SideSpec
from mands_sim.units import Meters

if TYPE_CHECKING:
    from mands_sim.model import CharacterSheet

SheetSource = Callable[[Any, str], "CharacterSheet"]
"""Gives the sheet a character entry names, given the reference and its key in the file."""


def check_unique(names: Sequence[str], key: str, expected: str, path: Path | None) -> None:
    """Each of ``names`` once; ``key`` is a template for the key of the item by its index."""
    first: dict[str, int] = {}
    for index, name in enumerate(names):
        if name in first:
            again = key.format(first[name])
            raise ScenarioError(
                path, key.format(index), f"expected {expected}; {shown(name)} is also {again}"
            )
        first[name] = index


# -- rules ------------------------------------------------------------------------------------


def resolve_optional_rules(names: Sequence[str], path: Path | None) -> tuple[str, ...]:
    """The optional rules to switch on; each may be listed once."""
    check_unique(names, "rules.optional[{}]", "each optional rule once", path)
    return tuple(names)


def resolve_disabled_plugins(names: Sequence[str], path: Path | None) -> tuple[str, ...]:
    """The plugins the scenario does not load (``[plugins] disable``); each may be listed once.

    Whether each name is a plugin's is checked when the simulation is built
    (:func:`~mands_sim.scenario.check_plugin_names`)."""
    check_unique(names, "plugins.disable[{}]", "each plugin once", path)
    return tuple(names)


def resolve_defaults(table: BaseModel, path: Path | None) -> RuleDefaults:
    """:class:`RuleDefaults` with the defaults ``[rules.defaults]`` sets applied.

    The table's model already allows only known names and their choices.
    """
    overrides = table.model_dump(exclude_unset=True)
    try:
        return RuleDefaults().with_overrides(overrides)
    except ValueError as error:  # only if RuleDefaults checks more than its choices
        raise ScenarioError(path, "rules.defaults", f"expected valid defaults: {error}") from error


# -- map --------------------------------------------------------------------------------------


def resolve_map(table: MapTable, path: Path | None) -> MapSpec:
    """The map, with every edge's length known and every name checked."""
    places = _places(table, path)
    by_name = {place.name: place for place in places}
    edges: list[EdgeSpec] = []
    for index, edge in enumerate(table.edges):
        key = f"map.edges[{index}]"
        a, b = _pair(edge.between, by_name, f"{key}.between", path)
        if {a, b} in [{e.a, e.b} for e in edges]:
            raise ScenarioError(
                path, f"{key}.between", f"expected a new pair; {shown(a)}-{shown(b)} has an edge"
            )
        edges.append(EdgeSpec(a, b, _length(edge.length, by_name[a], by_name[b], key, path)))
    blocked = tuple(
        _pair(pair, by_name, f"map.blocked_sight[{index}]", path)
        for index, pair in enumerate(table.blocked_sight)
    )
    _check_edges_of_roofs(places, edges, path)
    return MapSpec(places=places, edges=tuple(edges), blocked_sight=blocked)


def _places(table: MapTable, path: Path | None) -> tuple[PlaceSpec, ...]:
    names = [place.name for place in table.places]
    check_unique(names, "map.places[{}].name", "a name no other place has", path)
    for index, place in enumerate(table.places):
        if (place.x is None) != (place.y is None):
            missing = "y" if place.y is None else "x"
            raise ScenarioError(
                path,
                f"map.places[{index}].{missing}",
                "expected both x and y coordinates, or neither",
            )
    return tuple(
        PlaceSpec(p.name, p.x, p.y, p.elevation, p.cover, p.exit, _features(p, index, path))
        for index, p in enumerate(table.places)
    )


def _features(place: PlaceTable, index: int, path: Path | None) -> tuple[str, ...]:
    """A place's features as a tuple, each once (``feature = "wall"`` is ``["wall"]``)."""
    features = [place.feature] if isinstance(place.feature, str) else list(place.feature)
    check_unique(features, f"map.places[{index}].feature[{{}}]", "each feature once", path)
    return tuple(features)


def _check_edges_of_roofs(
    places: Sequence[PlaceSpec], edges: Sequence[EdgeSpec], path: Path | None
) -> None:
    """G-249: a rooftop ``edge`` needs a drop: the place stands above ground level (0) or above
    a place it has an edge to."""
    height = {place.name: place.elevation for place in places}
    for index, place in enumerate(places):
        if "edge" not in place.features:
            continue
        below = [e.b if e.a == place.name else e.a for e in edges if place.name in (e.a, e.b)]
        if place.elevation <= 0 and all(height[other] >= place.elevation for other in below):
            raise ScenarioError(
                path,
                f"map.places[{index}].feature",
                f"expected a rooftop edge above something: {shown(place.name)} stands at "
                f"elevation {place.elevation:g}, no higher than the ground or its neighbours",
            )


def _pair(
    names: Sequence[str], places: Mapping[str, PlaceSpec], key: str, path: Path | None
) -> tuple[str, str]:
    """Two different places on the map."""
    a, b = names
    for name in (a, b):
        if name not in places:
            raise ScenarioError(path, key, _not_a_place(name, places))
    if a == b:
        raise ScenarioError(path, key, f"expected two different places, not {shown(a)} twice")
    return a, b


def _length(
    length: float | None, a: PlaceSpec, b: PlaceSpec, key: str, path: Path | None
) -> Meters:
    """The edge's length as written, else the straight line between its places."""
    if length is not None:
        return Meters(length)
    if a.coordinates is None or b.coordinates is None:
        raise ScenarioError(
            path,
            f"{key}.length",
            f"expected a length in meters: {shown(a.name)} or {shown(b.name)} has no coordinates",
        )
    straight = math.dist(a.coordinates, b.coordinates)
    if straight == 0:
        raise ScenarioError(
            path,
            f"{key}.length",
            f"expected a length in meters: {shown(a.name)} and {shown(b.name)} coincide",
        )
    return Meters(straight)


def _not_a_place(name: str, places: Iterable[str]) -> str:
    return f"expected a place on the map ({', '.join(places)}), not {shown(name)}"


# -- sides and characters ---------------------------------------------------------------------


def resolve_sides(
    tables: Sequence[SideTable], map_spec: MapSpec, sheets: SheetSource, path: Path | None
) -> tuple[tuple[SideSpec, ...], tuple[CharacterSpec, ...]]:
    """The sides and every character, ``count`` groups expanded, ids checked unique."""
    check_unique([side.name for side in tables], "sides[{}].name", "a name no other side has", path)
    taken: dict[str, str] = {}
    sides: list[SideSpec] = []
    characters: list[CharacterSpec] = []
    for s, side in enumerate(tables):
        members: list[CharacterSpec] = []
        for c, table in enumerate(side.characters):
            key = f"sides[{s}].characters[{c}]"
            if table.place not in map_spec.place_names:
                raise ScenarioError(
                    path, f"{key}.place", _not_a_place(table.place, map_spec.place_names)
                )
            expanded = _expand(table, side.name, sheets(table.sheet, f"{key}.sheet"), key)
            for ident in [table.id, *(member.id for member in expanded if member.group)]:
                _claim(ident, key, taken, path)
            members += expanded
        _check_combatant(side, members, f"sides[{s}].characters", path)
        sides.append(SideSpec(side.name, tuple(member.id for member in members)))
        characters += members
    return heroes_first(tables, sides, path), tuple(characters)


def heroes_first(
    tables: Sequence[SideTable], sides: list[SideSpec], path: Path | None
) -> tuple[SideSpec, ...]:
    """The sides with the heroes' first: the side that says ``heroes = true``, else the first
    listed (G-71). Saying it makes the file's order of sides count for nothing."""
    flagged = [s for s, side in enumerate(tables) if side.heroes]
    if len(flagged) > 1:
        raise ScenarioError(
            path, f"sides[{flagged[1]}].heroes", f"one heroes' side, and sides[{flagged[0]}] is"
        )
    first = flagged[0] if flagged else 0
    return (sides[first], *sides[:first], *sides[first + 1 :])


def _check_combatant(
    side: SideTable, members: Sequence[CharacterSpec], key: str, path: Path | None
) -> None:
    """A side fights through its combatants: bystanders and hostages alone are no side (G-235)."""
    if not any(member.combatant for member in members):
        raise ScenarioError(
            path,
            key,
            f"expected at least one combatant on side {shown(side.name)} (a character without "
            "role, or role = \"combatant\"): bystanders and hostages do not fight",
        )


def _expand(
    table: CharacterTable, side: str, sheet: CharacterSheet, key: str
) -> list[CharacterSpec]:
    """One character, or ``count`` alike with ids ``id-1`` … ``id-N``."""
    group = None if table.count is None else table.id
    ids = (
        [table.id]
        if table.count is None
        else [f"{table.id}-{n}" for n in range(1, table.count + 1)]
    )
    options = _frozen(table.policy_options)
    return [
        CharacterSpec(
            id=ident,
            side=side,
            sheet=sheet,
            place=table.place,
            aware=table.aware,
            policy=table.policy,
            policy_options=options,
            group=group,
            key=key,
            role=table.role,
        )
        for ident in ids
    ]


def _claim(ident: str, key: str, taken: dict[str, str], path: Path | None) -> None:
    if ident in taken:
        raise ScenarioError(
            path,
            f"{key}.id",
            f"expected an id no other character has; {shown(ident)} is also {taken[ident]}",
        )
    taken[ident] = key


def _frozen(value: Any) -> Any:
    """A read-only deep copy: tables become mappings, arrays become tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({name: _frozen(item) for name, item in value.items()})
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    return value
