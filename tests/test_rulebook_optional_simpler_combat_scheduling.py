"""When an action started under Combat Turns resolves
(``mands_rulebook.optional.simpler_combat.scheduling``;
seed "Simpler Combat", "Multiple Opponents"; G-140, G-191)."""

from __future__ import annotations

from mands_rulebook.optional.simpler_combat import SimplerCombat
from mands_rulebook.optional.simpler_combat.scheduling import TurnScheduled, quality_on_turns
from mands_sim.actions import Intent
from mands_sim.defaults import RuleDefaults
from mands_sim.events import AttackResolved, Event
from tests.data.fighters import grunt
from tests.data.opponents_scenes import Plays, scene
from tests.test_rulebook_optional_simpler_combat import Q, of


def test_initiate_multiple_opponents_drop_the_initiative_by_one_per_attack() -> None:
    """Seed "Multiple Opponents": "rather than each attack working on subsequent Segments, the
    character's Initiative is dropped by 1 for each attack" (G-191). The hero (Initiative 8)
    sweeps a, b and c with a knife held ready (``mands_rulebook.combat.opponents``, as its own
    tests:
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


def test_quality_on_turns_only_as_much_speed_q_as_the_turns_take() -> None:
    """G-140: PT 20 with 3 Q: 1 Q makes 18 (1 turn), 2 are left for Initiative; PT 30 needs all
    3 (27 and 24 still take 2 turns, 15 takes 1); a fist (PT 15) already takes 1: none."""
    defaults = RuleDefaults()
    assert quality_on_turns(20, 1, 3, defaults) == 1
    assert quality_on_turns(30, 1, 3, defaults) == 3
    assert quality_on_turns(15, 1, 3, defaults) == 0


def test_initiate_q_shortens_a_two_turn_action_to_one() -> None:
    """Seed "Simpler Combat": "The same rules for the Combat Roll (and other Action Rolls) apply,
    except that Performance Time cannot be reduced below 1 Combat Turn. Quality Points can be
    used to increase Initiative". The hero's Electric Power blast (PT 20: 2 turns) rolls 2 + 2
    (Q 6): 3 Q on speed bring it to 10, 1 Combat Turn, where 1 Q alone (18) would: 2 go to
    Initiative, 8 + 2 = 10, so it lands on the first turn's segment 2; the rest on Attack."""
    hero = grunt(powers={"Electric Power": {"power_rating": 12, "percent_control": 100}})
    blast = Intent("electric-power-blast", target="a", options={"power": "Electric Power"})
    events: list[Event] = []
    encounter = scene(
        {"heroes": {"hero": hero}, "mob": {"a": grunt()}},
        dice={"hero": [8, 2, 2], "a": [1]},
        minds={"hero": Plays(blast, spend=Q(attack=3, speed=3)), "a": Plays()},
        plugins={"simpler": SimplerCombat()},
        events=events,
    )
    encounter.run(until=10)
    (scheduled,) = of(events, TurnScheduled)
    assert (scheduled.initiative, scheduled.turns, scheduled.resolves_at) == (10, 1, 2)
    assert [e.segment for e in of(events, AttackResolved, "hero")] == [2]
