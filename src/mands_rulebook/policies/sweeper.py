"""The ``sweeper`` policy: sweep the enemies in reach and follow the sweep through (not rules
text; seed "Combat Roll"; G-81, G-172).

A plugin of its own: it registers the policy, and requires the multiple-opponents rules it plays
(``mands_rulebook.combat.opponents``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mands_rulebook.kit.opponents.extra_opponents import engaged_enemies
from mands_rulebook.kit.opponents.split_attacks import split_evenly
from mands_rulebook.kit.opponents.sweeps import (
    SWEEP,
    SWEEP_BLOW,
    TARGETS_OPTION,
    pending_blows,
    sweep_targets,
)
from mands_rulebook.kit.sweep_weapons import held_weapon
from mands_rulebook.policies.closing_in import allowed
from mands_rulebook.policies.comics_code import offers_code
from mands_rulebook.policies.presets import SPEED_STEP, NearestEnemy, catch_breath, preset
from mands_sim.actions import Intent, QualityAllocation, Wait
from mands_sim.api import hookimpl
from mands_sim.kernel.encounter import Encounter
from mands_sim.policy.explain import Explanation, reason_given
from mands_sim.registry import Register


class Sweeper:
    """Follow a sweep through; below zero EP give up or rest (G-232, ``catch_breath``); sweep
    the enemies in contact (up to ``max_targets``, option, default 3, the first in the
    encounter's drawn order, G-227) when there are two or more and it holds a weapon ready that
    is not a thrown one (G-172; fists cannot sweep, G-81); otherwise fight as
    ``nearest-enemy`` (punch one, close in).
    Quality: Attack to meet every target's Defense, 3 Q speed, the rest damage; the Attack is
    split so each target gets its Defense. Not rules text."""

    name = "sweeper"

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.max_targets = int(options.get("max_targets", 3))

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        pending = pending_blows(encounter, actor)
        if pending is not None:
            follow = Intent(
                SWEEP_BLOW.name, target=pending.targets[0], reason="follows its sweep through"
            )
            if allowed(encounter, actor, follow):
                return follow
        winded = catch_breath(encounter, actor)  # G-232, below zero EP
        if winded is not None:
            return winded
        # G-227; bystanders and hostages are nobody's enemies (G-235, engaged_enemies)
        engaged = encounter.ranked(engaged_enemies(encounter, actor))
        near = engaged[: self.max_targets]
        weapon = held_weapon(encounter, actor)  # G-81: fists cannot sweep
        if len(near) >= 2 and weapon:
            options: dict[str, Any] = {TARGETS_OPTION: near, **weapon}
            why = f"{len(near)} enemies in reach: sweeps them"
            sweep = Intent(SWEEP.name, near[0], why, options)
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

    def explain(self, encounter: Encounter, actor: str, intent: Intent) -> Explanation | None:
        """The reason each intent carries (a sweep, its follow-through, or ``nearest-enemy``'s)."""
        return reason_given(self.name, intent)

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


@offers_code()
def sweeper_policy(options: Mapping[str, Any]) -> Sweeper:
    """``sweeper`` from its options (and ``comics_code``,
    ``mands_rulebook.policies.comics_code``)."""
    return Sweeper(options)


@hookimpl
def mands_requires() -> list[str]:
    """The policy sweeps with the multiple-opponents rules' actions."""
    return ["mands_rulebook.combat.opponents"]


@hookimpl
def mands_register_policies(register: Register) -> None:
    register(
        "sweeper",
        sweeper_policy,
        summary="Sweep the enemies in reach (option max_targets, default 3) and follow the "
        "sweep through; punch one alone; close in otherwise.",
        source="template, not rules text",
    )
