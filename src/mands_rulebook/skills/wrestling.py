"""Wrestling attacks: Body Hold, Body Smash, Body Throw (seed "Skills").

Each is a Combat Roll as a fist's (:mod:`.attacks`), with its skill's Combat Pool bonus (G-26) at
its effective level (G-85: Wrestling gives its level to all three). G-86 readings:

* ``body-hold``: the grab is a blow of Hand Damage + the damage Q ("The character's damage bonus
  applies ... to grabbing damage"); intent option ``full_hold``: "a Full Body Hold which replaces
  up to skill level points of bludgeoning damage with penetrating damage". A grab that hits
  also holds the target: holding on and escaping are :mod:`.holding`'s (G-182 … G-184).
* ``body-smash``: "a penalty of 3 to the Action Roll" (taken off the Combat Roll's Q, as a
  change to the roll's target), "a bonus of d6 damage" (rolled by the attacker when it hits), and
  "up to half level, round down, points of penetrating damage".
* ``body-throw``: "The character must use 5 Quality Points from the Combat Roll": with less, no
  throw is made (outcome ``no throw``; the roll still sets Attack and Defense). On a hit the
  attacker's damage (Hand Damage + the damage Q) is compared with the defender's (its Hand
  Damage): greater, the defender is thrown half the difference in meters and takes the
  difference as damage; smaller, the attacker loses half the difference (rounded down) in
  segments as surprise.

An attack whose skill the character does not have (effective level 0) is refused (G-86).
"""

from __future__ import annotations

from typing import Final

from mands_rulebook.kit.damage import strike
from mands_rulebook.skills.attacks import (
    AttackPlan,
    attack_skill_level,
    blow_from,
    close_sight,
    hand_damage,
    initiate_attack,
    loses_segments,
    register_skill_attacks,
    skill_attack,
    skill_attack_refusals,
    thrown,
)
from mands_rulebook.skills.holding import grab
from mands_sim.api import (
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    Encounter,
    Event,
    Initiation,
    Intent,
    Modifier,
    Prepared,
    Register,
    answers_actions,
    hookimpl,
)

FULL_HOLD: Final = "full_hold"

BODY_HOLD: Final = skill_attack(
    "body-hold",
    "Body Hold: a grab of Hand Damage; a Full Body Hold penetrates (G-86).",
    options=(ActionOption(FULL_HOLD, "flag", "a Full Body Hold: the level penetrates (seed)"),),
)
BODY_SMASH: Final = skill_attack(
    "body-smash", "Body Smash: −3 to the roll, +d6 damage, half level penetrating (G-86)."
)
BODY_THROW: Final = skill_attack(
    "body-throw", "Body Throw: 5 Q; the attacker's damage against the defender's (G-86)."
)
ACTIONS: Final = {a.name: a for a in (BODY_HOLD, BODY_SMASH, BODY_THROW)}

SMASH_PENALTY: Final = 3
"""Seed "Body Smash": "There is a penalty of 3 to the Action Roll"."""
SMASH_DIE: Final = 6
"""Seed "Body Smash": "a bonus of d6 damage"."""
THROW_QUALITY: Final = 5
"""Seed "Body Throw": "The character must use 5 Quality Points from the Combat Roll"."""
NO_THROW: Final = "no throw"


def throw_quality(quality: int) -> int:
    """Seed: a Body Throw takes 5 Q of a success; with fewer there is no throw (G-86)."""
    return THROW_QUALITY if quality >= THROW_QUALITY else 0


def plan_for(intent: Intent) -> AttackPlan:
    if intent.action == BODY_THROW.name:
        return AttackPlan(set_aside=throw_quality)
    return AttackPlan()


# --- what lands --------------------------------------------------------------------------------


def hold(encounter: Encounter, actor: str, target: str, action: ActionInProgress) -> list[Event]:
    """The grab's blow, then the hold it takes (:func:`.holding.grab`, G-182)."""
    raw = max(0, hand_damage(encounter, actor, action))
    full = bool(action.intent.options.get(FULL_HOLD))
    level = attack_skill_level(encounter, actor, action.name) if full else 0
    blow = blow_from(action, actor, raw, penetration=min(level, raw))
    return strike(encounter, target, blow) + grab(encounter, actor, target, action)


def smash(encounter: Encounter, actor: str, target: str, action: ActionInProgress) -> list[Event]:
    raw = max(0, hand_damage(encounter, actor, action) + encounter.dice_for(actor).face(SMASH_DIE))
    level = attack_skill_level(encounter, actor, action.name)
    return strike(
        encounter, target, blow_from(action, actor, raw, penetration=min(level // 2, raw))
    )


def body_throw(
    encounter: Encounter, actor: str, target: str, action: ActionInProgress
) -> list[Event]:
    """Seed "Body Throw": the attacker's damage against the defender's."""
    if action.prepared.whole("set_aside") < THROW_QUALITY:
        return []
    defender = int(encounter.figured(target).hand_damage)
    difference = hand_damage(encounter, actor, action) - defender
    if difference > 0:
        return thrown(encounter, actor, target, difference / 2, difference)
    return loses_segments(encounter, actor, -difference // 2)


EFFECTS: Final = {BODY_HOLD.name: hold, BODY_SMASH.name: smash, BODY_THROW.name: body_throw}


# --- the hooks ---------------------------------------------------------------------------------


@hookimpl
def mands_requires() -> list[str]:
    """A failed attempt loses segments "as surprise": the surprise rules' condition."""
    return ["mands_rulebook.combat.surprise"]


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_skill_attacks(register, ACTIONS, initiate, EFFECTS)


@hookimpl
@answers_actions(*ACTIONS)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    return skill_attack_refusals(encounter, actor, intent) if intent.action in ACTIONS else []


@hookimpl
@answers_actions(*ACTIONS)
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    """The Close sight modifier; Body Smash's −3 to the roll (taken off its Q)."""
    if purpose != "combat" or intent.action not in ACTIONS:
        return []
    found = close_sight(encounter, actor)
    if intent.action == BODY_SMASH.name:
        reason = "seed Body Smash: a penalty of 3 to the Action Roll"
        found.append(Modifier(-SMASH_PENALTY, "Body Smash", reason, applies_to="quality"))
    return found


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    initiation = initiate_attack(encounter, actor, intent, definition, plan_for(intent))
    if definition.name == BODY_THROW.name and Prepared(initiation.prepared).whole("set_aside") == 0:
        prepared = {**initiation.prepared, "outcome": NO_THROW}
        return Initiation(
            initiation.performance_time, initiation.events, initiation.charges, prepared
        )
    return initiation
