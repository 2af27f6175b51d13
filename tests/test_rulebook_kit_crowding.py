"""Contact and crowding (``src/mands_rulebook/kit/crowding.py``; seed "Miniatures"; G-65, G-271,
G-272).

Seven grunts (``tests/data/fighters.py``) stand at one place with a hero: six hold the places
around him, the seventh cannot reach him.
"""

from __future__ import annotations

from typing import Any

from mands_rulebook.kit.crowding import contact_refusal, in_contact, ring
from mands_rulebook.policies.presets import NearestEnemy
from mands_sim.actions import Intent
from mands_sim.events import Moved, OutOfAction
from mands_sim.kernel.encounter import Encounter
from tests.data.fighters import grunt
from tests.data.opponents_scenes import Plays, scene

MOB = tuple("abcdefg")


def mob_of_seven(**defaults: Any) -> Encounter:
    """The hero and grunts a … g at the ring, nobody acting; a yard 1.5 m away."""
    return scene(
        {"heroes": {"hero": grunt()}, "mob": {i: grunt() for i in MOB}},
        places=("ring", "yard"),
        edges=(("ring", "yard", 1.5),),
        minds={"hero": Plays(), **{i: Plays() for i in MOB}},
        defaults=defaults,
    )


def last_drawn(encounter: Encounter, among: tuple[str, ...] = MOB) -> str:
    return max(among, key=encounter.rank)


def punch(target: str) -> Intent:
    return Intent("fist-attack", target=target)


def step_out_and_back(encounter: Encounter, who: str) -> None:
    """``who`` steps to the yard and back to the ring in this segment."""
    now = encounter.now
    encounter.emit(
        [Moved(now, who, "yard", None, 0.0, "test"), Moved(now, who, "ring", None, 0.0, "test")]
    )


def test_g271_a_seventh_attacker_cannot_reach() -> None:
    """All seven came at the start: the drawn order (G-227) gives six of them the places; the
    seventh's punch is refused, with a reason that says why."""
    encounter = mob_of_seven()
    seventh = last_drawn(encounter)
    assert len(ring(encounter, "hero")) == 6
    assert seventh not in ring(encounter, "hero")
    assert [in_contact(encounter, g, "hero") for g in MOB].count(True) == 6
    refusals = encounter.refused(seventh, punch("hero"))
    assert refusals == ["hero is crowded: 6 enemies already around (G-271)"]
    assert all(not encounter.refused(g, punch("hero")) for g in MOB if g != seventh)


def test_g271_the_crowded_out_cannot_be_reached_either() -> None:
    """Contact is both ways: the hero cannot punch the seventh, who stands in the second ring."""
    encounter = mob_of_seven()
    seventh = last_drawn(encounter)
    assert not in_contact(encounter, "hero", seventh)
    assert (
        contact_refusal(encounter, "hero", seventh)
        == "hero is crowded: 6 enemies already around (G-271)"
    )


def test_g271_no_limit_lets_all_seven_reach() -> None:
    encounter = mob_of_seven(G271_ring_size=0)
    assert all(in_contact(encounter, g, "hero") for g in MOB)


def test_g271_eight_squares_hold_eight() -> None:
    encounter = mob_of_seven(G271_ring_size=8)
    assert len(ring(encounter, "hero")) == 7


def test_g271_friends_take_no_place() -> None:
    """The mob is in contact with one another however many stand there: the ring holds enemies."""
    encounter = mob_of_seven()
    assert all(in_contact(encounter, "a", g) for g in MOB)


def test_g272_who_came_first_holds_the_place() -> None:
    """The first in the drawn order steps away and back at segment 50: it came last, so it is
    the one left out, whatever its rank."""
    encounter = mob_of_seven()
    first = min(MOB, key=encounter.rank)
    encounter.run(until=50)  # the first Payment Segment moves the clock
    step_out_and_back(encounter, first)
    assert first not in ring(encounter, "hero")
    assert "crowded" in encounter.refused(first, punch("hero"))[0]


def test_g272_rank_ignores_who_came_first() -> None:
    encounter = mob_of_seven(G272_ring_order="rank")
    first = min(MOB, key=encounter.rank)
    encounter.run(until=50)  # the first Payment Segment moves the clock
    step_out_and_back(encounter, first)
    assert first in ring(encounter, "hero")


def test_g271_a_place_freed_lets_the_seventh_in() -> None:
    encounter = mob_of_seven()
    seventh = last_drawn(encounter)
    holder = ring(encounter, "hero")[0]
    encounter.emit([OutOfAction(0, holder, "unconscious")])
    assert in_contact(encounter, seventh, "hero")


def test_g271_out_of_reach_is_said_before_crowding() -> None:
    encounter = mob_of_seven()
    encounter.emit([Moved(0, "a", "yard", None, 0.0, "test")])
    assert contact_refusal(encounter, "a", "hero") == "hero is out of reach"


def test_nearest_enemy_shut_out_does_not_punch() -> None:
    """The seventh's policy sees the hero out of contact and does not ask for the punch."""
    encounter = mob_of_seven()
    seventh = last_drawn(encounter)
    choice = NearestEnemy({}).choose(encounter, seventh)
    assert not (isinstance(choice, Intent) and choice.action == "fist-attack")


def test_nearest_enemy_shut_out_picks_an_enemy_with_room() -> None:
    """A second hero stands in the yard: the seventh goes for her rather than wait."""
    encounter = scene(
        {"heroes": {"hero": grunt(), "heroine": grunt()}, "mob": {i: grunt() for i in MOB}},
        places=("ring", "yard"),
        edges=(("ring", "yard", 1.5),),
        where={"heroine": "yard"},
        minds={"hero": Plays(), "heroine": Plays(), **{i: Plays() for i in MOB}},
    )
    seventh = last_drawn(encounter)
    choice = NearestEnemy({}).choose(encounter, seventh)
    assert isinstance(choice, Intent)
    assert choice.action == "move"
    assert choice.options["toward"] == "yard"
