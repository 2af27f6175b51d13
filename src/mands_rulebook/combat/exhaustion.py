"""Endurance Points below zero (``docs/rules/combat.md`` §10; ``docs/rules/decisions.md`` G-16;
G-231).

EP can go below zero (Dexter at −3, then −8, in the seed's Simpler Combat Example), and Dexter
at 3 below zero rolls "with … 3 for his low EP". G-16: a penalty to the Bonus Pool, before the
Sphere-chart lookup, equal to the EP deficit (whole points); no forced collapse
(``G16_low_ep = "collapse"`` adds one: :mod:`mands_rulebook.combat.out_of_action` knocks out a
character
whose deficit reaches its Constitution).

How far below zero a character can go on is not in the rulebook. G-231 (``G231_exhaustion_floor``)
sets a floor: once the deficit reaches the character's Constitution (``"constitution"``, the
measure the optional collapse uses) — or from the first point below zero (``"zero"``) — it
may start no action that costs EP (a starting EP row above 0: rest, wait, surrender and drawing
a weapon cost none), and at the next Payment Segment its sustained actions are dropped, a run
(``move``) excepted: a run ends where it is going, and turning it costs EP. The deficit therefore
stays within the floor plus one action's cost, so no encounter runs on to −700 EP. ``"none"``
has no floor. G-233 (``G233_spent_flight``): a spent character may still run for an exit to
leave the encounter (``flee``), its last action in the fight, so retreat stays open and the bound
holds; ``"refused"`` allows no run.

A scenario plays without the penalty and the floor by disabling this plugin:
``[plugins] disable = ["mands_rulebook.combat.exhaustion"]`` (or ``--disable``).
"""

from __future__ import annotations

import math
from fractions import Fraction

from mands_rulebook.kit.pace import FLEE, MOVE
from mands_sim import hookimpl
from mands_sim.actions import ActionInProgress, Intent, Modifier
from mands_sim.events import ActionDropped, Event
from mands_sim.kernel.contracts import ActionRefused
from mands_sim.kernel.encounter import Encounter


def plays(encounter: Encounter) -> bool:
    """Whether G-16's penalty and G-231's floor play in ``encounter`` (this plugin is loaded:
    a scenario may disable it), for a policy weighing EP ahead."""
    pm = getattr(encounter.rules, "pm", None)
    return pm is not None and pm.get_plugin(__name__) is not None


def low_ep_penalty(endurance_points: Fraction) -> int:
    """G-16: the EP deficit in whole points (EP −2.5 → −3), 0 at or above zero EP."""
    return min(0, math.floor(endurance_points))


def exhaustion_floor(encounter: Encounter, actor: str) -> int | None:
    """G-231: the EP deficit (whole points) at which ``actor`` can fight no more; ``None``: no
    floor."""
    floor = encounter.defaults.G231_exhaustion_floor
    if floor == "none":
        return None
    if floor == "zero":
        return 1
    return max(1, int(encounter.abilities(actor).constitution))


def spent(encounter: Encounter, actor: str) -> bool:
    """G-231: whether ``actor``'s EP deficit has reached its floor."""
    floor = exhaustion_floor(encounter, actor)
    deficit = -low_ep_penalty(encounter.state[actor].endurance_points)
    return floor is not None and deficit >= floor


def costs_ep(encounter: Encounter, intent: Intent) -> bool:
    """Whether ``intent``'s action starts on an EP row above 0 (unknown actions: no)."""
    try:
        return encounter.rules.definition(intent.action).ep_row > 0
    except ActionRefused:
        return False


def fleeing(encounter: Encounter, intent: Intent) -> bool:
    """G-233: whether ``intent`` is a run out of the encounter that the floor lets start."""
    allowed = encounter.defaults.G233_spent_flight == "flee"
    return allowed and intent.action == MOVE.name and bool(intent.options.get(FLEE, False))


@hookimpl
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    penalty = low_ep_penalty(encounter.state[actor].endurance_points)
    return [Modifier(penalty, "low EP", "G-16")] if penalty else []


@hookimpl
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """G-231: at the floor, no action that costs EP; G-233: a run leaving the encounter
    excepted."""
    if not spent(encounter, actor) or not costs_ep(encounter, intent) or fleeing(encounter, intent):
        return []
    ep = math.floor(encounter.state[actor].endurance_points)
    return [f"{actor} is spent: EP {ep}, at the floor of its endurance (G-231)"]


@hookimpl
def mands_action_sustain(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """G-231: at the floor, a sustained action (a run excepted) is dropped, paying no more."""
    if action.name == MOVE.name or not spent(encounter, actor):
        return []
    reason = "spent: EP at the floor of its endurance (G-231)"
    return [ActionDropped(encounter.now, actor, action.name, action.action_id, reason)]
