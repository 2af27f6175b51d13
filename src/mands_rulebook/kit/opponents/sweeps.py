"""Sweeps: one Combat Roll against several enemies, its blows on successive segments (seed
"Combat Roll"; ``docs/rules/combat.md`` §12; G-81, G-172).

Seed "Combat Roll": "The player must apply Attack separately for each opponent ... in a
'sweeping' manner ... Each attack takes place on successive segments". A module of
:mod:`mands_rulebook.combat.opponents`, whose ``__init__`` registers the actions and answers their
hooks:

* ``sweep`` (intent options ``targets``, the intent's ``target`` first, and ``weapon``; G-81):
  the seed's sweep needs something that sweeps, "such as ... a telephone pole, a beam power, or
  a semi-automatic weapon", so fists cannot sweep: the ``weapon`` held ready
  (:mod:`mands_rulebook.kit.sweep_weapons`, G-172) gives the reach, time, skill, damage, cover
  and
  EP row. One Combat Roll (``mands_rulebook.combat.fists``' seams), its Attack Q split among the
  targets by the mind's optional ``split_attack`` (default even), a failure's Attack share
  against each, the Defense bought against all (G-15), the damage Q with every blow, the
  weapon's row paid per blow. "All in front of the character" is not checked: places are
  points and the map has no facing (G-81);
* ``sweep-blow``: the later blows land a segment apart, each a ``sweep-blow`` its character
  starts in the segment the previous one landed (G-81 ``together``: all at once); the blows
  still to come are logged as :class:`SweepBlowsLeft`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar, Final, Literal

from mands_rulebook.kit.fists import (
    FIST_ATTACK,
    HAND_DAMAGE_ROW,
    allocation_event,
    combat_roll,
    new_defense,
    prepare_blow,
    roll_event,
    spend_quality,
)
from mands_rulebook.kit.opponents.split_attacks import split_attack
from mands_rulebook.kit.range import reach_refusals
from mands_rulebook.kit.sweep_weapons import (
    blow_charge,
    sweep_reach,
    sweep_weapon,
    weapon_blow_at,
    weapon_refusals,
)
from mands_rulebook.kit.weapons.table import WEAPON_OPTION, standard_weapons
from mands_sim.actions import ActionDefinition, ActionInProgress, ActionOption, Intent
from mands_sim.defaults import rule_default
from mands_sim.events import Event
from mands_sim.kernel.contracts import Charge, Initiation
from mands_sim.kernel.encounter import Encounter
from mands_sim.rolls import reduced_performance_time


@dataclass(frozen=True, slots=True)
class SweepDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-81."""

    G81_sweep_blows: Literal["successive", "together"] = rule_default(
        "G-81",
        "A sweep's blows land on successive segments, each later one a 'sweep-blow' its "
        "character starts in the segment the previous one landed ('successive'), or all when "
        "the sweep's Performance Time completes ('together').",
        "successive",
        ("successive", "together"),
    )


NO_SWEEP_WITHOUT_WEAPON: Final = (
    "a sweep needs a weapon that sweeps (seed Combat Roll: 'a telephone pole, a beam power, or "
    "a semi-automatic weapon'): fists cannot sweep (G-81)"
)

TARGETS_OPTION: Final = "targets"
"""``Intent.options`` key of a sweep: the ids of its targets, ``Intent.target`` first."""

SWEEP = ActionDefinition(
    name="sweep",
    # nominal: a sweep takes its weapon's Performance Time (G-172).
    performance_time=FIST_ATTACK.performance_time,
    ep_row=FIST_ATTACK.ep_row,  # docs/rules/combat.md §5: the Combat Roll's row 5, paid once
    needs_target=True,
    summary="One Combat Roll against several enemies with a weapon that sweeps: Attack split "
    "among them, -1 per extra opponent, blows on successive segments (seed Combat Roll; G-81).",
    options=(
        ActionOption(
            TARGETS_OPTION, "characters", "the ids of its targets, the rule's target first"
        ),
        ActionOption(WEAPON_OPTION, "text", "the weapon to sweep with (G-81, G-172)"),
    ),
)

SWEEP_BLOW = ActionDefinition(
    name="sweep-blow",
    performance_time=1,  # seed: "Each attack takes place on successive segments" (G-81)
    ep_row=HAND_DAMAGE_ROW,  # nominal: each blow pays its weapon's row (G-81, G-172)
    needs_target=True,
    summary="The next blow of a sweep, one segment after the last (no roll; G-81).",
)


@dataclass(frozen=True, slots=True)
class SweepBlowsLeft(Event):
    """A sweep's blow has landed (or missed) and these are still to come (G-81).

    ``targets`` and ``attacks`` pair up, in order; ``damage`` is the blows' damage change from
    the Combat Roll (Doubles chart, or a failure's share); ``weapon`` the weapon swept with
    (G-172).
    """

    kind: ClassVar[str] = "sweep-blows-left"
    character: str
    targets: tuple[str, ...]
    attacks: tuple[int, ...]
    damage: int
    weapon: str


def sweep_targets(intent: Intent) -> tuple[str, ...]:
    """The targets ``intent`` attacks: a sweep's ``targets`` option, else just its target."""
    if intent.action != SWEEP.name or TARGETS_OPTION not in intent.options:
        return () if intent.target is None else (intent.target,)
    return intent.names(TARGETS_OPTION)


# --- the sweep (seed "Combat Roll"; G-81) -------------------------------------------------------


def sweep_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """A sweep needs a weapon (seed "Combat Roll": "the character must be able to attack them
    in a 'sweeping' manner"), distinct targets, its intent's target first, each one an enemy in
    action within the weapon's reach (the case-by-case call of G-81; G-172 for weapons)."""
    targets = sweep_targets(intent)
    if WEAPON_OPTION not in intent.options:
        return [NO_SWEEP_WITHOUT_WEAPON]
    if not targets or targets[0] != intent.target:
        return ["a sweep's targets must start with its target"]
    if len(set(targets)) != len(targets):
        return ["a sweep names a target twice"]
    reasons: list[str] = weapon_refusals(encounter, actor, intent)
    if reasons:
        return reasons
    reach = sweep_reach(intent)
    for target in targets:
        if target not in encounter.state.ids() or target == actor:
            reasons.append(f"{target!r} is no opponent")
        elif encounter.state[target].side == encounter.state[actor].side:
            reasons.append(f"{target} is on {actor}'s side")
        elif not encounter.state[target].in_action:
            reasons.append(f"{target} is out of action")
        else:
            reasons += reach_refusals(encounter, actor, target, reach)
    return reasons


def sweep_initiation(encounter: Encounter, actor: str, intent: Intent) -> Initiation:
    """One Combat Roll (§5), its Attack split per target, one charge of the weapon's row per
    blow paid now (``together``) or blow by blow (``successive``)."""
    targets = sweep_targets(intent)
    weapon = sweep_weapon(intent)
    assert weapon is not None  # refused otherwise
    roll = combat_roll(encounter, actor, intent, improves=weapon.skill)
    allocation = spend_quality(encounter, actor, intent, roll.quality)
    blow = prepare_blow(encounter, actor, roll.quality, allocation)
    if roll.succeeded:
        attacks = split_attack(encounter, actor, targets, int(blow["attack"]))
    else:  # G-81: a failure's Attack share goes against each target
        attacks = tuple(int(blow["attack"]) for _ in targets)
    blows_now = (
        len(targets) if encounter.defaults.of(SweepDefaults).G81_sweep_blows == "together" else 1
    )
    hand = tuple(blow_charge(weapon) for _ in range(blows_now))
    allocated = dataclasses.replace(
        allocation_event(encounter, actor, allocation), action=SWEEP.name
    )
    return Initiation(
        performance_time=reduced_performance_time(
            weapon.performance_time, allocation.speed, encounter.defaults
        ),
        events=(roll_event(encounter, actor, roll), allocated),
        charges=(Charge(SWEEP.ep_row - allocation.ep, "combat roll"), *hand),
        prepared={
            **blow,
            "attack": attacks[0],
            "attacks": attacks,
            TARGETS_OPTION: targets,
            "withheld": 0,
            "quality": roll.quality,
            WEAPON_OPTION: weapon.name,
        },
    )


def sweep_resolution(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """G-15: the Defense bought takes effect; then the first blow, or all (``together``)."""
    together = encounter.defaults.of(SweepDefaults).G81_sweep_blows == "together"
    landing = len(action.prepared.of(TARGETS_OPTION, tuple)) if together else 1
    return [new_defense(encounter, actor, action), *land_blows(encounter, actor, action, landing)]


def land_blows(
    encounter: Encounter, actor: str, action: ActionInProgress, landing: int
) -> list[Event]:
    """The next ``landing`` blows; those still to come are logged as :class:`SweepBlowsLeft`."""
    targets: tuple[str, ...] = action.prepared.of(TARGETS_OPTION, tuple)
    attacks: tuple[int, ...] = action.prepared.of("attacks", tuple)
    events: list[Event] = []
    for target, attack in zip(targets[:landing], attacks[:landing], strict=True):
        events += sweep_blow(encounter, actor, target, attack, action)
    if landing >= len(targets):
        return events
    damage = action.prepared.whole("damage")
    weapon = action.prepared.text(WEAPON_OPTION)
    left = SweepBlowsLeft(
        encounter.now, actor, targets[landing:], attacks[landing:], damage, weapon
    )
    return [*events, left]


def sweep_blow(
    encounter: Encounter, actor: str, target: str, attack: int, action: ActionInProgress
) -> list[Event]:
    """One blow of a sweep (the weapon's damage and the damage change, §7.1; G-172); a target
    already out of action is passed over."""
    if not encounter.state[target].in_action:
        return []
    weapon = standard_weapons()[action.prepared.text(WEAPON_OPTION)]
    return weapon_blow_at(encounter, actor, target, attack, weapon, action)


def pending_blows(encounter: Encounter, actor: str) -> SweepBlowsLeft | None:
    """``actor``'s sweep blows still to come, if one landed in this very segment and nothing
    started since (G-81)."""
    if encounter.state[actor].last_initiation == encounter.now:
        return None
    for event in reversed(encounter.log):
        if event.segment < encounter.now:
            return None
        if isinstance(event, SweepBlowsLeft) and event.character == actor:
            return event
    return None


def sweep_blow_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    pending = pending_blows(encounter, actor)
    if pending is None:
        return [f"{actor} has no sweep blow to follow through (G-81)"]
    if intent.target != pending.targets[0]:
        return [f"the next blow of {actor}'s sweep is at {pending.targets[0]}"]
    swept = Intent(SWEEP.name, options={WEAPON_OPTION: pending.weapon})
    return reach_refusals(encounter, actor, pending.targets[0], sweep_reach(swept))


def sweep_blow_initiation(encounter: Encounter, actor: str) -> Initiation:
    """G-81: no roll; one segment; the weapon's row (G-172) for the blow."""
    pending = pending_blows(encounter, actor)
    assert pending is not None  # refused otherwise
    weapon = standard_weapons()[pending.weapon]
    return Initiation(
        performance_time=SWEEP_BLOW.performance_time,
        charges=(blow_charge(weapon),),
        prepared={
            "attack": pending.attacks[0],
            "damage": pending.damage,
            "withheld": 0,
            TARGETS_OPTION: pending.targets,
            "attacks": pending.attacks,
            WEAPON_OPTION: pending.weapon,
        },
    )
