"""Martial Arts attacks: Martial Kick, Martial Punch, Martial Throw, Nerve Pinch (seed "Skills").

Each is a Combat Roll as a fist's (:mod:`.attacks`), with its skill's Combat Pool bonus (G-26,
:mod:`.combat_skills`) at its effective level (G-85: Martial Arts gives its level to the first
three). The seed's damage dice for them were lost; G-86 reads the damage "rolled" as Hand Damage:

* ``martial-kick``: Hand Damage + the damage Q, plus half Hand Damage (rounded down) — "Half of
  hand damage may be added to the damage of the Martial Kick". Intent option ``focus``: points of
  Penetration, at most half the level (rounded down), each costing 1 EP ("If the character
  focuses (using 1 EP per bonus)").
* ``martial-punch``: the same with a quarter of Hand Damage; a Death Shot — −5 to the Attack
  Score and "There is no save against it" (``mands_rulebook.kit.injury``, G-27); intent option
  ``penetrating`` deals penetrating damage ("instead of bludgeoning, as desired"); ``focus`` as
  for the kick.
* Both: "If the character has a strength of less than 10, reduce the damage rolled by
  10 − Strength, on the Doubling Chart."
* ``martial-throw``: "Compare the attacker's damage to the opponent's Mass (Square Chart)":
  Hand Damage + the damage Q against the target's Mass on the Square chart less the Q the intent
  option ``reduce_mass`` sets aside ("each Quality point moves the Mass down 1"). Greater: the
  target is thrown the difference in meters and takes it as damage; smaller: the thrower loses
  the difference (Sphere chart) in segments as surprise.
* ``nerve-pinch`` (Performance Time 20): a Called Shot to the neck (G-60); the Q the mind puts
  on ``damage`` is the Q applied to the pinch: the save and the knock-out are
  :func:`mands_rulebook.kit.injury.nerve_pinch_events` (G-70). No Hand Damage is dealt or paid.

An attack whose skill the character does not have (effective level 0) is refused (G-86).
"""

from __future__ import annotations

from typing import Final

from mands_rulebook.kit.damage import PENETRATING, strike
from mands_rulebook.kit.injury import death_shot_attack, death_shot_events, nerve_pinch_events
from mands_rulebook.skills.attacks import (
    AttackPlan,
    attack_skill_level,
    blow_from,
    close_sight,
    ep_row_costing,
    hand_damage,
    initiate_attack,
    loses_segments,
    register_skill_attacks,
    skill_attack,
    skill_attack_refusals,
    thrown,
    weak_strength,
)
from mands_sim.api import (
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    Charge,
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

FOCUS: Final = "focus"
PENETRATING_OPTION: Final = "penetrating"
REDUCE_MASS: Final = "reduce_mass"
FOCUS_ENTRY: Final = ActionOption(FOCUS, "number", "level points focused into Penetration (seed)")

MARTIAL_KICK: Final = skill_attack(
    "martial-kick",
    "Martial Kick: Hand Damage and half again; focus for Penetration (G-86).",
    options=(FOCUS_ENTRY,),
)
MARTIAL_PUNCH: Final = skill_attack(
    "martial-punch",
    "Martial Punch: a Death Shot with no save, a quarter more Hand Damage.",
    options=(
        FOCUS_ENTRY,
        ActionOption(PENETRATING_OPTION, "flag", "penetrating damage instead of focus (G-27)"),
    ),
)
MARTIAL_THROW: Final = skill_attack(
    "martial-throw",
    "Martial Throw: damage against the target's Mass (Square chart) (G-86).",
    options=(ActionOption(REDUCE_MASS, "number", "Q set aside to reduce the Mass thrown (seed)"),),
)
NERVE_PINCH: Final = skill_attack(
    # seed "Nerve Pinch": "Nerve Pinch has a Performance Time of 20."
    "nerve-pinch",
    "Nerve Pinch: a Called Shot to the neck; Q on damage knocks out (G-70).",
    20,
)
ACTIONS: Final = {a.name: a for a in (MARTIAL_KICK, MARTIAL_PUNCH, MARTIAL_THROW, NERVE_PINCH)}

NECK: Final = "neck"
"""Seed "Nerve Pinch": "The attacker must hit with a Called Shot to the neck"."""

KICK_SHARE: Final = 2
"""Seed "Martial Kick": "Half of hand damage may be added"."""
PUNCH_SHARE: Final = 4
"""Seed "Martial Punch": "One quarter of hand to hand damage may be added"."""


def focus_points(encounter: Encounter, actor: str, intent: Intent) -> int:
    """Penetration bought by focusing: at most half the level, rounded down (seed)."""
    wanted = max(0, intent.whole(FOCUS))
    return min(wanted, attack_skill_level(encounter, actor, intent.action) // 2)


def focus_plan(encounter: Encounter, actor: str, intent: Intent) -> AttackPlan:
    """Seed: "using 1 EP per bonus" — the row that costs that many EP."""
    points = focus_points(encounter, actor, intent)
    charges = (Charge(ep_row_costing(encounter, points), "focus"),) if points else ()
    return AttackPlan(charges=charges, prepared={FOCUS: points})


def plan_for(encounter: Encounter, actor: str, intent: Intent) -> AttackPlan:
    if intent.action == NERVE_PINCH.name:
        return AttackPlan(location=NECK, hand_damage=False)
    if intent.action == MARTIAL_THROW.name:
        wanted = max(0, intent.whole(REDUCE_MASS))
        return AttackPlan(set_aside=lambda quality: min(wanted, quality))
    return focus_plan(encounter, actor, intent)


# --- what lands --------------------------------------------------------------------------------


def martial_damage(encounter: Encounter, actor: str, action: ActionInProgress, share: int) -> int:
    """Hand Damage (less withheld) + damage Q + Hand Damage ÷ share − the weak-Strength cut."""
    extra = int(encounter.figured(actor).hand_damage) // share
    return hand_damage(encounter, actor, action) + extra - weak_strength(encounter, actor)


def kick(encounter: Encounter, actor: str, target: str, action: ActionInProgress) -> list[Event]:
    raw = martial_damage(encounter, actor, action, KICK_SHARE)
    focus = action.prepared.whole(FOCUS)
    return strike(encounter, target, blow_from(action, actor, raw, penetration=focus))


def punch(encounter: Encounter, actor: str, target: str, action: ActionInProgress) -> list[Event]:
    """G-27 with no save: a blow that took DP takes them again and forces an Injury roll."""
    raw = martial_damage(encounter, actor, action, PUNCH_SHARE)
    focus = action.prepared.whole(FOCUS)
    if action.intent.options.get(PENETRATING_OPTION):
        blow = blow_from(action, actor, raw, kind=PENETRATING)
    else:
        blow = blow_from(action, actor, raw, penetration=focus)
    landed = strike(encounter, target, blow)
    return landed + death_shot_events(encounter, actor, target, landed, save_allowed=False)


def martial_throw(
    encounter: Encounter, actor: str, target: str, action: ActionInProgress
) -> list[Event]:
    """Seed "Martial Throw": damage against Mass (Square chart) less the Q set aside."""
    chart = encounter.charts.action
    mass = int(chart.square(encounter.figured(target).mass))
    difference = hand_damage(encounter, actor, action) - (mass - action.prepared.whole("set_aside"))
    if difference > 0:
        return thrown(encounter, actor, target, float(difference), difference)
    return loses_segments(encounter, actor, int(chart.sphere(-difference)))


def pinch(encounter: Encounter, actor: str, target: str, action: ActionInProgress) -> list[Event]:
    """G-70: the Q applied to the pinch is what the mind put on damage."""
    return nerve_pinch_events(encounter, actor, target, action.prepared.whole("damage_quality"))


EFFECTS: Final = {
    MARTIAL_KICK.name: kick,
    MARTIAL_PUNCH.name: punch,
    MARTIAL_THROW.name: martial_throw,
    NERVE_PINCH.name: pinch,
}


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
    """The Close sight modifier of an attack in contact (seed 002 "Sight")."""
    if purpose != "combat" or intent.action not in ACTIONS:
        return []
    return close_sight(encounter, actor)


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    initiation = initiate_attack(
        encounter, actor, intent, definition, plan_for(encounter, actor, intent)
    )
    if definition.name != MARTIAL_PUNCH.name:
        return initiation
    prepared = dict(initiation.prepared)
    prepared["attack"] = death_shot_attack(Prepared(initiation.prepared).whole("attack"))
    return Initiation(initiation.performance_time, initiation.events, initiation.charges, prepared)
