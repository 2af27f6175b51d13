"""Thrown objects: aiming at a spot, the Lift Roll and the Throw Roll (``docs/rules/combat.md`` §15;
seed "Lift Roll", "Throw Roll"; ``docs/rules/decisions.md`` G-21, G-24; G-84).

These are the rules :mod:`mands_rulebook.combat.thrown_objects` registers: the hooks named below are
that plugin's; nothing here is a hook.

* :func:`aim_at_spot` (G-24): "A Combat Roll must still be made to hit a specific distance or
  location" (seed "Throw Roll"): the thrower's Combat Roll against Defense 0, its whole Q on
  Attack (a failure's Attack share, §5), plus any bonus (Anti-Matter's "bonus of 3 to Attack,
  since it isn't really being thrown, but created at the target spot"). A miss scatters the
  impact by the shortfall (Defense 0 − Attack) read Result → Sphere, in meters, "in a random
  direction": toward one of the places next to the spot's nearest place, in map order, picked
  by a die from the thrower's substream (no die when there is one way; none on a map without
  ways, where it lands on the spot). The scatter stops at that place rather than overshoot.
  Aiming at a spot has no range penalty (no source gives ranges for it).
* ``lift-and-throw`` (intent option ``mass``: the object's kilograms; ``target``: whom it is
  thrown at):

  1. the **Lift Roll** (seed): vs. Strength − 9 + Mass (Sphere) (the figured ``lift_roll``),
     pool from the ``"lift"`` modifiers; "The Quality must be the object's mass (Sphere
     Chart)". Short of it the object is not lifted: 10 segments ("The Performance Time for a
     Lift is 10 segments"), 1 EP ("A failure costs 1 EP", row 5), nothing thrown. Spare Q
     lowers the Lift's EP row from row 9 (seed "EP Cost"; G-84: all of it to EP);
  2. the **Throw Roll** as ``mands_rulebook.combat.weapons`` reads it (G-21): the distance, and EP
     row 9 (5 EP: the failure's "EP Cost is 5"; all spare Q went to distance); a target
     farther than the throw is not reached (``fell short``);
  3. a **Combat Roll** against the target as a thrown weapon's (G-21: Short Range = the throw,
     which is also the object's Maximum Range, so no Range-Set penalty; the sight modifier as
     ``mands_rulebook.combat.range`` gives it; the Combat Roll's row 5), its Q spent by the mind;
  4. the Performance Time is the Lift's 10 plus the throw's 15 (G-84: a punch's, as the
     weapon table's rock), speed Q shortening the throw; the object hits as a bludgeoning
     :class:`~mands_rulebook.kit.damage.Blow` of G-84 damage plus the damage Q.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import ClassVar, Final, Literal

from mands_rulebook.kit.damage import Blow, strike
from mands_rulebook.kit.editing_points.rolls import character_roll
from mands_rulebook.kit.fists import (
    COMBAT_ROLL_ROW,
    combat_roll,
    new_defense,
    prepare_blow,
    roll_event,
    spend_quality,
)
from mands_rulebook.kit.range import distance, in_sight
from mands_rulebook.kit.weapons.table import THROWN, Ranges, Weapon
from mands_rulebook.kit.weapons.thrown import THROWN_RANGES_OPTION, throw_roll
from mands_sim.actions import (
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    Intent,
)
from mands_sim.defaults import rule_default
from mands_sim.events import AttackResolved, Event, QualityAllocated, RollMade
from mands_sim.kernel.contracts import Charge, Initiation
from mands_sim.kernel.encounter import Encounter
from mands_sim.rolls import (
    ActionRoll,
    reduced_performance_time,
    spread_negative_quality,
)
from mands_sim.world import Position


@dataclass(frozen=True, slots=True)
class ThrownObjectDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-84, G-24, G-293."""

    G84_thrown_object_damage: Literal["hand_and_mass", "mass"] = rule_default(
        "G-84",
        "A thrown object's damage: the thrower's Hand Damage plus the object's Mass / 10 on "
        "the Doubles chart (never below 0) ('hand_and_mass'), or the Mass term alone ('mass').",
        "hand_and_mass",
        ("hand_and_mass", "mass"),
    )
    G24_scatter_distance: Literal["sphere", "meters"] = rule_default(
        "G-24",
        "A thrown object missing its spot scatters by the Attack's shortfall read Result -> "
        "Sphere meters ('sphere': 10 short, 14 m) or by the shortfall itself in meters "
        "('meters': 10 m).",
        "sphere",
        ("sphere", "meters"),
    )
    G293_scatter_direction: Literal["clock", "ways"] = rule_default(
        "G-293",
        "Which way a thrown object missing its spot scatters (G-24): in the direction of the "
        "hour a d12 gives on a clock face laid over the map (12: north, +y), landing on the "
        "ground of the map nearest that point ('clock'; at a spot without coordinates as "
        "'ways'), or toward one of the landmarks next to the spot picked by a die over the "
        "ways out, stopping at it ('ways').",
        "clock",
        ("clock", "ways"),
    )


SPOT_DEFENSE: Final = 0
"""G-24: a spot is hit by an Attack of at least 0."""


MASS_OPTION: Final = "mass"
"""``Intent.options`` key of ``lift-and-throw``: the object's mass in kilograms."""


LIFT_TIME: Final = 10
"""Seed "Lift Roll": "The Performance Time for a Lift is 10 segments."."""


THROW_TIME: Final = 15
"""G-84: the throw takes a punch's 15 segments (``docs/rules/charts.md`` §8; the rock's, G-42)."""


LIFT_ROW: Final = 9
"""Seed "EP Cost": an action's EP starts at row 9; spare Lift Q lowers it (G-84)."""


LIFT_FAILURE_ROW: Final = 5
"""Seed "Lift Roll": "A failure costs 1 EP" (row 5)."""


THROW_ROW: Final = 9
"""Seed "Throw Roll": "The EP Cost is 5" (row 9) — all spare Q goes to distance (G-21)."""


THROWING: Final = "Throwing"
"""The object's combat skill (:func:`stand_in`): what Editing Points on its Combat Roll train."""


LIFT_ROLL: Final = "Lift Roll"
"""What Editing Points on a Lift Roll train (seed 000: "whatever the roll was for")."""


LIFT_AND_THROW = ActionDefinition(
    name="lift-and-throw",
    performance_time=LIFT_TIME + THROW_TIME,
    ep_row=COMBAT_ROLL_ROW,
    needs_target=True,
    summary="Lift an object (options.mass, kg) and throw it at someone: Lift Roll, Throw Roll, "
    "Combat Roll (seed Lift Roll, Throw Roll; G-21, G-84).",
    options=(ActionOption(MASS_OPTION, "number", "the mass of the object thrown, in kilograms"),),
)


@dataclass(frozen=True, slots=True)
class Landing:
    """Where an object aimed at ``aimed_at`` came down (G-24)."""

    aimed_at: Position
    landed: Position
    hit: bool
    scatter: float
    """Meters off the spot (0 on a hit)."""
    way: str | None
    """The neighbouring place it scattered toward (``None``: on the spot)."""


@dataclass(frozen=True, slots=True)
class ObjectLanded(Event):
    """Something ``character`` threw or sent at a spot came down (G-24)."""

    kind: ClassVar[str] = "object-landed"
    character: str
    what: str
    aimed_place: str
    place: str
    toward: str | None
    offset: float
    scatter: float


def aim_at_spot(
    encounter: Encounter, actor: str, intent: Intent, spot: Position, attack_bonus: int = 0
) -> tuple[ActionRoll, Landing]:
    """G-24: the Combat Roll against Defense 0; a miss scatters the impact."""
    roll = combat_roll(encounter, actor, intent, improves=THROWING)
    attack = spot_attack(roll) + attack_bonus
    if attack >= SPOT_DEFENSE:
        return roll, Landing(spot, spot, True, 0.0, None)
    meters = scatter_meters(encounter, SPOT_DEFENSE - attack)
    scattered = clock_scatter(encounter, actor, spot, meters)
    if scattered is not None:
        return roll, Landing(spot, scattered, False, meters, None)
    way = scatter_way(encounter, actor, spot)
    landed = spot if way is None else encounter.need_world().advance(spot, way, meters)
    return roll, Landing(spot, landed, False, meters, way)


CLOCK_HOURS: Final = 12
"""G-293 ``clock``: a d12 gives the hour on a clock face laid over the map (12: north, +y)."""


def clock_scatter(
    encounter: Encounter, actor: str, spot: Position, meters: float
) -> Position | None:
    """G-293 ``clock``: ``meters`` from the spot's coordinates toward the hour a d12 from
    ``actor``'s substream gives, onto the ground of the map nearest that point
    (:meth:`World.ground_under <mands_sim.world.World.ground_under>`); ``None`` under ``ways``
    or where the spot has no coordinates."""
    world = encounter.world
    if (
        world is None
        or encounter.defaults.of(ThrownObjectDefaults).G293_scatter_direction != "clock"
    ):
        return None
    point = world.point_of(spot)
    if point is None:
        return None
    hour = encounter.dice_for(actor).face(CLOCK_HOURS)
    angle = 2 * math.pi * hour / CLOCK_HOURS
    x, y = point[0] + meters * math.sin(angle), point[1] + meters * math.cos(angle)
    landed: Position | None = world.ground_under(x, y, below=point[2])
    return landed


def scatter_meters(encounter: Encounter, shortfall: int) -> float:
    """G-24: a miss's shortfall read Result → Sphere meters (``G24_scatter_distance``
    ``sphere``), or the shortfall itself in meters (``meters``)."""
    if encounter.defaults.of(ThrownObjectDefaults).G24_scatter_distance == "meters":
        return float(shortfall)
    return float(encounter.charts.action.from_result("sphere", shortfall, magnitude=True))


def spot_attack(roll: ActionRoll) -> int:
    """A success's whole Q; a failure's Attack share (§5, G-14)."""
    return roll.quality if roll.succeeded else spread_negative_quality(roll.quality).attack


def scatter_way(encounter: Encounter, actor: str, spot: Position) -> str | None:
    """G-24's random direction: a landmark one way from the spot's nearest landmark (G-248), in
    map order, picked by a die from ``actor``'s substream (no die for a single way)."""
    world = encounter.world
    if world is None:
        return None
    order = world.places
    ways = sorted(world.ways_out(world.nearest_place(spot)), key=order.index)
    if len(ways) <= 1:
        return ways[0] if ways else None
    return str(ways[encounter.dice_for(actor).face(len(ways)) - 1])


def landed_event(encounter: Encounter, actor: str, what: str, landing: Landing) -> ObjectLanded:
    where = landing.landed
    return ObjectLanded(
        encounter.now,
        actor,
        what,
        landing.aimed_at.place,
        where.place,
        where.toward,
        where.offset,
        landing.scatter,
    )


def object_mass(intent: Intent) -> float:
    return intent.number(MASS_OPTION, 0.0)


def stand_in(mass: float) -> Weapon:
    """The object as a thrown weapon, so the Throw Roll reads it as ``weapons`` does (G-21)."""
    return Weapon("object", THROWING, THROWN, 0, THROW_TIME, 1, THROW_ROW, mass=mass)


def lift_roll(encounter: Encounter, actor: str, intent: Intent) -> ActionRoll:
    """Seed "Lift Roll": vs. Strength − 9 + Mass (Sphere), the ``"lift"`` pool modifiers."""
    target = encounter.figured(actor).lift_roll
    return character_roll(encounter, actor, intent, "lift", target=target, improves=LIFT_ROLL)


def object_damage(encounter: Encounter, actor: str, mass: float) -> int:
    """G-84: Mass ÷ 10 on the Doubles chart (seed "Hand Damage"'s mass term), never below 0,
    plus the thrower's Hand Damage under ``hand_and_mass``."""
    mass_term = max(0, int(encounter.charts.action.doubles(mass / 10)))
    if encounter.defaults.of(ThrownObjectDefaults).G84_thrown_object_damage == "mass":
        return mass_term
    return mass_term + int(encounter.figured(actor).hand_damage)


def rolled(encounter: Encounter, actor: str, purpose: str, roll: ActionRoll) -> RollMade:
    return roll_event(encounter, actor, roll, purpose)


def lift_and_throw(encounter: Encounter, actor: str, intent: Intent) -> Initiation:
    """Lift, throw, and (if the throw reaches) the Combat Roll; all rolled as the action starts."""
    mass = object_mass(intent)
    lift = lift_roll(encounter, actor, intent)
    spare = lift.quality - int(encounter.charts.action.sphere(mass))
    events: list[Event] = [rolled(encounter, actor, "lift roll", lift)]
    if spare < 0:
        charge = Charge(LIFT_FAILURE_ROW, "lift failed")
        return Initiation(LIFT_TIME, tuple(events), (charge,), {"outcome": "could not lift"})
    throw = throw_roll(encounter, actor, intent, stand_in(mass))
    events.append(rolled(encounter, actor, "throw roll", throw.roll))
    charges = [Charge(LIFT_ROW - spare, "lift"), Charge(THROW_ROW, "throw")]
    assert intent.target is not None
    if distance(encounter, actor, intent.target) > throw.distance:
        prepared = {"outcome": "fell short", "distance": throw.distance}
        return Initiation(LIFT_TIME + THROW_TIME, tuple(events), tuple(charges), prepared)
    return thrown_at(encounter, actor, intent, throw.distance, events, charges)


def thrown_at(
    encounter: Encounter,
    actor: str,
    intent: Intent,
    meters: float,
    events: list[Event],
    charges: list[Charge],
) -> Initiation:
    """The Combat Roll of a throw that reaches its target (G-21 ranges)."""
    ranges = Ranges(meters, meters / 2, meters)
    aimed = dataclasses.replace(intent, options={**intent.options, THROWN_RANGES_OPTION: ranges})
    roll = combat_roll(encounter, actor, aimed, improves=THROWING)
    allocation = spend_quality(encounter, actor, intent, roll.quality)
    a = allocation
    events += [
        roll_event(encounter, actor, roll),
        QualityAllocated(
            encounter.now, actor, LIFT_AND_THROW.name, a.attack, a.defense, a.speed, a.damage, a.ep
        ),
    ]
    charges.append(Charge(COMBAT_ROLL_ROW - allocation.ep, "combat roll"))
    throw_time = reduced_performance_time(THROW_TIME, allocation.speed, encounter.defaults)
    prepared: dict[str, object] = {
        **prepare_blow(encounter, actor, roll.quality, allocation),
        MASS_OPTION: object_mass(intent),
        "distance": meters,
    }
    return Initiation(LIFT_TIME + throw_time, tuple(events), tuple(charges), prepared)


def throw_lands(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """§6: Attack ≥ Defense hits; the object's G-84 damage plus the damage Q through ``strike``."""
    if "outcome" in action.prepared:
        return []
    target = action.intent.target
    assert target is not None
    attack = action.prepared.whole("attack")
    defense = encounter.state[target].defense
    hit = attack >= defense  # §6: ties hit
    events: list[Event] = [
        new_defense(encounter, actor, action),
        AttackResolved(encounter.now, actor, target, attack, defense, hit),
    ]
    if not hit:
        return events
    mass = action.prepared.number(MASS_OPTION)
    raw = max(0, object_damage(encounter, actor, mass) + action.prepared.whole("damage"))
    blow = Blow(raw=raw, source=actor, weapon=f"thrown object ({mass:g} kg)")
    return events + strike(encounter, target, blow)


def refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    mass = intent.options.get(MASS_OPTION)
    if isinstance(mass, bool) or not isinstance(mass, int | float) or not mass > 0:
        return ["lift-and-throw needs options.mass, the object's kilograms (> 0)"]
    target = intent.target
    if target is None or target == actor or target not in encounter.state.ids():
        return ["lift-and-throw needs someone else to throw at"]
    if not encounter.state[target].in_action:
        return [f"{target} is out of action"]
    return (
        [] if in_sight(encounter, actor, target) else [f"{actor} has no line of sight to {target}"]
    )


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    return lift_and_throw(encounter, actor, intent)


def resolve(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    return throw_lands(encounter, actor, action)
