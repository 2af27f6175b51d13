"""Announcing actions in Combat Turns (seed "Simpler Combat"; G-140, G-141, G-143, G-191): on a
turn's first two segments, one active and one passive action a turn, "in order of learning
(from lowest to highest)", a delay costing its points of Bonus Pool; the short action's bonus
and the passive action's penalty."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from mands_rulebook.kit.opponents.sweeps import SWEEP_BLOW
from mands_rulebook.optional.simpler_combat.turns import (
    ANNOUNCING,
    TURN,
    short_action_bonus,
    turn_start,
)
from mands_sim.api import (
    ActionDefinition,
    ActionRefused,
    ActionStarted,
    Encounter,
    Intent,
    Modifier,
    rule_default,
)


@dataclass(frozen=True, slots=True)
class SimplerCombatDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-141, G-191, G-192."""

    G141_short_action_bonus: Literal["active", "all"] = rule_default(
        "G-141",
        "Simpler Combat: 'Add 10 minus the action's base time to the Bonus Pool' for actions "
        "under 10 segments: active actions only ('active': the example's Move Rolls add "
        "nothing) or passive ones too ('all': a Move Roll, PT 6, gets +4).",
        "active",
        ("active", "all"),
    )
    G191_segment_order: Literal["rule", "drawn"] = rule_default(
        "G-191",
        "Simpler Combat within one segment: announce by Learning, lowest first (a delay counts "
        "as that much more Learning), resolve by Initiative, highest first, ties in the "
        "encounter's drawn order (G-227) ('rule'); or by the drawn order alone, as on the "
        "segment clock ('drawn').",
        "rule",
        ("rule", "drawn"),
    )
    G192_turn_movement: Literal["turn_end", "continuous"] = rule_default(
        "G-192",
        "Simpler Combat: runners are seen where the last Combat Turn's end left them until this "
        "one ends ('turn_end': 'Move at the end of the Combat Turn'), or where the run has got "
        "to at every segment ('continuous').",
        "turn_end",
        ("turn_end", "continuous"),
    )


NAME: Final = "simpler-combat"
"""The optional rule's name, and the source its Bonus Pool modifiers give."""
PASSIVE_PENALTY: Final = 1  # seed: "Making a passive action adds a penalty of 1"
ANNOUNCE_DELAY: Final = "announce_delay"
"""The intent option, and the mind's optional method: points of delay in announcing (seed: "Each
point of delay subtracts that much from their bonus pool")."""


def started_this_turn(encounter: Encounter, actor: str) -> list[ActionStarted]:
    """The actions ``actor`` has started in the current Combat Turn."""
    start, found = turn_start(encounter.now), []
    for event in reversed(encounter.log):
        if event.segment < start:
            break
        if isinstance(event, ActionStarted) and event.character == actor:
            found.append(event)
    return found


def announcing_learning(encounter: Encounter, actor: str) -> int:
    """The Learning ``actor`` announces on: its own plus the delay its mind takes (G-191)."""
    learning = int(encounter.abilities(actor).learning)
    return learning + mind_delay(encounter, actor)


def mind_delay(encounter: Encounter, actor: str) -> int:
    """The mind's ``announce_delay(encounter, actor)`` answer (default none): how many points of
    Learning later it announces, asked when its chance to announce is scheduled."""
    ask = getattr(encounter.minds[actor], ANNOUNCE_DELAY, None)
    delay = 0 if ask is None else int(ask(encounter, actor))
    if delay < 0:
        raise ValueError(f"{actor}'s {ANNOUNCE_DELAY} must not be negative ({delay})")
    return delay


def announcement_delay(encounter: Encounter, actor: str, intent: Intent) -> int:
    """The delay an action pays for: the intent's ``announce_delay`` option, else the mind's."""
    if ANNOUNCE_DELAY in intent.options:
        return intent.whole(ANNOUNCE_DELAY)
    return mind_delay(encounter, actor)


def announcement_order(encounter: Encounter) -> list[list[str]]:
    """Seed: "Players announce their actions in order of learning (from lowest to highest) ...
    the same learning announce at the same time": groups of ids in action, lowest first."""
    groups: dict[int, list[str]] = {}
    for state in encounter.state:
        if state.in_action:
            learning = encounter.abilities(state.character_id).learning
            groups.setdefault(learning, []).append(state.character_id)
    return [sorted(groups[learning]) for learning in sorted(groups)]


def definition_of(encounter: Encounter, intent: Intent) -> ActionDefinition | None:
    try:
        return encounter.rules.definition(intent.action)
    except ActionRefused:
        return None


def pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> list[Modifier]:
    """The short action's bonus (G-141), the passive action's penalty (G-143), the delay."""
    modifiers: list[Modifier] = []
    bonus = short_action_bonus(definition.performance_time)
    passives_too = encounter.defaults.of(SimplerCombatDefaults).G141_short_action_bonus == "all"
    if bonus and (passives_too or not definition.is_passive):
        reason = f"an action of {definition.performance_time} segments"
        modifiers.append(Modifier(bonus, NAME, reason))
    passive = any(s.is_passive for s in started_this_turn(encounter, actor))
    if passive and not definition.is_passive:
        modifiers.append(Modifier(-PASSIVE_PENALTY, NAME, "a passive action this Combat Turn"))
    delay = announcement_delay(encounter, actor, intent)
    if delay < 0:
        raise ValueError(f"{actor}'s {ANNOUNCE_DELAY} must not be negative ({delay})")
    if delay:
        modifiers.append(Modifier(-delay, NAME, f"announced {delay} Learning late"))
    return modifiers


def turn_refusals(encounter: Encounter, actor: str, definition: ActionDefinition) -> list[str]:
    """G-140: announce on a turn's first two segments; one active action and "a single passive
    Action Roll" per Combat Turn. A sweep's next blow is its announced attack going on (G-191)."""
    if definition.name == SWEEP_BLOW.name:
        return []
    if encounter.now % TURN >= ANNOUNCING:
        return ["Simpler Combat: actions are announced at the start of a Combat Turn"]
    kind = "passive" if definition.is_passive else "active"
    started = started_this_turn(encounter, actor)
    if any(s.is_passive == definition.is_passive for s in started):
        return [f"Simpler Combat: one {kind} action per Combat Turn"]
    return []
