"""Fist fights: the Combat Roll, Quality, hitting and Hand Damage (``docs/rules/combat.md`` §5–7).

These are the rules :mod:`mands_rulebook.combat.fists` registers: the hooks named below are
that plugin's; nothing here is a hook.

The rulebook's unarmed attack as a builtin plugin: :data:`FIST_ATTACK` registered with its
own rules (:func:`initiate`, :func:`resolve`); another plugin takes it over by registering a
``fist-attack`` of its own with ``replaces=True``.

Intent options a policy may give a punch: ``withhold_damage`` (points of Hand Damage held back,
seed "Hand Damage"), ``called_shot`` (``head``, ``neck``, ``arm`` or ``legs``: −5 Attack, G-60)
and ``aim_at_armor`` (Combat-Roll Q set aside, each −5 to the defender's armor Cover Chance, up
to the Fistfighting level; seed "Combat Skill"). The roll's whole Quality is kept as
``prepared["quality"]`` for rules that read it later (dropping an action). Powers and skills
that spend Combat-Roll Q on their own effects (Absorption 3 Q, Death Touch 4 Q, Body Throw 5 Q,
Nerve Pinch) belong to their own plugins' actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal

from mands_rulebook.kit.armor import LOCATIONS
from mands_rulebook.kit.combat_pool import sight_defense
from mands_rulebook.kit.damage import Blow, strike
from mands_rulebook.kit.editing_points.rolls import character_roll
from mands_rulebook.kit.injury import death_shot_attack, death_shot_events
from mands_sim.actions import (
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    Intent,
    QualityAllocation,
)
from mands_sim.defaults import rule_default
from mands_sim.events import (
    AttackResolved,
    DefenseChanged,
    Event,
    QualityAllocated,
    RollMade,
)
from mands_sim.kernel.contracts import Charge, Initiation
from mands_sim.kernel.encounter import Encounter
from mands_sim.rolls import (
    ActionRoll,
    damage_bonus,
    defense_from_quality,
    reduced_performance_time,
    roll_made,
    spread_negative_quality,
)


@dataclass(frozen=True, slots=True)
class FistDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-60."""

    G60_called_shot_penalty: Literal[5, 4, 3, 2, 1, 0] = rule_default(
        "G-60",
        "Attack penalty of a called shot to the head, neck, an arm or the legs (5: the only "
        "called-shot penalty the seed prints, the Death Shot's).",
        5,
        (5, 4, 3, 2, 1, 0),
    )


COMBAT_ROLL_ROW: Final = 5
"""``docs/rules/combat.md`` §5: a Combat Roll costs row 5 (1 EP), paid per attempt; a weapon or a
power attack pays it besides its own row, as a punch pays it besides Hand Damage's (G-13)."""


WITHHOLD_OPTION: Final = ActionOption(
    "withhold_damage", "number", 'points of Hand Damage held back (seed "Hand Damage")'
)


DEATH_SHOT_OPTION: Final = ActionOption(
    "death_shot", "flag", "a Death Shot bought with 4 Editing Points (seed 000)"
)


CALLED_SHOT_OPTION: Final = ActionOption(
    "called_shot", "text", "the location aimed at: head, neck, arm or legs (-5 Attack, G-60)"
)


AIM_AT_ARMOR_OPTION: Final = ActionOption(
    "aim_at_armor", "number", "Combat Roll Q set aside, each -5 to the armor's Cover Chance"
)


FIST_ATTACK = ActionDefinition(
    name="fist-attack",
    # docs/rules/charts.md §8 and docs/rules/combat.md §3: a fist attack's Performance Time is 15.
    performance_time=15,
    # docs/rules/combat.md §5: the Combat Roll starts at EP row 5 (Hand Damage is charged apart).
    ep_row=COMBAT_ROLL_ROW,
    needs_target=True,
    summary="An unarmed blow: Combat Roll, Attack against Defense, Hand Damage.",
    options=(WITHHOLD_OPTION, DEATH_SHOT_OPTION, CALLED_SHOT_OPTION, AIM_AT_ARMOR_OPTION),
)


HAND_DAMAGE_ROW = 7
"""Seed "Hand Damage": full Hand Damage starts at row 7 of the EP Use Chart (3 EP)."""


FIST_SKILL = "Fistfighting"
"""Seed "Combat Skills": fist fighting, the Combat Skill of an unarmed blow."""


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    """Roll the Combat Roll and spend its Quality (``docs/rules/combat.md`` §5)."""
    location = called_shot(intent)
    roll = combat_roll(encounter, actor, intent)
    aimed = aimed_at_armor(encounter, actor, intent, roll.quality)
    allocation = spend_quality(encounter, actor, intent, roll.quality - aimed)
    prepared = prepare_blow(encounter, actor, roll.quality, allocation)
    withheld = intent.whole("withhold_damage")
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
        prepared={
            **prepared,
            "attack": aimed_attack(encounter, intent, prepared["attack"], location),
            "death_shot": bool(intent.options.get("death_shot", False)),
            "withheld": withheld,
            "quality": roll.quality,
            "aim_at_armor": aimed,
            "location": location,
        },
    )


def aimed_attack(encounter: Encounter, intent: Intent, attack: int, location: str) -> int:
    """The blow's Attack after a called shot (G-60) and a Death Shot (intent option
    ``death_shot``: −5, seed "Martial Punch", G-27); the two penalties add up."""
    attack -= called_shot_penalty(encounter, location)
    return death_shot_attack(attack) if intent.options.get("death_shot") else attack


def called_shot(intent: Intent) -> str:
    """The location a called shot aims at (intent option ``called_shot``; ``body`` if none)."""
    location = str(intent.options.get("called_shot", "body"))
    if location not in LOCATIONS:
        raise ValueError(f"called_shot must be one of {LOCATIONS}, not {location!r}")
    return location


def called_shot_penalty(encounter: Encounter, location: str) -> int:
    """G-60: a called shot to the head, neck, an arm or the legs costs Attack (default 5, the
    Death Shot's "penalty of 5 to the Attack Score", seed "Martial Punch")."""
    return (
        0
        if location == "body"
        else int(encounter.defaults.of(FistDefaults).G60_called_shot_penalty)
    )


def aimed_at_armor(encounter: Encounter, actor: str, intent: Intent, quality: int) -> int:
    """Seed "Combat Skill", Aiming at Armor: Q (intent option ``aim_at_armor``) set aside from a
    success, each −5 to the defender's armor Cover Chance, "up to the attacker's skill level"
    (Fistfighting for a fist)."""
    wanted = intent.whole("aim_at_armor")
    level = int(encounter.character(actor).sheet.skills.get(FIST_SKILL, 0))
    return max(0, min(wanted, quality, level))


def combat_roll(
    encounter: Encounter, actor: str, intent: Intent, *, improves: str = FIST_SKILL
) -> ActionRoll:
    """Twice Agility on the Sphere chart, pool from ⌊Learning/10⌋ and modifiers (§5); a player
    may edit it (seed 000, only with the optional rule on), training ``improves``."""
    figured = encounter.figured(actor)
    return character_roll(
        encounter,
        actor,
        intent,
        "combat",
        target=figured.combat_roll,
        pool=figured.combat_pool,
        improves=improves,
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


def roll_event(
    encounter: Encounter, actor: str, roll: ActionRoll, purpose: str = "combat roll"
) -> RollMade:
    return roll_made(encounter.now, actor, purpose, roll)


def allocation_event(
    encounter: Encounter,
    actor: str,
    allocation: QualityAllocation,
    action: str = FIST_ATTACK.name,
) -> QualityAllocated:
    a = allocation
    return QualityAllocated(
        segment=encounter.now,
        character=actor,
        action=action,
        attack=a.attack,
        defense=a.defense,
        speed=a.speed,
        damage=a.damage,
        ep=a.ep,
    )


def resolve(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """The blow lands or misses when its Performance Time completes (``docs/rules/combat.md``
    §6)."""
    target = action.intent.target
    assert target is not None
    events: list[Event] = [new_defense(encounter, actor, action)]
    attack = action.prepared.whole("attack")
    defense = encounter.state[target].defense
    hit = attack >= defense  # §6: ties hit
    events.append(AttackResolved(encounter.now, actor, target, attack, defense, hit))
    if hit:
        blow = take_damage(encounter, target, actor, action)
        events.extend(blow)
        if action.prepared.get("death_shot"):
            events.extend(death_shot_events(encounter, actor, target, blow))
    return events


def new_defense(encounter: Encounter, actor: str, action: ActionInProgress) -> DefenseChanged:
    """G-15: the Defense a Combat Roll bought takes effect when that action resolves (seed
    "Simpler Combat Example": "On 12, Sinister's new Defense takes effect"), with the
    Defense penalty of poor Sight (seed 002 "Sight")."""
    defense = action.prepared.whole("defense") + sight_defense(encounter, actor)
    return DefenseChanged(encounter.now, actor, defense, reason=action.name)


def blow_damage(encounter: Encounter, actor: str, action: ActionInProgress) -> int:
    """Hand Damage (less any withheld) plus the blow's damage change (§7.1), never below 0
    (G-295)."""
    hand = int(encounter.figured(actor).hand_damage) - action.prepared.whole("withheld")
    return max(0, hand + action.prepared.whole("damage"))


def take_damage(
    encounter: Encounter, victim: str, actor: str, action: ActionInProgress
) -> list[Event]:
    """Hand Damage lands: bludgeoning, through :func:`mands_rulebook.kit.damage.strike` (§7.3),
    at the called shot's location and through armor aimed at."""
    blow = Blow(
        raw=blow_damage(encounter, actor, action),
        source=actor,
        location=str(action.prepared.get("location", "body")),
        aim_at_armor=action.prepared.whole("aim_at_armor", 0),
    )
    return strike(encounter, victim, blow)
