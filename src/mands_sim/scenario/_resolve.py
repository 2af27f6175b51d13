"""Cross-reference checks and the step from validated tables to frozen spec values.

Each problem is recorded (:class:`~mands_sim.scenario._errors.Findings`) at the key where it is
written — a character's place that is not on the map, a duplicate id, an edge to nowhere, a
rules default with a value it cannot take — and the checks go on, so one error lists them all.
A check that needs a broken table or item is skipped (:mod:`mands_sim.scenario._parts`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from mands_sim.bounds import MAX_CHARACTERS
from mands_sim.defaults import RuleDefaults
from mands_sim.errors import ScenarioError
from mands_sim.inputs import shown
from mands_sim.scenario._errors import Findings, listed
from mands_sim.scenario._file import CharacterTable, EdgeTable, PlaceTable
from mands_sim.scenario._parts import SideTables, Tables
from mands_sim.scenario._spec import (
    NON_COMBATANT_ROLES,
    CharacterSpec,
    EdgeSpec,
    MapSpec,
    PlaceSpec,
    SideSpec,
)
from mands_sim.units import Meters

if TYPE_CHECKING:
    from mands_sim.model.character import Sheet

SheetSource = Callable[[Any, str], "Sheet | None"]
"""Gives the sheet a character entry names, given the reference and its key in the file
(``None``: a sheet already reported broken)."""


@dataclass(frozen=True, slots=True)
class Member:
    """A character of the file, whether or not its sheet could be read: what ``[stop]`` and
    ``[expect]`` refer to."""

    id: str
    side: str
    group: str | None


@dataclass(frozen=True, slots=True)
class Roster:
    """The sides, the characters whose sheets were read, and every character written."""

    sides: tuple[SideSpec, ...]
    characters: tuple[CharacterSpec, ...]
    members: tuple[Member, ...]


def check_unique(names: Sequence[str | None], key: str, expected: str, found: Findings) -> None:
    """Each of ``names`` once (``None``: unreadable, skipped); ``key`` is a template for the key
    of the item by its index. Every repeat is a problem."""
    first: dict[str, int] = {}
    for index, name in enumerate(names):
        if name is None:
            continue
        if name in first:
            again = key.format(first[name])
            found.add(key.format(index), f"expected {expected}; {shown(name)} is also {again}")
        else:
            first[name] = index


# -- rules ------------------------------------------------------------------------------------


def resolve_optional_rules(names: Sequence[str], found: Findings) -> tuple[str, ...]:
    """The optional rules to switch on; each may be listed once."""
    check_unique(names, "rules.optional[{}]", "each optional rule once", found)
    return tuple(names)


def resolve_disabled_plugins(names: Sequence[str], found: Findings) -> tuple[str, ...]:
    """The plugins the scenario does not load (``[plugins] disable``); each may be listed once.

    Whether each name is a plugin's is checked when the simulation is built
    (:func:`~mands_sim.scenario.check_plugin_names`)."""
    check_unique(names, "plugins.disable[{}]", "each plugin once", found)
    return tuple(names)


def resolve_defaults(table: Mapping[str, Any]) -> RuleDefaults:
    """:class:`RuleDefaults` switching what ``[rules.defaults]`` sets. The table's model checks
    each key's shape and each value's type; which names exist and which values each may take
    depends on the plugins, so a simulation checks them when it loads its plugins
    (:func:`~mands_sim.defaults.defaults_problems`)."""
    return RuleDefaults(MappingProxyType(dict(table)))


# -- map --------------------------------------------------------------------------------------


def resolve_map(tables: Tables, found: Findings) -> MapSpec | None:
    """The map, with every edge's length known and every name checked; ``None`` when any of it
    is broken (its problems are in ``found``)."""
    before = len(found.problems)
    places = _places(tables.places, found)
    names = tables.place_names or ()
    edges: list[EdgeSpec] = []
    joined: set[frozenset[str]] = set()
    for index, edge in enumerate(tables.edges):
        if edge is not None:
            key = f"map.edges[{index}]"
            found.checked(None, _edge, edge, key, places, names, edges, joined)
    blocked = [
        found.checked(None, _pair, pair, names, f"map.blocked_sight[{index}]")
        for index, pair in enumerate(tables.blocked_sight)
        if pair is not None
    ]
    _check_edges_of_roofs(tables, found)
    intact = None not in (*tables.places, *tables.edges, *tables.blocked_sight)
    if not intact or len(found.problems) > before or None in blocked:
        return None
    pairs = tuple(pair for pair in blocked if pair is not None)
    return MapSpec(places=tuple(places.values()), edges=tuple(edges), blocked_sight=pairs)


def _places(tables: Sequence[PlaceTable | None], found: Findings) -> dict[str, PlaceSpec]:
    names = [place.name if place else None for place in tables]
    check_unique(names, "map.places[{}].name", "a name no other place has", found)
    places: dict[str, PlaceSpec] = {}
    for index, p in enumerate(tables):
        if p is None:
            continue
        features = _features(p, index, found)
        if (p.x is None) != (p.y is None):
            missing = "y" if p.y is None else "x"
            found.add(
                f"map.places[{index}].{missing}", "expected both x and y coordinates, or neither"
            )
            continue
        places.setdefault(
            p.name, PlaceSpec(p.name, p.x, p.y, p.elevation, p.cover, p.exit, features, p.size)
        )
    return places


def _features(place: PlaceTable, index: int, found: Findings) -> tuple[str, ...]:
    """A place's features as a tuple, each once (``feature = "wall"`` is ``["wall"]``); every
    repeat is a problem (and is dropped)."""
    features = _feature_list(place)
    check_unique(features, f"map.places[{index}].feature[{{}}]", "each feature once", found)
    return tuple(dict.fromkeys(features))


def _feature_list(place: PlaceTable) -> list[str]:
    return [place.feature] if isinstance(place.feature, str) else list(place.feature)


def _edge(
    edge: EdgeTable,
    key: str,
    places: Mapping[str, PlaceSpec],
    names: Sequence[str],
    edges: list[EdgeSpec],
    joined: set[frozenset[str]],
) -> None:
    """Add ``edge`` to ``edges``: between two places on the map, a new pair (not in
    ``joined``, the pairs written so far), of known length. An edge to a place that is itself
    broken is not measured."""
    a, b = _pair(edge.between, names, f"{key}.between")
    if frozenset((a, b)) in joined:
        raise ScenarioError(
            None, f"{key}.between", f"expected a new pair; {shown(a)}-{shown(b)} has an edge"
        )
    joined.add(frozenset((a, b)))
    if a in places and b in places:
        edges.append(EdgeSpec(a, b, _length(edge.length, places[a], places[b], key)))


def _check_edges_of_roofs(tables: Tables, found: Findings) -> None:
    """G-249: a rooftop ``edge`` needs a drop: the place stands above ground level (0) or above
    a place it has an edge to. A place whose neighbours are not all known (a broken edge, or an
    edge to a broken place or to one not on the map) is not judged."""
    if None in tables.edges:
        return
    height = {place.name: place.elevation for place in tables.places if place is not None}
    neighbours: dict[str, list[str]] = {}
    for a, b in (edge.between for edge in tables.edges if edge is not None):
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    for index, place in enumerate(tables.places):
        if place is None or "edge" not in _feature_list(place) or place.elevation > 0:
            continue
        below = neighbours.get(place.name, [])
        if any(other not in height for other in below):
            continue
        if all(height[other] >= place.elevation for other in below):
            found.add(
                f"map.places[{index}].feature",
                f"expected a rooftop edge above something: {shown(place.name)} stands at "
                f"elevation {place.elevation:g}, no higher than the ground or its neighbours",
            )


def _pair(names: Sequence[str], places: Collection[str], key: str) -> tuple[str, str]:
    """Two different places on the map."""
    a, b = names
    for name in (a, b):
        if name not in places:
            raise ScenarioError(None, key, _not_a_place(name, places))
    if a == b:
        raise ScenarioError(None, key, f"expected two different places, not {shown(a)} twice")
    return a, b


def _length(length: float | None, a: PlaceSpec, b: PlaceSpec, key: str) -> Meters:
    """The edge's length as written, else the straight line between its places."""
    if length is not None:
        return Meters(length)
    if a.coordinates is None or b.coordinates is None:
        raise ScenarioError(
            None,
            f"{key}.length",
            f"expected a length in meters: {shown(a.name)} or {shown(b.name)} has no coordinates",
        )
    straight = math.dist(a.coordinates, b.coordinates)
    if straight == 0:
        raise ScenarioError(
            None,
            f"{key}.length",
            f"expected a length in meters: {shown(a.name)} and {shown(b.name)} coincide",
        )
    return Meters(straight)


def _not_a_place(name: str, places: Iterable[str]) -> str:
    return f"expected a place on the map ({listed(list(places))}), not {shown(name)}"


# -- sides and characters ---------------------------------------------------------------------


def resolve_sides(tables: Tables, sheets: SheetSource, found: Findings) -> Roster | None:
    """The sides and every character, ``count`` groups expanded, ids checked unique, places
    checked on the map and sheets read (a character whose sheet is broken has no spec);
    ``None`` when there are more characters than ``MAX_CHARACTERS`` (none is expanded)."""
    if not _roster_fits(tables, found):
        return None
    names = [side.name for side in tables.sides]
    check_unique(names, "sides[{}].name", "a name no other side has", found)
    taken: dict[str, str] = {}
    sides: list[SideSpec] = []
    characters: list[CharacterSpec] = []
    members: list[Member] = []
    for s, side in enumerate(tables.sides):
        ids: list[str] = []
        for c, table in enumerate(side.characters):
            if table is None:
                continue
            key = f"sides[{s}].characters[{c}]"
            _check_place(table, tables.place_names, key, found)
            group = _ids(table)
            for ident in [table.id, *(group if table.count is not None else ())]:
                _claim(ident, key, taken, found)
            ids += group
            group_id = None if table.count is None else table.id
            members += [Member(ident, side.name or "", group_id) for ident in group]
            sheet = found.checked(None, sheets, table.sheet, f"{key}.sheet")
            if sheet is not None:
                characters += _expand(table, side.name or "", sheet, key)
        _check_combatant(side, f"sides[{s}].characters", found)
        sides.append(SideSpec(side.name or "", tuple(ids)))
    return Roster(heroes_first(tables.sides, sides, found), tuple(characters), tuple(members))


def _roster_fits(tables: Tables, found: Findings) -> bool:
    """At most ``MAX_CHARACTERS`` characters in all, groups counted in full; the entry that
    goes past the bound is the problem."""
    total = 0
    for s, side in enumerate(tables.sides):
        for c, table in enumerate(side.characters):
            total += 0 if table is None else table.count or 1
            if table is not None and total > MAX_CHARACTERS:
                key = f"sides[{s}].characters[{c}]" + (".count" if table.count else "")
                found.add(
                    key,
                    f"expected at most {MAX_CHARACTERS} characters in the scenario, groups "
                    f"counted in full; with this entry there are {total}",
                )
                return False
    return True


def heroes_first(
    tables: Sequence[SideTables], sides: Sequence[SideSpec], found: Findings
) -> tuple[SideSpec, ...]:
    """The sides with the heroes' first: the side that says ``heroes = true``, else the first
    listed (G-71). Saying it makes the file's order of sides count for nothing. Every side
    after the first that says it is a problem."""
    flagged = [s for s, side in enumerate(tables) if side.heroes]
    for again in flagged[1:]:
        found.add(f"sides[{again}].heroes", f"one heroes' side, and sides[{flagged[0]}] is")
    if not sides:
        return ()
    first = flagged[0] if flagged else 0
    return (sides[first], *sides[:first], *sides[first + 1 :])


def _check_combatant(side: SideTables, key: str, found: Findings) -> None:
    """A side fights through its combatants: bystanders and hostages alone are no side (G-235).
    A side with an unreadable name or character entry (or none) is not judged."""
    if side.name is None or not side.characters or None in side.characters:
        return
    if all(table.role in NON_COMBATANT_ROLES for table in side.characters if table is not None):
        found.add(
            key,
            f"expected at least one combatant on side {shown(side.name)} (a character without "
            'role, or role = "combatant"): bystanders and hostages do not fight',
        )


def _check_place(
    table: CharacterTable, places: Sequence[str] | None, key: str, found: Findings
) -> None:
    if places is not None and table.place not in places:
        found.add(f"{key}.place", _not_a_place(table.place, places))


def _ids(table: CharacterTable) -> list[str]:
    """The character's id, or a group's ids ``id-1`` … ``id-N``."""
    if table.count is None:
        return [table.id]
    return [f"{table.id}-{n}" for n in range(1, table.count + 1)]


def _expand(table: CharacterTable, side: str, sheet: Sheet, key: str) -> list[CharacterSpec]:
    """One character, or ``count`` alike with ids ``id-1`` … ``id-N``."""
    group = None if table.count is None else table.id
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
        for ident in _ids(table)
    ]


def _claim(ident: str, key: str, taken: dict[str, str], found: Findings) -> None:
    if ident in taken:
        found.add(
            f"{key}.id",
            f"expected an id no other character has; {shown(ident)} is also {taken[ident]}",
        )
    else:
        taken[ident] = key


def _frozen(value: Any) -> Any:
    """A read-only deep copy: tables become mappings, arrays become tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({name: _frozen(item) for name, item in value.items()})
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    return value
