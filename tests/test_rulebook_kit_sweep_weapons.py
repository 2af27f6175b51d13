"""Sweeps with a weapon (``mands_rulebook.kit.sweep_weapons``, through
``mands_rulebook.combat.opponents``'
``sweep``; seed "Combat Roll": "telephone pole ... semi-automatic weapon"; G-81, G-172).

The fighters are the grunt of ``tests/data/fighters.py``: Combat Roll 11, Combat Pool 1, Hand
Damage 5, VP 28; the weapons are the bundled table's (G-42).
"""

from __future__ import annotations

from typing import Any

import pytest

import mands_rulebook.combat.opponents as opponents
from mands_rulebook.kit.opponents.sweeps import NO_SWEEP_WITHOUT_WEAPON, SweepBlowsLeft
from mands_rulebook.kit.weapons.ready import WeaponReadied
from mands_rulebook.policies.sweeper import Sweeper
from mands_sim.actions import Intent, QualityAllocation
from mands_sim.events import AttackResolved, DamageTaken, EndurancePaid, Event
from mands_sim.kernel.encounter import Encounter
from tests.data.fighters import grunt
from tests.data.opponents_scenes import Plays, scene

FOLLOW_B = Intent("sweep-blow", target="b")


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


CLUB_AB = Intent("sweep", "a", options={"targets": ["a", "b"], "weapon": "club"})


def armed(encounter: Encounter, weapon: str = "club") -> Encounter:
    encounter.emit([WeaponReadied(0, "hero", weapon)])
    return encounter


@pytest.fixture(scope="module")
def club_sweep() -> list[Event]:
    """The hero sweeps a and b with a club (our own case): pool 1 − 1 = 0: needs 11; 2 + 2 = 4,
    Q 7: 2 on Attack (1 each), 3 on damage (+2, Doubles chart). The club's Performance Time is
    20 (G-42): blows at 20 and 21, each the club's 2 + Hand Damage 5 (a strength weapon) + 2 = 9:
    VP 28 → 19. EP: the Combat Roll 1 and the club's row 7 (3) at 0, the club's 3 at 20."""
    events: list[Event] = []
    encounter = armed(
        scene(
            {"heroes": {"hero": grunt()}, "mob": {i: grunt() for i in "ab"}},
            dice={"hero": [2, 2]},
            minds={
                "hero": Plays(CLUB_AB, FOLLOW_B, spend=QualityAllocation(attack=2, damage=3)),
                "a": Plays(),
                "b": Plays(),
            },
            events=events,
        )
    )
    encounter.run(until=40)
    return events


def test_a_club_sweep_lands_with_the_clubs_time_and_damage(club_sweep: list[Event]) -> None:
    blows = [(e.segment, e.target, e.attack, e.hit) for e in of(club_sweep, AttackResolved)]
    assert blows == [(20, "a", 1, True), (21, "b", 1, True)]
    taken = of(club_sweep, DamageTaken)
    hits = [(e.character, e.raw, e.virtual_damage_points_after) for e in taken]
    assert hits == [("a", 9, 19), ("b", 9, 19)]


def test_a_club_sweep_pays_the_clubs_row_per_blow(club_sweep: list[Event]) -> None:
    paid = [(e.segment, e.reason, e.amount) for e in of(club_sweep, EndurancePaid)]
    assert paid == [(0, "combat roll", 1), (0, "club", 3), (20, "club", 3)]
    (left,) = of(club_sweep, SweepBlowsLeft)
    assert (left.targets, left.weapon) == (("b",), "club")


@pytest.mark.parametrize(
    ("weapon", "ready", "reason"),
    [
        ("club", False, "has not drawn the club"),
        ("rock", True, "a thrown rock cannot sweep"),
        ("cannon", False, "no weapon named 'cannon'"),
    ],
)
def test_mands_action_refusals_of_weapon_sweeps(weapon: str, ready: bool, reason: str) -> None:
    encounter = scene({"heroes": {"hero": grunt()}, "mob": {i: grunt() for i in "ab"}})
    if ready:
        armed(encounter, weapon)
    intent = Intent("sweep", "a", options={"targets": ["a", "b"], "weapon": weapon})
    assert any(reason in r for r in opponents.mands_action_refusals(encounter, "hero", intent))


def test_a_pistol_sweeps_targets_out_of_contact_with_the_farthest_ones_range_penalty() -> None:
    """A pistol (Short Range 10 m, Range Set 10 m: G-42) sweeps a in contact and b 25 m off: a
    fist sweep is refused (G-81), the pistol's is not; its Combat Roll pays −1 for the extra
    opponent and −1 for b's one Range Set beyond Short Range (G-20, G-172)."""
    encounter = armed(
        scene(
            {"heroes": {"hero": grunt()}, "mob": {"a": grunt(), "b": grunt()}},
            places=("ring", "yard"),
            edges=[("ring", "yard", 25.0)],
            where={"b": "yard"},
        ),
        "pistol",
    )
    fists = Intent("sweep", "a", options={"targets": ["a", "b"]})
    pistol = Intent("sweep", "a", options={"targets": ["a", "b"], "weapon": "pistol"})
    assert opponents.mands_action_refusals(encounter, "hero", fists) == [NO_SWEEP_WITHOUT_WEAPON]
    assert opponents.mands_action_refusals(encounter, "hero", pistol) == []
    found = opponents.mands_bonus_pool_modifiers(encounter, "hero", pistol, "combat")
    assert sorted((m.source, m.amount) for m in found) == [
        ("multiple opponents", -1),
        ("range", -1),
    ]


def test_g172_first_takes_the_range_penalty_of_the_first_target() -> None:
    """G-172 ``first``: the pistol sweep of a (in contact) and b (25 m) pays a's range: none."""
    encounter = armed(
        scene(
            {"heroes": {"hero": grunt()}, "mob": {"a": grunt(), "b": grunt()}},
            places=("ring", "yard"),
            edges=[("ring", "yard", 25.0)],
            where={"b": "yard"},
            defaults={"G172_sweep_range": "first"},
        ),
        "pistol",
    )
    pistol = Intent("sweep", "a", options={"targets": ["a", "b"], "weapon": "pistol"})
    found = opponents.mands_bonus_pool_modifiers(encounter, "hero", pistol, "combat")
    assert [(m.source, m.amount) for m in found] == [("multiple opponents", -1)]


def test_the_sweeper_sweeps_with_the_weapon_it_holds() -> None:
    encounter = armed(scene({"heroes": {"hero": grunt()}, "mob": {i: grunt() for i in "ab"}}))
    intent = Sweeper({}).choose(encounter, "hero")
    assert isinstance(intent, Intent) and intent.options.get("weapon") == "club"


def test_the_sweeper_with_empty_hands_punches_instead_of_sweeping() -> None:
    """G-81: fists cannot sweep, so two grunts in reach are punched one at a time."""
    encounter = scene({"heroes": {"hero": grunt()}, "mob": {i: grunt() for i in "ab"}})
    intent = Sweeper({}).choose(encounter, "hero")
    assert isinstance(intent, Intent) and intent.action == "fist-attack"
