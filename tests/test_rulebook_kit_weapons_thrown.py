"""Thrown weapons (``mands_rulebook.kit.weapons.thrown``; ``docs/rules/combat.md`` §15; seed
"Throw
Roll"; ``docs/rules/decisions.md`` G-21): the Throw Roll's distance as the throw's Short Range,
worked through a rock thrown down the street (``tests/data/range_street.toml``)."""

from __future__ import annotations

from mands_rulebook.kit.weapons.ready import READIED, WeaponThrown
from mands_rulebook.kit.weapons.table import carried
from mands_sim.events import DamageTaken, EndurancePaid, RollMade
from tests.data.weapon_scenes import of, throw_at_street


def test_initiate_thrown_rock_short_range_from_the_throw_roll() -> None:
    """The gunman (Strength 10, Mass 63) draws a rock (5 segments) and throws it at the mark 15 m
    down the street. Throw Roll: vs Strength − 9 = 1, Bonus Pool Mass 63 (Sphere) = 15 → +10:
    needs 11; dice 2 + 3 = 5, Q 6. The rock's 0.5 kg is row −2 on the Sphere chart, so 8 Q go
    to distance: row 8 → 8 m. G-21: Short Range 8 m, Range Set 4 m; 15 m is 1 full Range Set
    beyond: pool 2 − 1 = 1 (+1), needs 11; dice 4 + 4 = 8, Q 3 on Attack: the rock hits on
    segment 5 + 15 = 20 for its 3 damage, and has left his hand. EP: 1 (row 5) + 5 (row 9)."""
    encounter, events = throw_at_street({}, {"gunman": [2, 3, 4, 4]})
    throw, combat = of(events, RollMade)
    assert (throw.purpose, throw.target + throw.pool_bonus, throw.quality) == ("throw roll", 11, 6)
    assert (combat.purpose, combat.bonus_pool, combat.quality) == ("combat roll", 1, 3)
    assert [(e.reason, e.amount) for e in of(events, EndurancePaid)] == [
        ("combat roll", 1),
        ("rock", 5),
    ]
    (damage,) = of(events, DamageTaken)
    assert (damage.segment, damage.raw) == (20, 3)
    assert [(e.segment, e.weapon) for e in of(events, WeaponThrown)] == [(20, "rock")]
    assert encounter.state["gunman"].get(READIED) is None
    assert carried(encounter, "gunman", "rock") == 1


def test_g21_weapon_data_takes_the_thrown_ranges_from_the_table() -> None:
    """G21_thrown_ranges = "weapon_data": no Throw Roll; the rock's own Short Range 5 m and Range
    Set 5 m make 15 m two Range Sets beyond: pool 2 − 2 = 0, needs 10. The same dice 4 + 4 = 8
    hit with Q 2 where the Throw Roll's ranges gave Q 3."""
    _, events = throw_at_street({"G21_thrown_ranges": "weapon_data"}, {"gunman": [4, 4]})
    (combat,) = of(events, RollMade)
    assert (combat.purpose, combat.bonus_pool, combat.quality) == ("combat roll", 0, 2)


def test_a_failed_throw_still_flies_a_little() -> None:
    """Seed "Throw Roll": a failed roll still throws, its negative Q read Result → Sphere: dice
    10 + 9 = 19 against 11 is Q −8 → .075 m. Short Range .075 m and Range Set .0375 m put the
    mark 15 m away 398 Range Sets beyond: pool 2 − 398 = −396."""
    _, events = throw_at_street({}, {"gunman": [10, 9, 2, 2]})
    throw, combat = of(events, RollMade)
    assert throw.quality == -8
    assert combat.bonus_pool == -396
