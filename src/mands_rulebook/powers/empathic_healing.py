"""Empathic Healing (seed "Empathic Healing"), on the power kit (``mands_rulebook.kit.powers``).

Seed: "With this ability, the healer can take wounds from another person. 80% of Empathic Healers
may take on penetrating damage. 75% of these can take on injury damage. 50% of these can take on
permanent damage. Basic Effects: (Wound Size, Restoration Rate). Wound Size: The character can
take wounds at the rate of half PR points per round. Restoration Rate: The PR indicates the number
of bludgeoning damage points the healer may heal from that which was taken, every round.
Penetrating damage points are regained at half this rate. Injury and permanent DP are regained at
this rate every minute." Its Example: "Healer has a PR of 2, so it takes 3 rounds (2 and a half)
to take the wound away, using 15 EP ... Healer heals the Penetrating Damage first (his choice), at
his maximum rate of 1 per round. It takes 4 rounds to do so (using 20 more EP)." "Characters with
this power cannot heal their own wounds with this power ... 25% of villains who have this power
are only able to heal themselves—by transferring their wounds to another person".

The Example takes 5 DP at PR 2 in 2½ rounds, PR points a round, where the text says half PR:
G-125 (``G125_empathic_wound_rate``) follows the text by default, the Example under ``example``
(as G-157 follows the rule and keeps the example's arithmetic as a switch).

* ``empathic-healing-take-wound`` (a target in contact, G-126) — held round by round (active,
  Performance Time 20, sustained; G-75). Each Payment Segment once it has taken effect, the
  round's share of the wound passes from the target to the healer — cumulatively ⌊rate × rounds⌋
  points (G-126), the most serious kind first — and the use ends (unpaid) when nothing the healer
  can take is left. The healer's DP fall, the target's come back; a penetrating wound bleeds on
  the healer now ("any bleeding or other effects of the wound take place on the healer"), and
  the target's bleeding stops when it has no penetrating DP left.
* ``empathic-healing-restore`` — held the same way: the healer heals one kind (option ``heal``;
  default the most serious taken) of the wounds taken, at the Restoration Rate (bludgeoning PR a
  round, penetrating PR/2, injury and permanent PR a minute, all cumulative and rounded down), and
  ends when that kind is healed.
* Sheet keys (G-126): ``takes`` — the most serious kind the healer can take (``bludgeoning``,
  ``penetrating``, ``injury``, ``permanent``; default ``penetrating``, the Example's); and
  ``heals_self_only`` — the villain's kind: the take-wound use moves the healer's own wounds onto
  its target, where they heal only as normal, and it cannot restore.
* Both default to all the PR on their effect (row 9: the Example's 5 EP a round). DP come back
  through a ``DamageTaken`` of 0 with the higher DP (G-126: the core has no event that restores DP;
  a core change is proposed in the report).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Final, Literal

from mands_rulebook.kit.control import LOST_CONTROL
from mands_rulebook.kit.powers import power_refusals, power_sustain, register_power_actions
from mands_rulebook.kit.powers.ratings import sheet_power
from mands_rulebook.kit.powers.uses import (
    ACTIVE_TIME,
    OTHER,
    POWER_ROW,
    PROTECTS_FROM,
    RULES_TEXT,
    DefaultSpend,
    PowerSpec,
    PowerSpend,
    PowerUse,
    register_power,
)
from mands_rulebook.kit.range import in_contact
from mands_sim.api import (
    SEGMENTS_PER_MINUTE,
    SEGMENTS_PER_ROUND,
    ActionDefinition,
    ActionDropped,
    ActionInProgress,
    ActionOption,
    BleedingStopped,
    DamageTaken,
    Encounter,
    Event,
    InjuryRolled,
    Intent,
    PowerEntry,
    Register,
    answers_actions,
    defaults_summary,
    hookimpl,
    rule_default,
)


@dataclass(frozen=True, slots=True)
class EmpathicHealingDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-125."""

    G125_empathic_wound_rate: Literal["text", "example"] = rule_default(
        "G-125",
        "Empathic Healing's Wound Size: wounds taken at half PR points per round, as the Basic "
        "Effect's text says ('text'), or at PR points per round, as its Example takes 5 DP at "
        "PR 2 in '3 rounds (2 and a half)' ('example').",
        "text",
        ("text", "example"),
    )


NAME: Final = "Empathic Healing"
WOUND_SIZE: Final = "wound_size"
RESTORATION: Final = "restoration"
HEAL_OPTION: Final = "heal"
SOURCE: Final = "empathic healing"
"""The ``source`` of the DP the wounds' moves and healing change."""

BLUDGEONING: Final = "bludgeoning"
PENETRATING: Final = "penetrating"
INJURY: Final = "injury"
PERMANENT: Final = "permanent"
KINDS: Final = (BLUDGEONING, PENETRATING, INJURY, PERMANENT)
"""Damage kinds by how they heal (``rules/README.md``), least serious first."""

WOUND_TAKEN: Final = "wound taken"
RESTORED: Final = "restored"
MAX_ROUNDS: Final = 100_000
"""A limit on counting rounds (STYLE.md: every loop has a limit)."""


@dataclass(frozen=True, slots=True)
class WoundMoved(Event):
    """``points`` of ``kind`` damage passed from ``character``'s wound to ``to``."""

    kind: ClassVar[str] = "wound-moved"
    character: str
    to: str
    damage_kind: str
    points: int
    action_id: int

    def narrative(self) -> str:
        return f"{self.points} {self.damage_kind} DP of {self.character}'s wound pass to {self.to}."


@dataclass(frozen=True, slots=True)
class WoundRestored(Event):
    """``character`` healed ``points`` of the ``damage_kind`` DP it had taken on."""

    kind: ClassVar[str] = "wound-restored"
    character: str
    damage_kind: str
    points: int
    action_id: int

    def narrative(self) -> str:
        return f"{self.character} heals {self.points} {self.damage_kind} DP (Empathic Healing)."


# --- the rates -----------------------------------------------------------------------------------


def wound_size_rate(pr: int, reading: str) -> Fraction:
    """Seed "Wound Size": "half PR points per round" (``text``, G-125); PR points as the Example
    takes them (``example``)."""
    return Fraction(pr) if reading == "example" else Fraction(pr, 2)


def restoration_rate(kind: str, pr: int) -> Fraction:
    """Points a round: bludgeoning PR; penetrating "at half this rate"; injury and permanent
    "at this rate every minute" (``SEGMENTS_PER_MINUTE``)."""
    if kind == BLUDGEONING:
        return Fraction(pr)
    if kind == PENETRATING:
        return Fraction(pr, 2)
    return Fraction(pr * SEGMENTS_PER_ROUND, SEGMENTS_PER_MINUTE)


def rounds_needed(points: int, rate: Fraction) -> int:
    """Whole rounds to move or heal ``points`` at ``rate`` (the Example: 5 at 2 → 3, "2 and a
    half"; 4 at 1 → 4)."""
    return math.ceil(points / rate) if rate > 0 else 0


def due(rate: Fraction, rounds: int) -> int:
    """G-126: points due after ``rounds`` rounds, cumulatively rounded down."""
    return math.floor(rate * rounds)


# --- wounds --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Wound:
    """The Body DP a character has lost, by kind."""

    points: Mapping[str, int]

    def __getitem__(self, kind: str) -> int:
        return self.points.get(kind, 0)

    @property
    def total(self) -> int:
        return sum(self.points.values())


def moves(encounter: Encounter) -> Iterator[WoundMoved | WoundRestored]:
    return (e for e in encounter.log if isinstance(e, WoundMoved | WoundRestored))


def wound_of(encounter: Encounter, who: str) -> Wound:
    """``who``'s lost Body DP by kind: permanent and injury from Injury rolls, penetrating from
    the damage taken, the rest bludgeoning; less what was moved away or healed here."""
    maximum = int(encounter.figured(who).damage_points.body)
    lost = max(0, maximum - encounter.state[who].damage_points)
    counted = dict.fromkeys(KINDS, 0)
    for event in encounter.log:
        if isinstance(event, InjuryRolled) and event.character == who:
            counted[PERMANENT] += event.permanent_points
            counted[INJURY] += event.injury_points - event.permanent_points
        elif isinstance(event, DamageTaken) and event.character == who:
            counted[PENETRATING] += event.penetrating
    for move in moves(encounter):
        if move.character == who:
            counted[move.damage_kind] -= move.points
    left = lost
    points: dict[str, int] = {}
    for kind in (PERMANENT, INJURY, PENETRATING):
        points[kind] = max(0, min(counted[kind], left))
        left -= points[kind]
    points[BLUDGEONING] = left
    return Wound(points)


def taken_on(encounter: Encounter, healer: str) -> Wound:
    """What ``healer`` has taken from others and not yet healed, by kind."""
    points = dict.fromkeys(KINDS, 0)
    for move in moves(encounter):
        if isinstance(move, WoundMoved) and move.to == healer:
            points[move.damage_kind] += move.points
        elif isinstance(move, WoundRestored) and move.character == healer:
            points[move.damage_kind] -= move.points
    return Wound(points)


def takeable(entry: PowerEntry) -> tuple[str, ...]:
    """The kinds a healer can take, most serious first (G-126: ``takes``, default penetrating)."""
    deepest = str(entry.extra.get("takes", PENETRATING))
    kinds = KINDS[: KINDS.index(deepest) + 1] if deepest in KINDS else KINDS[:2]
    return tuple(reversed(kinds))


def self_only(entry: PowerEntry) -> bool:
    return bool(entry.extra.get("heals_self_only", False))


# --- round by round ------------------------------------------------------------------------------


def rounds_in_effect(encounter: Encounter, action: ActionInProgress) -> int:
    """Payment Segments from the moment the use took effect up to now."""
    start = action.prepared.whole(PROTECTS_FROM, action.started_at)
    segment, rounds = encounter.time.next_payment_segment(start - 1), 0
    while segment <= encounter.now and rounds < MAX_ROUNDS:
        rounds += 1
        segment = encounter.time.next_payment_segment(segment)
    return rounds


def done_by(encounter: Encounter, action: ActionInProgress) -> int:
    return sum(m.points for m in moves(encounter) if m.action_id == action.action_id)


def dp_change(encounter: Encounter, who: str, points: int, penetrating: int = 0) -> DamageTaken:
    """``who``'s Body DP moved by ``points`` (down when positive), past VP and protection."""
    state = encounter.state[who]
    return DamageTaken(
        segment=encounter.now,
        character=who,
        source=SOURCE,
        raw=max(0, points),
        taken=max(0, points),
        virtual_damage_points_after=state.virtual_damage_points,
        damage_points_after=state.damage_points - points,
        penetrating=penetrating,
    )


def bleeding_stops(encounter: Encounter, who: str, penetrating_left: int) -> list[Event]:
    return [] if penetrating_left > 0 else [BleedingStopped(encounter.now, who, SOURCE)]


def share(wound: Wound, kinds: tuple[str, ...], allowance: int) -> dict[str, int]:
    """This round's points by kind, the most serious first, up to ``allowance`` in all."""
    moved: dict[str, int] = {}
    for kind in kinds:
        moved[kind] = max(0, min(wound[kind], allowance - sum(moved.values())))
    return {kind: n for kind, n in moved.items() if n}


def move_events(
    encounter: Encounter, donor: str, healer: str, moved: Mapping[str, int], action_id: int
) -> list[Event]:
    """The moves, the donor's DP back, the healer's DP down (its penetrating ones bleed)."""
    total, penetrating = sum(moved.values()), moved.get(PENETRATING, 0)
    if not total:
        return []
    return [
        *(
            WoundMoved(encounter.now, donor, healer, kind, n, action_id)
            for kind, n in moved.items()
        ),
        dp_change(encounter, donor, -total),
        dp_change(encounter, healer, total, penetrating),
    ]


def held_or_done(
    encounter: Encounter, actor: str, action: ActionInProgress, left: int, reason: str
) -> list[Event]:
    """Held another round (G-75) while anything is ``left``; else ended before it pays."""
    if left > 0:
        return power_sustain(encounter, actor, action, EMPATHIC_HEALING)
    return [ActionDropped(encounter.now, actor, action.name, action.action_id, reason)]


def take_round(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """This round's share of the wound moves (G-126); the use ends when none is left."""
    entry = sheet_power(encounter.character(actor).sheet, EMPATHIC_HEALING)
    target = action.intent.target
    assert entry is not None and target is not None
    donor, healer = (actor, target) if self_only(entry) else (target, actor)
    rate = wound_size_rate(
        action.prepared.whole("pr"),
        encounter.defaults.of(EmpathicHealingDefaults).G125_empathic_wound_rate,
    )
    allowance = due(rate, rounds_in_effect(encounter, action)) - done_by(encounter, action)
    wound, kinds = wound_of(encounter, donor), takeable(entry)
    moved = share(wound, kinds, allowance)
    events = move_events(encounter, donor, healer, moved, action.action_id)
    if moved.get(PENETRATING):
        events += bleeding_stops(encounter, donor, wound[PENETRATING] - moved[PENETRATING])
    left = sum(wound[kind] for kind in kinds) - sum(moved.values())
    return events + held_or_done(encounter, actor, action, left, WOUND_TAKEN)


def healing_kind(encounter: Encounter, actor: str, intent: Intent) -> str | None:
    """The kind to heal: option ``heal``, else the most serious one taken on."""
    wanted = intent.options.get(HEAL_OPTION)
    taken = taken_on(encounter, actor)
    if wanted is not None:
        return str(wanted) if taken[str(wanted)] > 0 else None
    return next((kind for kind in reversed(KINDS) if taken[kind] > 0), None)


def restore_round(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """This round's healing of the kind chosen; the use ends when that kind is healed."""
    kind = action.prepared.text("kind")
    rate = restoration_rate(kind, action.prepared.whole("pr"))
    allowance = due(rate, rounds_in_effect(encounter, action)) - done_by(encounter, action)
    left = taken_on(encounter, actor)[kind]
    points = max(0, min(allowance, left))
    events: list[Event] = []
    if points:
        events += [
            WoundRestored(encounter.now, actor, kind, points, action.action_id),
            dp_change(encounter, actor, -points),
        ]
    if points and kind == PENETRATING:
        events += bleeding_stops(encounter, actor, wound_of(encounter, actor)[kind] - points)
    return events + held_or_done(encounter, actor, action, left - points, RESTORED)


# --- the uses ------------------------------------------------------------------------------------


def all_on(effect: str) -> DefaultSpend:
    def spend(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
        return {effect: pr}

    return spend


def take_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {"pr": spend[WOUND_SIZE]}


def restore_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {"pr": spend[RESTORATION], "kind": healing_kind(encounter, actor, intent)}


HEAL_ENTRY: Final = ActionOption(
    HEAL_OPTION, "text", "the kind of damage healed or taken (default: bludgeoning)"
)


def held(name: str, summary: str, *, needs_target: bool) -> ActionDefinition:
    return ActionDefinition(
        name=name,
        performance_time=ACTIVE_TIME,  # seed "Power Rolls": most powers take 20
        is_sustained=True,  # G-126: held round by round (G-75), paid each round (the Example)
        ep_row=POWER_ROW,  # the Example: 5 EP a round
        needs_target=needs_target,
        summary=summary,
        options=(HEAL_ENTRY,),
    )


TAKE = PowerUse(
    action=held(
        "empathic-healing-take-wound",
        "Take a touched character's wound, PR points a round (G-125), most serious first.",
        needs_target=True,
    ),
    effects=(WOUND_SIZE,),
    default_spend=all_on(WOUND_SIZE),
    role=OTHER,
    prepare=take_prepared,
)
RESTORE = PowerUse(
    action=held(
        "empathic-healing-restore",
        "Heal a kind of the wounds taken: bludgeoning PR a round, penetrating PR/2, injury and "
        "permanent PR a minute (option heal).",
        needs_target=False,
    ),
    effects=(RESTORATION,),
    default_spend=all_on(RESTORATION),
    role=OTHER,
    prepare=restore_prepared,
)

EMPATHIC_HEALING = PowerSpec(
    name=NAME,
    summary="Take another's wounds (PR a round) and heal them at the Restoration Rate.",
    source=RULES_TEXT,
    uses=(TAKE, RESTORE),
)


def take_refusals(encounter: Encounter, actor: str, entry: PowerEntry, target: str) -> list[str]:
    """G-126: someone else, in contact, with a wound the healer can take."""
    if target not in encounter.state.ids() or target == actor:
        return ["a healer takes the wounds of someone else (seed)"]
    if not in_contact(encounter, actor, target):
        return [f"{target} is out of reach (G-126)"]
    donor = actor if self_only(entry) else target
    wound = wound_of(encounter, donor)
    if not any(wound[kind] for kind in takeable(entry)):
        return [f"{donor} has no wound {actor} can take"]
    return []


def healing_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    entry = sheet_power(encounter.character(actor).sheet, EMPATHIC_HEALING)
    if entry is None:
        return []
    if intent.action == TAKE.action.name:
        return take_refusals(encounter, actor, entry, str(intent.target))
    if intent.action != RESTORE.action.name:
        return []
    if self_only(entry):
        return [f"{actor} heals only by passing wounds on (seed)"]
    if intent.options.get(HEAL_OPTION, BLUDGEONING) not in KINDS:
        return [f"{HEAL_OPTION} must be one of {KINDS}"]
    return [] if healing_kind(encounter, actor, intent) else [f"{actor} has taken no such wound"]


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, EMPATHIC_HEALING)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, EMPATHIC_HEALING)


@hookimpl
@answers_actions(*EMPATHIC_HEALING.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    reasons = power_refusals(encounter, actor, intent, EMPATHIC_HEALING)
    return reasons or healing_refusals(encounter, actor, intent)


@hookimpl
@answers_actions(TAKE.action.name, RESTORE.action.name)
def mands_action_sustain(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """Each round's move or healing (G-126), then held another round or ended."""
    if action.prepared.get("outcome") == LOST_CONTROL:
        return []
    if action.name == TAKE.action.name:
        return take_round(encounter, actor, action)
    if action.name == RESTORE.action.name:
        return restore_round(encounter, actor, action)
    return []


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "powers.empathic_healing",
        EmpathicHealingDefaults,
        summary=defaults_summary(EmpathicHealingDefaults),
        source="rules text",
    )
