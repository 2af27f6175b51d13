"""Range, sight and cover in the Combat Roll (``mands_rulebook.combat.range``,
``mands_rulebook.combat.weapons``;
``docs/rules/combat.md`` §5, §11, §13; ``docs/rules/charts.md`` §6; ``docs/rules/decisions.md``
G-20, G-63).

The street of ``tests/data/range_street.toml``: from the gunman's window the mark may stand near
(8 m), in the street (15 m), in the doorway (35 m, cover 40 %), at the corner (35 m, no cover),
on the avenue (55 m), far away (150 m), or in the alley (20 m, out of sight). Sight of a flyer in
the air (G-290): :func:`tests.data.straight_flight.flight`'s, the Sphinx at the kiosk.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from mands_rulebook.combat import range as range_rules
from mands_rulebook.kit import range as kit_range
from mands_rulebook.kit.weapons.table import Ranges
from mands_sim.actions import Intent, Modifier, QualityAllocation, Wait
from mands_sim.dice import ScriptedDice
from mands_sim.events import AttackResolved, DamageTaken, Event, PercentRolled, RollMade
from mands_sim.kernel.contracts import Mind
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import ScenarioSpec, parse_scenario
from mands_sim.simulation import Simulation
from tests.data.straight_flight import flight

STREET = Path(__file__).parent / "data" / "range_street.toml"


class Script:
    """Ask for ``intents`` in turn, then nothing; every Q goes to Attack."""

    def __init__(self, *intents: Intent) -> None:
        self.intents = list(intents)

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return self.intents.pop(0) if self.intents else None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return QualityAllocation(attack=quality)


def shot(weapon: str = "pistol") -> Intent:
    return Intent("weapon-attack", target="mark", options={"weapon": weapon})


def street(
    mark_at: str = "doorway", defaults: dict[str, Any] | None = None, sight: int = 14
) -> ScenarioSpec:
    data = tomllib.loads(STREET.read_text(encoding="utf-8"))
    data["rules"]["defaults"].update(defaults or {})
    data["sides"][0]["characters"][0]["sheet"]["attributes"]["sight"] = sight
    data["sides"][1]["characters"][0]["place"] = mark_at
    return parse_scenario(data, path=STREET)


def built(mark_at: str = "doorway", sight: int = 14) -> Encounter:
    return Simulation(street(mark_at, sight=sight)).build()


def shoot(spec: ScenarioSpec, dice: dict[str, list[int]], shots: int = 1) -> list[Event]:
    events: list[Event] = []
    minds: dict[str, Mind] = {"gunman": Script(*[shot()] * shots), "mark": Script()}
    Simulation(spec, dice=ScriptedDice(dice), minds=minds).run(
        until=10 * shots, observers=[events.append]
    )
    return events


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


# --- range (docs/rules/combat.md §11; G-20)
# ---------------------------------------------------------


@pytest.mark.parametrize(("meters", "sets"), [(8, 0), (10, 0), (19.9, 0), (20, 1), (35, 2)])
def test_range_sets_count_only_full_sets_beyond_short_range(meters: float, sets: int) -> None:
    """G-20: "−1 ... per full Range Set beyond Short Range" (pistol: 10 m, sets of 10 m)."""
    assert kit_range.range_sets_beyond(Ranges(10, 10, 100), meters) == sets


@pytest.mark.parametrize(
    ("place", "modifiers"),
    [
        ("near", []),
        ("street", []),
        ("doorway", [-2]),
        ("avenue", [-4]),
    ],
)
def test_mands_bonus_pool_modifiers_lose_one_per_full_range_set(
    place: str, modifiers: list[int]
) -> None:
    """The pistol (Short Range 10 m, Range Set 10 m): 8 m and 15 m are within Short Range or
    less than a set beyond; 35 m is 2 full sets beyond, 55 m is 4 (G-20)."""
    encounter = built(place)
    found = range_rules.mands_bonus_pool_modifiers(encounter, "gunman", shot(), "combat")
    assert [m.amount for m in found if m.source == "range"] == modifiers


def test_mands_bonus_pool_modifiers_only_for_combat_rolls_of_known_attacks() -> None:
    encounter = built("avenue")
    assert range_rules.mands_bonus_pool_modifiers(encounter, "gunman", shot(), "throw") == []
    other = Intent("drop-action", target="mark")
    assert range_rules.mands_bonus_pool_modifiers(encounter, "gunman", other, "combat") == []


# --- sight (docs/rules/charts.md §6; seed 002 "Sight") ------------------------------------------


@pytest.mark.parametrize(
    ("sight", "place", "intent", "modifier"),
    [
        # Sight 24: Close +3, Ranged +5.
        (24, "window", shot(), 3),  # 0 m: within his 1.75 m height, the Close modifier
        (24, "street", shot(), 3),  # 0 sets beyond Short Range: Ranged capped at 0 + 3
        (24, "avenue", shot(), 5),  # 4 sets: the cap 4 + 3 = 7 does not bite, Ranged +5
        (24, "window", Intent("fist-attack", target="mark"), 3),  # a punch: Close
        # Sight 4: Close −1, Ranged −5 (a penalty is never capped away: the cap is an upper bound).
        (4, "street", shot(), -5),
        (4, "window", Intent("fist-attack", target="mark"), -1),
        (14, "avenue", shot(), 0),  # Sight 9-16: 0 / 0
    ],
)
def test_mands_bonus_pool_modifiers_add_sight_with_the_range_set_cap(
    sight: int, place: str, intent: Intent, modifier: int
) -> None:
    """Seed 002 "Sight": "The bonus or penalty for Ranged Combat will not be greater than the
    number of Range Sets to the target, plus the Close Combat bonus/penalty"."""
    encounter = built(place, sight=sight)
    found = range_rules.mands_bonus_pool_modifiers(encounter, "gunman", intent, "combat")
    assert sum(m.amount for m in found if m.source == "sight") == modifier


# --- refusals (docs/rules/combat.md §11; G-20) ----------------------------------------------------


@pytest.mark.parametrize(
    ("place", "intent", "reason"),
    [
        ("far", shot(), "mark is 150 m away, beyond Maximum Range 100 m"),
        ("alley", shot(), "gunman has no line of sight to mark"),
        ("near", shot("club"), "mark is out of reach"),
        ("near", Intent("fist-attack", target="mark"), "mark is out of reach"),
        ("avenue", shot("rock"), "mark is 55 m away, beyond Maximum Range 30 m"),
    ],
)
def test_mands_action_refusals_for_range_sight_and_reach(
    place: str, intent: Intent, reason: str
) -> None:
    encounter = built(place)
    assert range_rules.mands_action_refusals(encounter, "gunman", intent) == [reason]


@pytest.mark.parametrize(
    ("place", "intent"),
    [("avenue", shot()), ("window", shot("club")), ("window", Intent("fist-attack", "mark"))],
)
def test_mands_action_refusals_none_within_range_or_in_contact(place: str, intent: Intent) -> None:
    assert range_rules.mands_action_refusals(built(place), "gunman", intent) == []


# --- a ranged attack across Range Sets with cover (G-20, G-63) -------------------------------


def test_a_ranged_attack_across_range_sets_with_cover() -> None:
    """The gunman (Combat Roll 10, Combat Pool 2, Sight 14) fires his pistol (Short Range 10 m,
    Range Set 10 m) at the mark in the doorway, 35 m away with 40 % cover. 25 m beyond Short
    Range is 2 full Range Sets: pool 2 − 2 = 0, needs 10. Dice 3 + 4 = 7: Q 3, all on Attack;
    3 ≥ Defense 0 hits on segment 10, but the mark's cover roll 25 ≤ 40: the doorway stops the
    bullet (G-63). The second shot (3 + 4 again) hits on 20 and the cover roll 80 fails: the
    pistol's 5 damage lands (4 of it penetrating)."""
    events = shoot(street("doorway"), {"gunman": [3, 4, 3, 4], "mark": [25, 80]}, shots=2)
    rolls = [(e.bonus_pool, e.target + e.pool_bonus, e.quality) for e in of(events, RollMade)]
    assert rolls == [(0, 10, 3), (0, 10, 3)]
    assert [(e.segment, e.hit) for e in of(events, AttackResolved)] == [(10, True), (20, True)]
    covers = [(e.character, e.chance, e.roll, e.succeeded) for e in of(events, PercentRolled)]
    assert covers == [("mark", 40, 25, True), ("mark", 40, 80, False)]
    assert [(e.segment, e.raw) for e in of(events, DamageTaken)] == [(20, 5)]


def test_the_same_shot_from_short_range_keeps_the_whole_pool() -> None:
    """8 m away (within Short Range): pool 2 (+2), needs 12; the same 3 + 4 gives Q 5."""
    events = shoot(street("near"), {"gunman": [3, 4]})
    assert [(e.bonus_pool, e.quality) for e in of(events, RollMade)] == [(2, 5)]


def test_g20_range_penalty_switched_off_turns_a_miss_into_a_hit() -> None:
    """At the corner (35 m, no cover) the default −2 leaves pool 0: dice 5 + 6 = 11 against 10
    miss by 1 (Attack −1, G-14) and Defense 0 is not met. With G20_range_penalty_per_set = 0 the
    pool stays 2 (+2): needs 12, Q 1, Attack 1 hits for the pistol's 5."""
    default = shoot(street("corner"), {"gunman": [5, 6]})
    switched = shoot(street("corner", {"G20_range_penalty_per_set": 0}), {"gunman": [5, 6]})
    assert [(e.attack, e.hit) for e in of(default, AttackResolved)] == [(-1, False)]
    assert [(e.attack, e.hit) for e in of(switched, AttackResolved)] == [(1, True)]
    assert [e.raw for e in of(switched, DamageTaken)] == [5]


def test_g20_two_per_range_set_doubles_the_penalty() -> None:
    encounter = Simulation(street("doorway", {"G20_range_penalty_per_set": 2})).build()
    found = range_rules.mands_bonus_pool_modifiers(encounter, "gunman", shot(), "combat")
    assert found == [Modifier(-4, "range", "G-20: 2 Range Set(s) of 10 m beyond Short Range")]


def test_g63_cover_ignored_lets_the_covered_shot_land() -> None:
    """G63_cover_against_ranged = "ignored": no cover roll; the first shot's 5 damage lands."""
    events = shoot(street("doorway", {"G63_cover_against_ranged": "ignored"}), {"gunman": [3, 4]})
    assert of(events, PercentRolled) == []
    assert [e.raw for e in of(events, DamageTaken)] == [5]


def test_cover_is_not_rolled_from_the_same_spot() -> None:
    """G-63: cover stands between the shooter and the target; beside him in the doorway, the
    gunman's shot meets no cover (the mark's script holds no d100)."""

    def both_in_the_doorway() -> ScenarioSpec:
        data = tomllib.loads(STREET.read_text(encoding="utf-8"))
        data["sides"][0]["characters"][0]["place"] = "doorway"
        data["sides"][1]["characters"][0]["place"] = "doorway"
        return parse_scenario(data, path=STREET)

    events = shoot(both_in_the_doorway(), {"gunman": [3, 4]})
    assert [e.raw for e in of(events, DamageTaken)] == [5]


def test_g290_a_flyer_in_the_air_is_seen_from_where_either_end_of_its_flight_is_seen() -> None:
    """The kiosk cannot see the street Seraph took off from, but sees the park he flies to:
    half-way he is in sight, and sees the kiosk (G-290 ``either-end``)."""
    blocked = (("kiosk", "street"),)
    half_way = flight(20, "kiosk", blocked)
    assert kit_range.in_sight(half_way, "sphinx", "seraph")
    assert kit_range.in_sight(half_way, "seraph", "sphinx")


def test_g290_a_flyer_is_out_of_sight_of_a_place_that_sees_neither_end() -> None:
    blocked = (("kiosk", "street"), ("kiosk", "park"))
    half_way = flight(20, "kiosk", blocked)
    assert not kit_range.in_sight(half_way, "sphinx", "seraph")
    pistol = Ranges(short_range=10.0, range_set=10.0, max_range=60.0)
    assert kit_range.reach_refusals(half_way, "sphinx", "seraph", pistol) == [
        "sphinx has no line of sight to seraph"
    ]


def test_g290_all_lets_everyone_see_a_flyer_in_the_air() -> None:
    blocked = (("kiosk", "street"), ("kiosk", "park"))
    half_way = flight(20, "kiosk", blocked, G290_flyer_sight="all")
    assert kit_range.in_sight(half_way, "sphinx", "seraph")


def test_a_landed_flyer_is_seen_from_its_place_again() -> None:
    blocked = (("kiosk", "park"),)
    assert not kit_range.in_sight(flight(40, "kiosk", blocked), "sphinx", "seraph")
