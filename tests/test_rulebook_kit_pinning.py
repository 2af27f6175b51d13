"""What a hold stops (``mands_rulebook.kit.pinning``; G-253): which actions a grab stops, and the
grab offered at a character whose work it would stop."""

from __future__ import annotations

from mands_rulebook.kit.pinning import pinning
from mands_sim.actions import Intent
from mands_sim.kernel.encounter import Encounter
from tests.data.fighters import fight, grunt
from tests.data.power_plan import PlanMind

PICK_LOCK = Intent("skill-check", options={"skill": "Opening Locks", "lock_type": 5})
GRAB = Intent("body-hold", target="target")


def at_the_lock(holder: dict[str, object], plan: list[tuple[int, Intent]]) -> Encounter:
    """``holder`` (doing nothing) beside the target, who plays ``plan``; run to segment 1."""
    encounter = fight(
        {"holder": holder, "target": grunt(skills={"Opening Locks": 4, "Fistfighting": 2})},
        dice={"target": [5, 5, 50, 50]},
        minds={"holder": PlanMind(), "target": PlanMind(plan)},
    )
    encounter.run(until=1)
    return encounter


def test_a_grab_is_offered_at_work_it_would_stop() -> None:
    encounter = at_the_lock(grunt(skills={"Body Hold": 3}), [(0, PICK_LOCK)])
    assert pinning(encounter, "holder", "target") == GRAB


def test_no_grab_at_work_aimed_at_the_grabber() -> None:
    """A punch at the would-be holder goes on when it holds: a grab stops nothing there."""
    punch = Intent("fist-attack", target="holder")
    encounter = at_the_lock(grunt(skills={"Body Hold": 3}), [(0, punch)])
    assert pinning(encounter, "holder", "target") is None


def test_no_grab_without_body_hold() -> None:
    """The rules refuse a Body Hold to a character without the skill (G-86)."""
    encounter = at_the_lock(grunt(), [(0, PICK_LOCK)])
    assert pinning(encounter, "holder", "target") is None


def test_no_grab_when_a_hold_stops_nothing() -> None:
    """G-253 ``goes_on``: a grab would leave the work at the lock be."""
    encounter = at_the_lock(grunt(skills={"Body Hold": 3}), [(0, PICK_LOCK)])
    encounter.defaults = encounter.defaults.with_overrides({"G253_hold_stops_work": "goes_on"})
    assert pinning(encounter, "holder", "target") is None
