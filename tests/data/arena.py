"""A small street for the policy tests: places ``a``–``b``–``c``–``d`` 10 m apart in a line, an
exit ``out`` 10 m past ``d``, and a ``shed`` beside ``b`` that ``d`` cannot see.

``arena({"hero": ("heroes", "a", sheet, policy, options), ...})`` builds the encounter, nothing
run yet; sheets are the names of the sample sheets (``scenarios/characters``) or inline tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from mands_sim.dice import ScriptedDice
from mands_sim.events import DamageTaken, Moved
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from mands_sim.world import Position

ROOT = Path(__file__).resolve().parents[2]

PLACES = [
    {"name": "a", "x": 0.0, "y": 0.0},
    {"name": "b", "x": 10.0, "y": 0.0},
    {"name": "c", "x": 20.0, "y": 0.0},
    {"name": "d", "x": 30.0, "y": 0.0},
    {"name": "out", "x": 40.0, "y": 0.0, "exit": True},
    {"name": "shed", "x": 10.0, "y": 10.0},
]
EDGES = [["a", "b"], ["b", "c"], ["c", "d"], ["d", "out"], ["b", "shed"]]

Entry = tuple[str, str, Any, str | None, Mapping[str, Any]]
"""side, place, sheet (sample name or inline table), policy, policy options."""


def scenario_data(
    cast: Mapping[str, Entry],
    *,
    defaults: Mapping[str, Any] | None = None,
    limit: int = 1000,
    roles: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The street's scenario table; ``roles`` gives characters a role (G-235)."""
    sides: dict[str, list[dict[str, Any]]] = {}
    for ident, (side, place, sheet, policy, options) in cast.items():
        entry: dict[str, Any] = {"id": ident, "place": place, "policy_options": dict(options)}
        if roles and ident in roles:
            entry["role"] = roles[ident]
        entry["sheet"] = f"characters/{sheet}.toml" if isinstance(sheet, str) else dict(sheet)
        if policy is not None:
            entry["policy"] = policy
        sides.setdefault(side, []).append(entry)
    data: dict[str, Any] = {
        "format": 1,
        "name": "the street",
        "map": {
            "places": PLACES,
            "edges": [{"between": pair} for pair in EDGES],
            "blocked_sight": [["d", "shed"]],
        },
        "sides": [{"name": n, "characters": chars} for n, chars in sides.items()],
        "stop": {"time_limit": limit},
    }
    if defaults:
        data["rules"] = {"defaults": dict(defaults)}
    return data


def simulation(
    cast: Mapping[str, Entry],
    *,
    defaults: Mapping[str, Any] | None = None,
    dice: Mapping[str, list[int]] | None = None,
    seed: int = 0,
    limit: int = 1000,
    minds: Mapping[str, object] | None = None,
    roles: Mapping[str, str] | None = None,
) -> Simulation:
    scenario = parse_scenario(
        scenario_data(cast, defaults=defaults, limit=limit, roles=roles),
        base_dir=ROOT / "scenarios",
    )
    return Simulation(
        scenario,
        seed=seed,
        dice=None if dice is None else ScriptedDice(dict(dice)),
        minds=dict(minds or {}),  # type: ignore[arg-type]
    )


def arena(cast: Mapping[str, Entry], **settings: Any) -> Encounter:
    """The encounter with its ``EncounterStarted`` logged, opening events not yet applied."""
    return simulation(cast, **settings).start()


def opened(cast: Mapping[str, Entry], **settings: Any) -> Encounter:
    """The encounter after its opening (surprise, weapons readied under G-62) at segment 0."""
    encounter = arena(cast, **settings)
    encounter.emit(encounter.rules.opening(encounter))
    return encounter


def hurt(encounter: Encounter, who: str, *, vp: int, dp: int) -> None:
    """Set ``who``'s VP and Body DP as a blow would (a ``DamageTaken`` event from ``nobody``)."""
    encounter.emit([DamageTaken(encounter.now, who, "nobody", 0, 0, vp, dp)])


def put(encounter: Encounter, who: str, position: Position) -> None:
    """Move ``who`` as a throwback would (a ``Moved`` event)."""
    encounter.emit(
        [Moved(encounter.now, who, position.place, position.toward, position.offset, "placed")]
    )


VAULT_WORK = {"do": "skill-check", "options": {"skill": "Opening Locks", "lock_type": 5}}
"""The safecracker's one rule: work on the Type 5 lock (as in the bank job)."""

VAULT_OBJECTIVE = {
    "kind": "complete-action",
    "side": "crew",
    "character": "safecracker",
    "action": "skill-check",
    "action_outcome": "succeeded",
}
"""The crew wins when the lock opens (as in the bank job)."""


def vault_job(hero_rules: list[dict[str, Any]], **settings: Any) -> Simulation:
    """Dexter (rules ``hero_rules``, falling back to waiting) at ``a``; the crew's grunt, who
    does nothing, at ``b`` (10 m); the safecracker working on the lock at ``c`` (20 m), whose
    success wins the crew the fight."""
    idle = {"fallback": "wait"}
    cast: dict[str, Entry] = {
        "dexter": ("heroes", "a", "dexter", "priority", {"rules": hero_rules, **idle}),
        "grunt": ("crew", "b", "gunman", "priority", idle),
        "safecracker": ("crew", "c", "safecracker", "priority", {"rules": [VAULT_WORK], **idle}),
    }
    data = scenario_data(cast, defaults=settings.pop("defaults", None))
    data["stop"]["objectives"] = [VAULT_OBJECTIVE]
    scenario = parse_scenario(data, base_dir=ROOT / "scenarios")
    return Simulation(scenario, **settings)
