"""Weapon attacks (``mands_rulebook.kit.weapons.attacking``, through
``mands_rulebook.combat.weapons``' hooks;
``docs/rules/combat.md`` §5–7; seed "Hand Damage"; ``docs/rules/decisions.md`` G-13, G-42): a club
hit worked through in the alley of ``tests/data/weapons_alley.toml``."""

from __future__ import annotations

from fractions import Fraction

from mands_sim.actions import QualityAllocation
from mands_sim.events import ActionStarted, AttackResolved, DamageTaken, EndurancePaid, RollMade
from mands_sim.kernel.contracts import Mind
from tests.data.weapon_scenes import ALLEY, Script, attack, of, run, scenario


def test_resolve_club_hit_worked_numbers() -> None:
    """Dexter (Combat Roll 10, Combat Pool 2, Hand Damage 6) swings his club at Sinister.

    Needs 10 + 2 = 12; dice 2 + 3 = 5: Q 7, spent 3 on speed (PT 20 → 10), 3 on damage (Doubles
    chart: +2), 1 on EP. Attack 0 hits Defense 0 on segment 10: club 2 + Hand Damage 6 + 2 = 10
    raw, all of it taken (Skin Temper 1): VP 28 → 18. EP: Combat Roll row 5 − 1 = row 4 (1/5 EP)
    and the club's row 7 (3 EP: Hand Damage, G-13).
    """
    spend = QualityAllocation(speed=3, damage=3, ep=1)
    minds: dict[str, Mind] = {
        "dexter": Script(attack("club", "sinister"), spend=spend),
        "sinister": Script(),
    }
    spec = scenario(ALLEY, {"G62_weapons_start": "readied"})
    _, events = run(spec, {"dexter": [2, 3]}, minds, until=10)
    (roll,) = of(events, RollMade)
    assert (roll.target + roll.pool_bonus, roll.total, roll.quality) == (12, 5, 7)
    (started,) = of(events, ActionStarted)
    assert (started.performance_time, started.completes_at) == (10, 10)
    assert [(e.row, e.amount) for e in of(events, EndurancePaid)] == [
        (4, Fraction(1, 5)),
        (7, Fraction(3)),
    ]
    (hit,) = of(events, AttackResolved)
    assert (hit.segment, hit.attack, hit.defense, hit.hit) == (10, 0, 0, True)
    (damage,) = of(events, DamageTaken)
    assert (damage.raw, damage.taken, damage.virtual_damage_points_after) == (10, 10, 18)
