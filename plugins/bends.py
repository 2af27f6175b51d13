"""The bends of a run's way (seed "Move Roll"; G-66, G-163, G-276).

Part of the movement rules (:mod:`mands_rulebook.movement` is the plugin, and asks these when a
Move Roll sets a run on its way). Nothing here is a hook.

Seed "Move Roll": "The Quality can be applied to ... turning" — "1 Q point per 45 degree turn".
A run follows the map's way to its destination; where that way bends (at a landmark with
coordinates, :meth:`mands_sim.world.World.bends_on_the_way`), the runner turns, and a turn
drawn into the map costs what the same turn costs at a re-roll (G-276 ``pay``): 1 Q per 45°
(G-66: a part rounded up), up to Maneuverability's share of it free (G-163). The Move Roll that
sets the run on the way pays for its bends, in order, before its Q goes to speed, Defense and
EP; a bend it cannot pay for is where the run stops (the runner takes stock there, and a new
run pays for the rest). Places only passed (G-248) and places without coordinates bend nothing,
so drawing the same ground with more places changes no cost.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from mands_sim.kernel.encounter import Encounter
from mands_sim.world import Position, World

from .pace import Stride, quality_to_turn
from .skills.maneuverability import maneuverability_level, maneuverability_turning


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
) -> Bends:
    """G-276: each bend of the way from ``here`` to ``destination`` costs the Q the same turn
    costs at a re-roll (seed "1 Q point per 45 degree turn", G-66; up to ``free_per_turn`` of
    it free, seed "Maneuverability"), paid in order from ``quality``; the run stops at the
    first bend it cannot pay for."""
    paid = free = 0
    for place, degrees in world.bends_on_the_way(here, destination):
        turn = quality_to_turn(degrees, rounding)
        eased = min(turn, free_per_turn)
        if turn - eased > quality - paid:
            return Bends(paid, free, place)
        paid, free = paid + turn - eased, free + eased
    return Bends(paid, free)


def way_bends(encounter: Encounter, actor: str, here: Position, toward: str, quality: int) -> Bends:
    """G-276 ``pay``: the bends of the way from ``here`` to ``toward``, paid from ``quality``
    as a re-roll pays a turn (G-66 rounding, Maneuverability's free share)."""
    if encounter.defaults.G276_path_turns != "pay" or encounter.world is None:
        return Bends()
    free = maneuverability_turning(maneuverability_level(encounter, actor))
    rounding = encounter.defaults.G66_turn_rounding
    return pay_bends(encounter.world, here, toward, quality, free, rounding)


def bent(encounter: Encounter, stride: Stride, bends: Bends) -> Stride:
    """G-163 ``speed``: the bends' free Q comes off the speed, as at a re-roll."""
    if not bends.free or encounter.defaults.G163_maneuverability_turn != "speed":
        return stride
    return replace(stride, speed_quality=max(0, stride.speed_quality - bends.free))
