"""Empathy (seed "Empathy"), on the power kit (``mands_rulebook.kit.powers``).

Seed: "Empaths have the ability to feel other people's emotions. Basic Effects: (Bonus to Chance
of Success). Bonus to Chance of Success: To determine a target's emotions, a roll must be made
under perception plus the target's newoen, plus five times PR, minus the distance in meters to the
target (Sphere Chart), on d100. Touching the target adds the Empath's newoen to the chance. If the
target realizes what is happening and resists, subtract the target's willpower from the chance."
"80% of Empaths can show targets the empath's feelings. The chance is the same as above, except
that the empath's willpower is used in place of perception + target's newoen. Half of empaths who
can Show Feelings can show fake feelings." "Empaths can scan the area around them. The chance of
picking up emotions for any individual is the same as above. Roll only once."

Empathy changes no fight: its uses are actions an objective can count (``complete-action`` with
``action_outcome = "succeeded"``). Each is a mind power's use (G-127: passive, single,
Performance Time 10, seed "Power Rolls"), with all its PR on ``bonus`` by default (5 per point).
The d100 is rolled when the use starts (as a skill check is) and the outcome, ``succeeded`` or
``failed``, is the action's; what was learned is logged when it completes.

* ``empathy-read`` (a target): d100 ≤ Perception + the target's Newoen + 5 × PR − the meters to it
  on the Sphere chart (G-127: never a bonus under 1 m); option ``touch`` (in contact) adds the
  empath's Newoen; option ``resisted`` takes off the target's Willpower.
* ``empathy-show`` (a target): the same with the empath's Willpower in place of Perception + the
  target's Newoen; option ``fake`` shows fake feelings. Sheet keys: ``shows_feelings`` (G-127:
  true unless the sheet says false, the 80 %) and ``fake_feelings`` (false unless it says true).
* ``empathy-scan``: one d100 against every other character in action, each at its own chance;
  it succeeds when anyone is read (only "the kind of feeling").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Final

from mands_rulebook.kit.powers import power_initiation, power_refusals, register_power_actions
from mands_rulebook.kit.powers.ratings import sheet_power
from mands_rulebook.kit.powers.uses import (
    OTHER,
    PASSIVE_TIME,
    POWER_ROW,
    RULES_TEXT,
    PowerSpec,
    PowerSpend,
    PowerUse,
    register_power,
)
from mands_rulebook.kit.range import distance, in_contact
from mands_sim.api import (
    ActionChart,
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    Encounter,
    Event,
    Initiation,
    Intent,
    PercentRolled,
    Prepared,
    Register,
    answers_actions,
    character_d100,
    hookimpl,
)

NAME: Final = "Empathy"
BONUS: Final = "bonus"
BONUS_PER_PR: Final = 5  # seed: "plus five times PR"
TOUCH_OPTION: Final = "touch"
RESISTED_OPTION: Final = "resisted"
FAKE_OPTION: Final = "fake"
SUCCEEDED: Final = "succeeded"
FAILED: Final = "failed"


@dataclass(frozen=True, slots=True)
class EmotionsRead(Event):
    """``character`` read (``how``: ``read``, ``shown`` or ``scanned``) ``target``'s feelings,
    or showed its own to ``target`` (G-127)."""

    kind: ClassVar[str] = "emotions-read"
    character: str
    target: str
    how: str

    def narrative(self) -> str:
        if self.how == "shown":
            return f"{self.character} shows {self.target} what it feels (Empathy)."
        return f"{self.character} feels what {self.target} feels (Empathy, {self.how})."


def distance_penalty(chart: ActionChart, meters: float) -> int:
    """Seed: "minus the distance in meters to the target (Sphere Chart)"; nothing under 1 m."""
    return int(chart.sphere(meters)) if meters >= 1 else 0


def read_chance(
    perception: int,
    target_newoen: int,
    pr: int,
    distance_rows: int,
    *,
    touch_newoen: int = 0,
    resisting_willpower: int = 0,
) -> int:
    """Seed: Perception + the target's Newoen + 5 × PR − distance (Sphere), + the empath's
    Newoen when touching, − the target's Willpower when it resists."""
    return (
        perception
        + target_newoen
        + BONUS_PER_PR * pr
        - distance_rows
        + touch_newoen
        - resisting_willpower
    )


def show_chance(
    willpower: int,
    pr: int,
    distance_rows: int,
    *,
    touch_newoen: int = 0,
    resisting_willpower: int = 0,
) -> int:
    """Seed: "the empath's willpower is used in place of perception + target's newoen"."""
    return willpower + BONUS_PER_PR * pr - distance_rows + touch_newoen - resisting_willpower


# --- the chances in an encounter ------------------------------------------------------------------


def chance_against(
    encounter: Encounter, actor: str, target: str, intent: Intent, pr: int, *, show: bool
) -> int:
    """The chance of reading (or showing to) ``target`` now."""
    me, them = encounter.current(actor), encounter.current(target)
    rows = distance_penalty(encounter.charts.action, distance(encounter, actor, target))
    touching = bool(intent.options.get(TOUCH_OPTION)) and in_contact(encounter, actor, target)
    extra = {
        "touch_newoen": int(me.sheet.abilities.newoen) if touching else 0,
        "resisting_willpower": (
            int(them.figured.willpower) if intent.options.get(RESISTED_OPTION) else 0
        ),
    }
    if show:
        return show_chance(int(me.figured.willpower), pr, rows, **extra)
    newoen = int(them.sheet.abilities.newoen)
    return read_chance(int(me.figured.perception), newoen, pr, rows, **extra)


def targets_of(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    if intent.target is not None:
        return [intent.target]
    return [w for w in encounter.state.ids() if w != actor and encounter.state[w].in_action]


def rolled(
    encounter: Encounter, actor: str, intent: Intent, pr: int
) -> tuple[list[Event], list[str]]:
    """One d100 (seed: "Roll only once" for a scan) against each one's chance: the rolls logged
    and who was read."""
    roll = character_d100(encounter, actor, intent.action)
    show = intent.action == SHOW.action.name
    events: list[Event] = []
    read: list[str] = []
    for target in targets_of(encounter, actor, intent):
        chance = chance_against(encounter, actor, target, intent, pr, show=show)
        purpose = f"{intent.action} {target}"
        events.append(PercentRolled(encounter.now, actor, purpose, chance, roll, roll <= chance))
        if roll <= chance:
            read.append(target)
    return events, read


# --- the uses ------------------------------------------------------------------------------------


def all_on_bonus(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    return {BONUS: pr}


def bonus_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {"bonus_pr": spend[BONUS]}


HOW: Final = {"empathy-read": "read", "empathy-show": "shown", "empathy-scan": "scanned"}


def resolve_empathy(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """What was felt (or shown) is known when the use completes."""
    how = HOW[action.name]
    return [
        EmotionsRead(encounter.now, actor, who, how)
        for who in action.prepared.of("read", tuple, ())
    ]


def empathy_use(
    name: str, summary: str, *, needs_target: bool, options: tuple[ActionOption, ...]
) -> PowerUse:
    return PowerUse(
        action=ActionDefinition(
            name=name,
            performance_time=PASSIVE_TIME,  # G-127: a mind power's use (seed "Power Rolls")
            is_passive=True,
            ep_row=POWER_ROW,
            needs_target=needs_target,
            summary=summary,
            options=options,
        ),
        effects=(BONUS,),
        default_spend=all_on_bonus,
        role=OTHER,
        prepare=bonus_prepared,
        resolve=resolve_empathy,
    )


TOUCH_ENTRY: Final = ActionOption(TOUCH_OPTION, "flag", "read by touch, when in contact (seed)")
RESISTED_ENTRY: Final = ActionOption(
    RESISTED_OPTION, "flag", "the target resists: its Willpower counts against the reading"
)

READ = empathy_use(
    "empathy-read",
    "Feel a target's emotions: d100 <= Perception + its Newoen + 5 x PR - meters (Sphere); "
    "options touch, resisted.",
    needs_target=True,
    options=(TOUCH_ENTRY, RESISTED_ENTRY),
)
SHOW = empathy_use(
    "empathy-show",
    "Show a target your feelings: d100 <= Willpower + 5 x PR - meters (Sphere); option fake.",
    needs_target=True,
    options=(ActionOption(FAKE_OPTION, "flag", "show feelings the user does not have"),),
)
SCAN = empathy_use(
    "empathy-scan",
    "Scan everyone around: one d100 against each one's chance.",
    needs_target=False,
    options=(TOUCH_ENTRY, RESISTED_ENTRY),
)

EMPATHY = PowerSpec(
    name=NAME,
    summary="Feel (or show) emotions: d100 under Perception + Newoen + 5 x PR - distance.",
    source=RULES_TEXT,
    uses=(READ, SHOW, SCAN),
)


def show_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """G-127: showing needs ``shows_feelings`` (default yes); fake ones ``fake_feelings``."""
    entry = sheet_power(encounter.character(actor).sheet, EMPATHY)
    if intent.action != SHOW.action.name or entry is None:
        return []
    if not entry.extra.get("shows_feelings", True):
        return [f"{actor} cannot show feelings"]
    if intent.options.get(FAKE_OPTION) and not entry.extra.get("fake_feelings", False):
        return [f"{actor} cannot show fake feelings"]
    return []


def target_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    if EMPATHY.use(intent.action) is None or intent.action == SCAN.action.name:
        return []
    if intent.target is None or intent.target not in encounter.state.ids():
        return [f"{intent.action} needs a character as its target"]
    return [] if intent.target != actor else [f"{intent.action} needs someone else"]


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, EMPATHY)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, EMPATHY, initiate=initiate)


@hookimpl
@answers_actions(*EMPATHY.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    reasons = power_refusals(encounter, actor, intent, EMPATHY)
    if reasons:
        return reasons
    return target_refusals(encounter, actor, intent) + show_refusals(encounter, actor, intent)


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    """The kit's initiation, then the d100 (G-127): its outcome is the action's."""
    initiation = power_initiation(encounter, actor, intent, definition, EMPATHY)
    if initiation is None:
        return None
    events, read = rolled(encounter, actor, intent, Prepared(initiation.prepared).whole("bonus_pr"))
    outcome = SUCCEEDED if read else FAILED
    prepared = {**initiation.prepared, "read": tuple(read), "outcome": outcome}
    return replace(initiation, events=(*initiation.events, *events), prepared=prepared)
