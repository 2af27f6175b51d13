"""Telepathy, template, not rules text: named in the seed's Power Rolls as the example of a
passive mind power, never described (``docs/rules/powers.md`` §2, §3).

Seed "Power Rolls": "Most mind-based powers (such as telepathy) are also passive. Performance
Time for passive power actions are usually halved (which will usually mean a Performance Time
of 10)." Seed "Psychic Immunity": the score "is added to any saving throw vs. mind probing".

It has no combat effect; it is registered with its non-combat mechanics as an action an
objective can use (``complete-action``), built from the template's mind power (G-130, G-137):

* ``telepathy-contact`` — passive, Performance Time 10, one target in sight within the PR read
  Result → Sphere meters. A character of the user's side is willing: the contact is made. Anyone
  else saves on d100 ≤ Willpower − 4 × the PR spent on ``save_penalty`` + its Psychic Immunity
  (Emotion Control's one-target rate; a probe of the mind, so the whole score); a failure lets
  the contact through. A :class:`TelepathicContact` event tells the outcome. Default spend: for
  an ally, all PR on EP rows; for anyone else, all PR on the save penalty.
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
    ActionDefinition,
    ActionInProgress,
    Encounter,
    Event,
    Intent,
    Register,
    answers_actions,
    hookimpl,
)

NAME: Final = "Telepathy"
SAVE_PENALTY: Final = "save_penalty"

PENALTY_PER_PR: Final = 4
"""Seed "Emotion Control": "If the character concentrates on only one target, use 4 times PR"."""


@dataclass(frozen=True, slots=True)
class TelepathicContact(Event):
    """``character`` reached (``made``) or failed to reach ``target``'s mind (G-137)."""

    kind: ClassVar[str] = "telepathic-contact"
    character: str
    target: str
    made: bool

    def narrative(self) -> str:
        done = "reaches" if self.made else "cannot reach"
        return f"{self.character} {done} {self.target}'s mind by telepathy."


def willing(encounter: Encounter, actor: str, target: str) -> bool:
    """G-137: a character of the user's side lets the contact in."""
    return encounter.state[actor].side == encounter.state[target].side


def contact_spend(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    if intent.target is not None and willing(encounter, actor, intent.target):
        return {"ep": pr}
    return {SAVE_PENALTY: pr}


def contact_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {"save_penalty": PENALTY_PER_PR * spend[SAVE_PENALTY]}


def resolve_contact(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    target = action.intent.target
    assert target is not None
    if willing(encounter, actor, target):
        return [TelepathicContact(encounter.now, actor, target, True)]
    penalty = action.prepared.whole("save_penalty")
    save = mind_save(encounter, target, "save vs. Telepathy", penalty)
    return [save, TelepathicContact(encounter.now, actor, target, not save.succeeded)]


CONTACT = PowerUse(
    action=ActionDefinition(
        name="telepathy-contact",
        performance_time=PASSIVE_TIME,  # seed "Power Rolls": telepathy is passive, 10
        is_passive=True,
        ep_row=POWER_ROW,
        needs_target=True,
        summary="Reach a mind (template): allies let it in; others save vs. Willpower - 4 x PR "
        "(G-137).",
    ),
    effects=(SAVE_PENALTY,),
    default_spend=contact_spend,
    prepare=contact_prepared,
    resolve=resolve_contact,
)

TELEPATHY = PowerSpec(
    name=NAME,
    summary="Mind-to-mind contact (template): no combat effect; an action for objectives (G-137).",
    source=TEMPLATE,
    uses=(CONTACT,),
)


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, TELEPATHY)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, TELEPATHY)


@hookimpl
@answers_actions(*TELEPATHY.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    reasons = power_refusals(encounter, actor, intent, TELEPATHY)
    if intent.action == CONTACT.action.name and not reasons:
        pr = power_rating(encounter, actor, TELEPATHY)
        reasons += mind_refusals(encounter, actor, intent.target, pr)
    return reasons
