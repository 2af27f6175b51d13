"""How finely the map is drawn changes nothing (G-245 … G-248): each bundled scenario, played on
its own map and on the same map with every edge of open ground split by a place only passed
(:func:`mands_sim.scenario.split_edges`), has the same outcome distribution within a loose
bound: 100 seeded runs per map, win rates within 0.15 and a chi-square test of the outcomes
(who won, or nobody) below its 0.1 % critical value. ``benchmarks/bench_split_map.py`` plays
2,000 runs per map and prints each rate with its 95 % interval.

The scenarios whose runs take longest (the bank job, the mob, the flying blaster, the powers
showcase) are played by the benchmark only, as are the grunts' two variants on the grunts' own
map (Simpler Combat, Editing Points): their rules change no distance. A scene of this module's
own holds the rules that give the map room and height to the same test (G-271 … G-276): five
grunts run round a corner (a bend paid for, G-276) to two heroes, more than fit around one of
them (a ring of four, G-271); Skyhawk flies off to the tower when they come close and back when
they follow, out of their reach on the way (G-273, G-274), blasting them between flights.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import pytest

from mands_sim.scenario import ScenarioSpec, load_scenario, parse_scenario, split_edges
from mands_sim.simulation import Simulation

SCENARIOS = Path(__file__).parents[2] / "scenarios"
PLAYED = ("grunts", "rooftop_standoff", "street_chase")
RUNS = 100
WIN_RATE_BOUND = 0.15
CHI_SQUARE_0_1_PERCENT = {1: 10.83, 2: 13.82, 3: 16.27, 4: 18.47}
"""The chi-square distribution's 99.9th percentile by degrees of freedom."""


CORNER_CROWD = Path(__file__).parents[1] / "data" / "corner_crowd.toml"
"""Round the corner, a crowd and a flyer (module docstring); its sheets are ``scenarios/``'s."""
CORNER_CROWD_RUNS = 30
"""Its runs are slow (0.7 s): 30 per map, the win rates within :data:`CORNER_CROWD_GAP`; the
full measurement is ``benchmarks/bench_split_map.py``."""
CORNER_CROWD_GAP = 0.35
"""2.7 standard errors of the difference of two shares of 30 runs at 50 % (√(2 × ¼ / 30))."""


def outcomes(spec: ScenarioSpec, runs: int = RUNS) -> Counter[str]:
    """Who won each of ``runs`` seeded runs (seeds 0 …), ``-`` for nobody."""
    simulation = Simulation(spec)
    return Counter(simulation.run(seed=seed).winner or "-" for seed in range(runs))


def chi_square(one: Counter[str], other: Counter[str]) -> tuple[float, int]:
    """Pearson's statistic of the 2 × k table of outcome counts, and its degrees of freedom."""
    kinds = sorted(set(one) | set(other))
    total = sum(one.values()) + sum(other.values())
    statistic = 0.0
    for row in (one, other):
        size = sum(row.values())
        for kind in kinds:
            expected = size * (one[kind] + other[kind]) / total
            statistic += (row[kind] - expected) ** 2 / expected
    return statistic, max(1, len(kinds) - 1)


def test_split_edges_keeps_every_distance() -> None:
    spec = load_scenario(SCENARIOS / "street_chase.toml")
    split = split_edges(spec, pieces=3)
    assert len(split.map.places) == len(spec.map.places) + 2 * len(spec.map.edges)
    plain, fine = Simulation(spec).prepare().world, Simulation(split).prepare().world
    pairs = [(a, b) for a in spec.map.place_names for b in spec.map.place_names]
    assert all(fine.distance(a, b) == pytest.approx(plain.distance(a, b)) for a, b in pairs)
    new = [p for p in fine.places if p not in spec.map.place_names]
    assert not any(fine.is_landmark(p) for p in new)


@pytest.mark.parametrize("name", PLAYED)
def test_splitting_the_edges_of_open_ground_changes_no_outcome(name: str) -> None:
    spec = load_scenario(SCENARIOS / f"{name}.toml")
    plain, fine = outcomes(spec), outcomes(split_edges(spec))
    for side in spec.sides:
        gap = abs(plain[side.name] - fine[side.name]) / RUNS
        assert gap <= WIN_RATE_BOUND, (side.name, plain, fine)
    statistic, freedom = chi_square(plain, fine)
    assert statistic < CHI_SQUARE_0_1_PERCENT[freedom], (plain, fine)


def test_splitting_the_edges_keeps_crowding_turning_and_flight_as_they_were() -> None:
    data = tomllib.loads(CORNER_CROWD.read_text(encoding="utf-8"))
    spec = parse_scenario(data, base_dir=SCENARIOS)
    runs = CORNER_CROWD_RUNS
    plain, fine = outcomes(spec, runs), outcomes(split_edges(spec), runs)
    for side in spec.sides:
        gap = abs(plain[side.name] - fine[side.name]) / runs
        assert gap <= CORNER_CROWD_GAP, (side.name, plain, fine)
    statistic, freedom = chi_square(plain, fine)
    assert statistic < CHI_SQUARE_0_1_PERCENT[freedom], (plain, fine)
