"""The ``armed`` policy (``mands_rulebook.policies.armed``, a plugin of its own;
not rules text): draw, then fight with the weapon; punch once it is thrown."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mands_rulebook.kit.weapons.ready import WeaponReadied
from mands_rulebook.policies.armed import Armed
from mands_sim.events import ActionStarted, Event
from mands_sim.kernel.contracts import Mind
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation
from tests.data.duels import duel, fights, started, timed_out
from tests.data.weapon_scenes import STREET, Script, of, scenario

ARMED_FIGHT = Path(__file__).parent.parent / "scenarios" / "armed_fight.toml"


def test_mands_register_policies_armed_draws_then_fights_with_its_weapon() -> None:
    """The bundled armed fight: both grunts draw (club and knife, 5 segments each), then only
    weapon attacks follow until one side is out of action or time runs out."""
    events: list[Event] = []
    result = Simulation(load_scenario(ARMED_FIGHT), seed=1).run(observers=[events.append])
    actions = [(e.segment, e.character, e.action) for e in of(events, ActionStarted)]
    assert actions[:2] == [(0, "dexter", "draw-weapon"), (0, "sinister", "draw-weapon")]
    assert {a for _, _, a in actions[2:]} == {"weapon-attack"}
    assert {(e.character, e.weapon) for e in of(events, WeaponReadied)} == {
        ("dexter", "club"),
        ("sinister", "knife"),
    }
    assert result.winner in {"dexter", "sinister"}


def test_armed_policy_punches_once_its_only_rock_is_thrown() -> None:
    """With one rock and the mark beside him, the armed gunman draws, throws, then punches."""

    def one_rock_and_close(data: dict[str, Any]) -> None:
        data["sides"][0]["characters"][0]["sheet"]["equipment"] = ["rock"]
        data["sides"][1]["characters"][0]["place"] = "window"

    spec = scenario(STREET, {"G62_weapons_start": "holstered"}, one_rock_and_close)
    minds: dict[str, Mind] = {"gunman": Armed({}), "mark": Script()}
    events: list[Event] = []
    Simulation(spec, seed=3, minds=minds).run(until=40, observers=[events.append])
    actions = [e.action for e in of(events, ActionStarted)]
    assert actions[:3] == ["draw-weapon", "weapon-attack", "fist-attack"]


def test_armed_melee_fighters_ten_meters_apart_close_in_and_fight_to_an_end() -> None:
    """Dexter's club and Sinister's knife, 10 m apart: each draws, runs in and cuts or clubs;
    every fight ends before the time limit."""
    spec = duel(("armed", "dexter_armed.toml"), ("armed", "sinister_armed.toml"), 10)
    results = list(fights(spec, range(10)))
    assert timed_out(results) == 0
    for _, events in results:
        both = started(events, "one") + started(events, "two")
        assert "move" in both and "weapon-attack" in both


def test_armed_gunmen_keep_their_range_and_shoot() -> None:
    """An officer and a gunman with pistols, 20 m apart (within the pistol's range): neither
    runs; they draw and shoot, and the fight ends in nearly every run."""
    spec = duel(("armed", "police_officer.toml"), ("armed", "gunman.toml"), 20)
    results = list(fights(spec, range(10)))
    assert timed_out(results) <= 1
    for _, events in results:
        both = started(events, "one") + started(events, "two")
        assert "weapon-attack" in both
        assert not {"move", "reroll-move"} & set(both)
