"""Explosions (``plugins/explosions.py``; ``rules/combat.md`` §14; seed "Anti-Matter
Production", "Explosive Touch"; G-23, G-83).

The street of these tests: center —3 m— near —3 m— mid —4 m— far —10 m— roof. The victims are
the grunt of ``tests/data/fighters.py`` (VP 28, Defense 0).
"""

from __future__ import annotations

from typing import Any

import pytest
from mands_rulebook.explosions import (
    Exploded,
    ExplosionDamage,
    anti_matter,
    explode,
    explosive_touch,
)
from mands_rulebook.thrown_objects import ObjectLanded

from mands_sim.actions import Intent
from mands_sim.events import AttackResolved, DamageTaken, DefenseChanged, Event, RollMade
from mands_sim.kernel.encounter import Encounter
from tests.data.explosions_grenade import GrenadePlugin
from tests.data.fighters import grunt
from tests.data.opponents_scenes import Plays, scene

STREET = ("center", "near", "mid", "far", "roof")
EDGES = [("center", "near", 3.0), ("near", "mid", 3.0), ("mid", "far", 4.0), ("far", "roof", 10.0)]


def street(
    bomber_dice: list[int], *, intents: tuple[Intent, ...] = (), **defaults: Any
) -> tuple[Encounter, list[Event]]:
    """a at the center, b near (3 m), c at mid (6 m), the bomber on the roof (20 m)."""
    events: list[Event] = []
    encounter = scene(
        {"bombers": {"bomber": grunt()}, "victims": {i: grunt() for i in "abc"}},
        where={"a": "center", "b": "near", "c": "mid", "bomber": "roof"},
        places=STREET,
        edges=EDGES,
        dice={"bomber": bomber_dice},
        minds={"bomber": Plays(*intents), **{i: Plays() for i in "abc"}},
        defaults=defaults,
        plugins={"grenade": GrenadePlugin()},
        events=events,
    )
    return encounter, events


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def test_anti_matter_explosion_numbers() -> None:
    """Seed "Anti-Matter Production", PR 20: ⌈20/5⌉ = 4d6; Short Range 20/5 = 4 m, Range Set
    20/10 = 2 m, Maximum Range 20/4 = 5 m; bonus 2 × 20 = 40."""
    e = anti_matter(20)
    assert (e.dice, e.short_range, e.range_set, e.max_range, e.bonus) == (4, 4.0, 2.0, 5.0, 40)


def test_explosive_touch_explosion_numbers() -> None:
    """Seed "Explosive Touch", damage PR 9: ⌈9/4⌉ = 3d6; Short Range 9 mm, Range Set 9 cm,
    Maximum Range 9 dm; bonus 2 × 9 = 18."""
    e = explosive_touch(9)
    assert (e.dice, e.short_range, e.range_set, e.max_range, e.bonus) == (3, 0.009, 0.09, 0.9, 18)


BLAST = {"bonus": 20, "dice": 2, "short_range": 2.0, "range_set": 2.0, "max_range": 6.0}
"""Bonus 20 (Sphere 11), 2d6, Short Range 2 m, Range Set 2 m, Maximum Range 6 m."""


def blast_at_center(dice: list[int], **defaults: Any) -> list[Event]:
    encounter, _ = street(dice, **defaults)
    return explode(encounter, "bomber", "center", **BLAST)


@pytest.fixture(scope="module")
def blast() -> list[Event]:
    """G-23, our own case: an explosion at the center (bonus 20 → Sphere 11, 2d6, Short Range
    2 m, Range Set 2 m, Maximum Range 6 m) catches a (0 m), b (3 m: no full Range Set beyond
    Short Range) and c (6 m: 2 Range Sets, pool −2 → −2: needs 9), not the bomber (20 m).
    a: dice 3 + 3 = 6 vs 11, Q 5 → Attack 5 hits; the 2d6 roll 4 + 5 = 9: VP 28 → 19.
    b: 6 + 6 = 12 vs 11, Q −1 → Attack −1 misses Defense 0. c: 2 + 2 = 4 vs 9, Q 5 hits: the
    same 9 (G-83 "once"): VP 19."""
    return blast_at_center([3, 3, 4, 5, 6, 6, 2, 2])


def test_explode_catches_everyone_within_maximum_range(blast: list[Event]) -> None:
    (exploded,) = of(blast, Exploded)
    assert (exploded.place, exploded.caught) == ("center", ("a", "b", "c"))


def test_explode_rolls_once_per_target_less_one_per_range_set(blast: list[Event]) -> None:
    rolls = [(e.bonus_pool, e.target + e.pool_bonus, e.quality) for e in of(blast, RollMade)]
    assert rolls == [(0, 11, 5), (0, 11, -1), (-2, 9, 5)]
    assert {e.purpose for e in of(blast, RollMade)} == {"explosion combat roll"}


def test_explode_hits_by_attack_against_defense(blast: list[Event]) -> None:
    attacks = [(e.target, e.attack, e.hit) for e in of(blast, AttackResolved)]
    assert attacks == [("a", 5, True), ("b", -1, False), ("c", 5, True)]


def test_explode_deals_the_d6_through_strike(blast: list[Event]) -> None:
    assert [(e.character, e.faces, e.damage) for e in of(blast, ExplosionDamage)] == [
        ("a", (4, 5), 9),
        ("c", (4, 5), 9),
    ]
    hits = [(e.character, e.raw, e.virtual_damage_points_after) for e in of(blast, DamageTaken)]
    assert hits == [("a", 9, 19), ("c", 9, 19)]


def test_explode_g83_per_target_rolls_the_damage_for_each_target_hit() -> None:
    """G83_explosion_damage = "per_target": c's own 2d6, 1 + 2 = 3: VP 28 → 25."""
    events = blast_at_center([3, 3, 4, 5, 6, 6, 2, 2, 1, 2], G83_explosion_damage="per_target")
    hits = [(e.character, e.raw, e.virtual_damage_points_after) for e in of(events, DamageTaken)]
    assert hits == [("a", 9, 19), ("c", 3, 25)]


def test_a_failed_explosion_roll_still_hits_a_lower_defense_for_less() -> None:
    """b has Defense −1: dice 6 + 7 = 13 vs 11, Q −2 → Attack −1, Damage −1 (G-14): it hits,
    9 − 1 = 8 damage."""
    encounter, _ = street([3, 3, 4, 5, 6, 7, 2, 2])
    encounter.emit([DefenseChanged(0, "b", -1, "test")])
    events = explode(encounter, "bomber", "center", **BLAST)
    assert [(e.character, e.damage) for e in of(events, ExplosionDamage)] == [
        ("a", 9),
        ("b", 8),
        ("c", 9),
    ]


def test_explode_spares_whom_the_power_spares() -> None:
    """Seed "Explosive Touch": "The explosion does not go towards the character causing the
    explosion"."""
    encounter, _ = street([6, 6, 2, 2, 4, 5])
    events = explode(encounter, "bomber", "center", **BLAST, spared=("a",))
    assert of(events, Exploded)[0].caught == ("b", "c")


def test_nothing_within_maximum_range_rolls_nothing() -> None:
    encounter, _ = street([])
    events = explode(encounter, "bomber", "far", **{**BLAST, "max_range": 3.0})
    assert [type(e) for e in events] == [Exploded]
    assert of(events, Exploded)[0].caught == ()


def test_mands_action_resolve_an_anti_matter_throw_explodes_where_it_lands() -> None:
    """A synthetic Anti-Matter throw (tests/data/explosions_grenade.py), PR 20, from the roof at
    mid (14 m; "up to PR times 3 meters"): aim dice 4 + 4 = 8 vs 12, Q 4, +3 "created at the
    target spot": Attack 7 ≥ 0 hits the spot (G-24). At segment 20 the explosion (bonus 40 →
    Sphere 13, 4d6, Short Range 4 m, Maximum Range 5 m) catches b (3 m) and c (0 m), not a
    (6 m): b 5 + 5 = 10, Q 3; c 6 + 6 = 12, Q 1; 4d6 1 + 2 + 3 + 4 = 10: VP 28 → 18 each."""
    lob = Intent("lob-anti-matter", options={"at": "mid", "pr": 20})
    encounter, events = street([4, 4, 5, 5, 1, 2, 3, 4, 6, 6], intents=(lob,))
    encounter.run(until=20)
    (landed,) = of(events, ObjectLanded)
    assert (landed.segment, landed.place, landed.scatter) == (20, "mid", 0.0)
    (exploded,) = of(events, Exploded)
    assert exploded.caught == ("b", "c")
    hits = [(e.character, e.raw, e.virtual_damage_points_after) for e in of(events, DamageTaken)]
    assert hits == [("b", 10, 18), ("c", 10, 18)]
