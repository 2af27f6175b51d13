"""Range and sight in the Combat Roll (``docs/rules/combat.md`` §5, §11; ``docs/rules/charts.md``
§6).

These are the rules :mod:`mands_rulebook.combat.range` registers: the hooks named below are
that plugin's; nothing here is a hook.

For the attacks this plugin knows — ``fist-attack`` and ``weapon-attack``
(:mod:`mands_rulebook.combat.weapons`) — it

* refuses (``mands_action_refusals``) a fist or melee-weapon attack on a target out of contact
  (:mod:`mands_rulebook.kit.crowding`: beyond G-65's reach, up in the air out of reach (G-274), or
  crowded out by the enemies already around it (G-271); reach comes with movement), and a
  ranged or thrown attack without line of sight between the two places or beyond the weapon's
  Maximum Range (G-20);
* adds to the Combat Bonus Pool (``mands_bonus_pool_modifiers``, purpose ``"combat"``):
  * the range penalty: −1 per full Range Set beyond Short Range (G-20; the amount per set is the
    scenario switch ``G20_range_penalty_per_set``); a thrown weapon's Short Range and Range Set
    come from its Throw Roll (G-21);
  * the attacker's sight modifier (seed 002 "Sight"): the Close one in contact, and for a ranged
    attack on a target within the attacker's height in meters ("For objects that are within a
    number of meters equal to the height of the character, add the Close sight adjustment");
    the Ranged one otherwise, never greater than the number of Range Sets to the target plus
    the Close one (``SightModifiers.ranged_within``; G-20: the count of full Range Sets beyond
    Short Range).

Distances are measured along the map (:meth:`mands_sim.world.World.position_distance`), to or
from a flyer on a straight flight from the point of its line it has reached (G-67,
:func:`mands_rulebook.kit.positions.distance_now`), and to or from someone in the air as the slant
over the altitude gap (G-275,
:func:`mands_rulebook.kit.altitude.slant_distance`); range and sight are judged when the Combat Roll
is made. Sight Power shortens the distance for Short Range
and Range Sets (:mod:`mands_rulebook.powers.sight_power`, G-136). Line of sight is the map's
between the places nearest the two; a flyer in the air is seen from either end of its flight
(G-290); the Defense penalty of Sight
0–2 is :mod:`mands_rulebook.combat.combat_pool`'s.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final, Literal

from mands_rulebook.kit.altitude import slant_distance
from mands_rulebook.kit.crowding import contact_refusal
from mands_rulebook.kit.crowding import in_contact as crowding_contact
from mands_rulebook.kit.positions import flight_now, position_now
from mands_rulebook.kit.weapons.attacking import WEAPON_ATTACK
from mands_rulebook.kit.weapons.table import Ranges, intended_weapon
from mands_rulebook.kit.weapons.thrown import THROWN_RANGES_OPTION
from mands_sim.actions import Intent, Modifier
from mands_sim.defaults import rule_default
from mands_sim.kernel.encounter import Encounter
from mands_sim.world import Position


@dataclass(frozen=True, slots=True)
class RangeDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-20, G-290."""

    G20_range_penalty_per_set: Literal[1, 2, 0] = rule_default(
        "G-20",
        "Range: the Combat Bonus Pool loses this much per full Range Set beyond Short Range "
        "(1; 2 for a harsher game; 0 for no range penalty).",
        1,
        (1, 2, 0),
    )
    G290_flyer_sight: Literal["either-end", "all"] = rule_default(
        "G-290",
        "Line of sight to or from a flyer in the air on a straight flight (G-67): it sees and is "
        "seen by whoever sees either end of its flight ('either-end'), or by everyone ('all').",
        "either-end",
        ("either-end", "all"),
    )


CONTACT: Final = "contact"
"""The reach of a fist or a melee weapon: the target must stand at the attacker's position."""


Reach = Ranges | Literal["contact"]


FIST_ATTACK: Final = "fist-attack"
"""``mands_rulebook.combat.fists``'s action: an unarmed blow needs contact."""


def attack_reach(encounter: Encounter, actor: str, intent: Intent) -> Reach | None:
    """The reach of the attack ``intent`` asks for, or ``None`` if it is not one we know."""
    if intent.action == FIST_ATTACK:
        return CONTACT
    if intent.action != WEAPON_ATTACK.name:
        return None
    weapon = intended_weapon(encounter, actor, intent)
    if weapon is None:
        return None  # mands_rulebook.combat.weapons refuses it
    thrown = intent.options.get(THROWN_RANGES_OPTION)
    if isinstance(thrown, Ranges):
        return thrown
    return weapon.ranges if weapon.ranges is not None else CONTACT


def distance(encounter: Encounter, actor: str, target: str) -> float:
    """Meters from ``actor`` to ``target`` along the map now, runners where they have got to
    (0 in an encounter without a map), and G-275's slant to or from someone in the air."""
    return slant_distance(encounter, actor, target)


def in_contact(encounter: Encounter, actor: str, target: str) -> bool:
    """Whether the two are in melee contact now (:func:`mands_rulebook.kit.crowding.in_contact`:
    G-65's reach, G-274 upward, G-271's ring)."""
    return crowding_contact(encounter, actor, target)


def in_sight(encounter: Encounter, actor: str, target: str) -> bool:
    """``World.line_of_sight`` between the places nearest the two, where they are now; a flyer
    in the air on a straight flight sees and is seen from either end of its flight (G-290
    ``either-end``), or by everyone (``all``)."""
    here, there = position_now(encounter, actor), position_now(encounter, target)
    if encounter.world is None or here is None or there is None:
        return True
    world = encounter.world
    seen = [sight_places(encounter, who, spot) for who, spot in ((actor, here), (target, there))]
    if not (seen[0] and seen[1]):
        return True  # G-290 ``all``
    return any(world.line_of_sight(a, b) for a in seen[0] for b in seen[1])


def sight_places(encounter: Encounter, who: str, spot: Position) -> tuple[str, ...]:
    """The places ``who``'s line of sight is judged from: the one nearest its spot, or for a
    flyer on a straight flight either end (G-290 ``either-end``; ``all``: none, it sees and is
    seen by everyone)."""
    world = encounter.world
    assert world is not None
    pace = flight_now(encounter, who)
    if pace is None:
        return (world.nearest_place(spot),)
    if encounter.defaults.of(RangeDefaults).G290_flyer_sight == "all":
        return ()
    return (pace.start.place, pace.destination)


def range_sets_beyond(ranges: Ranges, meters: float) -> int:
    """G-20: the full Range Sets between Short Range and the target (0 within Short Range)."""
    if meters <= ranges.short_range:
        return 0
    return math.floor((meters - ranges.short_range) / ranges.range_set)


def reach_refusals(encounter: Encounter, actor: str, target: str, reach: Reach) -> list[str]:
    if reach == CONTACT:
        refused = contact_refusal(encounter, actor, target)
        return [] if refused is None else [refused]
    assert isinstance(reach, Ranges)
    if not in_sight(encounter, actor, target):
        return [f"{actor} has no line of sight to {target}"]
    meters = distance(encounter, actor, target)
    if meters > reach.max_range:
        return [f"{target} is {meters:g} m away, beyond Maximum Range {reach.max_range:g} m"]
    return []


def range_modifier(encounter: Encounter, ranges: Ranges, meters: float) -> Modifier | None:
    """G-20: the Combat Bonus Pool loses ``G20_range_penalty_per_set`` per full Range Set."""
    sets = range_sets_beyond(ranges, meters)
    penalty = sets * int(encounter.defaults.of(RangeDefaults).G20_range_penalty_per_set)
    if penalty == 0:
        return None
    reason = f"G-20: {sets} Range Set(s) of {ranges.range_set:g} m beyond Short Range"
    return Modifier(-penalty, "range", reason)


def sight_modifier(encounter: Encounter, actor: str, reach: Reach, meters: float) -> int:
    """Seed 002 "Sight": Close in contact or within the attacker's height in meters; Ranged
    beyond it, capped at the Range Sets to the target (G-20's count) plus the Close one."""
    sheet = encounter.character(actor).sheet
    modifiers = encounter.charts.sight.modifiers(sheet.attributes.sight)
    if reach == CONTACT or meters <= sheet.attributes.height:
        return int(modifiers.close)
    assert isinstance(reach, Ranges)
    return int(modifiers.ranged_within(range_sets_beyond(reach, meters)))
