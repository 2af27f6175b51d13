"""Cross-reference checks for ``[stop]`` and ``[expect]``: sides, characters, places, events
and the golden log named.

Each check that fails records its problem and the others go on. A reference to a side or a
character is judged only when every side and character entry could be read (``roster`` is
``None`` otherwise), and to a place only when the map's places could (``Tables.place_names``;
an escape to any exit only when every place could, ``Tables.has_exit``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from pathlib import Path, PurePath
from types import MappingProxyType

from mands_sim.errors import ScenarioError
from mands_sim.inputs import resolved, shown
from mands_sim.scenario._errors import Findings, listed
from mands_sim.scenario._file import (
    CompleteActionObjective,
    EscapeObjective,
    ExpectTable,
    Objective,
)
from mands_sim.scenario._parts import Tables
from mands_sim.scenario._resolve import Member, Roster, check_unique
from mands_sim.scenario._spec import (
    EVENTS_OF_CHARACTERS,
    RISKS,
    ExpectSpec,
    ObjectiveSpec,
    StopSpec,
)
from mands_sim.units import Segment


def resolve_stop(tables: Tables, roster: Roster | None, found: Findings) -> StopSpec | None:
    """When the encounter stops, each objective's side, characters and place checked; ``None``
    when ``[stop]`` is broken. Sides and characters are judged only when ``roster`` is given
    (every side and character entry readable)."""
    table, objectives = tables.stop, tables.objectives
    if table is not None:
        check_unique(table.when, "stop.when[{}]", "each outcome condition once", found)
    specs = [
        found.checked(None, _objective, objective, f"stop.objectives[{index}]", tables, roster)
        for index, objective in enumerate(objectives)
        if objective is not None
    ]
    if table is None or None in specs or None in objectives:
        return None
    ready = tuple(spec for spec in specs if spec is not None)
    return StopSpec(Segment(table.time_limit), tuple(table.when), ready)


def _objective(
    objective: Objective, key: str, tables: Tables, roster: Roster | None
) -> ObjectiveSpec:
    place = getattr(objective, "place", None)
    places = tables.place_names
    if place is not None and places is not None and place not in places:
        raise ScenarioError(
            None,
            f"{key}.place",
            f"expected a place on the map ({listed(places)}), not {shown(place)}",
        )
    if isinstance(objective, EscapeObjective) and place is None:
        _check_exit(tables.has_exit, f"{key}.place")
    chosen: tuple[str, ...] = ()
    if roster is not None:
        side = _side(objective.side, roster, f"{key}.side")
        on_side = [member for member in roster.members if member.side == side]
        chosen = _chosen(objective.character, on_side, f"{key}.character")
    action = objective.action if isinstance(objective, CompleteActionObjective) else None
    wanted = objective.action_outcome if isinstance(objective, CompleteActionObjective) else None
    outcome = objective.outcome
    return ObjectiveSpec(objective.kind, objective.side, chosen, place, action, outcome, wanted)


def _check_exit(has_exit: bool | None, key: str) -> None:
    """An escape without a place needs an exit on the map to get away through (``None``: the
    map's exits are not known, a broken place may be one)."""
    if has_exit is False:
        raise ScenarioError(
            None, key, "expected a place to escape to: the map has no exit (exit = true)"
        )


def _side(name: str, roster: Roster, key: str) -> str:
    """``name`` if it names a side; the sides are listed the heroes' first."""
    names = [side.name for side in roster.sides]
    if name in names:
        return name
    raise ScenarioError(
        None, key, f"expected the name of a side ({listed(names)}), not {shown(name)}"
    )


def _chosen(ident: str | None, members: Sequence[Member], key: str) -> tuple[str, ...]:
    """The ids an objective counts: the one character or group named, else the whole side."""
    if ident is None:
        return tuple(member.id for member in members)
    chosen = tuple(m.id for m in members if ident in (m.id, m.group))
    if not chosen:
        raise ScenarioError(
            None, key, f"expected the id of a character or group of this side, not {shown(ident)}"
        )
    return chosen


def resolve_expect(
    table: ExpectTable | None,
    roster: Roster | None,
    found: Findings,
    base_dir: Path | None,
) -> ExpectSpec | None:
    """Expected results: each interval ordered, each side, character and event name known, the
    golden log inside the scenario's folder, and the batch's seed and runs given if needed."""
    if table is None:
        return None
    duration = table.duration
    expect = ExpectSpec(
        seed=table.seed,
        runs=table.runs,
        win_rate=MappingProxyType(_win_rates(table, roster, found)),
        draw_rate=_interval(table.draw_rate, "expect.draw_rate", found),
        timeout_rate=_interval(table.timeout_rate, "expect.timeout_rate", found),
        duration=_segments(duration.median if duration else None, "expect.duration.median", found),
        duration_p90=_segments(duration.p90 if duration else None, "expect.duration.p90", found),
        characters=_risks(table, roster, found),
        never=_events(table.never, "expect.never", roster, found),
        always=_events(table.always, "expect.always", roster, found),
        golden=found.checked(None, _golden, table, base_dir),
        golden_seed=table.golden_seed,
    )
    found.checked(None, _check_batch, expect)
    found.checked(None, _check_consistent, expect)
    return expect


def _win_rates(
    table: ExpectTable, roster: Roster | None, found: Findings
) -> dict[str, tuple[float, float]]:
    win_rate = {}
    for name, bounds in table.win_rate.items():
        key = f"expect.win_rate.{name}"
        if roster is not None:
            found.checked(None, _side, name, roster, key)
        interval = _interval(bounds, key, found)
        if interval is not None:
            win_rate[name] = interval
    return win_rate


def _segments(
    bounds: Sequence[int] | None, key: str, found: Findings
) -> tuple[Segment, Segment] | None:
    interval = _interval(bounds, key, found)
    if interval is None:
        return None
    low, high = interval
    return (Segment(int(low)), Segment(int(high)))


def _risks(
    table: ExpectTable, roster: Roster | None, found: Findings
) -> Mapping[str, Mapping[str, tuple[float, float]]]:
    """``[expect.characters.<id>]``: each id a character of the scenario, each range ordered."""
    risks = {}
    known = [member.id for member in roster.members] if roster is not None else []
    ids = set(known)
    for ident, risk_table in table.characters.items():
        key = f"expect.characters.{ident}"
        if roster is not None and ident not in ids:
            found.add(key, f"expected the id of a character ({listed(known)}), not {shown(ident)}")
        bounds = {
            risk: checked
            for risk in RISKS
            if (checked := _interval(getattr(risk_table, risk), f"{key}.{risk}", found))
        }
        risks[ident] = MappingProxyType(bounds)
    return MappingProxyType(risks)


def _events(
    events: Sequence[str], key: str, roster: Roster | None, found: Findings
) -> tuple[str, ...]:
    """``never``/``always``: every side and character an event names exists."""
    check_unique(events, key + "[{}]", "each event once", found)
    if roster is None:
        return tuple(events)
    ids = [member.id for member in roster.members]
    known_ids = set(ids)
    for index, event in enumerate(events):
        kind, _, name = event.partition(":")
        here = f"{key}[{index}]"
        if kind == "winner":
            found.checked(None, _side, name, roster, here)
        elif kind in EVENTS_OF_CHARACTERS and name not in known_ids:
            known = listed(ids)
            found.add(
                here, f"expected {kind}:<id> with a character's id ({known}), not {shown(event)}"
            )
    return tuple(events)


def _golden(table: ExpectTable, base_dir: Path | None) -> Path | None:
    """The golden log's file: named with its seed, relative to and inside the scenario's folder.

    The file need not exist yet (``--update-golden`` writes it)."""
    if (table.golden is None) != (table.golden_seed is None):
        missing = "golden_seed" if table.golden_seed is None else "golden"
        raise ScenarioError(
            None, f"expect.{missing}", "expected golden and golden_seed together, or neither"
        )
    if table.golden is None:
        return None
    if base_dir is None:
        raise ScenarioError(
            None, "expect.golden", "expected a scenario file: this one has no folder for its log"
        )
    base = base_dir.resolve()
    refuse = partial(_unusable_golden, shown(table.golden))
    file = resolved(base, table.golden, refuse)
    if PurePath(table.golden).is_absolute() or not file.is_relative_to(base):
        raise ScenarioError(
            None,
            "expect.golden",
            f"expected a path inside the scenario's folder, not {shown(table.golden)}",
        )
    return file


def _unusable_golden(name: str, why: str) -> ScenarioError:
    return ScenarioError(None, "expect.golden", f"expected a golden log file, not {name}: {why}")


def _check_consistent(expect: ExpectSpec) -> None:
    """No event can happen in every run and in none."""
    for index, event in enumerate(expect.always):
        if event in expect.never:
            raise ScenarioError(
                None,
                f"expect.always[{index}]",
                f"expected an event not also in never: {shown(event)}",
            )


def _check_batch(expect: ExpectSpec) -> None:
    """Expectations on a batch need the batch's seed and run count, stated in the file."""
    if not expect.needs_batch:
        return
    for name, value in (("seed", expect.seed), ("runs", expect.runs)):
        if value is None:
            raise ScenarioError(
                None,
                f"expect.{name}",
                f"expected the key '{name}' (the regression batch's {name}): "
                "[expect] states results of a batch of runs",
            )


def _interval(
    bounds: Sequence[float] | None, key: str, found: Findings
) -> tuple[float, float] | None:
    """``[low, high]`` as a pair, or ``None`` when not given or out of order (a problem)."""
    if bounds is None:
        return None
    low, high = bounds
    if low > high:
        found.add(key, f"expected [low, high] with low <= high, not [{low}, {high}]")
        return None
    return (low, high)
