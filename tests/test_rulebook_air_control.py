"""Air Control (seed "Air Control"): ``mands_rulebook.powers.air_control``.

The attacker is the sample character Seraph (Combat Roll 14, pool 1: needs 15) with only Air
Control on his sheet; the targets are Sun-Ruler (VP 30, Skin Temper 1, Defense 0) and copies of
him 10 and 150 m away.
"""

from __future__ import annotations

import pytest

from mands_rulebook.kit.powers.uses import PowerUsed
from mands_rulebook.powers.air_control import (
    BLAST,
    blast_ranges_for,
    control_range,
    wind_blast_damage,
    wind_speed,
)
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import ScriptedDice
from mands_sim.events import DamageTaken, Event, RollMade
from mands_sim.kernel.contracts import ActionRefused
from mands_sim.testing import sample_sheet
from tests.data.power_plan import Bout, PlanMind, of, use

AIR = "Air Control"
CHART = load_standard_charts().action


VILLAINS = {"sun-ruler": 0.0, "near": 10.0, "far": 150.0}
"""Sun-Ruler and two copies of him, this many meters from Seraph (straight ways)."""


BOUT = Bout({"seraph": sample_sheet(powers={AIR: {"power_rating": 12}})}, VILLAINS)


def blast(dice: list[int], target: str = "sun-ruler") -> list[Event]:
    """Seraph (Air Control 12) blasts ``target`` on segment 0 (default spend)."""
    plan = [(0, use(BLAST.action.name, AIR, target))]
    return BOUT.play({"seraph": PlanMind(plan)}, ScriptedDice({"seraph": dice}), 25)


def test_wind_blast_damage_is_a_quarter_of_the_pr_rounded_down() -> None:
    """Seed: "The damage done by a Wind Blast PR/4, round down"."""
    assert [wind_blast_damage(pr) for pr in (12, 15, 16, 3)] == [3, 3, 4, 0]


def test_the_range_is_the_pr_from_result_to_square_and_short_range_is_the_pr() -> None:
    """Seed: "control air at up to PR (from Result to Square Chart) meters. This is also the
    Maximum Range of the Wind Blast. Short Range and Range Set are PR" (G-102): 5 → 25 m."""
    assert control_range(CHART, 5) == 25.0
    ranges = blast_ranges_for(CHART, 5)
    assert (ranges.short_range, ranges.range_set, ranges.max_range) == (5.0, 5.0, 25.0)
    assert BLAST.action.can_maintain


def test_wind_speed_is_10_kmph_per_pr_less_1_per_meter_beyond() -> None:
    """Seed: "PR times 10 kmph ... loses speed at the rate of 1 kmph for each meter beyond
    Maximum Range": PR 12, Range PR 5 (25 m): 120 km/h within, 110 at 35 m."""
    assert wind_speed(CHART, 12, 5, 20.0) == 120
    assert wind_speed(CHART, 12, 5, 35.0) == 110
    assert wind_speed(CHART, 1, 0, 50.0) == 0


def test_resolve_a_wind_blast_at_hand_does_pr_over_4() -> None:
    """All 12 PR on the blast (Range PR 0 at Sun-Ruler's place): dice 5 + 5, Q 5 unspent; 3
    damage on segment 20."""
    events = blast([5, 5])
    assert dict(of(events, PowerUsed, "seraph")[0].spent)["wind_blast"] == 12
    (hit,) = of(events, DamageTaken, "sun-ruler")
    assert (hit.segment, hit.raw, hit.damage_kind) == (20, 3, "bludgeoning")


def test_ten_meters_away_buys_range_4_and_pays_a_range_set() -> None:
    """10 m needs Range PR 4 (16 m; 3 is 9 m); 8 PR on the blast: 2 damage. Short Range and
    Range Set 4 m: one full Range Set beyond (G-20): pool 1 − 1."""
    events = blast([5, 5], "near")
    assert dict(of(events, PowerUsed, "seraph")[0].spent) == {
        "wind_blast": 8,
        "range": 4,
        "ep": 0,
        "speed": 0,
    }
    assert of(events, RollMade, "seraph")[0].bonus_pool == 0
    assert of(events, DamageTaken, "near")[0].raw == 2


def test_mands_action_refusals_refuse_a_blast_beyond_pr_squared_meters() -> None:
    """PR 12 reaches 144 m: 150 m is out of reach."""
    with pytest.raises(ActionRefused, match="beyond Maximum Range"):
        blast([], "far")
