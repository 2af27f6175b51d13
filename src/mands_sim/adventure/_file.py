"""Adventure files: the scenes of an adventure day, in order, and who carries on through them.

An adventure file is TOML (``docs/scenarios.md`` "Adventure files"); :func:`load_adventure`
reads and validates it, and every scene's scenario file with it, before anything is played.
Every mistake is an :class:`~mands_sim.errors.AdventureProblems` naming the file, the dotted
key and what was expected; a scene's scenario that is malformed raises its own
:class:`~mands_sim.errors.ScenarioProblems`, naming that file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Final

from mands_sim.bounds import MAX_NAME_LENGTH, MAX_REST_MINUTES, MAX_SCENES, MAX_TEXT_LENGTH
from mands_sim.errors import AdventureError, AdventureProblems, Problem, ScenarioError
from mands_sim.inputs import read_input, resolved, shown, toml_data
from mands_sim.scenario import FORMAT_VERSION, ScenarioSpec, load_scenario
from mands_sim.suggestions import suggestion

FLED: Final = ("rejoin", "gone")
"""G-298: a party member who fled a scene ``rejoin``\\ s the party for the next, or is ``gone``
for the rest of the day."""

ADVENTURE_KEYS: Final = ("format", "name", "description", "party", "fled", "scenes")
SCENE_KEYS: Final = ("scenario", "rest_minutes")


@dataclass(frozen=True, slots=True)
class Scene:
    """One scene of the day: its scenario and the rest before it (minutes; 0 before the
    first)."""

    scenario: ScenarioSpec
    path: Path
    rest_minutes: int = 0

    @property
    def heroes(self) -> str:
        """The scene's first side, the heroes' (G-71)."""
        return self.scenario.sides[0].name


@dataclass(frozen=True, slots=True)
class Adventure:
    """An adventure day: its scenes in order and its party.

    ``party`` are the ids of the characters who carry what they lose from scene to scene
    (:mod:`mands_sim.carry`); everyone else enters each scene fresh. ``fled`` is G-298's
    switch: whether a party member who fled a scene ``rejoin``\\ s for the next.
    """

    name: str
    path: Path
    scenes: tuple[Scene, ...]
    party: tuple[str, ...]
    description: str = ""
    fled: str = "rejoin"


def is_adventure(data: Mapping[str, Any]) -> bool:
    """Whether parsed TOML reads as an adventure file (it lists ``scenes``), not a scenario."""
    return "scenes" in data and "sides" not in data


def adventure_data(path: Path) -> dict[str, Any]:
    """The TOML of the file at ``path``, read within the input bounds (an
    :class:`AdventureError` if it cannot be read or parsed)."""
    content = read_input(path, partial(_unreadable, path, ""))
    return toml_data(content, partial(AdventureError, path, ""))


def load_adventure(path: Path | str) -> Adventure:
    """Load and validate the adventure file at ``path`` and every scene's scenario.

    Raises:
        AdventureError: the file cannot be read or is not TOML.
        AdventureProblems: the file is malformed: every mistake, each with its key.
        ScenarioError: a scene's scenario file is malformed (naming that file).
    """
    path = Path(path)
    data = adventure_data(path)
    problems = _top_problems(data)
    scenes = _scenes(data.get("scenes"), path, problems)
    whole = scenes and len(scenes) == len(data["scenes"])  # else a party id may be in the rest
    party = _party(data.get("party"), scenes, problems) if whole else ()
    if problems:
        raise AdventureProblems(path, problems)
    return Adventure(
        name=data["name"],
        path=path,
        scenes=tuple(scenes),
        party=party,
        description=data.get("description", ""),
        fled=data.get("fled", FLED[0]),
    )


def _top_problems(data: Mapping[str, Any]) -> list[Problem]:
    problems = _unknown_keys(data, ADVENTURE_KEYS, "")
    version = data.get("format")
    if type(version) is not int or version != FORMAT_VERSION:
        problems.append(
            Problem("format", f"expected format = {FORMAT_VERSION}, not {shown(version)}")
        )
    name = data.get("name")
    if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME_LENGTH:
        problems.append(
            Problem(
                "name", f"expected a name of 1 to {MAX_NAME_LENGTH} characters, not {shown(name)}"
            )
        )
    description = data.get("description", "")
    if not isinstance(description, str) or len(description) > MAX_TEXT_LENGTH:
        problems.append(
            Problem("description", f"expected text of at most {MAX_TEXT_LENGTH:,} characters")
        )
    if data.get("fled", FLED[0]) not in FLED:
        problems.append(
            Problem(
                "fled",
                f"expected one of {', '.join(map(repr, FLED))} (G-298), not {shown(data['fled'])}",
            )
        )
    return problems


def _scenes(value: Any, path: Path, problems: list[Problem]) -> list[Scene]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_SCENES:
        problems.append(
            Problem(
                "scenes",
                f"expected 1 to {MAX_SCENES} [[scenes]] tables, each naming a scenario file",
            )
        )
        return []
    scenes = []
    for number, table in enumerate(value):
        scene = _scene(table, f"scenes[{number}]", path, problems, first=number == 0)
        if scene is not None:
            scenes.append(scene)
    return scenes


def _scene(
    table: Any, key: str, path: Path, problems: list[Problem], *, first: bool
) -> Scene | None:
    if not isinstance(table, dict):
        problems.append(Problem(key, "expected a table with `scenario` (a scenario file)"))
        return None
    problems += _unknown_keys(table, SCENE_KEYS, key)
    rest = table.get("rest_minutes", 0)
    if type(rest) is not int or not 0 <= rest <= MAX_REST_MINUTES:
        problems.append(
            Problem(
                f"{key}.rest_minutes",
                f"expected whole minutes from 0 to {MAX_REST_MINUTES:,} (a week), "
                f"not {shown(rest)}",
            )
        )
    elif first and rest:
        problems.append(
            Problem(
                f"{key}.rest_minutes", "expected none before the first scene: nothing to rest from"
            )
        )
    reference = table.get("scenario")
    if not isinstance(reference, str) or not reference:
        problems.append(
            Problem(
                f"{key}.scenario", f"expected the path of a scenario file, not {shown(reference)}"
            )
        )
        return None
    refuse = partial(_unreadable, path, f"{key}.scenario")
    scenario_path = resolved(path.parent, reference, refuse)
    if not scenario_path.is_file():
        problems.append(
            Problem(f"{key}.scenario", f"expected a scenario file; there is no file {reference}")
        )
        return None
    rest_minutes = rest if type(rest) is int else 0
    try:
        return Scene(load_scenario(scenario_path), scenario_path, rest_minutes)
    except ScenarioError as error:
        problems.append(Problem(f"{key}.scenario", f"expected a valid scenario; {error}"))
        return None


def _party(value: Any, scenes: list[Scene], problems: list[Problem]) -> tuple[str, ...]:
    """The party as the file names it, else the first scene's heroes (its first side's
    combatants, G-71); each id must be a hero of some scene."""
    heroes = {
        spec.id
        for scene in scenes
        for spec in scene.scenario.characters
        if spec.side == scene.heroes
    }
    groups = {
        spec.group: [s.id for s in scene.scenario.characters if s.group == spec.group]
        for scene in scenes
        for spec in scene.scenario.characters
        if spec.group is not None and spec.side == scene.heroes
    }
    if value is None:
        first = scenes[0]
        return tuple(
            spec.id
            for spec in first.scenario.characters
            if spec.side == first.heroes and spec.combatant
        )
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        problems.append(Problem("party", "expected a list of character ids, heroes of the scenes"))
        return ()
    for number, member in enumerate(value):
        if member in groups:
            problems.append(
                Problem(
                    f"party[{number}]",
                    f"expected the id of one character; {member!r} is a group of "
                    f"{len(groups[member])}: name its members ({', '.join(groups[member])})",
                )
            )
        elif member not in heroes:
            problems.append(
                Problem(
                    f"party[{number}]",
                    f"expected the id of a character on the heroes' side (a scene's first side); "
                    f"{member!r} is in none: {suggestion(member, heroes)}",
                )
            )
    if len(set(value)) != len(value):
        problems.append(Problem("party", "expected each id once"))
    return tuple(value)


def _unknown_keys(table: Mapping[str, Any], known: tuple[str, ...], prefix: str) -> list[Problem]:
    at = f"{prefix}." if prefix else ""
    return [
        Problem(f"{at}{key}", f"unknown key: {suggestion(key, known)}")
        for key in table
        if key not in known
    ]


def _unreadable(path: Path, key: str, why: str) -> AdventureError:
    return AdventureError(path, key, f"expected a readable file; {why}")


__all__ = ["FLED", "Adventure", "Scene", "adventure_data", "is_adventure", "load_adventure"]
