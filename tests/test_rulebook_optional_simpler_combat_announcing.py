"""Announcing actions in Combat Turns (``mands_rulebook.optional.simpler_combat.announcing``; seed
"Simpler
Combat"; G-140, G-141, G-143): late announcing, the order of Learning, the short action's bonus,
one action of each kind a turn."""

from __future__ import annotations

from mands_rulebook.optional.simpler_combat.announcing import announcement_order
from mands_sim.actions import Intent
from mands_sim.events import RollMade
from tests.test_rulebook_optional_simpler_combat import (
    RING,
    Q,
    Script,
    fist,
    grunts,
    of,
    punch_at,
    run,
)


def test_mands_bonus_pool_modifiers_announcing_late_costs_the_delay() -> None:
    """Seed: "Each point of delay subtracts that much from their bonus pool ... A character with
    a Learning of 11 announcing on 15 will have a penalty of 4": pool 2 − 4 = −2."""
    late = Script({0: fist("sinister", announce_delay=4)})
    encounter = grunts(
        {"dexter": late, "sinister": Script({})},
        {"dexter": [8, 5, 5], "sinister": [7]},
        ground=RING,
    )
    encounter.run(until=0)
    (roll,) = of(encounter.log, RollMade, "dexter")
    assert (roll.bonus_pool, roll.pool_bonus) == (-2, -2)


def test_announcement_order_is_lowest_learning_first() -> None:
    """Seed: "in order of learning (from lowest to highest) ... the same learning announce at
    the same time": both grunts have Learning 10."""
    encounter = grunts(
        {"dexter": Script({}), "sinister": Script({})},
        {"dexter": [1], "sinister": [1]},
        ground=RING,
    )
    encounter.run(until=0)
    assert announcement_order(encounter) == [["dexter", "sinister"]]


def test_g141_switch_gives_a_move_roll_the_short_action_bonus() -> None:
    """G-141: by default a passive run (PT 6) gets no bonus, as in the example (Q 10 from 8);
    ``all`` adds 10 − 6 = 4 to its pool: Q 14."""
    quality = {}
    for choice in ("active", "all"):
        encounter = grunts(
            {"dexter": Script({0: run("middle")}), "sinister": Script({})},
            {"dexter": [8, 3, 5], "sinister": [7]},
            defaults={"G141_short_action_bonus": choice},
        )
        encounter.run(until=0)
        (roll,) = of(encounter.log, RollMade, "dexter")
        quality[choice] = (roll.bonus_pool, roll.quality)
    assert quality == {"active": (0, 10), "all": (4, 14)}


def test_mands_action_refusals_one_action_of_each_kind_at_a_turns_start() -> None:
    """G-140: one active action and "a single passive Action Roll" per Combat Turn, announced on
    its first two segments."""
    encounter = grunts(
        {"dexter": punch_at(0, "sinister"), "sinister": Script({})},
        {"dexter": [8, 5, 5], "sinister": [7]},
        ground=RING,
    )
    encounter.run(until=4)
    rules, again = encounter.rules, fist("sinister")
    assert rules.refusals(encounter, "dexter", again) == [
        "Simpler Combat: actions are announced at the start of a Combat Turn"
    ]
    encounter.run(until=10)
    assert rules.refusals(encounter, "sinister", again) == []


def test_mands_action_refusals_a_single_passive_action_roll_a_turn() -> None:
    """Seed: "A single passive Action Roll (such as Movement) can be made on the character's
    Turn": a jump on segment 1 after a run started on 0 waits for the next turn."""
    runner = Script({0: run("middle"), 1: None}, {0: Q(speed=10)})
    encounter = grunts(
        {"dexter": runner, "sinister": Script({})}, {"dexter": [8, 3, 5], "sinister": [7]}
    )
    encounter.run(until=1)
    assert encounter.now == 1
    assert encounter.rules.refusals(encounter, "dexter", Intent("jump")) == [
        "Simpler Combat: one passive action per Combat Turn"
    ]
