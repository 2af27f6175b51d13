"""Horror Factor (``docs/rules.md`` §5, ML-12) with scripted dice: the bandit given HF 12,
Brother Aldric rolls against it when the fight opens."""

from __future__ import annotations

import tomllib
from pathlib import Path

from mands_microlite.events import AttacksSpent, DefenseRolled, HorrorFaced, InitiativeLost
from mands_microlite.horror import HORRIFIED, Defenseless
from mands_microlite.rounds import MeleeRounds

from mands_sim.api import AttackResolved, Encounter, Event, ScriptedDice
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation

DATA = Path(__file__).parent / "data"


def opening(horror_roll: int, until: int) -> tuple[list[Event], Encounter]:
    data = tomllib.loads((DATA / "duel.toml").read_text(encoding="utf-8"))
    bandit = tomllib.loads((DATA / "bandit.toml").read_text(encoding="utf-8"))
    data["sides"][1]["characters"][0]["sheet"] = {**bandit, "horror_factor": 12}
    dice = ScriptedDice(
        {
            "aldric": [horror_roll, 15, 500, 10, 1, 9],  # HF, initiative, then a parry
            "bandit": [10, 7, 12, 3, 14, 5, 4],  # initiative; strikes of 15 (5 damage) and 5
        }
    )
    events: list[Event] = []
    spec = parse_scenario(data, path=DATA / "duel.toml")
    encounter = Simulation(spec, dice=dice).start(observers=[events.append])
    encounter.run(until=until)
    return events, encounter


def test_a_failed_horror_roll_costs_initiative_an_attack_and_the_first_defense() -> None:
    events, encounter = opening(5, until=6)
    (faced,) = [e for e in events if isinstance(e, HorrorFaced)]
    assert (faced.character, faced.entity, faced.roll, faced.stunned) == (
        "aldric",
        "bandit",
        5,
        True,
    )
    lost = [(e.character, e.why) for e in events if isinstance(e, InitiativeLost)]
    assert lost == [("aldric", "horror")]
    spent = [(e.character, e.on) for e in events if isinstance(e, AttacksSpent)]
    assert ("aldric", "horror") in spent
    clock = encounter.time
    assert isinstance(clock, MeleeRounds)
    # Aldric's 19 would have gone first: his place in the order stays empty, and he acts last
    assert clock.windows(encounter, 0) == {"bandit": (4, 4), "aldric": (8, 4)}
    first, second = [e for e in events if isinstance(e, AttackResolved)]
    assert (first.hit, first.defense) == (True, 0)  # no parry against the entity's first strike
    assert [e.character for e in events if isinstance(e, Defenseless)] == ["aldric"]
    parries = [(e.character, e.total, e.held) for e in events if isinstance(e, DefenseRolled)]
    assert parries == [("aldric", 12, True)]  # the second strike is parried as ever
    assert second.hit is False
    assert encounter.state["aldric"].get(HORRIFIED) == frozenset()


def test_a_roll_of_the_horror_factor_or_more_saves() -> None:
    events, _ = opening(12, until=0)
    (faced,) = [e for e in events if isinstance(e, HorrorFaced)]
    assert faced.stunned is False
    assert not [e for e in events if isinstance(e, InitiativeLost)]
