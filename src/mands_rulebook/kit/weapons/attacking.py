"""Weapon attacks: a Combat Roll as for fists, the weapon's damage, and cover against a ranged
hit (``docs/rules/combat.md`` §5–7, §13, §15; G-13, G-21, G-42, G-63).

Part of the kit's weapons rules, which :mod:`mands_rulebook.combat.weapons` registers:
``weapon-attack`` (``Intent.options["weapon"]``, default: the weapon held ready) is a Combat Roll
as for fists with the same Quality allocation (§5), after a Throw Roll for a thrown weapon
(:mod:`mands_rulebook.kit.weapons.thrown`); damage = the weapon's damage (plus Hand Damage for a
strength weapon) plus the damage Q, as a :class:`~mands_rulebook.kit.damage.Blow` through
``strike`` (§7); EP = the Combat Roll's row 5 plus the weapon's row (G-13). A thrown weapon
leaves the hand when the throw resolves
(:class:`~mands_rulebook.kit.weapons.ready.WeaponThrown`);
the Cover Chance of the target's place is rolled against a ranged hit (G-63).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from mands_rulebook.kit.damage import Blow, strike
from mands_rulebook.kit.fists import (
    COMBAT_ROLL_ROW,
    combat_roll,
    new_defense,
    prepare_blow,
    roll_event,
    spend_quality,
)
from mands_rulebook.kit.positions import position_now
from mands_rulebook.kit.weapons.ready import WeaponThrown, weapon_readied
from mands_rulebook.kit.weapons.table import WEAPON_OPTION, Weapon, standard_weapons
from mands_rulebook.kit.weapons.thrown import thrown_intent
from mands_sim.actions import (
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    Intent,
    QualityAllocation,
)
from mands_sim.defaults import rule_default
from mands_sim.events import AttackResolved, Event, PercentRolled, QualityAllocated
from mands_sim.kernel.contracts import Charge, Initiation
from mands_sim.kernel.encounter import Encounter
from mands_sim.percent_rolls import percent_roll
from mands_sim.rolls import reduced_performance_time


@dataclass(frozen=True, slots=True)
class WeaponAttackDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-63."""

    G63_cover_against_ranged: Literal["blocks", "ignored"] = rule_default(
        "G-63",
        "Cover: a ranged or thrown hit on someone at a place with cover is stopped when d100 "
        "falls within the place's Cover Chance ('blocks'), or cover is ignored.",
        "blocks",
        ("blocks", "ignored"),
    )


WEAPON_ATTACK = ActionDefinition(
    name="weapon-attack",
    # G-42: the real time is the weapon's performance_time; this is the listing's (a fist's).
    performance_time=15,
    ep_row=COMBAT_ROLL_ROW,
    needs_target=True,
    summary="Attack with the weapon held ready: Combat Roll, Attack against Defense, its damage.",
    options=(
        ActionOption(
            WEAPON_OPTION, "text", "the weapon to attack with (default: the one held ready)"
        ),
    ),
)


def attack_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    if intent.target is None:
        return ["weapon-attack needs a target"]
    name = intent.options.get(WEAPON_OPTION, weapon_readied(encounter, actor))
    if name is None:
        return [f"{actor} names no weapon and holds none ready"]
    if name not in standard_weapons():
        return [f"no weapon named {name!r} in the weapon table"]
    if weapon_readied(encounter, actor) != name:
        return [f"{actor} has not drawn the {name} (G-62)"]
    return []


def attack_initiation(
    encounter: Encounter, actor: str, intent: Intent, weapon: Weapon
) -> Initiation:
    """The Combat Roll (after a Throw Roll for a thrown weapon), its Quality, EP and time."""
    rolled, events = thrown_intent(encounter, actor, intent, weapon)
    roll = combat_roll(encounter, actor, rolled, improves=weapon.skill)
    allocation = spend_quality(encounter, actor, intent, roll.quality)
    events += [roll_event(encounter, actor, roll), allocated(encounter, actor, allocation)]
    return Initiation(
        performance_time=reduced_performance_time(
            weapon.performance_time, allocation.speed, encounter.defaults
        ),
        events=tuple(events),
        # G-13: the Combat Roll's row 5 (less EP Q) and the weapon's own row.
        charges=(
            Charge(COMBAT_ROLL_ROW - allocation.ep, "combat roll"),
            Charge(weapon.ep_row, weapon.name),
        ),
        prepared={
            **prepare_blow(encounter, actor, roll.quality, allocation),
            WEAPON_OPTION: weapon.name,
        },
    )


def allocated(encounter: Encounter, actor: str, allocation: QualityAllocation) -> QualityAllocated:
    a = allocation
    return QualityAllocated(
        encounter.now, actor, WEAPON_ATTACK.name, a.attack, a.defense, a.speed, a.damage, a.ep
    )


def resolve_attack(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """§6: Attack ≥ Defense hits; a thrown weapon leaves the hand; cover may stop a ranged hit
    (G-63); what lands goes through ``strike`` (§7)."""
    weapon = standard_weapons()[action.prepared.text(WEAPON_OPTION)]
    target = action.intent.target
    assert target is not None
    attack = action.prepared.whole("attack")
    defense = encounter.state[target].defense
    hit = attack >= defense  # §6: ties hit
    events: list[Event] = [
        new_defense(encounter, actor, action),
        AttackResolved(encounter.now, actor, target, attack, defense, hit),
    ]
    if weapon.thrown:
        events.append(WeaponThrown(encounter.now, actor, weapon.name, target))
    if not hit:
        return events
    return events + blow_lands(encounter, actor, target, weapon, action)


def blow_lands(
    encounter: Encounter, actor: str, target: str, weapon: Weapon, action: ActionInProgress
) -> list[Event]:
    """A weapon's hit: cover may stop it (G-63); what gets through goes through ``strike``
    (§7)."""
    cover = cover_roll(encounter, actor, target, weapon)
    if cover is None:
        return strike(encounter, target, weapon_blow(encounter, actor, weapon, action))
    if cover.succeeded:
        return [cover]
    return [cover, *strike(encounter, target, weapon_blow(encounter, actor, weapon, action))]


def weapon_blow(encounter: Encounter, actor: str, weapon: Weapon, action: ActionInProgress) -> Blow:
    """The weapon's damage, plus Hand Damage for a strength weapon (seed "Hand Damage"), plus
    the blow's damage change (``docs/rules/combat.md`` §7.1); never below 0 (G-295)."""
    hand = int(encounter.figured(actor).hand_damage) if weapon.hand_damage else 0
    raw = max(0, weapon.damage + hand + action.prepared.whole("damage"))
    return Blow(
        raw=raw,
        source=actor,
        kind=weapon.kind,
        penetration=min(weapon.penetration, raw),
        vs_skin_temper=weapon.vs_skin_temper,
        small_projectile=weapon.small_projectile,
        weapon=weapon.name,
    )


def cover_roll(
    encounter: Encounter, actor: str, target: str, weapon: Weapon
) -> PercentRolled | None:
    """G-63: a ranged or thrown hit on someone at a place with cover is stopped by the cover when
    the defender's d100 is at most the place's Cover Chance (§13: "roll d100 ≤ Cover Chance", as
    for armor). No roll in melee, from the same spot, at 0 %, or when G-63 ignores cover."""
    found = place_cover(encounter, actor, target, weapon)
    if found is None:
        return None
    place, chance = found
    return percent_roll(encounter, target, f"cover at {place}", chance)


def place_cover(
    encounter: Encounter, actor: str, target: str, weapon: Weapon
) -> tuple[str, int] | None:
    """G-63: the place whose cover a ranged or thrown hit by ``actor`` on ``target`` would roll
    against now, and its Cover Chance; ``None`` when no cover roll would be made."""
    if (
        weapon.melee
        or encounter.defaults.of(WeaponAttackDefaults).G63_cover_against_ranged == "ignored"
    ):
        return None
    here, there = position_now(encounter, actor), position_now(encounter, target)
    if encounter.world is None or there is None or here == there:
        return None
    place = encounter.world.nearest_place(there)
    chance = int(encounter.world.cover(place))
    return (place, chance) if chance > 0 else None
