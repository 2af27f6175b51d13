"""Convert To Energy (seed "Convert To Energy"): ``mands_rulebook.powers.convert_to_energy``.

Seed: "Extra Mass: ... up to half PR kilograms ... Energy Blast: ... up to half PR damage. ...
Ignore Damage: Energy forms will be immune to most physical attacks, but not to most energy
attacks. They can ignore damage (energy) equal to their PR divided by 3, round up, when in energy
form. Defense: The character's Defense can be increased by up to PR when in the energy form, but
Attack is reduced by the same amount." ``spark`` has Seraph's sheet (Combat Roll 14, pool 1) and
the power at PR 17 (no %Control), as light; Sun-Ruler has his Fire Coat 12 (G-115).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from mands_rulebook.kit.powers import checked_spend
from mands_rulebook.kit.powers.uses import PowerUsed
from mands_rulebook.powers.convert_to_energy import (
    CONVERT_TO_ENERGY,
    blast_damage,
    energy_ignore_damage,
    extra_mass,
)
from mands_sim.actions import Intent, QualityAllocation
from mands_sim.dice import ScriptedDice
from mands_sim.events import (
    AttackResolved,
    DamageTaken,
    DefenseChanged,
    EndurancePaid,
    Moved,
)
from mands_sim.kernel.encounter import Encounter
from tests.data.power_plan import CastScene, PlanMind, of, sheet, use

ENERGY = "Convert To Energy"
CONVERT = "convert-to-energy-convert"
BLAST = "convert-to-energy-blast"
TRAVEL = "convert-to-energy-travel"
PLACES = (("here", 0.0), ("far", 100.0))
CAST = {
    "spark": (
        "heroes",
        sheet("seraph.toml", **{ENERGY: {"power_rating": 17, "form": "light"}}),
        "here",
    ),
    "sun-ruler": (
        "villains",
        sheet("sun_ruler.toml", **{"Fire Coat": {"power_rating": 12}}),
        "here",
    ),
}


def spark(*later: tuple[int, Intent], quality: QualityAllocation | None = None) -> PlanMind:
    """Spark becomes light on 0 (default spend: 9 PR to row 0, 8 on extra mass), then more."""
    return PlanMind([(0, use(CONVERT, ENERGY)), *later], quality=quality)


def play(minds: Mapping[str, PlanMind], dice: Mapping[str, list[int]], until: int) -> Encounter:
    return run(minds, ScriptedDice(dict(dice)), until)


def test_the_numbers_are_half_the_pr_and_a_third_rounded_up() -> None:
    """Extra mass PR 9 → 4.5 kg; a blast of 17 → 8 ("up to half", G-115); Ignore Damage 17 → 6."""
    assert extra_mass(9) == Fraction(9, 2)
    assert [blast_damage(pr) for pr in (17, 16, 1)] == [8, 8, 0]
    assert [energy_ignore_damage(pr) for pr in (17, 18, 1)] == [6, 6, 1]


def test_mands_action_sustain_the_form_is_held_at_no_ep() -> None:
    """9 PR bring the row to 0 (free): nothing at the start, nothing at the Payment Segment 50,
    where the form is held another round."""
    events = play({"spark": spark()}, {}, 60).log
    (used,) = of(events, PowerUsed, "spark")
    assert dict(used.spent) == {"extra_mass": 8, "ep": 9, "speed": 0}
    paid = [(e.segment, e.amount) for e in of(events, EndurancePaid, "spark")]
    assert paid == [(0, Fraction(0)), (50, Fraction(0))]


def test_mands_action_refusals_a_physical_attack_passes_through_the_energy_form() -> None:
    """Sun-Ruler's punch is refused once the form takes effect on 10 (asked on 11, as his fire
    blast starts), not before; a power's attack is not."""
    punch = Intent("fist-attack", target="spark")
    fire = use("fire-coat-blast", "Fire Coat", "spark")
    early = play({"spark": spark()}, {}, 5)
    assert early.rules.refusals(early, "sun-ruler", punch) == []
    sun = PlanMind([(11, fire)], spend={"fire-coat-blast": {"damage": 12}})
    late = play({"spark": spark(), "sun-ruler": sun}, {"sun-ruler": [5, 5]}, 11)
    assert late.now == 11
    assert late.rules.refusals(late, "sun-ruler", punch) == [
        "fist-attack passes through spark in energy form (G-115)"
    ]
    assert late.rules.refusals(late, "sun-ruler", fire) == []


def test_energy_attacks_lose_pr_over_3_to_the_form() -> None:
    """Sun-Ruler's fire blast on 11 (all 12 PR: 6 damage; dice 5 + 5 against 13) lands on 31:
    6 − 6 ignored = 0."""
    sun = PlanMind(
        [(11, use("fire-coat-blast", "Fire Coat", "spark"))],
        spend={"fire-coat-blast": {"damage": 12}},
    )
    events = play({"spark": spark(), "sun-ruler": sun}, {"sun-ruler": [5, 5]}, 32).log
    (hit,) = of(events, DamageTaken, "spark")
    assert (hit.segment, hit.raw, hit.taken) == (31, 6, 0)


def test_initiate_energy_defense_trades_attack_for_defense() -> None:
    """In energy form Spark's blast on 11 (dice 5 + 5 against 15: Q 5, all on Attack) asks for
    5 Defense: Attack 5 − 5 = 0 still hits Defense 0 for 8; his Defense becomes 5."""
    blast = (11, use(BLAST, ENERGY, "sun-ruler", energy_defense=5))
    mind = spark(blast, quality=QualityAllocation(attack=5))
    events = play({"spark": mind}, {"spark": [5, 5]}, 32).log
    (swing,) = of(events, AttackResolved, "spark")
    assert (swing.segment, swing.attack, swing.hit) == (31, 0, True)
    assert of(events, DamageTaken, "sun-ruler")[0].raw == 8
    assert [e.defense for e in of(events, DefenseChanged, "spark")] == [5]


def test_resolve_light_travels_to_a_place_in_sight_by_the_next_segment() -> None:
    """Refused before the form holds; on 11 it goes 100 m, there on 12, at no EP."""
    encounter = play({"spark": spark()}, {}, 5)
    go = use(TRAVEL, ENERGY, toward="far")
    assert encounter.rules.refusals(encounter, "spark", go) == [
        "spark travels as energy only in energy form"
    ]
    events = play({"spark": spark((11, go))}, {}, 13).log
    (moved,) = of(events, Moved, "spark")
    assert (moved.segment, moved.place, moved.reason) == (12, "far", "traveled as energy")
    assert all(e.amount == 0 for e in of(events, EndurancePaid, "spark"))


def test_the_default_spends_never_take_more_than_the_pr() -> None:
    """Seed "Power Rolls": the PR on one action's effects is at most the PR."""
    encounter = run({}, ScriptedDice({}), 0)
    for power_use in CONVERT_TO_ENERGY.uses:
        intent = use(power_use.action.name, ENERGY, "sun-ruler", toward="far")
        for pr in range(41):
            wanted = power_use.default_spend(encounter, "spark", intent, pr)
            spent = checked_spend("default", CONVERT_TO_ENERGY, power_use, pr, wanted)
            assert spent.total == (0 if power_use.action.name == TRAVEL else pr)


# --- the cast on a line of places: one prepared simulation per set of defaults -----------------


run = CastScene(CAST, PLACES, __name__).run
