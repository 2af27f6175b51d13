"""Small encounters for the damage, armor and combat-pool tests: sheets built from a grunt.

The grunt has the dice averages of the Simpler Combat grunts (``scenarios/characters/dexter.toml``
without its overrides): Strength 10, Constitution 10 → 10/50 + 10/25 = .6 on the Doubles chart
→ Skin Temper row 0 (1); Mass ≈ 63 kg, Body DP 5, VP 28, Hand Damage 5.
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from mands_sim.dice import DiceSource, ScriptedDice
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation

ROOT = Path(__file__).resolve().parents[2]
CHARACTERS = ROOT / "scenarios" / "characters"

GRUNT: dict[str, Any] = {
    "format": 1,
    "name": "Grunt",
    "special": False,
    "equipment": [],
    "abilities": {
        "strength": 10,
        "agility": 10,
        "constitution": 10,
        "learning": 10,
        "newoen": 14,
        "active_charisma": 10,
        "normal_charisma": 10,
    },
    "attributes": {"beauty": 14, "build": 25, "height": 1.75, "hearing": 14, "sight": 14},
    "skills": {"Fistfighting": 2},
}


def grunt(**changes: Any) -> dict[str, Any]:
    """The grunt's sheet with top-level keys replaced (``equipment=[...]``, ``skills={...}``)."""
    sheet = copy.deepcopy(GRUNT)
    sheet.update(copy.deepcopy(changes))
    return sheet


def sample(name: str, **changes: Any) -> dict[str, Any]:
    """A sample sheet from ``scenarios/characters`` as a table, top-level keys replaced."""
    with open(CHARACTERS / f"{name}.toml", "rb") as handle:
        sheet = tomllib.load(handle)
    sheet.update(copy.deepcopy(changes))
    return sheet


def fight(
    fighters: Mapping[str, Mapping[str, Any]],
    *,
    defaults: Mapping[str, Any] | None = None,
    dice: Mapping[str, list[int]] | DiceSource | None = None,
    minds: Mapping[str, object] | None = None,
) -> Encounter:
    """An encounter, nothing run yet: the first fighter on one side, the rest on the other, all
    in one place. ``dice`` scripts each fighter's stream (their Cover rolls come from it)."""
    ids = list(fighters)
    entries = [{"id": i, "sheet": dict(fighters[i]), "place": "ring"} for i in ids]
    data: dict[str, Any] = {
        "format": 1,
        "name": "test fight",
        "map": {"places": [{"name": "ring"}]},
        "sides": [
            {"name": "first", "characters": entries[:1]},
            {"name": "others", "characters": entries[1:]},
        ],
        "stop": {"time_limit": 500},
    }
    if defaults:
        data["rules"] = {"defaults": dict(defaults)}
    source = ScriptedDice(dict(dice or {})) if dice is None or isinstance(dice, Mapping) else dice
    simulation = Simulation(
        parse_scenario(data, base_dir=ROOT / "scenarios"),
        dice=source,
        minds=dict(minds or {}),  # type: ignore[arg-type]
    )
    return simulation.build()
