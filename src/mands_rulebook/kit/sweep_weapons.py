"""Sweeps with a weapon (seed "Combat Roll": "telephone pole, beam power, semi-automatic
weapon"; ``docs/rules/decisions.md`` G-172), for :mod:`mands_rulebook.combat.opponents`' ``sweep``.

Not a plugin of its own. A sweep's intent option ``weapon`` names a weapon held ready (G-62)
that stays in the hand (not a thrown one); its reach is contact for a melee weapon, its ranges
for a ranged one; each blow is the weapon's
(:func:`mands_rulebook.kit.weapons.attacking.weapon_blow`, cover
against a ranged hit, G-63) and pays the weapon's EP row (fists cannot sweep, G-81); the one
Combat Roll takes the range penalty (G-20) and sight modifier of the farthest target
(``G172_sweep_range = "first"``: of the first).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from mands_rulebook.kit.range import CONTACT, Reach, distance, range_modifier, sight_modifier
from mands_rulebook.kit.weapons.attacking import blow_lands
from mands_rulebook.kit.weapons.ready import weapon_readied
from mands_rulebook.kit.weapons.table import WEAPON_OPTION, Weapon, standard_weapons
from mands_sim.actions import ActionInProgress, Intent, Modifier
from mands_sim.defaults import rule_default
from mands_sim.events import AttackResolved, Event
from mands_sim.kernel.contracts import Charge
from mands_sim.kernel.encounter import Encounter


@dataclass(frozen=True, slots=True)
class SweepWeaponDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-172."""

    G172_sweep_range: Literal["farthest", "first"] = rule_default(
        "G-172",
        "A sweep with a ranged weapon makes one Combat Roll: its range penalty (G-20) and sight "
        "modifier are those of the farthest target ('farthest') or of the first one ('first').",
        "farthest",
        ("farthest", "first"),
    )


def sweep_weapon(intent: Intent) -> Weapon | None:
    """The weapon a sweep's ``weapon`` option names (G-172); ``None``: none, or not in the
    table (fists cannot sweep, G-81)."""
    name = intent.options.get(WEAPON_OPTION)
    return None if name is None else standard_weapons().get(str(name))


def sweep_reach(intent: Intent) -> Reach:
    """Contact for a melee weapon; a ranged weapon's ranges (G-172)."""
    weapon = sweep_weapon(intent)
    if weapon is None or weapon.ranges is None:
        return CONTACT
    return weapon.ranges


def weapon_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """G-172: a weapon sweep needs a weapon of the table, held ready, that stays in the hand."""
    name = intent.options.get(WEAPON_OPTION)
    if name is None:
        return []
    weapon = sweep_weapon(intent)
    if weapon is None:
        return [f"no weapon named {name!r} in the weapon table"]
    if weapon_readied(encounter, actor) != weapon.name:
        return [f"{actor} has not drawn the {weapon.name} (G-62)"]
    if weapon.thrown:
        return [f"a thrown {weapon.name} cannot sweep (G-172)"]
    return []


def blow_charge(weapon: Weapon) -> Charge:
    """Each blow pays the weapon's own row (G-42, G-172)."""
    return Charge(weapon.ep_row, weapon.name)


def weapon_blow_at(
    encounter: Encounter,
    actor: str,
    target: str,
    attack: int,
    weapon: Weapon,
    action: ActionInProgress,
) -> list[Event]:
    """A weapon sweep's blow (G-172): as a ``weapon-attack``'s, cover (G-63) and all."""
    defense = encounter.state[target].defense
    hit = attack >= defense  # §6: ties hit
    events: list[Event] = [AttackResolved(encounter.now, actor, target, attack, defense, hit)]
    if not hit:
        return events
    return events + blow_lands(encounter, actor, target, weapon, action)


def sweep_range_and_sight(
    encounter: Encounter, actor: str, intent: Intent, targets: Sequence[str]
) -> list[Modifier]:
    """The Close sight modifier in contact; a ranged weapon's range penalty (G-20) and sight
    modifier at the farthest target (G-172 ``farthest``) or the first (``first``)."""
    reach = sweep_reach(intent)
    meters = 0.0
    if reach != CONTACT:
        if encounter.defaults.of(SweepWeaponDefaults).G172_sweep_range == "first":
            targets = targets[:1]
        meters = max(distance(encounter, actor, t) for t in targets)
    found: list[Modifier] = []
    if not isinstance(reach, str) and (penalty := range_modifier(encounter, reach, meters)):
        found.append(penalty)
    if sight := sight_modifier(encounter, actor, reach, meters):
        found.append(Modifier(sight, "sight", "seed 002 Sight: Close/Ranged combat modifier"))
    return found


def held_weapon(encounter: Encounter, actor: str) -> dict[str, str]:
    """The ``weapon`` option for the weapon ``actor`` holds ready, unless it is thrown (G-172)."""
    held = weapon_readied(encounter, actor)
    weapon = None if held is None else standard_weapons().get(held)
    return {} if weapon is None or weapon.thrown else {WEAPON_OPTION: weapon.name}
