"""Sonic Scream: a power invented for this example plugin — NOT Men & Supermen rulebook content.

Every number here is this plugin's own design; none comes from the rulebook. The power has one
use, ``sonic-scream-blast``: an attack at one target, played by the rulebook's power kit (a Combat
Roll, ranges, EP, %Control) through ``mands_sim.api``. Its Power Rating is spent on two effects:

* ``damage``: the blow is ⌈damage PR / 3⌉ plus the Combat Roll's damage Q;
* ``stun``: a target the scream hits is **stunned** (a condition this plugin registers): it
  drops what it was doing and acts no more until it shakes the stun off. Once a round it tries:
  an Action Roll against its own Combat Roll with a Bonus Pool of minus the stun PR.

By default half the PR (rounded up) goes on the stun and the rest on damage.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Final

from mands_rulebook.api import (
    ACTIVE_TIME,
    ATTACK,
    POWER_ROW,
    Blow,
    PowerSpec,
    PowerSpend,
    PowerUse,
    Ranges,
    attack_events,
    cosmic_ray_ranges,
)
from mands_sim.api import (
    BROKE_OUT,
    ActionChart,
    ActionDefinition,
    ActionInProgress,
    AttackResolved,
    ConditionDefinition,
    ConditionImposed,
    Encounter,
    Event,
    Intent,
    action_roll,
    end_condition,
    roll_made,
)

NAME: Final = "Sonic Scream"
"""The name the power is registered under and that character sheets use."""

STUNNED: Final = "stunned"
"""The condition a hit leaves its target in."""

DAMAGE: Final = "damage"
STUN: Final = "stun"
DAMAGE_DIVISOR: Final = 3
PERCEPTION_BONUS: Final = 2
"""Perception a screamer gains from trained ears (a figured adjustment)."""


def scream_damage(pr: int) -> int:
    """⌈PR / 3⌉: PR 12 on damage → 4."""
    return math.ceil(pr / DAMAGE_DIVISOR)


def half_on_stun(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    """The default spend: half the PR (rounded up) on the stun, the rest on damage."""
    stun = math.ceil(pr / 2)
    return {STUN: stun, DAMAGE: pr - stun}


def prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, int]:
    """What the scream keeps for its resolution: its damage and its stun's strength."""
    return {"scream_damage": scream_damage(spend[DAMAGE]), "stun": spend[STUN]}


def ranges(chart: ActionChart, spent: Mapping[str, int], pr: int) -> Ranges:
    """As a cosmic ray's, on all the PR spent on the scream."""
    return cosmic_ray_ranges(chart, spent.get(DAMAGE, 0) + spent.get(STUN, 0))


def blow(encounter: Encounter, actor: str, target: str, action: ActionInProgress) -> Blow:
    """The scream's damage plus the Combat Roll's damage Q, never below 0."""
    raw = max(0, action.prepared.whole("scream_damage") + action.prepared.whole("damage"))
    return Blow(raw=raw, source=actor, weapon=NAME)


def scream_lands(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """The attack as the kit plays it; a hit stuns its target as well."""
    events = attack_events(encounter, actor, action, blow)
    target = action.intent.target
    hit = any(isinstance(e, AttackResolved) and e.hit for e in events)
    if hit and target is not None and action.prepared.whole("stun") > 0:
        strength = action.prepared.whole("stun")
        events.append(ConditionImposed(encounter.now, target, STUNNED, actor, strength=strength))
    return events


def shake_off(encounter: Encounter, character: str, imposed: ConditionImposed) -> list[Event]:
    """One round's try: an Action Roll against the character's own Combat Roll, with a Bonus
    Pool of minus the stun's strength; a success (Q ≥ 0) ends the stun."""
    roll = action_roll(
        encounter.dice_for(character),
        target=encounter.figured(character).combat_roll,
        bonus_pool=-imposed.strength,
        is_special=encounter.character(character).sheet.is_special,
        charts=encounter.charts,
    )
    events: list[Event] = [roll_made(encounter.now, character, "shake off the stun", roll)]
    if roll.succeeded:
        events += end_condition(encounter, character, STUNNED, BROKE_OUT)
    return events


SCREAM: Final = PowerUse(
    action=ActionDefinition(
        name="sonic-scream-blast",
        performance_time=ACTIVE_TIME,
        ep_row=POWER_ROW,
        needs_target=True,
        summary="A scream at one target: ⌈PR/3⌉ damage, and a hit stuns (invented example).",
    ),
    effects=(DAMAGE, STUN),
    default_spend=half_on_stun,
    role=ATTACK,
    prepare=prepared,
    blow=blow,
    resolve=scream_lands,
    ranges=ranges,
)

SONIC_SCREAM: Final = PowerSpec(
    name=NAME,
    summary="A deafening scream that stuns whom it hits (invented example power).",
    source="third party",
    uses=(SCREAM,),
    hero_types=("special",),  # mands-sim generate may roll it as a Special Power
)

STUN_CONDITION: Final = ConditionDefinition(
    STUNNED,
    "stops acting until it shakes the stun off: once a round, an Action Roll against its own "
    "Combat Roll less the stun's strength",
    break_out=shake_off,
)
