"""The ``blaster`` policy (not rules text): ``mands_rulebook.policies.power_policy``."""

from __future__ import annotations

from pathlib import Path

from mands_rulebook.kit.powers.ratings import PowerTaken
from mands_rulebook.policies.power_policy import Blaster
from mands_sim.dice import SeededDice
from mands_sim.events import ActionStarted, Event
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation
from tests.data import duels
from tests.data.duels import fights, lowest_ep, timed_out
from tests.data.power_plan import PlanMind, duel, of

SCENARIO = Path(__file__).parent.parent / "scenarios" / "sun_ruler_vs_seraph.toml"


def started(events: list[Event], character: str) -> list[tuple[int, str]]:
    return [(e.segment, e.action) for e in of(events, ActionStarted, character)]


def test_mands_register_policies_blasters_raise_protections_then_blast_each_other() -> None:
    """The bundled scenario: Sun-Ruler "flames up first" and Seraph raises his electric Skin
    Temper on 0; both blast from segment 1, and the fight ends with a winner."""
    events: list[Event] = []
    result = Simulation(load_scenario(SCENARIO), seed=1).run(observers=[events.append])
    assert started(events, "sun-ruler")[:2] == [(0, "fire-coat-flame-up"), (1, "fire-coat-blast")]
    assert started(events, "seraph")[:2] == [
        (0, "electric-power-skin-temper"),
        (1, "electric-power-blast"),
    ]
    assert result.winner is not None and result.reason == "the other side is out of action"


def test_a_blaster_out_of_its_powers_reach_closes_in() -> None:
    """30 m away, beyond Fire Coat's longest Maximum Range (24 m): flame up, then run."""
    minds = {"sun-ruler": Blaster({}), "seraph": PlanMind()}
    events = duel(minds, SeededDice(3), until=2, meters=30)
    assert started(events, "sun-ruler") == [(0, "fire-coat-flame-up"), (1, "move")]


def test_a_blaster_told_not_to_defend_blasts_at_once() -> None:
    minds = {"sun-ruler": Blaster({"defend": False}), "seraph": PlanMind()}
    events = duel(minds, SeededDice(3), until=1)
    assert started(events, "sun-ruler") == [(0, "fire-coat-blast")]


def test_a_blaster_without_powers_fights_as_nearest_enemy() -> None:
    """The Sphinx has no powers: in reach of Seraph, the fallback punches."""
    sphinx = SCENARIO.parent / "seraph_vs_sphinx.toml"
    minds = {"sphinx": Blaster({}), "seraph": PlanMind()}
    events: list[Event] = []
    Simulation(load_scenario(sphinx), seed=2, minds=minds).run(until=1, observers=[events.append])
    assert started(events, "sphinx") == [(0, "fist-attack")]


def test_a_blaster_uses_the_powers_it_holds_by_absorption_after_its_own() -> None:
    """G-181: while Seraph holds 4 PR of Sun-Ruler's Fire Coat (a ``PowerTaken`` until 370) the
    blaster counts it after his sheet's powers; once given back, no more."""
    idle = {"seraph": PlanMind(), "sun-ruler": PlanMind()}
    encounter = Simulation(load_scenario(SCENARIO), seed=1, minds=idle).start()
    encounter.emit([PowerTaken(0, "seraph", "sun-ruler", "Fire Coat", 4, 370)])
    blaster = Blaster({})
    names = [spec.name for spec in blaster.powers(encounter, "seraph")]
    assert names == ["Electric Power", "Healing", "Fire Coat"]
    encounter.run(until=400)  # the Payment Segment after 370
    assert encounter.now == 400
    assert "Fire Coat" not in [spec.name for spec in blaster.powers(encounter, "seraph")]


SERAPH_FLOOR = -32 - 6
"""G-231: Seraph's Constitution (32) below zero, less one blast he may start just above it (6 EP:
the power's row 9, 5 EP, and the Combat Roll's row 5, 1 EP, G-13)."""


def test_blasters_in_a_mirror_match_stay_above_the_floor_and_end_their_fight() -> None:
    """Seraph against Seraph, face to face: the blasts that used to run them both to −700 EP now
    stop when one is knocked out or the wearier one gives up (G-232); neither goes below the
    floor (G-231), and every fight ends before the time limit."""
    spec = duels.duel(("blaster", "seraph.toml"), ("blaster", "seraph.toml"), 0)
    results = list(fights(spec, range(6)))
    assert timed_out(results) == 0
    assert all(
        lowest_ep(events, who) >= SERAPH_FLOOR for _, events in results for who in ("one", "two")
    )
    gave_up = ["surrender" in duels.started(e, "one") + duels.started(e, "two") for _, e in results]
    assert any(gave_up)


def test_blasters_that_ignore_their_ep_are_held_at_the_floor() -> None:
    """With G-232 ``fight`` the blasters never rest or yield: G-231's floor alone stops them at
    Constitution 32 below zero, less at most one blast's cost, never −700."""
    spec = duels.duel(("blaster", "seraph.toml"), ("blaster", "seraph.toml"), 0,
                      defaults={"G232_spent_fighters": "fight"})  # fmt: skip
    ((result, events),) = fights(spec, range(1))
    floor = min(lowest_ep(events, "one"), lowest_ep(events, "two"))
    assert SERAPH_FLOOR <= floor <= -32
    assert result.segments > 500  # they stopped paying, but the clock ran on
