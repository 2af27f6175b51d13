"""Test helpers for the power kit and the power plugins: a planned mind and small encounters.

:class:`PlanMind` starts each planned intent on its segment (waiting until then), spends PR as
told (``spend``: action name → effect → PR) and Combat-Roll Q as told (``quality``), and answers
``sustain_power`` with ``sustain``; without ``spend`` it has no ``spend_power`` (the defaults).
:func:`duel` runs Seraph against Sun-Ruler with such minds.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from mands_sim.actions import ActionInProgress, Intent, QualityAllocation, Wait
from mands_sim.dice import DiceSource
from mands_sim.events import Event
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


class PlanMind:
    """Plays ``plan`` — ``(segment, intent)`` pairs in order — then does nothing."""

    def __init__(
        self,
        plan: Iterable[tuple[int, Intent]] = (),
        *,
        spend: Mapping[str, Mapping[str, int]] | None = None,
        quality: QualityAllocation | None = None,
        sustain: bool = True,
    ) -> None:
        self.plan = deque(plan)
        self.spend = dict(spend or {})
        if spend is None:  # a mind without spend_power: each use's default spend
            self.spend_power = None  # type: ignore[method-assign,assignment]
        self.quality = quality or QualityAllocation()
        self.sustain = sustain
        self.asked: list[tuple[str, int]] = []

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        if not self.plan:
            return None
        segment, intent = self.plan[0]
        if segment > encounter.now:
            return Wait(segment, "planned")
        self.plan.popleft()
        return intent

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return self.quality if self.quality.total <= quality else QualityAllocation()

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
    simulation = _simulation(meters, tuple(sorted((defaults or {}).items())), tuple(heroes))
    simulation.minds = dict(minds)
    simulation.dice = dice
    events: list[Event] = []
    simulation.run(until=until, observers=[events.append])
    return events


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
