"""Double Action: two actions at once on a %Control roll (seed "Skills").

Seed "Double Action": "This skill allows the character to combine two other skills (or the same
skill twice). The character can train in firing two weapons, using a sword and a dagger, or
even two swords ... The 'skill level' in Double Action is treated as %Control (starting at
zero), and a %Control roll must be made each time the character attempts the double action. If
the roll is successful, the player makes an Action Roll for each action, with a penalty of 10 to
the Bonus Pools for each. If unsuccessful, the character loses a number of segments equal to
half the amount the roll was missed by, as surprise. The Bonus Pool penalty can be reduced by 1
for every 10 points the %Control roll was made by. %Control cannot be greater than 100. Double
Action uses row 3 of the EP Use Chart (2 EP/round)."

In an encounter (G-162):

* the attempt is the ``double-action`` action: passive, 1 segment, no Action Roll; it rolls d100
  against the level (at most 100: "%Control cannot be greater than 100");
* on a success the kernel lets two more actions start in the same segment
  (``mands_initiation_allowance``), active ones beside each other (``docs/rules/combat.md`` §3), and
  every roll the character makes in that segment for them has the Bonus Pool penalty: −10, one
  less per 10 points the roll was made by (:func:`.action_skills.double_action_penalty`);
* on a miss the character loses half the miss (rounded down, G-89) in segments "as surprise"
  (§2: the mind may buy them down for a trailing penalty, as for a failed throw);
* the EP: the skill list's row 3 is row 6 of the EP Use Chart, 2 EP (G-04), "2 EP/round": paid
  once a round (between two Payment Segments) however many attempts it sees, by the first
  attempt of the round (G-162 ``attempt``) or the first that succeeds (``success``).

A mind uses it by asking for ``double-action`` and, asked again in the segment, for the two
actions it combines.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from mands_rulebook.kit.skills import core_row, skill_level
from mands_rulebook.skills.action_skills import (
    DOUBLE_ACTION_ROW,
    double_action_penalty,
    double_action_surprise,
)
from mands_rulebook.skills.attacks import loses_segments
from mands_rulebook.skills.defensive_skills import paid_this_round
from mands_sim.api import (
    ActionDefinition,
    ActionInProgress,
    Charge,
    Encounter,
    Event,
    Initiation,
    Intent,
    Modifier,
    PercentRolled,
    Register,
    answers_actions,
    defaults_summary,
    hookimpl,
    percent_roll,
    register_actions,
    rule_default,
)


@dataclass(frozen=True, slots=True)
class DoubleActionDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-162."""

    G162_double_action_payment: Literal["attempt", "success"] = rule_default(
        "G-162",
        "Double Action: the 'double-action' (passive, 1 segment) rolls the %Control; its "
        "'2 EP/round' (row 6 by G-04) is paid once a round, by the first attempt ('attempt') "
        "or the first whose %Control roll succeeds ('success').",
        "attempt",
        ("attempt", "success"),
    )


DOUBLE_ACTION: Final = "Double Action"
"""The skill's name as the seed's skill list spells it."""

ATTEMPT = ActionDefinition(
    name="double-action",
    performance_time=1,  # G-162: the seed gives the attempt no Performance Time
    is_passive=True,
    ep_row=6,  # seed "row 3 of the EP Use Chart (2 EP/round)": row 6 by G-04
    summary="Double Action: a %Control roll; on a success two actions start now, each at -10 "
    "to its Bonus Pool (1 less per 10 made by).",
)
MAXIMUM_CONTROL: Final = 100  # seed: "%Control cannot be greater than 100"
COMBINED: Final = 2  # seed: "combine two other skills (or the same skill twice)"
PAYMENT_REASON: Final = "double action"
"""The ``EndurancePaid.reason`` of the round's Double Action EP."""
READY: Final = "ready"
MISSED: Final = "missed"


def control(encounter: Encounter, actor: str) -> int:
    """Seed: "The 'skill level' in Double Action is treated as %Control"."""
    return min(MAXIMUM_CONTROL, skill_level(encounter.character(actor).sheet, DOUBLE_ACTION))


def control_roll(encounter: Encounter, actor: str) -> PercentRolled:
    chance = control(encounter, actor)
    return percent_roll(encounter, actor, f"{DOUBLE_ACTION} %Control", chance)


def attempt(encounter: Encounter, actor: str) -> Initiation:
    """The %Control roll: ready for two actions with their penalty, or segments lost."""
    rolled = control_roll(encounter, actor)
    made_by = rolled.chance - rolled.roll
    charges = round_charge(encounter, actor, rolled.succeeded)
    if not rolled.succeeded:
        lost = loses_segments(encounter, actor, double_action_surprise(-made_by))
        prepared = {"outcome": MISSED, "made_by": made_by}
        return Initiation(ATTEMPT.performance_time, (rolled, *lost), charges, prepared)
    prepared = {"outcome": READY, "made_by": made_by, "penalty": double_action_penalty(made_by)}
    return Initiation(ATTEMPT.performance_time, (rolled,), charges, prepared)


def round_charge(encounter: Encounter, actor: str, succeeded: bool) -> tuple[Charge, ...]:
    """Seed: "row 3 of the EP Use Chart (2 EP/round)": the round's 2 EP, unless paid already
    this round; a missed attempt pays only under G-162 ``attempt``."""
    pays = (
        succeeded
        or encounter.defaults.of(DoubleActionDefaults).G162_double_action_payment == "attempt"
    )
    if not pays or paid_this_round(encounter, actor, PAYMENT_REASON):
        return ()
    return (Charge(core_row(encounter.defaults, DOUBLE_ACTION_ROW), PAYMENT_REASON),)


def ready_attempt(encounter: Encounter, actor: str) -> ActionInProgress | None:
    """``actor``'s successful double action of this segment, if any."""
    for action in encounter.state[actor].actions:
        now = action.started_at == encounter.now
        if action.name == ATTEMPT.name and now and action.prepared.get("outcome") == READY:
            return action
    return None


def initiated_now(encounter: Encounter, actor: str) -> tuple[str, ...]:
    """The actions ``actor`` has initiated in this segment (the state keeps those of the last
    segment it initiated in)."""
    state = encounter.state[actor]
    return state.initiated if state.last_initiation == encounter.now else ()


def combined_so_far(encounter: Encounter, actor: str) -> int:
    """How many actions have started in this segment since the double action."""
    initiated = initiated_now(encounter, actor)
    if ATTEMPT.name not in initiated:
        return 0
    return len(initiated) - initiated.index(ATTEMPT.name) - 1


# -- the hooks -------------------------------------------------------------------------------


@hookimpl
def mands_requires() -> list[str]:
    """A failed attempt loses segments "as surprise": the surprise rules' condition."""
    return ["mands_rulebook.combat.surprise"]


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_actions(register, (ATTEMPT,), initiate=initiate, resolve=resolve, source="rules text")


@hookimpl
@answers_actions(ATTEMPT.name)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    if intent.action != ATTEMPT.name:
        return []
    if control(encounter, actor) <= 0:
        return [f"{actor} has no {DOUBLE_ACTION} skill"]
    if ATTEMPT.name in initiated_now(encounter, actor):
        # G-162: one attempt a segment; a second would spend the two actions it allowed
        return [f"{actor} has attempted a {DOUBLE_ACTION} this segment"]
    return []


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    return attempt(encounter, actor)


def resolve(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """The attempt has done its work when it started."""
    return []


@hookimpl
def mands_initiation_allowance(encounter: Encounter, actor: str) -> str | None:
    """After a successful %Control roll, two more actions may start in its segment."""
    if ready_attempt(encounter, actor) is None:
        return None
    return DOUBLE_ACTION if combined_so_far(encounter, actor) < COMBINED else None


@hookimpl
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    """Seed: "a penalty of 10 to the Bonus Pools for each", less 1 per 10 made by."""
    ready = ready_attempt(encounter, actor) if intent.action != ATTEMPT.name else None
    if ready is None or not ready.prepared["penalty"]:
        return []
    if combined_so_far(encounter, actor) >= COMBINED:  # both started: later rolls are not theirs
        return []
    penalty = ready.prepared.whole("penalty")
    return [Modifier(penalty, DOUBLE_ACTION, "two actions at once (seed Double Action)")]


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "skills.double_action",
        DoubleActionDefaults,
        summary=defaults_summary(DoubleActionDefaults),
        source="rules text",
    )
