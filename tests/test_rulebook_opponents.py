"""Multiple opponents, sweeps, forked blasts and Teamwork (``plugins/opponents.py``;
``rules/combat.md`` §12; seed "Combat Roll", "Teamwork", "Fire Coat"; G-80, G-81, G-82).

The fighters are the grunt of ``tests/data/fighters.py``: a Normal character with Combat Roll
11 (twice Agility 10 on the Sphere chart), Combat Pool 1, Hand Damage 5, VP 28.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import mands_rulebook.opponents as opponents
import pytest
from mands_rulebook.damage import Blow
from mands_rulebook.opponents import SweepBlowsLeft, Sweeper, fork_blast, split_evenly

from mands_sim.actions import Intent, QualityAllocation
from mands_sim.dice import SeededDice
from mands_sim.events import (
    ActionResolved,
    AttackResolved,
    DamageTaken,
    DefenseChanged,
    EndurancePaid,
    Event,
    RollMade,
)
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from tests.data.fighters import grunt
from tests.data.opponents_scenes import Plays, scene

MOB = Path(__file__).parent.parent / "scenarios" / "mob.toml"

SWEEP_ABC = Intent("sweep", target="a", options={"targets": ["a", "b", "c"]})
FOLLOW_B, FOLLOW_C = Intent("sweep-blow", target="b"), Intent("sweep-blow", target="c")
THREE_Q_EACH = QualityAllocation(attack=3, damage=3)


def mob_of_three(
    *intents: Intent,
    dice: list[int],
    spend: QualityAllocation | None = None,
    **defaults: Any,
) -> tuple[Encounter, list[Event]]:
    """The hero against a, b and c, all in one place; a, b and c do nothing."""
    events: list[Event] = []
    encounter = scene(
        {"heroes": {"hero": grunt()}, "mob": {i: grunt() for i in "abc"}},
        dice={"hero": dice},
        minds={"hero": Plays(*intents, spend=spend), **{i: Plays() for i in "abc"}},
        defaults=defaults,
        events=events,
    )
    if intents:
        encounter.run(until=40)
    return encounter, events


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


# --- the sweep (seed "Combat Roll"; G-80, G-81) -----------------------------------------------


@pytest.fixture(scope="module")
def sweep() -> list[Event]:
    """A multiple-opponent sweep (our own case; the seed has no worked one). The hero sweeps a,
    b and c: pool 1 − 2 (seed: "each extra opponent counts as a penalty of 1") = −1 → Sphere −1:
    needs 11 − 1 = 10; dice 2 + 2 = 4: Q 6, spent 3 on Attack (1 per target) and 3 on damage
    (+2, Doubles chart). The blows land on segments 15, 16 and 17 (PT 15, then one segment
    each): Attack 1 vs Defense 0, Hand Damage 5 + 2 = 7 each: VP 28 → 21. EP: Combat Roll 1 and
    Hand Damage 3 at 0, then 3 per later blow."""
    _, events = mob_of_three(SWEEP_ABC, FOLLOW_B, FOLLOW_C, dice=[2, 2], spend=THREE_Q_EACH)
    return events


def test_a_multiple_opponent_sweep_pays_one_per_extra_opponent(sweep: list[Event]) -> None:
    (roll,) = of(sweep, RollMade)
    assert (roll.bonus_pool, roll.pool_bonus, roll.target + roll.pool_bonus) == (-1, -1, 10)
    assert roll.quality == 6


def test_a_multiple_opponent_sweep_lands_on_successive_segments(sweep: list[Event]) -> None:
    blows = [(e.segment, e.target, e.attack, e.hit) for e in of(sweep, AttackResolved)]
    assert blows == [(15, "a", 1, True), (16, "b", 1, True), (17, "c", 1, True)]


def test_a_multiple_opponent_sweep_deals_hand_damage_to_each(sweep: list[Event]) -> None:
    hits = [(e.character, e.raw, e.virtual_damage_points_after) for e in of(sweep, DamageTaken)]
    assert hits == [("a", 7, 21), ("b", 7, 21), ("c", 7, 21)]


def test_a_multiple_opponent_sweep_pays_hand_damage_per_blow(sweep: list[Event]) -> None:
    paid = [(e.segment, e.reason, e.amount) for e in of(sweep, EndurancePaid)]
    assert paid == [
        (0, "combat roll", 1),
        (0, "hand damage", 3),
        (15, "hand damage", 3),
        (16, "hand damage", 3),
    ]


def test_the_sweep_logs_the_blows_still_to_come(sweep: list[Event]) -> None:
    left = [(e.segment, e.targets, e.attacks, e.damage) for e in of(sweep, SweepBlowsLeft)]
    assert left == [(15, ("b", "c"), (1, 1), 2), (16, ("c",), (1,), 2)]


def test_mands_action_resolve_g81_together_lands_every_blow_at_once() -> None:
    """G81_sweep_blows = "together": all three blows at segment 15, Hand Damage paid for all
    three at the start."""
    _, events = mob_of_three(SWEEP_ABC, dice=[2, 2], spend=THREE_Q_EACH, G81_sweep_blows="together")
    assert [(e.segment, e.target) for e in of(events, AttackResolved)] == [
        (15, "a"),
        (15, "b"),
        (15, "c"),
    ]
    assert [e.segment for e in of(events, EndurancePaid) if e.reason == "hand damage"] == [0, 0, 0]
    assert not of(events, SweepBlowsLeft)


def test_mands_action_resolve_doing_something_else_abandons_the_rest_of_the_sweep() -> None:
    """After the first blow the hero punches b instead: the sweep's blows at b and c are lost."""
    punch = Intent("fist-attack", target="b")
    _, events = mob_of_three(SWEEP_ABC, punch, dice=[2, 2, 10, 10], spend=THREE_Q_EACH)
    assert [(e.segment, e.target) for e in of(events, AttackResolved)] == [(15, "a"), (30, "b")]


def test_mands_action_initiate_a_failed_sweep_misses_with_its_attack_share_at_each() -> None:
    """Dice 10 + 10 = 20 against 10: Q −10, dealt Attack −4, Damage −3, Defense −3 → −1 (G-14):
    every target faces Attack −4 (G-81)."""
    encounter, _ = mob_of_three(dice=[10, 10])
    initiation = opponents.mands_action_initiate(encounter, "hero", SWEEP_ABC, opponents.SWEEP)
    assert initiation is not None
    prepared = initiation.prepared
    assert (prepared["attacks"], prepared["defense"], prepared["damage"]) == ((-4, -4, -4), -1, -3)


def test_mands_action_initiate_splits_attack_evenly_when_the_mind_does_not_say() -> None:
    """Q 6 all on Attack: 2 each."""
    encounter, _ = mob_of_three(dice=[2, 2])
    initiation = opponents.mands_action_initiate(encounter, "hero", SWEEP_ABC, opponents.SWEEP)
    assert initiation is not None
    assert initiation.prepared["attacks"] == (2, 2, 2)


def test_split_evenly_gives_the_remainder_to_the_first() -> None:
    assert split_evenly(7, 3) == [3, 2, 2]
    assert split_evenly(1, 3) == [1, 0, 0]


def test_a_mind_that_over_splits_its_attack_is_an_error() -> None:
    class Greedy(Plays):
        def split_attack(self, *args: Any) -> list[int]:
            return [6, 6, 6]

    encounter, _ = mob_of_three(dice=[2, 2])
    encounter.minds["hero"] = Greedy()
    with pytest.raises(ValueError, match="split 6 Attack"):
        opponents.mands_action_initiate(encounter, "hero", SWEEP_ABC, opponents.SWEEP)


@pytest.mark.parametrize(
    ("intent", "reason"),
    [
        (Intent("sweep", "a", options={"targets": ["b", "a"]}), "must start with its target"),
        (Intent("sweep", "a", options={"targets": ["a", "a"]}), "names a target twice"),
        (Intent("sweep", "a", options={"targets": ["a", "hero"]}), "'hero' is no opponent"),
        (Intent("sweep", "a", options={"targets": ["a", "ally"]}), "ally is on hero's side"),
        (Intent("sweep-blow", "b"), "has no sweep blow to follow through"),
    ],
)
def test_mands_action_refusals_of_sweeps(intent: Intent, reason: str) -> None:
    encounter = scene(
        {"heroes": {"hero": grunt(), "ally": grunt()}, "mob": {i: grunt() for i in "abc"}}
    )
    refusals = opponents.mands_action_refusals(encounter, "hero", intent)
    assert any(reason in r for r in refusals), refusals


def test_mands_action_refusals_a_sweep_needs_every_target_in_contact() -> None:
    encounter = scene(
        {"heroes": {"hero": grunt()}, "mob": {"a": grunt(), "b": grunt()}},
        places=("ring", "corner"),
        edges=[("ring", "corner", 5.0)],
        where={"b": "corner"},
    )
    intent = Intent("sweep", "a", options={"targets": ["a", "b"]})
    assert opponents.mands_action_refusals(encounter, "hero", intent) == ["b is out of reach"]


# --- who pays for extra opponents (G-80) --------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "needed", "hit"), [("attacker", 12, True), ("engaged", 10, False)]
)
def test_mands_bonus_pool_modifiers_g80_engaged_counts_every_enemy_in_contact(
    rule: str, needed: int, hit: bool
) -> None:
    """A punch at a with b and c also in contact. G-80 "attacker": one opponent, no penalty:
    needs 12, dice 6 + 6 hit with Q 0 (Attack 0 vs Defense 0). "engaged": −2 → pool −1 →
    needs 10: Q −2, Attack −1 misses."""
    punch = Intent("fist-attack", target="a")
    _, events = mob_of_three(punch, dice=[6, 6], G80_extra_opponents=rule)
    (roll,) = of(events, RollMade)
    assert roll.target + roll.pool_bonus == needed
    assert [e.hit for e in of(events, AttackResolved)] == [hit]


# --- forked blasts (seed "Fire Coat") -----------------------------------------------------------


def test_fork_blast_divides_the_damage_and_needs_attack_for_each() -> None:
    """Seed "Fire Coat": a 9-point blast forked at a (Attack 1) and b (Attack −1): 5 and 4;
    a is hit (VP 28 → 23), b's Attack misses Defense 0."""
    encounter, _ = mob_of_three(dice=[])
    events = fork_blast(encounter, Blow(raw=9, source="hero"), {"a": 1, "b": -1})
    assert [(e.target, e.hit) for e in of(events, AttackResolved)] == [("a", True), ("b", False)]
    assert [
        (e.character, e.raw, e.virtual_damage_points_after) for e in of(events, DamageTaken)
    ] == [("a", 5, 23)]


def test_fork_blast_takes_the_shares_it_is_given() -> None:
    encounter, _ = mob_of_three(dice=[])
    events = fork_blast(encounter, Blow(raw=9, source="hero"), {"a": 0, "b": 0}, shares=[2, 7])
    assert [e.raw for e in of(events, DamageTaken)] == [2, 7]
    with pytest.raises(ValueError, match="cannot fork"):
        fork_blast(encounter, Blow(raw=9, source="hero"), {"a": 0, "b": 0}, shares=[5, 5])


# --- Teamwork (seed "Teamwork"; G-82) -----------------------------------------------------------


def teamwork(rule: str) -> list[Event]:
    """Teammates x (Teamwork 4) and y (Teamwork 5) punch t. x starts first, alone: needs 12.
    y joins while x's punch is in progress: the group's level is the lower, 4 (seed); y adds 4
    to Agility (10 → 14: twice 28 on the Sphere chart is 12, one more than 11: +1 to Q) and draws
    half the pool, 2: pool 1 + 2 = 3 → 3, needs 14; dice 7 + 7 = 14: Q 0 + 1 = 1, Attack 1 hits.
    Without Teamwork (G-82 "none"): needs 12, Q −2, Attack −1 misses."""
    events: list[Event] = []
    scene(
        {
            "team": {
                "x": grunt(skills={"Teamwork": 4}),
                "y": grunt(skills={"Teamwork": 5}),
            },
            "other": {"t": grunt()},
        },
        dice={"x": [6, 6], "y": [7, 7]},
        minds={
            "x": Plays(Intent("fist-attack", "t")),
            "y": Plays(Intent("fist-attack", "t")),
            "t": Plays(),
        },
        defaults={"G82_teamwork": rule},
        events=events,
    ).run(until=15)
    return events


def test_mands_bonus_pool_modifiers_teamwork_shares_the_pool_and_raises_agility() -> None:
    rolls = {
        e.character: (e.bonus_pool, e.target + e.pool_bonus, e.quality)
        for e in of(teamwork("shares"), RollMade)
    }
    assert rolls == {"x": (1, 12, 0), "y": (3, 14, 1)}


def test_mands_bonus_pool_modifiers_g82_none_switches_teamwork_off() -> None:
    hits = {e.character: e.hit for e in of(teamwork("none"), AttackResolved)}
    assert hits == {"x": True, "y": False}
    assert {e.character: e.hit for e in of(teamwork("shares"), AttackResolved)} == {
        "x": True,
        "y": True,
    }


def test_teamwork_needs_a_teammate_attacking_the_same_target() -> None:
    encounter = scene(
        {"team": {"x": grunt(skills={"Teamwork": 4})}, "other": {"t": grunt()}},
    )
    assert opponents.teamwork_modifiers(encounter, "x", Intent("fist-attack", "t")) == []


# --- the sweeper policy and the mob scenario ----------------------------------------------------


def test_sweeper_splits_its_attack_to_meet_each_defense() -> None:
    """Defenses 2, 0, 1 and 5 Attack: 2, 0, 1 meet them, the 2 left go 1 and 1 to the first."""
    encounter, _ = mob_of_three(dice=[])
    encounter.emit([DefenseChanged(0, "a", 2, "test"), DefenseChanged(0, "c", 1, "test")])
    assert Sweeper({}).split_attack(encounter, "hero", ("a", "b", "c"), 5) == [3, 1, 1]


def test_mands_register_policies_sweeper_sweeps_the_mob_and_follows_through() -> None:
    """Seraph (Combat Roll 14, Pool 1) in a warehouse with six grunts sweeps three of them: pool
    1 − 2 = −1, needs 13; his sweeps are followed by sweep-blows; the encounter ends."""
    spec = parse_scenario(
        {
            "format": 1,
            "name": "warehouse mob",
            "map": {"places": [{"name": "warehouse"}]},
            "sides": [
                {"name": "heroes", "characters": [
                    {"id": "seraph", "sheet": "characters/seraph.toml", "place": "warehouse",
                     "policy": "sweeper", "policy_options": {"max_targets": 3}}]},
                {"name": "mob", "characters": [
                    {"id": "grunt", "count": 6, "sheet": "characters/dexter.toml",
                     "place": "warehouse"}]},
            ],
            "stop": {"time_limit": 2500},
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
