"""Resting and waiting as actions (``docs/rules/combat.md`` §10, §17; seed "Healing Roll"): the
plugin. Its hooks play the rules of :mod:`mands_rulebook.kit.rest`, which any chapter may
import."""

from __future__ import annotations

from mands_rulebook.kit.rest import (
    REST,
    WAIT,
    initiate,
    resolve,
    rest_between_scenes,
    wait_segments,
)
from mands_sim.api import (
    Carried,
    Encounter,
    Intent,
    Register,
    RestBetweenScenes,
    answers_actions,
    hookimpl,
    register_actions,
)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_actions(
        register, (REST, WAIT), initiate=initiate, resolve=resolve, source="rules text"
    )


@hookimpl
@answers_actions(WAIT.name)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """A ``wait`` whose ``segments`` option is not a whole number ≥ 1 is refused."""
    if intent.action != WAIT.name:
        return []
    segments = wait_segments(intent)
    return [segments] if isinstance(segments, str) else []


@hookimpl(trylast=True)
def mands_rest_between_scenes(rest: RestBetweenScenes) -> Carried:
    """VP and EP back round by round, Healing Rolls for DP, the unconscious come to (G-296,
    G-297)."""
    return rest_between_scenes(rest)
