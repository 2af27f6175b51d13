"""%Control (seed "Power Rolls and %Control"; G-53): ``mands_rulebook.powers.control``.

Seraph's Electric Power has %Control 97 (seed "Biff Turk Creates a Sample Character": rolled 93,
+4 for age). His scripted stream deals the d100 first, then the ray's Combat Roll: %Control is
rolled before the action's own plugin rolls anything.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from mands_rulebook.kit.control import LOST_CONTROL
from mands_sim.actions import Intent
from mands_sim.dice import ScriptedDice
from mands_sim.events import (
    ActionDropped,
    ActionResolved,
    ActionStarted,
    AttackResolved,
    EndurancePaid,
    Event,
    PercentRolled,
    RollMade,
)
from mands_sim.kernel.contracts import ActionRefused
from tests.data.maintained_ray import HOVER, ray, run_plan

ELECTRIC = "Electric Power"


def seraphs(events: list[Event], kind: type[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, kind) and getattr(e, "character", "") == "seraph"]


def test_initiate_roll_equal_to_percent_control_lets_the_power_work() -> None:
    """Seed "Percent Chance of Success": 97 against %Control 97 succeeds; the use goes on."""
    dice = ScriptedDice({"seraph": [97, 5, 4]})
    events = run_plan([ray(power=ELECTRIC)], dice, until=20)
    (control,) = seraphs(events, PercentRolled)
    assert (control.purpose, control.chance, control.roll, control.succeeded) == (  # type: ignore[attr-defined]
        f"{ELECTRIC} %Control",
        97,
        97,
        True,
    )
    assert events.index(control) < events.index(seraphs(events, RollMade)[0])
    assert [e.amount for e in seraphs(events, EndurancePaid)] == [Fraction(5)]  # type: ignore[attr-defined]
    assert len(seraphs(events, AttackResolved)) == 1
    dice.assert_used_up()


def test_initiate_a_missed_control_roll_rolls_nothing_else_and_costs_no_ep() -> None:
    """Seed: "If the roll is missed, the power ... failed to operate. EP is not used" (98 > 97).

    Only the d100 is dealt: the ray's plugin, which would roll a Combat Roll, is never called.
    """
    dice = ScriptedDice({"seraph": [98]})
    events = run_plan([ray(power=ELECTRIC)], dice, until=30)
    (control,) = seraphs(events, PercentRolled)
    assert not control.succeeded  # type: ignore[attr-defined]
    assert not seraphs(events, RollMade)
    assert not seraphs(events, EndurancePaid)
    dice.assert_used_up()


def test_resolve_a_use_that_lost_control_does_nothing_after_its_time() -> None:
    """G-53: the failed use still takes the ray's Performance Time, 20, and hits nobody."""
    events = run_plan([ray(power=ELECTRIC)], ScriptedDice({"seraph": [100]}), until=30)
    (started,) = seraphs(events, ActionStarted)
    (resolved,) = seraphs(events, ActionResolved)
    assert started.performance_time == 20  # type: ignore[attr-defined]
    assert (resolved.segment, resolved.outcome) == (20, LOST_CONTROL)  # type: ignore[attr-defined]
    assert not seraphs(events, AttackResolved)


def test_a_power_without_percent_control_is_never_rolled_for() -> None:
    """Seraph's latent Psychic Invisibility has no %Control yet: the ray just fires."""
    dice = ScriptedDice({"seraph": [5, 4]})
    events = run_plan([ray(power="Psychic Invisibility")], dice, until=20)
    assert not seraphs(events, PercentRolled)
    assert len(seraphs(events, AttackResolved)) == 1
    dice.assert_used_up()


def test_an_action_naming_no_power_is_never_rolled_for() -> None:
    dice = ScriptedDice({"seraph": [5, 4]})
    events = run_plan([ray()], dice, until=20)
    assert not seraphs(events, PercentRolled)
    dice.assert_used_up()


def test_every_maintained_follow_up_is_a_use_and_rolls_control() -> None:
    """G-53: each shot of a maintained blast rolls; a miss takes the follow-up's 5 segments."""
    dice = ScriptedDice({"seraph": [40, 5, 4, 41, 99]})
    plan = [ray(power=ELECTRIC), *[ray(power=ELECTRIC, maintain=True)] * 2]
    events = run_plan(plan, dice, until=35)
    rolls = [(e.segment, e.roll, e.succeeded) for e in seraphs(events, PercentRolled)]  # type: ignore[attr-defined]
    assert rolls == [(0, 40, True), (20, 41, True), (25, 99, False)]
    last = seraphs(events, ActionStarted)[-1]
    assert (last.segment, last.performance_time) == (25, 5)  # type: ignore[attr-defined]
    assert [e.row for e in seraphs(events, EndurancePaid)] == [9, 10]  # type: ignore[attr-defined]


def hover() -> Intent:
    return Intent(HOVER.name, options={"power": ELECTRIC})


def test_mands_action_sustain_rolls_once_per_round_and_a_miss_ends_the_use() -> None:
    """Seed: a use lasting a period of time rolls "once per round in combat"; G-53: the miss at
    the Payment Segment of segment 100 drops the hover before it pays that round."""
    dice = ScriptedDice({"seraph": [10, 20, 98]})
    events = run_plan([hover()], dice, until=150)
    rolls = [(e.segment, e.succeeded) for e in seraphs(events, PercentRolled)]  # type: ignore[attr-defined]
    assert rolls == [(0, True), (50, True), (100, False)]
    assert [e.segment for e in seraphs(events, EndurancePaid)] == [0, 50]
    (dropped,) = seraphs(events, ActionDropped)
    assert (dropped.segment, dropped.reason) == (100, LOST_CONTROL)  # type: ignore[attr-defined]
    dice.assert_used_up()


def test_mands_action_sustain_a_use_lost_at_its_start_ends_at_the_next_round_unrolled() -> None:
    """No EP at the start (the failed round) and none later: it ends at segment 50, no roll."""
    dice = ScriptedDice({"seraph": [99]})
    events = run_plan([hover()], dice, until=150)
    assert [e.segment for e in seraphs(events, PercentRolled)] == [0]
    assert not seraphs(events, EndurancePaid)
    (dropped,) = seraphs(events, ActionDropped)
    assert dropped.segment == 50
    dice.assert_used_up()


def test_disabling_the_plugin_lets_every_use_work_unrolled() -> None:
    dice = ScriptedDice({"seraph": [5, 4]})
    events = run_plan(
        [ray(power=ELECTRIC)], dice, until=20, disabled=("mands_rulebook.powers.control",)
    )
    assert not seraphs(events, PercentRolled)
    assert len(seraphs(events, AttackResolved)) == 1


def test_a_follow_up_that_lost_control_ends_the_maintained_chain() -> None:
    """G-54: the lost shot at segment 20 fired nothing, so at 25 there is nothing to maintain."""
    dice = ScriptedDice({"seraph": [40, 5, 4, 98]})
    plan = [ray(power=ELECTRIC), *[ray(power=ELECTRIC, maintain=True)] * 2]
    with pytest.raises(ActionRefused, match=r"segment 25: .*'no ray at sphinx resolved"):
        run_plan(plan, dice, until=40)
