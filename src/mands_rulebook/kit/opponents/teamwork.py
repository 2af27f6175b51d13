"""Teamwork: combining attacks on one target (seed "Teamwork"; ``docs/rules/combat.md`` §5; G-82).

Part of the kit's opponents rules, for the Combat Bonus Pool modifiers
:mod:`mands_rulebook.combat.opponents` adds: a member of a side with the Teamwork skill who attacks
a target another member's action in progress attacks adds the group's level to its Agility and draws
its share of the level as Bonus Pool (:func:`teamwork_modifiers`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from mands_rulebook.kit.opponents.split_attacks import split_evenly
from mands_rulebook.kit.opponents.sweeps import sweep_targets
from mands_rulebook.kit.skills import skill_level
from mands_sim.actions import ActionInProgress, Intent, Modifier
from mands_sim.defaults import rule_default
from mands_sim.kernel.encounter import Encounter


@dataclass(frozen=True, slots=True)
class TeamworkDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-82."""

    G82_teamwork: Literal["shares", "none"] = rule_default(
        "G-82",
        "Teamwork: members of a side attacking the same target combine attacks: the group's "
        "lowest Teamwork level is added to each one's Agility and its pool is drawn in equal "
        "shares ('shares'), or Teamwork is not applied ('none').",
        "shares",
        ("shares", "none"),
    )


TEAMWORK: Final = "Teamwork"
"""Seed skill "Teamwork (3d6)": the sheet's skill name."""


def teamwork_level(encounter: Encounter, character: str) -> int:
    return skill_level(encounter.character(character).sheet, TEAMWORK)


def attacks_target(action: ActionInProgress, target: str) -> bool:
    """Whether an action in progress attacks ``target`` (its target, or one of a sweep's)."""
    return not action.definition.is_passive and target in sweep_targets(action.intent)


def combining(encounter: Encounter, actor: str, target: str) -> list[str]:
    """G-82: ``actor`` and the members of its side with Teamwork whose action in progress
    attacks ``target`` — the group combining attacks on it, in the encounter's tie-break order
    (G-227)."""
    side = encounter.state[actor].side
    return [
        s.character_id
        for s in sorted(encounter.state, key=lambda s: encounter.rank(s.character_id))
        if s.side == side
        and s.in_action
        and teamwork_level(encounter, s.character_id) > 0
        and (s.character_id == actor or any(attacks_target(a, target) for a in s.actions))
    ]


def pool_share(level: int, group: Sequence[str], member: str) -> int:
    """G-82: the group's pool of ``level`` drawn in equal shares, the remainder one point each
    to the first members in the tie-break order (seed: what one draws "is also unavailable to
    the rest")."""
    shares = split_evenly(level, len(group))
    return shares[list(group).index(member)]


def agility_raise(encounter: Encounter, actor: str, level: int) -> int:
    """Seed "Teamwork": "the group's Teamwork level is added to each member's agility": the
    change in twice Agility on the Sphere chart (the Combat Roll, §5), as a change to Q."""
    agility = encounter.abilities(actor).agility
    chart = encounter.charts.action
    return int(chart.sphere(2 * (agility + level))) - int(chart.sphere(2 * agility))


def teamwork_modifiers(encounter: Encounter, actor: str, intent: Intent) -> list[Modifier]:
    """Seed "Teamwork" when combining attacks (G-82 ``shares``): a Teamwork member attacking a
    target another member's action in progress attacks adds the group's level (the lowest of
    its members', seed) to its Agility (a ``"quality"`` modifier: the raised Combat Roll) and
    draws its share of the level as Bonus Pool."""
    if encounter.defaults.of(TeamworkDefaults).G82_teamwork != "shares" or intent.target is None:
        return []
    group = combining(encounter, actor, intent.target)
    if actor not in group or len(group) < 2:
        return []
    level = min(teamwork_level(encounter, member) for member in group)
    found = [Modifier(pool_share(level, group, actor), TEAMWORK, "G-82: share of the pool")]
    raised = agility_raise(encounter, actor, level)
    if raised:
        found.append(Modifier(raised, TEAMWORK, "G-82: level added to Agility", "quality"))
    return [modifier for modifier in found if modifier.amount]
