"""Absorption (seed "Absorption"), on the power kit (``mands_rulebook.power_kit``).

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
  ``total``) or this touch's (``touch``). Psyche Absorption reads "Mind ST", which no sheet
  figures: 1. Material Absorption has no save. A failure is an :class:`AbsorptionFaint`: the
  target is unconscious for d100 rounds (the rest of any encounter shorter than that; the
  kernel wakes nobody).
* The stolen effects themselves — Hand to Hand Damage, Blasts, EP, DP, Movement, Skin Temper,
  Action Modifier, "only taken if there is a corresponding power" — are not yet applied in an
  encounter: the power kit reads a power's PR from the sheet, so neither the absorber's gain nor
  the target's loss can reach a use. :func:`absorbed_percentage` and :func:`stolen_rating` give
  the numbers; :func:`percentage_taken` and :func:`segments_to_absorb` the seed's example.

The touch helpers :func:`touch_initiation` and :func:`touch_events` serve every "hit for DP or
use N Q" power (``mands_rulebook.powers.alchemy`` uses them too): the kit's attack initiation
gives the mind the whole Combat-Roll Q, so it cannot set the touch's N aside first.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Final

from mands_sim import hookimpl
from mands_sim.actions import ActionDefinition, ActionInProgress, Intent
from mands_sim.dice import roll_d100
from mands_sim.events import AttackResolved, DamageTaken, Event, OutOfAction, QualityAllocated
from mands_sim.kernel.encounter import Charge, Encounter, Initiation
from mands_sim.registry import Register
from mands_sim.rolls import reduced_performance_time
from mands_sim.units import SEGMENTS_PER_ROUND

from ..control import POWER_OPTION
from ..damage import Blow, strike
from ..fists import new_defense, prepare_blow, roll_event, spend_quality
from ..power_kit import (
    ACTIVE_TIME,
    ATTACK,
    COMBAT_ROLL_ROW,
    POWER_ROW,
    RULES_TEXT,
    PowerSpec,
    PowerSpend,
    PowerUse,
    PowerUsed,
    chosen_spend,
    power_combat_roll,
    power_initiation,
    power_refusals,
    power_resolution,
    range_pool,
    register_power,
    register_power_actions,
    sheet_power,
    touch_quality,
    touched,
)
from ..range import CONTACT

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

MIND_SKIN_TEMPER: Final = Fraction(1)
"""G-100: "Mind ST for psychic powers" — no sheet figures one: row 0, multiplier 1."""

SET_ASIDE: Final = "touch_quality"
"""``prepared`` key of a touch: the Combat-Roll Q set aside to touch (G-79)."""

UNCONSCIOUS: Final = "unconscious"


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


@dataclass(frozen=True, slots=True)
class AbsorptionFaint(Event):
    """``character`` fell unconscious for ``rounds`` rounds, until ``until`` (seed: "or fall
    unconscious for d100 rounds")."""

    kind: ClassVar[str] = "absorption-faint"
    character: str
    source: str
    rounds: int
    until: int

    def narrative(self) -> str:
        return f"{self.character} falls unconscious for {self.rounds} rounds ({self.source})"


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


# --- touching (G-79) -----------------------------------------------------------------------------


def touch_initiation(
    encounter: Encounter,
    actor: str,
    intent: Intent,
    spec: PowerSpec,
    use: PowerUse,
    needed: int,
) -> Initiation:
    """The kit's attack initiation for a touch, the ``needed`` Q set aside (intent option
    ``touch``, G-79) before the mind spends the rest: Combat Roll (row 5, G-13), the power's
    row, Performance Time shortened by PR and Q speed."""
    definition = use.action
    spend = chosen_spend(encounter, actor, intent, spec, use)
    used = PowerUsed(
        encounter.now, actor, spec.name, definition.name, spend.power_rating, spend.pairs(),
        spend.ep_row,
    )  # fmt: skip
    assert intent.target is not None
    pool = range_pool(encounter, actor, intent.target, CONTACT)  # the Close sight modifier
    roll = power_combat_roll(encounter, actor, intent, pool=pool)
    set_aside = touch_quality(intent, roll.quality, needed)
    a = spend_quality(encounter, actor, intent, roll.quality - set_aside)
    allocated = QualityAllocated(
        encounter.now, actor, definition.name, a.attack, a.defense, a.speed, a.damage, a.ep
    )
    time = reduced_performance_time(
        definition.performance_time, spend.speed + a.speed, encounter.defaults
    )
    prepared = {
        **use.prepare(encounter, actor, intent, spend),
        **prepare_blow(encounter, actor, roll.quality, a),
        POWER_OPTION: intent.options.get(POWER_OPTION),
        "ep_row": spend.ep_row,
        "quality": roll.quality,
        "reach": CONTACT,
        SET_ASIDE: set_aside,
    }
    charges = (Charge(COMBAT_ROLL_ROW - a.ep, "combat roll"), Charge(spend.ep_row, definition.name))
    return Initiation(
        time, (used, roll_event(encounter, actor, roll), allocated), charges, prepared
    )


def touch_events(
    encounter: Encounter, actor: str, action: ActionInProgress, needed: int, weapon: str
) -> tuple[list[Event], bool]:
    """The Defense bought (G-15), the Attack against the target's Defense and, on a hit, the
    punch that carries the touch (Hand Damage and the damage Q); whether it touched: the punch
    took DP or the ``needed`` Q were set aside (G-79)."""
    target = action.intent.target
    assert target is not None
    attack, defense = int(action.prepared["attack"]), encounter.state[target].defense
    hit = attack >= defense
    events: list[Event] = [
        new_defense(encounter, actor, action),
        AttackResolved(encounter.now, actor, target, attack, defense, hit),
    ]
    if not hit:
        return events, False
    hand = int(encounter.character(actor).figured.hand_damage)
    struck = strike(encounter, target, hand_blow(actor, hand, action, weapon))
    set_aside = int(action.prepared.get(SET_ASIDE, 0))
    return events + struck, touched(dp_lost(encounter, target, struck), set_aside, needed)


def hand_blow(actor: str, hand_damage: int, action: ActionInProgress, weapon: str) -> Blow:
    """A touch that hits for DP is a punch: Hand Damage plus the damage Q, never below 0."""
    return Blow(
        raw=max(0, hand_damage + int(action.prepared["damage"])), source=actor, weapon=weapon
    )


def dp_lost(encounter: Encounter, target: str, events: list[Event]) -> int:
    """The DP ``target`` lost to ``events`` (not applied yet)."""
    after = [e.damage_points_after for e in events if isinstance(e, DamageTaken)]
    return encounter.state[target].damage_points - after[-1] if after else 0


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
    events, works = touch_events(encounter, actor, action, TOUCH_QUALITY, NAME)
    target = action.intent.target
    if not works or target is None:
        return events
    absorbed = absorption(encounter, actor, target, action)
    if absorbed.percent <= 0:  # all of it is held already
        return events
    return [*events, absorbed, *save_events(encounter, absorbed)]


def absorption(encounter: Encounter, actor: str, target: str, action: ActionInProgress) -> Absorbed:
    """This touch's percentage, up to what is left of 100 % (G-100)."""
    held = absorbed_percentage(encounter, actor, target)
    percent = min(int(action.prepared["percent"]), WHOLE - held)
    until = encounter.now + int(action.prepared["duration"]) * SEGMENTS_PER_ROUND
    kind = absorbed_kind(encounter, actor)
    return Absorbed(encounter.now, actor, target, kind, percent, held + percent, until)


def save_events(encounter: Encounter, absorbed: Absorbed) -> list[Event]:
    """G-100: d100 ≥ percentage × Skin Temper (Mind ST 1 for psyche); none for material, nor
    for a target already out of action."""
    victim = absorbed.target
    if absorbed.what == MATERIAL or encounter.state[victim].condition != "active":
        return []
    total = encounter.defaults.G100_absorption_save == "total"
    percent = absorbed.total if total else absorbed.percent
    needed = save_needed(percent, skin_temper_against(encounter, victim, absorbed.what))
    dice = encounter.dice_for(victim)
    roll = roll_d100(dice)
    save = AbsorptionSave(encounter.now, victim, absorbed.character, needed, roll, roll >= needed)
    if save.saved:
        return [save]
    rounds = roll_d100(dice)
    until = encounter.now + rounds * SEGMENTS_PER_ROUND
    faint = AbsorptionFaint(encounter.now, victim, absorbed.character, rounds, until)
    return [save, faint, OutOfAction(encounter.now, victim, UNCONSCIOUS)]


def skin_temper_against(encounter: Encounter, victim: str, what: str) -> Fraction:
    """Seed: "normal ST for physical powers, Mind ST for psychic powers" (G-100: Mind ST 1)."""
    if what == PSYCHE:
        return MIND_SKIN_TEMPER
    return Fraction(encounter.character(victim).figured.skin_temper.multiplier)


TOUCH = PowerUse(
    action=ActionDefinition(
        name="absorption-touch",
        performance_time=ACTIVE_TIME,  # seed "Power Rolls": most powers take 20
        ep_row=POWER_ROW,
        needs_target=True,
        summary="Touch to absorb PR x 5 % of the target's powers, material or psyche "
        "(hit for DP, or option touch: 3 Q).",
    ),
    effects=(PERCENTAGE,),
    default_spend=all_on_percentage,
    role=ATTACK,
    prepare=touch_prepared,
    resolve=resolve_touch,
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
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    return power_refusals(encounter, actor, intent, ABSORPTION)


@hookimpl(trylast=True)
def mands_action_initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation | None:
    if definition.name == TOUCH.action.name:
        return touch_initiation(encounter, actor, intent, ABSORPTION, TOUCH, TOUCH_QUALITY)
    return power_initiation(encounter, actor, intent, definition, ABSORPTION)


@hookimpl(trylast=True)
def mands_action_resolve(
    encounter: Encounter, actor: str, action: ActionInProgress
) -> list[Event] | None:
    return power_resolution(encounter, actor, action, ABSORPTION)
