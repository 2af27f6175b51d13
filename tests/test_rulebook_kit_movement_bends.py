"""The bends of a run's way (``src/mands_rulebook/kit/movement/bends.py``; seed "Move Roll"; G-66,
G-163, G-276).

A grunt (``tests/data/fighters.py``) runs from a (0, 0) to b (10, 0), where the way turns 90° to
c (10, 10) or goes straight on to d (20, 0). His Move Roll: Agility 10 + half Strength 5 +
Height 1.75 on the Square chart (1) = 16; dice 3 + 4: Q 9, all on speed.
"""

from __future__ import annotations

from typing import Any

import pytest

from mands_rulebook.kit.movement.bends import pay_bends
from mands_rulebook.kit.movement.pace import PACE, turn_quality
from mands_rulebook.kit.positions import current_pace
from mands_sim.actions import Intent, QualityAllocation
from mands_sim.dice import ScriptedDice
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from mands_sim.world import Position
from tests.data.fighters import ROOT, grunt
from tests.data.opponents_scenes import Plays

COORDINATES = {"a": (0.0, 0.0), "b": (10.0, 0.0), "c": (10.0, 10.0), "d": (20.0, 0.0)}


class Runner(Plays):
    """Plays its intents; a Move Roll's Q all on speed (what it was offered is recorded)."""

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        self.offered.append(quality)
        return QualityAllocation(speed=quality)


def measured(edge: tuple[Any, ...]) -> dict[str, float]:
    """An edge's length when the test gives one (else the map measures it)."""
    return {"length": edge[2]} if len(edge) > 2 else {}


def run_to(
    goal: str,
    dice: list[int],
    coordinates: dict[str, tuple[float, float]] = COORDINATES,
    edges: tuple[tuple[Any, ...], ...] = (("a", "b"), ("b", "c"), ("b", "d")),
    **defaults: Any,
) -> tuple[Encounter, Plays]:
    """The grunt sets off from a toward ``goal`` at segment 0; the lookout stands there."""
    places = [{"name": n, "x": x, "y": y} for n, (x, y) in coordinates.items()]
    ways = [{"between": list(edge[:2]), **measured(edge)} for edge in edges]
    data = {
        "format": 1,
        "name": "corner",
        "map": {"places": places, "edges": ways},
        "sides": [
            {"name": "runners", "characters": [{"id": "runner", "sheet": grunt(), "place": "a"}]},
            {"name": "others", "characters": [{"id": "lookout", "sheet": grunt(), "place": goal}]},
        ],
        "stop": {"time_limit": 500},
        "rules": {"defaults": defaults},
    }
    runner = Runner(Intent("move", options={"toward": goal}))
    simulation = Simulation(
        parse_scenario(data, base_dir=ROOT / "scenarios"),
        dice=ScriptedDice({"runner": dice}),
        minds={"runner": runner, "lookout": Plays()},
    )
    encounter = simulation.build()
    encounter.run(until=0)
    return encounter, runner


def started_toward(encounter: Encounter) -> str:
    pace = current_pace(encounter, "runner")
    assert pace is not None
    return pace.destination


def test_g276_a_drawn_bend_costs_what_the_reroll_turn_costs() -> None:
    """Round the corner the Move Roll has 2 Q fewer to spend than straight on: what turning
    from the way to d toward c costs a runner re-rolling at b (seed: "1 Q point per 45
    degree turn")."""
    straight, straight_mind = run_to("d", [3, 4])
    _, corner_mind = run_to("c", [3, 4])
    world = straight.world
    assert world is not None
    at_b = turn_quality(world, Position("b"), "d", "c")
    assert at_b == 2
    assert straight_mind.offered == [9]
    assert corner_mind.offered == [9 - at_b]


def test_g276_a_bend_the_roll_cannot_pay_for_is_where_the_run_stops() -> None:
    """Dice 7 + 8: Q 1, short of the corner's 2: the run goes only as far as b."""
    encounter, mind = run_to("c", [7, 8])
    assert started_toward(encounter) == "b"
    assert mind.offered == [1]


def test_g276_the_run_records_what_its_bends_cost() -> None:
    encounter, _ = run_to("c", [3, 4])
    (move,) = encounter.state["runner"].actions
    assert move.prepared["bends"] == 2
    assert move.prepared[PACE].destination == "c"


def test_g276_free_the_ways_bends_cost_nothing() -> None:
    encounter, mind = run_to("c", [3, 4], G276_path_turns="free")
    assert mind.offered == [9]
    assert started_toward(encounter) == "c"


@pytest.mark.parametrize(("free", "paid"), [(0, 2), (1, 1), (2, 0)])
def test_pay_bends_maneuverability_makes_part_of_each_turn_free(free: int, paid: int) -> None:
    encounter, _ = run_to("d", [3, 4])
    world = encounter.world
    assert world is not None
    bends = pay_bends(world, Position("a"), "c", 9, free_per_turn=free)
    assert (bends.quality, bends.free, bends.stop) == (paid, 2 - paid, None)


def test_pay_bends_g66_down_rounds_a_part_of_45_degrees_down() -> None:
    """A 90° bend is 2 Q either way; the rounding only matters for parts of 45°."""
    encounter, _ = run_to("d", [3, 4])
    world = encounter.world
    assert world is not None
    assert pay_bends(world, Position("a"), "c", 9, rounding="down").quality == 2


# --- which way (G-277) ---------------------------------------------------------------------------

BLOCK = {"a": (0.0, 0.0), "b": (10.0, 0.0), "c": (10.0, 10.0), "d": (0.0, 10.0)}
"""A block of 10 m sides: from a to c round either side, one 90° corner each way."""
ROUND_THE_BLOCK = (("a", "b"), ("b", "c"), ("c", "d"), ("d", "a"))


@pytest.mark.parametrize(("face", "way"), [(1, ("b", "c")), (2, ("d", "c"))])
def test_g277_equally_short_ways_that_turn_alike_are_drawn(face: int, way: tuple[str, ...]) -> None:
    """The Move Roll (3 + 4), then a die of two faces for the way: each way round the block
    can be the one taken, whichever the map lists first; either corner costs its 2 Q."""
    for edges in (ROUND_THE_BLOCK, tuple(reversed(ROUND_THE_BLOCK))):
        encounter, mind = run_to("c", [3, 4, face], BLOCK, edges)
        (move,) = encounter.state["runner"].actions
        assert move.prepared[PACE].way == way
        assert mind.offered == [9 - 2]


def test_g277_the_drawn_way_is_the_way_run() -> None:
    encounter, _ = run_to("c", [3, 4, 2], BLOCK, ROUND_THE_BLOCK)
    pace = current_pace(encounter, "runner")
    assert pace is not None and encounter.world is not None
    there = pace.position_at(encounter.world, 1)
    assert (there.place, there.toward) == ("a", "d")


def test_g277_turns_the_way_that_turns_least_is_taken_undrawn() -> None:
    """From a to e, 20 m straight through b or 20 m (as the Editor measured it) by the bend at
    f: the straight way, no die drawn (the dice hold only the Move Roll's)."""
    coordinates = {"a": (0.0, 0.0), "b": (10.0, 0.0), "e": (20.0, 0.0), "f": (10.0, 5.0)}
    edges = (("a", "b"), ("b", "e"), ("a", "f", 10.0), ("f", "e", 10.0))
    encounter, _ = run_to("e", [3, 4], coordinates, edges)
    (move,) = encounter.state["runner"].actions
    assert move.prepared[PACE].way == ("b", "e")
    assert move.prepared["bends"] == 0


def test_g277_drawn_draws_even_between_ways_that_turn_differently() -> None:
    coordinates = {"a": (0.0, 0.0), "b": (10.0, 0.0), "e": (20.0, 0.0), "f": (10.0, 5.0)}
    edges = (("a", "b"), ("b", "e"), ("a", "f", 10.0), ("f", "e", 10.0))
    encounter, _ = run_to("e", [3, 4, 2], coordinates, edges, G277_way_ties="drawn")
    (move,) = encounter.state["runner"].actions
    assert move.prepared[PACE].way == ("f", "e")
