"""Maintained attacks: keeping a blast firing (``docs/rules/combat.md`` §17a; seed "Power Rolls"):
the plugin. Its hooks play the rules of :mod:`mands_rulebook.kit.maintained`, which any chapter
may import."""

from __future__ import annotations

from mands_rulebook.kit.maintained import (
    CHAIN_ATTACK,
    CHAIN_EP_ROW,
    MAINTAIN_ENTRY,
    MAINTAINED_SHOT,
    MaintainableShot,
    asks_to_maintain,
    maintained_shot,
)
from mands_sim.api import (
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    Encounter,
    Event,
    Intent,
    hookimpl,
)


@hookimpl
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """A maintain intent needs a maintainable action and a shot to continue."""
    if not asks_to_maintain(intent):
        return []
    definition = encounter.rules.definition(intent.action)
    if not definition.can_maintain:
        return [f"{definition.name} cannot be maintained"]
    if maintained_shot(encounter, actor, intent, definition) is None:
        return [f"no {definition.name} at {intent.target} resolved this segment to maintain"]
    return []


@hookimpl
def mands_action_after(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """Record a resolved shot of a maintainable attack: the link a follow-up continues."""
    prepared = action.prepared
    target = action.intent.target
    # A use that fired no shot (%Control lost: mands_rulebook.powers.control) prepares no Attack.
    if not action.definition.can_maintain or target is None or "attack" not in prepared:
        return []
    first_ep_row = prepared.whole("ep_row", action.definition.ep_row)
    shot = MaintainableShot(
        segment=encounter.now,
        character=actor,
        action=action.name,
        action_id=action.action_id,
        target=target,
        shot=prepared.whole(MAINTAINED_SHOT, 0),
        first_attack=prepared.whole(CHAIN_ATTACK, prepared.whole("attack")),
        first_ep_row=prepared.whole(CHAIN_EP_ROW, first_ep_row),
    )
    return [shot]


@hookimpl
def mands_action_options(action: ActionDefinition) -> list[ActionOption] | None:
    """``maintain`` on every action that can be maintained (``can_maintain``)."""
    return [MAINTAIN_ENTRY] if action.can_maintain else None
