"""Minimal policies so encounters run end to end. Not rules text: a simulator's stand-in for a
player or an Editor.

* ``nearest-enemy`` goes after an objective's performer first and punches threats to its
  side's objective wards in reach (G-237, :mod:`mands_rulebook.policies.objective_play`); otherwise
  it
  punches the nearest enemy still fighting (G-235) when it is in contact (within
  reach and room around it, :func:`mands_rulebook.kit.crowding.in_contact`; one whose ring of
  places is full of other enemies comes after every other, G-271), on ties the first in the
  encounter's tie-break order (G-227), and closes in otherwise (or waits, with no room):
  it runs (``move``) toward the place where it can meet the enemy along the map — the enemy's
  place, or for an enemy on the run the first place of its way it can reach first, else where
  it is going — re-rolling the run to turn when that place changes, and waits for an enemy
  already coming to it. Its Quality preset for a punch buys just enough Attack to meet the
  target's current Defense, then 3 Q of speed (halving the Performance Time,
  ``docs/rules/combat.md`` §5), and puts the rest into damage; a Move Roll's Q all goes to speed.
* ``run-for-exit`` runs for the nearest exit landmark by landmark along the way (a new run from
  each landmark it reaches, so it takes stock at every corner, junction or place with something
  there, but not at a place it only passes, G-248), fleeing through the exit (``leave``,
  default true) or staying there (``leave = false``, for a ``reach`` objective); it punches only
  enemies in contact once it has nowhere to run. Its Quality presets are ``nearest-enemy``'s.

Both ask the rules before they ask for an action (``Encounter.check_timing`` and the refusals),
so a refused action is never asked for.

Below zero EP ``nearest-enemy`` (and every preset built on it) first asks :func:`catch_breath`
(G-232, ``G232_spent_fighters``), before its objectives (G-237): it gives up (``surrender``) when
every enemy fighting (G-235) has more EP left, each counted before paying for the actions it has in
progress, and as many VP and DP left — the seed's Simpler Combat Example: "Sinister is at 32 EP.
Dexter is at 35 EP, or 3 below zero. He decides to give up" (both have 32 EP) — and rests a round
(``rest``) when no enemy presses it (none in contact, none aiming an action at it) or when it is
spent (G-231).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Literal

from mands_rulebook.combat.surrender import SURRENDER
from mands_rulebook.kit.crowding import in_contact
from mands_rulebook.kit.exhaustion import spent
from mands_rulebook.kit.movement.pace import FLEE, MOVE, REROLL_MOVE, TOWARD
from mands_rulebook.kit.positions import position_now, running_pace
from mands_rulebook.kit.rest import REST
from mands_rulebook.policies.closing_in import allowed, close_in, nearest_enemy, nearest_exit
from mands_rulebook.policies.comics_code import offers_code
from mands_rulebook.policies.objective_play import (
    guarding,
    objective_explanation,
    pursue,
    ward_threats,
)
from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.api import Register, defaults_summary, hookimpl, rule_default
from mands_sim.events import EndurancePaid
from mands_sim.kernel.contracts import fighting
from mands_sim.kernel.encounter import Encounter
from mands_sim.policy.explain import Explanation, reason_given


@dataclass(frozen=True, slots=True)
class PresetDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-232."""

    G232_spent_fighters: Literal["yield", "rest", "fight"] = rule_default(
        "G-232",
        "What the preset policies do below zero EP: rest a round when no enemy is in contact "
        "or aiming an action at them, and give up (surrender) when every enemy in action has "
        "more EP left, each counted before paying for its actions in progress (Dexter, 3 "
        "below zero against Sinister at 0, 'decides to give up') "
        "('yield'); only rest ('rest'); or fight on whatever their EP ('fight').",
        "yield",
        ("yield", "rest", "fight"),
    )


SPEED_STEP = 3
"""``docs/rules/combat.md`` §5: 3 Q halve the Performance Time."""


class NearestEnemy:
    """Punch the nearest enemy in reach; close in on it otherwise."""

    name = "nearest-enemy"

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        winded = catch_breath(encounter, actor)  # G-232: below zero EP, before anything else
        if winded is not None:
            return winded
        chase = pursue(encounter, actor, lambda t: punch_in_reach(encounter, actor, t), close_in)
        if chase is not None:  # G-237: an objective's performer first
            return chase
        for threat in ward_threats(encounter, actor):
            blow = punch_in_reach(encounter, actor, threat)
            if blow is not None:
                return guarding(encounter, actor, blow)
        target = nearest_enemy(encounter, actor)
        if target is None:
            return None
        if in_contact(encounter, actor, target):
            return punch(encounter, actor, target, f"{target} is the nearest enemy, in reach")
        run = close_in(encounter, actor, target)
        if isinstance(run, Intent):
            return replace(run, reason=f"{target} is the nearest enemy, out of reach: closing in")
        return run

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return preset(encounter, intent, quality)

    def explain(self, encounter: Encounter, actor: str, intent: Intent) -> Explanation | None:
        """A choice made for an objective (G-237) says so; any other gives the reason its
        intent carries (the nearest enemy, in reach or not)."""
        return objective_explanation(intent) or reason_given(self.name, intent)


class RunForExit:
    """Run for the nearest exit; fight only with nowhere left to run."""

    name = "run-for-exit"

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.leave = bool(options.get("leave", True))

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        world, here = encounter.world, position_now(encounter, actor)
        pace = running_pace(encounter, actor)
        if pace is not None:
            arrival = pace.arrival(encounter.need_world())
            return Wait(max(encounter.now + 1, arrival), "running for the exit")
        goal = None if world is None or here is None else nearest_exit(world, here)
        step = (
            None
            if world is None or goal is None or here is None
            else world.next_landmark(here, goal)
        )
        if step is not None:
            why = f"running for the exit {goal}" + (f" by way of {step}" if step != goal else "")
            run = Intent(MOVE.name, options={TOWARD: step, FLEE: self.leave}, reason=why)
            if allowed(encounter, actor, run):
                return run
        target = nearest_enemy(encounter, actor)
        if target is not None and in_contact(encounter, actor, target):
            return punch(encounter, actor, target, "no way to an exit; the nearest enemy in reach")
        return None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return preset(encounter, intent, quality)

    def explain(self, encounter: Encounter, actor: str, intent: Intent) -> Explanation | None:
        """The reason each intent carries (the way to the exit, or a cornered punch)."""
        return reason_given(self.name, intent)


class StandBy:
    """Do nothing: a bystander frozen where it stands, a hostage held (the default policy of a
    character with a non-combatant role, G-235)."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = dict(options)

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        return None

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        return preset(encounter, intent, quality)


def preset(encounter: Encounter, intent: Intent, quality: int) -> QualityAllocation:
    """A Move Roll's Q all to speed; a jump's all to height; a punch's as the module says."""
    if intent.action in (MOVE.name, REROLL_MOVE.name):
        return QualityAllocation(speed=quality)
    if intent.target is None:
        return QualityAllocation()
    defense = encounter.state[intent.target].defense
    attack = min(quality, max(0, defense))
    speed = SPEED_STEP if quality - attack >= SPEED_STEP else 0
    return QualityAllocation(attack=attack, speed=speed, damage=quality - attack - speed)


def punch(
    encounter: Encounter, actor: str, target: str, why: str = "the nearest enemy, in reach"
) -> Intent | Wait:
    """A fist attack (``why`` its reason), or a look again next segment if the rules refuse it
    now."""
    blow = Intent("fist-attack", target=target, reason=why)
    return blow if allowed(encounter, actor, blow) else Wait(encounter.now + 1, "not yet")


def catch_breath(encounter: Encounter, actor: str, *, yields: bool = True) -> Intent | None:
    """G-232: below zero EP, give up when worse off than every enemy (unless ``yields`` is
    false or the scenario says ``rest``), rest when nobody presses or when spent (G-231);
    ``None``: fight on."""
    mode = encounter.defaults.of(PresetDefaults).G232_spent_fighters
    me = encounter.state[actor]
    if mode == "fight" or me.endurance_points >= 0:
        return None
    if yields and mode == "yield" and worse_off(encounter, actor):
        give_up = Intent(SURRENDER.name, reason="below zero EP, every enemy has more (G-232)")
        if allowed(encounter, actor, give_up):
            return give_up
    if spent(encounter, actor) or not pressed(encounter, actor):
        rest = Intent(REST.name, reason="below zero EP: rest a round (G-232)")
        if allowed(encounter, actor, rest):
            return rest
    return None


def worse_off(encounter: Encounter, actor: str) -> bool:
    """Whether ``actor`` is its side's last fighter and every enemy in action has more EP left
    than it (as much, and before it in the encounter's drawn order, G-227), each counted before
    what it paid for the actions it has in progress (:func:`fresh_ep`), and at least as many VP
    and DP left (``health_left``: one a blow from out of action is not better off); never
    with no enemy in action. A fighter whose allies still stand rests instead: its side has not
    lost (the seed's Sinister gives up alone). Bystanders and hostages fight for nobody (G-235,
    ``fighting``)."""
    me = encounter.state[actor]
    if any(
        s.side == me.side and s.character_id != actor and fighting(encounter, s)
        for s in encounter.state
    ):
        return False
    mine = (fresh_ep(encounter, actor), -encounter.rank(actor))
    health = me.health_left
    enemies = [
        s.character_id for s in encounter.state if s.side != me.side and fighting(encounter, s)
    ]
    return bool(enemies) and all(
        (fresh_ep(encounter, who), -encounter.rank(who)) > mine
        and encounter.state[who].health_left >= health
        for who in enemies
    )


def fresh_ep(encounter: Encounter, who: str) -> Fraction:
    """``who``'s EP with what it paid for the actions it has in progress given back: one in the
    middle of a blow has paid for it, one deciding not yet for its next, and compared bare two
    fighters paying in turn would each find the other lower and slide to the floor together."""
    actions = {a.name: a.started_at for a in encounter.state[who].actions}
    since = min(actions.values(), default=encounter.now + 1)
    paid = Fraction(0)
    for event in reversed(encounter.log):
        if event.segment < since:
            break
        if isinstance(event, EndurancePaid) and event.character == who:
            started = actions.get(event.action)
            paid += event.amount if started is not None and event.segment >= started else 0
    return encounter.state[who].endurance_points + paid


def pressed(encounter: Encounter, actor: str) -> bool:
    """Whether an enemy fighting (G-235) is in contact with ``actor`` or aims an action at it."""
    side = encounter.state[actor].side
    return any(
        in_contact(encounter, actor, s.character_id)
        or any(a.intent.target == actor for a in s.actions)
        for s in encounter.state
        if s.side != side and fighting(encounter, s)
    )


def punch_in_reach(encounter: Encounter, actor: str, target: str) -> Intent | None:
    """A fist attack at ``target`` within reach that the rules allow now, else ``None``."""
    if not in_contact(encounter, actor, target):
        return None
    blow = Intent("fist-attack", target=target, reason="nearest enemy in reach")
    return blow if allowed(encounter, actor, blow) else None


@offers_code()
def nearest_enemy_policy(options: Mapping[str, Any]) -> NearestEnemy:
    """``nearest-enemy`` from its options (and ``comics_code``,
    ``mands_rulebook.policies.comics_code``)."""
    return NearestEnemy(options)


@hookimpl
def mands_register_policies(register: Register) -> None:
    register(
        "nearest-enemy",
        nearest_enemy_policy,
        summary="Punch the nearest enemy in reach, close in on it otherwise; Attack to meet "
        "Defense, 3 Q speed, rest damage; Move Q to speed.",
        source="template, not rules text",
    )
    register(
        "run-for-exit",
        RunForExit,
        summary="Run for the nearest exit (option leave: flee through it); fight only when "
        "cornered.",
        source="template, not rules text",
    )
    register(
        "stand-by",
        StandBy,
        summary="Do nothing (the default of bystanders and hostages).",
        source="template, not rules text",
    )


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "policies.presets",
        PresetDefaults,
        summary=defaults_summary(PresetDefaults),
        source="rules text",
    )
