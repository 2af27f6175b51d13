"""What grave hits do to the body: Injury rolls, the Death Shot, the Nerve Pinch (§9, §16).

Not a plugin of its own: :mod:`mands_rulebook.combat.out_of_action` makes the Injury rolls when it
checks a character's condition, :mod:`mands_rulebook.combat.throwback` reads the hits, and attack
plugins call :func:`death_shot_events` and :func:`nerve_pinch_events` when they resolve.

* **Hits** (:func:`hits_between`): the ``DamageTaken`` events of a stretch of the log, each with
  the DP it took. An event carries only the VP and DP left after it; the DP before are those
  left by the character's previous ``DamageTaken`` (or its maximum Body DP).
* **Injury roll** (``docs/rules/decisions.md`` G-18, invented): 2d10 ≤ Constitution (Sphere chart) +
  Resist Death (seed "Resist Death": "added to Injury rolls"). G-69: a failure's margin is
  Injury damage (heals monthly) that lowers Body DP now (``adds``), or re-labels DP already lost
  (``converts``); failing by 10 or more also makes that many points Permanent damage and
  knocks the character out.
* **Death Shot** (``docs/rules/combat.md`` §16, G-27): −5 to the Attack Score (seed "Martial
  Punch"); the target saves on 2d10 vs. Constitution (Sphere) + Resist Death (Martial Punch
  allows no save); a failure doubles the DP the blow took and forces an Injury roll.
* **Nerve Pinch** (seed "Nerve Pinch", G-70): after a Called Shot to the neck, the target saves
  on d100 vs. Perception + Agility, −3 for each Q the attacker applies; a failure knocks it out
  for that Q in rounds, after Skin Temper and Ignore Damage.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar, Final, Literal

from mands_rulebook.kit.editing_points.rolls import edited_roll
from mands_sim.defaults import rule_default
from mands_sim.events import (
    DamageTaken,
    Event,
    InjuryRolled,
    RollMade,
)
from mands_sim.kernel.encounter import Encounter
from mands_sim.log_index import kept_answer, last_logged_before, logged_between
from mands_sim.metrics import Count, Metric
from mands_sim.percent_rolls import percent_save
from mands_sim.rolls import ActionRoll, action_roll, roll_made, save_made
from mands_sim.units import SEGMENTS_PER_ROUND


@dataclass(frozen=True, slots=True)
class InjuryDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-69, G-18, G-27,
    G-70."""

    G69_injury_damage: Literal["adds", "converts"] = rule_default(
        "G-69",
        "A failed Injury roll's margin is Injury damage that comes off Body DP now ('adds'), "
        "or re-labels that many of the DP already lost as Injury damage ('converts').",
        "adds",
        ("adds", "converts"),
    )
    G18_injury_trigger: Literal["severe", "any_dp"] = rule_default(
        "G-18",
        "Which hits call for an Injury roll: those leaving Body DP below 0 or taking at least "
        "half the maximum Body DP ('severe'), or every hit that takes Body DP ('any_dp').",
        "severe",
        ("severe", "any_dp"),
    )
    G27_death_shot_failure: Literal["doubled", "dead"] = rule_default(
        "G-27",
        "A Death Shot whose save fails: the blow's DP are taken again and an Injury roll is "
        "forced ('doubled'), or the target dies ('dead': Body DP down to -(maximum)).",
        "doubled",
        ("doubled", "dead"),
    )
    G70_nerve_pinch_rounding: Literal["up", "down"] = rule_default(
        "G-70",
        "Nerve Pinch: the rounds unconscious, (Q - Ignore Damage) x Skin Temper multiplier, "
        "rounded up ('up', as G-45 rounds damage: 4.5 -> 5) or down ('down': 4).",
        "up",
        ("up", "down"),
    )


INJURY_ROLL: Final = "injury roll"
"""The purpose of an Injury roll's :class:`~mands_sim.events.RollMade` (G-18)."""

DEATH_SHOT_SAVE: Final = "death shot save"
"""The purpose of the save against a Death Shot (G-27)."""

NERVE_PINCH_SAVE: Final = "nerve pinch save"
"""The purpose of the save against a Nerve Pinch (seed "Nerve Pinch")."""

INJURY: Final = "injury"
"""The ``source`` of the DP an Injury roll takes (G-69 ``adds``)."""

KNOCKOUT_MARGIN: Final = 10
"""G-18: an Injury roll failed by 10 or more gives Permanent damage and unconsciousness."""

DEATH_SHOT_ATTACK_PENALTY: Final = -5
"""Seed "Martial Punch": "a penalty of 5 to the Attack Score, since this must be a Death Shot"."""

NERVE_PINCH_PENALTY_PER_QUALITY: Final = 3
"""Seed "Nerve Pinch": "the attacker can penalize this by 3 for each Quality Point applied"."""


@dataclass(frozen=True, slots=True)
class DeathShot(Event):
    """A Death Shot that took DP (``docs/rules/combat.md`` §16, G-27): saved, or its DP doubled
    by ``extra_damage_points`` and an Injury roll forced."""

    kind: ClassVar[str] = "death-shot"
    character: str
    source: str
    saved: bool
    extra_damage_points: int

    def narrative(self) -> str:
        if self.saved:
            return f"{self.character} shrugs off {self.source}'s Death Shot."
        lost = self.extra_damage_points
        return f"{self.source}'s Death Shot strikes home: {self.character} loses {lost} more DP."


def _unsaved(field: str) -> Count:
    def count(event: DeathShot) -> list[tuple[str, int]]:
        return [] if event.saved else [(str(getattr(event, field)), 1)]

    return count


DEATH_SHOTS_GIVEN: Final = Metric(
    "death shots given", {DeathShot: _unsaved("source")}, summary="Death Shots landed, not saved"
)
DEATH_SHOTS_TAKEN: Final = Metric(
    "death shots taken", {DeathShot: _unsaved("character")}, summary="Death Shots suffered"
)
"""§16, G-27: an unsaved Death Shot counts for whom it struck and who landed it."""


@dataclass(frozen=True, slots=True)
class NervePinched(Event):
    """A failed save against a Nerve Pinch (seed "Nerve Pinch"): unconscious for ``rounds``
    rounds, until segment ``until``."""

    kind: ClassVar[str] = "nerve-pinch"
    character: str
    source: str
    rounds: int
    until: int

    def narrative(self) -> str:
        return f"{self.source} pinches {self.character}'s nerve: out for {self.rounds} rounds."


@dataclass(frozen=True, slots=True)
class FirstAid(Event):
    """``source`` tried First Aid on ``character``'s bleeding (seed "First Aid", G-173): the d100
    ``roll`` succeeds at ``chance`` or less; a success halves the time between its Bleeding
    Rolls (G-19)."""

    kind: ClassVar[str] = "first-aid-attempt"
    character: str
    source: str
    chance: int
    roll: int
    succeeded: bool

    def narrative(self) -> str:
        verdict = "stems" if self.succeeded else "fails to stem"
        return (
            f"{self.source} {verdict} {self.character}'s bleeding: d100 {self.roll} "
            f"(≤ {self.chance})"
        )


# --- hits -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hit:
    """One ``DamageTaken`` event and the Body DP it took (``index`` is its place in the log)."""

    index: int
    event: DamageTaken
    damage_points_lost: int

    @property
    def victim(self) -> str:
        return self.event.character


def segment_start(log: Sequence[Event], segment: int) -> int:
    """The index of the first event logged at ``segment`` (events are logged in time order)."""
    index = len(log)
    while index > 0 and log[index - 1].segment >= segment:
        index -= 1
    return index


def damage_points_before(log: Sequence[Event], index: int, character: str, maximum: int) -> int:
    """Body DP just before ``log[index]``: what the last earlier ``DamageTaken`` left."""
    for earlier in range(index - 1, -1, -1):
        event = log[earlier]
        if isinstance(event, DamageTaken) and event.character == character:
            return event.damage_points_after
    return maximum


def damage_points_at(encounter: Encounter, index: int, character: str, maximum: int) -> int:
    """:func:`damage_points_before` of ``encounter.log``, from the log's index by kind
    (``mands_sim.log_index``) instead of reading back through the log."""
    last = last_logged_before(encounter, DamageTaken, index, character)
    return maximum if last is None else last[1].damage_points_after


def hits_between(encounter: Encounter, start: int, end: int) -> list[Hit]:
    """Every ``DamageTaken`` in ``encounter.log[start:end]``, each with the DP it took.

    Found once while the log does not grow (``log_index.kept_answer``): a status check asks it
    for each of its parts."""
    key = ("hits_between", start, end)
    return list(kept_answer(encounter, key, lambda: _hits(encounter, start, end)))


def _hits(encounter: Encounter, start: int, end: int) -> list[Hit]:
    running: dict[str, int] = {}
    hits: list[Hit] = []
    for index, event in logged_between(encounter, DamageTaken, start, end):  # the log by kind
        who = event.character
        if who not in running:
            maximum = encounter.figured(who).damage_points.body
            running[who] = damage_points_at(encounter, index, who, maximum)
        lost = max(0, running[who] - event.damage_points_after)
        running[who] = event.damage_points_after
        hits.append(Hit(index, event, lost))
    return hits


# --- rolls ------------------------------------------------------------------------------------


# --- death (G-17; the check itself is ``mands_rulebook.combat.out_of_action``)
# ----------------------

VITAL_LOCATIONS: Final = ("head", "neck")
"""G-17: DP lost there kill at −(that location's maximum), as Body DP at −(maximum Body DP)."""


def dead_at(encounter: Encounter, actor: str, damage_points: int) -> bool:
    """G-17: Body DP at or below −(maximum Body DP) kill."""
    return damage_points <= -int(encounter.figured(actor).damage_points.body)


def location_lost(encounter: Encounter, actor: str, location: str) -> int:
    """Every DP hits on ``location`` have taken from ``actor`` this encounter."""
    hits = hits_between(encounter, 0, len(encounter.log))
    return sum(
        h.damage_points_lost for h in hits if h.victim == actor and h.event.location == location
    )


def vital_lost(encounter: Encounter, actor: str, location: str, more: int) -> bool:
    """G-17: the DP hits on a head or neck have taken (and ``more`` still to come) reach twice
    its DP (its DP at −its maximum)."""
    if location not in VITAL_LOCATIONS:
        return False
    parts = encounter.figured(actor).damage_points
    return location_lost(encounter, actor, location) + more >= 2 * int(getattr(parts, location))


def would_kill(encounter: Encounter, hit: DamageTaken, *, injury_roll: bool = False) -> bool:
    """Whether ``hit``, not taken yet, would leave its victim dead by G-17 (as
    ``mands_rulebook.combat.out_of_action`` checks it): Body DP ≤ −(maximum Body DP), or the head or
    neck it lands on at −(its maximum). With ``injury_roll``, also when the hit calls for an
    Injury roll (G-18) whose worst failure (:func:`worst_injury`) would. For a policy weighing a
    blow (the Comics Code)."""
    victim = hit.character
    lost = encounter.state[victim].damage_points - hit.damage_points_after
    if dead_at(encounter, victim, hit.damage_points_after):
        return True
    if lost > 0 and vital_lost(encounter, victim, hit.location, lost):
        return True
    if not injury_roll:
        return False
    maximum = encounter.figured(victim).damage_points.body
    trigger = encounter.defaults.of(InjuryDefaults).G18_injury_trigger
    forced = needs_injury_roll(Hit(len(encounter.log), hit, lost), maximum, trigger)
    worst = hit.damage_points_after - worst_injury(encounter, victim)
    return forced and dead_at(encounter, victim, worst)


WORST_2D10: Final = 20
"""The highest 2d10 total (seed "Dice": two faces of 10; a Special's re-rolled 1s only lower
it)."""


def worst_injury(encounter: Encounter, actor: str) -> int:
    """G-18, G-69: the most Injury damage a failed Injury roll can take off ``actor``'s Body DP
    (its worst failure margin under ``adds``; none under ``converts``, which only re-labels DP
    already lost)."""
    if encounter.defaults.of(InjuryDefaults).G69_injury_damage != "adds":
        return 0
    return max(0, WORST_2D10 - resist_death_target(encounter, actor))


def roll_event(encounter: Encounter, actor: str, purpose: str, roll: ActionRoll) -> RollMade:
    """The log's record of a 2d10 roll ``actor`` made for ``purpose``."""
    return roll_made(encounter.now, actor, purpose, roll)


def roll_2d10(encounter: Encounter, actor: str, target: int, bonus_pool: int = 0) -> ActionRoll:
    """An Action Roll on ``actor``'s own dice (Special characters re-roll 1s)."""
    return action_roll(
        encounter.dice_for(actor),
        target=target,
        bonus_pool=bonus_pool,
        is_special=encounter.character(actor).sheet.is_special,
        charts=encounter.charts,
    )


def survival_roll(
    encounter: Encounter,
    actor: str,
    purpose: str,
    target: int,
    *,
    improves: str,
    bonus_pool: int = 0,
) -> ActionRoll:
    """A 2d10 roll ``actor`` makes to survive (an Injury roll, the save against a Death Shot, a
    Bleeding Roll): its own Action Roll, so with Editing Points on its player may edit a failure
    into a success (seed 000 "Editing Die Rolls", G-154); ``improves`` is what the points train."""
    roll = roll_2d10(encounter, actor, target, bonus_pool)
    return edited_roll(encounter, actor, None, purpose, roll, improves=improves)


RESIST_DEATH: Final = "Resist Death"
"""What Editing Points on an Injury roll or a Death Shot save train (seed 000: "Resist Death
Increase: Add 1 to the character's Resist Death"; seed 001: it "is added to Injury rolls")."""


def resist_death_target(encounter: Encounter, actor: str) -> int:
    """G-18, G-27: Constitution on the Sphere chart + Resist Death (seed "Resist Death")."""
    character = encounter.current(actor)
    constitution = encounter.charts.action.sphere(character.sheet.abilities.constitution)
    return int(constitution) + int(character.figured.resist_death)


# --- Injury rolls (G-18, G-69) ---------------------------------------------------------------


def needs_injury_roll(hit: Hit, maximum: int, trigger: str = "severe") -> bool:
    """G-18: the hit took DP and left Body DP below 0, or took at least half the maximum
    (``G18_injury_trigger`` ``severe``); with ``any_dp``, any hit that took DP."""
    lost = hit.damage_points_lost
    if trigger == "any_dp":
        return lost > 0
    return lost > 0 and (hit.event.damage_points_after < 0 or 2 * lost >= maximum)


def injury_events(
    encounter: Encounter, actor: str, *, cause: str, damage_points: int
) -> list[Event]:
    """An Injury roll for ``actor`` at ``damage_points`` Body DP, and what a failure does."""
    target = resist_death_target(encounter, actor)
    roll = survival_roll(encounter, actor, INJURY_ROLL, target, improves=RESIST_DEATH)
    events: list[Event] = [roll_event(encounter, actor, INJURY_ROLL, roll)]
    if roll.succeeded:
        return events
    margin = roll.margin
    permanent = margin if margin >= KNOCKOUT_MARGIN else 0
    injured = InjuryRolled(encounter.now, actor, cause, margin, permanent, permanent > 0)
    events.append(injured)
    if encounter.defaults.of(InjuryDefaults).G69_injury_damage == "adds":
        events.append(injury_damage(encounter, actor, margin, damage_points))
    return events


def injury_damage(encounter: Encounter, actor: str, points: int, damage_points: int) -> Event:
    """G-69 ``adds``: Injury damage comes off Body DP, past VP and protection."""
    state = encounter.state[actor]
    return DamageTaken(
        segment=encounter.now,
        character=actor,
        source=INJURY,
        raw=points,
        taken=points,
        virtual_damage_points_after=state.virtual_damage_points,
        damage_points_after=damage_points - points,
    )


# --- the Death Shot (G-27) -------------------------------------------------------------------


def death_shot_attack(attack: int) -> int:
    """A Death Shot's Attack Score: −5 (seed "Martial Punch")."""
    return attack + DEATH_SHOT_ATTACK_PENALTY


def death_shot_events(
    encounter: Encounter,
    attacker: str,
    victim: str,
    damage_events: Sequence[Event],
    *,
    save_allowed: bool = True,
) -> list[Event]:
    """What a Death Shot does once its blow's ``damage_events`` (not yet applied) are known.

    G-27: a blow that took no DP does nothing more. Otherwise the victim saves on 2d10 vs.
    Constitution (Sphere) + Resist Death, unless ``save_allowed`` is false (Martial Punch: "There
    is no save against it"); a failure takes the blow's DP again (``G27_death_shot_failure``
    ``dead``: every Body DP down to −(maximum), which kills). The Injury roll it forces is
    made when the victim's condition is checked (:mod:`mands_rulebook.combat.out_of_action`), after
    every blow of the segment has landed (G-46).
    """
    taken = [e for e in damage_events if isinstance(e, DamageTaken) and e.character == victim]
    if not taken:
        return []
    lost = encounter.state[victim].damage_points - taken[-1].damage_points_after
    if lost <= 0:
        return []
    events: list[Event] = []
    if save_allowed:
        target = resist_death_target(encounter, victim)
        roll = survival_roll(encounter, victim, DEATH_SHOT_SAVE, target, improves=RESIST_DEATH)
        events.append(roll_event(encounter, victim, DEATH_SHOT_SAVE, roll))
        if roll.succeeded:
            return [*events, DeathShot(encounter.now, victim, attacker, True, 0)]
    if (
        encounter.defaults.of(InjuryDefaults).G27_death_shot_failure == "dead"
    ):  # G-27: down to −(maximum Body DP)
        maximum = encounter.figured(victim).damage_points.body
        lost = max(0, taken[-1].damage_points_after + maximum)
    doubled = DamageTaken(
        segment=encounter.now,
        character=victim,
        source=attacker,
        raw=0,
        taken=lost,
        virtual_damage_points_after=taken[-1].virtual_damage_points_after,
        damage_points_after=taken[-1].damage_points_after - lost,
        penetrating=min(lost, sum(e.penetrating for e in taken)),
        location=taken[-1].location,
    )
    return [*events, DeathShot(encounter.now, victim, attacker, False, lost), doubled]


# --- the Nerve Pinch (G-70) ------------------------------------------------------------------


def nerve_pinch_rounds(encounter: Encounter, victim: str, quality: int) -> int:
    """G-70: the Q applied, less Ignore Damage, times Skin Temper, rounded up as G-45 rounds
    damage, or down under ``G70_nerve_pinch_rounding`` ``down``."""
    figured = encounter.figured(victim)
    after_ignore = max(0, quality - int(figured.ignore_damage))
    multiplier: Fraction = figured.skin_temper.multiplier
    if encounter.defaults.of(InjuryDefaults).G70_nerve_pinch_rounding == "down":
        return math.floor(after_ignore * multiplier)
    return math.ceil(after_ignore * multiplier)


def nerve_pinch_events(
    encounter: Encounter, attacker: str, victim: str, quality: int
) -> list[Event]:
    """A Nerve Pinch that hit the neck with ``quality`` Q applied to it (seed "Nerve Pinch").

    The victim saves on d100 vs. Perception + Agility − 3 × ``quality`` (G-70: a Perception save
    is a d100 save, G-48); a failure knocks it out for :func:`nerve_pinch_rounds` rounds. The
    knock-out itself happens when its condition is checked
    (:mod:`mands_rulebook.combat.out_of_action`).
    """
    character = encounter.current(victim)
    score = int(character.figured.perception) + int(character.sheet.abilities.agility)
    penalty = NERVE_PINCH_PENALTY_PER_QUALITY * max(0, quality)
    save = percent_save(encounter, victim, NERVE_PINCH_SAVE, score=score, bonus=-penalty)
    events: list[Event] = [save_made(encounter.now, victim, NERVE_PINCH_SAVE, save)]
    rounds = nerve_pinch_rounds(encounter, victim, quality)
    if save.succeeded or rounds <= 0:
        return events
    until = encounter.now + rounds * SEGMENTS_PER_ROUND
    return [*events, NervePinched(encounter.now, victim, attacker, rounds, until)]


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
