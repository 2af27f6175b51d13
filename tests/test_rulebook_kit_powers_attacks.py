"""Power attacks (``docs/rules/combat.md`` §5–7, §11, §17a; G-21, G-54, G-55, G-79, G-120):
``mands_rulebook.kit.powers.attacks`` — maintained blasts, ranges and touches."""

from __future__ import annotations

from fractions import Fraction

from mands_rulebook.kit.powers.attacks import (
    cosmic_ray_ranges,
    standard_ranges,
    touch_quality,
    touched,
)
from mands_rulebook.kit.powers.uses import PowerUsed
from mands_sim.actions import Intent, QualityAllocation
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import ScriptedDice
from mands_sim.events import AttackResolved, DamageTaken, EndurancePaid, RollMade
from tests.data.power_plan import PlanMind, duel, of, use

CHART = load_standard_charts().action
ELECTRIC = "Electric Power"
BLAST = "electric-power-blast"


def test_a_maintained_power_blast_follows_up_at_a_quarter_time_with_attack_less_2() -> None:
    """Seed "Maintaining an Attack": Seraph's blast (Q 5, all Attack) lands on 20; the follow-up
    started on 20 rolls %Control again (G-53) but no Combat Roll, takes 5 segments, Attack 5 − 2
    = 3, and pays row 9 + 1 (6 EP) (G-54, G-55)."""
    plan = [
        (0, use(BLAST, ELECTRIC, "sun-ruler")),
        (20, use(BLAST, ELECTRIC, "sun-ruler", maintain=True)),
    ]
    mind = PlanMind(plan, spend={BLAST: {"damage": 17}}, quality=QualityAllocation(attack=5))
    dice = ScriptedDice({"seraph": [5, 5, 5, 7]})
    events = duel({"seraph": mind, "sun-ruler": PlanMind()}, dice, until=26)
    assert len(of(events, RollMade, "seraph")) == 1
    attacks = [(e.segment, e.attack) for e in of(events, AttackResolved, "seraph")]
    assert attacks == [(20, 5), (25, 3)]
    follow_up = [e for e in of(events, EndurancePaid, "seraph") if e.segment == 20]
    assert [(e.row, e.amount) for e in follow_up] == [(10, Fraction(6))]
    assert [e.raw for e in of(events, DamageTaken, "sun-ruler")] == [6, 6]
    assert len(of(events, PowerUsed, "seraph")) == 2


def test_cosmic_ray_ranges_are_the_pr_4_rows_lower_and_5_higher_on_the_sphere_chart() -> None:
    """Seed "Cosmic Rays" (the template's default, G-21): PR 12 → 24 m, 8 m, row 17: 100 m."""
    ranges = cosmic_ray_ranges(CHART, 12)
    assert (ranges.short_range, ranges.range_set, ranges.max_range) == (24.0, 8.0, 100.0)


def test_standard_ranges_never_put_short_range_beyond_the_maximum() -> None:
    assert standard_ranges(CHART, 12, 10.0).short_range == 10.0
    assert standard_ranges(CHART, 12, 100.0).short_range == 24.0


def test_touch_takes_effect_by_dp_or_by_setting_aside_n_quality() -> None:
    """Seed: "must hit for DP, or use 3 Q points from the Combat Roll" (Absorption)."""
    asks = Intent("test-power-touch", options={"touch": True})
    assert touch_quality(asks, 5, 3) == 3
    assert touch_quality(asks, 2, 3) == 0  # not enough Q: it must hit for DP
    assert touch_quality(Intent("test-power-touch"), 5, 3) == 0
    assert touched(1, 0, 3) and touched(0, 3, 3) and not touched(0, 0, 3)
