"""Surprise: the Detect Danger roll, buying surprise down, and the trailing penalty (§2).

These are the rules :mod:`mands_rulebook.combat.surprise` registers: the hooks named below are
that plugin's; nothing here is a hook.

``docs/rules/combat.md`` §2 (seed "Combat", Surprise) as a builtin plugin:

* **Detect Danger** (``mands_encounter_opening``): every character whose scenario entry says
  ``aware = false`` makes a Perception Roll before anyone acts. G-48: a Perception Roll is a
  d100 save against the figured Perception (seed "Saving Throws": "saves vs. Willpower and
  Perception are usually made on a d100"; seed "Perception": Newoen ÷ 2 + Learning ÷ 4, round
  up); the senses table that would modify it is lost (``docs/rules/decisions.md``), so nothing else
  is added. On a failure the margin (d100 − Perception) is looked up on the Sphere chart: that many
  segments are lost. G-29: a negative Combat Bonus Pool (figured Combat Pool plus the
  ``"combat"`` pool modifiers) adds its raw magnitude — only to a surprise that happened (G-48).
* **Buying down**: the mind's optional ``buy_down_surprise(encounter, actor, segments) -> int``
  (default 0, clamped to 0…segments) buys segments off; the amount bought becomes the
  character's trailing Action-Roll penalty. A :class:`Surprised` tells it; the character is
  under the ``surprised`` condition (:data:`SURPRISED`) until the segments it did not buy off
  have passed: it starts nothing before then, and what it has under way goes on
  (:func:`surprise_events`, which the rules that make a character lose segments "as surprise"
  use too).
* **The trailing penalty** (``mands_bonus_pool_modifiers``): while a character's
  :data:`ACTION_PENALTY` is above 0, every Action Roll it makes has that much taken off its Q (a
  ``"quality"`` modifier: the Lariat example's "−5 to its Q"). The same penalty is set "as
  surprise" by other rules (a failed drop, ``mands_rulebook.combat.dropping``), so this plugin
  enforces
  it whoever set it.
* **The Perception save** (``mands_action_after``): after each non-passive action, a Perception
  Roll at a penalty equal to the current penalty; success clears it, failure keeps it.
* **Resting** (G-48): "for every 2 segments in which the character takes no action at all, the
  penalty drops by 1". The rest is the stretch with no action in progress that ends at an
  initiation, counted from the end of surprise (segments lost to surprise are no rest: Lariat
  acts on segment 3 at the full −5). A roll made at the end of a rest uses
  ``max(0, penalty − ⌊rest ÷ 2⌋)``; the reduction is made lasting by an
  :class:`ActionPenaltyChanged` when an action resolves and leaves the
  character with no action in progress (before that action's Perception save), so each rest is
  counted once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Final, Literal

from mands_sim.actions import Intent
from mands_sim.conditions import ConditionDefinition
from mands_sim.defaults import rule_default
from mands_sim.events import (
    ActionDropped,
    ActionResolved,
    ActionStarted,
    ConditionImposed,
    Event,
)
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.state import CharacterState
from mands_sim.percent_rolls import percent_save
from mands_sim.rolls import SaveResult, save_made
from mands_sim.rule_state import RuleState


@dataclass(frozen=True, slots=True)
class SurpriseDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-29."""

    G29_negative_pool_surprise: Literal["raw", "sphere", "none"] = rule_default(
        "G-29",
        "A negative Combat Bonus Pool adds to a failed Detect Danger roll's surprise: the raw "
        "pool's magnitude in segments ('raw': -10 adds 10), the pool read on the Sphere chart "
        "('sphere': 9), or nothing ('none').",
        "raw",
        ("raw", "sphere", "none"),
    )


DETECT_DANGER: Final = "detect danger"
"""The purpose of the opening Perception Roll (``docs/rules/combat.md`` §2)."""


PERCEPTION_SAVE: Final = "perception save"
"""The purpose of the save that ends the trailing penalty (``docs/rules/combat.md`` §2)."""


SEGMENTS_PER_PENALTY_POINT: Final = 2
"""``docs/rules/combat.md`` §2: every 2 segments of rest lower the penalty by 1."""


SOURCE: Final = "surprise"


@dataclass(frozen=True, slots=True)
class Surprised(Event):
    """Segments lost to surprise (``docs/rules/combat.md`` §2).

    ``segments`` is the full surprise, ``bought_down`` the part the character bought off, so it
    cannot initiate before segment ``until``; ``penalty`` is the trailing Action-Roll penalty.
    """

    kind: ClassVar[str] = "surprised"
    character: str
    segments: int
    bought_down: int
    until: int
    penalty: int

    def narrative(self) -> str:
        bought = (
            f", buys down {self.bought_down} (−{self.penalty} to following rolls)"
            if self.bought_down
            else ""
        )
        return (
            f"{self.character} is surprised for {self.segments} segments{bought}; "
            f"acts from {self.until}."
        )


@dataclass(frozen=True, slots=True)
class ActionPenaltyChanged(Event):
    """The trailing Action-Roll penalty "as surprise" changed (``docs/rules/combat.md`` §2, §3).

    Bought-down surprise, a failed drop and similar failures set it; a Perception save or rest
    lowers it. ``penalty`` is the new value (0: none).
    """

    kind: ClassVar[str] = "action-penalty"
    character: str
    penalty: int
    reason: str

    def narrative(self) -> str:
        now = f"−{self.penalty}" if self.penalty else "gone"
        return f"{self.character}'s penalty to Action Rolls is {now} ({self.reason})."


ACTION_PENALTY: Final[RuleState[int]] = RuleState(
    name="action-penalty",
    initial=0,
    changes={ActionPenaltyChanged: lambda _, event: event.penalty},
    summary='The trailing Action-Roll penalty "as surprise" (docs/rules/combat.md §2).',
)
"""What each character's Action Rolls lose off their Q until a Perception save or rest ends it."""


def action_penalty(encounter: Encounter, actor: str) -> int:
    """``actor``'s trailing Action-Roll penalty now (0: none)."""
    return encounter.state[actor].get(ACTION_PENALTY)


SURPRISED: Final = ConditionDefinition(
    name="surprised",
    summary="Lost segments to surprise: starts nothing until they pass; what it has under way "
    "goes on (docs/rules/combat.md §2).",
    keeps_actions=True,
    unready=True,
)
"""The condition a surprised character is under until its surprise ends."""


SURPRISE_ENDS: Final[RuleState[int]] = RuleState(
    name="surprise-ends",
    initial=0,
    changes={Surprised: lambda _, event: event.until},
    summary="The segment a character's latest surprise ends (docs/rules/combat.md §2).",
)
"""Where rest is counted from: segments lost to surprise are no rest (G-48)."""


def surprise_events(encounter: Encounter, surprised: Surprised) -> list[Event]:
    """``surprised`` and what it does: the character is under :data:`SURPRISED` until
    ``surprised.until`` (when that is later than now) and its trailing penalty becomes
    ``surprised.penalty``."""
    actor = surprised.character
    events: list[Event] = [surprised]
    if surprised.until > encounter.now:
        events.append(
            ConditionImposed(encounter.now, actor, SURPRISED.name, None, until=surprised.until)
        )
    if surprised.penalty != action_penalty(encounter, actor):
        reason = "bought-down surprise (docs/rules/combat.md §2)"
        events.append(ActionPenaltyChanged(encounter.now, actor, surprised.penalty, reason))
    return events


def surprised_until(encounter: Encounter, actor: str) -> int:
    """The segment ``actor``'s latest surprise ends (0: never surprised)."""
    return encounter.state[actor].get(SURPRISE_ENDS)


def detect_danger(encounter: Encounter, actor: str) -> list[Event]:
    """The Detect Danger Perception Roll and, on a failure, the surprise it costs (§2)."""
    roll = perception_roll(encounter, actor, DETECT_DANGER, penalty=0)
    events: list[Event] = [save_made(encounter.now, actor, DETECT_DANGER, roll)]
    if roll.succeeded:
        return events
    segments = surprise_segments(encounter, actor, roll.margin)
    bought = bought_down(encounter, actor, segments)
    until = encounter.now + segments - bought
    surprised = Surprised(encounter.now, actor, segments, bought, until, penalty=bought)
    return events + surprise_events(encounter, surprised)


def perception_roll(encounter: Encounter, actor: str, purpose: str, *, penalty: int) -> SaveResult:
    """G-48: d100 ≤ the figured Perception less ``penalty`` (seed "Saving Throws")."""
    score = int(encounter.figured(actor).perception)
    return percent_save(encounter, actor, purpose, score=score, bonus=-penalty)


def surprise_segments(encounter: Encounter, actor: str, margin: int) -> int:
    """The failure margin on the Sphere chart, plus a negative Combat Bonus Pool (§2, G-29)."""
    return int(encounter.charts.action.sphere(margin)) + negative_combat_pool(encounter, actor)


def negative_combat_pool(encounter: Encounter, actor: str) -> int:
    """G-29: the magnitude of the raw (pre-Sphere) Combat Bonus Pool when it is negative
    (``G29_negative_pool_surprise`` ``raw``); ``sphere``: that magnitude on the Sphere chart;
    ``none``: 0."""
    reading = encounter.defaults.of(SurpriseDefaults).G29_negative_pool_surprise
    if reading == "none":
        return 0
    intent = Intent("detect-danger", reason="surprise: Combat Bonus Pool (G-29)")
    pool = int(encounter.figured(actor).combat_pool)
    pool += encounter.rules.bonus_pool(encounter, actor, intent, "combat")
    magnitude = max(0, -pool)
    if reading == "sphere" and magnitude:
        return int(encounter.charts.action.sphere(magnitude))
    return magnitude


def bought_down(encounter: Encounter, actor: str, segments: int) -> int:
    """The mind's ``buy_down_surprise`` (default 0), clamped to 0…``segments`` (§2)."""
    ask: Callable[[Encounter, str, int], int] | None = getattr(
        encounter.minds[actor], "buy_down_surprise", None
    )
    wanted = 0 if ask is None else int(ask(encounter, actor, segments))
    return min(max(wanted, 0), segments)


def resting_segments(state: CharacterState, now: int) -> int:
    """Segments with no action at all up to ``now``, not counting surprise (§2, G-48)."""
    if state.idle_since is None:
        return 0
    return max(0, now - max(state.idle_since, state.get(SURPRISE_ENDS)))


def rested_penalty(penalty: int, rest: int) -> int:
    """§2: the penalty less 1 for every 2 segments of rest, never below 0."""
    return max(0, penalty - rest // SEGMENTS_PER_PENALTY_POINT)


def rest_taken(encounter: Encounter, state: CharacterState) -> list[ActionPenaltyChanged]:
    """G-48: once no action is left in progress, the rest before the last idle-ending
    initiation (from the end of surprise) lowers the penalty for good."""
    if state.actions:
        return []
    ended_at = rest_ended_at(encounter, state.character_id)
    rest = max(0, min(state.last_rest, ended_at - state.get(SURPRISE_ENDS)))
    penalty = rested_penalty(state.get(ACTION_PENALTY), rest)
    if penalty == state.get(ACTION_PENALTY):
        return []
    reason = f"rested {rest} segments (docs/rules/combat.md §2)"
    return [ActionPenaltyChanged(encounter.now, state.character_id, penalty, reason)]


def rest_ended_at(encounter: Encounter, actor: str) -> int:
    """The segment of the initiation that ended ``actor``'s last stretch with no action.

    Read back from the event log while ``actor`` has no action in progress: walking back, each
    resolved or dropped action opens one that started earlier; the start that closes them all
    is the one made from idleness (``CharacterState.last_rest`` is the rest before it).
    """
    open_actions = 0
    for event in reversed(encounter.log):
        if getattr(event, "character", None) != actor:
            continue
        if isinstance(event, ActionResolved | ActionDropped):
            open_actions += 1
        elif isinstance(event, ActionStarted):
            open_actions -= 1
            if open_actions == 0:
                return event.segment
    return 0


def perception_save(encounter: Encounter, actor: str, penalty: int) -> list[Event]:
    """§2: save vs Perception − penalty; success ends the penalty, failure keeps it."""
    roll = perception_roll(encounter, actor, PERCEPTION_SAVE, penalty=penalty)
    events: list[Event] = [save_made(encounter.now, actor, PERCEPTION_SAVE, roll)]
    if roll.succeeded:
        reason = "Perception save made (docs/rules/combat.md §2)"
        events.append(ActionPenaltyChanged(encounter.now, actor, 0, reason))
    return events
