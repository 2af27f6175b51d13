"""Test helpers for the template powers (``docs/rules/powers.md`` §3): one cast of characters, each
a sample sheet with other powers written inline, on one small map.

Building a simulation (its plugin manager) is most of a short run's cost, so every test of the
template powers plays the same cast (:data:`CAST`, on :data:`PLACES`); only the minds and dice
change. A character the test gives no mind stands idle (``tests.data.power_plan.PlanMind()``).

* heroes: ``carl`` (Seraph's sheet, no powers: Skin Temper 9/10, Willpower 80) at ``here``, with
  copies ``carl-there`` (10 m) and ``carl-far`` (150 m); ``voltage`` (Electric Power 17, %Control
  97) and ``voltage-immune`` (the same, Psychic Immunity 100); ``ghost`` (Seraph with his
  Psychic Invisibility PR 9 discovered, no %Control roll); ``tough`` (Seraph with Ignore Damage 3
  instead of his Skin Temper power); ``healer`` (Healing 7, %Control 96);
  ``brinn`` (Slide Molecules 12); ``mentor`` (Telepathy 10); ``blinker`` (Teleportation 17) and
  ``blinker-fast`` (the same, Speed (Teleportation) 10); ``hawkeye`` (a pistol, Sight Power 4);
  ``listener`` (Hearing Power 20); ``ally`` (no powers).
* villains, all on Sun-Ruler's sheet (Combat Roll 12, pool 1, Skin Temper 1, Willpower 56):
  ``sun-ruler`` (Fire Coat 12) and ``sun-immune`` (the same, Psychic Immunity 56); ``pulsar``
  (Gravity Control 12), ``magneto`` (Magnetism 7), ``shaker`` (Vibratory Power 12), ``mesmer``
  (Mind Control 12); ``enemy`` (no powers), ``enemy-immune`` (Psychic Immunity 56), ``enemy-far``
  (150 m) and ``enemy-roof`` (50 m).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from itertools import pairwise
from typing import Any

from mands_sim.dice import DiceSource
from mands_sim.events import Event
from mands_sim.kernel.encounter import Encounter
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import Registries, collect_registries
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from tests.data.power_plan import SCENARIOS, PlanMind

PLACES: tuple[tuple[str, float], ...] = (
    ("here", 0.0),
    ("there", 10.0),
    ("roof", 50.0),
    ("far", 150.0),
)
"""Places on a line (name, x meters), each joined to the next."""


def sheet(
    file: str = "sun_ruler.toml", *, powers: Mapping[str, Mapping[str, Any]], **changes: Any
) -> dict[str, Any]:
    """The sample sheet ``file`` as a table, with ``powers`` instead of its own and the top-level
    keys in ``changes`` replaced."""
    table = tomllib.loads((SCENARIOS / "characters" / file).read_text(encoding="utf-8"))
    return {**table, **changes, "powers": {name: dict(p) for name, p in powers.items()}}


ELECTRIC = {"Electric Power": {"power_rating": 17, "percent_control": 97}}
FIRE_COAT = {"Fire Coat": {"power_rating": 12}}
IMMUNE = {"Psychic Immunity": {"score": 56}}


def _seraph(**powers: Mapping[str, Any]) -> dict[str, Any]:
    return sheet("seraph.toml", powers=powers)


def _villain(**powers: Mapping[str, Any]) -> dict[str, Any]:
    return sheet(powers=powers)


CAST: dict[str, tuple[str, dict[str, Any], str]] = {
    "carl": ("heroes", _seraph(), "here"),
    "carl-there": ("heroes", _seraph(), "there"),
    "carl-far": ("heroes", _seraph(), "far"),
    "voltage": ("heroes", _seraph(**ELECTRIC), "here"),
    "voltage-immune": (
        "heroes",
        _seraph(**ELECTRIC, **{"Psychic Immunity": {"score": 100}}),
        "here",
    ),
    "tough": ("heroes", _seraph(**{"Ignore Damage": {"bonus": 3}}), "here"),
    "ghost": ("heroes", _seraph(**{"Psychic Invisibility": {"power_rating": 9}}), "here"),
    "healer": ("heroes", _seraph(Healing={"power_rating": 7, "percent_control": 96}), "here"),
    "brinn": ("heroes", _villain(**{"Slide Molecules": {"power_rating": 12}}), "here"),
    "mentor": ("heroes", _villain(Telepathy={"power_rating": 10}), "here"),
    "blinker": ("heroes", _villain(Teleportation={"power_rating": 17}), "here"),
    "blinker-fast": (
        "heroes",
        sheet(
            powers={"Teleportation": {"power_rating": 17}},
            skills={"Speed (Teleportation)": 10},
        ),
        "here",
    ),
    "hawkeye": (
        "heroes",
        sheet(powers={"Sight Power": {"power_rating": 4}}, equipment=["pistol"]),
        "here",
    ),
    "listener": ("heroes", _villain(**{"Hearing Power": {"power_rating": 20}}), "here"),
    "ally": ("heroes", _villain(), "here"),
    "sun-ruler": ("villains", _villain(**FIRE_COAT), "here"),
    "sun-immune": ("villains", _villain(**FIRE_COAT, **IMMUNE), "here"),
    "pulsar": ("villains", _villain(**{"Gravity Control": {"power_rating": 12}}), "here"),
    "magneto": ("villains", _villain(Magnetism={"power_rating": 7}), "here"),
    "shaker": ("villains", _villain(**{"Vibratory Power": {"power_rating": 12}}), "here"),
    "mesmer": ("villains", _villain(**{"Mind Control": {"power_rating": 12}}), "here"),
    "enemy": ("villains", _villain(), "here"),
    "enemy-immune": ("villains", _villain(**IMMUNE), "here"),
    "enemy-far": ("villains", _villain(), "far"),
    "enemy-roof": ("villains", _villain(), "roof"),
}
"""id → (side, inline sheet, place)."""


def cast_fight(
    minds: Mapping[str, Any],
    dice: DiceSource,
    *,
    until: int,
    defaults: Mapping[str, Any] | None = None,
) -> list[Event]:
    """The cast played by ``minds`` (the others idle); the events up to segment ``until``."""
    simulation = _simulation(tuple(sorted((defaults or {}).items())))
    simulation.minds = {who: minds.get(who, PlanMind()) for who in CAST}
    simulation.dice = dice
    events: list[Event] = []
    simulation.run(until=until, observers=[events.append])
    return events


def cast_encounter(dice: DiceSource) -> Encounter:
    """The cast at segment 0, started and not run, for asking the rules questions directly."""
    simulation = _simulation(())
    simulation.minds = {who: PlanMind() for who in CAST}
    simulation.dice = dice
    return simulation.start()


@cache
def installed_registries() -> Registries:
    """The registries of the installed plugins (collected once per test session)."""
    return collect_registries(make_plugin_manager(environ={}))


@cache
def _simulation(defaults: tuple[tuple[str, Any], ...]) -> Simulation:
    places = [{"name": name, "x": x, "y": 0.0} for name, x in PLACES]
    edges = [{"between": [a, b]} for (a, _), (b, _) in pairwise(PLACES)]
    sides: dict[str, list[dict[str, Any]]] = {}
    for fighter, (side, table, place) in CAST.items():
        entry = {"id": fighter, "sheet": table, "place": place, "aware": True}
        sides.setdefault(side, []).append(entry)
    scenario = {
        "format": 1,
        "name": "template powers",
        "rules": {"defaults": dict(defaults)},
        "map": {"places": places, "edges": edges},
        "sides": [{"name": name, "characters": chars} for name, chars in sides.items()],
        "stop": {"time_limit": 2500, "when": ["side-out-of-action"]},
    }
    return Simulation(parse_scenario(scenario, base_dir=SCENARIOS))
