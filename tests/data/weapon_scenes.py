"""Test helpers for the weapons (``mands_rulebook.combat.weapons`` and its modules): a scripted
mind,
weapon intents, and the alley and street scenes with changed rules.

``weapons_alley.toml``: Dexter and Sinister in an alley, weapons holstered; ``range_street.toml``:
a gunman at a window over a street and his mark (:func:`throw_at_street` puts the mark 15 m
down the street and has the gunman draw a rock and throw it).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.dice import ScriptedDice
from mands_sim.events import Event
from mands_sim.kernel.contracts import Mind
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import ScenarioSpec, parse_scenario
from mands_sim.simulation import Simulation

DATA = Path(__file__).parent
ALLEY = DATA / "weapons_alley.toml"
STREET = DATA / "range_street.toml"


class Script:
    """Ask for ``intents`` in turn, then nothing; spend Q as ``spend`` says (default: Attack)."""

    def __init__(self, *intents: Intent, spend: QualityAllocation | None = None) -> None:
        self.intents = list(intents)
        self.spend = spend

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return self.intents.pop(0) if self.intents else None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return self.spend or QualityAllocation(attack=quality)


def attack(weapon: str, target: str) -> Intent:
    return Intent("weapon-attack", target=target, options={"weapon": weapon})


def draw(weapon: str) -> Intent:
    return Intent("draw-weapon", options={"weapon": weapon})


def scenario(
    path: Path,
    defaults: dict[str, Any] | None = None,
    change: Callable[[dict[str, Any]], None] | None = None,
) -> ScenarioSpec:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data.setdefault("rules", {}).setdefault("defaults", {}).update(defaults or {})
    if change is not None:
        change(data)
    return parse_scenario(data, path=path)


def run(
    spec: ScenarioSpec, dice: dict[str, list[int]], minds: dict[str, Mind], until: int
) -> tuple[Encounter, list[Event]]:
    events: list[Event] = []
    encounter = Simulation(spec, dice=ScriptedDice(dice), minds=minds).build([events.append])
    encounter.run(until=until)
    return encounter, events


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def throw_at_street(
    defaults: dict[str, Any], dice: dict[str, list[int]]
) -> tuple[Encounter, list[Event]]:
    def mark_in_the_street(data: dict[str, Any]) -> None:
        data["sides"][1]["characters"][0]["place"] = "street"

    minds: dict[str, Mind] = {
        "gunman": Script(draw("rock"), attack("rock", "mark")),
        "mark": Script(),
    }
    return run(scenario(STREET, defaults, mark_in_the_street), dice, minds, until=20)
