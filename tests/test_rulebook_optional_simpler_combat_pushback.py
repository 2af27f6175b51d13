""" "Pushback does not apply" (``mands_rulebook.optional.simpler_combat.pushback``; seed "Simpler
Combat";
G-143)."""

from __future__ import annotations

from mands_sim.actions import ActionInProgress
from mands_sim.api import hookimpl
from mands_sim.events import AttackResolved, Event, PushedBack
from mands_sim.kernel.encounter import Encounter
from tests.test_rulebook_optional_simpler_combat import RING, grunts, of, punch_at


class Pusher:
    """Another rule's after-hook that pushes the other fighter's punch back 3 segments."""

    @hookimpl
    def mands_action_after(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event]:
        other = "sinister" if actor == "dexter" else "dexter"
        return [
            PushedBack(encounter.now, other, a.name, a.action_id, 3, a.completes_at + 3, "a blow")
            for a in encounter.state[other].actions
        ]


def test_mands_action_after_takes_back_other_rules_pushback() -> None:
    """Seed: "Pushback does not apply": Dexter's blow on 2 pushes Sinister's back 3 (to 8); the
    rule takes it back, so it lands on his Initiative 7 (segment 5)."""
    encounter = grunts(
        {"dexter": punch_at(0, "sinister"), "sinister": punch_at(0, "dexter")},
        {"dexter": [10, 5, 5], "sinister": [7, 5, 5]},
        ground=RING,
        plugins={"a-pusher": Pusher()},
    )
    encounter.run(until=10)
    resolved = [(e.segment, e.character) for e in of(encounter.log, AttackResolved)]
    assert resolved == [(2, "dexter"), (5, "sinister")]
