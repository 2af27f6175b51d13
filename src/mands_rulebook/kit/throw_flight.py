"""Where a thrown character flies on the map (``docs/rules/combat.md`` §8.1; G-68, G-245 … G-249).

Part of the throwback rules (:mod:`mands_rulebook.combat.throwback` is the plugin); the Martial and
Body Throws fly their victims the same way. Nothing here is a hook.

The seed gives a throw's length ("the distance in meters"), not the ground it flies over; the
map does. A throw must not depend on how finely the Editor drew the map, so:

* **The first way** (G-247): away from the attacker, toward the landmark (``World``, G-248)
  farthest from it; a victim on the attacker's own spot has no "away", and flies a way drawn
  from its own dice. Equally good ways are drawn too, never taken in map order.
* **Over open ground** (G-245, G-246): the victim flies its full length along the map, passing
  places and flying on past each along the way that bends least from its flight (at most
  ``G246_throw_bend`` degrees; without coordinates, through a place of two ways only). Where
  there is no way on (the map's end, a sharp corner) it lands at that place unhurt: the ground
  beyond is open, only not drawn (``G245_map_end = "wall"``: it hits the end as a wall).
* **A wall or an obstacle** (G-245): a place with one stops the flight there; the meters left
  are what it :attr:`Flight.struck` (G-68 turns them into damage).
* **A rooftop edge** (G-249): the victim goes over it and flies on; the fall is the drop
  between where it stood and where it lands (:func:`mands_rulebook.kit.falling.thrown_fall`). A
  rooftop edge at the map's end has no ground drawn below: the victim falls to ground level and
  lies, on the map, at the edge's place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from mands_rulebook.kit.positions import position_now
from mands_sim.defaults import rule_default
from mands_sim.kernel.encounter import Encounter
from mands_sim.world import Position, World


@dataclass(frozen=True, slots=True)
class ThrowFlightDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-245, G-246, G-247."""

    G245_map_end: Literal["open", "wall"] = rule_default(
        "G-245",
        "A throwback stops short, the meters left landing as damage (G-68), only at a place "
        "with a 'wall' or an 'obstacle'; at the map's end, or with no way on, the victim lands "
        "there unhurt: open ground beyond what the map draws ('open'); or every end of the map "
        "and every way back toward the attacker is a wall ('wall').",
        "open",
        ("open", "wall"),
    )
    G246_throw_bend: float = rule_default(
        "G-246",
        "A throwback flies on past a place along the way that bends least from its flight, if "
        "that bend is at most this many degrees (45.0, the default); without coordinates it "
        "flies on through a place of two ways only.",
        45.0,
        (22.5, 45.0, 90.0),
    )
    G247_throw_way: Literal["drawn", "farthest"] = rule_default(
        "G-247",
        "Which way a throwback first flies: away from the attacker, toward the landmark "
        "farthest from it; a victim on the attacker's own spot flies a way drawn from its dice "
        "('drawn'), or the farthest way even then ('farthest'). Ties are drawn either way.",
        "drawn",
        ("drawn", "farthest"),
    )


MAX_LEGS: Final = 1_000
"""A guard, not a rule: a throw passes at most this many places (a ring road, a huge throw)."""

_SNAP: Final = 1e-9
"""Meters (and degrees): float rounding, not distance."""


@dataclass(frozen=True, slots=True)
class Flight:
    """Where a thrown victim lands and what stopped it.

    Attributes:
        landing: where it lands on the map; ``None``: it stays where it is.
        flown: meters it flew (over open ground beyond the map too).
        struck: meters left when a wall or an obstacle stopped it (G-245).
        over_edge: the rooftop edge it went over, if any (G-249).
        to_ground: whether it went over a rooftop edge at the map's end, and so falls to ground
            level (G-249).
    """

    landing: Position | None
    flown: float
    struck: float = 0.0
    over_edge: str | None = None
    to_ground: bool = False


@dataclass(frozen=True, slots=True)
class Leg:
    """A stretch of edge the victim flies: from ``came`` toward ``at``, ``meters`` to go."""

    came: str
    at: str
    meters: float


def flight(encounter: Encounter, victim: str, source: str, meters: float) -> Flight:
    """Where ``victim``, thrown ``meters`` away from ``source``, lands (module docstring)."""
    world = encounter.world
    here, there = position_now(encounter, victim), position_now(encounter, source)
    if world is None or here is None or there is None:
        return Flight(None, meters)
    leg = first_leg(encounter, world, victim, here, there)
    if leg is None:
        return nowhere_away(encounter, world, here, meters)
    return fly(encounter, world, victim, leg, meters)


def nowhere_away(encounter: Encounter, world: World, here: Position, meters: float) -> Flight:
    """No way leads away: the victim's own place stops it (a wall), sends it over (a rooftop
    edge), or lets it fly off over open ground beyond the map, back where it stood (G-245)."""
    if not here.at_place:
        return Flight(None, 0.0, meters) if walled(encounter, world, None) else Flight(None, meters)
    if world.is_solid(here.place) or walled(encounter, world, here.place):
        return Flight(None, 0.0, meters)
    if world.is_edge_of_roof(here.place):
        return Flight(None, meters, over_edge=here.place, to_ground=True)
    return Flight(None, meters)


def walled(encounter: Encounter, world: World, place: str | None) -> bool:
    """G-245 ``wall``: the map's ends (and a way back toward the attacker) are walls; a lone
    place with no edges is open ground still (the map says nothing around it)."""
    if encounter.defaults.of(ThrowFlightDefaults).G245_map_end != "wall":
        return False
    return place is None or bool(world.neighbors(place))


def fly(encounter: Encounter, world: World, victim: str, leg: Leg, meters: float) -> Flight:
    """Fly ``meters`` from the start of ``leg`` on, place after place (G-245, G-246)."""
    left, over = meters, None
    for _ in range(MAX_LEGS):
        if left < leg.meters - _SNAP:
            length = float(world.edge_length(leg.came, leg.at))
            return Flight(Position(leg.came, leg.at, length - leg.meters + left), meters, 0.0, over)
        left = max(0.0, left - leg.meters)
        if world.is_solid(leg.at):
            return Flight(Position(leg.at), meters - left, left, over)
        if left <= _SNAP:
            return Flight(Position(leg.at), meters, 0.0, over)
        over = leg.at if world.is_edge_of_roof(leg.at) else over
        onward = way_on(encounter, world, victim, leg)
        if onward is None:
            return map_end(encounter, world, leg.at, meters, left, over)
        leg = Leg(leg.at, onward, float(world.edge_length(leg.at, onward)))
    return Flight(Position(leg.at), meters, 0.0, over)


def map_end(
    encounter: Encounter, world: World, place: str, meters: float, left: float, over: str | None
) -> Flight:
    """No way on from ``place``: open ground beyond (G-245), a wall under ``wall``, or the drop
    below a rooftop edge (G-249)."""
    if walled(encounter, world, place):
        return Flight(Position(place), meters - left, left, over)
    return Flight(Position(place), meters, 0.0, over, to_ground=over == place)


# --- which way (G-246, G-247) ----------------------------------------------------------------


def first_leg(
    encounter: Encounter, world: World, victim: str, here: Position, there: Position
) -> Leg | None:
    """G-247: the way away from the attacker toward the farthest landmark, or drawn."""
    legs = legs_from(world, here)
    if not legs:
        return None
    apart = float(world.position_distance(here, there))
    if apart <= _SNAP and encounter.defaults.of(ThrowFlightDefaults).G247_throw_way == "drawn":
        return drawn(encounter, victim, legs)
    scored = [(float(world.distance_to(there, landmark_of(world, leg))), leg) for leg in legs]
    away = [(score, leg) for score, leg in scored if score > apart + _SNAP]
    if not away:
        return None
    best = max(score for score, _ in away)
    return drawn(encounter, victim, [leg for score, leg in away if score >= best - _SNAP])


def legs_from(world: World, here: Position) -> list[Leg]:
    """Every way out of ``here``: each edge of its place, or either way along its edge."""
    if here.toward is None:
        return [
            Leg(here.place, n, float(world.edge_length(here.place, n)))
            for n in world.neighbors(here.place)
        ]
    length = float(world.edge_length(here.place, here.toward))
    return [
        Leg(here.place, here.toward, length - here.offset),
        Leg(here.toward, here.place, here.offset),
    ]


def landmark_of(world: World, leg: Leg) -> str:
    """The landmark the way of ``leg`` leads to (G-248: places only passed are passed)."""
    return world.landmark_past(leg.came, leg.at)[0]


def way_on(encounter: Encounter, world: World, victim: str, leg: Leg) -> str | None:
    """G-246: the way on from ``leg.at`` that bends least, within ``G246_throw_bend`` degrees;
    without coordinates, the other way of a place of two ways; ``None``: no way on."""
    others = [n for n in world.neighbors(leg.at) if n != leg.came]
    bends = [world.bend(leg.came, leg.at, n) for n in others]
    if any(bend is None for bend in bends):
        return others[0] if len(others) == 1 else None
    limit = float(encounter.defaults.of(ThrowFlightDefaults).G246_throw_bend)
    straight = [(float(bend or 0.0), n) for bend, n in zip(bends, others, strict=True)]
    within = [(bend, n) for bend, n in straight if bend <= limit + _SNAP]
    if not within:
        return None
    least = min(bend for bend, _ in within)
    ties = [Leg(leg.at, n, 0.0) for bend, n in within if bend <= least + _SNAP]
    return drawn(encounter, victim, ties).at


def drawn(encounter: Encounter, victim: str, legs: list[Leg]) -> Leg:
    """One of ``legs``: the only one, or one drawn from ``victim``'s dice (G-247: never the
    map's order)."""
    if len(legs) == 1:
        return legs[0]
    face = int(encounter.dice_for(victim).face(len(legs)))
    return legs[face - 1]
