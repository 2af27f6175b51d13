"""Surprise: the Detect Danger roll, buying surprise down, and the trailing penalty (§2): the
plugin. Its hooks play the rules of :mod:`mands_rulebook.kit.surprise`, which any chapter may
import."""

from __future__ import annotations

from mands_rulebook.kit.surprise import (
    ACTION_PENALTY,
    SOURCE,
    SURPRISE_ENDS,
    SURPRISED,
    detect_danger,
    perception_save,
    rest_taken,
    rested_penalty,
    resting_segments,
)
from mands_sim.api import (
    ActionInProgress,
    Encounter,
    Event,
    Intent,
    Modifier,
    Register,
    hookimpl,
)


@hookimpl
def mands_register_conditions(register: Register) -> None:
    """Surprise: no initiation until the segments lost have passed (§2)."""
    register(SURPRISED.name, SURPRISED, summary=SURPRISED.summary, source="rules text")


@hookimpl
def mands_register_rule_states(register: Register) -> None:
    """When each character's surprise ends (rest is counted from there, G-48), and its
    trailing penalty."""
    register(SURPRISE_ENDS.name, SURPRISE_ENDS, summary=SURPRISE_ENDS.summary, source="rules text")
    register(
        ACTION_PENALTY.name, ACTION_PENALTY, summary=ACTION_PENALTY.summary, source="rules text"
    )


# --- Detect Danger ------------------------------------------------------------------------


@hookimpl
def mands_encounter_opening(encounter: Encounter) -> list[Event]:
    """Every character not aware of the coming fight rolls Detect Danger (§2)."""
    aware: dict[str, bool] = dict(encounter.context.get("aware", {}))
    events: list[Event] = []
    for actor in encounter.state.ids():
        if not aware.get(actor, True) and encounter.state[actor].in_action:
            events.extend(detect_danger(encounter, actor))
    return events


# --- the trailing penalty -----------------------------------------------------------------


@hookimpl
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    """The trailing penalty, taken off the Q of every Action Roll (§2: "−5 to its Q")."""
    state = encounter.state[actor]
    current = state.get(ACTION_PENALTY)
    if current <= 0:
        return []
    penalty = rested_penalty(current, resting_segments(state, encounter.now))
    if penalty == 0:
        return []
    reason = "trailing Action-Roll penalty (docs/rules/combat.md §2)"
    return [Modifier(-penalty, SOURCE, reason, applies_to="quality")]


@hookimpl
def mands_action_after(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """Make the rest before the action lasting, then save vs Perception − penalty (§2)."""
    state = encounter.state[actor]
    if state.get(ACTION_PENALTY) <= 0 or not state.in_action:
        return []
    rested = rest_taken(encounter, state)
    penalty = rested[-1].penalty if rested else state.get(ACTION_PENALTY)
    events: list[Event] = [*rested]
    if penalty > 0 and not action.definition.is_passive:
        events.extend(perception_save(encounter, actor, penalty))
    return events
