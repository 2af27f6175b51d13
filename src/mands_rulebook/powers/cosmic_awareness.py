"""Cosmic Awareness (seed "Cosmic Awareness"), on the power kit (``mands_rulebook.kit.powers``).

Seed: "The character with this ability may attempt to know things. Basic Effects: (Question).
Question: The player asks the Editor a question. The chance of finding the answer is a 2d10 roll
vs. PR. It takes a number of minutes to find the answer equal to d100 minus the Q (plus the Q if
the PR roll was failed). Roll 2d100 for the percentage of that time that the character
perceives. (If 50 is rolled on 2d100, the character thinks that only half the actual time has
gone by.) This power does require EP for the actual time."

It has no combat use; it is registered as an action an objective can use (``complete-action``
with ``cosmic-awareness-question``):

* ``cosmic-awareness-question`` (``Intent.options``: ``question``, for the log). G-116: an
  active, sustained use. When it starts, an Action Roll: 2d10 against the PR spent on the
  question (a Special character re-rolls ones; the Bonus Pool modifiers for ``"cosmic
  awareness"`` apply), then d100 for the minutes — d100 − Q, which is d100 plus the miss for a
  failed roll; 0 or less finds it in 1 segment — then 2d100 for the share the character
  perceives. The use lasts those minutes (250 segments each, ``docs/rules/combat.md`` §1), pays its
  row at its start and at every Payment Segment ("EP for the actual time") and rolls %Control
  each round (``mands_rulebook.powers.control``: a miss ends it unanswered). It completes with
  :class:`QuestionPondered`; the action's outcome is ``answered`` or ``not answered``. Default
  spend: PR to bring the EP row to 5 (1 EP per round) first, the rest on the question.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar, Final

from mands_rulebook.kit.control import POWER_OPTION
from mands_rulebook.kit.editing_points.rolls import character_roll
from mands_rulebook.kit.powers import (
    chosen_spend,
    ep_down_to,
    power_refusals,
    register_power_actions,
)
from mands_rulebook.kit.powers.uses import (
    ACTIVE_TIME,
    POWER_ROW,
    RULES_TEXT,
    PowerSpec,
    PowerUse,
    PowerUsed,
    register_power,
)
from mands_sim.api import (
    LOW,
    SEGMENTS_PER_MINUTE,
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    ActionRoll,
    Charge,
    Encounter,
    Event,
    Initiation,
    Intent,
    Register,
    RollMade,
    answers_actions,
    hookimpl,
    number_roll,
    roll_made,
)

NAME: Final = "Cosmic Awareness"
QUESTION: Final = "question"
PURPOSE: Final = "cosmic awareness"
MINUTES_PURPOSE: Final = "cosmic awareness minutes"
FELT_PURPOSE: Final = "cosmic awareness time felt"
"""The d100 rolls read off as numbers (G-288): the minutes, and the share of them felt."""
"""The Bonus Pool purpose and the ``RollMade`` purpose of the question's roll."""
ANSWERED: Final = "answered"
NOT_ANSWERED: Final = "not answered"
HELD_EP_ROW: Final = 5  # the default spend's row: 1 EP per round (EP Use Chart)
PERCENT: Final = 100


def minutes_to_answer(d100: int, quality: int) -> int:
    """Seed: "d100 minus the Q (plus the Q if the PR roll was failed)": a failure's Q is
    negative, so d100 − Q both ways (d100 40, Q 3 → 37; Q −3 → 43); never below 0."""
    return max(0, d100 - quality)


def perceived_minutes(minutes: int, percentage: int) -> Fraction:
    """Seed: "2d100 for the percentage of that time that the character perceives" (50: half)."""
    return Fraction(minutes * percentage, PERCENT)


def question_segments(minutes: int) -> int:
    """The minutes in segments (250 a minute); 0 minutes is the next segment (G-116)."""
    return max(1, minutes * SEGMENTS_PER_MINUTE)


def roll_2d100(encounter: Encounter, actor: str) -> int:
    """Seed: "2d100 for the percentage of that time that the character perceives" (G-288: a
    change favours a lower share, the wait felt shorter)."""
    felt = (number_roll(encounter, actor, FELT_PURPOSE, favours=LOW) for _ in range(2))
    return sum(felt)


@dataclass(frozen=True, slots=True)
class QuestionPondered(Event):
    """``character``'s question, answered or not, after ``minutes`` (felt as ``perceived``)."""

    kind: ClassVar[str] = "question-pondered"
    character: str
    question: str
    answered: bool
    minutes: int
    perceived: float

    def narrative(self) -> str:
        found = "finds the answer" if self.answered else "finds no answer"
        return (
            f"{self.character} {found} to {self.question or 'a question'} after "
            f"{self.minutes} minutes (it felt like {self.perceived:g})"
        )


def row_five_first(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    """G-116: down to 1 EP per round (row 5) first, the rest on the question."""
    ep = ep_down_to(HELD_EP_ROW, POWER_ROW, pr)
    return {"ep": ep, QUESTION: pr - ep}


QUESTION_USE = PowerUse(
    action=ActionDefinition(
        name="cosmic-awareness-question",
        performance_time=ACTIVE_TIME,  # the registered PT; the question lasts d100 - Q minutes
        is_sustained=True,  # seed: "This power does require EP for the actual time"
        ep_row=POWER_ROW,
        summary="Ask a question (option question): 2d10 vs the PR; d100 - Q minutes, paid "
        "each round.",
        options=(ActionOption(QUESTION, "text", "the question asked"),),
    ),
    effects=(QUESTION,),
    default_spend=row_five_first,
)

COSMIC_AWARENESS = PowerSpec(
    name=NAME,
    summary="Know things: 2d10 vs PR finds the answer in d100 - Q minutes, EP all the while.",
    source=RULES_TEXT,
    uses=(QUESTION_USE,),
)


def question_roll(encounter: Encounter, actor: str, intent: Intent, pr: int) -> ActionRoll:
    """Seed: "a 2d10 roll vs. PR" — the PR on the question, as an Action Roll."""
    return character_roll(encounter, actor, intent, PURPOSE, target=pr, improves=NAME)


def rolled(encounter: Encounter, actor: str, roll: ActionRoll) -> RollMade:
    return roll_made(encounter.now, actor, PURPOSE, roll)


def ask(encounter: Encounter, actor: str, intent: Intent) -> Initiation:
    """The PR spent (G-75), the roll, the minutes and how long they feel (G-116)."""
    spend = chosen_spend(encounter, actor, intent, COSMIC_AWARENESS, QUESTION_USE)
    roll = question_roll(encounter, actor, intent, spend[QUESTION])
    d100 = number_roll(encounter, actor, MINUTES_PURPOSE, favours=LOW)
    minutes = minutes_to_answer(d100, roll.quality)
    perceived = perceived_minutes(minutes, roll_2d100(encounter, actor))
    used = PowerUsed(
        encounter.now, actor, NAME, QUESTION_USE.action.name, spend.power_rating, spend.pairs(),
        spend.ep_row,
    )  # fmt: skip
    prepared = {
        POWER_OPTION: intent.options.get(POWER_OPTION),
        "ep_row": spend.ep_row,
        "outcome": ANSWERED if roll.succeeded else NOT_ANSWERED,
        "minutes": minutes,
        "perceived": float(perceived),
    }
    charges = (Charge(spend.ep_row, QUESTION_USE.action.name),)
    events = (used, rolled(encounter, actor, roll))
    return Initiation(question_segments(minutes), events, charges, prepared)


def pondered(encounter: Encounter, actor: str, action: ActionInProgress) -> QuestionPondered:
    prepared = action.prepared
    return QuestionPondered(
        encounter.now,
        actor,
        str(action.intent.options.get(QUESTION, "")),
        prepared["outcome"] == ANSWERED,
        prepared.whole("minutes"),
        prepared.number("perceived"),
    )


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, COSMIC_AWARENESS)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, COSMIC_AWARENESS, initiate=initiate, resolve=resolve)


@hookimpl
@answers_actions(*COSMIC_AWARENESS.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    return power_refusals(encounter, actor, intent, COSMIC_AWARENESS)


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    return ask(encounter, actor, intent)


def resolve(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    return [pondered(encounter, actor, action)]
