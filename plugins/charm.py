"""Charm, fear and horror: Charisma and Beauty used on others (seed "Charisma"; seed 002 "Beauty",
"An Example of Horrification"; ``rules/gaps.md`` G-155 … G-158).

Three actions, each an Action Roll whose Quality the mind spends (``spend_charm_quality``), then
a d100 save vs. Willpower by every target:

* ``charm`` (seed "Charisma"): 2d10 vs. the charmer's Active Charisma, with a penalty equal to
  the target's; a charmer whose Charisma is below 0 causes **fear** instead ("The Action Roll is
  the same"). Performance Time 5 minutes. Q: speed (3 Q halve the time), 3 per point off the
  target's save, or a row up the save progression (``interval``).
* ``beauty-charm`` (seed "Beauty"): the Charm Roll is half the Beauty (Sex Appeal adds its level
  to the Charm Pool); 12 minutes; the save has a bonus of Beauty (Sphere).
* ``horrify`` (seed "Beauty"): the Horror Roll is the negative of the Beauty; the save has a
  penalty of Beauty (Sphere) and the target's Weirdness Bonus; Q: 3 per point off every
  target's save, or extra d6 of paralysis (the Q on the Sphere chart). A horrified target is
  inactive for 1d6 segments and those extra d6 — it starts nothing (as if surprised) and its
  actions in progress wait as long. A save made adds 2 to the Weirdness Bonus, one failed takes
  1 off (read back from the log).

Whose Beauty the saves read is G-155 (the target's, by default: the example's 62, 68 and 54).
``beauty-charm`` and ``horrify`` may take several targets (intent option ``targets``: a list of
ids, or ``"all"``: every enemy in action in sight), −1 to the Bonus Pool per target (G-157).
A target who saves is immune to that character's Charisma charm and fear, or to its Beauty
charm and horror, for the rest of the encounter (seed). A charmed or frightened target leaves
the fight (out of action as ``charmed`` / ``frightened``, G-156); its later saves come after
days or hours (the Action Chart from −½ Newoen), far beyond an encounter, and are only logged.

The optional rule ``involuntary-beauty`` (G-158) plays "If the character's Beauty is greater
than 20 or less than −20, it may be used to Charm or Horrify involuntarily": when the encounter
opens, d100 ≤ |Beauty| − 20 makes an immediate charm or horror roll against every enemy in
sight. Terror ("If Beauty is less than 0, see Terror") is lost with its section and is not
played. The rolls go through :func:`mands_rulebook.editing_points.edited_roll`, so players may
edit them when Editing Points are on.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from mands_sim import answers_actions, hookimpl
from mands_sim.actions import ActionDefinition, ActionInProgress, Intent
from mands_sim.dice import roll_d100
from mands_sim.events import (
    Event,
    OutOfAction,
    PercentRolled,
    PushedBack,
    RollMade,
    Surprised,
)
from mands_sim.kernel.encounter import Charge, Encounter, Initiation
from mands_sim.registry import Register
from mands_sim.rolls import ActionRoll, action_roll, reduced_performance_time, roll_made, save_d100
from mands_sim.units import SEGMENTS_PER_MINUTE

from .editing_points import edited_roll
from .range import in_sight

CHARM_PT: Final = 5 * SEGMENTS_PER_MINUTE
"""Seed "Charisma": "The standard Performance Time for Charm is 5 minutes"."""
BEAUTY_CHARM_PT: Final = 12 * SEGMENTS_PER_MINUTE
"""Seed "Beauty": "Standard Performance Time for Charm is 12 minutes"."""
HORROR_PT: Final = 10
"""G-156: the seed gives the Horror Roll no Performance Time; 10 segments, a passive power's."""
STANDARD_ROW: Final = 9
"""Seed "EP Cost": an action starts at row 9 of the EP Use Chart; none is given for these."""
SAVE_PENALTY_PER_QUALITY: Final = 3
"""Seed "Charisma", "Beauty": "a penalty of 3 for each point of Q" on the target's save."""
WEIRDNESS_PER_SAVE: Final = 2
WEIRDNESS_PER_FAILURE: Final = -1
"""Seed "Beauty": a save vs. horrification made adds 2 to the Weirdness Bonus, one failed −1."""
HORROR_DICE: Final = 6
"""Seed "Beauty": paralysed "at least 1d6 segments", plus the Q on the Sphere chart in d6."""
DAYS_PER_MONTH: Final = 30
"""Seed "Charisma": "assume a month is 30 days"."""
INVOLUNTARY_BEYOND: Final = 20
"""Seed "Beauty": "greater than 20 or less than −20 ... Roll less than or equal to Beauty minus
20 on d100"."""
ALL_TARGETS: Final = "all"

CHARISMA, BEAUTY = "charisma", "beauty"
"""Immunity families: a save against one Charisma charm or fear makes the target immune to the
charmer's Charisma charms; against a Beauty charm or horror, to its Beauty (seed)."""


@dataclass(frozen=True, slots=True)
class Allure:
    """One way of working on others: its action, roll and what its Q may buy."""

    action: ActionDefinition
    family: str
    purpose: str
    improves: str
    """What Editing Points on its roll train (seed 000: "whatever the roll was for")."""
    quality_uses: tuple[str, ...]
    several_targets: bool


CHARM = Allure(
    action=ActionDefinition(
        "charm",
        CHARM_PT,
        ep_row=STANDARD_ROW,
        needs_target=True,
        summary="Charisma charm (fear below 0 Charisma): a roll, then a Willpower save.",
    ),
    family=CHARISMA,
    purpose="charm",
    improves="Active Charisma",
    quality_uses=("speed", "save", "interval"),
    several_targets=False,
)
BEAUTY_CHARM = Allure(
    action=ActionDefinition(
        "beauty-charm",
        BEAUTY_CHARM_PT,
        ep_row=STANDARD_ROW,
        needs_target=True,
        summary="Beauty charm: half Beauty; a save vs. Willpower + Beauty (Sphere).",
    ),
    family=BEAUTY,
    purpose="charm",
    improves="Beauty",
    quality_uses=("speed", "save", "interval"),
    several_targets=True,
)
HORRIFY = Allure(
    action=ActionDefinition(
        "horrify",
        HORROR_PT,
        ep_row=STANDARD_ROW,
        needs_target=True,
        summary="Horror: -Beauty; a failed save is paralysed for d6 segments.",
    ),
    family=BEAUTY,
    purpose="horror",
    improves="Beauty",
    quality_uses=("save", "time"),
    several_targets=True,
)
ALLURES: Final[Mapping[str, Allure]] = {a.action.name: a for a in (CHARM, BEAUTY_CHARM, HORRIFY)}


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CharmQualitySpent(Event):
    """How a charm or horror roll's Q was spent: ``save`` points (3 each off the saves), speed,
    ``time`` (extra d6 of paralysis), ``interval`` (rows up the save progression)."""

    kind: ClassVar[str] = "charm-quality"
    character: str
    action: str
    save: int = 0
    speed: int = 0
    time: int = 0
    interval: int = 0


@dataclass(frozen=True, slots=True)
class CharmSave(Event):
    """A target's d100 save vs. Willpower against ``source``'s ``action`` (seed "Beauty")."""

    kind: ClassVar[str] = "charm-save"
    character: str
    source: str
    action: str
    family: str
    willpower: int
    beauty_modifier: int
    """Beauty (Sphere): a bonus against a Beauty charm, a penalty against horror (G-155)."""
    weirdness_bonus: int
    quality_penalty: int
    roll: int
    saved: bool

    @property
    def target(self) -> int:
        return self.willpower + self.beauty_modifier + self.weirdness_bonus - self.quality_penalty

    def narrative(self) -> str:
        result = "saves" if self.saved else "fails"
        against = f"{self.source}'s {self.action}"
        return f"{self.character} {result} against {against}: {self.roll} vs. {self.target}."


@dataclass(frozen=True, slots=True)
class Horrified(Event):
    """Paralysed with horror for ``segments``, until segment ``until`` (seed "Beauty")."""

    kind: ClassVar[str] = "horrified"
    character: str
    source: str
    dice: tuple[int, ...]
    segments: int
    until: int

    def narrative(self) -> str:
        return f"{self.character} is paralysed with horror for {self.segments} segments."


@dataclass(frozen=True, slots=True)
class Charmed(Event):
    """Charmed (or frightened) by ``source``; the next save comes ``next_save_days`` later."""

    kind: ClassVar[str] = "charmed"
    character: str
    source: str
    condition: str
    next_save_days: float

    def narrative(self) -> str:
        return f"{self.character} is {self.condition} by {self.source}."


# --- rolls ------------------------------------------------------------------------------------


def charisma(encounter: Encounter, actor: str) -> float:
    """Seed "Charisma": in an action/adventure situation, the Active Charisma."""
    return float(encounter.character(actor).sheet.abilities.active_charisma)


def beauty(encounter: Encounter, actor: str) -> int:
    return int(encounter.character(actor).sheet.attributes.beauty)


def roll_target(encounter: Encounter, actor: str, allure: Allure) -> int:
    """The Action Roll: |Active Charisma| (fear "is the same"), half Beauty rounded down, or
    the negative of Beauty (seed "Charisma", "Beauty"; G-156 rounds toward 0)."""
    if allure is CHARM:
        return int(abs(charisma(encounter, actor)))
    if allure is BEAUTY_CHARM:
        return beauty(encounter, actor) // 2
    return -beauty(encounter, actor)


def base_pool(encounter: Encounter, actor: str, allure: Allure, targets: Sequence[str]) -> int:
    """Charm: −the target's Charisma (its magnitude, the largest among targets, G-156); Beauty
    charm: + Sex Appeal; several targets: −1 each (G-157)."""
    pool = 0
    if allure is CHARM:
        pool -= max(int(abs(charisma(encounter, t))) for t in targets)
    if allure is BEAUTY_CHARM:
        pool += int(encounter.character(actor).sheet.skills.get("Sex Appeal", 0))
    if len(targets) > 1 and encounter.defaults.G157_multiple_targets_penalty == "rule":
        pool -= len(targets)
    return pool


def allure_roll(
    encounter: Encounter, actor: str, intent: Intent, allure: Allure, targets: Sequence[str]
) -> ActionRoll:
    """The roll, with the ``charm``/``horror`` Bonus Pool modifiers, edited if a player may."""
    pool = base_pool(encounter, actor, allure, targets)
    pool += encounter.rules.bonus_pool(encounter, actor, intent, allure.purpose)
    roll = action_roll(
        encounter.dice_for(actor),
        target=roll_target(encounter, actor, allure),
        bonus_pool=pool,
        quality_modifier=encounter.rules.quality_modifier(encounter, actor, intent, allure.purpose),
        is_special=encounter.character(actor).sheet.is_special,
        charts=encounter.charts,
    )
    return edited_roll(
        encounter, actor, intent, f"{allure.purpose} roll", roll, improves=allure.improves
    )


def roll_event(encounter: Encounter, actor: str, allure: Allure, roll: ActionRoll) -> RollMade:
    return roll_made(encounter.now, actor, f"{allure.purpose} roll", roll)


@dataclass(frozen=True, slots=True)
class Attempt:
    """A charm or horror roll made and its Q spent, with the events that say so."""

    roll: ActionRoll
    spent: Mapping[str, int]
    events: tuple[Event, ...]


def attempt(
    encounter: Encounter, actor: str, intent: Intent, allure: Allure, targets: Sequence[str]
) -> Attempt:
    """Roll (edited if a player may) and let the mind spend the Q."""
    roll = allure_roll(encounter, actor, intent, allure, targets)
    spent = spend_quality(encounter, actor, intent, allure, roll.quality)
    events = (
        roll_event(encounter, actor, allure, roll),
        CharmQualitySpent(encounter.now, actor, allure.action.name, **spent),
    )
    return Attempt(roll, spent, events)


# --- Quality ----------------------------------------------------------------------------------


def default_spend(allure: Allure, quality: int) -> dict[str, int]:
    """A horror splits its Q as the example does (half, rounded up, off the saves; the rest
    on paralysis); a charm puts it all on the save."""
    if allure is HORRIFY:
        return {"save": math.ceil(quality / 2), "time": quality // 2}
    return {"save": quality}


def spend_quality(
    encounter: Encounter, actor: str, intent: Intent, allure: Allure, quality: int
) -> dict[str, int]:
    """The mind's ``spend_charm_quality`` (uses → points), checked; else :func:`default_spend`."""
    if quality <= 0:
        return {}
    ask = getattr(encounter.minds[actor], "spend_charm_quality", None)
    spent = (
        default_spend(allure, quality)
        if ask is None
        else dict(ask(encounter, actor, intent, quality))
    )
    bad = [
        k
        for k, v in spent.items()
        if k not in allure.quality_uses or not isinstance(v, int) or v < 0
    ]
    if bad or sum(spent.values()) > quality:
        raise ValueError(f"{actor}'s mind spent {spent} of {quality} Q on {allure.action.name}")
    return spent


# --- targets and immunity ---------------------------------------------------------------------


def immune(encounter: Encounter, target: str, source: str, family: str) -> bool:
    """Seed: once a target has saved against a character's charm (or fear, horror), it is
    immune to that character's further attempts of the family."""
    return any(
        isinstance(e, CharmSave)
        and e.saved
        and e.character == target
        and e.source == source
        and e.family == family
        for e in encounter.log
    )


def enemies_in_sight(encounter: Encounter, actor: str) -> list[str]:
    side = encounter.state[actor].side
    return [
        s.character_id for s in encounter.state
        if s.side != side and s.in_action and in_sight(encounter, actor, s.character_id)
    ]  # fmt: skip


def chosen_targets(encounter: Encounter, actor: str, intent: Intent, allure: Allure) -> list[str]:
    """The intent's ``targets`` (a list of ids, or ``"all"``) or its one target."""
    wanted = intent.options.get("targets") if allure.several_targets else None
    if wanted == ALL_TARGETS:
        return sorted(enemies_in_sight(encounter, actor))
    if wanted:
        return [str(t) for t in wanted]
    return [intent.target] if intent.target else []


def open_targets(
    encounter: Encounter, actor: str, allure: Allure, targets: Sequence[str]
) -> list[str]:
    """Those still in action and not immune to ``actor``'s ``allure``."""
    return [
        t for t in targets
        if encounter.state[t].in_action and not immune(encounter, t, actor, allure.family)
    ]  # fmt: skip


# --- saves and what a failed one does ---------------------------------------------------------


def weirdness_bonus(encounter: Encounter, actor: str) -> int:
    """Seed "Weirdness Bonus" (10 − Beauty below 10), +2 per save vs. horrification made, −1
    per one failed (seed "Beauty")."""
    bonus = int(encounter.character(actor).figured.weirdness_bonus)
    for e in encounter.log:
        if isinstance(e, CharmSave) and e.character == actor and e.action == HORRIFY.action.name:
            bonus += WEIRDNESS_PER_SAVE if e.saved else WEIRDNESS_PER_FAILURE
    return bonus


def beauty_modifier(encounter: Encounter, source: str, target: str, allure: Allure) -> int:
    """Beauty (Sphere): a bonus against a Beauty charm, a penalty against horror. G-155
    ``target`` reads the target's own Beauty (the example: Beauty 16 → −10, 31 → −12, 6 → −6);
    ``source`` the charmer's, or the horror's magnitude (Beauty −4 → −4)."""
    if allure is CHARM:
        return 0
    if encounter.defaults.G155_beauty_save_modifier == "target":
        looked_up = int(encounter.charts.action.sphere(beauty(encounter, target)))
        return looked_up if allure is BEAUTY_CHARM else -looked_up
    looked_up = int(encounter.charts.action.sphere(beauty(encounter, source)))
    return looked_up if allure is BEAUTY_CHARM else -abs(looked_up)


def save_against(
    encounter: Encounter, source: str, target: str, allure: Allure, save_points: int
) -> CharmSave:
    """d100 ≤ Willpower ± Beauty (Sphere) + Weirdness Bonus (horror) − 3 per Q point; the
    "bonus of up to Willpower, depending on the situation" is not given (G-156)."""
    weird = weirdness_bonus(encounter, target) if allure is HORRIFY else 0
    looks = beauty_modifier(encounter, source, target, allure)
    penalty = SAVE_PENALTY_PER_QUALITY * save_points
    willpower = int(encounter.character(target).figured.willpower)
    odds = save_d100(encounter.dice_for(target), score=willpower, bonus=looks + weird - penalty)
    return CharmSave(
        encounter.now, target, source, allure.action.name, allure.family, willpower, looks,
        weird, penalty, odds.roll, odds.succeeded,
    )  # fmt: skip


def paralysis(encounter: Encounter, source: str, target: str, time_points: int) -> list[Event]:
    """Seed "Beauty": (1 + the Q on the Sphere chart)d6 segments, rolled by the horror's side;
    the target starts nothing before they pass and its actions in progress wait as long."""
    count = 1 + max(0, int(encounter.charts.action.sphere(time_points)))
    faces = tuple(encounter.dice_for(source).face(HORROR_DICE) for _ in range(count))
    segments = sum(faces)
    state = encounter.state[target]
    until = max(state.surprised_until, encounter.now + segments)
    events: list[Event] = [
        Horrified(encounter.now, target, source, faces, segments, encounter.now + segments),
        Surprised(encounter.now, target, segments, 0, until, state.action_penalty),
    ]
    for running in state.actions:
        end = running.completes_at + segments
        events.append(
            PushedBack(
                encounter.now, target, running.name, running.action_id, segments, end, "horrified"
            )
        )
    return events


def next_save_days(
    encounter: Encounter, target: str, allure: Allure, interval_points: int
) -> float:
    """Seed "Charisma", "Beauty": 0 − ½ Newoen on the Action Chart (Result → Doubles for
    Charisma, → Sphere for Beauty), one row up per ``interval`` point, in 30-day months."""
    newoen = int(encounter.character(target).sheet.abilities.newoen)
    row = -(newoen // 2) + interval_points
    column = "doubles" if allure is CHARM else "sphere"
    return float(encounter.charts.action.from_result(column, row, magnitude=True)) * DAYS_PER_MONTH


def charmed(
    encounter: Encounter, source: str, target: str, allure: Allure, interval: int
) -> list[Event]:
    """A failed save against a charm: charmed (fear: frightened) and out of the fight (G-156)."""
    condition = "frightened" if allure is CHARM and charisma(encounter, source) < 0 else "charmed"
    days = next_save_days(encounter, target, allure, interval)
    return [
        Charmed(encounter.now, target, source, condition, days),
        OutOfAction(encounter.now, target, condition),
    ]


def work_on(
    encounter: Encounter,
    source: str,
    targets: Sequence[str],
    allure: Allure,
    spent: Mapping[str, int],
) -> list[Event]:
    """Every open target saves; a failure is horrified or charmed."""
    events: list[Event] = []
    for target in open_targets(encounter, source, allure, targets):
        save = save_against(encounter, source, target, allure, spent.get("save", 0))
        events.append(save)
        if save.saved:
            continue
        if allure is HORRIFY:
            events += paralysis(encounter, source, target, spent.get("time", 0))
        else:
            events += charmed(encounter, source, target, allure, spent.get("interval", 0))
    return events


# --- the actions ------------------------------------------------------------------------------


@hookimpl
def mands_register_actions(register: Register) -> None:
    for allure in ALLURES.values():
        register(
            allure.action.name, allure.action, summary=allure.action.summary, source="rules text"
        )


@hookimpl
@answers_actions(*ALLURES)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str] | None:
    allure = ALLURES.get(intent.action)
    if allure is None:
        return None
    if not open_targets(encounter, actor, allure, chosen_targets(encounter, actor, intent, allure)):
        return [f"nobody in action is open to {actor}'s {allure.action.name} (immune or out)"]
    return None


@hookimpl(trylast=True)
@answers_actions(*ALLURES)
def mands_action_initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation | None:
    """The roll and its Q; the saves come when the Performance Time ends."""
    allure = ALLURES.get(definition.name)
    if allure is None:
        return None
    wanted = chosen_targets(encounter, actor, intent, allure)
    targets = open_targets(encounter, actor, allure, wanted)
    made = attempt(encounter, actor, intent, allure, targets)
    prepared: dict[str, Any] = {
        "targets": tuple(targets),
        "spent": made.spent,
        "outcome": "rolled" if made.roll.succeeded else "failed",
    }
    speed = made.spent.get("speed", 0)
    time = reduced_performance_time(definition.performance_time, speed, encounter.defaults)
    charges = (Charge(definition.ep_row, definition.name),)
    return Initiation(time, made.events, charges, prepared)


@hookimpl(trylast=True)
@answers_actions(*ALLURES)
def mands_action_resolve(
    encounter: Encounter, actor: str, action: ActionInProgress
) -> list[Event] | None:
    allure = ALLURES.get(action.name)
    if allure is None:
        return None
    if action.prepared["outcome"] == "failed":
        return []
    return work_on(encounter, actor, action.prepared["targets"], allure, action.prepared["spent"])


# --- involuntary charm and horror (G-158) -----------------------------------------------------


def involuntary(encounter: Encounter, actor: str) -> list[Event]:
    """d100 ≤ |Beauty| − 20; made, an immediate charm (Beauty > 20) or horror (< −20) roll
    against every enemy in sight, its Q spent by the mind ("The player may still control how
    excess Q is used")."""
    looks = beauty(encounter, actor)
    chance = abs(looks) - INVOLUNTARY_BEYOND
    if chance <= 0 or not encounter.state[actor].in_action:
        return []
    allure = BEAUTY_CHARM if looks > 0 else HORRIFY
    rolled = roll_d100(encounter.dice_for(actor))
    events: list[Event] = [
        PercentRolled(
            encounter.now, actor, f"involuntary {allure.purpose}", chance, rolled, rolled <= chance
        )
    ]
    targets = open_targets(encounter, actor, allure, sorted(enemies_in_sight(encounter, actor)))
    if rolled > chance or not targets:
        return events
    intent = Intent(allure.action.name, targets[0], "involuntary", {"targets": tuple(targets)})
    made = attempt(encounter, actor, intent, allure, targets)
    if not made.roll.succeeded:
        return [*events, *made.events]
    return [*events, *made.events, *work_on(encounter, actor, targets, allure, made.spent)]


class InvoluntaryBeauty:
    """The ``involuntary-beauty`` optional rule (G-158): rolled when the encounter opens."""

    @hookimpl
    def mands_encounter_opening(self, encounter: Encounter) -> list[Event]:
        events: list[Event] = []
        for actor in encounter.state.ids():
            events += involuntary(encounter, actor)
        return events


INVOLUNTARY_BEAUTY: Final = InvoluntaryBeauty()


@hookimpl
def mands_register_optional_rules(register: Register) -> None:
    register(
        "involuntary-beauty",
        INVOLUNTARY_BEAUTY,
        summary="Beauty beyond +-20 charms or horrifies on sight (d100 <= |Beauty| - 20)",
        source="rules text",
    )
