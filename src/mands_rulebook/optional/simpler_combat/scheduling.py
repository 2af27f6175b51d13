"""Starting an action under Combat Turns (seed "Simpler Combat"; G-140, G-142, G-191): when it
resolves — on its Initiative in its last turn, a run at the end of the turn it is due in, a
sweep's next blow on Initiative − 1 — and Q added to Damage "on a 1 for 1 basis"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Final

from mands_rulebook.kit.movement.pace import MOVE, REROLL_MOVE
from mands_rulebook.kit.opponents.sweeps import SWEEP_BLOW
from mands_rulebook.optional.simpler_combat.turns import (
    TURN,
    combat_turns,
    initiative_offset,
    turn_end,
    turn_start,
)
from mands_sim.api import (
    ActionDefinition,
    Encounter,
    Event,
    Initiation,
    Prepared,
    QualityAllocated,
    RuleDefaults,
    damage_bonus,
    reduced_performance_time,
)

DROP_PER_ATTACK: Final = 1
"""Seed "Multiple Opponents": "the character's Initiative is dropped by 1 for each attack"."""
RUNNING_SPEED: Final = frozenset({MOVE.name, REROLL_MOVE.name})
"""Actions whose ``speed`` Q is running speed (seed "Move Roll"), not Initiative."""


@dataclass(frozen=True, slots=True)
class TurnScheduled(Event):
    """When an action started under Combat Turns resolves, and on what Initiative."""

    kind: ClassVar[str] = "combat-turn"
    character: str
    action: str
    initiative: int
    turns: int
    resolves_at: int


def last_scheduled(encounter: Encounter, actor: str) -> TurnScheduled | None:
    """``actor``'s latest :class:`TurnScheduled` in the current Combat Turn."""
    start = turn_start(encounter.now)
    for event in reversed(encounter.log):
        if event.segment < start:
            return None
        if isinstance(event, TurnScheduled) and event.character == actor:
            return event
    return None


def spent_quality(
    initiation: Initiation, actor: str, definition: ActionDefinition
) -> QualityAllocated | None:
    spent = [e for e in initiation.events if isinstance(e, QualityAllocated)]
    return next((e for e in spent if (e.character, e.action) == (actor, definition.name)), None)


def on_initiative(
    encounter: Encounter,
    actor: str,
    definition: ActionDefinition,
    initiation: Initiation,
    base: int,
) -> Initiation:
    """When the action resolves: a single action on its Initiative in its last turn; an ongoing
    one (a run) at the end of the turn it is due in (G-140, G-142). A single action takes the
    turns of its Performance Time after Q (seed: "The same rules for the Combat Roll ... apply,
    except that Performance Time cannot be reduced below 1 Combat Turn"); the speed Q that
    shortening did not need is Initiative (:func:`quality_on_turns`)."""
    now, spent = encounter.now, spent_quality(initiation, actor, definition)
    speed = 0 if spent is None or definition.name in RUNNING_SPEED else spent.speed
    action_initiative = base + speed
    if definition.name == SWEEP_BLOW.name:
        action_initiative, turns = next_attack_initiative(encounter, actor, action_initiative), 1
        resolves = max(now + 1, turn_start(now) + initiative_offset(action_initiative))
    elif definition.is_sustained:
        resolves = turn_end(now + max(1, initiation.performance_time))
        turns = (resolves - turn_start(now)) // TURN
    else:
        turns = combat_turns(initiation.performance_time)
        pt = definition.performance_time
        action_initiative -= quality_on_turns(pt, turns, speed, encounter.defaults)
        offset = initiative_offset(action_initiative)
        resolves = turn_start(now) + TURN * (turns - 1) + offset
    damage = one_for_one(encounter, initiation.prepared, spent)
    prepared = {**damage, "initiative": action_initiative}
    scheduled = TurnScheduled(now, actor, definition.name, action_initiative, turns, resolves)
    return replace(
        initiation,
        performance_time=max(1, resolves - now),
        events=(*initiation.events, scheduled),
        prepared=prepared,
    )


def quality_on_turns(base: int, turns: int, speed: int, defaults: RuleDefaults) -> int:
    """The least of the ``speed`` Q that brings an action of ``base`` Performance Time down to
    ``turns`` Combat Turns (G-140: shortening first, only as much as it takes; 0 when the base
    already takes no more, or something else shortened it): PT 20 with 3 Q → 1 Q (18: 1 turn),
    2 left for Initiative."""
    for quality in range(speed + 1):
        if combat_turns(reduced_performance_time(base, quality, defaults)) <= turns:
            return quality
    return 0


def next_attack_initiative(encounter: Encounter, actor: str, base: int) -> int:
    """Seed "Multiple Opponents": "rather than each attack working on subsequent Segments, the
    character's Initiative is dropped by 1 for each attack" — 1 below the last blow's."""
    last = last_scheduled(encounter, actor)
    return (base if last is None else last.initiative) - DROP_PER_ATTACK


def one_for_one(
    encounter: Encounter, prepared: Mapping[str, object], spent: QualityAllocated | None
) -> Mapping[str, Any]:
    """Seed: "Quality Points can be used to increase Damage on a 1 for 1 basis as well (instead
    of using the Doubling Chart)": the Doubles-chart damage the action's plugin added is
    replaced by the Q itself."""
    if spent is None or spent.damage <= 0 or "damage" not in prepared:
        return prepared
    chart = damage_bonus(spent.damage, encounter.charts)
    return {**prepared, "damage": Prepared(prepared).whole("damage") - chart + spent.damage}


def with_events(
    initiation: Initiation, before: Sequence[Event], after: Sequence[Event]
) -> Initiation:
    return replace(initiation, events=(*before, *initiation.events, *after))
