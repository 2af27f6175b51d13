"""Strikes, parries, dodges and damage (``docs/rules.md`` §4, §6): the attacks a character
spends in its window of a melee round.

Actions: ``punch`` (1d4), ``kick`` (1d6), ``power-punch`` (2d6, two attacks), ``trip`` (1d6,
and a hit knocks the target down: it loses initiative and an attack, §7, ML-11), each with the PS
bonus (the Strength table above PS 30, ML-08), an extra die with Advanced Combat or WP Unarmed;
``weapon-strike`` with the sheet's best melee weapon and ``weapon-shot`` with its best ranged one
(ML-05). Each spends its attacks when it starts and resolves one segment per attack later:

1. the strike, a d20 with the Combat Bonus (+5 with a WP for the weapon): a natural 1 fumbles,
   4 or less misses in melee, less than 10 at range; a natural roll in the crit range is a
   critical (double damage) unless the defender rolls a natural 20;
2. a melee strike is parried for free (d20 and the Combat Bonus; empty-handed against a weapon,
   the bare d20); if the parry fails or is impossible (a shot), a dodge, which spends one of the
   defender's attacks of the round when it has one left (ML-09); a defense that meets the strike
   holds it (ties go to the defender);
3. the blow's damage goes to the armor until its SDC is 0, then to SDC, then to HP (ML-06).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from mands_microlite.character import enemies_in_reach, microlite_character
from mands_microlite.events import (
    ArmorDamaged,
    AttacksSpent,
    DefenseRolled,
    StrikeRolled,
)
from mands_microlite.figures import defended, strike_lands, unarmed_dice
from mands_microlite.horror import Defenseless, defenseless
from mands_microlite.rounds import attacks_left, current_round, lose_initiative
from mands_microlite.tables import Weapon, tables
from mands_sim.api import (
    ActionDefinition,
    ActionInProgress,
    AttackResolved,
    DamageTaken,
    DiceExpression,
    DiceSource,
    Encounter,
    Event,
    Initiation,
    Intent,
    Register,
    RuleState,
    answers_actions,
    hookimpl,
    parse_dice,
    register_actions,
)

UNARMED: Final = {"punch": "punch", "kick": "kick", "power-punch": "power punch", "trip": "kick"}
"""Each unarmed action and the blow of ``data/microlite.toml`` it strikes with (a trip is one of
"Kicks, throws, trips, body blocks, and tackles")."""

TRIP: Final = "trip"
TRIPS_FROM_BASIC_LEVEL: Final = 8
"""Seed "Hand to Hand Combat Types": Basic gains "throws/trips" at 8th level."""

WEAPON_STRIKE: Final = "weapon-strike"
WEAPON_SHOT: Final = "weapon-shot"
ACTIONS: Final = (*UNARMED, WEAPON_STRIKE, WEAPON_SHOT)


def _definition(name: str, attacks: int, summary: str) -> ActionDefinition:
    return ActionDefinition(
        name=name, performance_time=attacks, needs_target=True, ep_row=0, summary=summary
    )


DEFINITIONS: Final = (
    _definition("punch", 1, "A punch, elbow, head butt or knee: 1d4 + the PS bonus (rules.md §6)."),
    _definition("kick", 1, "A kick, throw, trip, body block or tackle: 1d6 + the PS bonus (§6)."),
    _definition("power-punch", 2, "A power punch or aerial kick: 2d6 + the PS bonus; two attacks."),
    _definition(TRIP, 1, "A trip or throw: 1d6 + the PS bonus, and the target is knocked down."),
    _definition(WEAPON_STRIKE, 1, "A blow with the best melee weapon on the sheet (§6, ML-05)."),
    _definition(WEAPON_SHOT, 1, "A shot with the best ranged weapon on the sheet (§6, ML-05)."),
)


def armor_taken(value: int, event: ArmorDamaged) -> int:
    return value + event.taken


ARMOR: Final = RuleState(
    "microlite-armor",
    0,
    {ArmorDamaged: armor_taken},
    summary="The SDC of damage each character's armor has taken (rules.md §6).",
)


@dataclass(frozen=True, slots=True)
class Blow:
    """What an action strikes with: its dice, whether at range, the weapon (``None``:
    unarmed) and whether the striker has a WP for it."""

    dice: DiceExpression
    ranged: bool
    weapon: Weapon | None
    proficient: bool


def best_weapon(names: Sequence[str], *, ranged: bool) -> Weapon | None:
    """The weapon of ``names`` doing the most damage on average, melee or ranged (the table's
    order breaking ties)."""
    found = [w for w in (tables().weapon(n) for n in names) if w is not None and w.ranged is ranged]
    return max(found, key=lambda w: mean_roll(parse_dice(w.dice)), default=None)


def blow_of(encounter: Encounter, actor: str, action: str) -> Blow | None:
    """What ``actor`` strikes with by ``action``; ``None`` when it has no such weapon."""
    character = microlite_character(encounter, actor)
    if action in UNARMED:
        dice = unarmed_dice(UNARMED[action], extra_die=character.figured.extra_damage_die)
        return Blow(dice, False, None, "unarmed" in character.sheet.proficiencies)
    weapon = best_weapon(character.sheet.weapons, ranged=action == WEAPON_SHOT)
    if weapon is None:
        return None
    return Blow(
        parse_dice(weapon.dice), weapon.ranged, weapon, weapon.name in character.sheet.proficiencies
    )


def attacks_of(action: str) -> int:
    return next(d.performance_time for d in DEFINITIONS if d.name == action)


def refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """Why ``actor`` may not strike as ``intent`` says now."""
    reasons = []
    target = intent.target
    if target is None or target not in encounter.state.ids():
        reasons.append("a strike needs a character to strike at")
    elif not encounter.state[target].in_action:
        reasons.append(f"{target} is out of action")
    if blow_of(encounter, actor, intent.action) is None:
        reasons.append(f"{actor} has no weapon for a {intent.action}")
    needed = attacks_of(intent.action)
    if attacks_left(encounter, actor, current_round(encounter)) < needed:
        reasons.append(f"{intent.action} needs {needed} attack(s) left this round")
    return reasons


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    """The strike spends its attacks now; it resolves one segment per attack later."""
    spent = AttacksSpent(
        encounter.now, actor, current_round(encounter), definition.performance_time, definition.name
    )
    return Initiation(performance_time=definition.performance_time, events=(spent,))


def resolve(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """The strike, the defense and the damage (§4, §6)."""
    target = action.intent.target
    blow = blow_of(encounter, actor, action.definition.name)
    if target is None or blow is None or not encounter.state[target].in_action:
        return []
    striker = microlite_character(encounter, actor).figured
    roll = encounter.dice_for(actor).face(tables().combat.die)
    total = roll + strike_bonus(encounter, actor, action.definition.name, blow)
    critical = roll >= striker.critical_from
    fumble = roll == tables().combat.fumble_natural
    events: list[Event] = [
        StrikeRolled(
            encounter.now, actor, target, action.definition.name, roll, total, critical, fumble
        )
    ]
    if fumble or not strike_lands(total, ranged=blow.ranged):
        return [*events, AttackResolved(encounter.now, actor, target, total, 0, False)]
    defense, held, natural_twenty = defend(encounter, target, actor, total, blow)
    events += defense
    best = max((e.total for e in defense if isinstance(e, DefenseRolled)), default=0)
    events.append(AttackResolved(encounter.now, actor, target, total, best, not held))
    if held:
        return events
    amount = damage(encounter.dice_for(actor), encounter, actor, blow)
    if critical and not natural_twenty:
        amount *= 2
    events += damage_events(encounter, target, actor, amount)
    if action.definition.name == TRIP:
        events += lose_initiative(encounter, target, "knocked down")
    return events


def trips_with_bonuses(encounter: Encounter, actor: str) -> bool:
    """ML-11: trips and throws are Advanced Maneuvers, whose bonuses apply with Advanced Combat
    (the Physical Focus gains it); Basic Hand to Hand gains "throws/trips" at 8th level."""
    sheet = microlite_character(encounter, actor).sheet
    return sheet.hand_to_hand == "advanced" or (
        sheet.hand_to_hand == "basic" and sheet.level >= TRIPS_FROM_BASIC_LEVEL
    )


def maneuver_bonus(encounter: Encounter, actor: str, action: str) -> int:
    """The Combat Bonus, but for a trip without the training for it (a bare d20, ML-11)."""
    if action == TRIP and not trips_with_bonuses(encounter, actor):
        return 0
    return microlite_character(encounter, actor).figured.combat_bonus


def strike_bonus(encounter: Encounter, actor: str, action: str, blow: Blow) -> int:
    """What ``actor``'s strike by ``action`` adds to its d20 (§4): the Combat Bonus (a trip's
    only with the training, ML-11), and +5 with a WP for what it strikes with."""
    proficiency = tables().combat.weapon_proficiency if blow.proficient else 0
    return maneuver_bonus(encounter, actor, action) + proficiency


def parry_bonus(encounter: Encounter, defender: str, blow: Blow) -> int | None:
    """What ``defender``'s parry of ``blow`` adds to its d20 (§4): ``None`` for a shot, which
    cannot be parried; nothing empty-handed against a weapon; else the Combat Bonus."""
    if blow.ranged:
        return None
    character = microlite_character(encounter, defender)
    armed = best_weapon(character.sheet.weapons, ranged=False) is not None
    return character.figured.combat_bonus if armed or blow.weapon is None else 0


def defend(
    encounter: Encounter, defender: str, attacker: str, strike: int, blow: Blow
) -> tuple[list[Event], bool, bool]:
    """The defender's parry, then dodge (§4): the events, whether the strike is held, and
    whether the defender rolled a natural 20."""
    if defenseless(encounter, defender, attacker):  # §5: stunned by its Horror Factor
        return [Defenseless(encounter.now, defender, attacker)], False, False
    figured = microlite_character(encounter, defender).figured
    dice = encounter.dice_for(defender)
    events: list[Event] = []
    naturals: list[int] = []
    parry = parry_bonus(encounter, defender, blow)
    if parry is not None:
        roll = dice.face(tables().combat.die)
        total = roll + parry
        naturals.append(roll)
        events.append(
            DefenseRolled(
                encounter.now, defender, attacker, "parry", roll, total, defended(strike, total)
            )
        )
        if defended(strike, total):
            return events, True, roll == tables().combat.die
    round_ = current_round(encounter)
    if attacks_left(encounter, defender, round_) > 0:
        events.append(AttacksSpent(encounter.now, defender, round_, 1, "dodge"))
        roll = dice.face(tables().combat.die)
        total = roll + figured.combat_bonus
        naturals.append(roll)
        held = defended(strike, total)
        events.append(DefenseRolled(encounter.now, defender, attacker, "dodge", roll, total, held))
        if held:
            return events, True, roll == tables().combat.die
    return events, False, tables().combat.die in naturals


def damage(dice: DiceSource, encounter: Encounter, actor: str, blow: Blow) -> int:
    """A blow's damage before armor (§6): its dice and the PS bonus (not for a gun); above PS 30
    the Strength table, alone unarmed, and with a melee weapon the greater of the two with half
    the other (ML-08)."""
    figured = microlite_character(encounter, actor).figured
    strength = figured.strength
    if strength is None or blow.ranged:
        bonus = 0 if blow.ranged else figured.damage_bonus
        return max(0, blow.dice.roll(dice).total + bonus)
    table = strength.dice.roll(dice).total * strength.times
    if blow.weapon is None:
        return table
    weapon = blow.dice
    if mean_roll(weapon) > mean_roll(strength.dice) * strength.times:
        return weapon.roll(dice).total + table // 2
    return table + half_of(weapon, dice)


def half_of(dice: DiceExpression, source: DiceSource) -> int:
    """Half of ``dice`` as the seed's example takes it (4d6 → 2d6): half as many dice, and half
    of one more for an odd count."""
    whole = sum(source.face(dice.sides) for _ in range(dice.count // 2))
    return whole + (source.face(dice.sides) // 2 if dice.count % 2 else 0)


def damage_events(encounter: Encounter, target: str, source: str, amount: int) -> list[Event]:
    """``amount`` to the armor until its SDC is 0, then SDC, then HP (§6, ML-06)."""
    state = encounter.state[target]
    figured = microlite_character(encounter, target).figured
    armor_left = max(0, figured.armor_sdc - state.get(ARMOR))
    to_armor = min(amount, armor_left)
    events: list[Event] = []
    if to_armor:
        events.append(ArmorDamaged(encounter.now, target, source, to_armor, armor_left - to_armor))
    rest = amount - to_armor
    if rest <= 0:
        return events
    sdc = state.virtual_damage_points
    to_sdc = min(rest, max(0, sdc))
    hp = state.damage_points - (rest - to_sdc)
    events.append(DamageTaken(encounter.now, target, source, amount, rest, sdc - to_sdc, hp))
    return events


def mean_roll(dice: DiceExpression) -> float:
    """What ``dice`` roll on average."""
    return (dice.minimum + dice.maximum) / 2


@hookimpl
def mands_ruleset() -> str:
    return "microlite"


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_actions(register, DEFINITIONS, initiate=initiate, resolve=resolve, source="rules text")


def candidates(encounter: Encounter, actor: str) -> list[Intent]:
    """Every strike ``actor`` could make at an enemy in reach (ML-07), allowed now or not."""
    intents = []
    for action in ACTIONS:
        blow = blow_of(encounter, actor, action)
        if blow is not None:
            reached = enemies_in_reach(encounter, actor, anywhere=blow.ranged)
            intents += [Intent(action, target) for target in reached]
    return intents


@hookimpl
def mands_candidate_actions(encounter: Encounter, actor: str) -> list[Intent]:
    return candidates(encounter, actor)


@hookimpl
@answers_actions(*ACTIONS)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    return refusals(encounter, actor, intent)


@hookimpl
def mands_register_rule_states(register: Register) -> None:
    register(ARMOR.name, ARMOR, summary=ARMOR.summary, source="rules text")
