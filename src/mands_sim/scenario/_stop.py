"""Cross-reference checks for ``[stop]`` and ``[expect]``: sides, characters, places, events
and the golden log named."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path, PurePath
from types import MappingProxyType

from mands_sim.errors import ScenarioError
from mands_sim.scenario._errors import shown
from mands_sim.scenario._file import (
    CompleteActionObjective,
    EscapeObjective,
    ExpectTable,
    Objective,
    StopTable,
)
from mands_sim.scenario._resolve import check_unique
from mands_sim.scenario._spec import (
    EVENTS_OF_CHARACTERS,
    RISKS,
    CharacterSpec,
    ExpectSpec,
    MapSpec,
    ObjectiveSpec,
    SideSpec,
    StopSpec,
)
from mands_sim.units import Segment


def resolve_stop(
    table: StopTable,
    sides: Sequence[SideSpec],
    characters: Sequence[CharacterSpec],
    map_spec: MapSpec,
    path: Path | None,
) -> StopSpec:
    """When the encounter stops, each objective's side, characters and place checked."""
    check_unique(table.when, "stop.when[{}]", "each outcome condition once", path)
    objectives = [
        _objective(objective, f"stop.objectives[{index}]", sides, characters, map_spec, path)
        for index, objective in enumerate(table.objectives)
    ]
    return StopSpec(Segment(table.time_limit), tuple(table.when), tuple(objectives))


def _objective(
    objective: Objective,
    key: str,
    sides: Sequence[SideSpec],
    characters: Sequence[CharacterSpec],
    map_spec: MapSpec,
    path: Path | None,
) -> ObjectiveSpec:
    side = _side(objective.side, sides, f"{key}.side", path)
    members = [c for c in characters if c.side == side.name]
    chosen = _chosen(objective.character, members, f"{key}.character", path)
    place = getattr(objective, "place", None)
    if place is not None and place not in map_spec.place_names:
        names = ", ".join(map_spec.place_names)
        raise ScenarioError(
            path, f"{key}.place", f"expected a place on the map ({names}), not {shown(place)}"
        )
    if isinstance(objective, EscapeObjective) and place is None:
        _check_exit(map_spec, f"{key}.place", path)
    action = objective.action if isinstance(objective, CompleteActionObjective) else None
    wanted = objective.action_outcome if isinstance(objective, CompleteActionObjective) else None
    outcome = objective.outcome
    return ObjectiveSpec(objective.kind, side.name, chosen, place, action, outcome, wanted)


def _check_exit(map_spec: MapSpec, key: str, path: Path | None) -> None:
    """An escape without a place needs an exit on the map to get away through."""
    if not any(place.exit for place in map_spec.places):
        raise ScenarioError(
            path, key, "expected a place to escape to: the map has no exit (exit = true)"
        )


def _side(name: str, sides: Sequence[SideSpec], key: str, path: Path | None) -> SideSpec:
    for side in sides:
        if side.name == name:
            return side
    names = ", ".join(side.name for side in sides)
    raise ScenarioError(path, key, f"expected the name of a side ({names}), not {shown(name)}")


def _chosen(
    ident: str | None, members: Sequence[CharacterSpec], key: str, path: Path | None
) -> tuple[str, ...]:
    """The ids an objective counts: the one character or group named, else the whole side."""
    if ident is None:
        return tuple(member.id for member in members)
    chosen = tuple(m.id for m in members if ident in (m.id, m.group))
    if not chosen:
        raise ScenarioError(
            path, key, f"expected the id of a character or group of this side, not {shown(ident)}"
        )
    return chosen


def resolve_expect(
    table: ExpectTable | None,
    sides: Sequence[SideSpec],
    characters: Sequence[CharacterSpec],
    path: Path | None,
    base_dir: Path | None,
) -> ExpectSpec | None:
    """Expected results: each interval ordered, each side, character and event name known, the
    golden log inside the scenario's folder, and the batch's seed and runs given if needed."""
    if table is None:
        return None
    win_rate = {}
    for name, interval in table.win_rate.items():
        key = f"expect.win_rate.{name}"
        _side(name, sides, key, path)
        win_rate[name] = _interval(interval, key, path)
    duration = table.duration
    expect = ExpectSpec(
        seed=table.seed,
        runs=table.runs,
        win_rate=MappingProxyType(win_rate),
        draw_rate=_optional(table.draw_rate, "expect.draw_rate", path),
        timeout_rate=_optional(table.timeout_rate, "expect.timeout_rate", path),
        duration=_segments(duration.median if duration else None, "expect.duration.median", path),
        duration_p90=_segments(duration.p90 if duration else None, "expect.duration.p90", path),
        characters=_risks(table, characters, path),
        never=_events(table.never, "expect.never", sides, characters, path),
        always=_events(table.always, "expect.always", sides, characters, path),
        golden=_golden(table, path, base_dir),
        golden_seed=table.golden_seed,
    )
    _check_batch(expect, path)
    _check_consistent(expect, path)
    return expect


def _optional(
    bounds: Sequence[float] | None, key: str, path: Path | None
) -> tuple[float, float] | None:
    return _interval(bounds, key, path) if bounds is not None else None


def _segments(
    bounds: Sequence[int] | None, key: str, path: Path | None
) -> tuple[Segment, Segment] | None:
    if bounds is None:
        return None
    low, high = _interval(bounds, key, path)
    return (Segment(int(low)), Segment(int(high)))


def _risks(
    table: ExpectTable, characters: Sequence[CharacterSpec], path: Path | None
) -> Mapping[str, Mapping[str, tuple[float, float]]]:
    """``[expect.characters.<id>]``: each id a character of the scenario, each range ordered."""
    known = [character.id for character in characters]
    risks = {}
    for ident, risk_table in table.characters.items():
        key = f"expect.characters.{ident}"
        if ident not in known:
            raise ScenarioError(
                path,
                key,
                f"expected the id of a character ({', '.join(known)}), not {shown(ident)}",
            )
        bounds = {
            risk: _interval(interval, f"{key}.{risk}", path)
            for risk in RISKS
            if (interval := getattr(risk_table, risk)) is not None
        }
        risks[ident] = MappingProxyType(bounds)
    return MappingProxyType(risks)


def _events(
    events: Sequence[str],
    key: str,
    sides: Sequence[SideSpec],
    characters: Sequence[CharacterSpec],
    path: Path | None,
) -> tuple[str, ...]:
    """``never``/``always``: every side and character an event names exists."""
    check_unique(events, key + "[{}]", "each event once", path)
    for index, event in enumerate(events):
        kind, _, name = event.partition(":")
        here = f"{key}[{index}]"
        if kind == "winner":
            _side(name, sides, here, path)
        elif kind in EVENTS_OF_CHARACTERS and name not in {c.id for c in characters}:
            known = ", ".join(c.id for c in characters)
            raise ScenarioError(
                path,
                here,
                f"expected {kind}:<id> with a character's id ({known}), not {shown(event)}",
            )
    return tuple(events)


def _golden(table: ExpectTable, path: Path | None, base_dir: Path | None) -> Path | None:
    """The golden log's file: named with its seed, relative to and inside the scenario's folder.

    The file need not exist yet (``--update-golden`` writes it)."""
    if (table.golden is None) != (table.golden_seed is None):
        missing = "golden_seed" if table.golden_seed is None else "golden"
        raise ScenarioError(
            path, f"expect.{missing}", "expected golden and golden_seed together, or neither"
        )
    if table.golden is None:
        return None
    if base_dir is None:
        raise ScenarioError(
            path, "expect.golden", "expected a scenario file: this one has no folder for its log"
        )
    base = base_dir.resolve()
    file = (base / table.golden).resolve()
    if PurePath(table.golden).is_absolute() or not file.is_relative_to(base):
        raise ScenarioError(
            path,
            "expect.golden",
            f"expected a path inside the scenario's folder, not {shown(table.golden)}",
        )
    return file


def _check_consistent(expect: ExpectSpec, path: Path | None) -> None:
    """No event can happen in every run and in none."""
    for index, event in enumerate(expect.always):
        if event in expect.never:
            raise ScenarioError(
                path,
                f"expect.always[{index}]",
                f"expected an event not also in never: {shown(event)}",
            )


def _check_batch(expect: ExpectSpec, path: Path | None) -> None:
    """Expectations on a batch need the batch's seed and run count, stated in the file."""
    if not expect.needs_batch:
        return
    for name, value in (("seed", expect.seed), ("runs", expect.runs)):
        if value is None:
            raise ScenarioError(
                path,
                f"expect.{name}",
                f"expected the key '{name}' (the regression batch's {name}): "
                "[expect] states results of a batch of runs",
            )


def _interval(bounds: Sequence[float], key: str, path: Path | None) -> tuple[float, float]:
    low, high = bounds
    if low > high:
        raise ScenarioError(
            path, key, f"expected [low, high] with low <= high, not [{low}, {high}]"
        )
    return (low, high)
