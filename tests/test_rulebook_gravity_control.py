"""Gravity Control (template, G-130): ``mands_rulebook.powers.gravity_control``.

The template's blast (``docs/rules/powers.md`` §3): "Damage = PR/2 ... default PR/2 round up";
Cosmic-Rays ranges ("Short = PR Result→Sphere meters, Range Set 4 rows lower, Max 5 rows
higher"); "EP from row 9 ... Performance Time 20. Requires a Combat Roll." A villain with
Gravity Control PR 12 (``pulsar``: Sun-Ruler's numbers otherwise, Combat Roll 12, pool 1)
crushes ``carl`` (Seraph's sheet without powers: Skin Temper 9/10).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from mands_rulebook.kit.powers.uses import TEMPLATE, PowerUsed
from mands_rulebook.powers.gravity_control import CRUSH, GRAVITY_CONTROL
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import ScriptedDice
from mands_sim.events import DamageTaken, EndurancePaid, Event
from mands_sim.kernel.contracts import ActionRefused
from tests.data.power_plan import PlanMind, of, use
from tests.data.template_powers import cast_fight

CHART = load_standard_charts().action
GRAVITY = "Gravity Control"


def crushed(target: str = "carl") -> list[Event]:
    """Pulsar crushes ``target`` on 0 (dice 5 + 5)."""
    pulsar = PlanMind([(0, use("gravity-control-crush", GRAVITY, target))])
    return cast_fight({"pulsar": pulsar}, ScriptedDice({"pulsar": [5, 5]}), until=21)


def test_gravity_control_is_a_template_blast() -> None:
    assert GRAVITY_CONTROL.source == TEMPLATE
    assert (CRUSH.action.performance_time, CRUSH.action.ep_row, CRUSH.action.can_maintain) == (
        20,
        9,
        True,
    )


def test_resolve_a_crush_does_half_the_pr_rounded_up() -> None:
    """All 12 PR on damage: ⌈12/2⌉ = 6; Seraph's 9/10 leaves ⌈5.4⌉ = 6 (G-45). Dice 5 + 5
    against 13: Q 3, none spent. EP: the Combat Roll's row 5 (1) and row 9 (5)."""
    events = crushed()
    assert dict(of(events, PowerUsed, "pulsar")[0].spent) == {"damage": 12, "ep": 0, "speed": 0}
    (hit,) = of(events, DamageTaken, "carl")
    assert (hit.segment, hit.raw, hit.taken) == (20, 6, 6)
    paid = [e.amount for e in of(events, EndurancePaid, "pulsar")]
    assert paid == [Fraction(1), Fraction(5)]


def test_crush_ranges_follow_the_cosmic_rays_pattern() -> None:
    """PR 12: Short Range row 12 (24 m), Range Set row 8 (8 m), Maximum Range row 17 (100 m)."""
    assert CRUSH.ranges is not None
    ranges = CRUSH.ranges(CHART, {"damage": 12}, 12)
    assert (ranges.short_range, ranges.range_set, ranges.max_range) == (24.0, 8.0, 100.0)


def test_mands_action_refusals_a_crush_beyond_maximum_range() -> None:
    with pytest.raises(ActionRefused, match="beyond Maximum Range 100 m"):
        crushed("carl-far")
