"""Burrow (seed "Burrow"), on the power kit (``mands_rulebook.kit.powers``).

Seed: "This is the ability to burrow and tunnel through soil and ground. The character can move
through non-cohesive materials (like soil and dirt) easily. Basic Effects: (Movement). Movement:
Burrowing speed is normal movement, using PR as Move Q. When burrowing, divide this speed by the
density of the material being burrowed through. If the character attempts to burrow through
cohesive material (like wood, iron, cement), also multiply by the Skin Temper of the material."

* ``burrow-tunnel`` — tunnel underground to a place (``Intent.options``: ``toward``, a place on
  the map; ``density``, the material's density, default 1.5 for loose soil; ``skin_temper``, the
  Skin Temper row of a cohesive material, none for soil). G-111 reads it on the map: the speed is
  the movement PR as a speed Q on the Sphere chart (dm/segment, seed "Move Roll"), ÷ the density,
  × the material's Skin Temper multiplier if cohesive; the tunnel runs straight to the place
  (coordinates, else along the map) and the use completes when the burrower comes up there (a
  ``Moved`` event, reason ``burrowed``). It is active (the burrower digs) and sustained: it pays
  its row at the start and at each Payment Segment, as a run does (seed "EP Cost"), and rolls
  %Control each round (``mands_rulebook.powers.control``); a lost roll leaves the burrower where it
  started. While it tunnels no one can target it (underground, out of sight and reach), and it
  cannot start while the character is running. PR on ``speed`` does nothing here: the tunnel's
  time is its length over the speed. Default spend: all PR on movement (PR 10 → 9 dm/segment on
  the Sphere chart; through soil ÷ 1.5 → 6 dm/segment, 24 m in 40 segments).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Final

from mands_rulebook.kit.control import LOST_CONTROL, POWER_OPTION
from mands_rulebook.kit.movement.pace import dm_per_segment
from mands_rulebook.kit.positions import position_now, running_pace
from mands_rulebook.kit.powers import chosen_spend, power_refusals, register_power_actions
from mands_rulebook.kit.powers.uses import (
    ACTIVE_TIME,
    POWER_ROW,
    RULES_TEXT,
    PowerSpec,
    PowerUse,
    PowerUsed,
    register_power,
)
from mands_sim.api import (
    ActionChart,
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    Charge,
    Encounter,
    Event,
    Initiation,
    Intent,
    Moved,
    Register,
    hookimpl,
)

NAME: Final = "Burrow"
MOVEMENT: Final = "movement"
TOWARD: Final = "toward"
DENSITY: Final = "density"
SKIN_TEMPER: Final = "skin_temper"
"""``Intent.options`` keys of a tunnel: where to, and through what."""

SOIL_DENSITY: Final = Fraction(3, 2)
"""G-111: the material's density when the intent names none (loose soil, 1.5 g/cm³)."""
DM_PER_METER: Final = 10  # seed "Move Roll": "Speed is in .1 meters per segment"
BURROWED: Final = "burrowed"


def burrowing_speed(
    chart: ActionChart, pr: int, density: float, material_skin_temper: Fraction | None = None
) -> float:
    """Seed: "normal movement, using PR as Move Q" (the Sphere chart, dm/segment), "divide ...
    by the density", for cohesive material "also multiply by the Skin Temper of the material".
    PR 10: 9 dm/segment; through soil (1.5) 6; through wood of density .6 and Skin Temper 1/2
    (row 4) 7.5."""
    speed = dm_per_segment(chart, pr) / density
    return speed * float(material_skin_temper) if material_skin_temper is not None else speed


def ground(encounter: Encounter, intent: Intent) -> tuple[float, Fraction | None]:
    """The material's density (G-111: soil unless named) and, if cohesive, its multiplier."""
    density = intent.number(DENSITY, float(SOIL_DENSITY))
    if intent.options.get(SKIN_TEMPER) is None:
        return density, None
    return density, encounter.charts.skin_temper.multiplier(intent.whole(SKIN_TEMPER))


def tunnel_length(encounter: Encounter, actor: str, toward: str) -> float:
    """G-111: straight to the place (elevation included), or along the map without coordinates."""
    world, here = encounter.world, position_now(encounter, actor)
    assert world is not None and here is not None
    straight = world.straight_distance(world.nearest_place(here), toward)
    return float(world.distance_to(here, toward) if straight is None else straight)


def tunnel_time(meters: float, dm_per_seg: float) -> int:
    """Segments to dig ``meters`` at ``dm_per_seg``; at least 1."""
    return max(1, math.ceil(meters * DM_PER_METER / dm_per_seg - 1e-9))


def is_burrowing(encounter: Encounter, who: str) -> bool:
    """``who`` is underground: a tunnel in progress that has not lost control (G-111)."""
    return any(
        a.name == TUNNEL.action.name and a.prepared.get("outcome") != LOST_CONTROL
        for a in encounter.state[who].actions
    )


def all_on_movement(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    return {MOVEMENT: pr}


TUNNEL = PowerUse(
    action=ActionDefinition(
        name="burrow-tunnel",
        performance_time=ACTIVE_TIME,  # the registered PT; a tunnel takes its length over speed
        is_sustained=True,  # seed "EP Cost": movement pays each round (G-111)
        ep_row=POWER_ROW,
        summary="Tunnel underground to a place (options toward, density, skin_temper): "
        "speed = PR as Move Q / density (x the material's Skin Temper).",
        options=(
            ActionOption(TOWARD, "place", "the place to tunnel toward"),
            ActionOption(DENSITY, "number", "the ground's density (default: soil)"),
            ActionOption(SKIN_TEMPER, "number", "the ground's Skin Temper row, if it has one"),
        ),
    ),
    effects=(MOVEMENT,),
    default_spend=all_on_movement,
)

BURROW = PowerSpec(
    name=NAME,
    summary="Burrow through soil and ground at PR as Move Q, divided by the density.",
    source=RULES_TEXT,
    uses=(TUNNEL,),
)


def tunnel_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """A place to go on the map, not already there, not running, through a real material."""
    world, toward = encounter.world, intent.options.get(TOWARD)
    if world is None or toward not in world.places:
        return [f"a tunnel needs a place on the map to go {TOWARD} (not {toward!r})"]
    if running_pace(encounter, actor) is not None:
        return [f"{actor} is running: a tunnel starts standing (G-111)"]
    if intent.number(DENSITY, float(SOIL_DENSITY)) <= 0:
        return ["a material's density is greater than 0"]
    if tunnel_length(encounter, actor, str(toward)) <= 0:
        return [f"{actor} is already at {toward}"]
    return []


def start_tunnel(encounter: Encounter, actor: str, intent: Intent) -> Initiation:
    """The PR spent (G-75), the speed through the material, and the time to the place."""
    spend = chosen_spend(encounter, actor, intent, BURROW, TUNNEL)
    density, multiplier = ground(encounter, intent)
    speed = burrowing_speed(encounter.charts.action, spend[MOVEMENT], density, multiplier)
    toward = str(intent.options[TOWARD])
    time = tunnel_time(tunnel_length(encounter, actor, toward), speed)
    used = PowerUsed(
        encounter.now, actor, NAME, TUNNEL.action.name, spend.power_rating, spend.pairs(),
        spend.ep_row,
    )  # fmt: skip
    prepared = {
        POWER_OPTION: intent.options.get(POWER_OPTION),
        "ep_row": spend.ep_row,
        "dm_per_segment": speed,
        TOWARD: toward,
    }
    return Initiation(time, (used,), (Charge(spend.ep_row, TUNNEL.action.name),), prepared)


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, BURROW)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, BURROW, initiate=initiate, resolve=resolve)


@hookimpl
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """The kit's checks and the tunnel's; no one targets a burrowing character (G-111)."""
    reasons = power_refusals(encounter, actor, intent, BURROW)
    if intent.action == TUNNEL.action.name and not reasons:
        reasons += tunnel_refusals(encounter, actor, intent)
    target = intent.target
    if target not in (None, actor) and target in encounter.state.ids():
        reasons += [f"{target} is underground (G-111)"] if is_burrowing(encounter, target) else []
    return reasons


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    return start_tunnel(encounter, actor, intent)


def resolve(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """The burrower comes up at the place (G-111)."""
    toward = action.prepared.text(TOWARD)
    return [Moved(encounter.now, actor, toward, None, 0.0, BURROWED)]
