"""Thrown weapons: the Throw Roll and the ranges it gives (``docs/rules/combat.md`` §15; G-21).

Part of the kit's weapons rules (a thrown weapon's ``weapon-attack``, which
:mod:`mands_rulebook.combat.weapons` registers), used by ``mands_rulebook.combat.thrown_objects``
too: the Throw Roll (seed "Throw Roll") sends the object a distance, which is the throw's Short
Range, its Range Set half of it (G-21); the ranges ride on the Combat Roll's intent
(``THROWN_RANGES_OPTION``), where ``mands_rulebook.combat.range`` reads them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final, Literal

from mands_rulebook.kit.editing_points.rolls import character_roll
from mands_rulebook.kit.fists import roll_event
from mands_rulebook.kit.weapons.table import Ranges, Weapon
from mands_sim.actions import Intent
from mands_sim.defaults import rule_default
from mands_sim.events import Event
from mands_sim.kernel.encounter import Encounter
from mands_sim.rolls import ActionRoll


@dataclass(frozen=True, slots=True)
class ThrownWeaponDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-21."""

    G21_thrown_ranges: Literal["throw_roll", "weapon_data"] = rule_default(
        "G-21",
        "Thrown weapons: Short Range is the thrower's Throw-Roll distance and the Range Set half "
        "of it ('throw_roll'), or both come from the weapon table, with no Throw Roll.",
        "throw_roll",
        ("throw_roll", "weapon_data"),
    )


THROWN_RANGES_OPTION: Final = "thrown_ranges"
"""``Intent.options`` key set on the Combat Roll's intent: this throw's :class:`Ranges` (G-21)."""

THROW_ROLL: Final = "Throw Roll"
"""What Editing Points on a Throw Roll train (seed 000: "whatever the roll was for")."""

THROW_ROLL_PURPOSE: Final = "throw roll"
"""The purpose the Throw Roll's ``RollMade`` is logged under."""


@dataclass(frozen=True, slots=True)
class Throw:
    """A Throw Roll and how far it sends the object (``docs/rules/combat.md`` §15)."""

    roll: ActionRoll
    distance: float


def throw_roll(encounter: Encounter, actor: str, intent: Intent, weapon: Weapon) -> Throw:
    """Seed "Throw Roll": vs. Strength − 9, a Bonus Pool of Mass (Sphere); the Q covers the
    object's mass (Sphere) and the rest is distance, Result → Sphere meters. A failed roll still
    throws: its negative Q is read the same way (G-21 reading: all spare Q goes to distance)."""
    figured = encounter.figured(actor)
    roll = character_roll(
        encounter,
        actor,
        intent,
        "throw",
        target=figured.throw_roll,
        pool=figured.throw_bonus,
        improves=THROW_ROLL,
    )
    chart = encounter.charts.action
    quality = roll.quality - chart.sphere(weapon.mass or 0) if roll.succeeded else roll.quality
    return Throw(roll, chart.from_result("sphere", quality, magnitude=True))


def thrown_ranges(weapon: Weapon, throw: Throw) -> Ranges:
    """G-21: Short Range = the Throw-Roll distance (never past Maximum Range), Range Set = ½."""
    assert weapon.ranges is not None
    short = min(throw.distance, weapon.ranges.max_range)
    return Ranges(short, short / 2, weapon.ranges.max_range)


def thrown_intent(
    encounter: Encounter, actor: str, intent: Intent, weapon: Weapon
) -> tuple[Intent, list[Event]]:
    """The intent a thrown weapon's Combat Roll is made on, and the Throw Roll before it: under
    G-21 ``throw_roll`` the throw's ranges ride on the intent (``THROWN_RANGES_OPTION``); else
    (``weapon_data``, or a weapon not thrown) the intent as it is, and no roll."""
    if (
        not weapon.thrown
        or encounter.defaults.of(ThrownWeaponDefaults).G21_thrown_ranges != "throw_roll"
    ):
        return intent, []
    throw = throw_roll(encounter, actor, intent, weapon)
    options = {**intent.options, THROWN_RANGES_OPTION: thrown_ranges(weapon, throw)}
    rolled = roll_event(encounter, actor, throw.roll, THROW_ROLL_PURPOSE)
    return replace(intent, options=options), [rolled]
