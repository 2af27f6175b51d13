"""Where characters are and how far apart (``src/mands_rulebook/kit/positions.py``; G-67, G-291).

Seraph flies from the street to the park, 40 m off in a straight line, at 1 m a segment
(:func:`tests.data.straight_flight.flight`); the Sphinx stands at the street, at the park, or in
the cellar, 5 m from the street by a stair (a place drawn without coordinates), or flies from
the park to the street.
"""

from __future__ import annotations

import math

import pytest

from mands_rulebook.kit import range as range_rules
from mands_rulebook.kit.altitude import altitude_now
from mands_rulebook.kit.crowding import in_contact
from mands_rulebook.kit.positions import current_pace, distance_now, position_now
from mands_rulebook.kit.weapons.table import Ranges
from mands_sim.actions import Intent
from mands_sim.world import Position
from tests.data.straight_flight import flight

ALOFT = 5.0  # G-273's altitude
SHORT_PISTOL = Ranges(short_range=10.0, range_set=10.0, max_range=25.0)


def test_the_flight_takes_forty_segments_at_a_meter_a_segment() -> None:
    encounter = flight(0)
    pace = current_pace(encounter, "seraph")
    assert pace is not None and encounter.world is not None
    assert pace.meters_per_segment == 1.0
    assert pace.arrival(encounter.world) == 40


@pytest.mark.parametrize("end", ["street", "park"])
def test_half_way_the_flyer_is_twenty_meters_from_either_end(end: str) -> None:
    """G-67: at segment 20 Seraph is over the middle of the line, 20 m from each end over the
    ground, and 5 m up (G-273): the slant is √(20² + 5²) (G-275)."""
    encounter = flight(20, sphinx_at=end)
    assert distance_now(encounter, "sphinx", "seraph") == pytest.approx(20.0)
    assert distance_now(encounter, "seraph", "sphinx") == pytest.approx(20.0)
    slant = math.hypot(20.0, ALOFT)
    assert range_rules.distance(encounter, "sphinx", "seraph") == pytest.approx(slant)


def test_the_flyers_spot_on_the_map_stays_its_start_until_it_lands() -> None:
    assert position_now(flight(20), "seraph") == Position("street")


def test_a_pistol_shot_from_the_destination_measures_to_where_the_flyer_has_got() -> None:
    """From the park, a pistol with a 25 m Maximum Range cannot reach Seraph taking off (40 m
    and 5 m up) but reaches him half-way (√(20² + 5²) ≈ 20.6 m)."""
    taking_off = flight(0, sphinx_at="park")
    assert range_rules.reach_refusals(taking_off, "sphinx", "seraph", SHORT_PISTOL) == [
        f"seraph is {math.hypot(40.0, ALOFT):g} m away, beyond Maximum Range 25 m"
    ]
    half_way = flight(20, sphinx_at="park")
    assert range_rules.reach_refusals(half_way, "sphinx", "seraph", SHORT_PISTOL) == []


def test_a_pistol_shot_counts_the_range_sets_to_where_the_flyer_has_got() -> None:
    """G-20 from the park: 20.6 m is one full Range Set beyond Short Range (40.3 m would be
    three)."""
    encounter = flight(20, sphinx_at="park")
    meters = range_rules.distance(encounter, "sphinx", "seraph")
    assert range_rules.range_sets_beyond(SHORT_PISTOL, meters) == 1


def test_a_flyer_arriving_lands_at_the_destination() -> None:
    encounter = flight(40, sphinx_at="park")
    assert position_now(encounter, "seraph") == Position("park")
    assert altitude_now(encounter, "seraph") == 0.0
    assert distance_now(encounter, "sphinx", "seraph") == 0.0


def test_g291_ends_one_without_coordinates_is_measured_through_the_nearer_end() -> None:
    """The cellar has no coordinates: half-way, Seraph is 20 m back to the street and 5 m down
    the stair (20 m on to the park would be 40 + 5 more)."""
    encounter = flight(20, sphinx_at="cellar")
    assert distance_now(encounter, "sphinx", "seraph") == pytest.approx(25.0)


def test_g291_start_measures_along_the_map_from_the_flights_start() -> None:
    encounter = flight(20, sphinx_at="cellar", G291_flight_without_coordinates="start")
    assert distance_now(encounter, "sphinx", "seraph") == pytest.approx(5.0)


def test_two_flyers_meeting_half_way_are_in_contact_in_the_air() -> None:
    """The Sphinx (on Seraph's sheet) flies from the park to the street as Seraph flies to the
    park: at segment 10 they are 20 m apart; at segment 20 both are over the middle of the
    line, both 5 m up, within reach of each other (G-65, G-274)."""
    assert distance_now(flight(10, "park", sphinx_flies_to="street"), "seraph", "sphinx") == (
        pytest.approx(20.0)
    )
    meeting = flight(20, "park", sphinx_flies_to="street")
    assert distance_now(meeting, "seraph", "sphinx") == pytest.approx(0.0)
    assert in_contact(meeting, "seraph", "sphinx")


TURN_TO_THE_KIOSK = Intent("reroll-move", options={"toward": "kiosk", "power": "Flight"})
REROLL_DICE = (5, 5, 5, 50, 5, 5, 50, 50, 50, 50)
"""Taking off as before, then the re-roll's 5 + 5 and %Control rolls that hold."""


def test_a_flight_re_rolled_in_the_air_goes_on_from_where_it_has_got() -> None:
    """Half-way Seraph turns toward the kiosk (G-67: a straight flight turns freely): his new
    line starts 20 m from the park, not back at the street, and he lands at the kiosk."""
    later = ((20, TURN_TO_THE_KIOSK),)
    turned = flight(20, "park", seraph_later=later, seraph_dice=REROLL_DICE)
    pace = current_pace(turned, "seraph")
    assert pace is not None and pace.destination == "kiosk"
    assert distance_now(turned, "sphinx", "seraph") == pytest.approx(20.0)
    landed = flight(50, "park", seraph_later=later, seraph_dice=REROLL_DICE)
    assert position_now(landed, "seraph") == Position("kiosk")
