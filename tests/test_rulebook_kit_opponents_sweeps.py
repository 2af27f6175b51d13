"""Sweeps (``mands_rulebook.kit.opponents.sweeps``, through ``mands_rulebook.combat.opponents``'
hooks; seed
"Combat Roll"; ``docs/rules/combat.md`` §12; G-80, G-81): one Combat Roll against several enemies,
its blows on successive segments.

The fighters are the grunt of ``tests/data/fighters.py``: a Normal character with Combat Roll
11 (twice Agility 10 on the Sphere chart), Combat Pool 1, Hand Damage 5, VP 28; the hero sweeps
with a club held ready (the bundled weapon table's, G-42: damage 2 + Hand Damage, Performance
Time 20, row 7).
"""

from __future__ import annotations

from typing import Any

import pytest

import mands_rulebook.combat.opponents as opponents
from mands_rulebook.kit.opponents.sweeps import NO_SWEEP_WITHOUT_WEAPON, SWEEP, SweepBlowsLeft
from mands_rulebook.kit.weapons.ready import WeaponReadied
from mands_sim.actions import Intent, QualityAllocation
from mands_sim.events import AttackResolved, DamageTaken, EndurancePaid, Event, RollMade
from mands_sim.kernel.encounter import Encounter
from tests.data.fighters import grunt
from tests.data.opponents_scenes import mob_of_three, scene

CLUB = "club"
SWEEP_ABC = Intent("sweep", target="a", options={"targets": ["a", "b", "c"], "weapon": CLUB})
FOLLOW_B, FOLLOW_C = Intent("sweep-blow", target="b"), Intent("sweep-blow", target="c")
THREE_Q_EACH = QualityAllocation(attack=3, damage=3)


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


# --- the sweep (seed "Combat Roll"; G-80, G-81) -----------------------------------------------


def armed(encounter: Encounter) -> Encounter:
    encounter.emit([WeaponReadied(0, "hero", CLUB)])
    return encounter


@pytest.fixture(scope="module")
def sweep() -> list[Event]:
    """A multiple-opponent sweep (our own case; the seed has no worked one). The hero sweeps a,
    b and c with a club: pool 1 − 2 (seed: "each extra opponent counts as a penalty of 1") = −1
    → Sphere −1: needs 11 − 1 = 10; dice 2 + 2 = 4: Q 6, spent 3 on Attack (1 per target) and 3
    on damage (+2, Doubles chart). The blows land on segments 20, 21 and 22 (the club's PT 20,
    then one segment each): Attack 1 vs Defense 0, club 2 + Hand Damage 5 + 2 = 9 each: VP 28 →
    19. EP: Combat Roll 1 and the club's row 7 (3) at 0, then 3 per later blow."""
    _, events = mob_of_three(
        SWEEP_ABC, FOLLOW_B, FOLLOW_C, dice=[2, 2], spend=THREE_Q_EACH, weapon=CLUB
    )
    return events


def test_a_multiple_opponent_sweep_pays_one_per_extra_opponent(sweep: list[Event]) -> None:
    (roll,) = of(sweep, RollMade)
    assert (roll.bonus_pool, roll.pool_bonus, roll.target + roll.pool_bonus) == (-1, -1, 10)
    assert roll.quality == 6


def test_a_multiple_opponent_sweep_lands_on_successive_segments(sweep: list[Event]) -> None:
    blows = [(e.segment, e.target, e.attack, e.hit) for e in of(sweep, AttackResolved)]
    assert blows == [(20, "a", 1, True), (21, "b", 1, True), (22, "c", 1, True)]


def test_a_multiple_opponent_sweep_deals_hand_damage_to_each(sweep: list[Event]) -> None:
    hits = [(e.character, e.raw, e.virtual_damage_points_after) for e in of(sweep, DamageTaken)]
    assert hits == [("a", 9, 19), ("b", 9, 19), ("c", 9, 19)]


def test_a_multiple_opponent_sweep_pays_the_weapons_row_per_blow(sweep: list[Event]) -> None:
    paid = [(e.segment, e.reason, e.amount) for e in of(sweep, EndurancePaid)]
    assert paid == [(0, "combat roll", 1), (0, CLUB, 3), (20, CLUB, 3), (21, CLUB, 3)]


def test_the_sweep_logs_the_blows_still_to_come(sweep: list[Event]) -> None:
    left = [(e.segment, e.targets, e.attacks, e.damage) for e in of(sweep, SweepBlowsLeft)]
    assert left == [(20, ("b", "c"), (1, 1), 2), (21, ("c",), (1,), 2)]


def test_resolve_g81_together_lands_every_blow_at_once() -> None:
    """G81_sweep_blows = "together": all three blows at segment 20, the club's row paid for all
    three at the start."""
    _, events = mob_of_three(
        SWEEP_ABC, dice=[2, 2], spend=THREE_Q_EACH, weapon=CLUB, G81_sweep_blows="together"
    )
    assert [(e.segment, e.target) for e in of(events, AttackResolved)] == [
        (20, "a"),
        (20, "b"),
        (20, "c"),
    ]
    assert [e.segment for e in of(events, EndurancePaid) if e.reason == CLUB] == [0, 0, 0]
    assert not of(events, SweepBlowsLeft)


def test_resolve_doing_something_else_abandons_the_rest_of_the_sweep() -> None:
    """After the first blow the hero punches b instead: the sweep's blows at b and c are lost."""
    punch = Intent("fist-attack", target="b")
    _, events = mob_of_three(SWEEP_ABC, punch, dice=[2, 2, 10, 10], spend=THREE_Q_EACH, weapon=CLUB)
    assert [(e.segment, e.target) for e in of(events, AttackResolved)] == [(20, "a"), (35, "b")]


def test_initiate_a_failed_sweep_misses_with_its_attack_share_at_each() -> None:
    """Dice 10 + 10 = 20 against 10: Q −10, dealt Attack −4, Damage −3, Defense −3 → −1 (G-14):
    every target faces Attack −4 (G-81)."""
    encounter, _ = mob_of_three(dice=[10, 10], weapon=CLUB)
    initiation = opponents.initiate(encounter, "hero", SWEEP_ABC, SWEEP)
    assert initiation is not None
    prepared = initiation.prepared
    assert (prepared["attacks"], prepared["defense"], prepared["damage"]) == ((-4, -4, -4), -1, -3)


def test_initiate_splits_attack_evenly_when_the_mind_does_not_say() -> None:
    """Q 6 all on Attack: 2 each."""
    encounter, _ = mob_of_three(dice=[2, 2], weapon=CLUB)
    initiation = opponents.initiate(encounter, "hero", SWEEP_ABC, SWEEP)
    assert initiation is not None
    assert initiation.prepared["attacks"] == (2, 2, 2)


def club_sweep(*targets: str) -> Intent:
    return Intent("sweep", "a", options={"targets": list(targets), "weapon": CLUB})


@pytest.mark.parametrize(
    ("intent", "reason"),
    [
        (club_sweep("b", "a"), "must start with its target"),
        (club_sweep("a", "a"), "names a target twice"),
        (club_sweep("a", "hero"), "'hero' is no opponent"),
        (club_sweep("a", "ally"), "ally is on hero's side"),
        (Intent("sweep-blow", "b"), "has no sweep blow to follow through"),
    ],
)
def test_mands_action_refusals_of_sweeps(intent: Intent, reason: str) -> None:
    encounter = armed(
        scene({"heroes": {"hero": grunt(), "ally": grunt()}, "mob": {i: grunt() for i in "abc"}})
    )
    refusals = opponents.mands_action_refusals(encounter, "hero", intent)
    assert any(reason in r for r in refusals), refusals


def test_mands_action_refusals_fists_cannot_sweep() -> None:
    """Seed "Combat Roll": "the character must be able to attack them in a 'sweeping' manner,
    such as with a telephone pole, a beam power, or a semi-automatic weapon" (G-81): a sweep of
    fists is refused, the same sweep with the club held ready is not."""
    encounter = scene({"heroes": {"hero": grunt()}, "mob": {i: grunt() for i in "ab"}})
    fists = Intent("sweep", "a", options={"targets": ["a", "b"]})
    assert opponents.mands_action_refusals(encounter, "hero", fists) == [NO_SWEEP_WITHOUT_WEAPON]
    armed(encounter)
    assert opponents.mands_action_refusals(encounter, "hero", club_sweep("a", "b")) == []


def test_mands_action_refusals_a_sweep_needs_every_target_in_contact() -> None:
    encounter = armed(
        scene(
            {"heroes": {"hero": grunt()}, "mob": {"a": grunt(), "b": grunt()}},
            places=("ring", "corner"),
            edges=[("ring", "corner", 5.0)],
            where={"b": "corner"},
        )
    )
    intent = club_sweep("a", "b")
    assert opponents.mands_action_refusals(encounter, "hero", intent) == ["b is out of reach"]
