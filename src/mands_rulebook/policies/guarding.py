"""The defender's tactics: guarding a ward (``mands_rulebook.policies.personalities``'s
``defender``).
Not rules text: a simulator's stand-in for a player or the Editor.

``defend`` attacks the nearest threat to the ward (an enemy aiming an action at it or within
its reach, G-65), ``guard`` runs back to the ward, ``stand-guard`` waits beside it a Combat Turn
at a time — but not once every enemy has stood idle for a round: nobody is coming, and waiting
would be forever. Helpers only; ``mands_rulebook.policies.personalities`` registers the tactics.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from mands_rulebook.kit.crowding import in_contact
from mands_rulebook.kit.positions import distance_now
from mands_rulebook.kit.weapons.attacking import WEAPON_ATTACK
from mands_rulebook.kit.weapons.ready import weapon_readied
from mands_rulebook.kit.weapons.table import WEAPON_OPTION
from mands_rulebook.policies.closing_in import close_in
from mands_rulebook.policies.objective_play import threatens
from mands_sim.actions import Intent, Wait
from mands_sim.events import ActionStarted
from mands_sim.kernel.contracts import fighting
from mands_sim.kernel.encounter import Encounter
from mands_sim.objectives import objective_wards
from mands_sim.policy.priority import Decision
from mands_sim.policy.view import allowed
from mands_sim.units import SEGMENTS_PER_ROUND

WARD: Final = "ward"
"""The defender's option naming the ally it guards."""

STAND_GUARD: Final = 10
"""Segments a defender beside its ward waits before it looks again: one Combat Turn (seed
"Simpler Combat"), a simulator choice."""


def ward_of(encounter: Encounter, actor: str, options: Mapping[str, Any]) -> str | None:
    """The ally to guard: ``options.ward`` while it is in action, else (no ``ward`` given) the
    first objective ward of its side (G-237: a performer, a protected character), else the
    ally in action with the fewest VP and DP at full (the encounter's tie-break order on ties,
    G-227)."""
    me = encounter.state[actor]
    named = options.get(WARD)
    if named is not None:
        ward = encounter.state[str(named)] if str(named) in encounter.state.ids() else None
        return str(named) if ward is not None and ward.in_action and ward.side == me.side else None
    wards = objective_wards(encounter, actor)
    if wards:
        return wards[0]
    allies = [s for s in encounter.state if s.side == me.side and s.character_id != actor]
    standing = [s for s in allies if s.in_action]
    if not standing:
        return None
    fragile = min(
        standing,
        key=lambda s: (
            full_vitality(encounter.figured(s.character_id)),
            encounter.rank(s.character_id),
        ),
    )
    return fragile.character_id


def full_vitality(figured: Any) -> int:
    """VP and Body DP at full."""
    return int(figured.virtual_damage_points) + int(figured.damage_points.body)


def threats_to(encounter: Encounter, ward: str) -> list[str]:
    """Enemies of ``ward`` in action whose action in progress is aimed at it, or who stand
    within its reach (G-65), nearest to it first (then in the tie-break order, G-227)."""
    side = encounter.state[ward].side
    found = [
        s.character_id
        for s in encounter.state
        if s.side != side and fighting(encounter, s) and threatens(encounter, s.character_id, ward)
    ]
    return sorted(found, key=lambda who: (distance_now(encounter, ward, who), encounter.rank(who)))


def strike_at(encounter: Encounter, actor: str, target: str) -> Intent | None:
    """An attack on ``target`` the rules allow now: the weapon held ready, else fists."""
    readied = weapon_readied(encounter, actor)
    blows = [Intent("fist-attack", target=target)]
    if readied is not None:
        blows.insert(0, Intent(WEAPON_ATTACK.name, target, options={WEAPON_OPTION: readied}))
    return next((blow for blow in blows if allowed(encounter, actor, blow)), None)


def defend(
    encounter: Encounter, actor: str, target: str | None, options: Mapping[str, Any]
) -> Decision:
    """Attack the nearest threat to the ward (``options.ward``) within reach of a blow or the
    weapon held ready; else close in on the nearest threat; nothing without a threat."""
    ward = ward_of(encounter, actor, options)
    threats = [] if ward is None else threats_to(encounter, ward)
    for threat in threats:
        blow = strike_at(encounter, actor, threat)
        if blow is not None:
            return blow
    return close_in(encounter, actor, threats[0]) if threats else None


def guard(
    encounter: Encounter, actor: str, target: str | None, options: Mapping[str, Any]
) -> Decision:
    """Run back to the ward when away from it (not within reach); nothing when beside it."""
    ward = ward_of(encounter, actor, options)
    if ward is None or in_contact(encounter, actor, ward):
        return None
    return close_in(encounter, actor, ward)


def stand_guard(
    encounter: Encounter, actor: str, target: str | None, options: Mapping[str, Any]
) -> Decision:
    """Beside a ward in action with nothing to do: look again next Combat Turn, unless nobody
    is coming (:func:`nobody_coming`): waiting would then be forever, so nothing (the fallback
    closes in)."""
    if ward_of(encounter, actor, options) is None or nobody_coming(encounter, actor):
        return None
    return Wait(encounter.now + STAND_GUARD, "standing guard")


def nobody_coming(encounter: Encounter, actor: str) -> bool:
    """Whether every enemy of ``actor`` fighting (G-235) has stood idle for the last round (50
    segments, ``docs/rules/combat.md`` §1): no action in progress, and none started in it."""
    since = encounter.now - SEGMENTS_PER_ROUND
    side = encounter.state[actor].side
    enemies = {s.character_id for s in encounter.state if s.side != side and fighting(encounter, s)}
    if since < 0 or any(encounter.state[who].actions for who in enemies):
        return False
    return not any(started_since(encounter, who, since) for who in enemies)


def started_since(encounter: Encounter, who: str, since: int) -> bool:
    """Whether ``who`` started an action after segment ``since`` (the log read backwards)."""
    for event in reversed(encounter.log):
        if event.segment <= since:
            return False
        if isinstance(event, ActionStarted) and event.character == who:
            return True
    return False
