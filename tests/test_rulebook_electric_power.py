"""Electric Power (seed "Electric Power"): ``mands_rulebook.powers.electric_power``.

Seraph's Electric Power: PR 17, %Control 97 (seed "Biff Turk Creates a Sample Character"). His
scripted stream deals the %Control d100 first, then the Combat Roll's dice.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from mands_rulebook.kit.powers.ratings import canonical_power_name, sheet_power
from mands_rulebook.kit.powers.uses import PowerUsed
from mands_rulebook.powers.electric_power import (
    ELECTRIC_POWER,
    blast_damage,
    blast_ranges,
    controllable_points,
    lift_strength,
    skin_temper_rows,
)
from mands_sim.actions import QualityAllocation
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import ScriptedDice
from mands_sim.events import DamageTaken, EndurancePaid, PercentRolled, RollMade
from mands_sim.model.sheet import PowerEntry, load_sheet
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import collect_registries
from tests.data.power_plan import SCENARIOS, PlanMind, duel, of, use

ELECTRIC = "Electric Power"
CHART = load_standard_charts().action


def seraph_blasts(**defaults: str) -> list[DamageTaken]:
    """Seraph blasts Sun-Ruler on 0 with all 17 PR on damage: %Control 5, dice 5 + 5 (Q 5,
    none spent); the blast lands on 20. Sun-Ruler's damage taken."""
    seraph = PlanMind(
        [(0, use("electric-power-blast", ELECTRIC, "sun-ruler"))],
        spend={"electric-power-blast": {"damage": 17}},
    )
    minds = {"seraph": seraph, "sun-ruler": PlanMind()}
    events = duel(minds, ScriptedDice({"seraph": [5, 5, 5]}), until=25, defaults=defaults)
    return of(events, DamageTaken, "sun-ruler")


def test_blast_damage_is_a_third_of_the_pr_rounded_up() -> None:
    assert [blast_damage(pr) for pr in (17, 16, 15, 1, 0)] == [6, 6, 5, 1, 0]


def test_initiate_a_blast_rolls_control_then_the_combat_roll_and_pays_5_ep() -> None:
    """%Control 97 first (G-53), then the Combat Roll; EP: row 5 (G-13) and row 9 (5 EP)."""
    seraph = PlanMind(
        [(0, use("electric-power-blast", ELECTRIC, "sun-ruler"))],
        spend={"electric-power-blast": {"damage": 17}},
    )
    events = duel(
        {"seraph": seraph, "sun-ruler": PlanMind()}, ScriptedDice({"seraph": [5, 5, 5]}), until=2
    )
    (control,) = of(events, PercentRolled, "seraph")
    assert (control.purpose, control.chance, control.succeeded) == (
        "Electric Power %Control",
        97,
        True,
    )
    assert events.index(control) < events.index(of(events, RollMade, "seraph")[0])
    paid = [(e.reason, e.amount) for e in of(events, EndurancePaid, "seraph")]
    assert paid == [("combat roll", Fraction(1)), ("electric-power-blast", Fraction(5))]


def test_a_blast_on_a_dry_target_does_pr_over_3() -> None:
    (hit,) = seraph_blasts()
    assert (hit.segment, hit.raw, hit.taken) == (20, 6, 6)


def test_g76_switch_grounded_adds_half_and_well_grounded_doubles() -> None:
    """Seed: "Add 50% if the target is grounded, and double if the target is well grounded"
    (G-76: the scenario's ``G76_electric_grounding``): 6 → 9 → 12."""
    assert seraph_blasts(G76_electric_grounding="grounded")[0].raw == 9
    assert seraph_blasts(G76_electric_grounding="well_grounded")[0].raw == 12


def test_skin_temper_rows_are_half_the_pr_on_the_sphere_chart() -> None:
    """Seed: "increase Skin Temper by half PR (Sphere Chart)": 8 → 4 rows; 17 → 8.5 → 8;
    13 → 6.5 → 6; a half PR under 1 gives none."""
    assert [skin_temper_rows(CHART, pr) for pr in (8, 17, 13, 1, 0)] == [4, 8, 6, 0, 0]


def test_mands_action_sustain_the_electric_skin_temper_protects_from_segment_10() -> None:
    """Seraph raises it on 0 (default spend: 4 PR to row 5, 13 on rows: 6); Sun-Ruler's blast
    (all 12 PR: 6 damage) lands on 20: Skin Temper row 1 + 6 = row 7 (1/4): ⌈1.5⌉ = 2. Seraph's
    own Skin Temper power (42 %) misses (d100 100). The held use pays 1 EP on 0 and on 50."""
    seraph = PlanMind([(0, use("electric-power-skin-temper", ELECTRIC))])
    sun = PlanMind(
        [(0, use("fire-coat-blast", "Fire Coat", "seraph"))],
        spend={"fire-coat-blast": {"damage": 12}},
    )
    dice = ScriptedDice({"seraph": [5, 100, 5], "sun-ruler": [3, 3]})
    events = duel({"seraph": seraph, "sun-ruler": sun}, dice, until=55)
    used = of(events, PowerUsed, "seraph")[0]
    assert dict(used.spent) == {"skin_temper": 13, "ep": 4, "speed": 0}
    (hit,) = of(events, DamageTaken, "seraph")
    assert (hit.raw, hit.taken) == (6, 2)
    shield = [e for e in of(events, EndurancePaid, "seraph") if e.action.endswith("skin-temper")]
    assert [(e.segment, e.amount) for e in shield] == [(0, Fraction(1)), (50, Fraction(1))]


def test_blast_ranges_follow_the_cosmic_rays_pattern_on_the_damage_pr() -> None:
    """Template (G-21): Short Range = PR 17 Result → Sphere = 100 m, Range Set 4 rows lower
    (row 13: 32 m), Maximum Range 5 rows higher (row 22)."""
    ranges = blast_ranges(CHART, {"damage": 17}, 17)
    assert (ranges.short_range, ranges.range_set) == (100.0, 32.0)
    assert ranges.max_range == CHART.from_result("sphere", 22)


def test_electricity_is_an_alias_of_electric_power() -> None:
    """Seraph's table roll reads "Electricity": the registered spec answers to it, and a sheet
    that calls the power so can use it."""
    registries = collect_registries(make_plugin_manager(environ={}))
    assert canonical_power_name(registries, "electricity") == ELECTRIC
    sheet = load_sheet(SCENARIOS / "characters" / "seraph.toml")
    renamed = dataclasses.replace(sheet, powers={"Electricity": PowerEntry("Electricity", 17, 97)})
    entry = sheet_power(renamed, ELECTRIC_POWER)
    assert entry is not None and entry.power_rating == 17


def test_lift_strength_is_the_pr_applied_and_control_loses_the_distance() -> None:
    """Seed: Lift/Throw Strength "is the PR applied"; Control: "PR ... Reduce PR by the
    distance to the electricity in meters, on the Sphere Chart" (10 m → 9)."""
    assert lift_strength(12) == 12
    assert controllable_points(CHART, 17, 10) == 17 - 9
    assert controllable_points(CHART, 5, 100) == 0


@pytest.mark.parametrize("quality", [QualityAllocation(damage=1)])
def test_damage_quality_adds_before_the_grounding(quality: QualityAllocation) -> None:
    """G-76: the damage Q (1 Q → +1, G-11) joins the blast before the grounding: (6 + 1) × 3/2
    = 10.5 → 11."""
    seraph = PlanMind(
        [(0, use("electric-power-blast", ELECTRIC, "sun-ruler"))],
        spend={"electric-power-blast": {"damage": 17}},
        quality=quality,
    )
    minds = {"seraph": seraph, "sun-ruler": PlanMind()}
    dice = ScriptedDice({"seraph": [5, 5, 5]})
    events = duel(minds, dice, until=25, defaults={"G76_electric_grounding": "grounded"})
    assert of(events, DamageTaken, "sun-ruler")[0].raw == 11
