"""Darkness (seed "Darkness"), on the power kit (``mands_rulebook.kit.powers``).

Seed: "This power allows the character to negate light in a certain area. From the outside, this
appears to be a perfectly black sphere ... In this area nothing can be seen by normal methods. The
character can even make the dome or sphere hollow, thus allowing light sources inside the shape
to work, but not allowing light to flow into or out of the shape. Basic Effects: (Size Points).
Size Points: The character has up to twice PR points for Range and Radius. Range is the maximum
distance away that the center of effect may be placed. Each point used for Range counts 1 row on
the Sphere Chart, for meters. Radius is the radius of the darkness sphere. Each point used for
Radius counts 1 row on the Sphere Chart, for meters."

* ``darkness-sphere`` — a held use (G-122: passive and sustained like a power shield,
  Performance Time 10, held round by round, G-75). The PR spent on ``size`` gives twice as many
  Size Points; the fewest Range points whose Sphere-chart meters reach the center (intent option
  ``center``, a place; default where the character stands; 0 points: the character's own spot)
  go to Range, the rest to Radius (meters: the points' row on the Sphere chart). Option
  ``hollow``: light inside works. Default spend: PR to bring the EP row to 5 (1 EP per round),
  the rest on size (PR 12: 4 and 8, 16 points: a 75 m sphere around the caster).
* While a darkness is held, a Combat Roll whose attacker cannot see its target through it takes
  the Sight-0 Close modifier (``docs/rules/charts.md`` §6, as Fire Coat's Blinding, G-78): someone
  inside a solid darkness sees no one and is seen by no one; a hollow one only keeps light from
  crossing its edge (G-122: who is inside is judged by distance from the center along the map;
  a line of sight passing through the sphere is not traced).
* "Half of those with Darkness can stop Ultraviolet light. Half ... Infrared light. Two percent
  stop all electromagnetic radiation": no one in an encounter sees by those, so the sheet's
  notes on them change nothing here.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

from mands_rulebook.kit.positions import position_now
from mands_rulebook.kit.powers import (
    ep_down_to,
    power_refusals,
    power_sustain,
    register_power_actions,
)
from mands_rulebook.kit.powers.attacks import sphere_meters
from mands_rulebook.kit.powers.ratings import power_rating
from mands_rulebook.kit.powers.uses import (
    OTHER,
    PASSIVE_TIME,
    POWER_ROW,
    PROTECTS_FROM,
    RULES_TEXT,
    PowerSpec,
    PowerSpend,
    PowerUse,
    register_power,
)
from mands_rulebook.kit.room import meters_from
from mands_sim.api import (
    ActionChart,
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    Encounter,
    Event,
    Intent,
    Modifier,
    Position,
    Register,
    answers_actions,
    hookimpl,
)

NAME: Final = "Darkness"
SIZE: Final = "size"
CENTER_OPTION: Final = "center"
HOLLOW_OPTION: Final = "hollow"
DARKNESS: Final = "darkness"
"""``prepared`` key of a held darkness: its :class:`DarkSphere`."""

SIZE_POINTS_PER_PR: Final = 2
"""Seed: "up to twice PR points for Range and Radius"."""

HELD_EP_ROW: Final = 5
"""The default spend's target row while held: 1 EP per round (EP Use Chart)."""

BLIND_SIGHT: Final = 0
"""G-122: a Combat Roll through darkness is made as with Sight 0 (``docs/rules/charts.md`` §6)."""


@dataclass(frozen=True, slots=True)
class DarkSphere:
    """A darkness: centered at ``center`` (``None``: no map), ``radius`` meters, ``hollow`` or
    solid; ``anchor``: the caster, when it is centred where the caster stood (G-292)."""

    center: Position | None
    radius: float
    hollow: bool = False
    anchor: str | None = None


def point_meters(chart: ActionChart, points: int) -> float:
    """Seed: "Each point ... counts 1 row on the Sphere Chart, for meters" (0 points: 0 m)."""
    return sphere_meters(chart, points) if points > 0 else 0.0


def range_points(chart: ActionChart, meters: float, limit: int) -> int | None:
    """The fewest Range points (up to ``limit``) whose meters reach ``meters`` (``None``: none)."""
    return next((p for p in range(limit + 1) if point_meters(chart, p) >= meters), None)


def size_points(pr: int) -> int:
    """Seed: twice the PR spent, for Range and Radius."""
    return SIZE_POINTS_PER_PR * pr


def center_of(encounter: Encounter, actor: str, intent: Intent) -> Position | None:
    """The intent's ``center`` place, or where ``actor`` stands."""
    wanted = intent.options.get(CENTER_OPTION)
    return Position(str(wanted)) if wanted is not None else position_now(encounter, actor)


def meters_to(encounter: Encounter, actor: str, center: Position | None) -> float:
    here = position_now(encounter, actor)
    if encounter.world is None or here is None or center is None:
        return 0.0
    return float(encounter.world.position_distance(here, center))


# --- the use -------------------------------------------------------------------------------------


def held_spend(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    """Default: down to 1 EP per round (row 5) first, the rest on size."""
    ep = ep_down_to(HELD_EP_ROW, POWER_ROW, pr)
    return {"ep": ep, SIZE: pr - ep}


def sphere_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    chart, center = encounter.charts.action, center_of(encounter, actor, intent)
    points = size_points(spend[SIZE])
    reach = range_points(chart, meters_to(encounter, actor, center), points)
    radius = point_meters(chart, points - (points if reach is None else reach))
    hollow = bool(intent.options.get(HOLLOW_OPTION, False))
    anchor = actor if intent.options.get(CENTER_OPTION) is None else None
    return {DARKNESS: DarkSphere(center, radius, hollow, anchor)}


SPHERE = PowerUse(
    action=ActionDefinition(
        name="darkness-sphere",
        performance_time=PASSIVE_TIME,  # G-122: set up like a power shield (seed "Power Rolls")
        is_passive=True,
        is_sustained=True,  # held round by round (G-75)
        ep_row=POWER_ROW,
        summary="A sphere of darkness: twice the PR in Size Points for Range and Radius (Sphere "
        "chart meters); options center, hollow.",
        options=(
            ActionOption(
                CENTER_OPTION,
                "place",
                "where the sphere is centred (default: where the user stands)",
            ),
            ActionOption(HOLLOW_OPTION, "flag", "a hollow sphere, dark only in its shell"),
        ),
    ),
    effects=(SIZE,),
    default_spend=held_spend,
    role=OTHER,
    prepare=sphere_prepared,
)

DARKNESS_POWER = PowerSpec(
    name=NAME,
    summary="Negate light in a sphere: no one sees into, out of or (unless hollow) within it.",
    source=RULES_TEXT,
    uses=(SPHERE,),
)


# --- seeing through it ---------------------------------------------------------------------------


def held_darkness(encounter: Encounter) -> Iterator[DarkSphere]:
    """Every darkness in effect now (its Performance Time passed, G-75)."""
    for state in encounter.state:
        for action in state.actions:
            sphere = action.prepared.get(DARKNESS)
            if isinstance(sphere, DarkSphere) and in_effect(encounter, action):
                yield sphere


def in_effect(encounter: Encounter, action: ActionInProgress) -> bool:
    return encounter.now >= action.prepared.whole(PROTECTS_FROM, action.started_at)


def inside(encounter: Encounter, sphere: DarkSphere, who: str) -> bool:
    """G-122: within the radius of the center along the map, with the room within a place
    (G-292: at the center's own spot, the caster's enemies in contact at reach, the others
    apart); everyone, without a map."""
    if encounter.world is None or sphere.center is None:
        return True
    return meters_from(encounter, sphere.center, sphere.anchor, who) <= sphere.radius


def blocks(sphere: DarkSphere, seer_inside: bool, seen_inside: bool) -> bool:
    """Seed: nothing is seen in the area; a hollow one lets light work inside but not cross."""
    if sphere.hollow:
        return seer_inside != seen_inside
    return seer_inside or seen_inside


def sight_blocked(encounter: Encounter, seer: str, seen: str) -> bool:
    return any(
        blocks(sphere, inside(encounter, sphere, seer), inside(encounter, sphere, seen))
        for sphere in held_darkness(encounter)
    )


def darkness_modifier(encounter: Encounter, actor: str, target: str) -> Modifier | None:
    if not sight_blocked(encounter, actor, target):
        return None
    penalty = int(encounter.charts.sight.modifiers(BLIND_SIGHT).close)
    return Modifier(penalty, "darkness", "G-122: Darkness (Sight 0)")


def too_far(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """The center must be a place on the map, within Range of all the PR's Size Points with one
    left for Radius."""
    wanted = intent.options.get(CENTER_OPTION)
    if wanted is None:
        return []
    if encounter.world is None or wanted not in encounter.world.places:
        return [f"{CENTER_OPTION} must be a place on the map, not {wanted!r}"]
    points = size_points(power_rating(encounter, actor, DARKNESS_POWER))
    meters = meters_to(encounter, actor, Position(str(wanted)))
    reach = range_points(encounter.charts.action, meters, points - 1)
    return [] if reach is not None else [f"{wanted} is {meters:g} m away: beyond the Range"]


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, DARKNESS_POWER)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, DARKNESS_POWER)


@hookimpl
@answers_actions(*DARKNESS_POWER.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    reasons = power_refusals(encounter, actor, intent, DARKNESS_POWER)
    if intent.action == SPHERE.action.name and not reasons:
        reasons += too_far(encounter, actor, intent)
    return reasons


@hookimpl
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    """G-122: a Combat Roll at a target the attacker cannot see for darkness."""
    if purpose != "combat" or intent.target is None or intent.target == actor:
        return []
    if intent.target not in encounter.state.ids():
        return []
    found = darkness_modifier(encounter, actor, intent.target)
    return [found] if found else []


@hookimpl
@answers_actions(*DARKNESS_POWER.actions)
def mands_action_sustain(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    return power_sustain(encounter, actor, action, DARKNESS_POWER)
