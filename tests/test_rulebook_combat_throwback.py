"""Throwback and Pushback from blows (``docs/rules/combat.md`` §8; seed "Throwback Roll"; G-10,
G-68, G-245, G-247).

The blows come from a drill: fist attacks without Combat Rolls whose damage the test scripts, so
the only dice rolled are the Throwback Rolls. The Sphinx's punch lands on segment 10; Seraph's
own punch (30 segments, harmless) is still in progress then, so Pushback shows on it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mands_rulebook.abilities.charm.effects import PARALYSED
from mands_rulebook.kit.surprise import SURPRISED, Surprised, surprise_events
from mands_rulebook.kit.throwback import Impact, ThrownBack, caught_unready, throw_meters
from mands_rulebook.powers.mind_control import CONTROLLED
from mands_sim.actions import ActionDefinition, ActionInProgress, Intent, Wait
from mands_sim.api import Register, hookimpl
from mands_sim.charts.loading import load_standard_charts
from mands_sim.conditions import ConditionDefinition
from mands_sim.dice import ScriptedDice
from mands_sim.events import ConditionImposed, DamageTaken, Event, Moved, PushedBack, RollMade
from mands_sim.kernel.contracts import Gate, Initiation
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from mands_sim.world import Position

CHARACTERS = Path(__file__).parent.parent / "scenarios"
CHART = load_standard_charts().action


class Drill:
    """Fist attacks with no Combat Roll: ``attacker``'s lands ``blows`` (raw, taken) after 10
    segments, VP first; the other's takes 30 segments and does nothing."""

    def __init__(self, attacker: str, blows: list[tuple[int, int]]) -> None:
        self.attacker = attacker
        self.blows = blows

    @hookimpl
    def mands_initiation_gate(
        self, encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
    ) -> Gate:
        return Gate(instead=Initiation(10 if actor == self.attacker else 30))

    @hookimpl
    def mands_resolution_gate(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event]:
        if actor != self.attacker:
            return []
        target = str(action.intent.target)
        state = encounter.state[target]
        vp, dp = state.virtual_damage_points, state.damage_points
        events: list[Event] = []
        for raw, taken in self.blows:
            from_vp = min(taken, max(0, vp))
            vp, dp = vp - from_vp, dp - (taken - from_vp)
            events.append(DamageTaken(encounter.now, target, actor, raw, taken, vp, dp))
        return events


class Once:
    """Punch ``target`` once, then do nothing more."""

    def __init__(self, target: str) -> None:
        self.target = target

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        if encounter.state[actor].last_initiation is not None:
            return None
        return Intent("fist-attack", target=self.target)

    def allocate(self, *args: Any) -> Any:
        raise AssertionError("the drill rolls no Combat Roll")


def scenario(
    edges: list[tuple[str, str, float]],
    features: dict[str, str] | None = None,
    **defaults: str,
) -> dict[str, Any]:
    """Seraph and the Sphinx face each other in the street; ``edges`` lead away from it;
    ``features`` names what stands at a place (G-245)."""
    names = sorted({"street"} | {p for a, b, _ in edges for p in (a, b)})
    places = [
        {"name": p, **({"feature": features[p]} if p in (features or {}) else {})} for p in names
    ]

    def fighter(cid: str) -> dict[str, Any]:
        return {"id": cid, "sheet": f"characters/{cid}.toml", "place": "street", "aware": True}

    return {
        "format": 1,
        "name": "throwback drill",
        "map": {
            "places": places,
            "edges": [{"between": [a, b], "length": n} for a, b, n in edges],
        },
        "sides": [
            {"name": "heroes", "characters": [fighter("seraph")]},
            {"name": "villains", "characters": [fighter("sphinx")]},
        ],
        "rules": {"defaults": defaults},
        "stop": {"time_limit": 400},
    }


def drill(
    victim: str,
    blows: list[tuple[int, int]],
    dice: list[int],
    *,
    edges: tuple[tuple[str, str, float], ...] = (("street", "alley", 10.0),),
    vp: int | None = 0,
    surprised_until: int = 0,
    features: dict[str, str] | None = None,
    **defaults: str,
) -> Encounter:
    """Run the drill to segment 10: the attacker's blows land on ``victim``."""
    attacker = "sphinx" if victim == "seraph" else "seraph"
    spec = parse_scenario(scenario(list(edges), features, **defaults), base_dir=CHARACTERS)
    simulation = Simulation(
        spec,
        dice=ScriptedDice({victim: dice, attacker: []}),
        minds={"seraph": Once("sphinx"), "sphinx": Once("seraph")},  # type: ignore[dict-item]
        extra_plugins={"test-drill": Drill(attacker, blows)},
    )
    encounter = simulation.build()
    if vp is not None:
        encounter.state[victim].virtual_damage_points = vp
    if surprised_until:
        surprise = Surprised(0, victim, surprised_until, 0, surprised_until, 0)
        encounter.emit(surprise_events(encounter, surprise))
    encounter.run(until=10)
    return encounter


def of(encounter: Encounter, kind: type[Event]) -> list[Any]:
    return [e for e in encounter.log if isinstance(e, kind)]


def throwback_rolls(encounter: Encounter) -> list[RollMade]:
    return [e for e in of(encounter, RollMade) if e.purpose == "throwback roll"]


@pytest.fixture(scope="module")
def seraph_thrown() -> Encounter:
    """Seraph, out of VP, takes a blow of 12 raw damage that costs him 3 DP; he rolls 17."""
    return drill("seraph", [(12, 3)], [9, 8])


def test_mands_action_after_seraph_misses_his_throwback_roll_by_four(
    seraph_thrown: Encounter,
) -> None:
    """Seraph's Mass 89.6 kg on the Sphere chart is 16; the raw 12 is a penalty; he lost DP, so
    his bonus is Strength 11 on the Sphere chart, 9: he needs 16 − 12 + 9 = 13 and rolls 17."""
    (roll,) = throwback_rolls(seraph_thrown)
    assert (roll.character, roll.target, roll.bonus_pool, roll.total, roll.quality) == (
        "seraph",
        13,
        0,
        17,
        -4,
    )


def test_mands_action_after_a_miss_by_four_throws_four_meters(seraph_thrown: Encounter) -> None:
    """The margin 4 read Result → Sphere is 4: 4 m at 4 m/segment, away from the Sphinx along
    the street's one edge (10 m to the alley), so he lands 4 m down it."""
    (thrown,) = of(seraph_thrown, ThrownBack)
    assert (thrown.character, thrown.source, thrown.margin) == ("seraph", "sphinx", 4)
    assert thrown.meters == thrown.flown == 4.0
    (move,) = of(seraph_thrown, Moved)
    assert (move.place, move.toward, move.offset, move.reason) == (
        "street",
        "alley",
        4.0,
        "throwback",
    )
    assert seraph_thrown.state["seraph"].position == Position("street", "alley", 4.0)


def test_mands_action_after_the_margin_is_added_to_pushback(seraph_thrown: Encounter) -> None:
    """§8.1: "The Throwback penalty Q is added to Pushback": Seraph's punch, due on segment
    30, is pushed back 4 segments to 34."""
    (push,) = of(seraph_thrown, PushedBack)
    assert (push.character, push.segments, push.completes_at, push.reason) == (
        "seraph",
        4,
        34,
        "throwback",
    )
    (punch,) = seraph_thrown.state["seraph"].actions
    assert punch.completes_at == 34


def test_a_made_throwback_roll_leaves_the_victim_in_place() -> None:
    """Same blow, Seraph rolls 13 against 13: not thrown, no Pushback."""
    encounter = drill("seraph", [(12, 3)], [7, 6])
    assert throwback_rolls(encounter)[0].quality == 0
    assert not of(encounter, ThrownBack) and not of(encounter, PushedBack)
    assert encounter.state["seraph"].position == Position("street")


def test_only_vp_lost_without_surprise_makes_no_throwback_roll() -> None:
    """Seed: "For a character to be thrown back when only VP was lost, the character must have
    been surprised." No dice are scripted: any roll would raise."""
    encounter = drill("seraph", [(12, 11)], [], vp=None)
    assert encounter.state["seraph"].virtual_damage_points == 43 - 11
    assert not throwback_rolls(encounter)


def test_only_vp_lost_while_surprised_adds_the_better_of_agility_and_strength() -> None:
    """Surprised until 20, Seraph loses only VP: the bonus is Agility 22 (Sphere 11), better
    than Strength 11 (Sphere 9): 16 − 12 + 11 = 15. He rolls 20 and flies 5 m."""
    encounter = drill("seraph", [(12, 11)], [10, 10], vp=None, surprised_until=20)
    (roll,) = throwback_rolls(encounter)
    assert (roll.target, roll.quality) == (15, -5)
    assert of(encounter, ThrownBack)[0].meters == 5.0


def test_dp_lost_while_surprised_halves_the_strength_bonus() -> None:
    """Surprised and losing DP: half of Strength's 9, rounded down: 16 − 12 + 4 = 8."""
    encounter = drill("seraph", [(12, 3)], [4, 5], surprised_until=20)
    (roll,) = throwback_rolls(encounter)
    assert (roll.target, roll.quality) == (8, -1)


def test_all_blows_of_one_action_on_one_victim_make_one_roll() -> None:
    """Two blows of 6 raw in one action: one roll at a penalty of 12 (16 − 12 + 9 = 13)."""
    encounter = drill("seraph", [(6, 2), (6, 1)], [7, 6])
    (roll,) = throwback_rolls(encounter)
    assert roll.target == 13


@pytest.mark.parametrize(
    ("penetrating", "small_projectile", "meters"),
    [(False, False, 14.0), (True, False, 7.0), (True, True, 3.5), (False, True, 7.0)],
)
def test_penetrating_blows_and_small_projectiles_halve_the_throw(
    penetrating: bool, small_projectile: bool, meters: float
) -> None:
    """A miss by 10 is 14 m on the Sphere chart; halved for a mainly penetrating blow, halved
    again for a small projectile (seed "Throwback Roll")."""
    impact = Impact("seraph", "sphinx", 20, 5, penetrating, small_projectile)
    assert throw_meters(CHART, 10, impact) == meters


def sphinx_thrown(features: dict[str, str] | None = None, **defaults: str) -> Encounter:
    """The Sphinx (Mass 63.3 kg: Sphere 15; Strength 16: Sphere 10), out of VP, takes 12 raw
    for 1 DP and rolls 19 against 15 − 12 + 10 = 13: thrown 6 m, but the alley is 2 m away."""
    edges = (("street", "alley", 2.0),)
    return drill(
        "sphinx", [(12, 1)], [10, 9, 5, 5, 5, 5], edges=edges, features=features, **defaults
    )


def collisions(encounter: Encounter) -> list[DamageTaken]:
    return [e for e in of(encounter, DamageTaken) if e.source == "collision"]


def test_open_ground_without_edges_moves_nobody_and_hurts_nobody() -> None:
    """A place with no edges says nothing of what lies around it: no flight on the map."""
    encounter = drill("sphinx", [(12, 1)], [10, 9], edges=())
    (thrown,) = of(encounter, ThrownBack)
    assert thrown.flown == thrown.meters == 6.0
    assert not of(encounter, Moved)
    assert encounter.state["sphinx"].damage_points == 4


def test_g10_dp_lost_pushes_back_by_the_dp_taken_as_well() -> None:
    """G-10 ``dp_lost``: Seraph's made roll throws nothing, but the 3 DP push his punch back
    3 segments (30 → 33); under the default ``none`` nothing does."""
    pushed = drill("seraph", [(12, 3)], [7, 6], G10_pushback_from_damage="dp_lost")
    (push,) = of(pushed, PushedBack)
    assert (push.segments, push.completes_at, push.reason) == (3, 33, "damage taken (G-10)")
    assert pushed.state["seraph"].actions[0].completes_at == 33
    unpushed = drill("seraph", [(12, 3)], [7, 6])
    assert not of(unpushed, PushedBack)
    assert unpushed.state["seraph"].actions[0].completes_at == 30


def test_g10_dp_lost_adds_to_the_throwback_pushback() -> None:
    """Thrown (margin 4) and 3 DP lost: 30 → 34 → 37."""
    encounter = drill("seraph", [(12, 3)], [9, 8], G10_pushback_from_damage="dp_lost")
    pushes = [(e.segments, e.completes_at) for e in of(encounter, PushedBack)]
    assert pushes == [(4, 34), (3, 37)]


class Daze:
    """A made-up condition that stops its victim but does not catch it unready."""

    DAZED = ConditionDefinition("dazed", "Dazed: starts nothing for a while.")

    @hookimpl
    def mands_register_conditions(self, register: Register) -> None:
        register(self.DAZED.name, self.DAZED, summary=self.DAZED.summary)


@pytest.mark.parametrize(
    ("condition", "unready"),
    [(SURPRISED.name, True), (PARALYSED.name, True), (CONTROLLED.name, True), ("dazed", False)],
)
def test_the_rulebooks_holds_catch_their_victim_unready_and_a_daze_does_not(
    condition: str, unready: bool
) -> None:
    """Surprise, a paralysing horror and Mind Control's hold leave the victim unready for a
    throwback, as their definitions say (``unready``); another condition does not."""
    spec = parse_scenario(scenario([("street", "alley", 10.0)], None), base_dir=CHARACTERS)
    encounter = Simulation(spec, extra_plugins={"daze": Daze()}).build()
    assert not caught_unready(encounter, "seraph")
    encounter.emit([ConditionImposed(0, "seraph", condition, "sphinx", until=20)])
    assert caught_unready(encounter, "seraph") is unready
