"""A melee round with scripted dice (``docs/rules.md`` §4, §6, §7): Brother Aldric (sword, WP,
chain mail 44, Combat Bonus +3, initiative +4, four attacks) against a bandit (club, Combat
Bonus +1, initiative +1, four attacks, SDC 30, HP 15)."""

from __future__ import annotations

from pathlib import Path

from mands_microlite.events import (
    ArmorDamaged,
    AttacksSpent,
    DefenseRolled,
    InitiativeRolled,
    StrikeRolled,
)
from mands_microlite.rounds import MeleeRounds, attacks_left, lose_initiative
from mands_microlite.strikes import damage_events, maneuver_bonus

from mands_sim.api import AttackResolved, DamageTaken, Event, ScriptedDice
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

DUEL = Path(__file__).parent / "data" / "duel.toml"

ALDRIC = [
    *(15, 500, 10, 1),  # initiative: round 0 15 + 4 = 19 (roll-off 500); round 1 10 + 4
    12,  # strike 1: 12 + 3 + 5 (WP sword) = 20
    20,  # strike 2: a natural 20, a critical: 28
    *(6, 6),  # its damage: 2d6 + 4 = 16, doubled
    1,  # strike 3: a natural 1, a fumble
    10,  # strike 4: 18
    9,  # parries the bandit's first strike: 9 + 3 = 12 (no attack left to dodge with)
    2,  # parries the second: 2 + 3 = 5
]
BANDIT = [
    *(10, 7, 12, 3),  # initiative: round 0 10 + 1 = 11; round 1 12 + 1
    *(8, 19),  # strike 1: parry 8 + 1 fails; dodge 19 + 1 = 20 meets 20: held (tie)
    *(3, 2),  # strike 2: parry 4, dodge 3: the critical lands
    17,  # strike 4: parry 17 + 1 = 18 meets 18: held
    14,  # its first strike, in its window after Aldric's: 14 + 1 = 15
    5,  # the club: 1d6 + 2 = 7, all to Aldric's chain mail
    4,  # its second strike: 4 + 1 = 5 lands (more than 4), parried by 5
]


def round_zero() -> list[Event]:
    events: list[Event] = []
    dice = ScriptedDice({"aldric": ALDRIC, "bandit": BANDIT})
    simulation = Simulation(load_scenario(DUEL), dice=dice)
    simulation.run(until=10, observers=[events.append])
    dice.assert_used_up()
    return events


def test_initiative_orders_the_round_and_each_spends_its_attacks_in_its_window() -> None:
    events = round_zero()
    rolled = [(e.character, e.round, e.total) for e in events if isinstance(e, InitiativeRolled)]
    assert rolled == [("aldric", 0, 19), ("bandit", 0, 11), ("aldric", 1, 14), ("bandit", 1, 13)]
    strikes = [(e.segment, e.character) for e in events if isinstance(e, StrikeRolled)]
    aldric = [(segment, "aldric") for segment in (1, 2, 3, 4)]
    bandit = [(5, "bandit"), (6, "bandit")]  # its window opens on segment 4, after Aldric's four
    assert strikes == aldric + bandit


def test_a_parry_is_free_a_dodge_costs_an_attack_and_ties_go_to_the_defender() -> None:
    events = round_zero()
    defenses = [
        (e.character, e.maneuver, e.total, e.held) for e in events if isinstance(e, DefenseRolled)
    ]
    assert defenses == [
        ("bandit", "parry", 9, False),
        ("bandit", "dodge", 20, True),
        ("bandit", "parry", 4, False),
        ("bandit", "dodge", 3, False),
        ("bandit", "parry", 18, True),
        ("aldric", "parry", 12, False),
        ("aldric", "parry", 5, True),
    ]
    spent = [(e.character, e.on) for e in events if isinstance(e, AttacksSpent)]
    assert spent.count(("bandit", "dodge")) == 2
    assert spent.count(("bandit", "weapon-strike")) == 2  # four attacks less the two dodges


def test_a_critical_doubles_and_damage_goes_to_sdc_then_hp_and_armor_first() -> None:
    events = round_zero()
    strikes = [(e.total, e.critical, e.fumble) for e in events if isinstance(e, StrikeRolled)]
    assert strikes[:4] == [
        (20, False, False),
        (28, True, False),
        (1 + 8, False, True),
        (18, False, False),
    ]
    hits = [e.hit for e in events if isinstance(e, AttackResolved)]
    assert hits == [False, True, False, False, True, False]
    (wound,) = [e for e in events if isinstance(e, DamageTaken)]
    assert (wound.character, wound.raw, wound.taken) == ("bandit", 32, 32)
    assert (wound.virtual_damage_points_after, wound.damage_points_after) == (0, 13)
    (dent,) = [e for e in events if isinstance(e, ArmorDamaged)]
    assert (dent.character, dent.taken, dent.left) == ("aldric", 7, 37)


def test_damage_past_the_armor_comes_off_sdc_then_hp() -> None:
    """ML-06 with mands-sim's own scripted encounter: 50 on Aldric (armor 44, SDC 45, HP 25)."""
    encounter = Simulation(
        load_scenario(DUEL), dice=ScriptedDice({"aldric": ALDRIC, "bandit": BANDIT})
    ).build()
    events = damage_events(encounter, "aldric", "bandit", 50)
    assert [type(e) for e in events] == [ArmorDamaged, DamageTaken]
    assert events[0].left == 0  # type: ignore[attr-defined]
    assert (events[1].taken, events[1].virtual_damage_points_after) == (6, 39)  # type: ignore[attr-defined]


def test_a_knocked_down_character_acts_after_everyone_the_others_unmoved() -> None:
    """§7: "the character looses initiative and one attack" (ML-11)."""
    encounter = Simulation(load_scenario(DUEL), dice=ScriptedDice([])).build()
    clock = encounter.time
    assert isinstance(clock, MeleeRounds)
    encounter.emit(
        [
            InitiativeRolled(0, "bandit", 0, 19, 20, 1),
            InitiativeRolled(0, "aldric", 0, 6, 10, 1),
        ]
    )
    assert clock.windows(encounter, 0) == {"bandit": (0, 4), "aldric": (4, 4)}
    encounter.emit(lose_initiative(encounter, "bandit", "knocked down"))
    assert clock.windows(encounter, 0) == {"aldric": (4, 4), "bandit": (8, 4)}
    assert attacks_left(encounter, "bandit", 0) == 3
    assert clock.character_initiation_segment(encounter, "bandit", 1) == 8
    assert clock.character_initiation_segment(encounter, "aldric", 1) == 4


def test_a_trip_takes_the_combat_bonus_only_with_the_training() -> None:
    """ML-11: Aldric's Advanced Combat gives his trips his +3; the bandit's Basic Hand to Hand at
    1st level a bare d20."""
    encounter = Simulation(load_scenario(DUEL), dice=ScriptedDice([])).build()
    assert maneuver_bonus(encounter, "aldric", "trip") == 3
    assert maneuver_bonus(encounter, "bandit", "trip") == 0
    assert maneuver_bonus(encounter, "bandit", "kick") == 1
