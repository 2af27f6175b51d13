"""Teleportation (template, G-134): ``mands_rulebook.powers.teleportation``.

Seed "Speed, Specific Action": "a character with Speed, Teleportation, level 10, subtracts 10
segments from the Performance Time of Teleportation". The distance is read as the template reads
ranges (``docs/rules/powers.md`` §3): the PR on the Sphere chart, in meters (row 15: 57 m, row 17:
100 m). ``blinker`` (Teleportation PR 17; Sun-Ruler's numbers otherwise) stands at ``here``, with
``roof`` 50 m and ``far`` 150 m away; ``blinker-fast`` has Speed (Teleportation) 10 besides.
"""

from __future__ import annotations

import pytest

from mands_rulebook.kit.powers.uses import TEMPLATE, PowerUsed
from mands_rulebook.powers.teleportation import TELEPORTATION, teleport_reach
from mands_sim.charts.loading import load_standard_charts
from mands_sim.dice import ScriptedDice
from mands_sim.events import Event, Moved
from mands_sim.kernel.contracts import ActionRefused
from tests.data.power_plan import PlanMind, of, use
from tests.data.template_powers import cast_fight

CHART = load_standard_charts().action
TELEPORT = "teleportation-teleport"


def blink(place: object, who: str = "blinker") -> list[Event]:
    """``who`` teleports to ``place`` on 0."""
    minds = {who: PlanMind([(0, use(TELEPORT, "Teleportation", place=place))])}
    return cast_fight(minds, ScriptedDice([]), until=21)


def test_teleportation_is_a_template_power_aliased_teleport() -> None:
    assert TELEPORTATION.source == TEMPLATE
    assert TELEPORTATION.aliases == ("Teleport",)


def test_teleport_reach_is_the_pr_on_the_sphere_chart() -> None:
    assert [teleport_reach(CHART, pr) for pr in (17, 15, 14, 7)] == [100.0, 57.0, 43.0, 7.0]


def test_resolve_the_teleporter_stands_at_the_place() -> None:
    """50 m: the least distance PR is 15 (57 m); the other 2 lower the EP row. Performance
    Time 20: on the roof on segment 20."""
    events = blink("roof")
    assert dict(of(events, PowerUsed, "blinker")[0].spent) == {"distance": 15, "ep": 2, "speed": 0}
    (moved,) = of(events, Moved, "blinker")
    assert (moved.segment, moved.place, moved.reason) == (20, "roof", "teleported")


def test_speed_teleportation_shortens_the_performance_time() -> None:
    """Seed: Speed, Teleportation level 10 subtracts 10 segments: on the roof on 10 (G-89)."""
    (moved,) = of(blink("roof", "blinker-fast"), Moved, "blinker-fast")
    assert moved.segment == 10


@pytest.mark.parametrize(
    ("place", "reason"),
    [("far", "far is 150 m away, beyond 100 m"), ("moon", "a place on the map"), (None, "place")],
)
def test_mands_action_refusals_beyond_reach_or_nowhere(place: object, reason: str) -> None:
    with pytest.raises(ActionRefused, match=reason):
        blink(place)
