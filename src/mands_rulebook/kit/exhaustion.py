"""Endurance Points below zero (``docs/rules/combat.md`` §10; ``docs/rules/decisions.md`` G-16;
G-231).

These are the rules :mod:`mands_rulebook.combat.exhaustion` registers: the hooks named below are
that plugin's; nothing here is a hook.

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
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

from mands_rulebook.kit.movement.pace import FLEE, MOVE
from mands_sim.actions import Intent
from mands_sim.defaults import rule_default
from mands_sim.kernel.contracts import ActionRefused
from mands_sim.kernel.encounter import Encounter


@dataclass(frozen=True, slots=True)
class ExhaustionDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-16, G-231, G-233."""

    G16_low_ep: Literal["penalty", "collapse"] = rule_default(
        "G-16",
        "EP below zero: a Bonus Pool penalty of the deficit in whole points, no forced collapse "
        "('penalty'); or that penalty and unconscious once the deficit reaches Constitution "
        "('collapse', the optional reading).",
        "penalty",
        ("penalty", "collapse"),
    )
    G231_exhaustion_floor: Literal["constitution", "zero", "none"] = rule_default(
        "G-231",
        "How far below zero EP a character can fight: once its EP deficit (whole points, as "
        "G-16's penalty) reaches its Constitution it may start no action that costs EP (rest, "
        "wait and surrender cost none) and its sustained actions other than a run are dropped "
        "at the next Payment Segment ('constitution'); the same from the first point below zero "
        "('zero'); or no floor ('none').",
        "constitution",
        ("constitution", "zero", "none"),
    )
    G233_spent_flight: Literal["flee", "refused"] = rule_default(
        "G-233",
        "Whether a character at the floor of its endurance (G-231) may still start a run that "
        "leaves the encounter at an exit ('flee': one last run, after which it is out of the "
        "fight, so the bound holds) or may start no run at all ('refused').",
        "flee",
        ("flee", "refused"),
    )


PLUGIN: Final = "mands_rulebook.combat.exhaustion"
"""The plugin that plays these rules; a scenario may disable it."""


def plays(encounter: Encounter) -> bool:
    """Whether G-16's penalty and G-231's floor play in ``encounter`` (:data:`PLUGIN` is loaded:
    a scenario may disable it), for a policy weighing EP ahead."""
    pm = getattr(encounter.rules, "pm", None)
    return pm is not None and pm.get_plugin(PLUGIN) is not None


def low_ep_penalty(endurance_points: Fraction) -> int:
    """G-16: the EP deficit in whole points (EP −2.5 → −3), 0 at or above zero EP."""
    return min(0, math.floor(endurance_points))


def exhaustion_floor(encounter: Encounter, actor: str) -> int | None:
    """G-231: the EP deficit (whole points) at which ``actor`` can fight no more; ``None``: no
    floor."""
    floor = encounter.defaults.of(ExhaustionDefaults).G231_exhaustion_floor
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
    allowed = encounter.defaults.of(ExhaustionDefaults).G233_spent_flight == "flee"
    return allowed and intent.action == MOVE.name and bool(intent.options.get(FLEE, False))
