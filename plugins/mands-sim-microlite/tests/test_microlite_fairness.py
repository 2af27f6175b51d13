"""A Microlite verdict comes from the encounter, not from how it is written: a mirror match is
even whichever side is listed first, and renaming the characters or listing them in another
order moves no result beyond its interval (quick loose bounds; ``docs/fairness.md``)."""

from __future__ import annotations

import math
import tomllib
from pathlib import Path
from typing import Any

from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
RUNS = 100


def scenario(name: str) -> dict[str, Any]:
    return tomllib.loads((SCENARIOS / name).read_text(encoding="utf-8"))


def wins(data: dict[str, Any], side: str, runs: int = RUNS) -> int:
    spec = parse_scenario(data, path=SCENARIOS / "case.toml")
    simulation = Simulation(spec)
    return sum(simulation.run(seed=seed).winner == side for seed in range(runs))


def wilson(successes: int, runs: int) -> tuple[float, float]:
    p, z = successes / runs, 1.96
    centre = (p + z * z / (2 * runs)) / (1 + z * z / runs)
    half = z * math.sqrt(p * (1 - p) / runs + z * z / (4 * runs * runs)) / (1 + z * z / runs)
    return centre - half, centre + half


def overlap(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return a[0] <= b[1] and b[0] <= a[1]


def mirror() -> dict[str, Any]:
    """Brother Aldric against himself, one on each side."""
    data = scenario("tavern_brawl.toml")
    data.pop("expect")
    heroes, bandits = data["sides"]
    heroes["characters"] = [heroes["characters"][0]]
    bandits["characters"] = [{**heroes["characters"][0], "id": "twin"}]
    return data


def test_a_mirror_match_is_even_whichever_side_is_listed_first() -> None:
    data = mirror()
    first = wins(data, "heroes")
    swapped = {**data, "sides": list(reversed(data["sides"]))}
    again = wins(swapped, "heroes")
    for won in (first, again):
        low, high = wilson(won, RUNS)
        assert low <= 0.5 <= high, f"heroes won {won} of {RUNS} mirror matches"


def test_renaming_and_reordering_the_characters_moves_no_result() -> None:
    data = scenario("tavern_brawl.toml")
    data.pop("expect")
    renamed = tomllib.loads(
        (SCENARIOS / "tavern_brawl.toml")
        .read_text(encoding="utf-8")
        .replace('id = "aldric"', 'id = "zz-aldric"')
        .replace('id = "bandit"', 'id = "aa-thug"')
    )
    renamed.pop("expect")
    heroes = renamed["sides"][0]
    heroes["characters"] = list(reversed(heroes["characters"]))
    before, after = wins(data, "heroes"), wins(renamed, "heroes")
    assert overlap(wilson(before, RUNS), wilson(after, RUNS)), (before, after)
