"""Control Chance (seed "Control Chance"), on the power kit (``mands_rulebook.kit.powers``).

Seed: "This is the ability to affect probabilities. Basic Effects: (Chance Change, Hex Blast,
Range). Chance Change: The character can modify other people's 2d10 rolls by up to PR (three
times PR for d100 rolls). The modification is directly to the roll, not to the bonus pool. Hex
Blast: A hex is a random blast which warps probabilities at the target area. ... The Editor
should adjust the chance of a hex working, depending on how probable the hex is. The base chance
will be the PR, on 2d10. Range: Look up the distance to the target on the Sphere Chart, for the
PR required for range."

G-113 reads it in the simulator's terms:

* ``control-chance-change`` — a passive, sustained use on another character (Performance Time
  10, held round by round by the kit, G-75): once it takes effect, every Action Roll the target
  makes (any purpose) has its dice raised by the PR on ``change`` — its Q lowered by as much, a
  ``"quality"`` modifier, "not to the bonus pool" — or lowered (Q raised) when the intent's
  option ``favor`` is true; only while the target is within the range PR spent (the distance on
  the Sphere chart). Every d100 roll the target makes (saves, chances, %Control) changes the
  same way by three times the PR (:func:`d100_change`), directly to the roll: the d100 seam
  (:mod:`mands_sim.percent_rolls`, ``mands_percent_modifiers``) moves it against the target —
  up for a roll that must come in at or under its chance — or for it with ``favor``; a d100
  read off as a number is left alone unless G-288 says otherwise. Default spend: the range the
  target needs, PR to bring the EP row to 5 (1 EP per round), the rest on the change.
* ``control-chance-hex`` — an active, single use at a target (Performance Time 20): at its start
  2d10 against the PR on ``hex``, less the Editor's ``improbability`` (intent option, default
  0); when it completes a hex that worked drops the target's active action in progress ("a
  vehicle's electrical system [stops] working") — :class:`Hexed`. Default spend: the range the
  target needs, the rest on the hex.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from mands_rulebook.kit.control import LOST_CONTROL
from mands_rulebook.kit.editing_points.rolls import character_roll
from mands_rulebook.kit.powers import (
    ep_down_to,
    power_initiation,
    power_refusals,
    power_sustain,
    register_power_actions,
)
from mands_rulebook.kit.powers.ratings import power_rating
from mands_rulebook.kit.powers.uses import (
    ACTIVE_TIME,
    PASSIVE_TIME,
    POWER_ROW,
    PROTECTS_FROM,
    RULES_TEXT,
    PowerSpec,
    PowerSpend,
    PowerUse,
    register_power,
)
from mands_rulebook.kit.range import distance
from mands_sim.api import (
    ActionChart,
    ActionDefinition,
    ActionDropped,
    ActionInProgress,
    ActionOption,
    ActionRoll,
    Encounter,
    Event,
    Initiation,
    Intent,
    Modifier,
    Prepared,
    Register,
    RollMade,
    answers_actions,
    hookimpl,
)

NAME: Final = "Control Chance"
CHANGE: Final = "change"
HEX: Final = "hex"
RANGE: Final = "range"
FAVOR: Final = "favor"
IMPROBABILITY: Final = "improbability"
"""``Intent.options``: help the target instead (``favor``); the Editor's hex adjustment."""
D100_MULTIPLIER: Final = 3  # seed: "three times PR for d100 rolls"
HELD_EP_ROW: Final = 5  # the default spend's row: 1 EP per round (EP Use Chart)
HEX_PURPOSE: Final = "hex"


def range_pr(chart: ActionChart, meters: float) -> int:
    """Seed: "the distance to the target on the Sphere Chart, for the PR required for range"
    (10 m → 9, 100 m → 17; touching → 0)."""
    return max(0, chart.sphere(meters)) if meters > 0 else 0


def d100_change(pr: int) -> int:
    """Seed: "three times PR for d100 rolls" (PR 8 → 24)."""
    return D100_MULTIPLIER * pr


def needed_range(encounter: Encounter, actor: str, intent: Intent) -> int:
    target = intent.target
    return (
        0
        if target is None
        else range_pr(encounter.charts.action, distance(encounter, actor, target))
    )


@dataclass(frozen=True, slots=True)
class Hexed(Event):
    """``character``'s hex on ``target`` worked: ``dropped`` (the action it spoiled, or "")."""

    kind: ClassVar[str] = "hexed"
    character: str
    target: str
    dropped: str

    def narrative(self) -> str:
        spoiled = f": {self.dropped} goes wrong" if self.dropped else ""
        return f"{self.character}'s hex warps chance around {self.target}{spoiled}"


# --- Chance Change -------------------------------------------------------------------------------


def change_spend(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    """G-113: the range first, then down to row 5, then the change."""
    reach = min(pr, needed_range(encounter, actor, intent))
    ep = ep_down_to(HELD_EP_ROW, POWER_ROW, pr - reach)
    return {RANGE: reach, "ep": ep, CHANGE: pr - reach - ep}


def change_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {CHANGE: spend[CHANGE], RANGE: spend[RANGE], FAVOR: bool(intent.options.get(FAVOR))}


CHANCE_CHANGE = PowerUse(
    action=ActionDefinition(
        name="control-chance-change",
        performance_time=PASSIVE_TIME,  # G-113: held like a power shield
        is_passive=True,
        is_sustained=True,
        ep_row=POWER_ROW,
        needs_target=True,
        summary="Warp another's 2d10 rolls by the PR on change, d100 rolls by 3 x PR (option "
        "favor to help), held round by round within the range PR.",
        options=(ActionOption(FAVOR, "flag", "the change favours the user"),),
    ),
    effects=(CHANGE, RANGE),
    default_spend=change_spend,
    prepare=change_prepared,
)


def change_modifier(encounter: Encounter, owner: str, action: ActionInProgress) -> Modifier | None:
    """The change one held use makes to its target's roll now, if it works and reaches."""
    if action.prepared.get("outcome") == LOST_CONTROL:
        return None
    if encounter.now < action.prepared.whole(PROTECTS_FROM, action.started_at):
        return None
    if needed_range(encounter, owner, action.intent) > action.prepared.whole(RANGE):
        return None
    change = action.prepared.whole(CHANGE)
    amount = change if action.prepared[FAVOR] else -change
    reason = f"G-113: {owner}'s Control Chance"
    return Modifier(amount, NAME, reason, applies_to="quality") if change else None


def chance_changes(encounter: Encounter, roller: str) -> list[Modifier]:
    """Every held Chance Change aimed at ``roller`` that works now."""
    found: list[Modifier] = []
    for state in encounter.state:
        for action in state.actions:
            if action.name == CHANCE_CHANGE.action.name and action.intent.target == roller:
                modifier = change_modifier(encounter, state.character_id, action)
                found += [modifier] if modifier else []
    return found


def d100_modifier(change: Modifier) -> Modifier:
    """A held change as it moves a d100 roll: three times as far (seed), the same way."""
    return dataclasses.replace(change, amount=d100_change(change.amount))


# --- Hex Blast -----------------------------------------------------------------------------------


def hex_spend(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    """G-113: the range first, the rest on the hex."""
    reach = min(pr, needed_range(encounter, actor, intent))
    return {RANGE: reach, HEX: pr - reach}


def hex_roll(encounter: Encounter, actor: str, intent: Intent, pr: int) -> ActionRoll:
    """Seed: "The base chance will be the PR, on 2d10", less the Editor's improbability."""
    target = pr - intent.whole(IMPROBABILITY)
    return character_roll(encounter, actor, intent, HEX_PURPOSE, target=target, improves=NAME)


def hex_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    roll = hex_roll(encounter, actor, intent, spend[HEX])
    d = roll.dice
    made = RollMade(
        encounter.now, actor, HEX_PURPOSE, roll.target, roll.bonus_pool, roll.pool_bonus,
        d.faces, d.rerolls, d.total, roll.quality,
    )  # fmt: skip
    return {"hex_roll": made, "outcome": "hex worked" if roll.succeeded else "hex failed"}


def resolve_hex(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """G-113: a hex that worked spoils the target's active action in progress."""
    target = str(action.intent.target)
    if action.prepared["outcome"] != "hex worked" or not encounter.state[target].in_action:
        return []
    spoiled = encounter.state[target].active_action
    events: list[Event] = [Hexed(encounter.now, actor, target, spoiled.name if spoiled else "")]
    if spoiled is not None:
        events.append(ActionDropped(encounter.now, target, spoiled.name, spoiled.action_id, HEX))
    return events


HEX_BLAST = PowerUse(
    action=ActionDefinition(
        name="control-chance-hex",
        performance_time=ACTIVE_TIME,  # seed "Power Rolls": most powers take 20
        ep_row=POWER_ROW,
        needs_target=True,
        summary="A hex: 2d10 vs the PR on hex (less option improbability); if it works the "
        "target's action goes wrong.",
        options=(
            ActionOption(
                IMPROBABILITY, "number", "how improbable the hexed mishap is (subtracted from PR)"
            ),
        ),
    ),
    effects=(HEX, RANGE),
    default_spend=hex_spend,
    prepare=hex_prepared,
    resolve=resolve_hex,
)

CONTROL_CHANCE = PowerSpec(
    name=NAME,
    summary="Affect probabilities: change others' 2d10 rolls by the PR (d100 rolls by 3 x PR); "
    "hex blasts.",
    source=RULES_TEXT,
    uses=(CHANCE_CHANGE, HEX_BLAST),
)


def target_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """Another character, within the range the whole PR reaches (G-113)."""
    target = intent.target
    if target is None or target not in encounter.state.ids() or target == actor:
        return [f"{intent.action} needs another character as its target"]
    pr = power_rating(encounter, actor, CONTROL_CHANCE)
    needed = needed_range(encounter, actor, intent)
    return [] if needed <= pr else [f"{target} needs range PR {needed}, more than {pr}"]


def with_hex_roll(initiation: Initiation) -> Initiation:
    """A hex's roll is logged when it is made, at the start."""
    if "hex_roll" not in initiation.prepared:
        return initiation
    made = Prepared(initiation.prepared).of("hex_roll", RollMade)
    prepared = {k: v for k, v in initiation.prepared.items() if k != "hex_roll"}
    return Initiation(
        initiation.performance_time, (*initiation.events, made), initiation.charges, prepared
    )


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, CONTROL_CHANCE)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, CONTROL_CHANCE, initiate=initiate)


@hookimpl
@answers_actions(*CONTROL_CHANCE.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    reasons = power_refusals(encounter, actor, intent, CONTROL_CHANCE)
    if CONTROL_CHANCE.use(intent.action) is not None and not reasons:
        reasons += target_refusals(encounter, actor, intent)
    return reasons


@hookimpl
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    """Seed: the change is "directly to the roll": a ``"quality"`` modifier (G-113)."""
    return chance_changes(encounter, actor)


@hookimpl
def mands_percent_modifiers(encounter: Encounter, actor: str, purpose: str) -> list[Modifier]:
    """Seed: "three times PR for d100 rolls", directly to the roll (G-113)."""
    return [d100_modifier(change) for change in chance_changes(encounter, actor)]


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    return with_hex_roll(power_initiation(encounter, actor, intent, definition, CONTROL_CHANCE))


@hookimpl
@answers_actions(*CONTROL_CHANCE.actions)
def mands_action_sustain(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    return power_sustain(encounter, actor, action, CONTROL_CHANCE)
