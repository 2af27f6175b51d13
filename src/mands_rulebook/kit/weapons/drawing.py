"""Drawing a weapon (seed "Quick Draw"; ``docs/rules/decisions.md`` G-62).

Part of the kit's weapons rules, which :mod:`mands_rulebook.combat.weapons` registers:
``draw-weapon`` takes the weapon's draw time less the character's Quick Draw level for that
weapon type, no roll and no EP (G-62); the weapon is held ready when the draw completes.
"""

from __future__ import annotations

from mands_rulebook.kit.weapons.ready import weapon_readied
from mands_rulebook.kit.weapons.table import WEAPON_OPTION, Weapon, carried, standard_weapons
from mands_sim.actions import ActionDefinition, ActionOption, Intent
from mands_sim.kernel.encounter import Encounter
from mands_sim.model.sheet import CharacterSheet
from mands_sim.rolls import MINIMUM_PERFORMANCE_TIME

DRAW_WEAPON = ActionDefinition(
    name="draw-weapon",
    # G-62: the real time is the weapon's draw_time (data/weapons.toml); this is the listing's.
    performance_time=10,
    ep_row=0,  # G-62: drawing costs no EP
    summary="Draw a weapon and hold it ready: its draw time less Quick Draw (G-62).",
    options=(ActionOption(WEAPON_OPTION, "text", "the weapon to draw"),),
)


def quick_draw_level(sheet: CharacterSheet, weapon: Weapon) -> int:
    """Seed "Quick Draw" "applies to only one weapon type": the sheet's ``Quick Draw (<skill>)``."""
    return sheet.skills.get(f"Quick Draw ({weapon.skill})", 0)


def draw_time(sheet: CharacterSheet, weapon: Weapon) -> int:
    """Seed "Quick Draw": "reduces the Performance Time for drawing a weapon by level segments";
    never below 1 segment (``docs/rules/combat.md`` §3)."""
    return max(MINIMUM_PERFORMANCE_TIME, weapon.draw_time - quick_draw_level(sheet, weapon))


def draw_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    name = intent.options.get(WEAPON_OPTION)
    if name is None:
        return ["draw-weapon needs options.weapon"]
    if name not in standard_weapons():
        return [f"no weapon named {name!r} in the weapon table"]
    if carried(encounter, actor, str(name)) < 1:
        return [f"{actor} carries no {name}"]
    if weapon_readied(encounter, actor) == name:
        return [f"{actor} already holds the {name} ready"]
    return []
