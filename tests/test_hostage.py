"""The bundled hostage scenario (``scenarios/hostage.toml``): roles and the protect objective."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from mands_rulebook.kit.explosions import Exploded
from mands_sim.events import ActionStarted, Event
from mands_sim.outcome import RunResult
from mands_sim.scenario import load_scenario, parse_scenario
from mands_sim.simulation import Simulation
from mands_sim.variants import with_defaults

HOSTAGE_PATH = Path(__file__).parent.parent / "scenarios" / "hostage.toml"
HOSTAGE = load_scenario(HOSTAGE_PATH)
RUNS = 20


@pytest.fixture(scope="module")
def played() -> list[tuple[RunResult, list[Event]]]:
    simulation = Simulation(HOSTAGE)
    runs = []
    for seed in range(RUNS):
        events: list[Event] = []
        runs.append((simulation.run(seed=seed, observers=[events.append]), events))
    return runs


def test_the_teller_is_a_hostage_of_the_police() -> None:
    teller = HOSTAGE.character("teller")
    assert (teller.side, teller.role, teller.combatant) == ("police", "hostage", False)


def test_the_hostage_is_never_attacked(played: list[tuple[RunResult, list[Event]]]) -> None:
    aimed = [
        e
        for _, events in played
        for e in events
        if isinstance(e, ActionStarted) and e.target == "teller"
    ]
    assert aimed == []


def test_the_hostage_never_acts(played: list[tuple[RunResult, list[Event]]]) -> None:
    acted = [
        e
        for _, events in played
        for e in events
        if isinstance(e, ActionStarted) and e.character == "teller"
    ]
    assert acted == []


def frail_teller_scenario() -> dict[str, Any]:
    """The hostage scenario with the teller at Constitution 3 and Build 5 (few DP) and the
    bomber resting instead of giving up (G-232 ``rest``)."""
    data = with_defaults(tomllib.loads(HOSTAGE_PATH.read_text()), {"G232_spent_fighters": "rest"})
    teller = tomllib.loads((HOSTAGE_PATH.parent / "characters" / "teller.toml").read_text())
    teller["abilities"]["constitution"], teller["attributes"]["build"] = 3, 5
    for side in data["sides"]:
        for character in side["characters"]:
            if character["id"] == "teller":
                character["sheet"] = teller
    return data


def test_the_protect_objective_decides_some_runs_for_the_crew() -> None:
    """G-236: the teller caught by the bomber's anti-matter loses the police the fight. A frail
    teller beside the officers the blasts are aimed at goes down in some runs (4 of these 20),
    and each such run is the crew's by the objective."""
    simulation = Simulation(parse_scenario(frail_teller_scenario(), path=HOSTAGE_PATH))
    runs = [simulation.run(seed=seed) for seed in range(RUNS)]
    reasons = Counter((r.winner, r.reason) for r in runs)
    assert reasons[("crew", "objective: teller not protected")] > 0


def test_the_teller_stands_within_the_blasts(
    played: list[tuple[RunResult, list[Event]]],
) -> None:
    """G-292: at the lobby (a place without a size) the teller stands beside the officers the
    bomber aims at, so the blasts that catch an officer there catch the teller too."""
    caught = [e.caught for _, events in played for e in events if isinstance(e, Exploded)]
    with_officer = [c for c in caught if any(who.startswith("officer") for who in c)]
    assert with_officer
    assert all("teller" in c for c in with_officer if "gunman-1" in c or "gunman-2" in c)


def test_the_police_lose_with_only_the_hostage_standing(
    played: list[tuple[RunResult, list[Event]]],
) -> None:
    """G-235: the teller in action keeps no side in the fight."""
    knocked_out = [
        r for r, _ in played if r.reason == "the other side is out of action" and r.winner == "crew"
    ]
    assert knocked_out
    assert all(
        c.condition == "active"
        for r in knocked_out
        for c in r.characters
        if c.character_id == "teller"
    )
