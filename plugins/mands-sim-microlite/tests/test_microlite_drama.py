"""Drama Points, the optional rule ``drama-points`` (``docs/rules.md`` §9, ML-10): "a single +20
to a combat roll", spent on a failed defense that the +20 holds."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from mands_microlite.drama import DRAMA, DramaPointSpent, points_left
from mands_microlite.events import DefenseRolled
from mands_microlite.policies import NearestEnemy

from mands_sim.api import AttackResolved, DamageTaken, Encounter, Event, ScriptedDice
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation

DATA = Path(__file__).parent / "data"
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"

ALDRIC = [15, 500, 10, 1, 12, 15, 6, 6, 1, 10, 9, 2]
"""As in ``test_microlite_strikes``, but the second strike is a plain 15 + 8 = 23."""
BANDIT = [10, 7, 12, 3, 8, 19, 3, 2, 17, 14, 5, 4]
"""The second strike meets a parry of 4 and a dodge of 3: 3 + 20 = 23 holds it."""


class Dramatic(NearestEnemy):
    """Spends a Drama Point whenever the rule lets it."""

    def spend_drama_point(self, encounter: Encounter, actor: str, events: list[Event]) -> bool:
        return True


def duel(optional: list[str]) -> dict[str, Any]:
    data = tomllib.loads((DATA / "duel.toml").read_text(encoding="utf-8"))
    bandit = tomllib.loads((DATA / "bandit.toml").read_text(encoding="utf-8"))
    data["sides"][1]["characters"][0]["sheet"] = {**bandit, "drama_points": 5}
    data["rules"] = {"optional": optional}
    return data


def round_zero(optional: list[str]) -> tuple[list[Event], Encounter]:
    events: list[Event] = []
    spec = parse_scenario(duel(optional), path=DATA / "duel.toml")
    dice = ScriptedDice({"aldric": ALDRIC, "bandit": BANDIT})
    simulation = Simulation(spec, dice=dice, minds={"bandit": Dramatic({})})
    encounter = simulation.start(observers=[events.append])
    encounter.run(until=10)
    dice.assert_used_up()
    return events, encounter


def test_a_drama_point_turns_a_failed_dodge_into_a_held_one() -> None:
    events, encounter = round_zero(["drama-points"])
    (spent,) = [e for e in events if isinstance(e, DramaPointSpent)]
    assert (spent.character, spent.on, spent.left) == ("bandit", "+20 to a dodge", 4)
    dodges = [e for e in events if isinstance(e, DefenseRolled) and e.maneuver == "dodge"]
    assert [(d.total, d.held) for d in dodges] == [(20, True), (23, True)]
    assert not [e for e in events if isinstance(e, DamageTaken) and e.character == "bandit"]
    assert [e.hit for e in events if isinstance(e, AttackResolved)][:4] == [False] * 4
    assert encounter.state["bandit"].get(DRAMA) == 1
    assert points_left(encounter, "bandit") == 4


def test_without_the_rule_the_blow_lands() -> None:
    events, _ = round_zero([])
    assert not [e for e in events if isinstance(e, DramaPointSpent)]
    (wound,) = [e for e in events if isinstance(e, DamageTaken) and e.character == "bandit"]
    assert wound.taken == 16  # 2d6 (6, 6) + 4


def test_by_default_points_are_spent_only_on_blows_that_would_take_hit_points() -> None:
    """ML-10 on the ogre's bridge: the heroes keep their points for blows past their SDC, and
    with them the Strength table's blows kill nobody in 60 runs (Mira dies in 28 % without)."""
    data = tomllib.loads((SCENARIOS / "ogre_bridge.toml").read_text(encoding="utf-8"))
    data.pop("expect")
    data["rules"] = {"optional": ["drama-points"]}
    simulation = Simulation(parse_scenario(data, path=SCENARIOS / "ogre_bridge.toml"))
    deaths = 0
    for seed in range(60):
        result = simulation.run(seed=seed)
        deaths += sum(c.condition == "dead" for c in result.characters if c.side == "heroes")
    assert deaths == 0
