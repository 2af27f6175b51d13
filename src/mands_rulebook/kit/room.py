"""The room within a place: how far apart characters at one spot stand, for what spreads from a
spot (seed "Miniatures": "let one hex (or square) be one or two meters during combat"; G-292).

Part of the movement rules, beside :mod:`mands_rulebook.kit.crowding`. Nothing here is a hook; the
explosions (G-23), Darkness (G-122) and Explosive Touch's "people behind" (G-120) measure with it.

A place is the ground its occupants can close in on each other from within a segment: everyone
at one spot is within reach along the map (G-65), and crowding (G-271) keeps the six hexes
around a character for the enemies who came first. What spreads from a spot needs more: an
explosion of 1 m must not catch a whole plaza because the Editor drew it as one place, nor miss
a man two meters off because he was drawn at a place of his own. So at one spot:

* two enemies in melee contact (each in the other's ring, G-271) stand **at reach** (G-65):
  next to each other, one hex apart;
* at a place without a ``size`` (one melee's ground: a hex and the ring around it), friends
  stand at reach too: a side drawn at one spot stands together;
* any other two — an enemy crowded out of the ring, and at a place with a ``size`` everyone
  not in contact — stand **apart** by ``G292_place_spread`` meters (2 m: the ring beyond), or
  by the mean distance of two points of a disc as wide as the place (:data:`MEAN_APART` of its
  size) when that is more;
* the middle of a spot (an effect centred on a place, not on someone) is half of that from
  each character there, or a third of the place's size (the mean distance of a disc's points
  from its centre) when that is more.

So two men drawn at one small place, or at two places joined by an edge of a meter, are a meter
apart either way; a crowd drawn at a 20 m square spreads over it. ``G292_place_spread`` ``0.0``
is the old reading: everyone at a spot is 0 m from everyone else there.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from mands_rulebook.kit.crowding import enemies, in_contact
from mands_rulebook.kit.positions import (
    distance_now,
    flight_distance,
    flight_now,
    position_now,
    reach,
)
from mands_sim.defaults import rule_default
from mands_sim.kernel.encounter import Encounter
from mands_sim.world import Position


@dataclass(frozen=True, slots=True)
class RoomDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-292."""

    G292_place_spread: float = rule_default(
        "G-292",
        "The room within a place, for what spreads from a spot (explosions, Darkness, "
        "Explosive Touch's people behind): two characters at one spot who are not in melee "
        "contact stand this many meters apart (2.0, the default: the hex beyond the next), or "
        "the mean distance of two points in the place (0.45 of its size) when that is more; "
        "one in contact with the other stands at reach; a spot's middle is half of it from "
        "each; 0.0: everyone at one spot is 0 m from everyone else there.",
        2.0,
        (0.0, 1.0, 2.0, 3.0),
    )


MEAN_APART: Final = 64 / (45 * math.pi)
"""The mean distance of two points drawn at random in a disc, over its diameter
(128 R / 45π for radius R: ≈ 0.4527)."""

MEAN_FROM_MIDDLE: Final = 1 / 3
"""The mean distance of a disc's points from its centre, over its diameter (2 R / 3)."""


def least_spread(encounter: Encounter) -> float:
    """G-292: meters between two characters at one spot, not in contact (0: the old reading)."""
    return float(encounter.defaults.of(RoomDefaults).G292_place_spread)


def place_size(encounter: Encounter, spot: Position) -> float:
    """Meters across the place ``spot`` is (0 part-way along an edge, or without a map)."""
    if encounter.world is None or not spot.at_place:
        return 0.0
    return float(encounter.world.size(spot.place))


def spread(encounter: Encounter, spot: Position) -> float:
    """Meters between two characters at ``spot`` who are not in melee contact (G-292)."""
    least = least_spread(encounter)
    if least <= 0:
        return 0.0
    return max(least, MEAN_APART * place_size(encounter, spot))


def from_middle(encounter: Encounter, spot: Position) -> float:
    """Meters from the middle of ``spot`` to a character standing there (G-292)."""
    least = least_spread(encounter)
    if least <= 0:
        return 0.0
    return max(least / 2, MEAN_FROM_MIDDLE * place_size(encounter, spot))


def adjacent(encounter: Encounter, spot: Position, one: str, other: str) -> bool:
    """Whether the two stand next to each other at ``spot``: enemies in melee contact, or
    friends at a place without a size."""
    if enemies(encounter, one, other):
        return in_contact(encounter, one, other)
    return place_size(encounter, spot) <= 0


def apart(encounter: Encounter, one: str, other: str) -> float:
    """Meters between two characters with the room within a place (G-292): along the map (or
    from a flyer's point, G-67) between two spots; at one spot, reach for enemies in contact,
    else the spot's :func:`spread` unless they stand next to each other (:func:`adjacent`)."""
    if one == other:
        return 0.0
    here, there = position_now(encounter, one), position_now(encounter, other)
    if encounter.world is None or here is None or there is None:
        return 0.0
    if here != there or flight_now(encounter, one) or flight_now(encounter, other):
        return distance_now(encounter, one, other)
    if least_spread(encounter) <= 0:
        return 0.0
    return reach(encounter) if adjacent(encounter, here, one, other) else spread(encounter, here)


def meters_from(encounter: Encounter, spot: Position, anchor: str | None, character: str) -> float:
    """Meters from the center of an effect at ``spot`` to ``character`` (G-292). ``anchor``:
    the character the center is on (an aimed explosion's target, a Darkness around its caster),
    counted only while it still stands at ``spot``; else the center is the spot's middle."""
    there = position_now(encounter, character)
    world = encounter.world
    if world is None or there is None:
        return 0.0
    flying = flight_now(encounter, character)
    if flying is not None:
        return flight_distance(encounter, (spot, None), (there, flying))
    if there != spot:
        return float(world.position_distance(spot, there))
    if anchor is not None and position_now(encounter, anchor) == spot:
        return apart(encounter, anchor, character)
    return from_middle(encounter, spot)
