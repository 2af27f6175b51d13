"""Explosions (``src/mands_rulebook/kit/explosions.py``; ``docs/rules/combat.md`` §14; seed
"Anti-Matter
Production", "Explosive Touch"; G-23, G-83).

The street of these tests: center —3 m— near —3 m— mid —4 m— far —10 m— roof. The victims are
the grunt of ``tests/data/fighters.py`` (VP 28, Defense 0).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from mands_rulebook.kit.editing_points.points import EditingPointsUsed
from mands_rulebook.kit.editing_points.rolls import rolls_edited
from mands_rulebook.kit.explosions import (
    EXPLOSION_ROLL,
    EXPLOSION_TRAINING,
    Exploded,
    ExplosionDamage,
    anti_matter,
    explode,
    explosive_touch,
)
from mands_rulebook.kit.thrown_objects import ObjectLanded
from mands_sim.actions import Intent
from mands_sim.dice import ScriptedDice
from mands_sim.events import AttackResolved, DamageTaken, DefenseChanged, Event, RollMade
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation
from tests.data.explosions_grenade import GrenadePlugin
from tests.data.fighters import grunt
from tests.data.opponents_scenes import Plays, scene

STREET = ("center", "near", "mid", "far", "roof")
SCENARIOS = Path(__file__).parent.parent / "scenarios"
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


def test_resolve_an_anti_matter_throw_explodes_where_it_lands() -> None:
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


# --- Editing Points on the rolls against foes (seed 000 "Editing Die Rolls", G-154) -----------


def edited_blast(
    dice: list[int], sides: dict[str, dict[str, dict[str, Any]]], **defaults: Any
) -> tuple[list[Event], list[Event]]:
    """An explosion at the center with the Editing Points seam open (as the rule's hook wrapper
    opens it while an action resolves): its events and the points used."""
    encounter = scene(
        sides,
        where={"a": "center", "b": "near", "c": "mid", "pal": "near", "bomber": "roof"},
        places=STREET,
        edges=EDGES,
        dice={"bomber": dice},
        defaults={"G150_player_characters": "first_side", **defaults},
    )
    with rolls_edited() as pending:
        events = explode(encounter, "bomber", "center", **BLAST)
    return events, list(pending)


VICTIMS = {"bombers": {"bomber": grunt()}, "victims": {i: grunt() for i in "abc"}}


def test_explode_the_throwers_player_edits_a_roll_against_a_foe() -> None:
    """The blast of our own case, the bomber now a player character (G-150 ``first_side``): b's
    roll, 6 + 6 = 12 vs 11 (Q −1), missed Defense 0; one Editing Point makes it (Q 0, Attack 0:
    ties hit, §6) and b takes the same 9 (G-83 "once"): VP 28 → 19. Seed 000: half a point
    trains what the roll was for, the whole point is Experience."""
    events, used = edited_blast([3, 3, 4, 5, 6, 6, 2, 2], VICTIMS)
    assert used == [
        EditingPointsUsed(
            0, "bomber", 1, "edit roll", EXPLOSION_ROLL, EXPLOSION_TRAINING, "player", -1, 0
        )
    ]
    (point,) = used
    assert isinstance(point, EditingPointsUsed)
    assert (point.training, point.experience) == (Fraction(1, 2), 1)
    attacks = [(e.target, e.attack, e.hit) for e in of(events, AttackResolved)]
    assert attacks == [("a", 5, True), ("b", 0, True), ("c", 5, True)]
    hits = [(e.character, e.virtual_damage_points_after) for e in of(events, DamageTaken)]
    assert hits == [("a", 19), ("b", 19), ("c", 19)]


def test_explode_with_the_rule_off_edits_nothing() -> None:
    """The same dice outside the seam (Editing Points off): b's roll stays a miss."""
    encounter, _ = street([3, 3, 4, 5, 6, 6, 2, 2], G150_player_characters="first_side")
    events = explode(encounter, "bomber", "center", **BLAST)
    assert not of(events, EditingPointsUsed)
    assert [(e.target, e.hit) for e in of(events, AttackResolved)] == [
        ("a", True),
        ("b", False),
        ("c", True),
    ]


def test_explode_never_edits_a_roll_against_a_friend() -> None:
    """The bomber's friend ``pal`` stands near (3 m) as b did: its roll, 6 + 6 = 12 vs 11, fails
    by 1 and stays failed — no player spends points to hurt a friend (G-154); the foes' rolls
    (a 3 + 3, c 2 + 2) are made and need none."""
    sides = {"bombers": {"bomber": grunt(), "pal": grunt()}, "victims": {"a": grunt()}}
    sides["victims"]["c"] = grunt()
    events, used = edited_blast([3, 3, 4, 5, 2, 2, 6, 6], sides)
    assert used == []
    assert [(e.target, e.hit) for e in of(events, AttackResolved)] == [
        ("a", True),
        ("c", True),
        ("pal", False),
    ]


def test_explode_a_non_player_thrower_edits_nothing() -> None:
    """G-150's default reading (``first_side_specials``): the bomber is no Special character,
    so no player edits its rolls, and (G-153 off) nor does the Editor."""
    events, used = edited_blast(
        [3, 3, 4, 5, 6, 6, 2, 2], VICTIMS, G150_player_characters="first_side_specials"
    )
    assert used == []
    assert [(e.target, e.hit) for e in of(events, AttackResolved)][1] == ("b", False)


def test_explode_names_what_the_points_train() -> None:
    """A caller names the skill its explosion trains (``improves``; a power: "combat with" it)."""
    encounter = scene(
        VICTIMS,
        where={"a": "center", "b": "near", "c": "mid", "bomber": "roof"},
        places=STREET,
        edges=EDGES,
        dice={"bomber": [3, 3, 4, 5, 6, 6, 2, 2]},
        defaults={"G150_player_characters": "first_side"},
    )
    with rolls_edited() as pending:
        explode(encounter, "bomber", "center", **BLAST, improves="combat with Anti-Matter")
    assert [e.improves for e in pending if isinstance(e, EditingPointsUsed)] == [
        "combat with Anti-Matter"
    ]


def test_g226_off_edits_no_explosion_roll() -> None:
    """The switch changes the outcome: with ``G226_explosion_edits = "off"`` the player's point
    is not used on b's roll (6 + 6 = 12 vs 11), and b is not hit."""
    events, used = edited_blast([3, 3, 4, 5, 6, 6, 2, 2], VICTIMS, G226_explosion_edits="off")
    assert used == []
    assert [(e.target, e.hit) for e in of(events, AttackResolved)] == [
        ("a", True),
        ("b", False),
        ("c", True),
    ]


def test_resolve_an_anti_matter_throw_with_editing_points_on() -> None:
    """The Anti-Matter throw above with ``optional = ["editing-points"]`` and the bomber a player
    character (G-150 ``first_side``): aim 4 + 4 = 8 vs 12, made; at segment 20 b (3 m) rolls
    7 + 7 = 14 against 13, failed by 1: the rule's watch over the resolution lets the
    bomber's player use one point (logged with the resolution), Q 0, Attack 0 hits Defense 0;
    4d6 1 + 2 + 3 + 4 = 10 on b and on c (6 + 6, Q 1): VP 28 → 18 each."""
    sheets = {"bomber": grunt(), **{i: grunt() for i in "abc"}}
    where = {"a": "center", "b": "near", "c": "mid", "bomber": "roof"}
    side = {"bomber": "bombers", "a": "victims", "b": "victims", "c": "victims"}
    data: dict[str, Any] = {
        "format": 1,
        "name": "editing a blast",
        "map": {
            "places": [{"name": name} for name in STREET],
            "edges": [{"between": [a, b], "length": length} for a, b, length in EDGES],
        },
        "sides": [
            {
                "name": name,
                "characters": [
                    {"id": i, "sheet": dict(sheets[i]), "place": where[i]}
                    for i in sheets
                    if side[i] == name
                ],
            }
            for name in ("bombers", "victims")
        ],
        "stop": {"time_limit": 500},
        "rules": {
            "optional": ["editing-points"],
            "defaults": {"G150_player_characters": "first_side"},
        },
    }
    lob = Intent("lob-anti-matter", options={"at": "mid", "pr": 20})
    simulation = Simulation(
        parse_scenario(data, base_dir=SCENARIOS),
        dice=ScriptedDice({"bomber": [4, 4, 7, 7, 1, 2, 3, 4, 6, 6]}),
        minds={"bomber": Plays(lob), **{i: Plays() for i in "abc"}},  # type: ignore[dict-item]
        extra_plugins={"grenade": GrenadePlugin()},
    )
    events: list[Event] = []
    simulation.build([events.append]).run(until=20)
    used = [(e.segment, e.character, e.points, e.purpose) for e in of(events, EditingPointsUsed)]
    assert used == [(20, "bomber", 1, EXPLOSION_ROLL)]
    hits = [(e.character, e.raw, e.virtual_damage_points_after) for e in of(events, DamageTaken)]
    assert hits == [("b", 10, 18), ("c", 10, 18)]
