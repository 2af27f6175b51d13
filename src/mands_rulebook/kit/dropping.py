"""Dropping an action during its Performance Time (``docs/rules/combat.md`` §3; seed "Dropping an
Action").

These are the rules :mod:`mands_rulebook.combat.dropping` registers: the hooks named below are
that plugin's; nothing here is a hook.

Seed: "Dropping an action is itself a passive action that takes 10 segments. It requires a roll
vs. Learning (Sphere) plus Agility (Sphere). There is a bonus equal to the Q of the action being
dropped, and a penalty equal to the number of actions in progress (including the action to be
dropped and the drop an action). The roll automatically reduces Defense by 1, although the player
can apply Q to bring it back up (but not by more than 1). If the roll is failed, the character's
Defense is reduced by the failed amount until the next non-Passive action, and the failure
amount is applied to all Action Rolls that follow, as for surprise … Dropping an Action starts at
row 6 for EP use. On a failure, the character can either choose to try again, or pay extra EP
equal to the amount missed by (the Defense and Action Roll penalties will still apply)."

A policy asks for ``Intent("drop-action", options={"action_id": n})``. The bonus and the
penalty are Bonus Pool modifiers (purpose ``"drop"``); the Q of the action being dropped is read
from its ``prepared["quality"]`` (0 when the plugin that started it did not store one).

G-47: the drop takes effect when its own Performance Time completes, like every action's
effect: the roll is made at initiation, and at the drop's resolution the action is dropped (if
it is still in progress), Defense falls, and on a failure the Defense fall and the trailing
penalty start and the mind may pay to drop anyway (optional mind method
``force_drop(encounter, actor, margin) -> bool``, default ``False``). G-49: a failed drop's
margin is added to any trailing penalty already running; ``mands_rulebook.combat.surprise`` enforces
and clears that penalty. The failure's Defense fall ends after the next non-passive action
resolves, unless that action set Defense itself (a Combat Roll does, G-15).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Final

from mands_rulebook.kit.editing_points.rolls import character_roll
from mands_rulebook.kit.fists import allocation_event, roll_event
from mands_rulebook.kit.surprise import ACTION_PENALTY, ActionPenaltyChanged
from mands_sim.actions import (
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    Intent,
    QualityAllocation,
)
from mands_sim.events import (
    ActionDropped,
    DefenseChanged,
    EndurancePaid,
    Event,
)
from mands_sim.kernel.contracts import Charge, Initiation
from mands_sim.kernel.encounter import Encounter
from mands_sim.rolls import ActionRoll, defense_from_quality, reduced_performance_time

DROP_ACTION = ActionDefinition(
    name="drop-action",
    # seed "Dropping an Action": "a passive action that takes 10 segments"
    performance_time=10,
    is_passive=True,
    # seed "Dropping an Action": "starts at row 6 for EP use"
    ep_row=6,
    summary="Drop an action in progress (option action_id): roll vs Learning + Agility (Sphere).",
    options=(ActionOption("action_id", "number", "the id of the action under way to drop"),),
)


PURPOSE: Final = "drop"
"""The purpose of the drop's Action Roll and of its Bonus Pool modifiers."""


DROP_ROLL: Final = "Drop Roll"
"""What Editing Points on the drop's roll train (seed 000: "whatever the roll was for")."""


AUTOMATIC_DEFENSE_FALL: Final = 1
"""seed "Dropping an Action": "The roll automatically reduces Defense by 1" (Q buys back ≤ 1)."""


DROPPING: Final = "dropping an action"


FAILED_DROP: Final = "failed drop: Defense down until the next non-passive action"


def dropped_action(encounter: Encounter, actor: str, intent: Intent) -> ActionInProgress | None:
    """The action in progress ``intent`` names (option ``action_id``), if there is one."""
    action_id = intent.options.get("action_id")
    if not isinstance(action_id, int) or isinstance(action_id, bool):
        return None
    return encounter.state[actor].find_action(action_id)


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    """Roll vs Learning (Sphere) + Agility (Sphere) and spend the Q (seed; G-47)."""
    roll = drop_roll(encounter, actor, intent)
    allocation = spend_quality(encounter, actor, intent, roll.quality)
    prepared = {
        "quality": roll.quality,
        "dropping": intent.options["action_id"],
        "defense_kept": min(AUTOMATIC_DEFENSE_FALL, defense_from_quality(allocation.defense)),
        "outcome": "dropped" if roll.succeeded else "failed",
    }
    return Initiation(
        performance_time=reduced_performance_time(
            definition.performance_time, allocation.speed, encounter.defaults
        ),
        events=(
            roll_event(encounter, actor, roll, DROPPING),
            allocation_event(encounter, actor, allocation, DROP_ACTION.name),
        ),
        charges=(Charge(DROP_ACTION.ep_row - allocation.ep, DROPPING),),
        prepared=prepared,
    )


def drop_target(encounter: Encounter, actor: str) -> int:
    """Seed: Learning on the Sphere chart plus Agility on the Sphere chart."""
    abilities = encounter.abilities(actor)
    sphere = encounter.charts.action.sphere
    return int(sphere(abilities.learning)) + int(sphere(abilities.agility))


def drop_roll(encounter: Encounter, actor: str, intent: Intent) -> ActionRoll:
    """The Action Roll, editable with Editing Points (seed 000)."""
    target = drop_target(encounter, actor)
    return character_roll(encounter, actor, intent, PURPOSE, target=target, improves=DROP_ROLL)


def spend_quality(
    encounter: Encounter, actor: str, intent: Intent, quality: int
) -> QualityAllocation:
    """The mind spends a success on Defense (buying back the fall), speed or the EP row."""
    if quality < 0:
        return QualityAllocation()
    allocation = encounter.minds[actor].allocate(encounter, actor, intent, quality)
    a = allocation
    if a.total > quality or min(a.attack, a.defense, a.speed, a.damage, a.ep) < 0:
        raise ValueError(f"{actor}'s policy spent {allocation} of {quality} Q")
    return allocation


def resolve(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """G-47: when the drop completes, the action goes (or the failure's costs begin)."""
    quality = action.prepared.whole("quality")
    if quality >= 0:
        fall = AUTOMATIC_DEFENSE_FALL - action.prepared.whole("defense_kept")
        return [*defense_fall(encounter, actor, fall), *drop_it(encounter, actor, action)]
    return failed_drop(encounter, actor, action, margin=-quality)


def defense_fall(encounter: Encounter, actor: str, fall: int) -> list[Event]:
    """Seed: the drop lowers Defense by 1 (less what Q bought back)."""
    if fall <= 0:
        return []
    defense = encounter.state[actor].defense - fall
    return [DefenseChanged(encounter.now, actor, defense, DROPPING)]


def drop_it(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """The dropped action ends without resolving, if it has not completed meanwhile."""
    target = encounter.state[actor].find_action(action.prepared.whole("dropping"))
    if target is None:
        return []
    reason = f"dropped by {DROP_ACTION.name} {action.action_id}"
    return [ActionDropped(encounter.now, actor, target.name, target.action_id, reason)]


def failed_drop(
    encounter: Encounter, actor: str, action: ActionInProgress, *, margin: int
) -> list[Event]:
    """Seed: Defense falls 1 and then by the margin; the margin trails "as surprise" (G-49)."""
    state = encounter.state[actor]
    after_fall = state.defense - AUTOMATIC_DEFENSE_FALL
    events: list[Event] = [
        DefenseChanged(encounter.now, actor, after_fall, DROPPING),
        DefenseChanged(encounter.now, actor, after_fall - margin, FAILED_DROP),
        ActionPenaltyChanged(encounter.now, actor, state.get(ACTION_PENALTY) + margin, FAILED_DROP),
    ]
    if forces_drop(encounter, actor, margin):
        dropped = drop_it(encounter, actor, action)
        if dropped:
            events += [extra_endurance(encounter, actor, margin), *dropped]
    return events


def forces_drop(encounter: Encounter, actor: str, margin: int) -> bool:
    """The mind's optional ``force_drop(encounter, actor, margin)``; default ``False``."""
    ask: Callable[[Encounter, str, int], bool] | None = getattr(
        encounter.minds[actor], "force_drop", None
    )
    return bool(ask(encounter, actor, margin)) if ask is not None else False


def extra_endurance(encounter: Encounter, actor: str, margin: int) -> EndurancePaid:
    """Seed: "pay extra EP equal to the amount missed by" — EP, not chart rows."""
    amount = Fraction(margin)
    return EndurancePaid(
        segment=encounter.now,
        character=actor,
        action=DROP_ACTION.name,
        reason="forced drop: extra EP equal to the failure margin",
        row=ep_row_costing(encounter, amount),
        amount=amount,
        endurance_after=encounter.state[actor].endurance_points - amount,
    )


def ep_row_costing(encounter: Encounter, amount: Fraction) -> int:
    """The lowest EP Use Chart row costing ``amount``, for the log (``docs/rules/charts.md`` §2:
    from row 5 on, row k + 4 costs k EP); the drop's own row when no row costs exactly that."""
    rows = range(0, int(amount) + 20)  # bounded search (STYLE.md: every loop has a limit)
    return next((r for r in rows if encounter.rules.ep_cost(r) == amount), DROP_ACTION.ep_row)


def defense_before_failed_drop(log: list[Event], actor: str) -> int | None:
    """If ``actor``'s latest Defense change is a failed drop's fall, the Defense before it."""
    changes = (e for e in reversed(log) if isinstance(e, DefenseChanged) and e.character == actor)
    latest = next(changes, None)
    if latest is None or latest.reason != FAILED_DROP:
        return None
    previous = next(changes, None)
    return previous.defense if previous is not None else 0
