"""Mind Control, template, not rules text: named in the seed's glossary (Saving Throws), never
described (``docs/rules/powers.md`` §2, §3).

Seed ("Saving Throws"): "Saving Throws vs. Mind Control ... are made as soon as the power or
spell takes effect, and any time afterwards when the target has decent reason to believe that
it ... is controlled into doing something far against the character's principles." Seed
"Psychic Immunity": half the score "is added to saves vs. mind control (such as possession)".

Built from the template's mind power (G-130, G-133):

* ``mind-control-dominate`` — passive, Performance Time 10 (seed "Power Rolls": mind powers are
  passive), one target in sight within the PR read Result → Sphere meters. When it completes the
  target saves on d100 ≤ Willpower − 4 × the PR spent on ``save_penalty`` + half its Psychic
  Immunity (Emotion Control's "use 4 times PR" on one target). A failure holds the target
  round by round (50 segments each): its actions in progress are dropped and it starts nothing
  while held (the ``mind controlled`` condition, :data:`CONTROLLED`). Made to stand idle in a
  fight, it has "decent reason to believe" it is controlled, so at the end of each round held it
  saves again, on the same chance (G-133: the seed's "bonus of up to ... Willpower" counted as
  none), and the hold ends with the round whose save succeeds (G-133: the saves are rolled, one a
  round, when the hold begins, at most :data:`MOST_ROUNDS`; the condition's ``break_out``
  could roll them round by round instead). Default spend: all PR on the save penalty.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from mands_rulebook.kit.powers import power_refusals, register_power_actions
from mands_rulebook.kit.powers.ratings import power_rating
from mands_rulebook.kit.powers.uses import (
    PASSIVE_TIME,
    POWER_ROW,
    TEMPLATE,
    PowerSpec,
    PowerSpend,
    PowerUse,
    register_power,
)
from mands_rulebook.powers.template import mind_refusals, mind_save
from mands_sim.api import (
    SEGMENTS_PER_ROUND,
    ActionDefinition,
    ActionInProgress,
    ConditionDefinition,
    ConditionImposed,
    Encounter,
    Event,
    Intent,
    PercentRolled,
    Register,
    answers_actions,
    hookimpl,
    lasting_until,
)

NAME: Final = "Mind Control"
SAVE_PENALTY: Final = "save_penalty"

PENALTY_PER_PR: Final = 4
"""Seed "Emotion Control": "If the character concentrates on only one target, use 4 times PR"."""

CONTROLLED_FOR: Final = SEGMENTS_PER_ROUND
"""G-133: the target saves again at the end of each round held (``docs/rules/combat.md`` §1: 50
segments)."""

MOST_ROUNDS: Final = 100
"""G-133: the loop limit on re-saves (100 rounds, 5,000 segments: twice a ten-minute fight)."""

CONTROLLED: Final = ConditionDefinition(
    name="mind controlled",
    summary="Held by Mind Control (G-133): its actions under way are dropped and it starts "
    "nothing until the hold ends.",
    unready=True,  # held as surprise holds: the Throwback Roll takes it as surprised
)
"""The hold's condition; the kernel drops the target's actions under way with its name."""
SAVE: Final = "save vs. Mind Control"


@dataclass(frozen=True, slots=True)
class MindControlled(Event):
    """``character`` is held by ``source``'s Mind Control until segment ``until`` (G-133), or
    without end (``None``) when another rule holds it so already."""

    kind: ClassVar[str] = "mind-controlled"
    character: str
    source: str
    until: int | None

    def narrative(self) -> str:
        until = "without end" if self.until is None else f"until segment {self.until}"
        return f"{self.character} is mind controlled by {self.source} {until}."


def all_on_penalty(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    return {SAVE_PENALTY: pr}


def dominate_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {"save_penalty": PENALTY_PER_PR * spend[SAVE_PENALTY]}


def later_saves(encounter: Encounter, target: str, penalty: int) -> list[PercentRolled]:
    """Seed "Saving Throws": a save "any time afterwards when the target has decent reason to
    believe that it ... is controlled": one at the end of each round held, up to the first that
    succeeds, rolled now (G-133)."""
    saves: list[PercentRolled] = []
    for round_held in range(1, MOST_ROUNDS + 1):
        purpose = f"{SAVE} at the end of round {round_held} held"
        saves.append(mind_save(encounter, target, purpose, penalty, control=True))
        if saves[-1].succeeded:
            break
    return saves


def held(encounter: Encounter, target: str, actor: str, rounds: int) -> list[Event]:
    """The hold: the event that tells it, and the condition (which drops the target's actions
    under way and keeps it from starting any until it ends)."""
    until = lasting_until(
        encounter, target, CONTROLLED.name, encounter.now + rounds * CONTROLLED_FOR
    )
    return [
        MindControlled(encounter.now, target, actor, until),
        ConditionImposed(encounter.now, target, CONTROLLED.name, actor, until=until),
    ]


def resolve_dominate(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    target = action.intent.target
    if target is None or not encounter.state[target].in_action:
        return []
    penalty = action.prepared.whole("save_penalty")
    save = mind_save(encounter, target, SAVE, penalty, control=True)
    if save.succeeded:
        return [save]
    saves = later_saves(encounter, target, penalty)
    return [save, *saves, *held(encounter, target, actor, len(saves))]


DOMINATE = PowerUse(
    action=ActionDefinition(
        name="mind-control-dominate",
        performance_time=PASSIVE_TIME,  # seed "Power Rolls": mind powers are passive, 10
        is_passive=True,
        ep_row=POWER_ROW,
        needs_target=True,
        summary="Seize a mind (template): d100 save vs. Willpower - 4 x PR or held, saving "
        "again at the end of each round (G-133).",
    ),
    effects=(SAVE_PENALTY,),
    default_spend=all_on_penalty,
    prepare=dominate_prepared,
    resolve=resolve_dominate,
)

MIND_CONTROL = PowerSpec(
    name=NAME,
    summary="Control another's mind (template): a failed save vs. Willpower - 4 x PR holds the "
    "target until a save at the end of a round succeeds (G-133).",
    source=TEMPLATE,
    uses=(DOMINATE,),
)


@hookimpl
def mands_register_conditions(register: Register) -> None:
    """The hold of Mind Control (G-133)."""
    register(CONTROLLED.name, CONTROLLED, summary=CONTROLLED.summary, source="rules text")


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, MIND_CONTROL)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, MIND_CONTROL)


@hookimpl
@answers_actions(*MIND_CONTROL.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    reasons = power_refusals(encounter, actor, intent, MIND_CONTROL)
    if intent.action == DOMINATE.action.name and not reasons:
        pr = power_rating(encounter, actor, MIND_CONTROL)
        reasons += mind_refusals(encounter, actor, intent.target, pr)
    return reasons
