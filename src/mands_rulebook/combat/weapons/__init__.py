"""Weapons: the weapon table, drawing a weapon, and attacking with one (``docs/rules/decisions.md``
G-42).

This builtin plugin (its hooks here; the rules are the kit's, ``mands_rulebook.kit.weapons``)

* reads and checks the weapon table (``data/weapons.toml``, G-42) when a simulation is built,
  so a bad file fails early: :mod:`~mands_rulebook.kit.weapons.table`;
* registers ``draw-weapon``: the weapon's draw time less the character's Quick Draw level for
  that weapon type (seed "Quick Draw"), no roll and no EP (G-62); the weapon is held ready when
  the draw completes (a :class:`~mands_rulebook.kit.weapons.ready.WeaponReadied` event):
  :mod:`~mands_rulebook.kit.weapons.drawing`;
* registers ``weapon-attack`` (``Intent.options["weapon"]``, default: the weapon held ready): a
  Combat Roll as for fists with the same Quality allocation (``docs/rules/combat.md`` §5), damage =
  the weapon's damage (plus Hand Damage for a strength weapon) plus the damage Q, as a
  :class:`~mands_rulebook.kit.damage.Blow` through ``strike`` (§7); EP = the Combat Roll's row 5
  plus the weapon's row (G-13); the Cover Chance of the target's place against a ranged hit
  (G-63): :mod:`~mands_rulebook.kit.weapons.attacking`;
* throws thrown weapons: a Throw Roll (§15) gives the Short Range and Range Set (G-21); the
  weapon leaves the hand when the throw resolves
  (:class:`~mands_rulebook.kit.weapons.ready.WeaponThrown`):
  :mod:`~mands_rulebook.kit.weapons.thrown`;
* starts everyone with a weapon in hand under G-62 ``readied``.

The ``armed`` policy that plays these weapons is a plugin of its own,
:mod:`~mands_rulebook.policies.armed`: a policy sits above the rules it plays, so the weapons'
rules never import it. Range penalties, sight and the range refusals are
``mands_rulebook.combat.range``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from mands_rulebook.kit.weapons.attacking import (
    WEAPON_ATTACK,
    attack_initiation,
    attack_refusals,
    resolve_attack,
)
from mands_rulebook.kit.weapons.drawing import DRAW_WEAPON, draw_refusals, draw_time
from mands_rulebook.kit.weapons.ready import READIED, WeaponReadied
from mands_rulebook.kit.weapons.table import (
    WEAPON_OPTION,
    first_weapon,
    intended_weapon,
    standard_weapons,
)
from mands_sim.api import (
    ActionDefinition,
    ActionInProgress,
    Encounter,
    Event,
    Initiation,
    Intent,
    Register,
    UnplayedActionError,
    answers_actions,
    defaults_summary,
    hookimpl,
    register_actions,
    rule_default,
)

# --- the hooks -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WeaponsDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-62."""

    G62_weapons_start: Literal["holstered", "readied"] = rule_default(
        "G-62",
        "Weapons at the start of an encounter: holstered, to be drawn first ('draw-weapon'), or "
        "the first weapon on each sheet already in hand.",
        "holstered",
        ("holstered", "readied"),
    )


@hookimpl
def mands_register_actions(register: Register) -> None:
    """Also reads the weapon table, so a bad data file fails when a simulation is built."""
    standard_weapons()
    register_actions(
        register,
        (DRAW_WEAPON, WEAPON_ATTACK),
        initiate=initiate,
        resolve=resolve,
        source="rules text",
    )


@hookimpl
@answers_actions(DRAW_WEAPON.name, WEAPON_ATTACK.name)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    if intent.action == DRAW_WEAPON.name:
        return draw_refusals(encounter, actor, intent)
    if intent.action == WEAPON_ATTACK.name:
        return attack_refusals(encounter, actor, intent)
    return []


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    weapon = intended_weapon(encounter, actor, intent)
    if weapon is None:
        raise UnplayedActionError(definition.name)
    if definition.name == DRAW_WEAPON.name:
        sheet = encounter.character(actor).sheet
        return Initiation(draw_time(sheet, weapon), prepared={WEAPON_OPTION: weapon.name})
    if definition.name == WEAPON_ATTACK.name:
        return attack_initiation(encounter, actor, intent, weapon)
    raise UnplayedActionError(definition.name)


def resolve(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    if action.name == DRAW_WEAPON.name:
        return [WeaponReadied(encounter.now, actor, action.prepared.text(WEAPON_OPTION))]
    if action.name == WEAPON_ATTACK.name:
        return resolve_attack(encounter, actor, action)
    raise UnplayedActionError(action.name)


@hookimpl
def mands_register_rule_states(register: Register) -> None:
    """What each character holds ready (:data:`~mands_rulebook.kit.weapons.ready.READIED`)."""
    register(READIED.name, READIED, summary=READIED.summary, source="rules text")


@hookimpl
def mands_encounter_opening(encounter: Encounter) -> list[Event]:
    """G-62 switched to ``readied``: everyone starts with the first weapon on the sheet in hand."""
    if encounter.defaults.of(WeaponsDefaults).G62_weapons_start != "readied":
        return []
    ready = (
        (actor, first_weapon(encounter.character(actor).sheet)) for actor in encounter.state.ids()
    )
    return [WeaponReadied(encounter.now, actor, weapon) for actor, weapon in ready if weapon]


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "combat.weapons",
        WeaponsDefaults,
        summary=defaults_summary(WeaponsDefaults),
        source="rules text",
    )
