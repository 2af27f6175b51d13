"""First Aid in an encounter: treating a bleeding ally (seed "First Aid"; G-19, G-173).

Seed "First Aid": "A character with First Aid knowledge can stop bleeding. The character must roll
less than 5 times their Knowledge Score, at a penalty equal to the number of penetrating DP lost,
plus a penalty of 10 for each previous attempt. It takes 1 round to try and slow bleeding.
Characters without First Aid knowledge can attempt to stop bleeding, but must roll less than or
equal to learning on d100, with the same penalties. A successful roll halves the time between
Bleeding Rolls." Seed "Medical": "Medical includes all the knowledge of First Aid, at double the
score".

This builtin plugin registers ``first-aid``: an active action of one round (50 segments,
``docs/rules/combat.md`` §1) on a patient — the intent's ``target``, or with none the bleeding
member of the first-aider's side (itself included) in reach who has lost the most penetrating DP.
The d100 is rolled when the attempt starts, as a Combat Roll is; when the round is over the attempt
is a :class:`~mands_rulebook.kit.injury.FirstAid` event, on a patient still bleeding. G-173 fills
what the seed leaves open:

* the patient is on the first-aider's side, not dead, bleeding (a wound open since its bleeding
  last stopped, G-19) and in reach (G-65: a punch's reach), conscious or not;
* "penetrating DP lost" are those of the open wounds and their bleeding (the bleeding spell);
  "previous attempts" are those on the same bleeding, by anyone;
* no EP (row 0): a knowledge, not a skill with an EP row;
* a success (switch ``G173_first_aid``): ``halves`` (default) — the patient's Bleeding Roll
  comes every round instead of every second one (G-19) until the bleeding stops; ``stops`` —
  the bleeding stops at once ("can stop bleeding").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal

from mands_rulebook.kit.crowding import in_contact
from mands_rulebook.kit.injury import FirstAid
from mands_rulebook.kit.out_of_action import DEAD, bleeding_spell
from mands_rulebook.kit.skills import normalized
from mands_sim.api import (
    SEGMENTS_PER_ROUND,
    ActionDefinition,
    ActionInProgress,
    BleedingStopped,
    CharacterSheet,
    Encounter,
    Event,
    Initiation,
    Intent,
    Register,
    answers_actions,
    character_d100,
    defaults_summary,
    hookimpl,
    register_actions,
    rule_default,
)


@dataclass(frozen=True, slots=True)
class FirstAidDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-173."""

    G173_first_aid: Literal["halves", "stops"] = rule_default(
        "G-173",
        "A successful First Aid roll: halves the time between the patient's Bleeding Rolls, "
        "every round instead of every second one ('halves', seed First Aid's mechanic), or stops "
        "the bleeding at once ('stops', its 'can stop bleeding').",
        "halves",
        ("halves", "stops"),
    )


FIRST_AID_KNOWLEDGE: Final = "First Aid"
MEDICAL_KNOWLEDGE: Final = "Medical"

KNOWLEDGE_MULTIPLIER: Final = 5
"""Seed "First Aid": "roll less than 5 times their Knowledge Score"."""

MEDICAL_MULTIPLIER: Final = 2
"""Seed "Medical": First Aid "at double the score"."""

TREATED: Final = "treated"
FAILED: Final = "failed"

PENALTY_PER_ATTEMPT: Final = 10
"""Seed "First Aid": "plus a penalty of 10 for each previous attempt"."""

FIRST_AID = ActionDefinition(
    name="first-aid",
    # Seed "First Aid": "It takes 1 round to try and slow bleeding" (docs/rules/combat.md §1: 50
    # seg).
    performance_time=SEGMENTS_PER_ROUND,
    ep_row=0,  # G-173: no EP given; row 0 costs nothing (docs/rules/charts.md §2)
    needs_target=False,
    summary="Treat a bleeding ally in reach for a round: d100 under 5 x First Aid (or Learning), "
    "less the penetrating DP lost and 10 per earlier try; success halves the time between "
    "Bleeding Rolls (seed First Aid; G-173).",
)


# --- the numbers (seed "First Aid", "Medical") -----------------------------------------------


def knowledge_score(sheet: CharacterSheet) -> int:
    """The First Aid Knowledge Score: its own, or Medical's doubled, whichever is higher."""
    scores = {normalized(name): score for name, score in sheet.knowledge.items()}
    first_aid = scores.get(normalized(FIRST_AID_KNOWLEDGE), 0)
    return max(first_aid, MEDICAL_MULTIPLIER * scores.get(normalized(MEDICAL_KNOWLEDGE), 0))


def highest_success(sheet: CharacterSheet, penetrating_lost: int, attempts: int) -> int:
    """The highest d100 roll that succeeds: under 5 × the score ("less than"), or at most
    Learning without the knowledge ("less than or equal to"), less both penalties."""
    penalty = penetrating_lost + PENALTY_PER_ATTEMPT * attempts
    score = knowledge_score(sheet)
    if score > 0:
        return KNOWLEDGE_MULTIPLIER * score - 1 - penalty
    return int(sheet.abilities.learning) - penalty


# --- who can be treated (G-173) --------------------------------------------------------------


def attempts_on(encounter: Encounter, patient: str) -> list[FirstAid]:
    """The First Aid tried on ``patient``'s present bleeding (since it last stopped)."""
    tried: list[FirstAid] = []
    for event in reversed(encounter.log):
        if getattr(event, "character", None) != patient:
            continue
        if isinstance(event, BleedingStopped):
            break
        if isinstance(event, FirstAid):
            tried.append(event)
    return tried


def treatable(encounter: Encounter, actor: str, patient: str) -> str | None:
    """Why ``actor`` cannot treat ``patient`` now, or ``None`` (G-173)."""
    state = encounter.state[patient]
    if state.side != encounter.state[actor].side:
        return f"{patient} is not on {actor}'s side"
    if state.condition == DEAD:
        return f"{patient} is dead"
    if bleeding_spell(encounter.log, patient).wounds == 0:
        return f"{patient} is not bleeding"
    if any(aid.succeeded for aid in attempts_on(encounter, patient)):
        return f"{patient}'s bleeding has been treated"
    if patient != actor and not in_contact(encounter, actor, patient):
        return f"{patient} is out of reach"
    return None


def patients(encounter: Encounter, actor: str) -> list[str]:
    """Those ``actor`` could treat, the most penetrating DP lost first, then in the encounter's
    tie-break order (G-227)."""
    able = [c for c in encounter.state.ids() if treatable(encounter, actor, c) is None]
    lost = {c: bleeding_spell(encounter.log, c).penetrating_lost for c in able}
    return sorted(able, key=lambda c: (-lost[c], encounter.rank(c)))


def patient_of(encounter: Encounter, actor: str, intent: Intent) -> str | None:
    if intent.target is not None:
        return intent.target
    found = patients(encounter, actor)
    return found[0] if found else None


# --- the attempt -----------------------------------------------------------------------------


def attempt(encounter: Encounter, actor: str, patient: str) -> dict[str, object]:
    """The d100 against the patient's bleeding as it is now (seed "First Aid")."""
    spell = bleeding_spell(encounter.log, patient)
    sheet = encounter.character(actor).sheet
    chance = highest_success(sheet, spell.penetrating_lost, len(attempts_on(encounter, patient)))
    roll = character_d100(encounter, actor, FIRST_AID.name)
    succeeded = roll <= chance
    return {
        "patient": patient,
        "chance": chance,
        "roll": roll,
        "outcome": TREATED if succeeded else FAILED,
    }


def first_aid_events(
    encounter: Encounter, actor: str, prepared: Mapping[str, object]
) -> list[Event]:
    """The attempt, once its round is over, on a patient still bleeding; under G-173 ``stops``
    a success stops the bleeding."""
    patient = str(prepared["patient"])
    if bleeding_spell(encounter.log, patient).wounds == 0:
        return []
    if encounter.state[patient].condition == DEAD:
        return []
    chance, roll = int(str(prepared["chance"])), int(str(prepared["roll"]))
    aid = FirstAid(encounter.now, patient, actor, chance, roll, roll <= chance)
    if aid.succeeded and encounter.defaults.of(FirstAidDefaults).G173_first_aid == "stops":
        return [aid, BleedingStopped(encounter.now, patient, FIRST_AID.name)]
    return [aid]


# --- the hooks -------------------------------------------------------------------------------


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_actions(
        register, (FIRST_AID,), initiate=initiate, resolve=resolve, source="rules text"
    )


@hookimpl
@answers_actions(FIRST_AID.name)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    if intent.action != FIRST_AID.name:
        return []
    patient = patient_of(encounter, actor, intent)
    if patient is None:
        return [f"{actor} has nobody to treat in reach"]
    if patient not in encounter.state.ids():
        return [f"{patient!r} is nobody in this encounter"]
    reason = treatable(encounter, actor, patient)
    return [] if reason is None else [reason]


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    """One round, the d100 rolled now, no EP (G-173)."""
    patient = patient_of(encounter, actor, intent)
    assert patient is not None  # refused otherwise
    prepared = attempt(encounter, actor, patient)
    return Initiation(performance_time=FIRST_AID.performance_time, prepared=prepared)


def resolve(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    return first_aid_events(encounter, actor, action.prepared)


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "skills.first_aid",
        FirstAidDefaults,
        summary=defaults_summary(FirstAidDefaults),
        source="rules text",
    )
