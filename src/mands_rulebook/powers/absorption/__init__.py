"""Absorption (seed "Absorption"), on the power kit (``mands_rulebook.kit.powers``).

Seed: "This is the ability to absorb other powers by touching the person who has them. Three
types of Absorption can be chosen from: powers, material, and psyche. ... The character using
this power must hit for DP, or use 3 Q points from the Combat Roll, to absorb powers from the
target. ... Basic Effects: (Percentage Taken). Percentage Taken: The percentage of
power/material/psyche taken per hit (per segment) is PR times 5. ... Upon absorption, the target
must save on d100 greater than or equal to the percentage of power taken times Skin Temper
(normal ST for physical powers, Mind ST for psychic powers), or fall unconscious for d100
rounds. Targets for Material Absorption will not fall unconscious ... Automatic Effects:
(Duration). Duration: Power/material/psyche is lost by the character with this power, and
regained by the target, PR rounds after it was taken."

* ``absorption-touch`` — a touch (Performance Time 20, a Combat Roll, contact; not
  maintained). "Must hit for DP, or use 3 Q points" (G-79): the touch is a punch — Hand
  Damage plus the damage Q (G-100) — that works when it hits and takes DP, or when it hits
  with 3 Q of a success set aside (the intent option ``touch``; those Q buy nothing else).
  Effect ``percentage``: 5 × the PR spent per touch (G-100: one touch is one segment's
  contact), up to 100 % of one target in all; default: all the PR on it.
* What is absorbed is the sheet's ``type`` (``powers``, ``material`` or ``psyche``; G-100:
  ``powers`` when the sheet names none). Each touch that works is an :class:`Absorbed`,
  regained by the target the absorber's PR in rounds later (the Duration, an Automatic Effect:
  the whole PR).
* The save (G-100): d100 ≥ the percentage × the target's Skin Temper multiplier, rounded up; the
  percentage is all that the absorber holds of that target (``G100_absorption_save`` =
  ``total``) or this touch's (``touch``). Psyche Absorption reads "Mind ST", the Mind Combat
  Skin Temper (seed "Skin Temper": "normally 1", moved up a row per Newoen point above 20 and
  per ten points of Charisma above 20; the Active Charisma, seed "Charisma": "action/adventure
  oriented situations"). Material Absorption has no save. A failure is an
  :class:`AbsorptionFaint`: the target is unconscious for d100 rounds (the rest of any
  encounter shorter than that; the kernel wakes nobody).
* What is stolen (G-181, ``G181_absorbed_powers = "usable"``): "It steals the effects (Hand to
  Hand Damage, Cosmic Blast)" and "the abilities are only taken if there is a corresponding
  power": of every power of the target with a use in the kit (its Blast, its touch, its shield;
  a power with Automatic Effects only, such as Strength Bonus, has none), the percentage held
  of its PR, rounded down, is a :class:`~mands_rulebook.kit.powers.ratings.PowerTaken`: the
  absorber uses that PR as its own (with no %Control roll: it has none for it), the target's PR is
  that much lower, until the Duration ends. Power Absorption takes the powers not in
  :data:`PSYCHIC_POWERS`, Psyche Absorption those ("any psychic powers the target has"),
  Material Absorption none (a character is not a substance). Weaknesses and Automatic
  Effects' chance of working are not played.
* What is lent (G-289, ``G289_absorbed_attributes = "added"``): "Things that can be stolen
  include Hand to Hand Damage, ... EP, DP, Carrying Capacity, Movement, Skin Temper": Power
  Absorption lends the held percentage of what the target's ability-bonus powers add to its
  Hand Damage, Lift and Move Rolls, Skin Temper row, EP maximum and Body DP
  (:mod:`.absorption.lent_attributes`), through ``mands_ability_modifiers`` until the Duration
  ends; the EP and DP the two have now move with the maxima (:func:`lent_events`: a
  :class:`~mands_sim.events.PointsLent` each) and go back when it ends (:func:`give_back`).
  :func:`absorbed_percentage` and
  :func:`stolen_rating` give the numbers; :func:`percentage_taken` and
  :func:`segments_to_absorb` the seed's example.

The touch is the kit's (``PowerUse.touch``,
:func:`~mands_rulebook.kit.powers.attacks.touch_attack`), as for every "hit for DP or use N Q"
power.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Final

from mands_rulebook.kit.injury import AbsorptionFaint
from mands_rulebook.kit.powers import power_refusals, register_power_actions
from mands_rulebook.kit.powers.attacks import TOUCH_ENTRY, touch_attack
from mands_rulebook.kit.powers.ratings import (
    PowerTaken,
    encounter_registries,
    power_specs,
    sheet_power,
)
from mands_rulebook.kit.powers.uses import (
    ACTIVE_TIME,
    ATTACK,
    POWER_ROW,
    RULES_TEXT,
    PowerSpec,
    PowerSpend,
    PowerUse,
    normalized,
    register_power,
)
from mands_rulebook.powers.absorption import lent_attributes as lending
from mands_rulebook.powers.absorption.lent_attributes import AbsorptionDefaults
from mands_sim.api import (
    HIGH,
    LOW,
    SEGMENTS_PER_ROUND,
    AbilityModifier,
    ActionDefinition,
    ActionInProgress,
    Encounter,
    Event,
    Intent,
    OutOfAction,
    Phase,
    Register,
    answers_actions,
    character_d100,
    defaults_summary,
    hookimpl,
    logged,
    mind_skin_temper_row,
    number_roll,
)

NAME: Final = "Absorption"
PERCENTAGE: Final = "percentage"

PERCENT_PER_PR: Final = 5
"""Seed: "The percentage ... taken per hit (per segment) is PR times 5"."""

WHOLE: Final = 100
"""Seed: "can steal 100% of a steel girder's properties": no more than all of it."""

TOUCH_QUALITY: Final = 3
"""Seed: "must hit for DP, or use 3 Q points from the Combat Roll"."""

POWERS: Final = "powers"
MATERIAL: Final = "material"
PSYCHE: Final = "psyche"
KINDS: Final = (POWERS, MATERIAL, PSYCHE)
"""Seed: "Three types of Absorption can be chosen from: powers, material, and psyche"."""

KIND_KEY: Final = "type"
"""The sheet's key naming the type (G-100: ``powers`` when it names none)."""

UNCONSCIOUS: Final = "unconscious"
SAVE_PURPOSE: Final = "absorption save"
FAINT_PURPOSE: Final = "absorption faint rounds"
"""The victim's d100 rolls: the save (d100 ≥ its number) and the rounds out (G-288)."""

PSYCHIC_POWERS: Final = (
    "Brain Wave Hearing",
    "Clairvoyance",
    "Cosmic Awareness",
    "Emotion Control",
    "Empathy",
    "Mind Control",
    "Psychic Invisibility",
    "Telepathy",
)
"""G-181: the psychic powers ("Power Absorption allows the absorption of any power except ...
psychic"; "Psyche Absorption ... any psychic powers the target has"): the mind powers."""


@dataclass(frozen=True, slots=True)
class Absorbed(Event):
    """``character`` absorbed ``percent`` % of ``target``'s ``what`` (``total`` % of it now
    held), regained by the target on segment ``until`` (seed "Percentage Taken", "Duration")."""

    kind: ClassVar[str] = "absorbed"
    character: str
    target: str
    what: str
    percent: int
    total: int
    until: int

    def narrative(self) -> str:
        return (
            f"{self.character} absorbs {self.percent}% of {self.target}'s {self.what} "
            f"({self.total}% held until segment {self.until})"
        )


@dataclass(frozen=True, slots=True)
class AbsorptionSave(Event):
    """``character`` saves against an absorption on d100 ≥ ``needed`` (seed; G-100)."""

    kind: ClassVar[str] = "absorption-save"
    character: str
    source: str
    needed: int
    roll: int
    saved: bool

    def narrative(self) -> str:
        verdict = "saves" if self.saved else "fails"
        return f"{self.character} {verdict} against absorption: d100 {self.roll} (≥ {self.needed})"


# --- the seed's numbers --------------------------------------------------------------------------


def percentage_taken(pr: int, segments: int = 1) -> int:
    """Seed: PR × 5 % per segment of touching, never more than 100 % (PR 7, 3 segments: 100)."""
    return min(WHOLE, PERCENT_PER_PR * pr * segments)


def segments_to_absorb(pr: int, percent: int = WHOLE) -> int | None:
    """Segments of touching to take ``percent`` % (seed: PR 7 takes all of a girder "after 3
    segments"); ``None`` at PR 0."""
    per_segment = PERCENT_PER_PR * pr
    return math.ceil(percent / per_segment) if per_segment else None


def save_needed(percent: int, skin_temper: Fraction) -> int:
    """Seed: the d100 save is "greater than or equal to the percentage of power taken times Skin
    Temper", rounded up (G-100): 35 % against 9/10 needs 32."""
    return math.ceil(percent * skin_temper)


def stolen_rating(power_rating: int, percent: int) -> int:
    """The part of a power's PR ``percent`` % of it is, rounded down (for reports; G-100)."""
    return power_rating * percent // WHOLE


def absorbed_kind(encounter: Encounter, actor: str) -> str:
    """The sheet's ``type`` of Absorption (G-100: ``powers`` if it names none)."""
    entry = sheet_power(encounter.character(actor).sheet, ABSORPTION)
    kind = str(entry.extra.get(KIND_KEY, POWERS)).casefold() if entry is not None else POWERS
    if kind not in KINDS:
        raise ValueError(f"{actor}'s Absorption type must be one of {KINDS}, not {kind!r}")
    return kind


def absorbed_percentage(encounter: Encounter, absorber: str, target: str) -> int:
    """How much of ``target`` ``absorber`` holds now (absorptions not yet regained), ≤ 100."""
    held = sum(
        e.percent
        for e in encounter.log
        if isinstance(e, Absorbed)
        and (e.character, e.target) == (absorber, target)
        and e.until > encounter.now
    )
    return min(WHOLE, held)


# --- absorbing -----------------------------------------------------------------------------------


def all_on_percentage(
    encounter: Encounter, actor: str, intent: Intent, pr: int
) -> Mapping[str, int]:
    return {PERCENTAGE: pr}


def touch_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {"percent": percentage_taken(spend[PERCENTAGE]), "duration": spend.power_rating}


def resolve_touch(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """The touch; if it works, what is absorbed and the target's save."""
    events, works = touch_attack(encounter, actor, action)
    target = action.intent.target
    if not works or target is None:
        return events
    absorbed = absorption(encounter, actor, target, action)
    if absorbed.percent <= 0:  # all of it is held already
        return events
    taking = [*taken_events(encounter, absorbed), *lent_events(encounter, absorbed)]
    return [*events, absorbed, *taking, *save_events(encounter, absorbed)]


def lent_events(encounter: Encounter, absorbed: Absorbed) -> list[Event]:
    """G-289: the target's current EP and DP that this touch lends, moved now; given back when
    its Duration ends (:func:`give_back`). Power Absorption only."""
    if absorbed.what != POWERS:
        return []
    who = (absorbed.character, absorbed.target)
    moved = lending.points_to_move(encounter, *who, absorbed.total, f"absorbed ({NAME})")
    if moved:
        encounter.at(absorbed.until, Phase.PAYMENT, absorbed.character,
                     lambda: give_back(encounter, *who))  # fmt: skip
    return list(moved)


def give_back(encounter: Encounter, absorber: str, target: str) -> None:
    """Seed "Duration": "lost by the character with this power, and regained by the target, PR
    rounds after it was taken": the EP and DP lent beyond what is still held go back (G-289),
    and both characters' conditions are checked."""
    held = absorbed_percentage(encounter, absorber, target)
    reason = f"regained ({NAME} Duration)"
    encounter.emit(lending.points_to_move(encounter, absorber, target, held, reason))
    for who in encounter.ranked((absorber, target)):
        encounter.check_status_at(encounter.now, who)


def held_from(encounter: Encounter) -> list[tuple[str, str, int]]:
    """G-289: (absorber, target, percentage held now) for every Power Absorption not yet
    regained, in the order first taken."""
    pairs = {
        (e.character, e.target): None
        for e in logged(encounter, Absorbed)
        if e.what == POWERS and e.until > encounter.now
    }
    return [(a, t, absorbed_percentage(encounter, a, t)) for a, t in pairs]


def taken_events(encounter: Encounter, absorbed: Absorbed) -> list[Event]:
    """G-181: the PR of each of the target's powers with a use that this touch adds to what the
    absorber holds (the held percentage of the sheet's PR, rounded down, less what was held)."""
    if (
        encounter.defaults.of(AbsorptionDefaults).G181_absorbed_powers != "usable"
        or absorbed.what == MATERIAL
    ):
        return []
    sheet = encounter.character(absorbed.target).sheet
    events: list[Event] = []
    for spec in power_specs(encounter_registries(encounter)):
        entry = sheet_power(sheet, spec)
        if entry is None or not spec.uses or is_psychic(spec) != (absorbed.what == PSYCHE):
            continue
        rating = int(entry.power_rating or 0)
        before = absorbed.total - absorbed.percent
        amount = stolen_rating(rating, absorbed.total) - stolen_rating(rating, before)
        if amount > 0:
            events.append(taken(encounter, absorbed, spec.name, amount))
    return events


def taken(encounter: Encounter, absorbed: Absorbed, power: str, amount: int) -> PowerTaken:
    who = (absorbed.character, absorbed.target)
    return PowerTaken(encounter.now, *who, power, amount, absorbed.until)


def is_psychic(spec: PowerSpec) -> bool:
    """G-181: a mind power (:data:`PSYCHIC_POWERS`), which only Psyche Absorption takes."""
    return normalized(spec.name) in {normalized(name) for name in PSYCHIC_POWERS}


def absorption(encounter: Encounter, actor: str, target: str, action: ActionInProgress) -> Absorbed:
    """This touch's percentage, up to what is left of 100 % (G-100)."""
    held = absorbed_percentage(encounter, actor, target)
    percent = min(action.prepared.whole("percent"), WHOLE - held)
    until = encounter.now + action.prepared.whole("duration") * SEGMENTS_PER_ROUND
    kind = absorbed_kind(encounter, actor)
    return Absorbed(encounter.now, actor, target, kind, percent, held + percent, until)


def save_events(encounter: Encounter, absorbed: Absorbed) -> list[Event]:
    """Seed: d100 ≥ percentage × Skin Temper (Mind ST for psyche); none for material, nor for a
    target already out of action (G-100: which percentage)."""
    victim = absorbed.target
    if absorbed.what == MATERIAL or encounter.state[victim].condition != "active":
        return []
    total = encounter.defaults.of(AbsorptionDefaults).G100_absorption_save == "total"
    percent = absorbed.total if total else absorbed.percent
    needed = save_needed(percent, skin_temper_against(encounter, victim, absorbed.what))
    roll = character_d100(encounter, victim, SAVE_PURPOSE, favours=HIGH)
    save = AbsorptionSave(encounter.now, victim, absorbed.character, needed, roll, roll >= needed)
    if save.saved:
        return [save]
    rounds = number_roll(encounter, victim, FAINT_PURPOSE, favours=LOW)
    until = encounter.now + rounds * SEGMENTS_PER_ROUND
    faint = AbsorptionFaint(encounter.now, victim, absorbed.character, rounds, until)
    return [save, faint, OutOfAction(encounter.now, victim, UNCONSCIOUS)]


def skin_temper_against(encounter: Encounter, victim: str, what: str) -> Fraction:
    """Seed: "normal ST for physical powers, Mind ST for psychic powers"."""
    if what == PSYCHE:
        return mind_skin_temper(encounter, victim)
    return Fraction(encounter.figured(victim).skin_temper.multiplier)


def mind_skin_temper(encounter: Encounter, victim: str) -> Fraction:
    """The victim's Mind Combat Skin Temper (seed "Skin Temper"), read with its Active Charisma
    (seed "Charisma": "in action/adventure oriented situations"): Newoen 25 → row 5, 2/5."""
    abilities = encounter.abilities(victim)
    row = mind_skin_temper_row(abilities.newoen, abilities.active_charisma)
    return Fraction(encounter.charts.skin_temper.multiplier(row))


TOUCH = PowerUse(
    action=ActionDefinition(
        name="absorption-touch",
        performance_time=ACTIVE_TIME,  # seed "Power Rolls": most powers take 20
        ep_row=POWER_ROW,
        needs_target=True,
        summary="Touch to absorb PR x 5 % of the target's powers, material or psyche "
        "(hit for DP, or option touch: 3 Q).",
        options=(TOUCH_ENTRY,),
    ),
    effects=(PERCENTAGE,),
    default_spend=all_on_percentage,
    role=ATTACK,
    prepare=touch_prepared,
    resolve=resolve_touch,
    touch=TOUCH_QUALITY,
)

ABSORPTION = PowerSpec(
    name=NAME,
    summary="Absorb powers, material or psyche by touch: PR x 5 % a touch, for PR rounds.",
    source=RULES_TEXT,
    uses=(TOUCH,),
)


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, ABSORPTION)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, ABSORPTION)


@hookimpl
@answers_actions(*ABSORPTION.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    return power_refusals(encounter, actor, intent, ABSORPTION)


@hookimpl
def mands_ability_modifiers(encounter: Encounter, actor: str) -> list[AbilityModifier]:
    """G-289: the Hand Damage, Lift and Move Rolls, Skin Temper row, EP maximum and Body DP lent
    to ``actor`` by the targets it holds, less what absorbers hold of it."""
    held = held_from(encounter)
    if not held:
        return []
    return lending.modifiers(encounter, actor, lending.lent_now(encounter, actor, held))


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "powers.absorption",
        AbsorptionDefaults,
        summary=defaults_summary(AbsorptionDefaults),
        source="rules text",
    )
