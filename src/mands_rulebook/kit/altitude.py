"""Altitude: how high above the ground a character is, and what reaches it up there (seed
"Jump Roll"; G-273, G-274, G-275).

Part of the movement rules (:mod:`mands_rulebook.movement.moving` is the plugin); contact
(:mod:`mands_rulebook.kit.crowding`) and range (:mod:`mands_rulebook.combat.range`) ask these.
Nothing here is a hook.

* **A flyer in flight** (G-273): from the segment its flight starts until it lands, a flyer is
  ``G273_flight_altitude`` meters above the point it has reached of the straight line it flies
  (G-67: from the start place's coordinates to the destination's, elevation included,
  :meth:`~mands_rulebook.kit.movement.pace.Pace.flight_point`; along the map, ``paths``, above its
  spot). Landing (the flight's end) brings it down; knocked out on the way, it falls from there
  (G-175, :func:`mands_rulebook.kit.falling.flyer_falls`).
* **A jumper** (seed "Jump Roll"): while in the air ("four times the height jumped ... on the
  Square Chart" segments from the jump), it is the height jumped above the ground.
* **Reaching up** (G-274 ``height``): seed "Jump Roll": "For purposes of grabbing something,
  characters can add up to their height to either the height jumped or the length jumped"; so
  a character reaches from its altitude up to its altitude plus its height — a jumper from the
  ground up to the height jumped plus its height, every height on the way — and two are in
  reach of each other when the altitudes they reach overlap. ``level``: a character reaches
  only G-65's reach (``G65_reach``) above its altitude.
* **Ranged attacks** (G-275 ``slant``): the distance to or from someone in the air is the slant
  over the ground distance and the difference in altitude.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final, Literal

from mands_rulebook.kit.movement.jumping import JUMP, Jumped
from mands_rulebook.kit.movement.pace import PaceDefaults
from mands_rulebook.kit.positions import current_pace, distance_now
from mands_sim.defaults import rule_default
from mands_sim.kernel.encounter import Encounter


@dataclass(frozen=True, slots=True)
class AltitudeDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-273, G-274, G-275."""

    G273_flight_altitude: float = rule_default(
        "G-273",
        "Meters above the ground a flyer is while its flight is under way (5.0, out of a "
        "standing man's reach and most jumps'); it lands when the flight ends. 0.0: flyers stay "
        "on the ground.",
        5.0,
        (5.0, 2.0, 10.0, 0.0),
    )
    G274_upward_reach: Literal["height", "level"] = rule_default(
        "G-274",
        "How high a character reaches for melee contact: from its feet up to its height above "
        "them, a jumper from the ground up to the height jumped and its height (seed 'Jump "
        "Roll': 'characters can add up to their height to ... the height jumped'), two being "
        "in reach when those overlap ('height'); or G-65's reach above its feet ('level').",
        "height",
        ("height", "level"),
    )
    G275_altitude_range: Literal["slant", "ground"] = rule_default(
        "G-275",
        "The distance of a ranged attack (range, Range Sets, sight) to or from someone in the "
        "air: the straight slant over the ground distance and the difference in altitude "
        "('slant'), or the ground distance alone ('ground').",
        "slant",
        ("slant", "ground"),
    )


_SNAP: Final = 1e-9
"""Meters: float rounding, not height."""


def altitude_now(encounter: Encounter, who: str) -> float:
    """Meters above the ground ``who`` is now: a flight's altitude (G-273), a jump's height, or
    0 standing."""
    return max(flight_altitude(encounter, who), jump_altitude(encounter, who))


def flight_altitude(encounter: Encounter, who: str) -> float:
    """G-273: while ``who``'s flight is under way, ``G273_flight_altitude`` above the point of
    the line it has reached (G-67); 0 once landed or not flying."""
    pace = current_pace(encounter, who)
    world = encounter.world
    if pace is None or not pace.fly or world is None or encounter.now >= pace.arrival(world):
        return 0.0
    return max(0.0, float(encounter.defaults.of(AltitudeDefaults).G273_flight_altitude))


def jump_altitude(encounter: Encounter, who: str) -> float:
    """Seed "Jump Roll": the height jumped, while the jumper is in the air."""
    for action in encounter.state[who].actions:
        jumped = action.prepared.get(JUMP.name) if action.name == JUMP.name else None
        if isinstance(jumped, Jumped) and encounter.now < jumped.segment + jumped.air_segments:
            return jumped.height_cm / 100
    return 0.0


def vertical_span(encounter: Encounter, who: str) -> tuple[float, float]:
    """The altitudes ``who`` reaches now, lowest and highest (G-274): from its feet up to its
    height above them (``level``: G-65's reach); a jumper from the ground, which it leaves and
    comes back to, up to the height jumped and that (seed "Jump Roll": "up to")."""
    top = upward_reach(encounter, who)
    flying = flight_altitude(encounter, who)
    if flying > 0:
        return flying, flying + top
    return 0.0, jump_altitude(encounter, who) + top


def upward_reach(encounter: Encounter, who: str) -> float:
    """G-274: how far above its feet ``who`` reaches: its height (``height``), or G-65's reach
    (``level``)."""
    if encounter.defaults.of(AltitudeDefaults).G274_upward_reach == "level":
        return float(encounter.defaults.of(PaceDefaults).G65_reach)
    return float(encounter.character(who).sheet.attributes.height)


def within_reach_above(encounter: Encounter, one: str, other: str) -> bool:
    """Whether the altitudes the two reach overlap (G-274): a flyer in flight is out of a
    grounded man's reach, not of another flyer's or of a high enough jump."""
    if altitude_now(encounter, one) == 0 and altitude_now(encounter, other) == 0:
        return True  # both on the ground: each reaches the other's feet
    (low, high), (other_low, other_high) = (vertical_span(encounter, w) for w in (one, other))
    return max(low, other_low) <= min(high, other_high) + _SNAP


def altitude_gap(encounter: Encounter, one: str, other: str) -> float:
    """Meters between the two characters' altitudes."""
    return abs(altitude_now(encounter, one) - altitude_now(encounter, other))


def slant_distance(encounter: Encounter, one: str, other: str) -> float:
    """G-275 ``slant``: the ground distance and the altitude gap, as one straight line;
    ``ground``: the ground distance alone."""
    ground = distance_now(encounter, one, other)
    if encounter.defaults.of(AltitudeDefaults).G275_altitude_range == "ground" or math.isinf(
        ground
    ):
        return ground
    return math.hypot(ground, altitude_gap(encounter, one, other))
