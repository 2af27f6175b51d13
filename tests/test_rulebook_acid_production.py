"""Acid Production (seed "Acid Production"): ``mands_rulebook.powers.acid_production``.

The attacker is the sample character Seraph (Combat Roll 14, pool 1: needs 15) with only Acid
Production on his sheet; the targets are Sun-Ruler (VP 30, Skin Temper 1, Defense 0) and copies
of him 3 and 10 m away.
"""

from __future__ import annotations

import pytest

from mands_rulebook.kit.powers.uses import PowerUsed
from mands_rulebook.powers.acid_production import acid_ranges, acid_type, range_pr_for
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import ScriptedDice
from mands_sim.events import DamageTaken, Event, RollMade
from mands_sim.kernel.contracts import ActionRefused
from mands_sim.testing import sample_sheet
from tests.data.power_plan import Bout, PlanMind, of, use

ACID = "Acid Production"
ATTACK = "acid-production-attack"
CHART = load_standard_charts().action


VILLAINS = {"sun-ruler": 0.0, "near": 3.0, "far": 10.0}
"""Sun-Ruler and two copies of him, this many meters from Seraph (straight ways)."""


BOUT = Bout({"seraph": sample_sheet(powers={ACID: {"power_rating": 12}})}, VILLAINS)


def squirt(dice: list[int], target: str = "sun-ruler", **defaults: str) -> list[Event]:
    """Seraph (Acid Production 12) squirts acid at ``target`` on segment 0 (default spend)."""
    plan = [(0, use(ATTACK, ACID, target))]
    return BOUT.play({"seraph": PlanMind(plan)}, ScriptedDice({"seraph": dice}), 25, **defaults)


def test_acid_type_is_half_the_pr_on_the_sphere_chart() -> None:
    """Seed: "The Acid Type is half the character's PR, on the Sphere Chart": 12 → 6, 17 → 8.5
    → 8, 6 → 3; none without PR."""
    assert [acid_type(CHART, pr) for pr in (12, 17, 6, 1, 0)] == [6, 8, 3, 0, 0]


def test_ranges_are_pr_less_3_and_pr_on_the_square_chart() -> None:
    """Seed: "Maximum Range is PR minus 3, meters. Short Range and Range Set are PR (Square
    Chart)" (``docs/rules/combat.md`` §11: "PR 9 → 3 m")."""
    ranges = acid_ranges(CHART, 9)
    assert (ranges.short_range, ranges.range_set, ranges.max_range) == (3.0, 3.0, 6.0)
    assert acid_ranges(CHART, 2).max_range == 0.0
    assert [range_pr_for(m, 12) for m in (0.0, 3.0, 2.5, 20.0)] == [0, 6, 6, 12]


def test_resolve_acid_at_hand_does_the_acid_type_penetrating() -> None:
    """At Sun-Ruler's place all 12 PR go to the Acid Type, 6: dice 5 + 5 (Q 5, none spent) hit
    on segment 20 for 6, penetrating (G-101)."""
    events = squirt([5, 5])
    (used,) = of(events, PowerUsed, "seraph")
    assert dict(used.spent) == {"acid_type": 12, "range": 0, "ep": 0, "speed": 0}
    (hit,) = of(events, DamageTaken, "sun-ruler")
    assert (hit.segment, hit.raw, hit.damage_kind) == (20, 6, "penetrating")


def test_three_meters_away_buys_range_6_and_leaves_6_for_the_type() -> None:
    """3 m needs Range PR 6 (Maximum 3 m; Short Range and Range Set 2 m: no full set beyond);
    6 PR on the type: Sphere 3 → 3 damage; the Combat Roll's pool is Seraph's 1."""
    events = squirt([5, 5], "near")
    assert dict(of(events, PowerUsed, "seraph")[0].spent)["range"] == 6
    assert of(events, RollMade, "seraph")[0].bonus_pool == 1
    assert of(events, DamageTaken, "near")[0].raw == 3


def test_mands_action_refusals_refuse_acid_beyond_pr_less_3() -> None:
    """PR 12 reaches 9 m at most: 10 m is refused."""
    with pytest.raises(ActionRefused, match="beyond Maximum Range"):
        squirt([], "far")


def test_g101_switch_makes_the_acid_bludgeoning() -> None:
    """``G101_acid_damage = "bludgeoning"``: the same 6, as bludgeoning damage."""
    (hit,) = of(squirt([5, 5], G101_acid_damage="bludgeoning"), DamageTaken, "sun-ruler")
    assert (hit.raw, hit.damage_kind) == (6, "bludgeoning")
