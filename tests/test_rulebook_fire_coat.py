"""Fire Coat (seed "Fire Coat", "Power Example"): ``mands_rulebook.powers.fire_coat``.

The Power Example (seed "Power Rolls"): "Sun-Ruler has a PR of 12 in Fire Coat. He enters combat
with Seraph. On segment 1 he starts firing up to increase his Skin Temper. That's a passive
action, so it only has a Performance Time of 10. He'll be done on Segment 11. He uses 8 PR for
that (increasing Skin Temper by 4 rows), using 1 EP per round. Now, on segment 6, he initiates a
fire blast, using all 12 PR. He rolls 17, missing (he needed 13 or less: 12 plus his pool of 1).
He uses 5 EP for this attack."
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from mands_rulebook.kit.powers.uses import PowerUsed
from mands_rulebook.powers.fire_coat import (
    FLAME_UP,
    Blinded,
    fire_damage,
    fire_temperature,
    flame_rows,
    flame_up_spend,
    safe_temperature_bonus,
)
from mands_sim.actions import Intent, QualityAllocation
from mands_sim.dice import ScriptedDice
from mands_sim.errors import PluginHookError
from mands_sim.events import (
    ActionStarted,
    AttackResolved,
    DamageTaken,
    EndurancePaid,
    Event,
    PercentRolled,
    PushedBack,
    RollMade,
)
from mands_sim.kernel.contracts import ActionRefused
from tests.data.power_plan import PlanMind, duel, of, use

FIRE = "Fire Coat"
EXAMPLE_SPEND = {
    "fire-coat-flame-up": {"skin_temper": 8, "ep": 4},
    "fire-coat-blast": {"damage": 12},
}


def sun_ruler(plan: list[tuple[int, Intent]], **spend: dict[str, int]) -> PlanMind:
    return PlanMind(plan, spend={**EXAMPLE_SPEND, **spend})


def flame_up() -> Intent:
    return use("fire-coat-flame-up", FIRE)


def blast(target: str = "seraph", **options: object) -> Intent:
    return use("fire-coat-blast", FIRE, target, **options)


def punch(**quality: int) -> PlanMind:
    """Seraph punches Sun-Ruler at segment 0, spending his Q as given."""
    return PlanMind(
        [(0, Intent("fist-attack", target="sun-ruler"))], quality=QualityAllocation(**quality)
    )


@pytest.fixture(scope="module")
def example() -> list[Event]:
    """The Power Example through the whole kernel, to segment 60: Sun-Ruler flames up on 1 and
    blasts on 6 (dice 9 + 8 = 17); Seraph punches on 0 (5 + 5 = 10 against 15: Q 5, all Attack),
    landing on 15 after the flames are up."""
    minds = {"sun-ruler": sun_ruler([(1, flame_up()), (6, blast())]), "seraph": punch(attack=5)}
    return duel(minds, ScriptedDice({"sun-ruler": [9, 8], "seraph": [5, 5]}), until=60)


def test_power_example_flame_up_spends_8_pr_on_4_rows_and_4_on_ep(example: list[Event]) -> None:
    flame = of(example, PowerUsed, "sun-ruler")[0]
    assert (flame.segment, flame.action, flame.power_rating) == (1, "fire-coat-flame-up", 12)
    assert dict(flame.spent) == {"skin_temper": 8, "ep": 4, "speed": 0}
    assert flame.ep_row == 5  # row 9 less 4: "using 1 EP per round"


def test_power_example_flame_up_is_passive_and_held_round_by_round(example: list[Event]) -> None:
    """G-75: a Performance Time of 10 from segment 1 (the flames are up on 11); the use is held
    to the first Payment Segment and pays 1 EP when it starts and again on segment 50."""
    started = of(example, ActionStarted, "sun-ruler")[0]
    assert (started.segment, started.is_passive, started.is_sustained) == (1, True, True)
    assert started.completes_at == 50
    paid = [(e.segment, e.amount) for e in of(example, EndurancePaid, "sun-ruler")]
    assert [p for p in paid if p[0] in (1, 50)] == [(1, Fraction(1)), (50, Fraction(1))]


def test_power_example_blast_on_6_pushes_the_flame_up_back_one_segment(
    example: list[Event],
) -> None:
    """G-12: an active action may start during a passive one, and adds 1 to its Pushback."""
    pushed = of(example, PushedBack, "sun-ruler")[0]
    assert (pushed.segment, pushed.action, pushed.segments) == (6, "fire-coat-flame-up", 1)


def test_power_example_blast_needs_13_rolls_17_and_misses(example: list[Event]) -> None:
    (roll,) = of(example, RollMade, "sun-ruler")
    assert (roll.segment, roll.target + roll.pool_bonus, roll.total) == (6, 13, 17)
    assert roll.quality == -4
    (attack,) = of(example, AttackResolved, "sun-ruler")
    assert (attack.segment, attack.attack, attack.hit) == (26, -2, False)  # G-14: −2 Attack


def test_power_example_blast_costs_5_ep_and_the_combat_roll_1(example: list[Event]) -> None:
    """ "He uses 5 EP for this attack": all 12 PR on the blast, row 9. G-13 charges the Combat
    Roll's row 5 besides (1 EP), which the example does not mention."""
    paid = {e.reason: e.amount for e in of(example, EndurancePaid, "sun-ruler") if e.segment == 6}
    assert paid == {"fire-coat-blast": Fraction(5), "combat roll": Fraction(1)}
    blast_used = of(example, PowerUsed, "sun-ruler")[1]
    assert dict(blast_used.spent)["damage"] == 12


def test_g13_power_only_charges_the_blast_the_examples_5_ep_alone() -> None:
    """G-13 switched to ``power_only`` from the scenario: "He uses 5 EP for this attack" and
    nothing for the Combat Roll, as the Power Example quotes it (the blast of the example:
    all 12 PR on damage, row 9)."""
    minds = {"sun-ruler": sun_ruler([(6, blast())]), "seraph": PlanMind()}
    dice = ScriptedDice({"sun-ruler": [9, 8], "seraph": []})
    events = duel(minds, dice, until=7, defaults={"G13_power_attack_ep": "power_only"})
    paid = {e.reason: e.amount for e in of(events, EndurancePaid, "sun-ruler") if e.segment == 6}
    assert paid == {"fire-coat-blast": Fraction(5)}


def test_power_example_skin_temper_4_rows_up_halves_seraphs_punch(example: list[Event]) -> None:
    """On 15 the flames are up: Sun-Ruler's Skin Temper row 0 + 4 = row 4 (1/2): 6 → 3."""
    (hit,) = of(example, DamageTaken, "sun-ruler")
    assert (hit.segment, hit.raw, hit.taken) == (15, 6, 3)


@pytest.mark.parametrize(("lands", "taken"), [(10, 6), (11, 3)])
def test_power_example_the_flames_are_up_on_segment_11(lands: int, taken: int) -> None:
    """ "He'll be done on Segment 11": a punch landing on 10 takes its full 6, one landing on 11
    is halved, although the blast on 6 pushed the flame-up back (G-75: pushback moves the end of
    the hold, not the moment the flames are up). Seraph's punch: 3 Q on speed, 15 → 8."""
    minds = {
        "sun-ruler": sun_ruler([(1, flame_up()), (6, blast())]),
        "seraph": PlanMind(
            [(lands - 8, Intent("fist-attack", target="sun-ruler"))],
            quality=QualityAllocation(speed=3),
        ),
    }
    events = duel(minds, ScriptedDice({"sun-ruler": [9, 8], "seraph": [5, 5]}), until=lands)
    (hit,) = of(events, DamageTaken, "sun-ruler")
    assert (hit.segment, hit.raw, hit.taken) == (lands, 6, taken)


def test_fire_damage_is_half_the_pr_rounded_up() -> None:
    assert [fire_damage(pr) for pr in (12, 13, 1, 0)] == [6, 7, 1, 0]


def test_skin_temper_is_the_pr_divided_by_2_rows() -> None:
    assert [flame_rows(pr) for pr in (8, 9, 1)] == [4, 4, 0]


def test_default_flame_up_spend_is_the_examples_for_pr_12() -> None:
    """G-77: to row 5 (4 PR) first, then an even number on Skin Temper; an odd one to EP."""
    assert flame_up_spend(None, "x", flame_up(), 12) == {"ep": 4, "skin_temper": 8}  # type: ignore[arg-type]
    assert flame_up_spend(None, "x", flame_up(), 11) == {"ep": 5, "skin_temper": 6}  # type: ignore[arg-type]
    assert flame_up_spend(None, "x", flame_up(), 3) == {"ep": 3, "skin_temper": 0}  # type: ignore[arg-type]
    assert FLAME_UP.action.performance_time == 10


def test_resolve_a_fire_blast_that_hits_does_half_its_pr() -> None:
    """All 12 PR on damage: 6, through Seraph's Skin Temper 9/10 (his power's 42 % misses:
    d100 100): ⌈5.4⌉ = 6 (G-45)."""
    minds = {"sun-ruler": sun_ruler([(0, blast())]), "seraph": PlanMind()}
    events = duel(minds, ScriptedDice({"sun-ruler": [3, 3], "seraph": [100]}), until=25)
    (hit,) = of(events, DamageTaken, "seraph")
    assert (hit.segment, hit.raw, hit.taken) == (20, 6, 6)


def test_spread_trades_damage_for_combat_roll() -> None:
    """Seed: "For each point taken from damage, 1 can be added to the Combat Roll": spread 2 →
    needs 15 or less, does 4."""
    minds = {"sun-ruler": sun_ruler([(0, blast(spread=2))]), "seraph": PlanMind()}
    events = duel(minds, ScriptedDice({"sun-ruler": [8, 7], "seraph": [100]}), until=25)
    (roll,) = of(events, RollMade, "sun-ruler")
    assert (roll.target + roll.pool_bonus, roll.quality) == (15, 0)
    assert of(events, DamageTaken, "seraph")[0].raw == 4


def test_the_default_blast_buys_just_the_distance_to_reach_the_target() -> None:
    """10 m away: Maximum Range needs the PR whose Result → Sphere meters reach 10: 9 (10 m);
    3 PR are left for damage: 2. Short Range is G-21's 24 m for PR 12, cut to the Maximum."""
    minds = {"sun-ruler": PlanMind([(0, blast())]), "seraph": PlanMind()}
    events = duel(minds, ScriptedDice({"sun-ruler": [3, 3], "seraph": [100]}), until=25, meters=10)
    used = of(events, PowerUsed, "sun-ruler")[0]
    assert dict(used.spent) == {"damage": 3, "distance": 9, "ep": 0, "speed": 0}
    (roll,) = of(events, RollMade, "sun-ruler")
    assert roll.bonus_pool == 1  # no Range Set beyond Short Range
    assert of(events, DamageTaken, "seraph")[0].raw == 2


def test_mands_action_refusals_refuse_a_blast_beyond_the_longest_maximum_range() -> None:
    """PR 12 on Distance reaches 24 m (Result 12 → Sphere): 30 m is out of reach."""
    minds = {"sun-ruler": sun_ruler([(0, blast())]), "seraph": PlanMind()}
    with pytest.raises(ActionRefused, match="beyond Maximum Range"):
        duel(minds, ScriptedDice({}), until=5, meters=30)


def test_a_blast_with_pr_on_distance_cannot_put_it_on_damage() -> None:
    """Seed: "PR applied to Maximum Range cannot be applied to Damage": 12 on both is 24 > 12."""
    spend = {"fire-coat-blast": {"damage": 12, "distance": 12}}
    minds = {"sun-ruler": sun_ruler([(0, blast())], **spend), "seraph": PlanMind()}
    with pytest.raises(PluginHookError) as raised:
        duel(minds, ScriptedDice({}), until=5)
    assert "sun-ruler's mind (PlanMind)" in str(raised.value)
    assert "more than the PR" in str(raised.value)


def test_a_forked_blast_divides_damage_and_pays_one_pool_point_per_extra_target() -> None:
    """Seed: forked "dividing the damage between more than one target. Attack Q must be
    supplied for each target"; −1 pool for the extra opponent (pool 1 − 1 = 0): 6 damage as 3
    and 3; Q 8 (dice 2 + 2 against 12) spent 2 on Attack, split 1 and 1."""
    plan = [(0, use("fire-coat-blast", FIRE, "seraph", fork=["seraph-2"]))]
    mind = PlanMind(plan, spend=EXAMPLE_SPEND, quality=QualityAllocation(attack=2))
    minds = {"sun-ruler": mind, "seraph": PlanMind(), "seraph-2": PlanMind()}
    dice = ScriptedDice({"sun-ruler": [2, 2], "seraph": [100], "seraph-2": [100]})
    events = duel(minds, dice, until=25, heroes=("seraph", "seraph-2"))
    (roll,) = of(events, RollMade, "sun-ruler")
    assert (roll.bonus_pool, roll.quality) == (0, 8)
    attacks = [(e.target, e.attack, e.hit) for e in of(events, AttackResolved, "sun-ruler")]
    assert attacks == [("seraph", 1, True), ("seraph-2", 1, True)]
    assert [e.raw for e in of(events, DamageTaken)] == [3, 3]


def test_mands_bonus_pool_modifiers_blinding_costs_the_blinded_sight_0s_close_modifier() -> None:
    """Sun-Ruler lights up completely on 0 (6 PR on blinding: −24; 6 on damage: 3 segments):
    Seraph saves on d100 against Perception 13 − 24, fails, and is blinded from 10 to 13; his
    Combat Roll on 11 has −5 (Sight 0, Close; G-78) in its pool."""
    plan = [(0, use("fire-coat-blinding", FIRE))]
    spend = {"fire-coat-blinding": {"blinding": 6, "damage": 6}}
    seraph = PlanMind([(11, Intent("fist-attack", target="sun-ruler"))])
    minds = {"sun-ruler": PlanMind(plan, spend=spend), "seraph": seraph}
    events = duel(minds, ScriptedDice({"seraph": [1, 5, 5]}), until=12)
    (save,) = of(events, PercentRolled, "seraph")
    assert (save.segment, save.chance, save.succeeded) == (10, 13 - 24, False)
    (blinded,) = of(events, Blinded, "seraph")
    assert (blinded.source, blinded.until) == ("sun-ruler", 13)
    (roll,) = of(events, RollMade, "seraph")
    assert roll.bonus_pool == 1 - 5


def test_safe_temperature_is_100_degrees_per_pr() -> None:
    """Seed "Safe Temperature": "the PR applied to damage, times 100, degrees Celsius"; added
    to the Maximum Safe Temperature "using maximum PR"."""
    assert fire_temperature(6) == 600
    assert safe_temperature_bonus(12) == 1200
