"""Fist fights: the Combat Roll, Quality, hitting and Hand Damage (``rules/combat.md`` §5–7).

The rulebook's unarmed attack as a builtin plugin on the action protocol. Its hook
implementations are ``trylast`` so another plugin can take over any step for an action it
knows; they answer only for ``fist-attack`` and return ``None`` otherwise.
"""

from __future__ import annotations

from typing import Any

from mands_sim import hookimpl
from mands_sim.actions import (
    ActionDefinition,
    ActionInProgress,
    Intent,
    QualityAllocation,
)
from mands_sim.events import (
    AttackResolved,
    DamageTaken,
    DefenseChanged,
    Event,
    QualityAllocated,
    RollMade,
)
from mands_sim.kernel.encounter import Charge, Encounter, Initiation
from mands_sim.registry import Register
from mands_sim.rolls import (
    ActionRoll,
    action_roll,
    damage_bonus,
    defense_from_quality,
    reduced_performance_time,
    spread_negative_quality,
)

from .damage import Blow, strike

FIST_ATTACK = ActionDefinition(
    name="fist-attack",
    # rules/charts.md §8 and rules/combat.md §3: a fist attack's Performance Time is 15.
    performance_time=15,
    # rules/combat.md §5: the Combat Roll starts at EP row 5 (Hand Damage is charged apart).
    ep_row=5,
    needs_target=True,
    summary="An unarmed blow: Combat Roll, Attack against Defense, Hand Damage.",
)

HAND_DAMAGE_ROW = 7
"""Seed "Hand Damage": full Hand Damage starts at row 7 of the EP Use Chart (3 EP)."""


@hookimpl
def mands_register_actions(register: Register) -> None:
    register(FIST_ATTACK.name, FIST_ATTACK, summary=FIST_ATTACK.summary, source="rules text")


@hookimpl(trylast=True)
def mands_action_initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation | None:
    """Roll the Combat Roll and spend its Quality (``rules/combat.md`` §5)."""
    if definition.name != FIST_ATTACK.name:
        return None
    roll = combat_roll(encounter, actor, intent)
    allocation = spend_quality(encounter, actor, intent, roll.quality)
    prepared = prepare_blow(encounter, actor, roll.quality, allocation)
    withheld = int(intent.options.get("withhold_damage", 0))
    charges = (
        Charge(FIST_ATTACK.ep_row - allocation.ep, "combat roll"),
        # Seed "Hand Damage": doing less damage lowers the row one per point withheld.
        Charge(HAND_DAMAGE_ROW - withheld, "hand damage"),
    )
    return Initiation(
        performance_time=reduced_performance_time(
            definition.performance_time, allocation.speed, encounter.defaults
        ),
        events=(roll_event(encounter, actor, roll), allocation_event(encounter, actor, allocation)),
        charges=charges,
        prepared={**prepared, "withheld": withheld},
    )


def combat_roll(encounter: Encounter, actor: str, intent: Intent) -> ActionRoll:
    """Twice Agility on the Sphere chart, pool from ⌊Learning/10⌋ and modifiers (§5)."""
    figured = encounter.character(actor).figured
    pool = figured.combat_pool + encounter.rules.bonus_pool(encounter, actor, intent, "combat")
    return action_roll(
        encounter.dice_for(actor),
        target=figured.combat_roll,
        bonus_pool=pool,
        quality_modifier=encounter.rules.quality_modifier(encounter, actor, intent, "combat"),
        is_special=encounter.character(actor).sheet.is_special,
        charts=encounter.charts,
    )


def spend_quality(
    encounter: Encounter, actor: str, intent: Intent, quality: int
) -> QualityAllocation:
    """Ask the character's policy how to spend a success; a failure spends nothing."""
    if quality < 0:
        return QualityAllocation()
    allocation = encounter.minds[actor].allocate(encounter, actor, intent, quality)
    if allocation.total > quality or min(_parts(allocation)) < 0:
        raise ValueError(f"{actor}'s policy spent {allocation} of {quality} Q")
    return allocation


def _parts(allocation: QualityAllocation) -> tuple[int, ...]:
    a = allocation
    return (a.attack, a.defense, a.speed, a.damage, a.ep)


def prepare_blow(
    encounter: Encounter, actor: str, quality: int, allocation: QualityAllocation
) -> dict[str, Any]:
    """Attack, Defense and damage change the blow will carry (§5, G-11, G-14)."""
    if quality < 0:
        # G-14: a miss is dealt out Attack, Damage, Defense; damage is taken off directly.
        spread = spread_negative_quality(quality)
        return {"attack": spread.attack, "defense": spread.defense, "damage": spread.damage}
    return {
        "attack": allocation.attack,
        "defense": defense_from_quality(allocation.defense),
        "damage": damage_bonus(allocation.damage, encounter.charts),
    }


def roll_event(encounter: Encounter, actor: str, roll: ActionRoll) -> RollMade:
    return RollMade(
        segment=encounter.now,
        character=actor,
        purpose="combat roll",
        target=roll.target,
        bonus_pool=roll.bonus_pool,
        pool_bonus=roll.pool_bonus,
        faces=roll.dice.faces,
        rerolls=roll.dice.rerolls,
        total=roll.dice.total,
        quality=roll.quality,
    )


def allocation_event(
    encounter: Encounter, actor: str, allocation: QualityAllocation
) -> QualityAllocated:
    a = allocation
    return QualityAllocated(
        segment=encounter.now,
        character=actor,
        action=FIST_ATTACK.name,
        attack=a.attack,
        defense=a.defense,
        speed=a.speed,
        damage=a.damage,
        ep=a.ep,
    )


@hookimpl(trylast=True)
def mands_action_resolve(
    encounter: Encounter, actor: str, action: ActionInProgress
) -> list[Event] | None:
    """The blow lands or misses when its Performance Time completes (``rules/combat.md`` §6)."""
    if action.name != FIST_ATTACK.name:
        return None
    target = action.intent.target
    assert target is not None
    events: list[Event] = [new_defense(encounter, actor, action)]
    attack = int(action.prepared["attack"])
    defense = encounter.state[target].defense
    hit = attack >= defense  # §6: ties hit
    events.append(AttackResolved(encounter.now, actor, target, attack, defense, hit))
    if hit:
        raw = blow_damage(encounter, actor, action)
        events.append(take_damage(encounter, target, raw, source=actor))
    return events


def new_defense(encounter: Encounter, actor: str, action: ActionInProgress) -> DefenseChanged:
    """G-15: the Defense a Combat Roll bought takes effect when that action resolves."""
    defense = int(action.prepared["defense"])
    return DefenseChanged(encounter.now, actor, defense, reason=action.name)


def blow_damage(encounter: Encounter, actor: str, action: ActionInProgress) -> int:
    """Hand Damage (less any withheld) plus the blow's damage change, never below 0 (§7.1)."""
    hand = int(encounter.character(actor).figured.hand_damage) - int(action.prepared["withheld"])
    return max(0, hand + int(action.prepared["damage"]))


def take_damage(encounter: Encounter, victim: str, raw: int, *, source: str) -> DamageTaken:
    """Hand Damage lands: bludgeoning, through :func:`mands_rulebook.damage.strike` (§7.3)."""
    (taken,) = strike(encounter, victim, Blow(raw=raw, source=source))
    assert isinstance(taken, DamageTaken)
    return taken
