"""Coming back into action (``docs/rules/combat.md`` §9; seed "Nerve Pinch"; G-17, G-171), through
``mands_status_check`` of :mod:`mands_rulebook.combat.out_of_action` and the kernel.

Seraph (Body DP 9; Constitution 32: Sphere 13; Resist Death 4) and the Sphinx stand idle on the
rooftop; the encounter is kept going with no stop condition, so a knocked-out Seraph can come to.
His roll to come to at 0 DP needs 13 + 4 + 0 = 17.
"""

from __future__ import annotations

from typing import Any

from mands_rulebook.combat.out_of_action import mands_status_check
from mands_rulebook.kit.coming_to import KnockOut, latest_knock_out
from mands_rulebook.kit.consciousness import ConsciousnessCheck
from mands_rulebook.kit.injury import AbsorptionFaint, NervePinched, nerve_pinch_events
from mands_sim.actions import Intent, Wait
from mands_sim.events import (
    BackInAction,
    DamageTaken,
    Event,
    OutOfAction,
)
from mands_sim.kernel.encounter import Encounter
from tests.test_rulebook_combat_out_of_action import hit, idle, out_of_vp


class Watching:
    """Does nothing, but notes each segment it is asked to choose."""

    def __init__(self) -> None:
        self.asked: list[int] = []

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        self.asked.append(encounter.now)
        return None

    def allocate(self, *args: Any) -> Any:
        raise AssertionError("idle")


def endless(encounter: Encounter) -> Encounter:
    """No stop condition: the fight goes on while Seraph is out."""
    encounter.outcome_conditions = ()
    return encounter


def comebacks(encounter: Encounter) -> list[BackInAction]:
    return [e for e in encounter.log if isinstance(e, BackInAction)]


def pinched(dice: list[int], quality: int) -> Encounter:
    """The Sphinx's Nerve Pinch with ``quality`` Q applied; Seraph saves with ``dice``."""
    encounter = endless(idle({"seraph": dice}))
    encounter.emit(nerve_pinch_events(encounter, "sphinx", "seraph", quality))
    encounter.emit(mands_status_check(encounter, "seraph") or [])
    return encounter


def test_mands_status_check_a_nerve_pinch_ends_after_its_rounds() -> None:
    """Seed "Nerve Pinch": "unconscious for a number of rounds equal to the Q applied" — 5 Q,
    Skin Temper 9/10: 4.5 → 5 rounds (G-70), until segment 250; Seraph rolls 50 and fails his
    save vs. 20. At 250 he is back in action, not before."""
    encounter = pinched([50], 5)
    assert encounter.state["seraph"].condition == "unconscious"
    encounter.run(until=249)
    assert comebacks(encounter) == []
    encounter.run(until=260)
    assert comebacks(encounter) == [BackInAction(250, "seraph", "the knock-out's rounds are over")]
    assert encounter.state["seraph"].condition == "active"


def test_a_knock_out_ending_between_payment_segments_is_checked_when_it_ends() -> None:
    """A knock-out until segment 75 is over at 75 (the kernel's ``check_status_at``), not at the
    next Payment Segment (100)."""
    encounter = endless(idle())
    pinch = NervePinched(0, "seraph", "sphinx", 1, 75)
    encounter.emit([pinch, OutOfAction(0, "seraph", "unconscious")])
    encounter.run(until=120)
    assert [e.segment for e in comebacks(encounter)] == [75]


def test_an_absorption_faint_ends_after_its_rounds() -> None:
    """Seed "Absorption": "fall unconscious for d100 rounds": 1 round, from 0 to 50."""
    encounter = endless(idle())
    faint = AbsorptionFaint(0, "seraph", "sphinx", 1, 50)
    encounter.emit([faint, OutOfAction(0, "seraph", "unconscious")])
    encounter.run(until=60)
    assert [e.segment for e in comebacks(encounter)] == [50]


def test_back_in_action_the_character_chooses_again() -> None:
    """The kernel restarts a character's process when it comes back (``BackInAction``)."""
    encounter = pinched([50], 1)  # 1 Q: ⌈9/10⌉ = 1 round, until 50
    mind = Watching()
    encounter.minds["seraph"] = mind
    encounter.run(until=60)
    assert comebacks(encounter)[0].segment == 50
    assert mind.asked == [50]


def knocked_out_at_zero(dice: list[int], **defaults: str) -> Encounter:
    """Seraph, out of VP, loses all 9 DP on segment 0: Injury roll 5 + 5 made, then 9 + 9 = 18
    fails the roll to stay conscious (17): unconscious at 0 DP. ``dice`` follow."""
    encounter = endless(out_of_vp(idle({"seraph": [5, 5, 9, 9, *dice]}, **defaults), "seraph"))
    encounter.emit([hit(encounter, "seraph", 9)])
    encounter.emit(mands_status_check(encounter, "seraph") or [])
    assert encounter.state["seraph"].condition == "unconscious"
    return encounter


def test_g171_check_comes_to_on_a_made_roll_at_a_payment_segment() -> None:
    """G-171 ``check``: at segment 50 Seraph rolls 9 + 9 = 18 vs. 17 and stays out; at 100,
    4 + 5 = 9 ≤ 17: back in action at 0 DP."""
    encounter = knocked_out_at_zero([9, 9, 4, 5])
    encounter.run(until=110)
    checks = [e for e in encounter.log if isinstance(e, ConsciousnessCheck)]
    assert [(e.segment, e.target, e.total, e.stays_conscious) for e in checks] == [
        (0, 17, 18, False),
        (50, 17, 18, False),
        (100, 17, 9, True),
    ]
    assert comebacks(encounter) == [BackInAction(100, "seraph", "G-171: comes to")]


def test_g171_never_keeps_the_knocked_out_out() -> None:
    """G-171 ``never``: the same dice, but no roll to come to: still unconscious at 110."""
    encounter = knocked_out_at_zero([9, 9, 4, 5], G171_coming_to="never")
    encounter.run(until=110)
    assert comebacks(encounter) == []
    assert encounter.state["seraph"].condition == "unconscious"


def test_a_pinch_over_at_zero_dp_still_needs_the_roll() -> None:
    """At 0 Body DP a Nerve Pinch's end is not enough: G-17's roll (4 + 5 = 9 ≤ 17) decides."""
    encounter = endless(out_of_vp(idle({"seraph": [50, 4, 5]}), "seraph"))
    encounter.emit([hit(encounter, "seraph", 9, source="injury")])  # no Injury roll for it
    encounter.emit(nerve_pinch_events(encounter, "sphinx", "seraph", 1))
    encounter.emit([OutOfAction(0, "seraph", "unconscious")])
    encounter.run(until=60)
    (check,) = [e for e in encounter.log if isinstance(e, ConsciousnessCheck)]
    assert (check.segment, check.target, check.total) == (50, 17, 9)
    assert [e.segment for e in comebacks(encounter)] == [50]


def test_the_dead_never_come_back() -> None:
    encounter = endless(idle())
    encounter.emit([OutOfAction(0, "seraph", "dead"), BackInAction(0, "seraph", "test")])
    assert encounter.state["seraph"].condition == "dead"


def test_latest_knock_out_reads_the_timed_one_of_its_segment() -> None:
    log: list[Event] = [
        DamageTaken(0, "seraph", "sphinx", 3, 3, 40, 9),
        NervePinched(5, "seraph", "sphinx", 2, 105),
        OutOfAction(5, "seraph", "unconscious"),
    ]
    assert latest_knock_out(log, "seraph") == KnockOut(5, 105)
    assert latest_knock_out(log[-1:], "seraph") == KnockOut(5, None)
    assert latest_knock_out(log, "sphinx") is None
