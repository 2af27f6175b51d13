"""The clock of Simpler Combat (``mands_rulebook.optional.simpler_combat.clock``; seed "Simpler
Combat";
G-140, G-144, G-191, G-192): announcing segments, the order within a segment, runners seen at
the end of the Combat Turn."""

from __future__ import annotations

from typing import Any

import pytest

from mands_rulebook.kit.positions import distance_now
from mands_rulebook.optional.simpler_combat.clock import CombatTurns
from mands_rulebook.optional.simpler_combat.scheduling import TurnScheduled
from mands_sim.actions import Intent, Wait
from mands_sim.events import AttackResolved, RollMade
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation
from tests.data.fighters import sample
from tests.test_rulebook_optional_simpler_combat import (
    RING,
    SCENARIOS,
    Q,
    Script,
    fist,
    grunts,
    of,
    punch_at,
    run,
)


def test_combat_turns_switch_only_on_multiples_of_ten() -> None:
    """Seed: "It's easiest to switch on segments that are a multiple of 10"."""
    with pytest.raises(ValueError, match="multiple of 10"):
        CombatTurns(turns_until=45)


def test_mands_time_model_announces_on_a_turns_first_two_segments() -> None:
    """G-140: a turn's actions start on its first two segments; Payment Segments stay every 50,
    "at the end of every fifth Turn" (G-38); a segment clock again after ``turns_until``."""
    spec = load_scenario(SCENARIOS / "grunts_simpler.toml")
    clock = Simulation(spec).prepare().time_model
    assert isinstance(clock, CombatTurns)
    assert [clock.initiation_segment(s) for s in (0, 1, 2, 13, 20)] == [0, 1, 10, 20, 20]
    assert [clock.next_payment_segment(s) for s in (0, 49, 50)] == [50, 50, 100]
    assert CombatTurns(turns_until=50).initiation_segment(52) == 52


def with_learning(name: str, learning: int) -> dict[str, Any]:
    sheet = sample(name)
    return {**sheet, "abilities": {**sheet["abilities"], "learning": learning}}


class Announcer(Script):
    """A :class:`Script` that notes when it is asked to choose, and may delay its announcement."""

    def __init__(self, asked: list[tuple[int, str]], delay: int | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.asked = asked
        if delay is not None:
            self.announce_delay = lambda encounter, actor: delay

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        self.asked.append((encounter.now, actor))
        return super().choose(encounter, actor)


def announcing(delay: int | None) -> tuple[Encounter, list[tuple[int, str]]]:
    """Sinister (Learning 11) and Dexter (Learning 14) punch each other on segment 0."""
    asked: list[tuple[int, str]] = []
    minds = {
        "sinister": Announcer(asked, delay, intents={0: fist("dexter")}),
        "dexter": Announcer(asked, intents={0: fist("sinister")}),
    }
    encounter = grunts(
        minds,
        {"dexter": [8, 5, 5], "sinister": [7, 5, 5]},
        ground=RING,
        sheets={"sinister": with_learning("sinister", 11), "dexter": with_learning("dexter", 14)},
    )
    encounter.run(until=0)
    return encounter, asked


def test_mands_time_model_announcements_go_lowest_learning_first() -> None:
    """Seed: "Players announce their actions in order of learning (from lowest to highest)":
    Sinister's 11 before Dexter's 14, though the ids alone would put Dexter first."""
    _, asked = announcing(None)
    assert asked == [(0, "sinister"), (0, "dexter")]


def test_mands_time_model_a_delayed_announcement_comes_later_and_costs_the_delay() -> None:
    """Seed: "A character with a Learning of 11 announcing on 15 will have a penalty of 4 to
    their bonus pool": Sinister's mind delays 4 (``announce_delay``), so he announces after
    Dexter's 14, and his Combat Roll's pool is 2 − 4 = −2."""
    encounter, asked = announcing(4)
    assert asked == [(0, "dexter"), (0, "sinister")]
    (roll,) = of(encounter.log, RollMade, "sinister")
    assert roll.bonus_pool == -2


@pytest.mark.parametrize(
    ("order", "first"), [("rule", ["sinister", "dexter"]), ("drawn", ["dexter", "sinister"])]
)
def test_mands_time_model_one_segments_blows_land_highest_initiative_first(
    order: str, first: list[str]
) -> None:
    """Seed: "The character with the highest initiative goes first." Both roll Initiative 10;
    Sinister's 2 Q on speed raise his punch's to 12 (seed: "Quality Points can be used to
    increase Initiative ... on a 1 for 1 basis"). Both land on segment 2 (G-140: 10 or more
    share +2), Sinister's first though the drawn order (G-227) puts Dexter's first — unless
    G-191 is switched to ``drawn``."""
    minds = {"dexter": punch_at(0, "sinister"), "sinister": punch_at(0, "dexter", Q(speed=2))}
    dice = {"dexter": [10, 5, 5], "sinister": [10, 2, 2]}
    encounter = grunts(minds, dice, ground=RING, defaults={"G191_segment_order": order})
    encounter.run(until=2)
    scheduled = of(encounter.log, TurnScheduled)
    assert {e.character: (e.initiative, e.resolves_at) for e in scheduled} == {
        "dexter": (10, 2),
        "sinister": (12, 2),
    }
    assert [e.character for e in of(encounter.log, AttackResolved)] == first


@pytest.mark.parametrize(("movement", "meters"), [("turn_end", 10.0), ("continuous", 7.5)])
def test_g192_runners_move_at_the_end_of_the_combat_turn(movement: str, meters: float) -> None:
    """Seed "Movement Roll": "Move at the end of the Combat Turn ... Multiply the character's
    movement (in decimeters/segment) by 10 for the number of meters moved that Combat Turn."
    Bear's run at .5 m/segment (as above): half-way through the turn (segment 5) he is still
    seen 10 m from Sinister, and 5 m nearer at its end; ``continuous`` (G-192) shows him where
    the run has got to: 7.5 m."""
    bear = sample("dexter", overrides={**sample("dexter")["overrides"], "move_roll": 21})
    runner = Script({0: run("far")}, {0: Q(ep=4, speed=5)})
    encounter = grunts(
        {"dexter": runner, "sinister": Script({5: None, 10: None})},
        {"dexter": [9, 9, 3], "sinister": [7]},
        sheets={"dexter": bear},
        defaults={"G192_turn_movement": movement},
    )
    encounter.run(until=5)
    assert (encounter.now, distance_now(encounter, "dexter", "sinister")) == (5, meters)
    encounter.run(until=10)
    assert (encounter.now, distance_now(encounter, "dexter", "sinister")) == (10, 5.0)
