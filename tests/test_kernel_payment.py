"""The Endurance Point ledger (``kernel.payment``): payments per attempt, at every Payment
Segment (G-33) and on a re-roll (seed "EP Cost", G-36), on the synthetic actions of
``tests/test_kernel_encounter.py``."""

from __future__ import annotations

from mands_sim.actions import ActionDefinition, Intent
from mands_sim.events import ActionDropped, ActionResolved, EndurancePaid
from mands_sim.kernel.encounter import Encounter
from tests.test_kernel_encounter import ACTIONS, Script, SyntheticRules, character, of, run


def test_sustained_reroll_pays_only_the_difference() -> None:
    """Seed "EP Cost": an action started at 3 EP/round on segment 15 and re-rolled on segment
    35 to 4 EP/round pays only 1 more EP."""
    encounter = Encounter(
        [character("maria")], rules=SyntheticRules(), minds={"maria": Script({})}, time_limit=60
    )
    encounter.env.run(until=15)
    action = encounter.initiate("maria", Intent("lift"))
    encounter.env.run(until=35)
    encounter.reroll_sustained("maria", action.action_id, row=8)
    amounts = [e.amount for e in of(encounter, EndurancePaid)]  # type: ignore[attr-defined]
    assert amounts == [3, 1]


def test_sustained_reroll_under_the_book_ledger_pays_in_full() -> None:
    """G-36 switch: the Example of Movement pays the full new cost at each re-roll."""
    encounter = Encounter(
        [character("maria")], rules=SyntheticRules(), minds={"maria": Script({})}, time_limit=60
    )
    action = encounter.initiate("maria", Intent("lift"))
    encounter.reroll_sustained("maria", action.action_id, row=8, full=True)
    assert [e.amount for e in of(encounter, EndurancePaid)] == [3, 4]  # type: ignore[attr-defined]


def test_sustained_action_pays_again_at_each_payment_segment() -> None:
    """G-33: Payment Segments on every multiple of 50; a sustained action pays its row again."""
    sustained = ActionDefinition("hold", performance_time=120, is_sustained=True, ep_row=7)
    ACTIONS["hold"] = sustained
    try:
        encounter = run({15: "hold"}, until=130)
    finally:
        del ACTIONS["hold"]
    paid = [(e.segment, e.amount) for e in of(encounter, EndurancePaid)]  # type: ignore[attr-defined]
    assert paid == [(15, 3), (50, 3), (100, 3)]


def test_the_ep_ledger_equals_the_sum_of_charges() -> None:
    encounter = run({0: "rifle-shot", 20: "lift", 35: "run"}, until=120)
    maria = encounter.state["maria"]
    charged = sum(e.amount for e in of(encounter, EndurancePaid))  # type: ignore[attr-defined]
    assert maria.ep_spent == charged
    assert maria.endurance_points == 50 - charged


def test_a_sustained_action_dropped_at_a_payment_segment_pays_nothing_more() -> None:
    """``Rules.sustain`` (``mands_action_sustain``) sees a sustained action before it pays."""
    ACTIONS["hold"] = ActionDefinition("hold", performance_time=120, is_sustained=True, ep_row=7)
    rules = SyntheticRules()
    rules.drop_sustained_at = 100
    try:
        encounter = Encounter(
            [character("maria"), character("foe", "b")],
            rules=rules,
            minds={"maria": Script({15: "hold"}), "foe": Script({})},
            time_limit=200,
        )
        encounter.run()
    finally:
        del ACTIONS["hold"]
    paid = [e.segment for e in of(encounter, EndurancePaid)]
    assert paid == [15, 50]
    assert [e.segment for e in of(encounter, ActionDropped)] == [100]
    assert of(encounter, ActionResolved) == []
