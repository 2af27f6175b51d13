"""Overrides: a scenario played with some of its values changed, without a copy of its file.

An :class:`Override` is ``PATH=VALUE`` (``mands-sim run SCENARIO --set PATH=VALUE``). ``PATH``
is the dotted path of a value in the scenario file, read the way an Editor names things:

* a table's key by name: ``stop.time_limit``;
* an element of a list of tables by its ``id`` or ``name``: ``sides.crew`` is the side named
  "crew", ``map.places.lobby`` the place named "lobby"; an element of any list by its position
  from 0 (``stop.when.0``);
* a side's characters without ``characters``: ``sides.crew.gunman.count``;
* a character's sheet, even one in its own file: ``sides.crew.sun-ruler.sheet.abilities.strength``
  (the file is read as the scenario would read it, and the changed copy goes in the scenario);
  a sheet's abilities and attributes without ``abilities`` or ``attributes``:
  ``sides.crew.sun-ruler.sheet.strength``.

``VALUE`` is a TOML value (``75``, ``1.5``, ``true``, ``"blaster"``, ``["a", "b"]``); text that
is not one is taken as a string (``policy=blaster``). The scenario with its overrides is then
validated as a file is, so a value of the wrong kind is an error naming its key. A path that
names nothing is an error naming the ``--set`` and what the path could have named there.
Removing a character (``--without-character ID``) is the override :func:`without_character`.
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from mands_sim.errors import ScenarioError
from mands_sim.inputs import shown
from mands_sim.suggestions import closest, suggestion

SheetTable = Callable[[str, str], dict[str, Any]]
"""Reads the sheet file a scenario names (its reference, the key it is named at) as a table."""

WITHOUT_CHARACTER: Final = "--without-character"
"""How an override that takes a character out is written (:func:`without_character`)."""

SHEET_SECTIONS: Final = ("abilities", "attributes")
"""A sheet's tables whose keys a path may name directly (``sheet.strength``)."""


@dataclass(frozen=True, slots=True)
class Override:
    """One ``PATH=VALUE``: the value at ``path`` (its parts) becomes ``value``.

    ``removes`` instead takes the element ``path`` names out of its list (a character)."""

    path: tuple[str, ...]
    value: Any
    text: str
    """As the user wrote it, for messages and the record of a batch."""
    removes: bool = False

    @classmethod
    def parse(cls, text: str) -> Override:
        """``PATH=VALUE`` read (module docstring).

        Raises:
            ScenarioError: no ``=``, or an empty part in the path.
        """
        path, equals, value = text.partition("=")
        parts = tuple(part.strip() for part in path.strip().split("."))
        if not equals or not all(parts):
            raise ScenarioError(
                None,
                f"--set {text}",
                "expected PATH=VALUE, a dotted path of the scenario and a value "
                "(e.g. stop.time_limit=1000 or sides.crew.gunman.count=2)",
            )
        return cls(parts, read_value(value.strip()), text)


def without_character(character: str) -> Override:
    """The override that takes the character ``character`` (an id of the file, or a group's
    id) out of its side."""
    return Override(("sides", "*", character), None, f"{WITHOUT_CHARACTER} {character}", True)


def read_value(text: str) -> Any:
    """A ``VALUE`` of ``--set`` (or of a sweep's ``--vary``): ``text`` as a TOML value, or as
    the string it is."""
    try:
        return tomllib.loads(f"value = {text}")["value"]
    except tomllib.TOMLDecodeError:
        return text


def overridden(
    data: Mapping[str, Any],
    overrides: Sequence[Override],
    sheet_table: SheetTable,
    notes: list[str] | None = None,
) -> dict[str, Any]:
    """A copy of the scenario ``data`` with ``overrides`` applied in order; ``notes`` (if
    given) gets a line for each override whose effect a sheet's ``[overrides]`` may mask.

    Raises:
        ScenarioError: a path names nothing in the scenario (at ``--set PATH``).
    """
    changed = copy.deepcopy(dict(data))
    for override in overrides:
        note = _apply(changed, override, sheet_table)
        if note and notes is not None:
            notes.append(note)
    return changed


def _apply(data: dict[str, Any], override: Override, sheet_table: SheetTable) -> str | None:
    if override.removes:
        _remove_character(data, override)
        return None
    walk = _Walk(override, sheet_table)
    container: Any = data
    for depth, part in enumerate(override.path[:-1]):
        container = walk.step(container, part, depth)
    walk.set(container, override.path[-1], override.value)
    return walk.masked()


class _Walk:
    """One override's way down the scenario, part by part."""

    def __init__(self, override: Override, sheet_table: SheetTable) -> None:
        self.override = override
        self.sheet_table = sheet_table
        self.sheet: dict[str, Any] | None = None
        self.in_sheet: tuple[str, ...] = ()

    def masked(self) -> str | None:
        """A note when the override changes a sheet whose ``[overrides]`` pin figured values
        that its change would otherwise move (unless it changes those pins themselves)."""
        pinned = self.sheet.get("overrides") if self.sheet is not None else None
        if not isinstance(pinned, dict) or not pinned or self.in_sheet[:1] == ("overrides",):
            return None
        names = ", ".join(sorted(pinned))
        return (
            f"--set {self.override.text}: this sheet pins {names} in its [overrides]; a change "
            "to what they are figured from does not change them (set sheet.overrides.NAME)"
        )

    def step(self, container: Any, part: str, depth: int) -> Any:
        """What ``part`` names in ``container`` (a sheet file read in as its table)."""
        if isinstance(container, list):
            return container[self._index(container, part, depth)]
        if not isinstance(container, dict):
            self._fail(depth, f"{shown(container)} has no '{part}' in it")
        if part not in container:
            found = self._shortcut(container, part)
            if found is None:
                known = _nameable(container)
                self._fail(depth, f"expected one of its keys, {suggestion(part, known)}")
            return found
        value = container[part]
        if part == "sheet" and isinstance(value, str):
            value = container[part] = self.sheet_table(value, self._key(depth))
        if part == "sheet" and isinstance(value, dict):
            self.sheet, self.in_sheet = value, self.override.path[depth + 1 :]
        return value

    def set(self, container: Any, part: str, value: Any) -> None:
        depth = len(self.override.path) - 1
        if isinstance(container, list):
            container[self._index(container, part, depth)] = value
        elif isinstance(container, dict):
            target = container
            if part not in container:
                target = self._section_holding(container, part) or container
                self._check_new_key(container, part, depth)
            target[part] = value
        else:
            self._fail(depth, f"{shown(container)} has no '{part}' in it")

    def _shortcut(self, table: dict[str, Any], part: str) -> Any:
        """A side's character named without ``characters``; a sheet's ability or attribute
        named without its section."""
        characters = table.get("characters")
        if isinstance(characters, list):
            named = _named(characters, part)
            if named is not None:
                return characters[named]
        section = self._section_holding(table, part)
        return None if section is None else section[part]

    def _check_new_key(self, table: dict[str, Any], part: str, depth: int) -> None:
        """A key the table lacks may be set (the validation judges it), unless it looks like a
        misspelt ability or attribute of a sheet (``sheet.strenght``)."""
        if self._section_holding(table, part) is not None:
            return
        sections = [
            key
            for name in SHEET_SECTIONS
            if isinstance(table.get(name), dict)
            for key in table[name]
        ]
        if closest(part, sections):
            self._fail(depth, f"expected one of its keys, {suggestion(part, sections)}")

    @staticmethod
    def _section_holding(table: dict[str, Any], part: str) -> dict[str, Any] | None:
        for name in SHEET_SECTIONS:
            section = table.get(name)
            if isinstance(section, dict) and part in section:
                return section
        return None

    def _index(self, items: list[Any], part: str, depth: int) -> int:
        named = _named(items, part)
        if named is not None:
            return named
        if part.isdigit() and int(part) < len(items):
            return int(part)
        names = [n for item in items if isinstance(item, dict) for n in _names_of(item)]
        what = suggestion(part, names) if names else f"a position from 0 to {len(items) - 1}"
        self._fail(depth, f"expected the id or name of one of its items, {what}")
        raise AssertionError  # unreachable: _fail raises

    def _key(self, depth: int) -> str:
        return ".".join(self.override.path[: depth + 1])

    def _fail(self, depth: int, expected: str) -> None:
        at = ".".join(self.override.path[:depth]) or "the scenario"
        raise ScenarioError(
            None,
            f"--set {self.override.text}",
            f"'{self.override.path[depth]}' names nothing in {at}: {expected}",
        )


def _named(items: list[Any], part: str) -> int | None:
    """The position of the table in ``items`` whose ``id`` or ``name`` is ``part``."""
    for position, item in enumerate(items):
        if isinstance(item, dict) and part in _names_of(item):
            return position
    return None


def _nameable(table: dict[str, Any]) -> list[str]:
    """What a path may name in ``table``: its keys, its characters' ids (a side), the keys of
    its abilities and attributes (a sheet)."""
    characters = table.get("characters")
    ids = (
        []
        if not isinstance(characters, list)
        else [name for c in characters if isinstance(c, dict) for name in _names_of(c)]
    )
    sections = [
        key for name in SHEET_SECTIONS if isinstance(table.get(name), dict) for key in table[name]
    ]
    return [*table, *ids, *sections]


def _names_of(item: Mapping[str, Any]) -> list[str]:
    return [str(item[key]) for key in ("id", "name") if isinstance(item.get(key), str)]


def _remove_character(data: dict[str, Any], override: Override) -> None:
    character = override.path[-1]
    sides = data.get("sides")
    known: list[str] = []
    for side in sides if isinstance(sides, list) else []:
        characters = side.get("characters") if isinstance(side, dict) else None
        if not isinstance(characters, list):
            continue
        position = _named(characters, character)
        if position is not None:
            _check_no_objective_names(data, override, character)
            del characters[position]
            return
        known += [n for c in characters if isinstance(c, dict) for n in _names_of(c)]
    raise ScenarioError(
        None,
        override.text,
        f"expected the id of a character of the scenario, {suggestion(character, known)}",
    )


def _check_no_objective_names(data: dict[str, Any], override: Override, character: str) -> None:
    """A character an objective names cannot be taken out: the objective would name nobody."""
    stop = data.get("stop")
    objectives = stop.get("objectives") if isinstance(stop, dict) else None
    for index, objective in enumerate(objectives if isinstance(objectives, list) else []):
        if isinstance(objective, dict) and objective.get("character") == character:
            raise ScenarioError(
                None,
                override.text,
                f"a character no objective names: stop.objectives[{index}] is about "
                f"{character}, so the encounter cannot be played without it",
            )


def described(overrides: Sequence[Override]) -> list[str]:
    """The overrides as the user wrote them (what a batch records)."""
    return [override.text for override in overrides]


def as_arguments(texts: Sequence[str]) -> list[tuple[str, str]]:
    """The command-line options that give the overrides written ``texts`` (:func:`described`)
    again, each an option and its value: ``("--set", "PATH=VALUE")`` or
    ``("--without-character", "ID")``."""
    options = []
    for text in texts:
        flag, _, character = text.partition(" ")
        options.append((flag, character) if flag == WITHOUT_CHARACTER else ("--set", text))
    return options
