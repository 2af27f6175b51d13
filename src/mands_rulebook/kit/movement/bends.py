"""The bends of a run's way, and which way among equally short ones (seed "Move Roll"; G-66,
G-163, G-276, G-277).

Part of the movement rules (:mod:`mands_rulebook.movement.moving` is the plugin, and asks these when
a Move Roll sets a run on its way). Nothing here is a hook.

Seed "Move Roll": "The Quality can be applied to ... turning" — "1 Q point per 45 degree turn".
A run follows the map's way to its destination; where that way bends (at a landmark with
coordinates, :meth:`mands_sim.world.World.bends_on_the_way`), the runner turns, and a turn
drawn into the map costs what the same turn costs at a re-roll (G-276 ``pay``): 1 Q per 45°
(G-66: a part rounded up), up to Maneuverability's share of it free (G-163). The Move Roll that
sets the run on the way pays for its bends, in order, before its Q goes to speed, Defense and
EP; a bend it cannot pay for is where the run stops (the runner takes stock there, and a new
run pays for the rest). Places only passed (G-248) and places without coordinates bend nothing,
so drawing the same ground with more places changes no cost.

Which way (G-277): where the map has equally short ways to a place (round a block either side),
the run takes the one that turns least, and among those one drawn from the runner's dice
(:func:`choose_way`), never the one the map happens to list first. The way chosen is the run's
(:attr:`Pace.way <mands_rulebook.kit.movement.pace.Pace.way>`): where it is, and what a re-roll
keeps.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from mands_rulebook.kit.movement.maneuverability import (
    maneuverability_level,
    maneuverability_turning,
)
from mands_rulebook.kit.movement.pace import PaceDefaults, Stride, quality_to_turn
from mands_sim.defaults import rule_default
from mands_sim.kernel.encounter import Encounter
from mands_sim.world import Position, World


@dataclass(frozen=True, slots=True)
class BendDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-276, G-277, G-163."""

    G276_path_turns: Literal["pay", "free"] = rule_default(
        "G-276",
        "A run pays for the bends of the way it takes, at each landmark with coordinates the "
        "Q the same turn costs at a re-roll (1 Q per 45 degrees, G-66; Maneuverability's free "
        "share, G-163), from the Move Roll that sets it on that way; a bend it cannot pay for "
        "is where it stops ('pay'); or the way's bends cost nothing ('free').",
        "pay",
        ("pay", "free"),
    )
    G277_way_ties: Literal["turns", "drawn"] = rule_default(
        "G-277",
        "Among equally short ways to a place, a run takes one that turns least (G-276's Q), "
        "and among those one drawn from the runner's dice ('turns'); or one drawn among them "
        "all ('drawn'). Never the map's order of places or edges.",
        "turns",
        ("turns", "drawn"),
    )
    G163_maneuverability_turn: Literal["free", "speed"] = rule_default(
        "G-163",
        "Maneuverability: up to half level (rounded down) of a re-roll's turning Q is moved "
        "speed Q, so the turn costs no roll Q and the speed is kept ('free', seed "
        "'Maneuverability': 'reducing movement Q in one direction and adding it to another'), "
        "or it costs no roll Q but comes off the speed Q ('speed').",
        "free",
        ("free", "speed"),
    )


@dataclass(frozen=True, slots=True)
class Bends:
    """What the bends of a run's way cost (G-276): the Q paid, the Q Maneuverability made free
    (G-163), and the bend the run stops at because its Q could not pay for it."""

    quality: int = 0
    free: int = 0
    stop: str | None = None


def pay_bends(
    world: World,
    here: Position,
    destination: str,
    quality: int,
    free_per_turn: int = 0,
    rounding: str = "up",
    way: tuple[str, ...] = (),
) -> Bends:
    """G-276: each bend of the way from ``here`` to ``destination`` costs the Q the same turn
    costs at a re-roll (seed "1 Q point per 45 degree turn", G-66; up to ``free_per_turn`` of
    it free, seed "Maneuverability"), paid in order from ``quality``; the run stops at the
    first bend it cannot pay for."""
    paid = free = 0
    for place, degrees in world.bends_on_the_way(here, destination, way):
        turn = quality_to_turn(degrees, rounding)
        eased = min(turn, free_per_turn)
        if turn - eased > quality - paid:
            return Bends(paid, free, place)
        paid, free = paid + turn - eased, free + eased
    return Bends(paid, free)


def way_bends(
    encounter: Encounter,
    actor: str,
    here: Position,
    toward: str,
    quality: int,
    way: tuple[str, ...] = (),
) -> Bends:
    """G-276 ``pay``: the bends of the way from ``here`` to ``toward`` (the map's shortest, or
    ``way``), paid from ``quality`` as a re-roll pays a turn (G-66 rounding, Maneuverability's
    free share)."""
    if encounter.defaults.of(BendDefaults).G276_path_turns != "pay" or encounter.world is None:
        return Bends()
    free = maneuverability_turning(maneuverability_level(encounter, actor))
    rounding = encounter.defaults.of(PaceDefaults).G66_turn_rounding
    return pay_bends(encounter.world, here, toward, quality, free, rounding, way)


def choose_way(encounter: Encounter, actor: str, here: Position, toward: str) -> tuple[str, ...]:
    """G-277 ``turns``: among equally short ways, those that turn least (their bends' Q, as
    G-276 counts it), and among those one drawn from ``actor``'s dice; ``drawn``: one drawn
    among them all. Never the map's order. ``()``: there is only the one way."""
    world = encounter.world
    if world is None:
        return ()
    ways: tuple[tuple[str, ...], ...] = world.shortest_ways(here, toward)
    if len(ways) <= 1:
        return ()
    if encounter.defaults.of(BendDefaults).G277_way_ties == "turns":
        rounding = encounter.defaults.of(PaceDefaults).G66_turn_rounding
        costs = [turning(world, here, toward, way, rounding) for way in ways]
        ways = tuple(way for way, cost in zip(ways, costs, strict=True) if cost == min(costs))
    if len(ways) == 1:
        return ways[0]
    return ways[int(encounter.dice_for(actor).face(len(ways))) - 1]


def turning(world: World, here: Position, toward: str, way: tuple[str, ...], rounding: str) -> int:
    """The Q the bends of ``way`` cost, none of it free."""
    bends = world.bends_on_the_way(here, toward, way)
    return sum(quality_to_turn(degrees, rounding) for _, degrees in bends)


def up_to(way: tuple[str, ...], stop: str | None) -> tuple[str, ...]:
    """``way`` cut at ``stop``, the bend a run could not pay for (G-276)."""
    return way[: way.index(stop) + 1] if stop is not None and stop in way else way


def bent(encounter: Encounter, stride: Stride, bends: Bends) -> Stride:
    """G-163 ``speed``: the bends' free Q comes off the speed, as at a re-roll."""
    if not bends.free or encounter.defaults.of(BendDefaults).G163_maneuverability_turn != "speed":
        return stride
    return replace(stride, speed_quality=max(0, stride.speed_quality - bends.free))
