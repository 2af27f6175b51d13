"""Damage (``mands_rulebook.kit.damage``; ``docs/rules/combat.md`` §7, §13, §16; G-06, G-30, G-45,
G-59, G-60, G-61).

Seraph (seed "Biff Turk Creates a Sample Character"): natural Skin Temper row 1 (9/10), VP 43,
Body DP 9, and the Superhuman power "Skin Temper + d5/5": "a bonus of .8 to his Skin Temper.
It is only partial protection, and protects 42% of the time." The Sphinx hits for 7 (§20).
"""

from __future__ import annotations

import math
import statistics
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from mands_rulebook.kit.damage import (
    PENETRATING,
    Blow,
    Cover,
    against_skin_temper,
    damage_after_protection,
    protection_outcomes,
    strike,
)
from mands_sim.actions import Intent, QualityAllocation
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import ScriptedDice, SeededDice
from mands_sim.errors import ScenarioProblems, SheetError
from mands_sim.events import DamageTaken, EndurancePaid, Event, PercentRolled
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation
from tests.data.fighters import fight, grunt, sample

SKIN_TEMPER = load_standard_charts().skin_temper
SCENARIO = Path(__file__).parent.parent / "scenarios" / "seraph_vs_sphinx.toml"


class Stands:
    """Does nothing; declines its power-based protection if told to."""

    def __init__(self, *, uses_power: bool = True) -> None:
        self.uses_power = uses_power

    def choose(self, encounter: Encounter, actor: str) -> None:
        return None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return QualityAllocation()

    def use_personal_armor(self, encounter: Encounter, actor: str, power: str) -> bool:
        return self.uses_power


def hit(
    victim: dict[str, Any],
    blow: Blow,
    *,
    cover: list[int] | None = None,
    defaults: dict[str, Any] | None = None,
    attacker: dict[str, Any] | None = None,
    uses_power: bool = True,
    vp: int | None = None,
) -> list[Event]:
    """``blow`` (from ``attacker``, the grunt by default) lands on ``victim``; ``cover`` scripts
    the victim's d100 Cover rolls; ``vp`` sets its VP first."""
    encounter = fight(
        {"victim": victim, "attacker": attacker or grunt()},
        defaults=defaults,
        dice={"victim": cover or []},
        minds={"victim": Stands(uses_power=uses_power)},
    )
    if vp is not None:
        body = encounter.state["victim"].damage_points
        encounter.emit([DamageTaken(0, "victim", "set-up", 0, 0, vp, body)])
    return strike(encounter, "victim", blow)


def damage(events: list[Event]) -> DamageTaken:
    (taken,) = [e for e in events if isinstance(e, DamageTaken)]
    return taken


def covers(events: list[Event]) -> list[tuple[str, int, int, bool]]:
    return [
        (e.purpose, e.chance, e.roll, e.succeeded) for e in events if isinstance(e, PercentRolled)
    ]


SPHINX_7 = Blow(raw=7, source="attacker")


# --- Ignore Damage, then Skin Temper ----------------------------------------------------------


def test_ignore_damage_subtracts_before_skin_temper_multiplies() -> None:
    """Seed: "Skin Temper is applied after Ignore Damage". Seraph's power covers (d100 42 vs
    42: 1/5) and he ignores 2 (the low end of "Ignore 2d5"): (7 − 2) × 1/5 = 1; the other
    order would leave 7 × 1/5 − 2 < 0, nothing."""
    events = hit(sample("seraph", overrides={"ignore_damage": 2}), SPHINX_7, cover=[42])
    assert damage(events).taken == 1
    assert damage_after_protection(7, 2, Fraction(1, 5)) == 1


def test_damage_after_skin_temper_is_rounded_up() -> None:
    """G-45: Seraph at 9/10 takes the Sphinx's 7 as 6.3 → 7: VP 43 → 36 (§20)."""
    taken = damage(hit(sample("seraph"), SPHINX_7, uses_power=False))
    assert (taken.raw, taken.taken, taken.virtual_damage_points_after) == (7, 7, 36)


def test_ignore_damage_never_makes_damage_negative() -> None:
    assert damage(hit(grunt(overrides={"ignore_damage": 9}), SPHINX_7)).taken == 0


# --- the Cover Chance of power-based protection (G-06) ---------------------------------------


def test_seraphs_skin_temper_power_covers_on_42() -> None:
    """ "protects 42% of the time": d100 42 covers; G-06: 1 − .8 = 1/5, so 7 × 1/5 → 2."""
    events = hit(sample("seraph"), SPHINX_7, cover=[42])
    assert covers(events) == [("cover: Skin Temper (power)", 42, 42, True)]
    assert damage(events).taken == 2
    assert events.index(damage(events)) == len(events) - 1


def test_seraphs_skin_temper_power_misses_on_43_leaving_his_own_9_10() -> None:
    """d100 43 > 42: only the natural Skin Temper 9/10 acts: 7 → 7 (G-45)."""
    events = hit(sample("seraph"), SPHINX_7, cover=[43])
    assert covers(events) == [("cover: Skin Temper (power)", 42, 43, False)]
    assert damage(events).taken == 7


def test_a_declined_power_is_not_rolled_for() -> None:
    """§20: Seraph "deliberately does not use his power-based Skin Temper": no d100 at all."""
    events = hit(sample("seraph"), SPHINX_7, uses_power=False)
    assert covers(events) == []


def test_g06_rows_reads_the_bonus_as_whole_rows() -> None:
    """G-06 alternative: ".8" rounds to +1 row: row 1 + 1 = 2 (4/5): 7 × 4/5 = 5.6 → 6,
    where the default (1/5) lets 2 through."""
    events = hit(sample("seraph"), SPHINX_7, cover=[1], defaults={"G06_skin_temper_power": "rows"})
    assert damage(events).taken == 6


def test_the_ignore_damage_power_covers_with_its_own_chance() -> None:
    """Superhuman "Ignore 2d5 points damage", say 6 at Cover 55: d100 55 covers, 7 − 6 = 1."""
    power = {"Ignore Damage": {"bonus": 6, "cover_chance": 55}}
    events = hit(grunt(powers=power), SPHINX_7, cover=[55])
    assert covers(events) == [("cover: Ignore Damage (power)", 55, 55, True)]
    assert damage(events).taken == 1


def test_a_sheet_naming_the_powers_as_the_superhuman_table_does_is_protected() -> None:
    """Seed: Superhuman roll 87, "Skin Temper + d5/5 or Ignore 2d5 points damage". Seraph's
    sheet written with the table's name covers as before (42 covers, 7 × 1/5 → 2), and the
    other choice, Ignore 6 at Cover 55, takes 6 off (7 − 6 = 1)."""
    skin = sample("seraph")
    skin["powers"]["Skin Temper +d5/5"] = skin["powers"].pop("Skin Temper")
    events = hit(skin, SPHINX_7, cover=[42])
    assert covers(events) == [("cover: Skin Temper +d5/5 (power)", 42, 42, True)]
    assert damage(events).taken == 2
    ignore = {"Ignore 2d5 Points Damage": {"bonus": 6, "cover_chance": 55}}
    assert damage(hit(grunt(powers=ignore), SPHINX_7, cover=[55])).taken == 1


def test_a_power_the_sheet_names_otherwise_is_refused_before_it_could_armor_anyone() -> None:
    """Only the power's name and its registered aliases count: "Skin Temper + d6" is not one,
    and a sheet naming it is refused with the name it may have meant (no silent mistake)."""
    skin = sample("seraph")
    skin["powers"]["Skin Temper + d6"] = skin["powers"].pop("Skin Temper")
    with pytest.raises(ScenarioProblems, match=r'did you mean "Skin Temper"\?'):
        hit(skin, SPHINX_7, cover=[1])


def test_armor_use_for_personal_armor_raises_the_power_cover_chance() -> None:
    """Seed "Armor Use": level × 5 to Personal Armor: Seraph at level 2 covers on 52."""
    seraph = sample("seraph", skills={"Armor Use (Personal Armor)": 2})
    assert covers(hit(seraph, SPHINX_7, cover=[52])) == [
        ("cover: Skin Temper (power)", 52, 52, True)
    ]


def armor_use_paid(events: list[Event]) -> list[tuple[str, int, Fraction]]:
    return [(e.action, e.row, e.amount) for e in events if isinstance(e, EndurancePaid)]


def test_armor_use_costs_2_ep_a_round() -> None:
    """Seed "Armor Use": "Armor Use uses row 3 of the EP Use Chart (2 EP/round)" — the skill
    list's row 3, row 6 of the EP Use Chart (G-04): Seraph at level 2 pays 2 EP, before the
    Cover roll his bonus goes into."""
    seraph = sample("seraph", skills={"Armor Use (Personal Armor)": 2})
    events = hit(seraph, SPHINX_7, cover=[52])
    assert armor_use_paid(events) == [("Armor Use (Personal Armor)", 6, Fraction(2))]
    assert isinstance(events[0], EndurancePaid) and isinstance(events[1], PercentRolled)


def test_worn_armor_use_costs_its_ep_too() -> None:
    """Seed "Armor Use": Plate Armor with Armor Use (Plate Armor) 1 pays the same 2 EP."""
    knight = grunt(equipment=["Plate Armor"], skills={"Armor Use (Plate Armor)": 1})
    events = hit(knight, SPHINX_7, cover=[1])
    assert armor_use_paid(events) == [("Armor Use (Plate Armor)", 6, Fraction(2))]


def test_armor_without_armor_use_costs_no_ep() -> None:
    """Seed "Skills": "Unless otherwise specified, skills do not use EP"; armor worn without
    the skill adds no bonus and costs nothing."""
    events = hit(grunt(equipment=["Plate Armor"]), SPHINX_7, cover=[1])
    assert armor_use_paid(events) == []


def armored_seraph(defaults: dict[str, Any] | None, covers: list[int]) -> Encounter:
    """Seraph (Armor Use (Personal Armor) 2) standing, his cover d100 scripted."""
    seraph = sample("seraph", skills={"Armor Use (Personal Armor)": 2})
    return fight(
        {"victim": seraph, "attacker": grunt()},
        defaults=defaults,
        dice={"victim": covers},
        minds={"victim": Stands()},
    )


def second_blow(defaults: dict[str, Any] | None = None) -> list[Event]:
    """Seraph (Armor Use (Personal Armor) 2) is struck twice in one segment."""
    encounter = armored_seraph(defaults, [52, 52])
    encounter.emit(strike(encounter, "victim", SPHINX_7))
    return strike(encounter, "victim", SPHINX_7)


def test_armor_use_is_paid_once_a_round() -> None:
    """G-286 ``round_used``: "2 EP/round": a second blow in the same round pays nothing more."""
    assert armor_use_paid(second_blow()) == []


def test_g286_blow_pays_armor_use_at_every_blow() -> None:
    paid = armor_use_paid(second_blow({"G286_armor_use_ep": "blow"}))
    assert paid == [("Armor Use (Personal Armor)", 6, Fraction(2))]


def second_blow_of_one_resolution(defaults: dict[str, Any] | None = None) -> list[Event]:
    """Seraph struck twice in one resolution (a throw and its fall, a carrier and its touch):
    the second blow is given the first one's events, not applied yet."""
    encounter = armored_seraph(defaults, [99, 99])
    first = strike(encounter, "victim", SPHINX_7)
    return first + strike(encounter, "victim", SPHINX_7, first)


def test_armor_use_is_paid_once_in_one_resolution() -> None:
    """G-286 ``round_used``: the first blow pays 2 EP; the second, in the same resolution,
    sees the payment pending and pays nothing more."""
    assert armor_use_paid(second_blow_of_one_resolution()) == [
        ("Armor Use (Personal Armor)", 6, Fraction(2))
    ]


def test_g286_blow_in_one_resolution_pays_twice_off_the_ep_left() -> None:
    """``blow``: each blow pays, the second off the EP the first left."""
    events = second_blow_of_one_resolution({"G286_armor_use_ep": "blow"})
    payments = [e for e in events if isinstance(e, EndurancePaid)]
    assert [e.amount for e in payments] == [Fraction(2), Fraction(2)]
    assert payments[1].endurance_after == payments[0].endurance_after - 2


def test_a_second_blow_of_one_resolution_takes_its_damage_off_what_the_first_left() -> None:
    """Two uncovered blows of 7 (d100 99 > 52): Seraph's VP go down twice, the second from the
    VP the first left (§7.3)."""
    events = second_blow_of_one_resolution()
    first, second = [e for e in events if isinstance(e, DamageTaken)]
    assert second.virtual_damage_points_after == first.virtual_damage_points_after - second.taken


def test_a_power_cover_chance_that_is_not_a_number_names_the_sheet_key() -> None:
    power = {"Skin Temper": {"bonus": 0.8, "cover_chance": "often"}}
    with pytest.raises(SheetError, match=r"powers\.Skin Temper\.cover_chance"):
        hit(grunt(powers=power), SPHINX_7)


def test_nothing_is_rolled_for_a_blow_of_no_damage() -> None:
    events = hit(sample("seraph"), Blow(raw=0, source="attacker"))
    assert covers(events) == [] and damage(events).taken == 0


# --- bonuses vs. Skin Temper (§7.3 item 4) ----------------------------------------------------


@pytest.mark.parametrize(
    ("before", "after"),
    [("1/5", "1/4"), ("1/3", "2/5"), ("4/5", "9/10"), ("9/10", "1")],
)
def test_each_bonus_vs_skin_temper_moves_one_line_toward_1(before: str, after: str) -> None:
    """Seed "Skin Temper": "1/5 goes to 1/4, 1/3 goes to 2/5, 4/5 goes to 9/10, and 9/10 to 1"."""
    row = next(r for r in SKIN_TEMPER.rows if SKIN_TEMPER.multiplier(r) == Fraction(before))
    moved = against_skin_temper(row, 1, past_one=False)
    assert SKIN_TEMPER.multiplier(moved) == Fraction(after)


def test_a_weapon_bonus_vs_skin_temper_brings_seraph_to_1_and_no_further() -> None:
    """Raw 10 on Seraph (9/10): 9; a weapon's +1 vs. Skin Temper → 1: 10; +3 → still 10."""
    taken = [
        damage(hit(sample("seraph"), Blow(10, "attacker", vs_skin_temper=n), uses_power=False))
        for n in (0, 1, 3)
    ]
    assert [t.taken for t in taken] == [9, 10, 10]


def test_vibratory_power_goes_past_1() -> None:
    """Seed: low DP and "certain powers (such as Vibratory Power)" go on: 1 → 10/9 → 5/4.
    Seraph's row 1 − 3 = −2 (5/4): 10 → 12.5 → 13."""
    blow = Blow(10, "attacker", vs_skin_temper=3, breaks_skin_temper=True)
    assert damage(hit(sample("seraph"), blow, uses_power=False)).taken == 13


def test_a_weapon_leaves_a_weak_skin_where_it_is() -> None:
    """A Skin Temper already past 1 (row −1, 10/9) is not moved further by a weapon."""
    assert against_skin_temper(-1, 2, past_one=False) == -1


# --- low Mass (seed "Mass"; G-59) -------------------------------------------------------------

SPRITE = grunt(name="Sprite", overrides={"mass": 40})
"""Mass 40: .4 on the Doubles chart → row −1 → 1 line (docs/rules/charts.md §3): its Skin Temper
row 0 − 1 = −1 (10/9)."""


def test_low_mass_weakens_the_light_characters_own_skin_temper() -> None:
    """G-59 ``once``: 9 on the sprite at 10/9 → 10."""
    assert damage(hit(SPRITE, Blow(9, "attacker"))).taken == 10


def test_g59_twice_also_gives_the_opponent_a_bonus_vs_skin_temper() -> None:
    """G-59 ``twice``: one more line, row −2 (5/4): 9 → 11.25 → 12."""
    events = hit(SPRITE, Blow(9, "attacker"), defaults={"G59_low_mass": "twice"})
    assert damage(events).taken == 12


def test_g59_opponent_skin_toughens_the_opponents_against_the_light_character() -> None:
    """G-59 ``opponent_skin``: the sprite's 10 on Seraph meets row 1 + 1 = 2 (4/5): 8, not 9."""
    blow = Blow(10, "attacker")
    plain = hit(sample("seraph"), blow, attacker=SPRITE, uses_power=False)
    toughened = hit(
        sample("seraph"),
        blow,
        attacker=SPRITE,
        uses_power=False,
        defaults={"G59_low_mass": "opponent_skin"},
    )
    assert (damage(plain).taken, damage(toughened).taken) == (9, 8)


# --- VP, DP and penetrating damage (§7.2, §7.3; G-30, G-61) ----------------------------------


def test_damage_vp_cannot_take_carries_into_dp_in_the_same_hit() -> None:
    """G-30: a grunt (Skin Temper 1) with 3 VP left takes 7: VP 0, Body DP 5 → 1."""
    taken = damage(hit(grunt(), SPHINX_7, vp=3))
    assert (taken.virtual_damage_points_after, taken.damage_points_after) == (0, 1)


def test_a_penetrating_blow_makes_every_dp_it_takes_penetrating() -> None:
    taken = damage(hit(grunt(), Blow(7, "attacker", kind=PENETRATING), vp=3))
    assert taken.penetrating == 4


def test_penetration_makes_that_many_dp_penetrating() -> None:
    """Seed "Empathic Healing": "The Chessman loses 5 DP from a gunshot wound—4 Penetrating and
    1 Bludgeoning": 5 with Penetration 4 on someone with no VP left."""
    taken = damage(hit(grunt(), Blow(5, "attacker", penetration=4), vp=0))
    assert (taken.damage_points_after, taken.penetrating) == (0, 4)


def test_damage_vp_takes_has_no_kind() -> None:
    taken = damage(hit(grunt(), Blow(5, "attacker", kind=PENETRATING)))
    assert (taken.virtual_damage_points_after, taken.penetrating) == (23, 0)


# --- called shots (§16; G-60) -----------------------------------------------------------------


def test_a_called_shot_records_its_location_and_takes_body_dp() -> None:
    """G-60: a head hit is logged at the head and counts against Body DP like any other."""
    taken = damage(hit(grunt(), Blow(7, "attacker", location="head"), vp=0))
    assert (taken.location, taken.damage_points_after) == ("head", -2)


def test_the_ignore_damage_skill_protects_only_the_body() -> None:
    """Seed skill "Ignore Damage": level 8 → 2 points at Cover 73 %; "An attack that hits the
    head, neck, arms, or legs is not affected by this"."""
    fighter = grunt(skills={"Ignore Damage": 8})
    body = hit(fighter, SPHINX_7, cover=[73])
    head = hit(fighter, Blow(7, "attacker", location="head"))
    assert covers(body) == [("cover: Ignore Damage (skill)", 73, 73, True)]
    assert (damage(body).taken, damage(head).taken, covers(head)) == (5, 7, [])


@pytest.mark.parametrize(
    "blow",
    [
        {"kind": "slashing"},
        {"location": "tail"},
        {"penetration": -1},
        {"aim_at_armor": -2},
    ],
)
def test_a_malformed_blow_is_refused(blow: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        Blow(7, "attacker", **blow)


# --- through the kernel -----------------------------------------------------------------------


class Punches:
    """The combat example's fighter: punch, spend nothing."""

    def __init__(self, target: str) -> None:
        self.target = target

    def choose(self, encounter: Encounter, actor: str) -> Intent:
        return Intent("fist-attack", target=self.target)

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return QualityAllocation()


def test_the_combat_example_with_seraphs_power_in_use() -> None:
    """§20 says there would "normally be a chance" for the power: with the example's dice and
    a d100 of 42 between them, the Sphinx's 7 on segment 15 costs Seraph 2 VP (43 → 41)."""
    dice = ScriptedDice({"seraph": [10, 10, 42, 3, 3], "sphinx": [6, 6, 7, 7]})
    minds = {"seraph": Punches("sphinx"), "sphinx": Punches("seraph")}
    events: list[Event] = []
    simulation = Simulation(load_scenario(SCENARIO), dice=dice, minds=minds)  # type: ignore[arg-type]
    simulation.run(until=15, observers=[events.append])
    assert covers(events) == [("cover: Skin Temper (power)", 42, 42, True)]
    assert (damage(events).segment, damage(events).virtual_damage_points_after) == (15, 41)
    dice.assert_used_up()


# --- low DP (seed "Skin Temper"; G-261) -------------------------------------------------------


def hit_at_dp(dp: int, blow: Blow, defaults: dict[str, Any] | None = None) -> DamageTaken:
    """``blow`` on the grunt (Skin Temper 1) with no VP left and Body DP ``dp``."""
    encounter = fight(
        {"victim": grunt(), "attacker": grunt()},
        defaults=defaults,
        minds={"victim": Stands()},
    )
    encounter.emit([DamageTaken(0, "victim", "set-up", 0, 0, 0, dp)])
    return damage(strike(encounter, "victim", blow))


@pytest.mark.parametrize(
    ("dp", "raw", "taken"),
    [(1, 9, 9), (0, 9, 10), (-1, 8, 10), (-2, 10, 15)],
)
def test_skin_temper_worsens_one_row_per_point_below_1_dp(dp: int, raw: int, taken: int) -> None:
    """Seed "Skin Temper": low DP takes Skin Temper past 1, "1 becomes 10/9, then 5/4, then
    3/2". G-261: DP 1 → 1; DP 0 → 10/9 (9 → 10); DP −1 → 5/4 (8 → 10); DP −2 → 3/2 (10 → 15)."""
    assert hit_at_dp(dp, Blow(raw, "attacker")).taken == taken


def test_low_dp_leaves_skin_temper_alone_when_switched_off() -> None:
    off = {"G261_low_dp_skin_temper": "off"}
    assert hit_at_dp(-2, Blow(10, "attacker"), off).taken == 10


# --- weighing a blow before the dice (the tactician's value model) ------------------------------


@pytest.mark.parametrize(
    ("sheet", "blow"),
    [
        ("seraph", SPHINX_7),  # Skin Temper power at Cover 42
        ("knight", Blow(raw=12, source="attacker")),  # Plate Armor with Armor Use
        ("seraph", Blow(raw=9, source="attacker", vs_skin_temper=2)),
    ],
)
def test_protection_outcomes_weigh_a_blow_as_strike_resolves_it(sheet: str, blow: Blow) -> None:
    """The expected damage over :func:`protection_outcomes` equals the mean of 3,000 blows
    resolved by :func:`strike` on the victim's seeded cover dice, within four standard errors;
    the outcomes' chances add up to 1."""
    victim = (
        sample("seraph", skills={"Armor Use (Personal Armor)": 2})
        if sheet == "seraph"
        else grunt(equipment=["Plate Armor"], skills={"Armor Use (Plate Armor)": 1})
    )
    encounter = fight({"victim": victim, "attacker": grunt()}, dice=SeededDice(11))
    outcomes = protection_outcomes(encounter, "victim", blow)
    assert sum(chance for chance, _, _ in outcomes) == pytest.approx(1.0)
    expected = sum(
        chance * math.ceil(max(0, blow.raw - ignore) * multiplier)
        for chance, ignore, multiplier in outcomes
    )
    taken = [damage(strike(encounter, "victim", blow)).taken for _ in range(3_000)]
    mean = statistics.fmean(taken)
    error = statistics.pstdev(taken) / math.sqrt(len(taken))
    assert abs(mean - expected) <= 4 * error + 1e-9
    assert len(outcomes) >= 2  # the cover is weighed both ways


def test_protection_outcomes_count_a_protection_being_weighed() -> None:
    """``extra``: Seraph weighing his electric Skin Temper (a cover at 100 %, +rows): every
    outcome then has the better multiplier, so the blow is expected to do less."""
    encounter = fight({"victim": sample("seraph"), "attacker": grunt()}, dice=SeededDice(1))
    shield = Cover("Electric Power (Skin Temper)", 100, skin_temper_rows=4)
    plain = protection_outcomes(encounter, "victim", SPHINX_7)
    shielded = protection_outcomes(encounter, "victim", SPHINX_7, (shield,))

    def mean(outcomes: tuple[tuple[float, int, Fraction], ...]) -> float:
        return sum(c * math.ceil(max(0, 7 - i) * m) for c, i, m in outcomes)

    assert mean(shielded) < mean(plain)
