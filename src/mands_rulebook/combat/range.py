"""Range and sight in the Combat Roll, the plugin: refuses attacks out of reach or sight and adds
the range and sight modifiers to the Combat Bonus Pool. The rules are the kit's,
:mod:`mands_rulebook.kit.range` (``docs/rules/combat.md`` §5, §11)."""

from __future__ import annotations

from mands_rulebook.kit.range import (
    CONTACT,
    attack_reach,
    distance,
    range_modifier,
    reach_refusals,
    sight_modifier,
)
from mands_rulebook.kit.weapons.table import Ranges
from mands_sim.api import Encounter, Intent, Modifier, hookimpl


@hookimpl
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    reach = attack_reach(encounter, actor, intent)
    if reach is None or intent.target is None:
        return []
    return reach_refusals(encounter, actor, intent.target, reach)


@hookimpl
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    reach = attack_reach(encounter, actor, intent)
    if purpose != "combat" or reach is None or intent.target is None:
        return []
    meters = 0.0 if reach == CONTACT else distance(encounter, actor, intent.target)
    found: list[Modifier] = []
    if isinstance(reach, Ranges) and (penalty := range_modifier(encounter, reach, meters)):
        found.append(penalty)
    sight = sight_modifier(encounter, actor, reach, meters)
    if sight:
        found.append(Modifier(sight, "sight", "seed 002 Sight: Close/Ranged combat modifier"))
    return found
