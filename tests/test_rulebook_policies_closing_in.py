"""Closing in (``mands_rulebook.policies.closing_in``): where to run to meet an enemy, and when
contact
is foreseen, on the scenes of ``tests/test_rulebook_policies_presets.py`` and a flyer's
(``tests/test_rulebook_movement_falling.py``)."""

from __future__ import annotations

from mands_rulebook.kit.movement.pace import MOVE
from mands_rulebook.kit.positions import current_pace
from mands_rulebook.policies.closing_in import contact_segment, meeting_place
from mands_sim.actions import Intent
from mands_sim.events import Moved
from mands_sim.world import Position
from tests.test_rulebook_movement_falling import skyward
from tests.test_rulebook_policies_presets import chase, grunts_at


def test_nearest_enemy_cuts_a_runner_off_where_it_gets_first() -> None:
    """On segment 1 the Sphinx runs from the bank for the corner, 19.6 m away; Seraph, 8.9 m from
    it, goes to the first place on her way he is no farther from: the corner, not the bank."""
    encounter, _ = chase(until=1)
    assert meeting_place(encounter, "seraph", "sphinx") == "corner"


def test_meeting_place_is_none_for_an_enemy_running_at_us() -> None:
    """Dexter and Sinister both run at each other's place, 10 m apart: a moment later Sinister's
    way to Dexter's start passes Dexter, so Dexter keeps his course (no place to turn to), and
    the same for Sinister; nobody turns back to wait at its start."""
    encounter = grunts_at(10, 32, 32)
    for who, there in (("one", "x10"), ("two", "x0")):
        encounter.initiate(who, Intent(MOVE.name, options={"toward": there}))
    encounter.run(until=6)
    assert meeting_place(encounter, "one", "two") is None
    assert meeting_place(encounter, "two", "one") is None


def test_contact_segment_a_flyer_in_the_air_is_out_of_reach_of_those_it_left() -> None:
    """Seraph flies from the street to the tower top; the Sphinx stays in the street. While he
    is in the air he is out of the Sphinx's reach (G-274), and he lands 100 m off: no contact
    is foreseen, though the map still gives his start place as his spot."""

    encounter = skyward()
    pace = current_pace(encounter, "seraph")
    assert pace is not None and encounter.world is not None
    assert encounter.state["seraph"].position == Position("street")
    landing = pace.arrival(encounter.world)
    assert contact_segment(encounter, "seraph", "sphinx", landing + 10) is None


def test_contact_segment_foresees_meeting_a_flyer_where_it_lands() -> None:
    """The Sphinx on the tower top: contact when Seraph lands there, not before."""

    encounter = skyward()
    encounter.emit([Moved(encounter.now, "sphinx", "tower", None, 0.0, "test")])
    pace = current_pace(encounter, "seraph")
    assert pace is not None and encounter.world is not None
    landing = pace.arrival(encounter.world)
    assert contact_segment(encounter, "seraph", "sphinx", landing + 10) == landing
