"""Switching clocks (``mands_rulebook.optional.simpler_combat.switching``; seed "Simpler Combat";
G-144)."""

from __future__ import annotations

from mands_rulebook.optional.simpler_combat import SimplerCombat
from mands_rulebook.optional.simpler_combat.switching import ClockSwitched
from mands_sim.actions import Intent
from mands_sim.events import AttackResolved, PushedBack
from tests.test_rulebook_optional_simpler_combat import RING, Script, grunts, of, punch_at


def wait_for(segments: int) -> Intent:
    return Intent("wait", options={"segments": segments})


def test_switching_to_segment_time_converts_actions_in_progress() -> None:
    """G-144: a 30-segment wait started under Combat Turns on Initiative 8 ends on 24 (3 turns);
    at the switch on 10, 1 whole turn remains beyond the current one: 10 + 10 = 20. After it a
    punch takes its 15 segments again (10 → 25)."""
    encounter = grunts(
        {"dexter": Script({0: wait_for(30)}), "sinister": punch_at(10, "dexter")},
        {"dexter": [8], "sinister": [7, 5, 5]},
        ground=RING,
        plugins={"switching": SimplerCombat(turns_until=10)},
        optional=False,
    )
    encounter.run(until=30)
    assert [(e.at, e.clock) for e in of(encounter.log, ClockSwitched)] == [(10, "segments")]
    (pushed,) = of(encounter.log, PushedBack, "dexter")
    assert (pushed.segment, pushed.completes_at) == (10, 20)
    assert [e.segment for e in of(encounter.log, AttackResolved)] == [25]


def test_switching_to_combat_turns_converts_actions_in_progress() -> None:
    """G-144: a 25-segment wait from 0 has 15 left at the switch on 10: one Combat Turn, ending
    on Dexter's Initiative 8 (14); Sinister's punch started on 10 lands on his 7 (15)."""
    encounter = grunts(
        {"dexter": Script({0: wait_for(25)}), "sinister": punch_at(10, "dexter")},
        {"dexter": [8], "sinister": [7, 5, 5]},
        ground=RING,
        plugins={"switching": SimplerCombat(turns_from=10)},
        optional=False,
    )
    encounter.run(until=30)
    assert [(e.at, e.clock) for e in of(encounter.log, ClockSwitched)] == [(10, "combat turns")]
    (pushed,) = of(encounter.log, PushedBack, "dexter")
    assert pushed.completes_at == 14
    assert [e.segment for e in of(encounter.log, AttackResolved)] == [15]
