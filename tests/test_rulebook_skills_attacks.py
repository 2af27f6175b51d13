"""What the skill attacks share (``mands_rulebook.skills.attacks``)."""

from __future__ import annotations

from typing import Any

from mands_rulebook.kit.surprise import ActionPenaltyChanged, Surprised
from mands_rulebook.kit.throwback import ThrownBack
from mands_rulebook.skills.attacks import (
    ATTACK_SKILLS,
    THROWS,
    ep_row_costing,
    loses_segments,
    skill_attack,
    thrown,
)
from mands_sim.events import ConditionImposed, DamageTaken, Moved
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from tests.data.fighters import ROOT, fight, grunt


def test_a_skill_attack_is_a_combat_roll_at_row_5_needing_a_target() -> None:
    definition = skill_attack("martial-kick", "a kick")
    assert (definition.performance_time, definition.ep_row, definition.needs_target) == (
        15,
        5,
        True,
    )
    assert set(ATTACK_SKILLS) >= THROWS


def test_focus_ep_reads_the_row_that_costs_it() -> None:
    """Seed "Martial Kick": "1 EP per bonus": 1, 2, 3 EP are rows 5, 6, 7 of the EP Use Chart."""
    encounter = fight({"a": grunt(), "b": grunt()})
    assert [ep_row_costing(encounter, ep) for ep in (1, 2, 3)] == [5, 6, 7]


def test_segments_lost_as_surprise_may_be_bought_down_and_add_to_the_penalty() -> None:
    """§2: a mind's ``buy_down_surprise`` turns segments into a trailing penalty (G-49 adds it)."""

    class Buyer:
        def buy_down_surprise(self, encounter: Any, actor: str, segments: int) -> int:
            return 1

    encounter = fight({"a": grunt(), "b": grunt()}, minds={"a": Buyer()})
    surprised, held, penalty = loses_segments(encounter, "a", 3)
    assert isinstance(surprised, Surprised)
    assert isinstance(held, ConditionImposed)
    assert (held.condition, held.until) == ("surprised", 2)
    assert isinstance(penalty, ActionPenaltyChanged)
    assert penalty.penalty == 1
    assert (surprised.segments, surprised.bought_down, surprised.until, surprised.penalty) == (
        3,
        1,
        2,
        1,
    )
    assert loses_segments(encounter, "a", 0) == []


def test_a_thrown_victim_flies_along_the_map_away_from_the_thrower() -> None:
    """G-68 as for a throwback: 3 m toward the place farther from the thrower, and the damage."""
    data = {
        "format": 1,
        "name": "corridor",
        "map": {
            "places": [
                {"name": "west", "x": 0.0, "y": 0.0},
                {"name": "east", "x": 10.0, "y": 0.0},
            ],
            "edges": [{"between": ["west", "east"]}],
        },
        "sides": [
            {"name": "one", "characters": [{"id": "a", "sheet": grunt(), "place": "west"}]},
            {"name": "two", "characters": [{"id": "b", "sheet": grunt(), "place": "west"}]},
        ],
        "stop": {"time_limit": 50},
    }
    simulation = Simulation(parse_scenario(data, base_dir=ROOT / "scenarios"), seed=1)
    encounter = simulation.build()
    events = thrown(encounter, "a", "b", 3.0, 3)
    kinds = [type(e) for e in events]
    assert kinds == [ThrownBack, Moved, DamageTaken]
    moved = events[1]
    assert isinstance(moved, Moved) and (moved.place, moved.toward, moved.offset) == (
        "west",
        "east",
        3.0,
    )
