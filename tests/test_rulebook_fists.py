"""The rulebook's fist fight (``rules/combat.md`` §5–7, §20) through the whole kernel."""

from __future__ import annotations

from pathlib import Path

import pytest

from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.dice import ScriptedDice
from mands_sim.events import (
    ActionResolved,
    ActionStarted,
    AttackResolved,
    DamageTaken,
    EndurancePaid,
    Event,
    RollMade,
)
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

SCENARIOS = Path(__file__).parent.parent / "scenarios"


class Example:
    """Punch the other one; spend Q as the worked example says, segment by segment."""

    def __init__(self, target: str, spending: dict[int, QualityAllocation]) -> None:
        self.target = target
        self.spending = spending

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return Intent("fist-attack", target=self.target)

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return self.spending.get(encounter.now, QualityAllocation())


@pytest.fixture(scope="module")
def example() -> list[Event]:
    """Seraph vs the Sphinx, segments 0 to 18, with the example's dice.

    Seraph rolls 20 (10, 10) on segment 0 and 6 (3, 3) on 15, spending his 9 Q as 6 speed,
    1 Attack and 2 Defense; the Sphinx rolls 12 (6, 6) and then 14 (7, 7).
    """
    scenario = load_scenario(SCENARIOS / "seraph_vs_sphinx.toml")
    dice = ScriptedDice({"seraph": [10, 10, 3, 3], "sphinx": [6, 6, 7, 7]})
    minds = {
        "seraph": Example("sphinx", {15: QualityAllocation(attack=1, defense=2, speed=6)}),
        "sphinx": Example("seraph", {}),
    }
    events: list[Event] = []
    Simulation(scenario, seed=0, dice=dice, minds=minds).run(until=18, observers=[events.append])
    return events


def of(events: list[Event], kind: type[Event], segment: int | None = None) -> list[Event]:
    return [e for e in events if isinstance(e, kind) and segment in (None, e.segment)]


def test_both_opening_rolls_match_the_example(example: list[Event]) -> None:
    """Segment 0: Seraph rolls 20 against 15 (Combat Roll 14 + pool 1), missing by 5; the
    Sphinx rolls 12 against 12 (11 + 1), Q 0."""
    rolls = {
        e.character: (e.total, e.target + e.pool_bonus, e.quality) for e in of(example, RollMade, 0)
    }  # type: ignore[attr-defined]
    assert rolls == {"seraph": (20, 15, -5), "sphinx": (12, 12, 0)}


def test_both_punches_resolve_at_segment_15(example: list[Event]) -> None:
    """Fist attacks have Performance Time 15: both land (or not) on segment 15."""
    resolved = [(e.segment, e.character) for e in of(example, ActionResolved)]  # type: ignore[attr-defined]
    assert (15, "seraph") in resolved and (15, "sphinx") in resolved


def test_seraphs_miss_and_the_sphinxs_hit(example: list[Event]) -> None:
    """Seraph's Attack −2 misses Defense 0; the Sphinx's Attack 0 hits Defense 0 (ties hit)."""
    attacks = {e.character: (e.attack, e.defense, e.hit) for e in of(example, AttackResolved, 15)}  # type: ignore[attr-defined]
    assert attacks == {"seraph": (-2, 0, False), "sphinx": (0, 0, True)}


def test_seven_damage_takes_seraphs_vp_from_43_to_36(example: list[Event]) -> None:
    """The Sphinx's Hand Damage 7 lands on Seraph's VP: 43 → 36 (G-44 rounds 6.3 up)."""
    (hit,) = of(example, DamageTaken)
    assert (hit.character, hit.raw, hit.virtual_damage_points_after) == ("seraph", 7, 36)  # type: ignore[attr-defined]


def test_six_speed_q_halves_seraphs_second_punch_twice(example: list[Event]) -> None:
    """Seraph's 6 Q of speed halve 15 twice: 3.75 → 4 segments, landing on 19 (G-28)."""
    second = [e for e in of(example, ActionStarted, 15) if e.character == "seraph"]  # type: ignore[attr-defined]
    assert [(e.performance_time, e.completes_at) for e in second] == [(4, 19)]  # type: ignore[attr-defined]
    sphinx = [e for e in of(example, ActionStarted, 15) if e.character == "sphinx"]  # type: ignore[attr-defined]
    assert [e.completes_at for e in sphinx] == [30]  # type: ignore[attr-defined]


def test_each_punch_costs_one_plus_three_ep(example: list[Event]) -> None:
    """Combat Roll (row 5) 1 EP + Hand Damage (row 7) 3 EP, paid whether or not it lands."""
    paid = [(e.segment, e.character, e.amount) for e in of(example, EndurancePaid)]  # type: ignore[attr-defined]
    for segment in (0, 15):
        for who in ("seraph", "sphinx"):
            assert sorted(a for s, c, a in paid if (s, c) == (segment, who)) == [1, 3]
