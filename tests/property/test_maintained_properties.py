"""Properties of maintained attacks (seed "Maintaining an Attack"; G-54, G-55)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mands_rulebook.kit.maintained import MaintainedShot, follow_up_time
from mands_sim.dice import ScriptedDice
from mands_sim.events import AttackResolved, EndurancePaid
from tests.data.maintained_ray import ray, run_plan

performance_times = st.integers(1, 100_000)
shots = st.integers(1, 50)
attacks = st.integers(-30, 60)
ep_rows = st.integers(-5, 20)
# Two d10 faces with no 1s, so Seraph (a Special character) re-rolls nothing.
combat_dice = st.lists(st.integers(2, 10), min_size=2, max_size=2)


@given(performance_time=performance_times)
def test_a_follow_up_takes_a_quarter_rounded_up_and_never_under_one_segment(
    performance_time: int,
) -> None:
    quarter = follow_up_time(performance_time)
    assert quarter >= 1
    assert 4 * quarter >= performance_time > 4 * (quarter - 1)


@given(shot=shots, first_attack=attacks, first_ep_row=ep_rows, performance_time=performance_times)
def test_the_nth_follow_up_uses_the_first_attack_less_2n_at_one_row_more(
    shot: int, first_attack: int, first_ep_row: int, performance_time: int
) -> None:
    follow_up = MaintainedShot(shot, first_attack, first_ep_row, follow_up_time(performance_time))
    initiation = follow_up.initiation("blast", prepared={"attack": 999, "damage": 3})
    assert follow_up.attack == first_attack - 2 * shot
    assert [c.row for c in initiation.charges] == [first_ep_row + 1]
    assert initiation.prepared["attack"] == follow_up.attack  # the maintained numbers win
    assert initiation.prepared["damage"] == 3
    assert initiation.performance_time >= 1


@settings(max_examples=15, deadline=None)
@given(faces=combat_dice, follow_ups=st.integers(0, 6))
def test_a_chain_run_through_the_simulation_loses_2_attack_per_follow_up(
    faces: list[int], follow_ups: int
) -> None:
    """Whatever the first Combat Roll, shot n hits at its Attack − 2n, 5 segments apart."""
    plan = [ray(), *[ray(maintain=True)] * follow_ups]
    events = run_plan(plan, ScriptedDice({"seraph": faces}), until=20 + 5 * follow_ups)
    hits = [e for e in events if isinstance(e, AttackResolved) and e.character == "seraph"]
    first = hits[0].attack
    assert [(h.segment, h.attack) for h in hits] == [
        (20 + 5 * n, first - 2 * n) for n in range(follow_ups + 1)
    ]
    rows = [e.row for e in events if isinstance(e, EndurancePaid) and e.character == "seraph"]
    assert rows == [9] + [10] * follow_ups
