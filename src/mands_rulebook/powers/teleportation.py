"""Teleportation, template, not rules text: named in the seed's skill "Speed, Specific Action",
never described (``docs/rules/powers.md`` §2, §3).

Seed ("Speed, Specific Action"): "a character with Speed, Teleportation, level 10, subtracts 10
segments from the Performance Time of Teleportation" — so it has a Performance Time, which the
skill shortens (``mands_rulebook.skills``, G-89: ``Speed (Teleportation)``).

Built from the template (G-130, G-134), its distance read as the template's movement and range
numbers are, PR on the Sphere chart:

* ``teleportation-teleport`` — an active use (Performance Time 20, EP from row 9 less the PR
  spent on EP), intent option ``place``: a place on the map. The PR spent on ``distance`` reaches
  that PR read Result → Sphere meters (17 → 100 m; Fire Coat's "Distance"), measured in a
  straight line when both places have coordinates (elevation included), else along the map;
  no line of sight is needed. When the use completes its owner stands at the place (a
  :class:`~mands_sim.events.Moved`, reason ``teleported``; a run under way is interrupted, as
  any outside move interrupts it, G-65). Default spend: the least distance PR that reaches the
  place, the rest on EP rows. Refused without a map, for an unknown place, or beyond the reach
  of the whole PR. It serves objectives (``reach`` a place); policies that do not ask for it
  never use it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from mands_rulebook.kit.positions import position_now
from mands_rulebook.kit.powers import power_refusals, register_power_actions
from mands_rulebook.kit.powers.attacks import sphere_meters
from mands_rulebook.kit.powers.ratings import power_rating
from mands_rulebook.kit.powers.uses import (
    ACTIVE_TIME,
    POWER_ROW,
    TEMPLATE,
    PowerSpec,
    PowerSpend,
    PowerUse,
    register_power,
)
from mands_sim.api import (
    ActionChart,
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    Encounter,
    Event,
    Intent,
    Moved,
    Register,
    answers_actions,
    hookimpl,
)

NAME: Final = "Teleportation"
DISTANCE: Final = "distance"
PLACE_OPTION: Final = "place"
"""``Intent.options`` key: the place to teleport to."""

TELEPORTED: Final = "teleported"


def teleport_reach(chart: ActionChart, pr: int) -> float:
    """G-134: the distance PR read Result → Sphere meters (17 → 100 m, 7 → 7 m)."""
    return sphere_meters(chart, pr)


def teleport_meters(encounter: Encounter, actor: str, place: str) -> float:
    """Straight-line meters to ``place`` from the place nearest ``actor``, else along the map."""
    world, here = encounter.world, position_now(encounter, actor)
    assert world is not None and here is not None
    straight = world.straight_distance(world.nearest_place(here), place)
    return float(world.distance_to(here, place) if straight is None else straight)


def least_distance_pr(chart: ActionChart, meters: float, pr: int) -> int:
    """The least PR (up to ``pr``) whose reach covers ``meters`` (0 for no distance)."""
    if meters <= 0:
        return 0
    return next((p for p in range(pr + 1) if teleport_reach(chart, p) >= meters), pr)


def teleport_spend(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    """G-134: the least distance PR that reaches the place; the rest on EP rows."""
    meters = teleport_meters(encounter, actor, str(intent.options[PLACE_OPTION]))
    distance = least_distance_pr(encounter.charts.action, meters, pr)
    return {DISTANCE: distance, "ep": pr - distance}


def teleport_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {PLACE_OPTION: str(intent.options[PLACE_OPTION])}


def resolve_teleport(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """Arrive at the place (its distance was paid for when the use started)."""
    place = action.prepared.text(PLACE_OPTION)
    return [Moved(encounter.now, actor, place, None, 0.0, TELEPORTED)]


TELEPORT = PowerUse(
    action=ActionDefinition(
        name="teleportation-teleport",
        performance_time=ACTIVE_TIME,  # seed "Power Rolls": most powers take 20
        ep_row=POWER_ROW,
        summary="Teleport (template) to options['place'] within the distance PR (Result -> "
        "Sphere) meters (G-134).",
        options=(ActionOption(PLACE_OPTION, "place", "the place to teleport to"),),
    ),
    effects=(DISTANCE,),
    default_spend=teleport_spend,
    prepare=teleport_prepared,
    resolve=resolve_teleport,
)

TELEPORTATION = PowerSpec(
    name=NAME,
    summary="Teleport (template): to a place within PR (Result -> Sphere) meters (G-134).",
    source=TEMPLATE,
    uses=(TELEPORT,),
    aliases=("Teleport",),
)


def place_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """A map, a known place in ``options["place"]``, within reach of the whole PR."""
    place = intent.options.get(PLACE_OPTION)
    world = encounter.world
    if world is None or position_now(encounter, actor) is None:
        return ["teleporting needs a map"]
    if not isinstance(place, str) or place not in world.places:
        return [f"teleportation needs options['{PLACE_OPTION}'], a place on the map"]
    meters = teleport_meters(encounter, actor, place)
    reach = teleport_reach(encounter.charts.action, power_rating(encounter, actor, TELEPORTATION))
    return [] if meters <= reach else [f"{place} is {meters:g} m away, beyond {reach:g} m"]


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, TELEPORTATION)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, TELEPORTATION)


@hookimpl
@answers_actions(*TELEPORTATION.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    reasons = power_refusals(encounter, actor, intent, TELEPORTATION)
    if intent.action == TELEPORT.action.name and not reasons:
        reasons += place_refusals(encounter, actor, intent)
    return reasons
