"""The template policies (``mands_rulebook.policies.presets``): ``nearest-enemy`` and
``run-for-exit``."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from mands_rulebook.kit.movement.pace import MOVE, REROLL_MOVE
from mands_rulebook.policies.presets import (
    RunForExit,
    catch_breath,
    nearest_enemy_policy,
    preset,
)
from mands_sim.actions import Intent, QualityAllocation
from mands_sim.events import (
    ActionStarted,
    EncounterEnded,
    EndurancePaid,
    Event,
    Moved,
    OutOfAction,
)
from mands_sim.kernel.encounter import Encounter
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import collect_registries
from mands_sim.scenario import load_scenario, parse_scenario
from mands_sim.simulation import Simulation
from mands_sim.world import Position
from tests.data.arena import simulation as arena_simulation
from tests.data.duels import duel, fights, timed_out
from tests.data.duels import started as actions_of

SCENARIOS = Path(__file__).parent.parent / "scenarios"


def run(scenario: Any, seed: int = 0, until: int | None = None) -> list[Event]:
    events: list[Event] = []
    Simulation(scenario, seed=seed).run(until=until, observers=[events.append])
    return events


def started(events: list[Event], who: str) -> list[tuple[int, str]]:
    return [
        (e.segment, e.action) for e in events if isinstance(e, ActionStarted) and e.character == who
    ]


def test_mands_register_policies_registers_both_templates() -> None:
    policies = collect_registries(make_plugin_manager()).policies
    assert policies["nearest-enemy"].payload is nearest_enemy_policy
    assert policies["run-for-exit"].payload is RunForExit


@pytest.fixture(scope="module")
def grunts() -> list[Event]:
    return run(load_scenario(SCENARIOS / "grunts.toml"))


def test_the_grunts_close_in_and_fight_to_a_knockout(grunts: list[Event]) -> None:
    """Dexter and Sinister start 10 m apart and choose together (G-228): each sees the other
    standing and runs at it; neither turns back to wait for the other (``meeting_place``), so
    they meet part-way, both punch as soon as they are within reach (G-65: 1 m), and fight
    until one side is out of action."""
    blows = {
        who: next(s for s, action in started(grunts, who) if action == "fist-attack")
        for who in ("dexter", "sinister")
    }
    for segment in blows.values():
        here, there = (last_position(grunts, who, segment) for who in ("dexter", "sinister"))
        assert abs(here - there) <= 1.0  # within reach when the first blow starts
    dexter, sinister = started(grunts, "dexter"), started(grunts, "sinister")
    assert dexter[0] == sinister[0] == (0, MOVE.name)
    first_blow = dexter[1]
    assert first_blow[1] == "fist-attack" and sinister[1] == first_blow
    moved = {e.character: e for e in grunts if isinstance(e, Moved) and e.segment == first_blow[0]}
    world = Simulation(load_scenario(SCENARIOS / "grunts.toml")).build().world
    assert world is not None
    here, there = (Position(m.place, m.toward, m.offset) for m in moved.values())
    assert world.position_distance(here, there) <= 1.0
    assert any(isinstance(e, OutOfAction) for e in grunts)
    (end,) = [e for e in grunts if isinstance(e, EncounterEnded)]
    assert end.reason in ("the other side is out of action", "nobody stands")


def last_position(events: list[Event], who: str, segment: int) -> float:
    """Meters from Sinister's start along the line where ``who`` was last seen by ``segment``
    (the grunts' map is a straight 10 m line: sinister-start, middle at 5 m, dexter-start)."""
    meters = {"sinister-start": 0.0, "middle": 5.0, "dexter-start": 10.0}
    where = meters["dexter-start" if who == "dexter" else "sinister-start"]
    for e in events:
        if isinstance(e, Moved) and e.character == who and e.segment <= segment:
            start = meters[e.place]
            toward = meters.get(e.toward or e.place, start)
            where = start + (e.offset if toward >= start else -e.offset)
    return where


def test_fighters_in_reach_punch_at_once() -> None:
    """Seraph and the Sphinx share a rooftop: both punch on segment 0, as in the combat example."""
    events = run(load_scenario(SCENARIOS / "seraph_vs_sphinx.toml"), until=0)
    assert started(events, "seraph") == [(0, "fist-attack")]
    assert started(events, "sphinx") == [(0, "fist-attack")]


class Defended:
    """Stands in for an encounter in which the Sphinx has Defense 3."""

    class _State:
        defense = 3

    def __init__(self) -> None:
        self.state = {"sphinx": self._State()}


@pytest.mark.parametrize(
    ("quality", "allocation"),
    [
        (9, QualityAllocation(attack=3, speed=3, damage=3)),
        (4, QualityAllocation(attack=3, damage=1)),
        (2, QualityAllocation(attack=2)),
    ],
)
def test_the_punch_preset_meets_defense_then_halves_the_time(
    quality: int, allocation: QualityAllocation
) -> None:
    """Attack to meet the target's Defense 3, then 3 Q of speed (§5: 3 Q halve the Performance
    Time), the rest to damage."""
    intent = Intent("fist-attack", target="sphinx")
    assert preset(Defended(), intent, quality) == allocation  # type: ignore[arg-type]


def test_the_move_preset_puts_every_q_on_speed() -> None:
    for action in (MOVE.name, REROLL_MOVE.name):
        assert preset(Defended(), Intent(action), 7) == QualityAllocation(speed=7)  # type: ignore[arg-type]


def character(ident: str, place: str, policy: str = "nearest-enemy") -> dict[str, Any]:
    sheet = f"characters/{ident}.toml"
    return {"id": ident, "sheet": sheet, "place": place, "policy": policy}


def chase_data(heroes: dict[str, Any], *, newsstand_edge: bool = True) -> dict[str, Any]:
    """The Sphinx runs from the bank for the subway (an exit) by way of the corner."""
    places = [
        {"name": "bank", "x": 0.0, "y": 0.0},
        {"name": "corner", "x": 20.0, "y": 0.0},
        {"name": "subway", "x": 40.0, "y": 0.0, "exit": True},
        {"name": "newsstand", "x": 20.0, "y": 10.0},
    ]
    edges = [["bank", "corner"], ["corner", "subway"]]
    edges += [["newsstand", "corner"]] if newsstand_edge else []
    villains = {"name": "villains", "characters": [character("sphinx", "bank", "run-for-exit")]}
    return {
        "format": 1,
        "name": "a short chase",
        "map": {"places": places, "edges": [{"between": pair} for pair in edges]},
        "sides": [heroes, villains],
        "stop": {"time_limit": 600, "when": ["side-out-of-action"]},
    }


CHASE = chase_data({"name": "heroes", "characters": [character("seraph", "newsstand")]})


def chase(seed: int = 0, until: int | None = None) -> tuple[Encounter, list[Event]]:
    simulation = Simulation(parse_scenario(CHASE, base_dir=SCENARIOS), seed=seed)
    encounter = simulation.build()
    encounter.run(until=until)
    return encounter, encounter.log


def test_run_for_exit_runs_place_by_place() -> None:
    """The Sphinx runs for the subway by way of the corner: one run to each place."""
    _, events = chase(until=1)
    (first,) = [e for e in events if isinstance(e, ActionStarted) and e.character == "sphinx"]
    assert first.action == MOVE.name
    encounter, _ = chase(until=first.completes_at)
    sphinx_moves = [e for e in encounter.log if isinstance(e, Moved) and e.character == "sphinx"]
    assert (sphinx_moves[-1].place, sphinx_moves[-1].reason) == ("corner", "arrived")


def test_run_for_exit_flees_through_the_exit() -> None:
    """Without heroes in the way, the Sphinx reaches the subway and leaves: out of action, fled;
    the other side is left standing."""
    seraph = character("seraph", "newsstand", "run-for-exit")
    alone = chase_data({"name": "bystanders", "characters": [seraph]}, newsstand_edge=False)
    events = run(parse_scenario(alone, base_dir=SCENARIOS))
    fled = [(e.character, e.condition) for e in events if isinstance(e, OutOfAction)]
    assert fled == [("sphinx", "fled")]


def test_the_street_chase_ends_at_the_subway_or_in_a_knockout() -> None:
    """The bundled chase: the Sphinx wins by reaching the subway, or the heroes knock her out."""
    events = run(load_scenario(SCENARIOS / "street_chase.toml"), seed=1)
    (end,) = [e for e in events if isinstance(e, EncounterEnded)]
    if end.winner == "villains":
        assert end.reason == "objective: sphinx reached subway"
    else:
        assert (end.winner, end.reason) == ("heroes", "the other side is out of action")
    assert {e.character for e in events if isinstance(e, Moved)} >= {"seraph", "sphinx"}


# -- G-232: below zero EP, rest or give up (catch_breath) ---------------------------------------


def grunts_at(meters: float, one: int, two: int, **defaults: Any) -> Encounter:
    """Dexter ("one") and Sinister ("two"), ``meters`` apart, with these EP, before anyone acts."""
    spec = duel(("nearest-enemy", "dexter.toml"), ("nearest-enemy", "sinister.toml"), meters,
                defaults=defaults)  # fmt: skip
    encounter = Simulation(spec, seed=1).build()
    encounter.state["one"].endurance_points = Fraction(one)
    encounter.state["two"].endurance_points = Fraction(two)
    return encounter


def test_catch_breath_dexter_three_below_zero_gives_up() -> None:
    """Seed "Simpler Combat Example": "Sinister is at 32 EP. Dexter is at 35 EP, or 3 below
    zero. He decides to give up" (both have 32 EP: Sinister has 0 left, Dexter −3)."""
    decision = catch_breath(grunts_at(0, -3, 0), "one")
    assert decision is not None and decision.action == "surrender"


def test_catch_breath_fights_on_against_an_enemy_a_blow_from_out_of_action() -> None:
    """G-232 gives up only against enemies better off in health too: Sinister has more EP (0
    against Dexter's −3) but only 2 DP and no VP left, so Dexter fights on; with as much VP and
    DP left as Dexter, Sinister is better off and Dexter gives up. (Measured: Sun-Ruler's
    tactician against a brute lost 64 points more often than it won, giving up with its enemy
    at 0 VP and 2 DP; ``docs/policies.md``.)"""
    encounter = grunts_at(0, -3, 0)
    two = encounter.state["two"]
    two.virtual_damage_points, two.damage_points = 0, 2
    assert catch_breath(encounter, "one") is None
    one = encounter.state["one"]
    one.virtual_damage_points, one.damage_points = 0, 2
    decision = catch_breath(encounter, "one")
    assert decision is not None and decision.action == "surrender"


def test_catch_breath_fights_on_above_zero() -> None:
    assert catch_breath(grunts_at(0, 0, -20), "one") is None


def test_catch_breath_fights_on_against_a_wearier_enemy_in_contact() -> None:
    assert catch_breath(grunts_at(0, -3, -5), "one") is None


def test_catch_breath_rests_when_nobody_presses() -> None:
    """10 m apart, nobody aiming at it: below zero it rests a round rather than close in."""
    decision = catch_breath(grunts_at(10, -3, -5), "one")
    assert decision is not None and decision.action == "rest"


def test_catch_breath_rests_when_spent_even_in_contact() -> None:
    """At the floor (G-231: Constitution 10 below zero) only resting or yielding is left."""
    decision = catch_breath(grunts_at(0, -10, -12), "one")
    assert decision is not None and decision.action == "rest"


def test_catch_breath_never_gives_up_with_rest() -> None:
    encounter = grunts_at(10, -3, 0, G232_spent_fighters="rest")
    decision = catch_breath(encounter, "one")
    assert decision is not None and decision.action == "rest"


def test_catch_breath_ignores_ep_with_fight() -> None:
    assert catch_breath(grunts_at(10, -3, 0, G232_spent_fighters="fight"), "one") is None


def test_catch_breath_equal_ep_the_later_in_the_drawn_order_gives_up() -> None:
    """Both at −4: exactly one of them gives up, the one after the other in the drawn order
    (G-227), whatever their ids."""
    encounter = grunts_at(0, -4, -4)
    gives_up = [who for who in ("one", "two") if catch_breath(encounter, who) is not None]
    assert gives_up == [max(("one", "two"), key=encounter.rank)]


# -- fights that happen ------------------------------------------------------------------------


def test_nearest_enemy_grunts_ten_meters_apart_close_in_and_finish() -> None:
    results = list(fights(duel(("nearest-enemy", "dexter.toml"),
                               ("nearest-enemy", "sinister.toml"), 10), range(10)))  # fmt: skip
    assert timed_out(results) == 0
    for _, events in results:
        assert "move" in actions_of(events, "one") + actions_of(events, "two")
        assert "fist-attack" in actions_of(events, "one") + actions_of(events, "two")


def test_run_for_exit_leaves_through_the_exit() -> None:
    """A grunt running for the exit 10 m away gets out before the grunt chasing it: the fight
    ends, never at the time limit."""
    spec = duel(("run-for-exit", "dexter.toml"), ("nearest-enemy", "sinister.toml"), 10)
    results = list(fights(spec, range(10)))
    assert timed_out(results) == 0
    assert any(result.winner == "two" for result, _ in results)


def test_catch_breath_counts_an_enemy_before_paying_for_its_blow() -> None:
    """Dexter at −20, deciding; Sinister at −24 only because he paid 5 EP for the blow he is in
    the middle of (−19 before it): Dexter is the wearier and gives up, Sinister does not
    (G-232). Compared bare, two fighters paying in turn would slide to the floor together."""
    encounter = grunts_at(0, -20, -19, G231_exhaustion_floor="none")
    blow = Intent("fist-attack", "one")
    encounter.initiate("two", blow)
    paid = [e for e in encounter.log if isinstance(e, EndurancePaid) and e.character == "two"]
    encounter.state["two"].endurance_points = Fraction(-19) - sum(e.amount for e in paid)
    assert encounter.state["two"].endurance_points < -20
    decision = catch_breath(encounter, "one")
    assert decision is not None and decision.action == "surrender"
    assert catch_breath(encounter, "two") is None


def test_catch_breath_never_gives_up_while_an_ally_stands() -> None:
    """G-232: three below zero against fresher enemies, but a friend still fights: its side has
    not lost, so it does not surrender (in contact and not spent, it fights on)."""
    cast = {
        "one": ("heroes", "a", "dexter", None, {}),
        "friend": ("heroes", "a", "dexter", None, {}),
        "two": ("villains", "a", "sinister", None, {}),
    }
    encounter = arena_simulation(cast, seed=1).build()
    for who, ep in (("one", -3), ("friend", 0), ("two", 0)):
        encounter.state[who].endurance_points = Fraction(ep)
    assert catch_breath(encounter, "one") is None
    encounter.state["friend"].condition = "unconscious"
    decision = catch_breath(encounter, "one")
    assert decision is not None and decision.action == "surrender"
