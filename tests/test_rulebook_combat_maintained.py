"""Maintained attacks (``docs/rules/combat.md`` §17a; seed "Maintaining an Attack"; G-54, G-55).

Seraph fires the synthetic ``ray`` (PT 20, EP row 9) at the Sphinx and keeps it firing. His
Combat Roll: (5, 4) = 9 against 14 + pool 1 → Q 6, all of it Attack.
"""

from __future__ import annotations

import pytest

from mands_rulebook.kit.maintained import MaintainableShot, MaintainedShot, follow_up_time
from mands_sim.actions import Intent, Wait
from mands_sim.dice import ScriptedDice
from mands_sim.events import ActionStarted, AttackResolved, EndurancePaid, Event
from mands_sim.kernel.contracts import ActionRefused
from tests.data.maintained_ray import ray, run_plan

FIRST_ATTACK = 6
"""(5, 4) = 9 against Combat Roll 14 + pool bonus 1: Q 6."""


def seraphs(events: list[Event], kind: type[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, kind) and getattr(e, "character", "") == "seraph"]


def chain(follow_ups: int, *, until: int = 100) -> list[Event]:
    dice = ScriptedDice({"seraph": [5, 4]})
    events = run_plan([ray(), *[ray(maintain=True)] * follow_ups], dice, until=until)
    dice.assert_used_up()  # the follow-ups roll nothing: "the same Attack is used"
    return events


def test_a_quarter_of_performance_time_20_is_5() -> None:
    """Seed: "The Performance Time is divided by 4 (usually meaning 5 segments)"."""
    assert follow_up_time(20) == 5


@pytest.mark.parametrize(("performance_time", "quarter"), [(15, 4), (10, 3), (5, 2), (1, 1)])
def test_a_quarter_that_is_not_whole_is_rounded_up(performance_time: int, quarter: int) -> None:
    """G-55: rounded up, never below 1 segment."""
    assert follow_up_time(performance_time) == quarter


def test_successive_shots_lose_two_four_six_attack() -> None:
    """Seed: "a penalty of 2 to the Attack for each successive action (-2, -4, -6, etc.)"."""
    shots = [MaintainedShot(n, FIRST_ATTACK, 9, 5) for n in (1, 2, 3)]
    assert [s.attack for s in shots] == [4, 2, 0]
    assert {s.ep_row for s in shots} == {10}


def test_a_maintained_ray_fires_every_5_segments_at_the_same_attack_less_2_per_shot() -> None:
    """Attack 6, then 4, 2, 0; the ray resolves on 20, then 25, 30, 35."""
    events = chain(3)
    hits = [(e.segment, e.attack) for e in seraphs(events, AttackResolved)]  # type: ignore[attr-defined]
    assert hits == [(20, 6), (25, 4), (30, 2), (35, 0)]
    starts = [(e.segment, e.performance_time) for e in seraphs(events, ActionStarted)]  # type: ignore[attr-defined]
    assert starts == [(0, 20), (20, 5), (25, 5), (30, 5)]


def test_each_follow_up_pays_one_ep_row_more_than_the_first_shot() -> None:
    """Seed: "a penalty of 1 to the EP use row for the blast": row 9 (5 EP), then row 10 (6 EP)."""
    paid = [(e.row, e.amount) for e in seraphs(chain(2), EndurancePaid)]  # type: ignore[attr-defined]
    assert paid == [(9, 5), (10, 6), (10, 6)]


def test_mands_action_after_records_every_shot_with_the_chain_s_first_attack() -> None:
    shots = [e for e in chain(2) if isinstance(e, MaintainableShot)]
    assert [(s.segment, s.shot, s.first_attack, s.first_ep_row) for s in shots] == [
        (20, 0, FIRST_ATTACK, 9),
        (25, 1, FIRST_ATTACK, 9),
        (30, 2, FIRST_ATTACK, 9),
    ]


def test_a_ray_not_asking_to_maintain_is_a_fresh_shot_with_a_new_roll() -> None:
    dice = ScriptedDice({"seraph": [5, 4, 6, 6]})
    events = run_plan([ray(), ray()], dice, until=40)
    hits = [(e.segment, e.attack) for e in seraphs(events, AttackResolved)]  # type: ignore[attr-defined]
    assert hits == [(20, FIRST_ATTACK), (40, 3)]  # (6, 6) = 12 against 15: Q 3
    dice.assert_used_up()


def refused(plan: list[Intent | Wait], faces: list[int]) -> str:
    with pytest.raises(ActionRefused) as refusal:
        run_plan(plan, ScriptedDice({"seraph": faces}), until=60)
    return str(refusal.value)


def test_mands_action_refusals_refuse_a_maintain_with_no_shot_before_it() -> None:
    assert "no ray at sphinx resolved this segment" in refused([ray(maintain=True)], [])


def test_mands_action_refusals_refuse_a_maintain_at_another_target() -> None:
    """G-54: the follow-up continues the same attack at the same target."""
    plan: list[Intent | Wait] = [ray(), ray(maintain=True, target="seraph")]
    assert "no ray at seraph resolved this segment" in refused(plan, [5, 4])


def test_mands_action_refusals_refuse_a_maintain_that_does_not_follow_at_once() -> None:
    """G-54: one segment's pause after the shot resolves ends the chain."""
    plan: list[Intent | Wait] = [ray(), Wait(21), ray(maintain=True)]
    assert "segment 21: seraph cannot ray: ['no ray at sphinx resolved" in refused(plan, [5, 4])


def test_mands_action_refusals_refuse_maintaining_an_action_that_cannot_be() -> None:
    plan: list[Intent | Wait] = [Intent("fist-attack", "sphinx", options={"maintain": True})]
    assert "fist-attack cannot be maintained" in refused(plan, [])


def test_without_the_plugin_a_maintain_intent_fires_a_fresh_shot() -> None:
    """Disabling ``mands_rulebook.combat.maintained`` switches maintaining off (no chain is
    recorded)."""
    dice = ScriptedDice({"seraph": [5, 4, 6, 6]})
    events = run_plan(
        [ray(), ray(maintain=True)], dice, until=40, disabled=("mands_rulebook.combat.maintained",)
    )
    assert [e.performance_time for e in seraphs(events, ActionStarted)] == [20, 20]  # type: ignore[attr-defined]
    dice.assert_used_up()
