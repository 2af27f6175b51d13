"""Falls from a height: elevation on the map, the fall's damage and the Falling skill (seed
"Falling", "Throwback Roll"; ``docs/rules/decisions.md`` G-174, G-175).

These are the rules :mod:`mands_rulebook.movement.falling` registers: the hooks named below are
that plugin's; nothing here is a hook.

:mod:`mands_rulebook.combat.throwback` asks :func:`thrown_fall` when a blow throws someone to lower
ground, and :mod:`mands_rulebook.combat.out_of_action` asks :func:`flyer_falls` when a character
goes out of action in flight in its condition check. As a plugin of its own it adjusts every
resolution (``mands_resolution_adjust``, G-176): whatever action puts a flyer out of action (an
absorption faint, a charm, a Death Touch …), the flyer falls as after a failed condition check.

* **Where a character stands** has a height: a place's ``elevation``, and part-way along an edge
  the height between its two ends in proportion (:func:`position_elevation`) — a slope — except
  past a rooftop ``edge`` (G-249 ``cliff``): there the ground is the lower end's, a drop.
* **Thrown back** (G-174): a victim thrown from a higher spot to a lower one falls the difference;
  thrown over a rooftop edge at the map's end, it falls to ground level (0 m, G-249). Level
  ground, however it is drawn, never makes a fall.
* **Out of action in flight** (G-175 ``under``): a flyer knocked out or killed before it lands
  falls from where its straight flight has got to (G-67: the line between the two places'
  elevations) and its altitude above that line (G-273, :mod:`mands_rulebook.kit.altitude`) onto
  the ground under that point — the spot of the drawn map nearest it over the ground
  (:meth:`World.ground_under <mands_sim.world.World.ground_under>`) — and lands there, so how
  the ground below is divided into places does not move where it comes down; ``line``: to the
  lower of the flight's two ends; ``none``: it glides down unharmed.
  G-176 ``any``: out of action by any action's events, except by its own choice (``fled``,
  ``surrendered``); ``condition-check``: only in its condition check.
* **Time in the air**: seed "Throwback Roll" ("assume that the character is at a height equal to
  half the character's height. Multiply this by 4 ... and look this up on the Square Column for
  the number of segments in the air"): four times the height fallen, on the Square chart, at
  least 1 segment.
* **Damage** (G-174 ``meters``): one point per meter fallen, rounded up, bludgeoning, through
  :func:`mands_rulebook.kit.damage.strike` — as G-68 turns the meters of a throw stopped short into
  damage; ``none``: a fall does no damage. Seed "Falling": "When the character falls, damage
  can be reduced by skill level. The character must have 10 segments to prepare": a conscious
  faller with at least 10 segments in the air takes its Falling level off.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Final, Literal

from mands_rulebook.kit.altitude import flight_altitude
from mands_rulebook.kit.damage import Blow, strike
from mands_rulebook.kit.movement.pace import Pace
from mands_rulebook.kit.positions import current_pace
from mands_rulebook.kit.skills import falling_damage, skill_level
from mands_rulebook.kit.throw_flight import Flight
from mands_sim.defaults import rule_default
from mands_sim.events import Event, Moved, OutOfAction
from mands_sim.kernel.encounter import Encounter
from mands_sim.metrics import Metric, one_for
from mands_sim.world import Point, Position, World


@dataclass(frozen=True, slots=True)
class FallingDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-249, G-174, G-175."""

    G249_rooftop_edge: Literal["cliff", "slope"] = rule_default(
        "G-249",
        "Height along an edge from a rooftop 'edge' place: the lower end's at once, a drop, so "
        "a victim thrown over it falls the whole height ('cliff'); or in proportion, a slope "
        "('slope'). A throw over a rooftop edge at the map's end falls to ground level.",
        "cliff",
        ("cliff", "slope"),
    )
    G174_fall_damage: Literal["meters", "none"] = rule_default(
        "G-174",
        "A fall's damage: one bludgeoning point per meter fallen, rounded up (as G-68's meters "
        "of a throw stopped short), less the Falling level with 10 segments to prepare "
        "('meters'), or none ('none').",
        "meters",
        ("meters", "none"),
    )
    G175_flyer_falls: Literal["under", "line", "none"] = rule_default(
        "G-175",
        "A flyer out of action before it lands falls from where its straight flight has got to "
        "onto the ground under that point, the nearest spot of the drawn map ('under'), down to "
        "the lower end of the flight ('line'), or glides down unharmed ('none').",
        "under",
        ("under", "line", "none"),
    )


FALL: Final = "fall"
"""The ``source`` of a fall's damage, and the ``reason`` of a fallen flyer's ``Moved``."""


FALLING: Final = "Falling"
"""Seed skill "Falling (3d6)"."""


THROWN_BACK: Final = "thrown back"


OUT_IN_FLIGHT: Final = "out of action in flight"


CHOSEN: Final = frozenset({"fled", "surrendered"})
"""G-176: out of action by the character's own choice; a flyer leaving so is not knocked out."""


AIR_TIME_FACTOR: Final = 4
"""Seed "Throwback Roll": the height "Multiply this by 4 ... on the Square Column"."""


_SNAP: Final = 1e-9
"""Meters: float rounding, not height."""


@dataclass(frozen=True, slots=True)
class Fell(Event):
    """A fall from a height (seed "Falling"; ``docs/rules/decisions.md`` G-174, G-175):
    ``meters`` down, ``segments`` in the air (seed "Throwback Roll": four times the height on
    the Square chart), and the damage the Falling skill took off; the damage itself is a
    ``DamageTaken`` from ``"fall"``. ``cause``: ``thrown back`` or ``out of action in flight``."""

    kind: ClassVar[str] = "fall"
    character: str
    cause: str
    meters: float
    segments: int
    skill_reduction: int = 0

    def narrative(self) -> str:
        eased = f", {self.skill_reduction} less damage for Falling" if self.skill_reduction else ""
        return f"{self.character} falls {self.meters:g} m ({self.cause}){eased}."


FALLS: Final = Metric("falls", {Fell: one_for("character")}, summary="falls from a height")
"""Counted for whom fell; the report gives it per run."""


def position_elevation(world: World, position: Position, *, cliffs: bool = True) -> float:
    """The height of a spot: its place's elevation, or along an edge in proportion; with
    ``cliffs`` (G-249 ``cliff``), past a higher end that is a rooftop edge, the lower end's."""
    here = float(world.elevation(position.place))
    if position.toward is None:
        return here
    there = float(world.elevation(position.toward))
    high = position.place if here > there else position.toward
    if cliffs and here != there and world.is_edge_of_roof(high):
        return min(here, there)
    length = float(world.edge_length(position.place, position.toward))
    return here + (there - here) * min(1.0, position.offset / length)


def air_time(encounter: Encounter, meters: float) -> int:
    """Segments in the air: 4 × the height on the Square chart, at least 1 (seed)."""
    return max(1, int(encounter.charts.action.square(AIR_TIME_FACTOR * meters)))


def fall_events(
    encounter: Encounter,
    victim: str,
    meters: float,
    cause: str,
    *,
    conscious: bool,
    pending: Sequence[Event] = (),
) -> list[Event]:
    """A fall of ``meters``: the :class:`Fell` and its damage (G-174), after
    the ``pending`` events (not applied yet) have changed the victim's VP and DP."""
    if meters <= _SNAP:
        return []
    segments = air_time(encounter, meters)
    raw = (
        math.ceil(meters - _SNAP)
        if encounter.defaults.of(FallingDefaults).G174_fall_damage == "meters"
        else 0
    )
    level = skill_level(encounter.character(victim).sheet, FALLING) if conscious else 0
    eased = falling_damage(raw, level, segments)
    fell = Fell(encounter.now, victim, cause, round(meters, 2), segments, raw - eased)
    if eased <= 0:
        return [fell]
    return [fell, *strike(encounter, victim, Blow(raw=eased, source=FALL), pending)]


def thrown_fall(
    encounter: Encounter,
    victim: str,
    start: Position | None,
    flight: Flight,
    pending: Sequence[Event],
) -> list[Event]:
    """A victim thrown from ``start`` to a lower landing falls the difference; over a rooftop
    edge at the map's end, down to ground level (G-249)."""
    world = encounter.world
    if world is None or start is None:
        return []
    cliffs = encounter.defaults.of(FallingDefaults).G249_rooftop_edge == "cliff"
    high = position_elevation(world, start, cliffs=cliffs)
    if flight.to_ground:
        low = 0.0
    elif flight.landing is None:
        return []
    else:
        low = position_elevation(world, flight.landing, cliffs=cliffs)
    return fall_events(encounter, victim, high - low, THROWN_BACK, conscious=True, pending=pending)


def flyer_falls(encounter: Encounter, actor: str, pending: Sequence[Event]) -> list[Event]:
    """G-175: a flyer the ``pending`` events put out of action before it landed falls onto the
    ground under the point its flight has reached (``line``: the flight's lower end) and lands
    there."""
    if not any(isinstance(e, OutOfAction) and e.character == actor for e in pending):
        return []
    pace = current_pace(encounter, actor)
    world = encounter.world
    if (
        encounter.defaults.of(FallingDefaults).G175_flyer_falls == "none"
        or pace is None
        or not pace.fly
    ):
        return []
    assert world is not None  # a pace needs a map
    if encounter.now >= pace.arrival(world):
        return []
    point = pace.flight_point(world, encounter.now)  # G-67: where the line has got to
    height = (
        point[2] if point else position_elevation(world, pace.position_at(world, encounter.now))
    )
    landing = landing_spot(encounter, pace, point, height + flight_altitude(encounter, actor))
    drop = height + flight_altitude(encounter, actor) - position_elevation(world, landing)
    landed = Moved(encounter.now, actor, landing.place, landing.toward, landing.offset, FALL)
    fall = fall_events(encounter, actor, drop, OUT_IN_FLIGHT, conscious=False, pending=pending)
    return [landed, *fall] if fall else [landed]


def landing_spot(
    encounter: Encounter, pace: Pace, point: Point | None, falls_from: float
) -> Position:
    """Where a flyer falling from ``point`` (``falls_from`` meters up) lands: the ground under
    it, the nearest spot of the map no higher than that (G-175 ``under``), or, under ``line`` or
    without coordinates, the lower end of its flight."""
    world = encounter.world
    assert world is not None
    if encounter.defaults.of(FallingDefaults).G175_flyer_falls == "under" and point is not None:
        under: Position | None = world.ground_under(point[0], point[1], below=falls_from)
        if under is not None:
            return under
    low: str = min((pace.start.place, pace.destination), key=world.elevation)
    return Position(low)


def knocked_out_falls(encounter: Encounter, events: Sequence[Event]) -> list[Event]:
    """``events`` with each knocked-out flyer's fall after its ``OutOfAction`` (none for those
    out by their own choice, :data:`CHOSEN`, nor for one whose fall is already there)."""
    result: list[Event] = []
    for index, event in enumerate(events):
        result.append(event)
        if not isinstance(event, OutOfAction) or event.condition in CHOSEN:
            continue
        if not fallen(events[index + 1 :], event.character):
            result += flyer_falls(encounter, event.character, result)
    return result


def fallen(events: Sequence[Event], who: str) -> bool:
    """Whether ``events`` already land ``who`` from a fall."""
    return any(isinstance(e, Moved) and e.character == who and e.reason == FALL for e in events)
