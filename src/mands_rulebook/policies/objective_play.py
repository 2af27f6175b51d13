"""How the simple policies play the scenario's objectives (G-237). Not rules text: a simulator's
stand-in for players and an Editor who know what the fight is about.

``nearest-enemy``, ``armed`` and ``blaster`` (and the fallbacks built on ``nearest-enemy``)

* **go after an objective's performer**: the character whose objective would make their side
  lose and who is performing it now (:func:`mands_sim.objectives.objective_targets`: the
  safecracker at the vault lock) is grabbed when a Body Hold would stop its work (G-253,
  :func:`mands_rulebook.kit.pinning.pinning`: worth more than a blow, which stops it only by
  taking it out), else attacked whenever an attack on it is allowed; with neither allowed and
  no enemy within reach (G-65) to fight first, they run to meet it;
* **guard their own**: among the enemies they would attack anyway, those threatening an
  objective ward of their side (aiming an action at it, or within its reach) come first
  (:func:`guard_order`).

A choice made for an objective carries an ``objective: …`` reason, and these policies explain it
(:func:`objective_explanation`), so ``replay --explain`` says so. With G-237 ``ignore`` none of
this applies and the policies fight as before. Ties between characters go by the encounter's
tie order (G-227), never by ids.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from mands_rulebook.kit.crowding import in_contact
from mands_rulebook.kit.pinning import pinning
from mands_sim.actions import Intent, Wait
from mands_sim.kernel.contracts import fighting
from mands_sim.kernel.encounter import Encounter
from mands_sim.objectives import (
    for_objective,
    objective_reason,
    objective_targets,
    objective_wards,
    objectives_in_play,
    performing,
)
from mands_sim.policy.explain import Explanation

Strike = Callable[[str], Intent | None]
"""An attack at a target the rules allow now, or ``None``."""

Run = Callable[[Encounter, str, str], Intent | Wait | None]
"""A run to meet a target (``mands_rulebook.policies.closing_in.close_in``)."""


def performing_targets(encounter: Encounter, actor: str) -> list[str]:
    """Objective targets performing their objective now (G-237), in tie order."""
    specs = objectives_in_play(encounter)
    return [
        who
        for who in objective_targets(encounter, actor)
        if any(who in s.characters and performing(encounter.state[who], s) for s in specs)
    ]


def engaged(encounter: Encounter, actor: str) -> bool:
    """Whether an enemy fighting (G-235) stands within ``actor``'s reach (G-65)."""
    side = encounter.state[actor].side
    return any(
        state.side != side
        and fighting(encounter, state)
        and in_contact(encounter, actor, state.character_id)
        for state in encounter.state
    )


def pursue(encounter: Encounter, actor: str, strike: Strike, run: Run) -> Intent | Wait | None:
    """A grab that stops the first objective performer's work (G-253), or an attack on it, that
    one is allowed now; else, with no enemy in reach, a run to meet the first of them; ``None``
    with nobody performing."""
    targets = performing_targets(encounter, actor)
    for target in targets:
        blow = pinning(encounter, actor, target) or strike(target)
        if blow is not None:
            return for_the_objective(encounter, actor, blow, target)
    if not targets or engaged(encounter, actor):
        return None
    move = run(encounter, actor, targets[0])
    if isinstance(move, Intent):
        return for_the_objective(encounter, actor, move, targets[0])
    return move


def for_the_objective(encounter: Encounter, actor: str, intent: Intent, target: str) -> Intent:
    """``intent`` with its objective as its reason."""
    reason = objective_reason(encounter, actor, target)
    return intent if reason is None else replace(intent, reason=reason)


def ward_threats(encounter: Encounter, actor: str) -> list[str]:
    """Enemies fighting who aim an action at one of ``actor``'s objective wards or stand within
    its reach, in tie order."""
    wards = objective_wards(encounter, actor)
    if not wards:
        return []
    side = encounter.state[actor].side
    found = [
        state.character_id
        for state in encounter.state
        if state.side != side
        and fighting(encounter, state)
        and any(threatens(encounter, state.character_id, ward) for ward in wards)
    ]
    return sorted(found, key=encounter.rank)


def threatens(encounter: Encounter, enemy: str, ward: str) -> bool:
    """Whether ``enemy`` aims an action in progress at ``ward`` or stands within its reach
    (G-65)."""
    aimed = any(a.intent.target == ward for a in encounter.state[enemy].actions)
    return aimed or in_contact(encounter, ward, enemy)


def guard_order(encounter: Encounter, actor: str, enemies: Sequence[str]) -> list[str]:
    """``enemies`` with the threats to ``actor``'s objective wards first (otherwise in their
    order)."""
    threats = set(ward_threats(encounter, actor))
    return sorted(enemies, key=lambda enemy: enemy not in threats)


def guarding(encounter: Encounter, actor: str, intent: Intent) -> Intent:
    """``intent`` with an objective reason when its target threatens a ward of ``actor``'s."""
    target = intent.target
    if target is None or target not in ward_threats(encounter, actor):
        return intent
    return replace(intent, reason=f"objective: guard against {target}")


def objective_explanation(intent: Intent) -> Explanation | None:
    """An explanation for a choice made for an objective (``None`` for any other)."""
    return Explanation(intent.reason) if for_objective(intent.reason) else None


__all__ = [
    "engaged",
    "for_the_objective",
    "guard_order",
    "guarding",
    "objective_explanation",
    "performing_targets",
    "pursue",
    "ward_threats",
]
