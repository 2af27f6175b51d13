"""Small scenes for the multiple-opponent, explosion and thrown-object tests (not rules text).

:func:`scene` builds an encounter from sides of sheets (the grunt of ``tests/data/fighters.py``
unless a test gives another), places and edges; :class:`Plays` is a mind that asks for a list
of intents in turn and spends Quality as told; :func:`mob_of_three` puts a hero against three
grunts in one place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.dice import ScriptedDice
from mands_sim.events import Event
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from tests.data.fighters import ROOT, grunt


class Plays:
    """Ask for ``intents`` in turn, one whenever free to act, then nothing; spend Q as
    ``spend`` says (default: all on Attack)."""

    def __init__(self, *intents: Intent, spend: QualityAllocation | None = None) -> None:
        self.intents = list(intents)
        self.spend = spend
        self.offered: list[int] = []

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return self.intents.pop(0) if self.intents else None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        self.offered.append(quality)
        return self.spend or QualityAllocation(attack=quality)


def scene(
    sides: Mapping[str, Mapping[str, Mapping[str, Any]]],
    *,
    where: Mapping[str, str] | None = None,
    places: Sequence[str] = ("ring",),
    edges: Sequence[tuple[str, str, float]] = (),
    blocked: Sequence[tuple[str, str]] = (),
    defaults: Mapping[str, Any] | None = None,
    dice: Mapping[str, list[int]] | None = None,
    minds: Mapping[str, object] | None = None,
    plugins: Mapping[str, object] | None = None,
    events: list[Event] | None = None,
    roles: Mapping[str, str] | None = None,
    sizes: Mapping[str, float] | None = None,
) -> Encounter:
    """An encounter, nothing run yet: ``sides`` maps side → id → sheet; everyone stands at
    ``where[id]`` (default the first place); ``blocked`` pairs of places cannot see each
    other; ``dice`` scripts each id's stream; ``roles`` gives ids a role (G-235); ``sizes``
    gives places a size in meters (G-292)."""
    spots = dict(where or {})
    data: dict[str, Any] = {
        "format": 1,
        "name": "test scene",
        "map": {
            "places": [{"name": name} | place_size(name, sizes) for name in places],
            "edges": [{"between": [a, b], "length": length} for a, b, length in edges],
            "blocked_sight": [list(pair) for pair in blocked],
        },
        "sides": [
            {
                "name": side,
                "characters": [
                    {"id": i, "sheet": dict(sheet), "place": spots.get(i, places[0])}
                    | ({"role": roles[i]} if roles and i in roles else {})
                    for i, sheet in members.items()
                ],
            }
            for side, members in sides.items()
        ],
        "stop": {"time_limit": 500},
        "rules": {"defaults": dict(defaults or {})},
    }
    simulation = Simulation(
        parse_scenario(data, base_dir=ROOT / "scenarios"),
        dice=ScriptedDice(dict(dice or {})),
        minds=dict(minds or {}),  # type: ignore[arg-type]
        extra_plugins=dict(plugins or {}),
    )
    return simulation.build([events.append] if events is not None else [])


def mob_of_three(
    *intents: Intent,
    dice: list[int],
    spend: QualityAllocation | None = None,
    weapon: str | None = None,
    roles: Mapping[str, str] | None = None,
    **defaults: Any,
) -> tuple[Encounter, list[Event]]:
    """The hero against a, b and c, all in one place; a, b and c do nothing (``roles`` may make
    one a bystander or hostage). With ``weapon`` the hero holds it ready from the start (G-62
    ``readied``). With ``intents`` the hero plays them, and the encounter is run to segment
    40."""
    events: list[Event] = []
    hero = grunt() if weapon is None else grunt(equipment=[weapon])
    if weapon is not None:
        defaults = {"G62_weapons_start": "readied", **defaults}
    encounter = scene(
        {"heroes": {"hero": hero}, "mob": {i: grunt() for i in "abc"}},
        dice={"hero": dice},
        minds={"hero": Plays(*intents, spend=spend), **{i: Plays() for i in "abc"}},
        defaults=defaults,
        events=events,
        roles=roles,
    )
    if intents:
        encounter.run(until=40)
    return encounter, events


def place_size(name: str, sizes: Mapping[str, float] | None) -> dict[str, float]:
    """A place table's ``size`` key, when ``sizes`` gives one."""
    return {"size": sizes[name]} if sizes and name in sizes else {}
