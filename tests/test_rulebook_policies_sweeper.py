"""The ``sweeper`` policy (``src/mands_rulebook/policies/sweeper.py``, registered by
``mands_rulebook.combat.opponents``; not rules text): Attack split to meet each Defense, and the mob
swept and followed through."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mands_rulebook.policies.sweeper import Sweeper
from mands_sim.dice import SeededDice
from mands_sim.events import ActionResolved, DefenseChanged, Event, RollMade
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from tests.data.duels import fights, started, teams, timed_out
from tests.data.fighters import sample
from tests.data.opponents_scenes import mob_of_three

MOB = Path(__file__).parent.parent / "scenarios" / "mob.toml"


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def test_sweeper_splits_its_attack_to_meet_each_defense() -> None:
    """Defenses 2, 0, 1 and 5 Attack: 2, 0, 1 meet them, the 2 left go 1 and 1 to the first."""
    encounter, _ = mob_of_three(dice=[])
    encounter.emit([DefenseChanged(0, "a", 2, "test"), DefenseChanged(0, "c", 1, "test")])
    assert Sweeper({}).split_attack(encounter, "hero", ("a", "b", "c"), 5) == [3, 1, 1]


def test_mands_register_policies_sweeper_sweeps_the_mob_and_follows_through() -> None:
    """Seraph (Combat Roll 14, Pool 1) with a club in hand (G-81: fists cannot sweep), in a
    warehouse with six grunts, sweeps three of them: pool 1 − 2 = −1, needs 13; his sweeps are
    followed by sweep-blows; the encounter ends."""
    spec = parse_scenario(
        {
            "format": 1,
            "name": "warehouse mob",
            "map": {"places": [{"name": "warehouse"}]},
            "sides": [
                {"name": "heroes", "characters": [
                    {"id": "seraph", "sheet": sample("seraph", equipment=["club"]),
                     "place": "warehouse",
                     "policy": "sweeper", "policy_options": {"max_targets": 3}}]},
                {"name": "mob", "characters": [
                    {"id": "grunt", "count": 6, "sheet": "characters/dexter.toml",
                     "place": "warehouse"}]},
            ],
            "stop": {"time_limit": 2500},
            "rules": {"defaults": {"G62_weapons_start": "readied"}},
        },
        base_dir=MOB.parent,
    )  # fmt: skip
    events: list[Event] = []
    Simulation(spec, seed=0, dice=SeededDice(7)).run(observers=[events.append])
    sweeps = [
        e for e in of(events, RollMade) if (e.character, e.purpose) == ("seraph", "combat roll")
    ]
    assert sweeps and all(e.target + e.pool_bonus == 13 for e in sweeps)
    started = [e.action for e in of(events, ActionResolved) if e.character == "seraph"]
    assert "sweep" in started and "sweep-blow" in started
    assert events[-1].kind == "encounter-ended"


def test_a_sweeper_ten_meters_from_two_grunts_closes_in_and_finishes() -> None:
    """Dexter, a sweeper, 10 m from Sinister and his twin: he runs in and fights (sweeping them
    once both are in reach), and every fight ends before the time limit."""
    twins = [("nearest-enemy", "sinister.toml"), ("nearest-enemy", "sinister.toml")]
    spec = teams([("sweeper", "dexter.toml")], twins, 10)
    results = list(fights(spec, range(6)))
    assert timed_out(results) == 0
    assert all({"fist-attack", "sweep"} & {*started(events, "one")} for _, events in results)
