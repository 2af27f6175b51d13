"""Emotion Control (seed "Emotion Control"), on the power kit (``mands_rulebook.kit.powers``).

Seed: "This is the ability to affect people's emotions mentally. Basic Effects: (Save Penalty,
Range, Reactions). Save Penalty: Targets are allowed a save vs. willpower minus twice the
character's PR, minus any modifications due to predisposition (already angry, already attracted,
etc), on a d100. If the character concentrates on only one target, use 4 times PR instead of twice
PR for the reduction. If the target realizes that emotion control is being attempted, willpower
can be added to the saving throw. Range: The emotion control will work on anyone within PR
meters." The description of Reactions is lost.

* ``emotion-control-sway`` — a mind power's use (G-124: passive, single, Performance Time 10, as
  "most mind powers" are, seed "Power Rolls"). PR is spent on ``save_penalty`` and ``range``
  (meters = PR). With a target it concentrates on that one (4 × PR); without, it reaches every
  character of the other sides in action within Range (2 × PR; G-124: the controller leaves its
  own side out). When it completes, each saves on d100 ≤ Willpower − the penalty − intent option
  ``predisposition`` (+ Willpower when option ``noticed`` says the targets realize it); a failure
  is swayed to the intent's ``emotion`` (default ``calm``) for one round (G-124). Default spend:
  with a target, the whole meters to it on Range and the rest on the penalty; without, half
  (rounded down) on Range.
* A ``calm`` character refuses to start any action aimed at the controller's side while swayed
  (G-124); other emotions are logged and change nothing the simulator plays.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from mands_rulebook.kit.powers import power_refusals, register_power_actions
from mands_rulebook.kit.powers.ratings import anyone_has_power, power_rating
from mands_rulebook.kit.powers.uses import (
    OTHER,
    PASSIVE_TIME,
    POWER_ROW,
    RULES_TEXT,
    PowerSpec,
    PowerSpend,
    PowerUse,
    register_power,
)
from mands_rulebook.kit.range import distance
from mands_sim.api import (
    SEGMENTS_PER_ROUND,
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    Encounter,
    Event,
    Intent,
    Register,
    hookimpl,
    percent_roll,
)

NAME: Final = "Emotion Control"
SAVE_PENALTY: Final = "save_penalty"
RANGE: Final = "range"
EMOTION_OPTION: Final = "emotion"
PREDISPOSITION_OPTION: Final = "predisposition"
NOTICED_OPTION: Final = "noticed"
CALM: Final = "calm"

PENALTY_PER_PR: Final = 2  # seed: "willpower minus twice the character's PR"
CONCENTRATED_PENALTY_PER_PR: Final = 4  # seed: "use 4 times PR instead of twice PR"
SWAYED_FOR: Final = SEGMENTS_PER_ROUND
"""G-124: a failed save leaves the target swayed for one round."""

SAVE_PURPOSE: Final = "save vs. emotion control"


@dataclass(frozen=True, slots=True)
class EmotionSwayed(Event):
    """``character`` feels ``emotion`` as ``source`` wills it until segment ``until`` (G-124)."""

    kind: ClassVar[str] = "emotion-swayed"
    character: str
    source: str
    emotion: str
    until: int

    def narrative(self) -> str:
        return (
            f"{self.character} is swayed to {self.emotion} by {self.source}'s Emotion Control "
            f"until segment {self.until}."
        )


def save_penalty(pr: int, *, concentrated: bool) -> int:
    """Seed: twice the PR, or 4 times it on one target."""
    return (CONCENTRATED_PENALTY_PER_PR if concentrated else PENALTY_PER_PR) * pr


def save_chance(willpower: int, penalty: int, predisposition: int, *, noticed: bool) -> int:
    """Seed: Willpower − the penalty − predisposition; + Willpower when the target realizes."""
    return willpower - penalty - predisposition + (willpower if noticed else 0)


# --- the use -------------------------------------------------------------------------------------


def sway_spend(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    """Default: the meters to the target on Range (half the PR without one), the rest on the
    penalty."""
    if intent.target is None:
        reach = pr // 2
    else:
        reach = min(pr, math.ceil(distance(encounter, actor, intent.target)))
    return {RANGE: reach, SAVE_PENALTY: pr - reach}


def sway_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    concentrated = intent.target is not None
    return {
        "save_penalty": save_penalty(spend[SAVE_PENALTY], concentrated=concentrated),
        "range": float(spend[RANGE]),  # seed: "anyone within PR meters"
    }


def swayable(encounter: Encounter, actor: str, action: ActionInProgress) -> list[str]:
    """The target, or everyone of another side in action, within Range now."""
    meters = action.prepared.number("range")
    target = action.intent.target
    side = encounter.state[actor].side
    candidates = (
        [target]
        if target is not None
        else [who for who in encounter.state.ids() if encounter.state[who].side != side]
    )
    return [
        who
        for who in candidates
        if encounter.state[who].in_action and distance(encounter, actor, who) <= meters
    ]


def resolve_sway(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """Each one in Range saves on d100 (seed); a failure is swayed for a round (G-124)."""
    events: list[Event] = []
    options = action.intent.options
    emotion = str(options.get(EMOTION_OPTION, CALM))
    for who in swayable(encounter, actor, action):
        willpower = int(encounter.figured(who).willpower)
        chance = save_chance(
            willpower,
            action.prepared.whole("save_penalty"),
            action.intent.whole(PREDISPOSITION_OPTION),
            noticed=bool(options.get(NOTICED_OPTION, False)),
        )
        save = percent_roll(encounter, who, SAVE_PURPOSE, chance)
        events.append(save)
        if not save.succeeded:
            events.append(
                EmotionSwayed(encounter.now, who, actor, emotion, encounter.now + SWAYED_FOR)
            )
    return events


SWAY = PowerUse(
    action=ActionDefinition(
        name="emotion-control-sway",
        performance_time=PASSIVE_TIME,  # G-124: a mind power's use (seed "Power Rolls")
        is_passive=True,
        ep_row=POWER_ROW,
        summary="Sway emotions within PR meters: save vs. Willpower - 2 x PR (4 x PR on one "
        "target); options emotion, predisposition, noticed.",
        options=(
            ActionOption(EMOTION_OPTION, "text", "the emotion to sway toward (default: calm)"),
            ActionOption(
                PREDISPOSITION_OPTION,
                "number",
                "the targets' predisposition to it (added to the save)",
            ),
            ActionOption(NOTICED_OPTION, "flag", "the targets notice the sway"),
        ),
    ),
    effects=(SAVE_PENALTY, RANGE),
    default_spend=sway_spend,
    role=OTHER,
    prepare=sway_prepared,
    resolve=resolve_sway,
)

EMOTION_CONTROL = PowerSpec(
    name=NAME,
    summary="Affect emotions within PR meters: a d100 save vs. Willpower - 2 x PR.",
    source=RULES_TEXT,
    uses=(SWAY,),
)


# --- calm ----------------------------------------------------------------------------------------


def calmed_by(encounter: Encounter, actor: str) -> str | None:
    """Who keeps ``actor`` calm now (the latest sway of ``actor`` still running), if anyone."""
    for event in reversed(encounter.log):
        if isinstance(event, EmotionSwayed) and event.character == actor:
            return event.source if event.emotion == CALM and encounter.now < event.until else None
    return None


def anyone_has_emotion_control(encounter: Encounter) -> bool:
    return anyone_has_power(encounter, EMOTION_CONTROL)


def calm_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """G-124: a calm character starts nothing aimed at its controller's side."""
    if intent.target is None or intent.target not in encounter.state.ids():
        return []
    if not anyone_has_emotion_control(encounter):
        return []
    controller = calmed_by(encounter, actor)
    if (
        controller is None
        or encounter.state[intent.target].side != encounter.state[controller].side
    ):
        return []
    return [f"{actor} is calmed by {controller}'s Emotion Control (G-124)"]


def reach_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """A concentrated sway needs its target within Range of all the PR."""
    if intent.action != SWAY.action.name or intent.target is None:
        return []
    if intent.target not in encounter.state.ids():
        return [f"{intent.action} needs a character as its target"]
    meters = distance(encounter, actor, intent.target)
    pr = power_rating(encounter, actor, EMOTION_CONTROL)
    return [] if meters <= pr else [f"{intent.target} is {meters:g} m away, beyond PR {pr} m"]


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, EMOTION_CONTROL)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, EMOTION_CONTROL)


@hookimpl
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    reasons = power_refusals(encounter, actor, intent, EMOTION_CONTROL)
    if not reasons:
        reasons = reach_refusals(encounter, actor, intent)
    return reasons + calm_refusals(encounter, actor, intent)
