"""Dropping an action during its Performance Time (``docs/rules/combat.md`` §3; seed "Dropping an
Action"): the plugin. Its hooks play the rules of :mod:`mands_rulebook.kit.dropping`, which any
chapter may import."""

from __future__ import annotations

from mands_rulebook.kit.dropping import (
    DROP_ACTION,
    PURPOSE,
    defense_before_failed_drop,
    dropped_action,
    initiate,
    resolve,
)
from mands_sim.api import (
    ActionInProgress,
    DefenseChanged,
    Encounter,
    Event,
    Intent,
    Modifier,
    Register,
    answers_actions,
    hookimpl,
    register_actions,
)


@hookimpl
def mands_requires() -> list[str]:
    """A failed drop sets the trailing penalty "as surprise": the surprise rules keep it."""
    return ["mands_rulebook.combat.surprise"]


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_actions(
        register, (DROP_ACTION,), initiate=initiate, resolve=resolve, source="rules text"
    )


@hookimpl
@answers_actions(DROP_ACTION.name)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """A drop must name an action ``actor`` has in progress."""
    if intent.action != DROP_ACTION.name or dropped_action(encounter, actor, intent):
        return []
    wanted = intent.options.get("action_id")
    return [f"drop-action names no action in progress (action_id={wanted!r})"]


@hookimpl
@answers_actions(DROP_ACTION.name)
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    """Seed: + the dropped action's Q, − the actions in progress (the drop itself counted)."""
    if intent.action != DROP_ACTION.name or purpose != PURPOSE:
        return []
    target = dropped_action(encounter, actor, intent)
    if target is None:
        return []
    in_progress = len(encounter.state[actor].actions) + 1  # + the drop itself
    return [
        Modifier(target.prepared.whole("quality", 0), "dropping", "Q of the dropped action"),
        Modifier(-in_progress, "dropping", "actions in progress, the drop included"),
    ]


@hookimpl
def mands_action_after(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """A failed drop's Defense fall ends with the next non-passive action (seed)."""
    if action.definition.is_passive or not encounter.state[actor].in_action:
        return []
    before = defense_before_failed_drop(encounter.log, actor)
    if before is None:
        return []
    reason = "failed drop's Defense fall ends (next non-passive action)"
    return [DefenseChanged(encounter.now, actor, before, reason)]
