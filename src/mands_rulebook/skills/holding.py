"""Holding on and escaping: what a Body Hold does after the grab (seed "Body Hold").

Seed: "This gives the character greater skill in grabbing onto and holding opponents. The
character's damage bonus applies both to grabbing damage and to keeping the opponent from
escaping. Add the character's skill level to the roll to keep the opponent from escaping, also."
The Combat chapter's grabbing rules are lost, so the rest is defaults (G-182 … G-184):

* **The hold** (G-182): a ``body-hold`` that hits (``mands_rulebook.skills.wrestling``) grabs
  its target as well as dealing its damage: a :class:`HoldTaken` whose ``strength`` — what an
  escape must beat — is the holder's Hand Damage (less any withheld) plus the damage Q of the
  grab ("the damage bonus applies ... to keeping the opponent from escaping") plus the Body Hold
  level ("add the character's skill level"). A new grab of the same character replaces it.
  ``G182_body_hold = "damage"`` plays the grab as a blow only (no hold).
* **Held and holding** (G-184): the held character's Defense falls to 0 when grabbed (it cannot
  dodge its holder's next blows; its own Combat Rolls buy Defense again as usual, G-15); while
  the hold lasts neither of the two may move or jump, and each may aim actions only at the
  other (the holder's hands are full, the held one is pinned). Actions without a target (a
  power shield) are left to both.
* **Escaping** (G-183): ``escape-hold`` at the holder, a Combat Roll as a fist's (Performance
  Time 15, G-86; row 5 and the Hand Damage row 7): the escape's damage (Hand Damage less any
  withheld plus the damage Q) against the hold's ``strength``; greater frees the held one
  (``G183_escape_ties = "hold"``; ``"escape"``: a tie frees it too). No Attack is needed: it
  pulls free, it does not hit.
* **Letting go**: ``release-hold`` (passive, Performance Time 1, no EP) ends the holder's hold.
  A hold also ends when either of the two is out of action.
* **The held one's work stops** (G-253 ``stops``, :mod:`mands_rulebook.kit.pinning`): the grab drops
  the held character's actions in progress that are not aimed at its holder — an active one
  (the safecracker's work at the lock), a run or a jump; passive ones that need no hands (a
  shield) go on — and while held it starts no active action but at its holder (an escape, a
  blow), save waiting, resting or giving up. This is how a character stops someone's action
  other than by a blow; ``G253_hold_stops_work = "goes_on"`` leaves the held one whatever aims
  at nobody (G-184 alone).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import ClassVar, Final, Literal

from mands_rulebook.kit.pinning import MOVES, STILL_FREE, PinningDefaults, stops
from mands_rulebook.kit.skills import skill_level
from mands_rulebook.skills.attacks import (
    AttackPlan,
    contact_refusals,
    hand_damage,
    initiate_attack,
    skill_attack,
)
from mands_sim.api import (
    ActionDefinition,
    ActionDropped,
    ActionInProgress,
    ActionRefused,
    DefenseChanged,
    Encounter,
    Event,
    Initiation,
    Intent,
    Register,
    UnplayedActionError,
    defaults_summary,
    hookimpl,
    register_actions,
    rule_default,
)


@dataclass(frozen=True, slots=True)
class HoldingDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-183."""

    G183_escape_ties: Literal["hold", "escape"] = rule_default(
        "G-183",
        "Escaping a hold: Hand Damage + damage Q must be greater than the hold's strength "
        "('hold': a tie keeps the hold, as a Body Throw needs the greater damage) or at least "
        "equal ('escape').",
        "hold",
        ("hold", "escape"),
    )


BODY_HOLD_SKILL: Final = "Body Hold"

ESCAPE: Final = skill_attack(
    "escape-hold", "Escape a hold: Hand Damage + damage Q must beat the hold's strength (G-183)."
)
RELEASE: Final = ActionDefinition(
    name="release-hold",
    performance_time=1,  # G-184: letting go takes no time worth a roll
    is_passive=True,
    ep_row=0,
    needs_target=True,
    summary="Let go of the character held (G-184).",
)
ACTIONS: Final = {a.name: a for a in (ESCAPE, RELEASE)}

HELD: Final = "held"
"""The reason an action the grab stops is dropped (G-253)."""

ESCAPED: Final = "escaped"
RELEASED: Final = "released"
GRABBED: Final = "grabbed"


@dataclass(frozen=True, slots=True)
class HoldTaken(Event):
    """``holder`` holds ``character``; an escape must beat ``strength`` (G-182)."""

    kind: ClassVar[str] = "hold"
    character: str
    holder: str
    strength: int

    def narrative(self) -> str:
        return f"{self.holder} holds {self.character} (strength {self.strength})"


@dataclass(frozen=True, slots=True)
class HoldEnded(Event):
    """``holder``'s hold on ``character`` ends: ``escaped`` (with the escape's ``score``) or
    ``released`` (G-183, G-184)."""

    kind: ClassVar[str] = "hold-ended"
    character: str
    holder: str
    reason: str
    score: int = 0

    def narrative(self) -> str:
        if self.reason == ESCAPED:
            return f"{self.character} escapes {self.holder}'s hold ({self.score})"
        return f"{self.holder} lets go of {self.character}"


@dataclass(frozen=True, slots=True)
class EscapeFailed(Event):
    """``character``'s escape of ``score`` did not beat ``holder``'s ``strength`` (G-183)."""

    kind: ClassVar[str] = "escape-failed"
    character: str
    holder: str
    score: int
    strength: int

    def narrative(self) -> str:
        return f"{self.character} fails to escape {self.holder} ({self.score} vs {self.strength})"


# --- who holds whom ----------------------------------------------------------------------------

_HOLDS: weakref.WeakKeyDictionary[Encounter, tuple[int, dict[tuple[str, str], HoldTaken]]] = (
    weakref.WeakKeyDictionary()
)
"""Per encounter: how much of the log was read, and the holds (held, holder) not ended in it."""


def logged_holds(encounter: Encounter) -> dict[tuple[str, str], HoldTaken]:
    """The holds the log has taken and not ended, by (held, holder) (new events read once)."""
    read, holds = _HOLDS.get(encounter, (0, {}))
    if read == len(encounter.log):
        return holds
    if read > len(encounter.log):
        read, holds = 0, {}
    holds = dict(holds)
    for event in encounter.log[read:]:
        if isinstance(event, HoldTaken):
            holds[(event.character, event.holder)] = event
        elif isinstance(event, HoldEnded):
            holds.pop((event.character, event.holder), None)
    _HOLDS[encounter] = (len(encounter.log), holds)
    return holds


def current_holds(encounter: Encounter) -> list[HoldTaken]:
    """The holds in force: taken, not ended, both characters in action."""
    state = encounter.state
    return [
        hold
        for (held, holder), hold in logged_holds(encounter).items()
        if state[held].in_action and state[holder].in_action
    ]


def hold_on(encounter: Encounter, held: str, holder: str) -> HoldTaken | None:
    return next(
        (h for h in current_holds(encounter) if (h.character, h.holder) == (held, holder)), None
    )


def partners(encounter: Encounter, actor: str) -> set[str]:
    """Whom ``actor`` holds and who holds ``actor``."""
    found = set()
    for hold in current_holds(encounter):
        if hold.holder == actor:
            found.add(hold.character)
        if hold.character == actor:
            found.add(hold.holder)
    return found


# --- the grab (called by the Body Hold attack) -------------------------------------------------


def grab(encounter: Encounter, actor: str, target: str, action: ActionInProgress) -> list[Event]:
    """G-182, G-184: the hold a Body Hold that hit takes, and the held one's Defense 0."""
    if encounter.defaults.of(PinningDefaults).G182_body_hold != "holds":
        return []
    level = skill_level(encounter.character(actor).sheet, BODY_HOLD_SKILL)
    strength = hand_damage(encounter, actor, action) + level
    return [
        HoldTaken(encounter.now, target, actor, strength),
        DefenseChanged(encounter.now, target, 0, reason=GRABBED),
        *stopped_work(encounter, target, actor),
    ]


def stopped_work(encounter: Encounter, held: str, holder: str) -> list[Event]:
    """G-253 ``stops``: the held character's actions in progress the grab stops."""
    if encounter.defaults.of(PinningDefaults).G253_hold_stops_work != "stops":
        return []
    return [
        ActionDropped(encounter.now, held, action.name, action.action_id, HELD)
        for action in encounter.state[held].actions
        if stops(action, holder)
    ]


# --- escaping and letting go -------------------------------------------------------------------


def escape_events(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """G-183: the escape's damage against the hold's strength."""
    holder = action.intent.target
    assert holder is not None
    hold = hold_on(encounter, actor, holder)
    if hold is None:  # the hold ended while the escape was under way
        return []
    score = hand_damage(encounter, actor, action)
    ties_free = encounter.defaults.of(HoldingDefaults).G183_escape_ties == "escape"
    if score > hold.strength or (ties_free and score == hold.strength):
        return [HoldEnded(encounter.now, actor, holder, ESCAPED, score)]
    return [EscapeFailed(encounter.now, actor, holder, score, hold.strength)]


def hold_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """G-184: held or holding, no moving and no action at anyone but the partner."""
    if intent.action == ESCAPE.name:
        if intent.target is None or hold_on(encounter, actor, intent.target) is None:
            return [f"{actor} is not held by {intent.target}"]
        return contact_refusals(encounter, actor, intent)
    if intent.action == RELEASE.name:
        if intent.target is None or hold_on(encounter, intent.target, actor) is None:
            return [f"{actor} does not hold {intent.target}"]
        return []
    together = partners(encounter, actor)
    if not together:
        return []
    if intent.action in MOVES:
        return [f"{actor} cannot move while holding or held (G-184)"]
    if intent.target is not None and intent.target not in together:
        return [f"{actor} can aim only at {sorted(together)} while holding or held (G-184)"]
    if intent.target is None and pinned(encounter, actor, intent):
        return [f"{actor} is held: no active action but at its holder (G-253)"]
    return []


def pinned(encounter: Encounter, actor: str, intent: Intent) -> bool:
    """G-253 ``stops``: whether ``actor``, held, is refused ``intent``, an active action aimed
    at nobody."""
    if (
        encounter.defaults.of(PinningDefaults).G253_hold_stops_work != "stops"
        or intent.action in STILL_FREE
    ):
        return False
    if not any(hold.character == actor for hold in current_holds(encounter)):
        return False
    try:
        return not encounter.rules.definition(intent.action).is_passive
    except ActionRefused:
        return False


# --- the hooks ---------------------------------------------------------------------------------


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_actions(
        register,
        ACTIONS.values(),
        initiate=initiate,
        resolve=resolve,
        source="template, not rules text",
    )


@hookimpl
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """Every action: a hold limits what the two may do (no ``answers_actions``)."""
    return hold_refusals(encounter, actor, intent)


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    if definition.name == ESCAPE.name:
        return initiate_attack(encounter, actor, intent, definition, AttackPlan())
    if definition.name == RELEASE.name:
        return Initiation(definition.performance_time, (), (), {})
    raise UnplayedActionError(definition.name)


def resolve(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    if action.name == ESCAPE.name:
        return escape_events(encounter, actor, action)
    if action.name == RELEASE.name:
        held = action.intent.target
        assert held is not None
        if hold_on(encounter, held, actor) is None:
            return []
        return [HoldEnded(encounter.now, held, actor, RELEASED)]
    raise UnplayedActionError(action.name)


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "skills.holding",
        HoldingDefaults,
        summary=defaults_summary(HoldingDefaults),
        source="rules text",
    )
