"""Extra opponents in the Combat Bonus Pool (``mands_rulebook.kit.opponents.extra_opponents``,
through
``mands_rulebook.combat.opponents``' Bonus Pool hook; seed "Combat Roll"; G-80), against the grunts
of
``tests/data/fighters.py`` (Combat Roll 11, Combat Pool 1, Defense 0)."""

from __future__ import annotations

from typing import Any

import pytest

from mands_sim.actions import Intent
from mands_sim.events import AttackResolved, Event, RollMade
from tests.data.opponents_scenes import mob_of_three


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


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


@pytest.mark.parametrize(
    ("roles", "non_combatants", "needed", "hit"),
    [
        ({"c": "hostage"}, "aside", 11, False),
        ({"b": "bystander", "c": "hostage"}, "aside", 12, True),
        ({"b": "bystander", "c": "hostage"}, "counted", 10, False),
    ],
)
def test_g80_engaged_counts_no_bystander_or_hostage_in_contact(
    roles: dict[str, str], non_combatants: str, needed: int, hit: bool
) -> None:
    """The punch at a under G-80 "engaged": a bystander or hostage in contact is no opponent
    (G-235). With c a hostage, b alone is extra: −1 → needs 11; with b a bystander as well,
    nobody is: needs 12 and 6 + 6 hits, as under "attacker". G-235 "counted" counts them: −2."""
    punch = Intent("fist-attack", target="a")
    _, events = mob_of_three(
        punch,
        dice=[6, 6],
        roles=roles,
        G80_extra_opponents="engaged",
        G235_non_combatants=non_combatants,
    )
    (roll,) = of(events, RollMade)
    assert roll.target + roll.pool_bonus == needed
    assert [e.hit for e in of(events, AttackResolved)] == [hit]
