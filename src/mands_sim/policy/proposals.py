"""Candidate actions: what the plugins say a character could do now, that the rules allow.

Scored and lookahead policies start from :func:`candidate_actions`: every plugin's
``mands_candidate_actions`` answer, in plugin-name order, the first of two equal intents kept
(the ``reason`` aside), and only those the clock and the refusal hooks allow now — exactly what
the kernel checks before it starts an action (:func:`mands_sim.policy.view.refusals`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from mands_sim.actions import Intent
from mands_sim.kernel.encounter import Encounter
from mands_sim.plugin_calls import each_plugin
from mands_sim.policy.view import allowed

HOOK = "mands_candidate_actions"


def proposed_actions(encounter: Encounter, actor: str) -> list[Intent]:
    """Every plugin's candidates for ``actor``, in plugin-name order, without repeats; allowed
    or not (an encounter whose rules have no plugin manager has none)."""
    pm = getattr(encounter.rules, "pm", None)
    if pm is None:
        return []
    seen: set[tuple[Any, ...]] = set()
    found: list[Intent] = []
    for _, intents in each_plugin(pm, HOOK, encounter=encounter, actor=actor):
        for intent in _intents(intents):
            key = same_intent(intent)
            if key not in seen:
                seen.add(key)
                found.append(intent)
    return found


def candidate_actions(encounter: Encounter, actor: str) -> list[Intent]:
    """The candidates the clock and the rules allow ``actor`` to start now."""
    return [i for i in proposed_actions(encounter, actor) if allowed(encounter, actor, i)]


def same_intent(intent: Intent) -> tuple[Any, ...]:
    """What makes two candidates the same: action, target and options (not the reason)."""
    return (
        intent.action,
        intent.target,
        tuple(sorted((k, repr(v)) for k, v in intent.options.items())),
    )


def _intents(answer: object) -> Iterable[Intent]:
    if not isinstance(answer, list | tuple):
        return ()
    return (item for item in answer if isinstance(item, Intent))
