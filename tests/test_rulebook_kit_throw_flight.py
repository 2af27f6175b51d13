"""Where a thrown character flies (``mands_rulebook.kit.throw_flight``; G-68, G-245, G-246, G-247).

The blows come from the throwback drill of ``tests/test_rulebook_combat_throwback.py``: the Sphinx,
out
of VP, takes 12 raw for 1 DP from Seraph, standing on his spot, and rolls 10 + 9 = 19 against 13:
thrown 6 m from the street.
"""

from __future__ import annotations

from mands_rulebook.kit.throwback import ThrownBack
from mands_sim.world import Position
from tests.test_rulebook_combat_throwback import collisions, drill, of, sphinx_thrown


def test_g245_a_flight_into_a_wall_hits_for_the_meters_left() -> None:
    """G-245 and G-68 ``meters_short``: a wall at the alley stops the Sphinx after 2 of his 6 m;
    he takes the 4 m left as 4 bludgeoning damage: DP 5 − 1 − 4 = 0 (then he makes his Injury
    roll, G-18, and a roll to stay conscious, G-17: 10 against 13 each)."""
    encounter = sphinx_thrown({"alley": "wall"})
    (thrown,) = of(encounter, ThrownBack)
    assert (thrown.meters, thrown.flown) == (6.0, 2.0)
    assert encounter.state["sphinx"].position == Position("alley")
    assert [(e.raw, e.damage_points_after) for e in collisions(encounter)] == [(4, 0)]


def test_g245_an_obstacle_stops_a_flight_as_a_wall_does() -> None:
    encounter = sphinx_thrown({"alley": "obstacle"})
    assert [e.raw for e in collisions(encounter)] == [4]


def test_g245_over_open_ground_the_victim_flies_the_full_distance_unhurt() -> None:
    """No wall at the alley: the map's end is open ground. The Sphinx flies all 6 m, lands at
    the alley (the map draws nothing beyond) and takes no collision damage: DP 5 − 1 = 4."""
    encounter = drill("sphinx", [(12, 1)], [10, 9], edges=(("street", "alley", 2.0),))
    (thrown,) = of(encounter, ThrownBack)
    assert (thrown.meters, thrown.flown) == (6.0, 6.0)
    assert encounter.state["sphinx"].position == Position("alley")
    assert not collisions(encounter)
    assert encounter.state["sphinx"].damage_points == 4


def test_g245_open_ground_passes_places_on_the_way() -> None:
    """Street -2- alley -2- yard -10- lot: the alley and the yard are passed, the flight lands
    2 m along the way from the yard to the lot, unhurt."""
    edges = (("street", "alley", 2.0), ("alley", "yard", 2.0), ("yard", "lot", 10.0))
    encounter = drill("sphinx", [(12, 1)], [10, 9], edges=edges)
    assert encounter.state["sphinx"].position == Position("yard", "lot", 2.0)
    assert not collisions(encounter)


def test_g245_a_wall_further_on_stops_the_flight_there() -> None:
    """Street -2- alley -2- yard (a wall): 4 m flown, 2 m left in the wall."""
    edges = (("street", "alley", 2.0), ("alley", "yard", 2.0))
    encounter = drill("sphinx", [(12, 1)], [10, 9, 5, 5], edges=edges, features={"yard": "wall"})
    assert encounter.state["sphinx"].position == Position("yard")
    assert [e.raw for e in collisions(encounter)] == [2]


def test_g245_wall_the_map_end_is_a_wall() -> None:
    """G-245 ``wall``: the undeclared end of the map stops the flight as before the features."""
    encounter = sphinx_thrown(G245_map_end="wall")
    assert [e.raw for e in collisions(encounter)] == [4]


def test_g68_none_a_wall_just_stops_the_flight() -> None:
    """G-68 ``none``: the flight into the wall ends at the alley with no damage (DP stays 4)."""
    encounter = sphinx_thrown({"alley": "wall"}, G68_throwback_collision="none")
    assert encounter.state["sphinx"].position == Position("alley")
    assert not collisions(encounter)
    assert encounter.state["sphinx"].damage_points == 4


def test_g247_farthest_the_victim_flies_toward_the_place_farthest_from_the_attacker() -> None:
    """From the street, the plaza (3 m, a wall) is farther than the alley (2 m): he flies 3 m
    that way and crashes for the 3 m left (3 of his 5 DP: an Injury roll, made)."""
    edges = (("street", "alley", 2.0), ("street", "plaza", 3.0))
    encounter = drill(
        "sphinx", [(12, 1)], [10, 9, 5, 5], edges=edges, features={"plaza": "wall"},
        G247_throw_way="farthest",
    )  # fmt: skip
    assert encounter.state["sphinx"].position == Position("plaza")
    assert of(encounter, ThrownBack)[0].flown == 3.0


def test_g247_drawn_a_victim_on_the_attackers_spot_flies_a_way_drawn_from_its_dice() -> None:
    """The attacker stands on the victim's spot: no way is "away". The Sphinx's d2 (after his
    roll of 10 and 9) picks the alley, the first of the street's two ways, though the plaza is
    farther."""
    edges = (("street", "alley", 2.0), ("street", "plaza", 3.0))
    encounter = drill("sphinx", [(12, 1)], [10, 9, 1], edges=edges)
    assert encounter.state["sphinx"].position == Position("alley")


def test_a_lone_place_with_a_wall_stops_the_flight_at_once() -> None:
    encounter = drill(
        "sphinx", [(12, 1)], [10, 9, 5, 5, 5, 5], edges=(), features={"street": "wall"}
    )
    assert of(encounter, ThrownBack)[0].flown == 0.0
    assert [e.raw for e in collisions(encounter)] == [6]
