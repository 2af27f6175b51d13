"""When an action started under Combat Turns resolves (``mands_rulebook.simpler_combat.scheduling``;
seed "Simpler Combat", "Multiple Opponents"; G-140, G-191)."""

from __future__ import annotations

from mands_rulebook.simpler_combat import SimplerCombat, TurnScheduled

from mands_sim.actions import Intent
from mands_sim.events import AttackResolved, Event
from tests.data.fighters import grunt
from tests.data.opponents_scenes import Plays, scene
from tests.test_rulebook_simpler_combat import Q, of


def test_mands_action_initiate_multiple_opponents_drop_the_initiative_by_one_per_attack() -> None:
    """Seed "Multiple Opponents": "rather than each attack working on subsequent Segments, the
    character's Initiative is dropped by 1 for each attack" (G-191). The hero (Initiative 8)
    sweeps a, b and c with a knife held ready (``mands_rulebook.opponents``, as its own tests:
    dice 2 + 2, 1 Attack and 1 damage Q each): the blows go on Initiative 8, 7 and 6 — segments
    4, 5 and 6 of the turn, the follow-through blows starting mid-turn."""
    sweep = Intent("sweep", target="a", options={"targets": ["a", "b", "c"], "weapon": "knife"})
    follow = [Intent("sweep-blow", target=t) for t in "bc"]
    events: list[Event] = []
    encounter = scene(
        {"heroes": {"hero": grunt(equipment=["knife"])}, "mob": {i: grunt() for i in "abc"}},
        dice={"hero": [8, 2, 2], "a": [1], "b": [1], "c": [1]},
        defaults={"G62_weapons_start": "readied"},
        minds={
            "hero": Plays(sweep, *follow, spend=Q(attack=3, damage=3)),
            **{i: Plays() for i in "abc"},
        },
        plugins={"simpler": SimplerCombat()},
        events=events,
    )
    encounter.run(until=10)
    assert [(e.action, e.initiative, e.resolves_at) for e in of(events, TurnScheduled)] == [
        ("sweep", 8, 4),
        ("sweep-blow", 7, 5),
        ("sweep-blow", 6, 6),
    ]
    assert [(e.segment, e.target) for e in of(events, AttackResolved)] == [
        (4, "a"),
        (5, "b"),
        (6, "c"),
    ]
