"""Two sides on a small map, each with preset policies: do the presets fight?

:func:`duel` builds a scenario of two sides of one character each (:func:`teams`: of several),
``meters`` apart on a line of places 10 m from each other (so a runner can turn at every place)
with an exit at each end; the sheets are the bundled ones (``scenarios/characters``).
:func:`fights` plays it on several seeds.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from typing import Any

from mands_sim.events import ActionStarted, EndurancePaid, Event
from mands_sim.outcome import RunResult
from mands_sim.scenario import ScenarioSpec, parse_scenario
from mands_sim.simulation import Simulation

ROOT = Path(__file__).resolve().parents[2] / "scenarios"
TIME_LIMIT = 1000
"""Segments (20 rounds, ``docs/rules/combat.md`` §1): far more than a fight between grunts lasts."""


def places(meters: float, step: float = 10.0) -> list[dict[str, Any]]:
    """Places every ``step`` meters from 0 to ``meters`` (and one more beyond each end)."""
    count = int(meters // step)
    xs = [-step, *(i * step for i in range(count + 1)), count * step + step]
    if xs[-2] != meters:
        xs.insert(-1, meters)
    spots = [{"name": f"x{x:g}", "x": float(x), "y": 0.0} for x in xs]
    for end in (spots[0], spots[-1]):
        end["exit"] = True
    return spots


def duel(
    first: tuple[str, str],
    second: tuple[str, str],
    meters: float,
    *,
    options: Mapping[str, Mapping[str, Any]] | None = None,
    defaults: Mapping[str, Any] | None = None,
) -> ScenarioSpec:
    """``first`` and ``second`` ((policy, sheet file)), ids ``one`` and ``two``, ``meters``
    apart, both aware; ``options``: policy options by id."""
    return teams([first], [second], meters, options=options, defaults=defaults)


def teams(
    first: list[tuple[str, str]],
    second: list[tuple[str, str]],
    meters: float,
    *,
    options: Mapping[str, Mapping[str, Any]] | None = None,
    defaults: Mapping[str, Any] | None = None,
) -> ScenarioSpec:
    """Sides ``one`` and ``two`` ``meters`` apart, each member ((policy, sheet file)) at its
    side's end of the line: ids ``one``, ``one-2`` … and ``two``, ``two-2`` …"""
    spots = places(meters)
    edges = [{"between": [a["name"], b["name"]]} for a, b in pairwise(spots)]
    ends = (f"x{0:g}", f"x{meters:g}")
    sides = [
        {"name": side, "characters": [
            _character(side if i == 1 else f"{side}-{i}", policy, sheet, at, options or {})
            for i, (policy, sheet) in enumerate(members, start=1)
        ]}
        for side, members, at in zip(("one", "two"), (first, second), ends, strict=True)
    ]  # fmt: skip
    data = {
        "format": 1,
        "name": f"{first[0][0]} vs {second[0][0]}, {meters:g} m",
        "map": {"places": spots, "edges": edges},
        "sides": sides,
        "stop": {"time_limit": TIME_LIMIT, "when": ["side-out-of-action"]},
        "rules": {"defaults": dict(defaults or {})},
    }
    return parse_scenario(data, path=ROOT / "duel.toml")


def _character(
    who: str, policy: str, sheet: str, place: str, options: Mapping[str, Mapping[str, Any]]
) -> dict[str, Any]:
    character: dict[str, Any] = {"id": who, "sheet": f"characters/{sheet}", "place": place}
    character.update(aware=True, policy=policy)
    if who in options:
        character["policy_options"] = dict(options[who])
    return character


def fights(spec: ScenarioSpec, seeds: range) -> Iterator[tuple[RunResult, list[Event]]]:
    """Each seed's result and event log."""
    simulation = Simulation(spec)
    for seed in seeds:
        events: list[Event] = []
        yield simulation.run(seed=seed, observers=[events.append]), events


def timed_out(results: list[tuple[RunResult, list[Event]]]) -> int:
    """How many of ``results`` ended at the time limit."""
    return sum(1 for result, _ in results if result.reason == "time limit")


def started(events: list[Event], who: str) -> list[str]:
    """The actions ``who`` started, in order."""
    return [e.action for e in events if isinstance(e, ActionStarted) and e.character == who]


def lowest_ep(events: list[Event], who: str) -> Fraction:
    """The lowest EP ``who`` was left with after any payment (0 if it never paid)."""
    paid = [e for e in events if isinstance(e, EndurancePaid) and e.character == who]
    return min((e.endurance_after for e in paid), default=Fraction(0))
