"""The room within a place (``src/mands_rulebook/kit/room.py``; seed "Miniatures"; G-292).

Grunts (``tests/data/fighters.py``) at one place: how far apart they stand for what spreads
from a spot, and the same measure whether the ground is drawn as one place or two.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from mands_rulebook.kit.explosions import caught_in
from mands_rulebook.kit.room import MEAN_APART, apart, meters_from
from mands_rulebook.kit.weapons.table import Ranges
from mands_rulebook.powers.darkness import DarkSphere, inside
from mands_sim.events import Moved
from mands_sim.kernel.encounter import Encounter
from mands_sim.world import Position
from tests.data.fighters import grunt
from tests.data.opponents_scenes import Plays, scene

MOB = tuple("abcdefg")


def duel(sizes: dict[str, float] | None = None, **defaults: Any) -> Encounter:
    """A hero and a sidekick against grunt ``a`` at the ring; a yard 1.5 m away."""
    return scene(
        {"heroes": {"hero": grunt(), "sidekick": grunt()}, "mob": {"a": grunt()}},
        places=("ring", "yard"),
        edges=(("ring", "yard", 1.5),),
        minds={who: Plays() for who in ("hero", "sidekick", "a")},
        defaults=defaults,
        sizes=sizes,
    )


def test_enemies_in_contact_stand_at_reach() -> None:
    """G-292 with G-65: the hero and the grunt he fights are one hex (1 m) apart, not 0 m."""
    assert apart(duel(), "hero", "a") == 1.0
    assert apart(duel(G65_reach=1.5), "hero", "a") == 1.5


def test_friends_stand_together_at_a_small_place_and_spread_over_a_large_one() -> None:
    """At a place without a size the side stands together (1 m); at a 20 m square, two friends
    are the mean distance of two points of a 20 m disc apart: 20 × 64 / 45π ≈ 9.05 m."""
    assert apart(duel(), "hero", "sidekick") == 1.0
    spread = apart(duel({"ring": 20.0}), "hero", "sidekick")
    assert spread == pytest.approx(9.054, abs=1e-3)
    assert spread == 20.0 * MEAN_APART
    assert apart(duel({"ring": 20.0}), "hero", "a") == 1.0  # still in contact


def test_a_small_sized_place_keeps_the_least_spread() -> None:
    """A 3 m place: 0.45 × 3 ≈ 1.36 m is less than G-292's 2 m, so friends stand 2 m apart."""
    assert apart(duel({"ring": 3.0}), "hero", "sidekick") == 2.0
    assert apart(duel({"ring": 3.0}, G292_place_spread=3.0), "hero", "sidekick") == 3.0


def test_a_crowded_out_enemy_stands_in_the_ring_beyond() -> None:
    """Seven grunts around one hero: the six in his ring (G-271) at 1 m, the seventh at 2 m."""
    encounter = scene(
        {"heroes": {"hero": grunt()}, "mob": {i: grunt() for i in MOB}},
        minds={"hero": Plays(), **{i: Plays() for i in MOB}},
    )
    distances = sorted(apart(encounter, "hero", g) for g in MOB)
    assert distances == [1.0] * 6 + [2.0]


def test_between_two_places_the_map_measures() -> None:
    encounter = duel()
    encounter.emit([Moved(0, "a", "yard", None, 0.0, "test")])
    assert apart(encounter, "hero", "a") == 1.5


def test_the_middle_of_a_place_is_half_the_spread_or_a_third_of_its_size() -> None:
    """An effect centred on a place, not on someone: 1 m to everyone at a small place; a third
    of a 30 m square's size (10 m: the mean distance of a disc's points from its centre)."""
    ring = Position("ring")
    assert meters_from(duel(), ring, None, "hero") == 1.0
    assert meters_from(duel({"ring": 30.0}), ring, None, "hero") == pytest.approx(10.0)


def test_the_center_on_someone_counts_only_while_it_stands_there() -> None:
    """Centred on the hero: 0 m to him, 1 m to the sidekick; once the hero has left the ring the
    center is the ring's middle (1 m to the sidekick still, 1.5 m to the hero in the yard)."""
    encounter = duel()
    ring = Position("ring")
    assert meters_from(encounter, ring, "hero", "hero") == 0.0
    assert meters_from(encounter, ring, "hero", "sidekick") == 1.0
    encounter.emit([Moved(0, "hero", "yard", None, 0.0, "test")])
    assert meters_from(encounter, ring, "hero", "sidekick") == 1.0
    assert meters_from(encounter, ring, "hero", "hero") == 1.5


def test_zero_spread_is_the_old_reading() -> None:
    """``G292_place_spread = 0.0``: everyone at a spot is 0 m from everyone else there."""
    encounter = duel({"ring": 20.0}, G292_place_spread=0.0)
    assert apart(encounter, "hero", "sidekick") == apart(encounter, "hero", "a") == 0.0
    assert meters_from(encounter, Position("ring"), None, "a") == 0.0


def blast(max_range: float) -> Ranges:
    return Ranges(max_range / 2, max_range / 4, max_range)


@pytest.mark.parametrize(("max_range", "caught"), [(0.8, ("hero",)), (1.2, ("a", "hero"))])
def test_an_explosion_catches_alike_on_one_place_or_two_a_meter_apart(
    max_range: float, caught: tuple[str, ...]
) -> None:
    """The grunt beside the hero at the ring, or at a place of its own 1 m off: an explosion on
    the hero with a Maximum Range under 1 m catches only the hero either way, one over 1 m both
    (G-23 with G-292)."""
    together = scene(
        {"heroes": {"hero": grunt()}, "mob": {"a": grunt()}},
        minds={"hero": Plays(), "a": Plays()},
    )
    drawn_apart = scene(
        {"heroes": {"hero": grunt()}, "mob": {"a": grunt()}},
        places=("ring", "near"),
        edges=(("ring", "near", 1.0),),
        where={"a": "near"},
        minds={"hero": Plays(), "a": Plays()},
    )
    for encounter in (together, drawn_apart):
        found = caught_in(encounter, Position("ring"), blast(max_range), (), "hero")
        assert sorted(found) == sorted(caught)


def test_a_small_explosion_in_a_large_square_catches_one_friend_not_all() -> None:
    """At a 20 m square the sidekick stands ≈ 9 m from the hero: a 3 m blast on the hero catches
    him and the grunt he fights, not the sidekick; at 0 m (the old reading) all three."""
    spread = caught_in(duel({"ring": 20.0}), Position("ring"), blast(3.0), (), "hero")
    assert sorted(spread) == ["a", "hero"]
    old = duel({"ring": 20.0}, G292_place_spread=0.0)
    assert sorted(caught_in(old, Position("ring"), blast(3.0), (), "hero")) == [
        "a",
        "hero",
        "sidekick",
    ]


def test_a_darkness_on_its_caster_covers_the_room_its_radius_reaches() -> None:
    """G-122 with G-292: a 1.5 m darkness around the hero at a 20 m square holds the grunt he
    fights (1 m), not the sidekick (≈ 9 m); one of 10 m holds both."""
    encounter = duel({"ring": 20.0})
    small = DarkSphere(Position("ring"), 1.5, anchor="hero")
    large = DarkSphere(Position("ring"), 10.0, anchor="hero")
    assert [inside(encounter, small, who) for who in ("hero", "a", "sidekick")] == [
        True,
        True,
        False,
    ]
    assert inside(encounter, large, "sidekick")
    assert math.isclose(apart(encounter, "sidekick", "hero"), 20.0 * MEAN_APART)
