"""Multiple opponents, sweeps, forked blasts and Teamwork (``rules/combat.md`` §5, §6, §12).

Seed "Combat Roll": "If the character wants extra opponents, each extra opponent counts as a
penalty of 1 to the Combat Roll's Bonus Pool. The character's Defense counts against all
opponents. The player must apply Attack separately for each opponent ... in a 'sweeping'
manner ... Each attack takes place on successive segments ... Whether or not a multiple attack
can be performed must be handled on a case-by-case basis." This builtin plugin

* adds −1 to the Combat Bonus Pool per opponent beyond the first the roll attacks; under G-80
  ``engaged`` also per further enemy in contact (G-65 reach);
* registers ``sweep`` (intent option ``targets``, the intent's ``target`` first) and
  ``sweep-blow`` (G-81): one Combat Roll as a punch's (``mands_rulebook.fists``), its Attack Q
  split among enemies in contact by the mind's optional ``split_attack`` (default even), a
  failure's Attack share against each, the Defense bought against all (G-15), damage Q and
  Hand Damage with every blow, Hand Damage's row 7 paid per blow (seed "Hand Damage"); the
  later blows land a segment apart, each a ``sweep-blow`` its character starts in the segment
  the previous one landed (``together``: all at once). "In front" is not checked (a map has no
  facing);
* sweeps with a weapon too (intent option ``weapon``; :mod:`mands_rulebook.sweep_weapons`,
  G-172): the weapon's reach, Performance Time, skill, damage, cover and EP row;
* gives power plugins :func:`fork_blast` (seed "Fire Coat": "Fire blasts may be forked ...
  dividing the damage between more than one target. Attack Q must be supplied for each
  target") and :func:`split_attack`;
* plays Teamwork (seed "Teamwork", G-82): :func:`teamwork_modifiers`;
* registers the ``sweeper`` policy.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from mands_sim import answers_actions, hookimpl
from mands_sim.actions import (
    ActionDefinition,
    ActionInProgress,
    Intent,
    Modifier,
    QualityAllocation,
    Wait,
)
from mands_sim.events import AttackResolved, Event
from mands_sim.kernel.encounter import Charge, Encounter, Initiation
from mands_sim.registry import Register
from mands_sim.rolls import reduced_performance_time

from .damage import Blow, strike
from .fists import (
    FIST_ATTACK,
    HAND_DAMAGE_ROW,
    allocation_event,
    blow_damage,
    combat_roll,
    new_defense,
    prepare_blow,
    roll_event,
    spend_quality,
)
from .movement import in_contact
from .policies import SPEED_STEP, NearestEnemy, allowed, preset
from .range import reach_refusals
from .sweep_weapons import (
    blow_charge,
    held_weapon,
    sweep_range_and_sight,
    sweep_reach,
    sweep_weapon,
    weapon_blow_at,
    weapon_refusals,
)
from .weapons import WEAPON_OPTION, standard_weapons

TARGETS_OPTION: Final = "targets"
"""``Intent.options`` key of a sweep: the ids of its targets, ``Intent.target`` first."""

PENALTY_PER_OPPONENT: Final = 1
"""Seed "Combat Roll": "each extra opponent counts as a penalty of 1 to the ... Bonus Pool"."""

TEAMWORK: Final = "Teamwork"
"""Seed skill "Teamwork (3d6)": the sheet's skill name."""

SWEEP = ActionDefinition(
    name="sweep",
    # rules/charts.md §8: a fist attack's Performance Time; a sweep is a sweeping punch (G-81).
    performance_time=FIST_ATTACK.performance_time,
    ep_row=FIST_ATTACK.ep_row,  # rules/combat.md §5: the Combat Roll's row 5, paid once
    needs_target=True,
    summary="One Combat Roll against several enemies in contact: Attack split among them, "
    "-1 per extra opponent, blows on successive segments (seed Combat Roll; G-80, G-81).",
)

SWEEP_BLOW = ActionDefinition(
    name="sweep-blow",
    performance_time=1,  # seed: "Each attack takes place on successive segments" (G-81)
    ep_row=HAND_DAMAGE_ROW,  # seed "Hand Damage": paid per blow, landed or not (G-81)
    needs_target=True,
    summary="The next blow of a sweep, one segment after the last (no roll; G-81).",
)


@dataclass(frozen=True, slots=True)
class SweepBlowsLeft(Event):
    """A sweep's blow has landed (or missed) and these are still to come (G-81).

    ``targets`` and ``attacks`` pair up, in order; ``damage`` is the blows' damage change from
    the Combat Roll (Doubles chart, or a failure's share); ``weapon`` the weapon swept with
    (``None``: fists, G-172).
    """

    kind: ClassVar[str] = "sweep-blows-left"
    character: str
    targets: tuple[str, ...]
    attacks: tuple[int, ...]
    damage: int
    weapon: str | None = None


# --- multiple opponents in the Combat Bonus Pool (seed "Combat Roll"; G-80) ---------------------


def sweep_targets(intent: Intent) -> tuple[str, ...]:
    """The targets ``intent`` attacks: a sweep's ``targets`` option, else just its target."""
    named = intent.options.get(TARGETS_OPTION) if intent.action == SWEEP.name else None
    if named is None:
        return () if intent.target is None else (intent.target,)
    return tuple(str(target) for target in named)


def engaged_enemies(encounter: Encounter, actor: str) -> list[str]:
    """G-80 ``engaged``: the enemies in action in contact with ``actor`` (G-65 reach)."""
    side = encounter.state[actor].side
    return [
        s.character_id
        for s in encounter.state
        if s.side != side and s.in_action and in_contact(encounter, actor, s.character_id)
    ]


def opponents_faced(encounter: Encounter, actor: str, intent: Intent) -> set[str]:
    """The opponents a Combat Roll counts: those it attacks, and under G-80 ``engaged`` also
    every enemy in contact."""
    faced = set(sweep_targets(intent))
    if encounter.defaults.G80_extra_opponents == "engaged":
        faced.update(engaged_enemies(encounter, actor))
    return faced


def opponents_modifier(encounter: Encounter, actor: str, intent: Intent) -> Modifier | None:
    """Seed "Combat Roll": −1 per opponent beyond the first (G-80 says who counts)."""
    extra = len(opponents_faced(encounter, actor, intent)) - 1
    if extra <= 0:
        return None
    reason = f"seed Combat Roll: {extra} extra opponent(s) (G-80)"
    return Modifier(-PENALTY_PER_OPPONENT * extra, "multiple opponents", reason)


# --- Teamwork (seed "Teamwork"; G-82) -----------------------------------------------------------


def teamwork_level(encounter: Encounter, character: str) -> int:
    return int(encounter.character(character).sheet.skills.get(TEAMWORK, 0))


def attacks_target(action: ActionInProgress, target: str) -> bool:
    """Whether an action in progress attacks ``target`` (its target, or one of a sweep's)."""
    return not action.definition.is_passive and target in sweep_targets(action.intent)


def combining(encounter: Encounter, actor: str, target: str) -> list[str]:
    """G-82: ``actor`` and the members of its side with Teamwork whose action in progress
    attacks ``target`` — the group combining attacks on it, by id."""
    side = encounter.state[actor].side
    return [
        s.character_id
        for s in sorted(encounter.state, key=lambda s: s.character_id)
        if s.side == side
        and s.in_action
        and teamwork_level(encounter, s.character_id) > 0
        and (s.character_id == actor or any(attacks_target(a, target) for a in s.actions))
    ]


def pool_share(level: int, group: Sequence[str], member: str) -> int:
    """G-82: the group's pool of ``level`` drawn in equal shares, the remainder one point each
    to the first members by id (seed: what one draws "is also unavailable to the rest")."""
    shares = split_evenly(level, len(group))
    return shares[list(group).index(member)]


def agility_raise(encounter: Encounter, actor: str, level: int) -> int:
    """Seed "Teamwork": "the group's Teamwork level is added to each member's agility": the
    change in twice Agility on the Sphere chart (the Combat Roll, §5), as a change to Q."""
    agility = encounter.character(actor).sheet.abilities.agility
    chart = encounter.charts.action
    return int(chart.sphere(2 * (agility + level))) - int(chart.sphere(2 * agility))


def teamwork_modifiers(encounter: Encounter, actor: str, intent: Intent) -> list[Modifier]:
    """Seed "Teamwork" when combining attacks (G-82 ``shares``): a Teamwork member attacking a
    target another member's action in progress attacks adds the group's level (the lowest of
    its members', seed) to its Agility (a ``"quality"`` modifier: the raised Combat Roll) and
    draws its share of the level as Bonus Pool."""
    if encounter.defaults.G82_teamwork != "shares" or intent.target is None:
        return []
    group = combining(encounter, actor, intent.target)
    if actor not in group or len(group) < 2:
        return []
    level = min(teamwork_level(encounter, member) for member in group)
    found = [Modifier(pool_share(level, group, actor), TEAMWORK, "G-82: share of the pool")]
    raised = agility_raise(encounter, actor, level)
    if raised:
        found.append(Modifier(raised, TEAMWORK, "G-82: level added to Agility", "quality"))
    return [modifier for modifier in found if modifier.amount]


# --- splitting Attack and damage ----------------------------------------------------------------


def split_evenly(total: int, parts: int) -> list[int]:
    """``total`` in ``parts`` equal shares, the remainder one each to the first ones."""
    share, left = divmod(total, parts)
    return [share + (1 if index < left else 0) for index in range(parts)]


def split_attack(
    encounter: Encounter, actor: str, targets: Sequence[str], attack: int
) -> tuple[int, ...]:
    """Seed: "The player must apply Attack separately for each opponent": the mind's optional
    ``split_attack(encounter, actor, targets, attack)``, else an even split."""
    ask = getattr(encounter.minds[actor], "split_attack", None)
    if ask is None:
        return tuple(split_evenly(attack, len(targets)))
    shares = tuple(int(share) for share in ask(encounter, actor, tuple(targets), attack))
    if len(shares) != len(targets) or min(shares) < 0 or sum(shares) > attack:
        raise ValueError(f"{actor}'s policy split {attack} Attack as {shares} for {targets}")
    return shares


def fork_blast(
    encounter: Encounter,
    blow: Blow,
    attacks: Mapping[str, int],
    shares: Sequence[int] | None = None,
) -> list[Event]:
    """A forked blast (seed "Fire Coat"): ``blow.raw`` divided among the targets of
    ``attacks`` (``shares``, else evenly, the remainder to the first), each hit by its own
    Attack against its Defense (§6: ties hit), each share through ``strike`` (§7)."""
    targets = list(attacks)
    parts = list(shares) if shares is not None else split_evenly(blow.raw, len(targets))
    if len(parts) != len(targets) or min(parts) < 0 or sum(parts) > blow.raw:
        raise ValueError(f"cannot fork {blow.raw} damage as {parts} among {targets}")
    events: list[Event] = []
    for target, raw in zip(targets, parts, strict=True):
        piece = dataclasses.replace(blow, raw=raw, penetration=min(blow.penetration, raw))
        events += blow_at(encounter, blow.source, target, attacks[target], piece)
    return events


def blow_at(encounter: Encounter, source: str, target: str, attack: int, blow: Blow) -> list[Event]:
    """One Attack against ``target``'s Defense; what hits goes through ``strike``."""
    defense = encounter.state[target].defense
    hit = attack >= defense  # §6: ties hit
    events: list[Event] = [AttackResolved(encounter.now, source, target, attack, defense, hit)]
    return events + strike(encounter, target, blow) if hit else events


# --- the sweep (seed "Combat Roll"; G-81) -------------------------------------------------------


def sweep_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """A sweep needs distinct targets, its intent's target first, each one an enemy in action
    within reach (the case-by-case call of G-81; G-172 for weapons)."""
    targets = sweep_targets(intent)
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
    """One Combat Roll (§5), its Attack split per target, one Hand Damage charge per blow
    paid now (``together``) or blow by blow (``successive``)."""
    targets = sweep_targets(intent)
    weapon = sweep_weapon(intent)
    if weapon is None:
        roll = combat_roll(encounter, actor, intent)
    else:
        roll = combat_roll(encounter, actor, intent, improves=weapon.skill)
    allocation = spend_quality(encounter, actor, intent, roll.quality)
    blow = prepare_blow(encounter, actor, roll.quality, allocation)
    if roll.succeeded:
        attacks = split_attack(encounter, actor, targets, int(blow["attack"]))
    else:  # G-81: a failure's Attack share goes against each target
        attacks = tuple(int(blow["attack"]) for _ in targets)
    blows_now = len(targets) if encounter.defaults.G81_sweep_blows == "together" else 1
    hand = tuple(blow_charge(weapon) for _ in range(blows_now))
    allocated = dataclasses.replace(
        allocation_event(encounter, actor, allocation), action=SWEEP.name
    )
    time = SWEEP.performance_time if weapon is None else weapon.performance_time
    return Initiation(
        performance_time=reduced_performance_time(time, allocation.speed, encounter.defaults),
        events=(roll_event(encounter, actor, roll), allocated),
        charges=(Charge(SWEEP.ep_row - allocation.ep, "combat roll"), *hand),
        prepared={
            **blow,
            "attack": attacks[0],
            "attacks": attacks,
            TARGETS_OPTION: targets,
            "withheld": 0,
            "quality": roll.quality,
            WEAPON_OPTION: None if weapon is None else weapon.name,
        },
    )


def sweep_resolution(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """G-15: the Defense bought takes effect; then the first blow, or all (``together``)."""
    together = encounter.defaults.G81_sweep_blows == "together"
    landing = len(action.prepared[TARGETS_OPTION]) if together else 1
    return [new_defense(encounter, actor, action), *land_blows(encounter, actor, action, landing)]


def land_blows(
    encounter: Encounter, actor: str, action: ActionInProgress, landing: int
) -> list[Event]:
    """The next ``landing`` blows; those still to come are logged as :class:`SweepBlowsLeft`."""
    targets: tuple[str, ...] = action.prepared[TARGETS_OPTION]
    attacks: tuple[int, ...] = action.prepared["attacks"]
    events: list[Event] = []
    for target, attack in zip(targets[:landing], attacks[:landing], strict=True):
        events += sweep_blow(encounter, actor, target, attack, action)
    if landing >= len(targets):
        return events
    damage = int(action.prepared["damage"])
    weapon = action.prepared.get(WEAPON_OPTION)
    left = SweepBlowsLeft(
        encounter.now, actor, targets[landing:], attacks[landing:], damage, weapon
    )
    return [*events, left]


def sweep_blow(
    encounter: Encounter, actor: str, target: str, attack: int, action: ActionInProgress
) -> list[Event]:
    """One blow of a sweep (Hand Damage, or the weapon's damage, and the damage change, §7.1;
    G-172); a target already out of action is passed over."""
    if not encounter.state[target].in_action:
        return []
    name = action.prepared.get(WEAPON_OPTION)
    if name is None:
        blow = Blow(raw=blow_damage(encounter, actor, action), source=actor)
        return blow_at(encounter, actor, target, attack, blow)
    weapon = standard_weapons()[str(name)]
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
    swept = Intent(SWEEP.name, options={WEAPON_OPTION: pending.weapon} if pending.weapon else {})
    return reach_refusals(encounter, actor, pending.targets[0], sweep_reach(swept))


def sweep_blow_initiation(encounter: Encounter, actor: str) -> Initiation:
    """G-81: no roll; one segment; Hand Damage's row 7 (a weapon's row, G-172) for the blow."""
    pending = pending_blows(encounter, actor)
    assert pending is not None  # refused otherwise
    weapon = None if pending.weapon is None else standard_weapons()[pending.weapon]
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


# --- the hooks ----------------------------------------------------------------------------------


@hookimpl
def mands_register_actions(register: Register) -> None:
    for action in (SWEEP, SWEEP_BLOW):
        register(action.name, action, summary=action.summary, source="rules text")


@hookimpl
@answers_actions(SWEEP.name, SWEEP_BLOW.name)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    if intent.action == SWEEP.name:
        return sweep_refusals(encounter, actor, intent)
    if intent.action == SWEEP_BLOW.name:
        return sweep_blow_refusals(encounter, actor, intent)
    return []


@hookimpl
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    """Extra opponents (G-80), Teamwork (G-82), and a sweep's range and sight modifiers (as a
    punch's or a weapon's, ``mands_rulebook.range``; G-172)."""
    if purpose != "combat" or intent.target is None:
        return []
    found = [m for m in [opponents_modifier(encounter, actor, intent)] if m is not None]
    if intent.action == SWEEP.name:
        found += sweep_range_and_sight(encounter, actor, intent, sweep_targets(intent))
    return found + teamwork_modifiers(encounter, actor, intent)


@hookimpl(trylast=True)
@answers_actions(SWEEP.name, SWEEP_BLOW.name)
def mands_action_initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation | None:
    if definition.name == SWEEP.name:
        return sweep_initiation(encounter, actor, intent)
    if definition.name == SWEEP_BLOW.name:
        return sweep_blow_initiation(encounter, actor)
    return None


@hookimpl(trylast=True)
@answers_actions(SWEEP.name, SWEEP_BLOW.name)
def mands_action_resolve(
    encounter: Encounter, actor: str, action: ActionInProgress
) -> list[Event] | None:
    if action.name == SWEEP.name:
        return sweep_resolution(encounter, actor, action)
    if action.name == SWEEP_BLOW.name:
        return land_blows(encounter, actor, action, 1)
    return None


# --- the "sweeper" policy -----------------------------------------------------------------------


class Sweeper:
    """Follow a sweep through; sweep the enemies in contact (up to ``max_targets``, option,
    default 3) when there are two or more, with the weapon held ready if it is not a thrown one
    (G-172); punch one alone; close in otherwise (as ``nearest-enemy``). Quality: Attack to
    meet every target's Defense, 3 Q speed, the rest damage; the Attack is split so each target
    gets its Defense. Not rules text."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.max_targets = int(options.get("max_targets", 3))

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        pending = pending_blows(encounter, actor)
        if pending is not None:
            follow = Intent(SWEEP_BLOW.name, target=pending.targets[0], reason="sweep on")
            if allowed(encounter, actor, follow):
                return follow
        near = sorted(engaged_enemies(encounter, actor))[: self.max_targets]
        if len(near) >= 2:
            options: dict[str, Any] = {TARGETS_OPTION: near, **held_weapon(encounter, actor)}
            sweep = Intent(SWEEP.name, near[0], "sweep the enemies in reach", options)
            if allowed(encounter, actor, sweep):
                return sweep
        return NearestEnemy({}).choose(encounter, actor)

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        if intent.action != SWEEP.name:
            return preset(encounter, intent, quality)
        needed = sum(max(0, encounter.state[t].defense) for t in sweep_targets(intent))
        attack = min(quality, needed)
        speed = SPEED_STEP if quality - attack >= SPEED_STEP else 0
        return QualityAllocation(attack=attack, speed=speed, damage=quality - attack - speed)

    def split_attack(
        self, encounter: Encounter, actor: str, targets: tuple[str, ...], attack: int
    ) -> list[int]:
        """Each target its Defense, in order, while the Attack lasts; the rest evenly."""
        shares = []
        for target in targets:
            share = min(attack, max(0, encounter.state[target].defense))
            shares.append(share)
            attack -= share
        spread = split_evenly(attack, len(targets))
        return [share + extra for share, extra in zip(shares, spread, strict=True)]


@hookimpl
def mands_register_policies(register: Register) -> None:
    register(
        "sweeper",
        Sweeper,
        summary="Sweep the enemies in reach (option max_targets, default 3) and follow the "
        "sweep through; punch one alone; close in otherwise.",
        source="template, not rules text",
    )
