"""Quality-allocation presets: how a policy spends the Q of a roll (``docs/rules/combat.md`` §5).

Every preset first buys an attack's Attack up to the target's current Defense (an attack hits
when Attack ≥ Defense, §6), then spends the rest its own way:

* ``balanced`` (the default, as ``nearest-enemy``): 3 Q of speed (3 Q halve the Performance
  Time, §5), the rest damage;
* ``all-out``: everything else on damage;
* ``defensive``: everything else on Defense (2 Q per +1, §5); with too little Q to meet the
  Defense, all of it on Defense;
* ``fast``: everything else on speed;
* ``economical``: the rest lowers the EP row (one row per Q, seed "EP Cost"; never past row 0),
  anything left over on damage.

A Move Roll (``move``, ``reroll-move``) has no Attack or damage: ``balanced``, ``all-out`` and
``fast`` put all on speed, ``defensive`` on Defense, ``economical`` on the EP row first and the
rest on speed. A Jump Roll's Q is its height: only ``economical`` takes EP rows off it. Any other
untargeted roll (dropping an action …) gets Defense, speed or EP rows from ``defensive``,
``fast`` and ``economical``, nothing from the others.
"""

from __future__ import annotations

from typing import Final, Literal, get_args

from mands_sim.actions import QualityAllocation

Preset = Literal["balanced", "all-out", "defensive", "fast", "economical"]
PRESETS: Final[tuple[str, ...]] = get_args(Preset)

SPEED_STEP: Final = 3
"""``docs/rules/combat.md`` §5: 3 Q halve the Performance Time."""

MOVING_ACTIONS: Final = frozenset({"move", "reroll-move"})
"""Move Rolls (``mands_rulebook.movement.moving``): Q on speed, Defense and the EP row only."""
HEIGHT_ACTIONS: Final = frozenset({"jump"})
"""Jump Rolls: Q is height, less what goes on the EP row."""


def allocate(
    preset: str,
    quality: int,
    *,
    action: str,
    defense: int | None,
    ep_row: int,
) -> QualityAllocation:
    """Spend ``quality`` (≥ 0) of a roll for ``action`` the ``preset`` way.

    ``defense`` is the target's current Defense for an attack (``None``: no target); ``ep_row``
    the action's starting EP row (the most Q the EP row can take).
    """
    quality = max(0, quality)
    if action in MOVING_ACTIONS:
        return _moving(preset, quality, ep_row)
    if action in HEIGHT_ACTIONS:
        return QualityAllocation(ep=min(quality, ep_row)) if preset == "economical" else _NONE
    if defense is None:
        return _untargeted(preset, quality, ep_row)
    return _attack(preset, quality, max(0, defense), ep_row)


_NONE: Final = QualityAllocation()


def _moving(preset: str, quality: int, ep_row: int) -> QualityAllocation:
    if preset == "defensive":
        return QualityAllocation(defense=quality)
    if preset == "economical":
        ep = min(quality, ep_row)
        return QualityAllocation(ep=ep, speed=quality - ep)
    return QualityAllocation(speed=quality)


def _untargeted(preset: str, quality: int, ep_row: int) -> QualityAllocation:
    if preset == "defensive":
        return QualityAllocation(defense=quality)
    if preset == "fast":
        return QualityAllocation(speed=quality)
    if preset == "economical":
        return QualityAllocation(ep=min(quality, ep_row))
    return _NONE


def _attack(preset: str, quality: int, defense: int, ep_row: int) -> QualityAllocation:
    if preset == "defensive" and quality < defense:
        return QualityAllocation(defense=quality)
    attack = min(quality, defense)
    rest = quality - attack
    if preset == "all-out":
        return QualityAllocation(attack=attack, damage=rest)
    if preset == "defensive":
        return QualityAllocation(attack=attack, defense=rest)
    if preset == "fast":
        return QualityAllocation(attack=attack, speed=rest)
    if preset == "economical":
        ep = min(rest, ep_row)
        return QualityAllocation(attack=attack, ep=ep, damage=rest - ep)
    speed = SPEED_STEP if rest >= SPEED_STEP else 0
    return QualityAllocation(attack=attack, speed=speed, damage=rest - speed)
