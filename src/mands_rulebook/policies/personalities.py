"""Priority lists and named personalities (``docs/policies.md``). Not rules text: a simulator's
stand-in for a player or the Editor.

Registers the policies

* ``priority`` — the scenario's own ordered rules (``policy_options.rules``, see
  :mod:`mands_sim.policy.priority`), with a Quality preset and a fallback;
* ``coward`` — fights like ``nearest-enemy`` until its Body DP fall to ``flee_at`` (a number,
  or a share of full DP such as ``"50%"``; default ``"50%"``), then runs for the nearest exit and
  leaves the encounter there (out of action as ``fled``);
* ``brute`` — draws a weapon while nobody is in reach, then attacks the strongest enemy (most VP
  and DP left) with it or with fists, closing in on it; every Q it can spare goes on damage;
* ``skirmisher`` — draws a ranged weapon, shoots the nearest enemy, and runs to open the
  distance whenever an enemy comes closer than ``keep`` meters (default 5); it may start running
  during its own attack (``passive_actions``) and spends spare Q on speed;
* ``defender`` — guards an ally (``ward``, default an objective ward of its side, G-237, else
  the ally with the fewest VP and DP at full):
  attacks whoever threatens the ward (aims an action at it or stands within its reach), runs
  back to the ward when away from it, and otherwise attacks only enemies within its own reach;
  spare Q goes on Defense. With the ward out of action, or when every enemy has stood idle for
  a round (no action in progress or started: nobody is coming), it fights as ``nearest-enemy``.

The coward yields (``surrender``, ``mands_rulebook.combat.surrender``, G-160) when it reaches its
threshold and no exit can be reached. Below zero EP every personality catches its breath before
its rules (``catch-breath``, G-232): it gives up when every enemy in action has more EP and as
many VP and DP left, and rests a round when no enemy presses it
(``mands_rulebook.policies.presets.catch_breath``). A scenario's own ``priority`` list may use the
``catch-breath`` tactic as one of its rules.

Each personality is a priority list written in the rule language, so they double as examples. The
tactics below add ways to act that are more than one registered action: ``flee``, ``close-in``,
``open-distance``, ``draw``, ``catch-breath``, and the defender's ``defend``, ``guard`` and
``stand-guard`` (:mod:`mands_rulebook.policies.guarding`). The view these policies see follows
runners (:func:`~mands_rulebook.kit.positions.position_now`), measures a flyer from where its flight
has got to and sees it as the range rules do (G-67, G-290), counts characters within reach (G-65) as
in contact, and gives the Range Bands of the weapon held ready (G-42, G-20).

It also logs why: when a character whose mind can explain itself (the optional mind method
``explain(encounter, actor, intent) -> Explanation | None``) starts an action, a
:class:`~mands_sim.events.DecisionExplained` event goes first among the action's events.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Final

from mands_rulebook.combat.surrender import SURRENDER
from mands_rulebook.kit.crowding import in_contact
from mands_rulebook.kit.movement.pace import FLEE, MOVE, REROLL_MOVE, TOWARD
from mands_rulebook.kit.positions import distance_now, position_now, running_pace
from mands_rulebook.kit.range import in_sight
from mands_rulebook.kit.weapons.attacking import WEAPON_ATTACK
from mands_rulebook.kit.weapons.drawing import DRAW_WEAPON
from mands_rulebook.kit.weapons.ready import weapon_readied
from mands_rulebook.kit.weapons.table import WEAPON_OPTION, carried, standard_weapons
from mands_rulebook.policies.closing_in import close_in, nearest_exit
from mands_rulebook.policies.comics_code import offers_code
from mands_rulebook.policies.guarding import WARD, defend, guard, stand_guard
from mands_rulebook.policies.presets import NearestEnemy, catch_breath
from mands_sim.actions import ActionOption, Intent, Wait
from mands_sim.api import hookimpl
from mands_sim.kernel.contracts import Initiation
from mands_sim.kernel.encounter import Encounter
from mands_sim.policy.errors import ExpressionError, PolicyOptionsError
from mands_sim.policy.explain import Explanation, explained_event
from mands_sim.policy.expressions import parse_condition
from mands_sim.policy.priority import (
    Decision,
    PriorityPolicy,
    Tactic,
    check_option_keys,
    preset,
    priority_policy,
    rules_from_options,
)
from mands_sim.policy.view import RangeBands, Senses, allowed
from mands_sim.registry import Register, Source
from mands_sim.world import Position, World

DEFAULT_KEEP: Final = 5.0
"""Meters the skirmisher keeps between itself and the nearest enemy (a personality choice)."""

DEFAULT_FLEE_AT: Final = "50%"
"""The coward's Body DP threshold: half its full Body DP (a personality choice)."""

# -- how these policies perceive the encounter ----------------------------------------------------


def weapon_reach(encounter: Encounter, actor: str) -> RangeBands | None:
    """The Range Bands of the weapon ``actor`` holds ready (G-42); ``None``: fists or melee."""
    readied = weapon_readied(encounter, actor)
    weapon = standard_weapons().get(readied) if readied else None
    if weapon is None or weapon.ranges is None:
        return None
    ranges = weapon.ranges
    return RangeBands(ranges.short_range, ranges.range_set, ranges.max_range)


def motion(encounter: Encounter, who: str) -> tuple[bool, bool]:
    """Whether ``who`` is running (a run not yet arrived), and whether flying (G-67)."""
    pace = running_pace(encounter, who)
    return pace is not None, bool(pace is not None and pace.fly)


def option_sets(encounter: Encounter, actor: str, action: str) -> list[Mapping[str, Any]]:
    """Options to try when listing ``move`` (each landmark one way away, G-248: from a landmark
    its ways out, else the landmarks either side) and ``draw-weapon`` (each weapon carried) as
    available actions."""
    world, here = encounter.world, position_now(encounter, actor)
    if action == MOVE.name and world is not None and here is not None:
        return [{TOWARD: place} for place in moves_from(world, here)]
    if action == DRAW_WEAPON.name:
        return [{WEAPON_OPTION: name} for name in carried_weapons(encounter, actor)]
    return []


def moves_from(world: World, here: Position) -> tuple[str, ...]:
    """The landmarks one way from ``here`` (G-248)."""
    if here.at_place and world.is_landmark(here.place):
        return world.ways_out(here.place)
    (back, _), (ahead, _) = world.landmark_ends(here)
    return tuple(dict.fromkeys((back, ahead)))


RULEBOOK_SENSES: Final = Senses(
    locate=position_now,
    touching=in_contact,
    measure=distance_now,
    sees=in_sight,
    reach=weapon_reach,
    motion=motion,
    option_sets=option_sets,
    readied=weapon_readied,
)


def carried_weapons(encounter: Encounter, actor: str, reach: str | None = None) -> list[str]:
    """The weapons of the table ``actor`` still carries, in sheet order (``reach``: only
    ``"melee"``, or only weapons with ranges for ``"ranged"``)."""
    table = standard_weapons()
    names = dict.fromkeys(w for w in encounter.character(actor).sheet.equipment if w in table)
    wanted = [n for n in names if carried(encounter, actor, n) > 0]
    if reach == "ranged":
        return [n for n in wanted if table[n].ranges is not None]
    if reach == "melee":
        return [n for n in wanted if table[n].melee]
    return wanted


# -- tactics ----------------------------------------------------------------------------------


def flee(
    encounter: Encounter, actor: str, target: str | None, options: Mapping[str, Any]
) -> Decision:
    """Run for ``options.exit`` (default: the nearest exit) and leave there (``leave``, default
    true); turn a run already under way toward it. Under way already: keep running."""
    world, here = encounter.world, position_now(encounter, actor)
    if world is None or here is None:
        return None
    goal = options.get("exit") or nearest_exit(world, here)
    if goal not in world.places or here == Position(str(goal)):
        return None
    leave = bool(options.get("leave", True))
    pace = running_pace(encounter, actor)
    if pace is None:
        return Intent(MOVE.name, options={TOWARD: goal, FLEE: leave})
    if pace.destination == goal and pace.flee == leave:
        return Wait(max(encounter.now + 1, pace.arrival(world)), f"fleeing to {goal}")
    turn = Intent(REROLL_MOVE.name, options={TOWARD: goal, FLEE: leave})
    if allowed(encounter, actor, turn):
        return turn
    next_roll = pace.since + MOVE.performance_time  # G-65: one Move Roll per 6 segments
    return Wait(next_roll, f"turning for {goal} next") if next_roll > encounter.now else None


def close(
    encounter: Encounter, actor: str, target: str | None, options: Mapping[str, Any]
) -> Decision:
    """Close in on ``target`` as ``nearest-enemy`` does; nothing to do once in contact."""
    if target is None or in_contact(encounter, actor, target):
        return None
    return close_in(encounter, actor, target)


def open_distance(
    encounter: Encounter, actor: str, target: str | None, options: Mapping[str, Any]
) -> Decision:
    """Run to the place farthest from ``target`` that ``actor`` is nearer to than ``target``
    is; nothing to do when already running to a place farther from it than ``actor`` is now."""
    world = encounter.world
    here = position_now(encounter, actor)
    there = None if target is None else position_now(encounter, target)
    if world is None or here is None or there is None:
        return None
    apart = float(world.position_distance(here, there))
    pace = running_pace(encounter, actor)
    if pace is not None and float(world.distance_to(there, pace.destination)) > apart:
        return None
    goal = refuge(world, here, there, apart)
    if goal is None:
        return None
    name = MOVE.name if pace is None else REROLL_MOVE.name
    return Intent(name, options={TOWARD: goal})


def refuge(world: World, here: Position, there: Position, apart: float) -> str | None:
    """The place farthest from ``there`` (first in map order on a tie) among those farther from
    it than ``apart`` and nearer to ``here`` than to ``there``."""
    best: tuple[float, str] | None = None
    for place in world.places:
        mine, theirs = float(world.distance_to(here, place)), float(world.distance_to(there, place))
        if math.isinf(mine) or mine == 0 or theirs <= max(apart, mine):
            continue
        if best is None or theirs > best[0]:
            best = (theirs, place)
    return None if best is None else best[1]


def draw(
    encounter: Encounter, actor: str, target: str | None, options: Mapping[str, Any]
) -> Decision:
    """Draw ``options.weapon``, or else (empty-handed only) the first weapon carried, of
    ``options.reach`` (``"ranged"`` / ``"melee"``) if given."""
    readied = weapon_readied(encounter, actor)
    wanted = options.get(WEAPON_OPTION)
    if wanted is None and readied is not None:
        return None
    reach = options.get("reach")
    names = [str(wanted)] if wanted else carried_weapons(encounter, actor, reach)
    for name in names:
        intent = Intent(DRAW_WEAPON.name, options={WEAPON_OPTION: name})
        if name != readied and allowed(encounter, actor, intent):
            return intent
    return None


def breathe(
    encounter: Encounter, actor: str, target: str | None, options: Mapping[str, Any]
) -> Decision:
    """Below zero EP: give up when every enemy has more EP and as many VP and DP left, rest
    when nobody presses (G-232); nothing otherwise."""
    return catch_breath(encounter, actor)


CATCH_BREATH: Final = "catch-breath"
"""What every personality asks before its rules (G-232)."""


WARD_OPTIONS: Final = (ActionOption(WARD, "character", "the ally to guard"),)

TACTICS: Final[Mapping[str, Tactic]] = {
    "flee": Tactic(
        "flee",
        flee,
        needs_target=False,
        summary="run for an exit and leave",
        options=(
            ActionOption("exit", "exit", "the exit to run for (default: the nearest)"),
            ActionOption("leave", "flag", "leave the encounter there (default: true)"),
        ),
    ),
    "close-in": Tactic("close-in", close, summary="run to meet the target", options=()),
    "open-distance": Tactic(
        "open-distance", open_distance, summary="run away from the target", options=()
    ),
    "draw": Tactic(
        "draw",
        draw,
        needs_target=False,
        summary="draw a weapon carried",
        options=(
            ActionOption(WEAPON_OPTION, "text", "the weapon to draw"),
            ActionOption("reach", "text", '"ranged" or "melee"'),
        ),
    ),
    CATCH_BREATH: Tactic(
        CATCH_BREATH,
        breathe,
        needs_target=False,
        summary="below zero EP: give up or rest",
        options=(),
    ),
    "defend": Tactic(
        "defend",
        defend,
        needs_target=False,
        summary="attack a threat to the ward",
        options=WARD_OPTIONS,
    ),
    "guard": Tactic(
        "guard", guard, needs_target=False, summary="run back to the ward", options=WARD_OPTIONS
    ),
    "stand-guard": Tactic(
        "stand-guard",
        stand_guard,
        needs_target=False,
        summary="wait beside the ward",
        options=WARD_OPTIONS,
    ),
}


def nearest_enemy(encounter: Encounter, actor: str) -> Decision:
    """The ``nearest-enemy`` fallback: close in on the nearest enemy and punch it."""
    return NearestEnemy({}).choose(encounter, actor)


FALLBACKS: Final = {"nearest-enemy": nearest_enemy}


# -- the policies ----------------------------------------------------------------------------


@offers_code()
def priority(options: Mapping[str, Any]) -> PriorityPolicy:
    """The scenario's own priority list (``policy_options``: ``rules``, ``quality``,
    ``fallback``, ``passive_actions``; and, as every personality here, ``comics_code``)."""
    return priority_policy(options, senses=RULEBOOK_SENSES, tactics=TACTICS, fallbacks=FALLBACKS)


def personality(
    name: str,
    rules: list[dict[str, Any]],
    *,
    quality: str,
    passive_actions: bool = False,
) -> PriorityPolicy:
    """A personality: ``catch-breath`` first (G-232), then a built-in priority list; it falls
    back on ``nearest-enemy``."""
    return PriorityPolicy(
        rules_from_options(rules),
        name=name,
        quality=quality,
        senses=RULEBOOK_SENSES,
        tactics=TACTICS,
        fallback=nearest_enemy,
        fallback_name="nearest-enemy",
        passive_actions=passive_actions,
        strict=False,
        first=catch_breath,
        first_name=CATCH_BREATH,
    )


@offers_code()
def coward(options: Mapping[str, Any]) -> PriorityPolicy:
    """Flee to the nearest exit once Body DP ≤ ``flee_at`` (with no exit in reach, surrender,
    G-160); fight as ``nearest-enemy`` until then. Options: ``flee_at`` (DP, or ``"NN%"`` of
    full Body DP), ``quality``."""
    check_option_keys(options, ("flee_at", "quality"))
    when = f"self.dp <= {threshold(options.get('flee_at', DEFAULT_FLEE_AT))}"
    rules = [{"when": when, "do": "flee"}, {"when": when, "do": SURRENDER.name}]
    return personality("coward", rules, quality=preset(options.get("quality", "defensive")))


def threshold(raw: object) -> str:
    """``flee_at`` as it goes into the condition: a number of DP ≥ 0, or a percentage."""
    if isinstance(raw, bool) or not isinstance(raw, int | float | str):
        raise PolicyOptionsError("flee_at", 'a number of DP or a share such as "50%"')
    text = str(raw).strip()
    try:
        parse_condition(f"self.dp <= {text}")
    except ExpressionError:
        raise PolicyOptionsError("flee_at", 'a number of DP or a share such as "50%"') from None
    return text


@offers_code()
def brute(options: Mapping[str, Any]) -> PriorityPolicy:
    """All-out attacks on the strongest enemy; draws a weapon while nobody is in reach.
    Options: ``quality`` (default ``all-out``)."""
    check_option_keys(options, ("quality",))
    rules: list[dict[str, Any]] = [
        {"when": 'self.readied == "" and enemies.in_contact == 0', "do": "draw"},
        {"do": "weapon-attack", "target": "strongest"},
        {"do": "fist-attack", "target": "strongest"},
        {"do": "close-in", "target": "strongest"},
    ]
    return personality("brute", rules, quality=preset(options.get("quality", "all-out")))


@offers_code()
def skirmisher(options: Mapping[str, Any]) -> PriorityPolicy:
    """Shoot from a distance: draw a ranged weapon, open the distance when an enemy comes
    within ``keep`` meters, shoot the nearest, close in only while out of range. Options:
    ``keep`` (meters, default 5), ``quality`` (default ``fast``)."""
    check_option_keys(options, ("keep", "quality"))
    keep = options.get("keep", DEFAULT_KEEP)
    if isinstance(keep, bool) or not isinstance(keep, int | float) or not 0 <= keep < math.inf:
        raise PolicyOptionsError("keep", "meters, a number ≥ 0")
    rules: list[dict[str, Any]] = [
        {"when": 'self.readied == ""', "do": "draw", "options": {"reach": "ranged"}},
        {"when": f"target.distance < {float(keep):g}", "do": "open-distance"},
        {"do": "weapon-attack", "target": "nearest"},
        {"when": 'target.band == "beyond"', "do": "close-in", "target": "nearest"},
    ]
    quality = preset(options.get("quality", "fast"))
    return personality("skirmisher", rules, quality=quality, passive_actions=True)


@offers_code()
def defender(options: Mapping[str, Any]) -> PriorityPolicy:
    """Guard an ally: attack its threats, stay beside it, attack only enemies within reach.
    Options: ``ward`` (an ally's id; default the ally with the fewest VP and DP at full),
    ``quality`` (default ``defensive``)."""
    check_option_keys(options, (WARD, "quality"))
    ward = options.get(WARD)
    if ward is not None and not isinstance(ward, str):
        raise PolicyOptionsError(WARD, "the id of an ally")
    guarded = {} if ward is None else {WARD: ward}
    rules: list[dict[str, Any]] = [
        {"do": "defend", "options": guarded},
        {"do": "guard", "options": guarded},
        {"when": 'self.readied == "" and enemies.in_contact == 0', "do": "draw"},
        {"when": 'target.band != "beyond"', "do": WEAPON_ATTACK.name, "target": "nearest"},
        {"do": "fist-attack", "target": "nearest"},
        {"do": "stand-guard", "options": guarded},
    ]
    return personality("defender", rules, quality=preset(options.get("quality", "defensive")))


# -- explanations -----------------------------------------------------------------------------


def asked_explanation(encounter: Encounter, actor: str, intent: Intent) -> Explanation | None:
    """The mind's ``explain`` answer for ``intent`` (``None`` without the method)."""
    ask = getattr(encounter.minds.get(actor), "explain", None)
    if not callable(ask):
        return None
    why = ask(encounter, actor, intent)
    return why if isinstance(why, Explanation) else None


@hookimpl
def mands_initiation_adjust(
    encounter: Encounter, actor: str, intent: Intent, initiation: Initiation
) -> Initiation | None:
    """Put the mind's explanation of ``intent`` first among the action's events."""
    why = asked_explanation(encounter, actor, intent)
    if why is None:
        return None
    explained = explained_event(encounter.now, actor, intent, why)
    return replace(initiation, events=(explained, *initiation.events))


@hookimpl
def mands_register_policies(register: Register) -> None:
    source: Source = "template, not rules text"
    register(
        "priority",
        priority,
        summary="The scenario's ordered rules (policy_options.rules): first that holds and "
        "is allowed wins; Quality presets; falls back on nearest-enemy.",
        source=source,
    )
    register(
        "coward",
        coward,
        summary="Fights like nearest-enemy; at Body DP <= flee_at (default 50%) runs for the "
        "nearest exit and leaves.",
        source=source,
    )
    register(
        "brute",
        brute,
        summary="Draws while nobody is in reach, then all-out attacks on the strongest enemy.",
        source=source,
    )
    register(
        "skirmisher",
        skirmisher,
        summary="Shoots the nearest enemy with a ranged weapon; opens the distance when an "
        "enemy comes within keep meters (default 5).",
        source=source,
    )
    register(
        "defender",
        defender,
        summary="Guards an ally (ward): attacks its threats, stays beside it, attacks only "
        "enemies within reach; spare Q on Defense.",
        source=source,
    )
