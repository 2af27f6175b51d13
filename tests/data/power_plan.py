"""Test helpers for the power kit and the power plugins: a planned mind and small encounters.

:class:`PlanMind` starts each planned intent on its segment (waiting until then), spends PR as
told (``spend``: action name → effect → PR) and Combat-Roll Q as told (``quality``), and answers
``sustain_power`` with ``sustain``; without ``spend`` it has no ``spend_power`` (the defaults).
The scenes the power tests share: :func:`duel` runs Seraph against Sun-Ruler with such minds
(:func:`duel_simulation` is its prepared simulation); a :class:`CastScene` plays any cast on a
line of places (sheets from :func:`sheet`); a :class:`Bout` puts heroes with their powers
against copies of Sun-Ruler around them.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

from mands_sim.actions import ActionInProgress, Intent, QualityAllocation
from mands_sim.dice import DiceSource
from mands_sim.events import Event
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from mands_sim.testing import PlannedMind

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


class PlanMind(PlannedMind):
    """Plays ``plan`` — ``(segment, intent)`` pairs in order — then does nothing
    (:class:`mands_sim.testing.PlannedMind`), spending PR as ``spend`` says."""

    def __init__(
        self,
        plan: Iterable[tuple[int, Intent]] = (),
        *,
        spend: Mapping[str, Mapping[str, int]] | None = None,
        quality: QualityAllocation | None = None,
        sustain: bool = True,
    ) -> None:
        super().__init__(*plan, quality=quality)
        self.spend = dict(spend or {})
        if spend is None:  # a mind without spend_power: each use's default spend
            self.spend_power = None  # type: ignore[method-assign,assignment]
        self.sustain = sustain
        self.asked: list[tuple[str, int]] = []

    def spend_power(
        self, encounter: Encounter, actor: str, intent: Intent, power: str, pr: int
    ) -> Mapping[str, int]:
        self.asked.append((power, pr))
        return self.spend[intent.action]

    def sustain_power(self, encounter: Encounter, actor: str, action: ActionInProgress) -> bool:
        return self.sustain


def use(action: str, power: str, target: str | None = None, **options: Any) -> Intent:
    """An intent for a power action naming the sheet's ``power`` (for %Control)."""
    return Intent(action, target=target, options={**options, "power": power})


def duel(
    minds: Mapping[str, Any],
    dice: DiceSource,
    *,
    until: int,
    meters: float = 0.0,
    defaults: Mapping[str, Any] | None = None,
    heroes: Iterable[str] = ("seraph",),
) -> list[Event]:
    """Seraph (heroes: one per id in ``heroes``) against Sun-Ruler (villains), ``meters`` apart
    on an open map (0: one place), played by ``minds``; the events up to segment ``until``.

    The prepared simulation (plugins, charts, characters) is shared by every duel of the same
    shape; only the minds and dice are new."""
    simulation = duel_simulation(meters, defaults, heroes)
    simulation.minds = dict(minds)
    simulation.dice = dice
    events: list[Event] = []
    simulation.run(until=until, observers=[events.append])
    return events


def duel_simulation(
    meters: float = 0.0,
    defaults: Mapping[str, Any] | None = None,
    heroes: Iterable[str] = ("seraph",),
) -> Simulation:
    """The prepared simulation :func:`duel` plays (shared: set its minds and dice before use)."""
    return _simulation(meters, tuple(sorted((defaults or {}).items())), tuple(heroes))


@cache
def _simulation(
    meters: float, defaults: tuple[tuple[str, Any], ...], heroes: tuple[str, ...]
) -> Simulation:
    places: list[dict[str, Any]] = [{"name": "here", "x": 0.0, "y": 0.0}]
    edges: list[dict[str, Any]] = []
    there = "here"
    if meters:
        there = "there"
        places.append({"name": "there", "x": meters, "y": 0.0})
        edges.append({"between": ["here", "there"]})
    data = {
        "format": 1,
        "name": "power test",
        "rules": {"defaults": dict(defaults)},
        "map": {"places": places, "edges": edges},
        "sides": [
            {"name": "heroes", "characters": [_fighter(h, "seraph.toml", "here") for h in heroes]},
            {"name": "villains", "characters": [_fighter("sun-ruler", "sun_ruler.toml", there)]},
        ],
        "stop": {"time_limit": 2500, "when": ["side-out-of-action"]},
    }
    return Simulation(parse_scenario(data, base_dir=SCENARIOS))


def _fighter(fighter_id: str, sheet: str, place: str) -> dict[str, Any]:
    return {"id": fighter_id, "sheet": f"characters/{sheet}", "place": place, "aware": True}


def of(events: list[Event], kind: type[Event], character: str | None = None) -> list[Any]:
    """The events of ``kind`` (about ``character``, if given), in order."""
    return [
        e
        for e in events
        if isinstance(e, kind) and (character is None or getattr(e, "character", "") == character)
    ]


# --- a cast on a line of places ----------------------------------------------------------------

Cast = Mapping[str, tuple[str, Mapping[str, Any], str]]
"""Character id → (side, sheet table, place)."""
Places = tuple[tuple[str, float], ...]
"""(place, x) in order along a line; each joined to the next by a straight way."""


def sheet(file: str, **powers: Mapping[str, Any]) -> dict[str, Any]:
    """The sample sheet ``file`` as a table, with ``powers`` instead of its own."""
    table = tomllib.loads((SCENARIOS / "characters" / file).read_text(encoding="utf-8"))
    return {**table, "powers": {name: dict(power) for name, power in powers.items()}}


class CastScene:
    """A ``cast`` on ``places``: :meth:`run` plays it with the given minds (the others idle)
    and dice; one prepared simulation per set of rules defaults, built on first use."""

    def __init__(self, cast: Cast, places: Places, name: str = "power test") -> None:
        self.cast = cast
        self.places = places
        self.name = name
        self._simulations: dict[tuple[tuple[str, str], ...], Simulation] = {}

    def run(
        self, minds: Mapping[str, Any], dice: DiceSource, until: int, **defaults: str
    ) -> Encounter:
        """The cast played by ``minds`` (the others idle) to segment ``until``."""
        simulation = self.simulation(tuple(sorted(defaults.items())))
        simulation.minds = {who: minds.get(who, PlanMind()) for who in self.cast}
        simulation.dice = dice
        encounter = simulation.start()
        encounter.run(until=until)
        return encounter

    def simulation(self, defaults: tuple[tuple[str, str], ...]) -> Simulation:
        found = self._simulations.get(defaults)
        if found is None:
            found = self._simulations[defaults] = Simulation(
                parse_scenario(self.scenario(defaults), base_dir=SCENARIOS)
            )
        return found

    def scenario(self, defaults: tuple[tuple[str, str], ...]) -> dict[str, Any]:
        sides: dict[str, list[dict[str, Any]]] = {}
        for who, (side, table, place) in self.cast.items():
            entry = {"id": who, "sheet": dict(table), "place": place, "aware": True}
            sides.setdefault(side, []).append(entry)
        places = self.places
        return {
            "format": 1,
            "name": self.name,
            "rules": {"defaults": dict(defaults)},
            "map": {
                "places": [{"name": name, "x": x, "y": 0.0} for name, x in places],
                "edges": [{"between": [a, b]} for (a, _), (b, _) in pairwise(places)],
            },
            "sides": [{"name": name, "characters": cast} for name, cast in sides.items()],
            "stop": {"time_limit": 2500},
        }


# --- heroes with powers against Sun-Rulers around them ------------------------------------------


class Bout:
    """``heroes`` (id → sheet table) at ``here`` against copies of Sun-Ruler, each ``villains[id]``
    meters from ``here`` along a straight way (0: at ``here``); the fight stops when a side is
    out of action. :meth:`play` runs it; one prepared simulation per set of rules defaults."""

    def __init__(self, heroes: Mapping[str, Mapping[str, Any]], villains: Mapping[str, float]):
        self.heroes = heroes
        self.villains = villains
        self._simulations: dict[tuple[tuple[str, Any], ...], Simulation] = {}

    def play(
        self, minds: Mapping[str, Any], dice: DiceSource, until: int, **defaults: Any
    ) -> list[Event]:
        """The events up to ``until``, played by ``minds`` (everyone else idle); ``defaults`` are
        the scenario's ``[rules.defaults]``, but for ``optional``: a tuple of optional rules."""
        simulation = self.simulation(tuple(sorted(defaults.items())))
        everyone = [*self.heroes, *self.villains]
        simulation.minds = {who: minds.get(who, PlanMind()) for who in everyone}
        simulation.dice = dice
        events: list[Event] = []
        simulation.run(until=until, observers=[events.append])
        return events

    def simulation(self, defaults: tuple[tuple[str, Any], ...]) -> Simulation:
        found = self._simulations.get(defaults)
        if found is None:
            scenario = parse_scenario(self.scenario(defaults), base_dir=SCENARIOS)
            found = self._simulations[defaults] = Simulation(scenario)
        return found

    def scenario(self, defaults: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
        away = {v: m for v, m in self.villains.items() if m}
        places = [{"name": "here", "x": 0.0, "y": 0.0}]
        places += [{"name": v, "x": m, "y": 0.0} for v, m in away.items()]
        heroes = [{"id": h, "sheet": dict(s), "place": "here"} for h, s in self.heroes.items()]
        villains = [
            {"id": v, "sheet": "characters/sun_ruler.toml", "place": v if v in away else "here"}
            for v in self.villains
        ]
        rules: dict[str, Any] = {"defaults": {k: v for k, v in defaults if k != "optional"}}
        optional = dict(defaults).get("optional")  # optional rules, a tuple of their names
        if optional:
            rules["optional"] = list(optional)
        return {
            "format": 1,
            "name": "power test",
            "rules": rules,
            "map": {"places": places, "edges": [{"between": ["here", v]} for v in away]},
            "sides": [
                {"name": "heroes", "characters": heroes},
                {"name": "villains", "characters": villains},
            ],
            "stop": {"time_limit": 2500, "when": ["side-out-of-action"]},
        }
