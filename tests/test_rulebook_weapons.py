"""Weapons (``plugins/weapons.py``): the weapon table, drawing, Quick Draw, weapon attacks,
thrown weapons and the ``armed`` policy (``rules/gaps.md`` G-21, G-42, G-62)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from mands_rulebook.weapons import (
    WEAPONS_FILE,
    Armed,
    carried,
    draw_time,
    load_weapons,
    standard_weapons,
)

from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.dice import ScriptedDice
from mands_sim.errors import RulesDataError
from mands_sim.events import (
    ActionStarted,
    AttackResolved,
    DamageTaken,
    EndurancePaid,
    Event,
    RollMade,
    WeaponReadied,
    WeaponThrown,
)
from mands_sim.kernel.encounter import ActionRefused, Encounter, Mind
from mands_sim.scenario import ScenarioSpec, load_scenario, parse_scenario
from mands_sim.simulation import Simulation

DATA = Path(__file__).parent / "data"
ALLEY = DATA / "weapons_alley.toml"
STREET = DATA / "range_street.toml"
ARMED_FIGHT = Path(__file__).parent.parent / "scenarios" / "armed_fight.toml"


class Script:
    """Ask for ``intents`` in turn, then nothing; spend Q as ``spend`` says (default: Attack)."""

    def __init__(self, *intents: Intent, spend: QualityAllocation | None = None) -> None:
        self.intents = list(intents)
        self.spend = spend

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return self.intents.pop(0) if self.intents else None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return self.spend or QualityAllocation(attack=quality)


def attack(weapon: str, target: str) -> Intent:
    return Intent("weapon-attack", target=target, options={"weapon": weapon})


def draw(weapon: str) -> Intent:
    return Intent("draw-weapon", options={"weapon": weapon})


def scenario(
    path: Path,
    defaults: dict[str, Any] | None = None,
    change: Callable[[dict[str, Any]], None] | None = None,
) -> ScenarioSpec:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data.setdefault("rules", {}).setdefault("defaults", {}).update(defaults or {})
    if change is not None:
        change(data)
    return parse_scenario(data, path=path)


def run(
    spec: ScenarioSpec, dice: dict[str, list[int]], minds: dict[str, Mind], until: int
) -> tuple[Encounter, list[Event]]:
    events: list[Event] = []
    encounter = Simulation(spec, dice=ScriptedDice(dice), minds=minds).build([events.append])
    encounter.run(until=until)
    return encounter, events


def of(events: list[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


# --- the weapon table ------------------------------------------------------------------------


def test_the_table_keeps_the_seeds_facts() -> None:
    """Seed "Empathic Healing": a gunshot wound of 5 DP, "4 Penetrating and 1 Bludgeoning";
    seed "Passive Actions": Maria's rifle has Performance Time 15; seed "Throwback Roll": handguns
    and rifles are small projectiles; seed "Hand Damage": strength weapons add Hand Damage."""
    weapons = standard_weapons()
    pistol, rifle, club = weapons["pistol"], weapons["rifle"], weapons["club"]
    assert (pistol.damage, pistol.penetration, pistol.small_projectile) == (5, 4, True)
    assert (rifle.performance_time, rifle.small_projectile) == (15, True)
    assert (club.skill, club.hand_damage, club.melee) == ("Clubs", True, True)
    assert weapons["rock"].thrown and weapons["rock"].mass == 0.5


def test_every_value_in_the_table_says_where_it_comes_from() -> None:
    """G-42: each value is commented with its source or "G-42 invented"."""
    in_weapons = False
    for line in WEAPONS_FILE.read_text(encoding="utf-8").splitlines():
        if line.startswith("["):
            in_weapons = line.startswith("[weapons.")
        elif in_weapons and re.match(r"^\w+ = ", line):
            assert "#" in line, f"no source for: {line}"


BAD_TABLES = [
    ("damage = 1 ", "damage = -1 ", "weapons.knife.damage"),
    ("damage = 1 ", "damage = 'one' ", "weapons.knife.damage"),
    (
        'reach = "melee"                 # G-42 invented\ndamage = 1',
        "reach = 'melee'\nedge = 1\ndamage = 1",
        "weapons.knife.edge",
    ),
    (
        'reach = "ranged"                # seed "Throwback',
        'reach = "melee"                # seed "Throwback',
        "weapons.pistol: a melee weapon has no ranges",
    ),
    ("max_range = 800.0 ", "# max_range = 800.0 ", "weapons.rifle: needs short_range"),
    ("max_range = 60.0 ", "max_range = 6.0 ", "weapons.shotgun: short_range is beyond max_range"),
    ("mass = 0.5 ", "# mass = 0.5 ", "weapons.rock: a thrown weapon needs its mass"),
    (
        "damage = 3                      # G-42 invented\nperformance_time = 15",
        "damage = 3\nkind = 'penetrating'\npenetration = 1\nperformance_time = 15",
        "weapons.rock: penetration is for bludgeoning weapons",
    ),
    ('kind = "weapons"', 'kind = "armor"', "kind"),
    ('kind = "weapons"', "kind = ", "not valid TOML"),
]


@pytest.mark.parametrize(("old", "new", "problem"), BAD_TABLES)
def test_a_bad_table_names_the_file_and_the_key(
    tmp_path: Path, old: str, new: str, problem: str
) -> None:
    text = WEAPONS_FILE.read_text(encoding="utf-8")
    assert old in text
    bad = tmp_path / "weapons.toml"
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RulesDataError) as caught:
        load_weapons(bad)
    assert str(bad) in str(caught.value) and problem in str(caught.value)


# --- drawing and Quick Draw (seed "Quick Draw"; G-62) -----------------------------------------


def test_mands_action_initiate_draw_weapon_readies_the_club_after_its_draw_time() -> None:
    """G-62: drawing the club takes its draw time, 5 segments, costs no EP, and leaves it ready."""
    minds: dict[str, Mind] = {"dexter": Script(draw("club")), "sinister": Script()}
    encounter, events = run(scenario(ALLEY), {}, minds, until=10)
    (started,) = of(events, ActionStarted)
    assert (started.action, started.performance_time) == ("draw-weapon", 5)
    assert [(e.segment, e.weapon) for e in of(events, WeaponReadied)] == [(5, "club")]
    assert encounter.state["dexter"].readied == "club" and not of(events, EndurancePaid)


@pytest.mark.parametrize(
    ("skills", "segments"),
    [
        ({}, 10),
        ({"Quick Draw (Handgun)": 4}, 6),
        ({"Quick Draw (Rifle)": 4}, 10),
        ({"Quick Draw (Handgun)": 15}, 1),
    ],
)
def test_quick_draw_shortens_the_draw_of_its_weapon_type_only(
    skills: dict[str, int], segments: int
) -> None:
    """Seed "Quick Draw": "reduces the Performance Time for drawing a weapon by level segments"
    and "applies to only one weapon type": the pistol's 10 segments less Quick Draw (Handgun)
    4 is 6; Quick Draw (Rifle) does not help; never below 1 segment."""

    def give_skills(data: dict[str, Any]) -> None:
        data["sides"][0]["characters"][0]["sheet"]["skills"] = skills

    minds: dict[str, Mind] = {"dexter": Script(draw("pistol")), "sinister": Script()}
    _, events = run(scenario(ALLEY, change=give_skills), {}, minds, until=12)
    assert [e.performance_time for e in of(events, ActionStarted)] == [segments]
    assert [e.segment for e in of(events, WeaponReadied)] == [segments]


def test_draw_time_reads_the_sheet() -> None:
    sheet = scenario(ALLEY).character("dexter").sheet
    assert draw_time(sheet, standard_weapons()["pistol"]) == 6
    assert draw_time(sheet, standard_weapons()["club"]) == 5


def test_mands_action_refusals_a_weapon_not_drawn_cannot_attack() -> None:
    """G-62 (default ``holstered``): the club must be drawn before it can strike."""
    minds: dict[str, Mind] = {"dexter": Script(attack("club", "sinister")), "sinister": Script()}
    with pytest.raises(ActionRefused, match=r"has not drawn the club \(G-62\)"):
        run(scenario(ALLEY), {}, minds, until=5)


@pytest.mark.parametrize(
    ("intent", "reason"),
    [
        (draw("rifle"), "dexter carries no rifle"),
        (draw("bazooka"), "no weapon named 'bazooka'"),
        (Intent("draw-weapon"), "draw-weapon needs options.weapon"),
        (attack("bazooka", "sinister"), "no weapon named 'bazooka'"),
        (Intent("weapon-attack", target="sinister"), "names no weapon and holds none ready"),
        (Intent("weapon-attack", options={"weapon": "club"}), "needs a target"),
    ],
)
def test_mands_action_refusals_of_the_weapon_actions(intent: Intent, reason: str) -> None:
    encounter = Simulation(scenario(ALLEY)).build()
    assert any(reason in r for r in encounter.rules.refusals(encounter, "dexter", intent))


def test_mands_encounter_opening_g62_readied_puts_the_first_weapon_in_hand() -> None:
    """G-62 switched to ``readied`` in the scenario: Dexter holds his club from segment 0 and
    swings at once; by default he draws for 5 segments first. Same dice, different timing."""
    dice = {"dexter": [5, 5, 5, 5]}

    def first_swing(defaults: dict[str, Any], intents: list[Intent]) -> tuple[int, list[Any]]:
        minds: dict[str, Mind] = {"dexter": Script(*intents), "sinister": Script()}
        _, events = run(scenario(ALLEY, defaults), dice, minds, until=5)
        swings = [e.segment for e in of(events, ActionStarted) if e.action == "weapon-attack"]
        return swings[0], [(e.segment, e.weapon) for e in of(events, WeaponReadied)]

    readied = first_swing({"G62_weapons_start": "readied"}, [attack("club", "sinister")])
    holstered = first_swing({}, [draw("club"), attack("club", "sinister")])
    assert readied == (0, [(0, "club")])
    assert holstered == (5, [(5, "club")])


# --- a melee weapon hit --------------------------------------------------------------------


def test_mands_action_resolve_club_hit_worked_numbers() -> None:
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


# --- thrown weapons (rules/combat.md §15; G-21) -----------------------------------------------


def throw_at_street(
    defaults: dict[str, Any], dice: dict[str, list[int]]
) -> tuple[Encounter, list[Event]]:
    def mark_in_the_street(data: dict[str, Any]) -> None:
        data["sides"][1]["characters"][0]["place"] = "street"

    minds: dict[str, Mind] = {
        "gunman": Script(draw("rock"), attack("rock", "mark")),
        "mark": Script(),
    }
    return run(scenario(STREET, defaults, mark_in_the_street), dice, minds, until=20)


def test_mands_action_initiate_thrown_rock_short_range_from_the_throw_roll() -> None:
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
    assert encounter.state["gunman"].readied is None
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


# --- the armed policy ------------------------------------------------------------------------


def test_mands_register_policies_armed_draws_then_fights_with_its_weapon() -> None:
    """The bundled armed fight: both grunts draw (club and knife, 5 segments each), then only
    weapon attacks follow until one side is out of action or time runs out."""
    events: list[Event] = []
    result = Simulation(load_scenario(ARMED_FIGHT), seed=1).run(observers=[events.append])
    actions = [(e.segment, e.character, e.action) for e in of(events, ActionStarted)]
    assert actions[:2] == [(0, "dexter", "draw-weapon"), (0, "sinister", "draw-weapon")]
    assert {a for _, _, a in actions[2:]} == {"weapon-attack"}
    assert {(e.character, e.weapon) for e in of(events, WeaponReadied)} == {
        ("dexter", "club"),
        ("sinister", "knife"),
    }
    assert result.winner in {"dexter", "sinister"}


def test_armed_policy_punches_once_its_only_rock_is_thrown() -> None:
    """With one rock and the mark beside him, the armed gunman draws, throws, then punches."""

    def one_rock_and_close(data: dict[str, Any]) -> None:
        data["sides"][0]["characters"][0]["sheet"]["equipment"] = ["rock"]
        data["sides"][1]["characters"][0]["place"] = "window"

    spec = scenario(STREET, {"G62_weapons_start": "holstered"}, one_rock_and_close)
    minds: dict[str, Mind] = {"gunman": Armed({}), "mark": Script()}
    events: list[Event] = []
    Simulation(spec, seed=3, minds=minds).run(until=40, observers=[events.append])
    actions = [e.action for e in of(events, ActionStarted)]
    assert actions[:3] == ["draw-weapon", "weapon-attack", "fist-attack"]
