"""Cross-reference checks for ``[stop]`` and ``[expect]``: sides, characters and places named."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import MappingProxyType

from mands_sim.errors import ScenarioError
from mands_sim.scenario._errors import shown
from mands_sim.scenario._file import ExpectTable, ReachObjective, StopTable
from mands_sim.scenario._resolve import check_unique
from mands_sim.scenario._spec import (
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
    objectives = []
    for index, objective in enumerate(table.objectives):
        key = f"stop.objectives[{index}]"
        side = _side(objective.side, sides, f"{key}.side", path)
        members = [c for c in characters if c.side == side.name]
        chosen = _chosen(objective.character, members, f"{key}.character", path)
        place = objective.place if isinstance(objective, ReachObjective) else None
        if place is not None and place not in map_spec.place_names:
            names = ", ".join(map_spec.place_names)
            raise ScenarioError(
                path, f"{key}.place", f"expected a place on the map ({names}), not {shown(place)}"
            )
        action = None if isinstance(objective, ReachObjective) else objective.action
        objectives.append(
            ObjectiveSpec(objective.kind, side.name, chosen, place, action, objective.outcome)
        )
    return StopSpec(Segment(table.time_limit), tuple(table.when), tuple(objectives))


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
    table: ExpectTable | None, sides: Sequence[SideSpec], path: Path | None
) -> ExpectSpec | None:
    """Expected results, each interval ordered and each side named known."""
    if table is None:
        return None
    win_rate = {}
    for name, interval in table.win_rate.items():
        key = f"expect.win_rate.{name}"
        _side(name, sides, key, path)
        win_rate[name] = _interval(interval, key, path)
    draw_rate = _interval(table.draw_rate, "expect.draw_rate", path) if table.draw_rate else None
    duration = _interval(table.duration, "expect.duration", path) if table.duration else None
    return ExpectSpec(
        seed=table.seed,
        runs=table.runs,
        win_rate=MappingProxyType(win_rate),
        draw_rate=draw_rate,
        duration=(Segment(int(duration[0])), Segment(int(duration[1]))) if duration else None,
    )


def _interval(bounds: Sequence[float], key: str, path: Path | None) -> tuple[float, float]:
    low, high = bounds
    if low > high:
        raise ScenarioError(
            path, key, f"expected [low, high] with low <= high, not [{low}, {high}]"
        )
    return (low, high)
