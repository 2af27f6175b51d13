"""Candidate actions of the builtin plugins, and what each would do, for the scored policies.
Not rules text: a simulator's stand-in for a player weighing the options (``docs/policies.md``).

``mands_candidate_actions`` proposes, for a character, a punch at each enemy in action within reach
(``mands_rulebook.combat.fists``), an attack with the weapon held ready at each and a draw of each
other weapon carried (``mands_rulebook.combat.weapons``), each attack use of its powers at each
enemy and each protection use not yet running (``mands_rulebook.kit.powers``), a run to meet each
enemy out of reach (``mands_rulebook.policies.closing_in.close_in``) and a run for the nearest exit
(``mands_rulebook.movement.moving``); for a character who knows First Aid (or Medical),
``first-aid`` on each bleeding ally in reach (``mands_rulebook.skills.first_aid``), for one with the
Double Action skill, ``double-action`` (``mands_rulebook.skills.double_action``), and ``rest``
(``mands_rulebook.combat.rest``) when a round of it would give back EP or VP (G-294). Powers are
those the sheet holds and those taken by Absorption (G-181). Whether each is allowed now is the
caller's question.

:data:`ESTIMATOR` tells the ``tactician`` (``mands_sim.policy.tactician``) what each would do:
the Combat Roll with its Bonus Pool as the hooks give it (range, sight, skills …), the Attack to
buy (the target's Defense when the blow lands, G-15, plus a called shot's G-60 penalty), the
damage before Q (Hand Damage, §7.1; the weapon's, G-42; a power attack's is estimated as
⌈PR/2⌉, a simulator's guess), the target's Ignore Damage and Skin Temper after any bonus against
it (§7.3), the Performance Time and the EP (seed "EP Cost"). A run is worth the attack it leads
to, less the segments it takes at :data:`RUN_ESTIMATE`; a draw, the weapon's attack less its
draw time; a protection, the damage per segment it saves against the enemies' best attacks
(:func:`damage_saved`; without covers the rules give, :func:`guard_value`).

A run for the exit is worth nothing (its score is its EP, below 0): leaving ends the
character's part in the fight as surely as a knockout, its side loses every blow it would still
deal, and the VP and DP it keeps count for its side only while they keep it fighting; so in the
fight's own terms a flight is never worth more than fighting on or resting. Giving up is left
to G-232's rule (:func:`~mands_rulebook.policies.presets.catch_breath`).

A round of rest (G-294) postpones the fight: its estimate is ``relative`` — it scores as the
best other candidate plus what the round adds to the fight (:class:`RestValue`), per segment of
the fight. Fighting on is the attack that would deal the most (:class:`FightPlan`: blow after
blow, each paying its EP and rolled at G-16's penalty for the EP left, none once the deficit
reaches G-231's floor) while the character stands — until the enemies' best attacks at it
(:func:`best_threats`, as for a protection, each paced as well as its rolls allow, from when it
can reach it) have taken its VP and DP left — up to its side's share of the damage the enemies
can still take. The round gives back EP and VP (the rules' own amounts,
:func:`~mands_rulebook.kit.rest.rest_healing`, G-50): the EP pay for more blows after it, at a
lighter penalty, the VP keep the character standing longer. It costs the blows it leaves out
and the blows the enemies land meanwhile, counted in full: a resting character neither answers
nor parries them. Knocked out before the round ends, the character deals nothing after it.

First Aid is worth the bleeding DP a success saves, per segment of its round: the chance of
the roll (seed "First Aid") times the open wounds' DP a round (G-19) times the rounds it
saves — one under G-173 ``halves`` (a Bleeding Roll every round, not every second), two under
``stops`` (the bleeding stops instead of waiting for the next Bleeding Roll). Double Action is
its best attack now at the Bonus Pool penalty of a roll made by half its %Control (seed "Double
Action"), counted ``chance × 2`` times (:attr:`Estimate.blows`), after the segments a miss
would lose as surprise on average (half of half the %Control missed, times the chance of a
miss). Both are a simulator's estimates.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Final, Literal

from mands_rulebook.kit.control import POWER_OPTION
from mands_rulebook.kit.crowding import in_contact
from mands_rulebook.kit.damage import Blow, Cover, against_skin_temper, protection_outcomes
from mands_rulebook.kit.exhaustion import exhaustion_floor, low_ep_penalty, plays
from mands_rulebook.kit.fists import (
    COMBAT_ROLL_ROW,
    FIST_ATTACK,
    HAND_DAMAGE_ROW,
    called_shot,
    called_shot_penalty,
)
from mands_rulebook.kit.movement.pace import FLEE, MOVE, TOWARD
from mands_rulebook.kit.out_of_action import (
    BLEEDING_PER_WOUND,
    FIRST_AID_DIVISOR,
    ROUNDS_BETWEEN_BLEEDING_ROLLS,
    bleeding_spell,
)
from mands_rulebook.kit.positions import distance_now, position_now, running_pace
from mands_rulebook.kit.powers import chosen_spend, running_uses
from mands_rulebook.kit.powers.ratings import (
    encounter_registries,
    power_intent,
    power_rating,
    power_specs,
    sheet_power,
    taken_powers,
)
from mands_rulebook.kit.powers.uses import ATTACK, COVERS, DEFENSE, PowerSpec
from mands_rulebook.kit.rest import REST, rest_healing
from mands_rulebook.kit.weapons.attacking import WEAPON_ATTACK, place_cover, weapon_blow
from mands_rulebook.kit.weapons.drawing import DRAW_WEAPON, draw_time
from mands_rulebook.kit.weapons.ready import weapon_readied
from mands_rulebook.kit.weapons.table import WEAPON_OPTION, Weapon, carried, standard_weapons
from mands_rulebook.policies.closing_in import (
    close_in,
    enemies_nearest_first,
    meeting_place,
    nearest_exit,
)
from mands_rulebook.skills.action_skills import double_action_penalty, double_action_surprise
from mands_rulebook.skills.double_action import ATTEMPT as DOUBLE_ACTION
from mands_rulebook.skills.double_action import COMBINED, control
from mands_rulebook.skills.first_aid import (
    FIRST_AID,
    FirstAidDefaults,
    attempts_on,
    highest_success,
    knowledge_score,
    patient_of,
    patients,
)
from mands_sim.actions import ActionInProgress, Intent, Prepared
from mands_sim.api import Register, defaults_summary, hookimpl, rule_default
from mands_sim.kernel.contracts import fighting
from mands_sim.kernel.encounter import Encounter
from mands_sim.policy.proposals import same_intent
from mands_sim.policy.tactician import (
    DEFAULT_HORIZON,
    AttackOdds,
    Estimate,
    expected_blow,
    fight_length,
    landing_defense,
    paced_blow,
)
from mands_sim.policy.tactician import bonus_table as bonus_rows
from mands_sim.rolls import pool_bonus


@dataclass(frozen=True, slots=True)
class CandidateDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-294."""

    G294_scored_rest: Literal["value", "rule"] = rule_default(
        "G-294",
        "When the scored policies (tactician, focus-fire, hero, lookahead) rest a round: "
        "besides G-232's rule below zero EP, whenever the round is worth more than fighting on "
        "- the damage the character deals before the enemies knock it out, with the EP and VP "
        "the round gives back (G-50) and without the blows it leaves out, against as it is, "
        "less the damage the enemies deal it during the round ('value'); or only by G-232's "
        "rule ('rule').",
        "value",
        ("value", "rule"),
    )


RUN_ESTIMATE: Final = 1.0
"""Meters per segment a run to meet an enemy is reckoned at (10 dm/segment, a Move Roll's
speed Q of about 10 on the Sphere chart): a simulator's estimate, not a rule."""

POWER_DAMAGE_SHARE: Final = Fraction(1, 2)
"""A power attack's damage before Q, as a share of its PR (rounded up): a simulator's guess."""

GUARD_HORIZON: Final = 50
"""Segments a protection is reckoned to save damage over once it is up: one round (the
tactician's horizon, ``docs/rules/combat.md`` §1); a simulator's estimate."""

GUARD_SHARE: Final = 0.5
"""A protection is worth this share of the damage per segment the enemies could deal."""

HIT_GUESS: Final = 0.5
"""The share of an enemy's blows a protection reckons with (a guess for the threat)."""

COMBAT: Final = "combat"
"""The Bonus Pool purpose of a Combat Roll (``mands_rulebook.combat.fists``)."""

PERCENT: Final = 100
"""A d100 roll: 1–100."""

NEGLIGIBLE: Final = 1e-3
"""Expected damage at which a blow struck ever deeper below zero EP (no floor, G-231 ``none``)
is no longer counted: the fight-on estimate of a rest stops there (a simulator's bound)."""

MAX_BLOWS: Final = 1000
"""The most blows below zero EP a fight-on estimate counts one by one (a simulator's bound)."""


# -- the candidates -------------------------------------------------------------------------------


@hookimpl
def mands_candidate_actions(encounter: Encounter, actor: str) -> list[Intent]:
    """Punches at enemies within reach, weapon attacks and draws, power uses, runs to meet
    enemies and for an exit."""
    enemies = enemies_nearest_first(encounter, actor)
    reach = [e for e in enemies if in_contact(encounter, actor, e)]
    return [
        *(Intent(FIST_ATTACK.name, target=e) for e in reach),
        *weapon_candidates(encounter, actor, enemies),
        *power_candidates(encounter, actor, enemies),
        *run_candidates(encounter, actor, enemies),
        *care_candidates(encounter, actor),
        *double_action_candidates(encounter, actor),
        *rest_candidates(encounter, actor),
    ]


def care_candidates(encounter: Encounter, actor: str) -> list[Intent]:
    """``first-aid`` on each bleeding ally in reach (itself included), the worst first, for a
    character who knows First Aid or Medical (seed "First Aid")."""
    if knowledge_score(encounter.character(actor).sheet) <= 0:
        return []
    return [Intent(FIRST_AID.name, target=patient) for patient in patients(encounter, actor)]


def rest_candidates(encounter: Encounter, actor: str) -> list[Intent]:
    """``rest`` (a round, G-51) when the scored policies weigh it (G-294 ``value``) and the
    round would give back EP or VP (seed "Healing Roll", G-50)."""
    if encounter.defaults.of(CandidateDefaults).G294_scored_rest != "value":
        return []
    healed = rest_healing(encounter, actor)
    if healed.endurance_points <= 0 and healed.virtual_damage_points <= 0:
        return []
    return [Intent(REST.name)]


def double_action_candidates(encounter: Encounter, actor: str) -> list[Intent]:
    """``double-action`` for a character with the skill, unless one started this segment."""
    if control(encounter, actor) <= 0 or started_now(encounter, actor, DOUBLE_ACTION.name):
        return []
    return [Intent(DOUBLE_ACTION.name)]


def started_now(encounter: Encounter, actor: str, action: str) -> bool:
    state = encounter.state[actor]
    return state.last_initiation == encounter.now and action in state.initiated


def weapon_candidates(encounter: Encounter, actor: str, enemies: list[str]) -> list[Intent]:
    """The weapon held ready at each enemy (a melee weapon: each within reach); a draw of each
    other weapon still carried."""
    readied = weapon_readied(encounter, actor)
    weapon = standard_weapons().get(readied) if readied else None
    found = []
    if weapon is not None:
        aimed = (
            enemies if not weapon.melee else [e for e in enemies if in_contact(encounter, actor, e)]
        )
        found += [
            Intent(WEAPON_ATTACK.name, e, options={WEAPON_OPTION: weapon.name}) for e in aimed
        ]
    for name in carried_weapons(encounter, actor):
        if name != readied:
            found.append(Intent(DRAW_WEAPON.name, options={WEAPON_OPTION: name}))
    return found


def carried_weapons(encounter: Encounter, actor: str) -> list[str]:
    """The weapons of the table ``actor`` still carries, in sheet order."""
    table = standard_weapons()
    names = dict.fromkeys(w for w in encounter.character(actor).sheet.equipment if w in table)
    return [name for name in names if carried(encounter, actor, name) > 0]


def power_candidates(encounter: Encounter, actor: str, enemies: list[str]) -> list[Intent]:
    """Each attack use at each enemy, each protection use not yet running (power kit)."""
    found: list[Intent] = []
    for spec in usable_powers(encounter, actor):
        for use in spec.uses:
            name = use.action.name
            if use.role == ATTACK:
                found += [
                    i for e in enemies if (i := power_intent(encounter, actor, spec, name, e))
                ]
            elif use.role == DEFENSE and not running_uses(encounter, actor, use):
                intent = power_intent(encounter, actor, spec, name)
                found += [intent] if intent is not None else []
    return found


_USABLE: weakref.WeakKeyDictionary[Any, dict[int, tuple[Any, tuple[PowerSpec, ...]]]] = (
    weakref.WeakKeyDictionary()
)


def usable_powers(encounter: Encounter, actor: str) -> tuple[PowerSpec, ...]:
    """The registered powers ``actor`` can use now: its sheet's, then those it holds only by
    taking them (seed "Absorption", G-181:
    :func:`~mands_rulebook.kit.powers.ratings.taken_powers`)."""
    own = sheet_powers(encounter, actor)
    taken = taken_powers(encounter, actor)
    if not taken:
        return own
    specs = {spec.name: spec for spec in power_specs(encounter_registries(encounter))}
    held = [specs[name] for name in taken if name in specs and specs[name] not in own]
    return (*own, *held)


def sheet_powers(encounter: Encounter, actor: str) -> tuple[PowerSpec, ...]:
    """The registered powers ``actor``'s sheet can use (worked out once per plugin manager and
    sheet: both are fixed for a simulation)."""
    pm = getattr(encounter.rules, "pm", None)
    sheet = encounter.character(actor).sheet
    if pm is None:
        return _usable(encounter, sheet)
    known = _USABLE.setdefault(pm, {})
    kept = known.get(id(sheet))
    if kept is None or kept[0] is not sheet:
        kept = known[id(sheet)] = (sheet, _usable(encounter, sheet))
    return kept[1]


def _usable(encounter: Encounter, sheet: Any) -> tuple[PowerSpec, ...]:
    specs = power_specs(encounter_registries(encounter))
    return tuple(spec for spec in specs if sheet_power(sheet, spec) is not None)


def run_candidates(encounter: Encounter, actor: str, enemies: list[str]) -> list[Intent]:
    """A run to meet each enemy out of reach, and (standing) a run for the nearest exit."""
    found = []
    for enemy in enemies:
        if not in_contact(encounter, actor, enemy):
            run = close_in(encounter, actor, enemy)
            if isinstance(run, Intent):
                found.append(Intent(run.action, options=run.options))
    world, here = encounter.world, position_now(encounter, actor)
    if world is not None and here is not None and running_pace(encounter, actor) is None:
        goal = nearest_exit(world, here)
        if goal is not None and here.place != goal:
            found.append(Intent(MOVE.name, options={TOWARD: goal, FLEE: True}))
    return found


# -- what each would do -----------------------------------------------------------------------


class RulebookEstimator:
    """What the builtin actions would do (module docstring); ``None`` for anything else."""

    def estimate(self, encounter: Encounter, actor: str, intent: Intent) -> Estimate | None:
        if intent.action in (FIST_ATTACK.name, WEAPON_ATTACK.name) or _power(intent):
            return attack_estimate(encounter, actor, intent)
        if "power" in intent.options and defense_use(encounter, actor, intent):
            return guard_estimate(encounter, actor, intent)
        if intent.action == DRAW_WEAPON.name:
            return draw_estimate(encounter, actor, intent)
        if intent.action == MOVE.name and not intent.options.get(FLEE):
            return approach_estimate(encounter, actor, intent)
        if intent.action == MOVE.name:
            return Estimate(intent, "flee", ep_cost=ep_cost(encounter, MOVE.ep_row))
        if intent.action == FIRST_AID.name:
            return care_estimate(encounter, actor, intent)
        if intent.action == DOUBLE_ACTION.name:
            return double_action_estimate(encounter, actor, intent)
        if intent.action == REST.name:
            return rest_estimate(encounter, actor, intent)
        return None

    def pending_blow(
        self, encounter: Encounter, attacker: str, action: ActionInProgress
    ) -> tuple[int, float] | None:
        """A blow in progress (one with a prepared Attack): its Attack and the damage its
        target would take (Q damage included)."""
        target = action.intent.target
        if target is None or "attack" not in action.prepared or target not in encounter.state.ids():
            return None
        raw = raw_damage(encounter, attacker, action.intent)  # less any Hand Damage withheld
        if raw is None:
            return None
        raw = max(0, raw + action.prepared.whole("damage", 0))
        ignore, multiplier = protection(encounter, target, action.intent)
        return action.prepared.whole("attack"), float(math.ceil(max(0, raw - ignore) * multiplier))


ESTIMATOR: Final = RulebookEstimator()


def _power(intent: Intent) -> bool:
    return "power" in intent.options and intent.target is not None


def attack_estimate(encounter: Encounter, actor: str, intent: Intent) -> Estimate | None:
    """A punch, a weapon attack or a power attack at ``intent.target`` (worked out once a
    moment: :func:`this_moment`)."""
    key = ("attack", actor, same_intent(intent))
    known = this_moment(encounter)
    if key not in known:
        known[key] = estimated_attack(encounter, actor, intent)
    estimate: Estimate | None = known[key]
    return estimate


def estimated_attack(encounter: Encounter, actor: str, intent: Intent) -> Estimate | None:
    target = intent.target
    raw = raw_damage(encounter, actor, intent)
    if target is None or raw is None:
        return None
    odds = attack_odds(encounter, actor, intent, target, raw)
    rows = attack_rows(encounter, actor, intent)
    cost = sum((ep_cost(encounter, row) for row in rows), Fraction(0))
    return Estimate(intent, "attack", target, odds, ep_cost=cost)


def attack_odds(
    encounter: Encounter, actor: str, intent: Intent, target: str, raw: int
) -> AttackOdds:
    time = performance_time(encounter, actor, intent)
    lands = encounter.now + time
    defense = landing_defense(encounter, target, lands) + attack_penalty(encounter, intent)
    return target_odds(encounter, actor, target, intent, raw, defense, time)


def target_odds(
    encounter: Encounter, actor: str, target: str, intent: Intent, raw: int, defense: int, time: int
) -> AttackOdds:
    """The odds of ``actor``'s ``intent`` against ``target``'s protection: its natural one, and
    every way its protections can fall against the blow (:func:`blow_protections`)."""
    ignore, multiplier = protection(encounter, target, intent)
    return AttackOdds(
        needed=combat_needed(encounter, actor, intent),
        is_special=bool(encounter.character(actor).sheet.is_special),
        defense=defense,
        raw_damage=raw,
        ignore_damage=ignore,
        multiplier=multiplier,
        performance_time=time,
        protections=blow_protections(encounter, actor, target, intent, raw),
    )


def blow_protections(
    encounter: Encounter,
    actor: str,
    target: str,
    intent: Intent,
    raw: int,
    extra: Sequence[Cover] = (),
) -> tuple[tuple[float, int, Fraction], ...]:
    """Every way ``target``'s Cover rolls can fall against the blow the rules would deal
    (:func:`~mands_rulebook.kit.damage.protection_outcomes`), with ``extra`` covers besides, after
    the map's cover has let the hit through (:func:`map_cover`)."""
    blow = estimated_blow(encounter, actor, intent)
    if blow is None:
        blow = Blow(raw=raw, source=actor, vs_skin_temper=vs_skin_temper(intent))
    outcomes = protection_outcomes(encounter, target, replace(blow, raw=max(1, raw)), extra)
    stopped = map_cover(encounter, actor, target, intent)
    if not stopped:
        return outcomes
    return (
        *((chance * (1 - stopped), ignore, m) for chance, ignore, m in outcomes),
        (stopped, 0, Fraction(0)),
    )


def map_cover(encounter: Encounter, actor: str, target: str, intent: Intent) -> float:
    """The chance the map's cover stops a ranged weapon's hit on ``target`` (G-63, the rule's
    own :func:`~mands_rulebook.kit.weapons.attacking.place_cover`); 0 for anything else."""
    if intent.action != WEAPON_ATTACK.name:
        return 0.0
    weapon = weapon_of(encounter, actor, intent)
    found = None if weapon is None else place_cover(encounter, actor, target, weapon)
    return 0.0 if found is None else found[1] / PERCENT


def estimated_blow(encounter: Encounter, actor: str, intent: Intent) -> Blow | None:
    """The blow ``intent`` would deal with no damage Q, as the rules that resolve it build it:
    a punch's Hand Damage (§7.1), the weapon's blow (G-42), a power use's own blow on its
    default spend; ``None`` for anything else (a touch, an explosion: they resolve otherwise)."""
    withheld = intent.whole("withhold_damage")
    prepared: dict[str, object] = {"damage": 0, "withheld": withheld}
    if intent.action == FIST_ATTACK.name:
        hand = int(encounter.figured(actor).hand_damage) - withheld
        return Blow(raw=max(0, hand), source=actor)
    if intent.action == WEAPON_ATTACK.name:
        weapon = weapon_of(encounter, actor, intent)
        if weapon is None:
            return None
        return weapon_blow(encounter, actor, weapon, hypothetical(encounter, intent, prepared))
    spec = power_spec(encounter, actor, intent)
    use = None if spec is None else spec.use(intent.action)
    if spec is None or use is None or use.blow is None or intent.target is None:
        return None
    spend = chosen_spend(encounter, actor, intent, spec, use)
    prepared |= {**use.prepare(encounter, actor, intent, spend), POWER_OPTION: spec.name}
    action = hypothetical(encounter, intent, prepared)
    return use.blow(encounter, actor, intent.target, action)


def hypothetical(encounter: Encounter, intent: Intent, prepared: Mapping[str, object]) -> Any:
    """An action in progress that has not started: for asking a rule what it would do."""
    definition = encounter.rules.definition(intent.action)
    return ActionInProgress(
        -1, definition, intent, encounter.now, encounter.now, Prepared(prepared)
    )


def protection(encounter: Encounter, target: str, intent: Intent) -> tuple[int, Fraction]:
    """``target``'s natural Ignore Damage and Skin Temper multiplier against ``intent``, after
    a weapon's bonus against Skin Temper (§7.3; armor and power covers are left out)."""
    figured = encounter.figured(target)
    row = against_skin_temper(figured.skin_temper.row, vs_skin_temper(intent), past_one=False)
    return int(figured.ignore_damage), Fraction(encounter.charts.skin_temper.multiplier(row))


def combat_needed(encounter: Encounter, actor: str, intent: Intent) -> int:
    """The Combat Roll plus its pool bonus (Sphere chart) and any change to Q (§2, §5); asked
    of the hooks once per attack, target and moment (nothing logged in between)."""
    moment = (id(encounter), encounter.now, len(encounter.log))
    if _NEEDED.get("moment") != moment:
        _NEEDED.clear()
        _NEEDED["moment"] = moment
    key = (actor, intent.action, intent.target, repr(sorted(intent.options.items())))
    needed = _NEEDED.get(key)
    if needed is None:
        needed = _NEEDED[key] = asked_needed(encounter, actor, intent)
    return int(needed)


_NEEDED: dict[Any, Any] = {}


def asked_needed(encounter: Encounter, actor: str, intent: Intent) -> int:
    figured = encounter.figured(actor)
    change = encounter.rules.quality_modifier(encounter, actor, intent, COMBAT)
    pool = combat_pool(encounter, actor, intent)
    return int(figured.combat_roll + pool_bonus(pool, encounter.charts) + change)


def combat_pool(encounter: Encounter, actor: str, intent: Intent) -> int:
    """The Combat Roll's Bonus Pool for ``intent``: the figured pool and what the hooks add."""
    bonus = encounter.rules.bonus_pool(encounter, actor, intent, COMBAT)
    return int(encounter.figured(actor).combat_pool + bonus)


def attack_penalty(encounter: Encounter, intent: Intent) -> int:
    """A called shot's Attack penalty (G-60), for a punch that names one."""
    if intent.action != FIST_ATTACK.name:
        return 0
    try:
        return called_shot_penalty(encounter, called_shot(intent))
    except ValueError:
        return 0


def weapon_of(encounter: Encounter, actor: str, intent: Intent) -> Weapon | None:
    name = intent.options.get(WEAPON_OPTION, weapon_readied(encounter, actor))
    return standard_weapons().get(str(name)) if name is not None else None


def raw_damage(encounter: Encounter, actor: str, intent: Intent) -> int | None:
    """Damage before Q: Hand Damage (§7.1), a weapon's (G-42), a power use's own blow
    (:func:`estimated_blow`); ⌈PR/2⌉ for a power use that resolves otherwise (a guess)."""
    hand = int(encounter.figured(actor).hand_damage)
    if intent.action == FIST_ATTACK.name:
        return hand - intent.whole("withhold_damage")
    if intent.action == WEAPON_ATTACK.name:
        weapon = weapon_of(encounter, actor, intent)
        return None if weapon is None else weapon.damage + (hand if weapon.hand_damage else 0)
    spec = power_spec(encounter, actor, intent)
    if spec is None:
        return None
    blow = estimated_blow(encounter, actor, intent)
    if blow is not None:
        return blow.raw
    return math.ceil(power_rating(encounter, actor, spec) * POWER_DAMAGE_SHARE)


def power_spec(encounter: Encounter, actor: str, intent: Intent) -> PowerSpec | None:
    for spec in usable_powers(encounter, actor):
        if spec.use(intent.action) is not None:
            return spec
    return None


def vs_skin_temper(intent: Intent) -> int:
    """A weapon's bonus against Skin Temper (G-42); none for fists and powers here."""
    if intent.action != WEAPON_ATTACK.name:
        return 0
    weapon = standard_weapons().get(str(intent.options.get(WEAPON_OPTION)))
    return 0 if weapon is None else weapon.vs_skin_temper


def performance_time(encounter: Encounter, actor: str, intent: Intent) -> int:
    """The attack's Performance Time before speed: a weapon's own (G-42), else the action's."""
    if intent.action == WEAPON_ATTACK.name:
        weapon = weapon_of(encounter, actor, intent)
        if weapon is not None:
            return weapon.performance_time
    return int(encounter.rules.definition(intent.action).performance_time)


def attack_rows(encounter: Encounter, actor: str, intent: Intent) -> tuple[int, ...]:
    """The EP rows an attack charges: the Combat Roll's 5 and Hand Damage's 7 for a punch, the
    weapon's row besides for a weapon (G-13), the power's row for a power attack."""
    if intent.action == FIST_ATTACK.name:
        return (FIST_ATTACK.ep_row, HAND_DAMAGE_ROW)
    if intent.action == WEAPON_ATTACK.name:
        weapon = weapon_of(encounter, actor, intent)
        return (COMBAT_ROLL_ROW, weapon.ep_row if weapon else 0)
    return (COMBAT_ROLL_ROW, int(encounter.rules.definition(intent.action).ep_row))


def ep_cost(encounter: Encounter, row: int) -> Fraction:
    return Fraction(encounter.rules.ep_cost(row))


def draw_estimate(encounter: Encounter, actor: str, intent: Intent) -> Estimate | None:
    """A draw is worth the weapon's attack on the nearest enemy, after the draw (and a run to
    it, for a melee weapon)."""
    weapon = standard_weapons().get(str(intent.options.get(WEAPON_OPTION)))
    enemies = enemies_nearest_first(encounter, actor)
    if weapon is None or not enemies:
        return None
    target = enemies[0]
    swing = Intent(WEAPON_ATTACK.name, target, options={WEAPON_OPTION: weapon.name})
    raw = weapon.damage + (int(encounter.figured(actor).hand_damage) if weapon.hand_damage else 0)
    odds = attack_odds(encounter, actor, swing, target, raw)
    delay = draw_time(encounter.character(actor).sheet, weapon)
    if weapon.ranges is None:
        delay += travel(encounter, actor, target)
    return Estimate(intent, "draw", target, odds, delay=delay)


def approach_estimate(encounter: Encounter, actor: str, intent: Intent) -> Estimate | None:
    """A run is worth the best blow at an enemy it meets there, after the run."""
    goal = intent.options.get(TOWARD)
    best: tuple[float, Estimate] | None = None
    for enemy in enemies_nearest_first(encounter, actor):
        if meeting_place(encounter, actor, enemy) != goal:
            continue
        estimate = blow_after_run(encounter, actor, intent, enemy)
        if estimate is None or estimate.attack is None:
            continue
        damage = expected_blow(estimate.attack, bonus_rows(encounter))[1]
        if best is None or damage > best[0]:
            best = (damage, estimate)
    return None if best is None else best[1]


def blow_after_run(encounter: Encounter, actor: str, intent: Intent, enemy: str) -> Estimate | None:
    readied = weapon_of(encounter, actor, Intent(WEAPON_ATTACK.name, enemy))
    blow = Intent(FIST_ATTACK.name, enemy)
    if readied is not None and readied.melee:
        blow = Intent(WEAPON_ATTACK.name, enemy, options={WEAPON_OPTION: readied.name})
    estimate = attack_estimate(encounter, actor, blow)
    if estimate is None or estimate.attack is None:
        return None
    cost = ep_cost(encounter, MOVE.ep_row)
    delay = travel(encounter, actor, enemy)
    return Estimate(intent, "approach", enemy, estimate.attack, delay=delay, ep_cost=cost)


def travel(encounter: Encounter, actor: str, enemy: str) -> int:
    """Segments to cover the distance to ``enemy`` at :data:`RUN_ESTIMATE`."""
    meters = distance_now(encounter, actor, enemy)
    return 0 if math.isinf(meters) else math.ceil(meters / RUN_ESTIMATE)


def guard_value(encounter: Encounter, actor: str) -> float:
    """Half the damage per segment the enemies in action could deal with their fists (the
    estimate for a protection whose covers the rules do not say)."""
    side = encounter.state[actor].side
    threat = sum(
        HIT_GUESS
        * int(encounter.figured(state.character_id).hand_damage)
        / FIST_ATTACK.performance_time
        for state in encounter.state
        if state.side != side and fighting(encounter, state)
    )
    return GUARD_SHARE * threat


def guard_estimate(encounter: Encounter, actor: str, intent: Intent) -> Estimate:
    """A protection is worth the damage per segment it saves against the enemies' best attacks
    at the character (:func:`damage_saved`) over :data:`GUARD_HORIZON` segments, per segment
    of its Performance Time; without covers the rules give, :func:`guard_value`."""
    definition = encounter.rules.definition(intent.action)
    covers = guard_covers(encounter, actor, intent)
    if covers:
        saved = damage_saved(encounter, actor, covers)
        value = saved * GUARD_HORIZON / max(1, int(definition.performance_time))
    else:
        value = guard_value(encounter, actor)
    return Estimate(
        intent, "guard", value=value, ep_cost=ep_cost(encounter, int(definition.ep_row))
    )


def guard_covers(encounter: Encounter, actor: str, intent: Intent) -> tuple[Cover, ...]:
    """The covers the protection would give, from the use's own ``prepare`` on its spend."""
    spec = power_spec(encounter, actor, intent)
    use = None if spec is None else spec.use(intent.action)
    if spec is None or use is None or use.prepare is None:
        return ()
    spend = chosen_spend(encounter, actor, intent, spec, use)
    return tuple(use.prepare(encounter, actor, intent, spend).get(COVERS, ()))


def damage_saved(encounter: Encounter, actor: str, covers: Sequence[Cover]) -> float:
    """Damage per segment the enemies in action would no longer do to ``actor`` with ``covers``
    besides its own: each enemy's best attack at it (:func:`best_threats`), with and without
    them."""
    return sum(
        max(0.0, now - guarded) for _, _, now, guarded in best_threats(encounter, actor, covers)
    )


def best_threats(
    encounter: Encounter, actor: str, covers: Sequence[Cover] = (), *, paced: bool = False
) -> list[tuple[str, Intent, float, float]]:
    """Each enemy in action with its best attack at ``actor`` (a punch, the weapon ready, each
    power attack: :func:`threats`), as the tactician weighs a blow (``paced``: with each roll's
    spare Q on speed where that deals more a segment): (enemy, attack, damage per segment as
    things are, with ``covers`` besides)."""
    side = encounter.state[actor].side
    found = []
    for state in encounter.state:
        if state.side == side or not fighting(encounter, state):
            continue
        enemy = state.character_id
        rated = [
            (threat_rates(encounter, enemy, actor, i, covers, paced=paced), i)
            for i in threats(encounter, enemy, actor)
        ]
        if rated:
            (now, guarded), intent = max(rated, key=lambda pair: pair[0])
            found.append((enemy, intent, now, guarded))
    return found


def incoming(encounter: Encounter, actor: str) -> list[tuple[float, int]]:
    """The enemies' damage at ``actor`` over time: each enemy in action's best attack at it,
    paced as a fighter would pace it (:func:`best_threats`), as (damage per segment, segments
    before it can reach ``actor``: :func:`reach_delay`)."""
    return [
        (rate, reach_delay(encounter, enemy, intent, actor))
        for enemy, intent, rate, _ in best_threats(encounter, actor, paced=True)
    ]


def damage_within(blows: Sequence[tuple[float, int]], segments: float) -> float:
    """The damage ``blows`` (:func:`incoming`) are expected to deal over the next ``segments``."""
    return sum(rate * max(0.0, segments - delay) for rate, delay in blows)


def standing_time(blows: Sequence[tuple[float, int]], health: float) -> float:
    """Segments until ``blows`` (:func:`incoming`) are expected to have dealt ``health`` (VP and
    DP left): when the character would be knocked out; infinite if they never would."""
    if health <= 0:
        return 0.0
    at = dealt = rate = 0.0
    for more, delay in sorted(blows, key=lambda blow: blow[1]):
        if rate > 0 and dealt + rate * (delay - at) >= health:
            break
        dealt += rate * (delay - at)
        at, rate = float(delay), rate + more
    return at + (health - dealt) / rate if rate > 0 else math.inf


def reach_delay(encounter: Encounter, attacker: str, intent: Intent, target: str) -> int:
    """Segments before ``attacker`` can start ``intent`` at ``target``: none in contact or when
    the rules allow it now (the clock aside: it may be busy), else a run to ``target``
    (:func:`travel`)."""
    key = ("reach", attacker, same_intent(intent))
    known = this_moment(encounter)
    if key not in known:
        near = in_contact(encounter, attacker, target)
        refused = not near and encounter.rules.refusals(encounter, attacker, intent)
        known[key] = travel(encounter, attacker, target) if refused else 0
    delay: int = known[key]
    return delay


_MOMENTS: weakref.WeakKeyDictionary[Encounter, tuple[tuple[int, int], dict[Any, Any]]] = (
    weakref.WeakKeyDictionary()
)


def this_moment(encounter: Encounter) -> dict[Any, Any]:
    """A memo for answers that depend only on the state of ``encounter`` now: kept while its
    segment and its log are unchanged (nothing has happened), for the several characters
    deciding in one segment."""
    moment = (encounter.now, len(encounter.log))
    kept = _MOMENTS.get(encounter)
    if kept is None or kept[0] != moment:
        kept = _MOMENTS[encounter] = (moment, {})
    return kept[1]


def threats(encounter: Encounter, enemy: str, actor: str) -> list[Intent]:
    """The attacks ``enemy`` could make at ``actor``: a punch, the weapon ready, each power
    attack (whether it may start now is not asked: it may close in or wait)."""
    found = [Intent(FIST_ATTACK.name, target=actor)]
    found += [i for i in weapon_candidates(encounter, enemy, [actor]) if i.target == actor]
    found += [i for i in power_candidates(encounter, enemy, [actor]) if i.target == actor]
    return found


def threat_rates(
    encounter: Encounter,
    enemy: str,
    actor: str,
    intent: Intent,
    covers: Sequence[Cover],
    *,
    paced: bool = False,
) -> tuple[float, float]:
    """``enemy``'s expected damage per segment to ``actor`` with ``intent``: as things are, and
    with ``covers`` besides; every spare Q on damage (:func:`blow_rate`), or ``paced``
    (:func:`paced_rate`)."""
    raw = raw_damage(encounter, enemy, intent)
    if raw is None:
        return 0.0, 0.0
    rated = paced_rate if paced else blow_rate
    time = performance_time(encounter, enemy, intent)
    defense = encounter.state[actor].defense + attack_penalty(encounter, intent)
    now = target_odds(encounter, enemy, actor, intent, raw, defense, time)
    if not covers:
        rate = rated(encounter, now)
        return rate, rate
    guarded = blow_protections(encounter, enemy, actor, intent, raw, covers)
    return rated(encounter, now), rated(encounter, replace(now, protections=guarded))


def defense_use(encounter: Encounter, actor: str, intent: Intent) -> bool:
    spec = power_spec(encounter, actor, intent)
    use = spec.use(intent.action) if spec is not None else None
    return use is not None and use.role == DEFENSE


def care_estimate(encounter: Encounter, actor: str, intent: Intent) -> Estimate | None:
    """First Aid: the chance × the bleeding DP a success saves, per segment of its round."""
    patient = patient_of(encounter, actor, intent)
    if patient is None or patient not in encounter.state.ids():
        return None
    spell = bleeding_spell(encounter.log, patient)
    sheet = encounter.character(actor).sheet
    best = highest_success(sheet, spell.penetrating_lost, len(attempts_on(encounter, patient)))
    chance = min(PERCENT, max(0, best)) / PERCENT
    saved = chance * spell.wounds * BLEEDING_PER_WOUND * rounds_saved(encounter)
    value = saved / FIRST_AID.performance_time
    return Estimate(intent, "care", patient, value=value, ep_cost=ep_cost(encounter, 0))


def rounds_saved(encounter: Encounter) -> int:
    """Rounds of bleeding a success saves: G-173 ``halves`` — a Bleeding Roll every round
    instead of every second (G-19); ``stops`` — the rounds until the next Bleeding Roll."""
    if encounter.defaults.of(FirstAidDefaults).G173_first_aid == "stops":
        return ROUNDS_BETWEEN_BLEEDING_ROLLS
    return ROUNDS_BETWEEN_BLEEDING_ROLLS - ROUNDS_BETWEEN_BLEEDING_ROLLS // FIRST_AID_DIVISOR


def double_action_estimate(encounter: Encounter, actor: str, intent: Intent) -> Estimate | None:
    """Double Action: its best attack now at the penalty, worth two times the chance of the
    %Control roll, after the segments a miss would lose on average (module docstring)."""
    level = control(encounter, actor)
    chance = min(PERCENT, level) / PERCENT
    penalty = double_action_penalty(level // 2)
    best: tuple[float, Estimate, AttackOdds] | None = None
    for blow in attack_candidates(encounter, actor):
        estimate = attack_estimate(encounter, actor, blow)
        if estimate is None or estimate.attack is None:
            continue
        penalized = penalized_odds(encounter, actor, blow, estimate.attack, penalty)
        rate = blow_rate(encounter, penalized)
        if best is None or rate > best[0]:
            best = (rate, estimate, penalized)
    if best is None:
        return None
    lost = (1 - chance) * double_action_surprise((PERCENT - level) // 2)
    row = int(encounter.rules.definition(DOUBLE_ACTION.name).ep_row)
    return Estimate(
        intent,
        "double",
        best[1].target,
        best[2],
        delay=round(lost),
        ep_cost=ep_cost(encounter, row),
        blows=chance * COMBINED,
    )


def attack_candidates(encounter: Encounter, actor: str) -> list[Intent]:
    """The attacks proposed now that the rules would let start beside a double action: those
    at an enemy in reach or range (no run, no draw)."""
    enemies = enemies_nearest_first(encounter, actor)
    reach = [e for e in enemies if in_contact(encounter, actor, e)]
    return [
        *(Intent(FIST_ATTACK.name, target=e) for e in reach),
        *(i for i in weapon_candidates(encounter, actor, enemies) if i.target is not None),
        *(i for i in power_candidates(encounter, actor, enemies) if i.target is not None),
    ]


def blow_rate(encounter: Encounter, odds: AttackOdds) -> float:
    """Expected damage per segment of Performance Time."""
    return expected_blow(odds, bonus_rows(encounter))[1] / max(1, odds.performance_time)


def paced_rate(encounter: Encounter, odds: AttackOdds) -> float:
    """Expected damage per segment with each roll's spare Q split between speed and damage
    for the most a segment (:func:`~mands_sim.policy.tactician.paced_blow`)."""
    return paced_blow(odds, bonus_rows(encounter), encounter.defaults)


def penalized_odds(
    encounter: Encounter,
    actor: str,
    intent: Intent,
    odds: AttackOdds,
    penalty: int,
    pool: int | None = None,
) -> AttackOdds:
    """``odds`` with ``penalty`` more on the Combat Roll's Bonus Pool (Sphere chart); ``pool``:
    that pool as :func:`combat_pool` gives it, when already known."""
    pool = combat_pool(encounter, actor, intent) if pool is None else pool
    charts = encounter.charts
    change = pool_bonus(pool + penalty, charts) - pool_bonus(pool, charts)
    return replace(odds, needed=odds.needed + change)


# -- a round of rest ------------------------------------------------------------------------------


@dataclass
class FightPlan:
    """Fighting on as the rest estimate reckons it: ``actor``'s attack ``intent`` at one enemy
    (its ``odds`` weighed at an EP deficit of ``deficit``), blow after blow, the first after
    ``delay`` segments (a run to reach it), in a fight of ``length`` segments: the run, then
    :func:`~mands_sim.policy.tactician.fight_length` at the attack's rate."""

    encounter: Encounter
    actor: str
    intent: Intent
    odds: AttackOdds
    ep_cost: Fraction
    deficit: int
    delay: int
    length: float
    _blows: dict[int, float] = field(default_factory=dict)
    _pool: int | None = None

    @property
    def penalized(self) -> bool:
        """Whether low EP costs anything here (G-16, G-231:
        ``mands_rulebook.combat.exhaustion``)."""
        return plays(self.encounter)

    def blow(self, deficit: int) -> float:
        """The expected damage of one blow at an EP deficit of ``deficit`` whole points: G-16
        takes the deficit off the Combat Roll's Bonus Pool (Sphere chart); the odds now carry
        the deficit now, so only the difference is applied (:func:`penalized_odds`)."""
        if deficit not in self._blows:
            odds, now = self.odds, self.deficit
            if self.penalized and deficit != now:
                if self._pool is None:
                    self._pool = combat_pool(self.encounter, self.actor, self.intent)
                change = now - deficit
                odds = penalized_odds(
                    self.encounter, self.actor, self.intent, odds, change, self._pool
                )
            self._blows[deficit] = expected_blow(odds, bonus_rows(self.encounter))[1]
        return self._blows[deficit]

    def damage(self, endurance: Fraction, segments: float) -> float:
        """The expected damage of the plan's blows over ``segments``, starting at ``endurance``
        EP: each blow pays the attack's EP, and is rolled at the G-16 penalty of the EP before
        it is paid (the roll comes first); none once the deficit reaches G-231's floor (spent:
        the rules refuse it). Without ``mands_rulebook.combat.exhaustion``, EP cost nothing here."""
        blows = max(0.0, segments) / max(1, self.odds.performance_time)
        cost = self.ep_cost
        if not self.penalized or cost <= 0:
            deficit = -low_ep_penalty(endurance) if self.penalized else self.deficit
            blow = 0.0 if self._spent(deficit) else self.blow(deficit)
            return blows * blow if blow > 0 else 0.0
        total, ep = 0.0, Fraction(endurance)
        if ep >= 0:
            fresh = math.floor(ep / cost) + 1  # blows started at zero EP or more: no penalty
            total += min(blows, fresh) * self.blow(0)
            blows -= fresh
            ep -= fresh * cost
        for _ in range(MAX_BLOWS):
            deficit = -low_ep_penalty(ep)
            if blows <= 0 or self._spent(deficit):
                break
            damage = self.blow(deficit)
            if damage < NEGLIGIBLE:
                break
            total += min(1.0, blows) * damage
            blows -= 1
            ep -= cost
        return total

    def _spent(self, deficit: int) -> bool:
        floor = exhaustion_floor(self.encounter, self.actor) if self.penalized else None
        return floor is not None and deficit >= floor


def fight_plans(encounter: Encounter, actor: str) -> list[FightPlan]:
    """Each attack ``actor`` could make at each enemy in action (a punch, the weapon ready,
    each power attack: :func:`threats`, turned round), after the segments it takes to reach it
    (:func:`reach_delay`), in the fight its rate would make (``fight_length``)."""
    side = encounter.state[actor].side
    rows = bonus_rows(encounter)
    deficit = -low_ep_penalty(encounter.state[actor].endurance_points)
    plans = []
    for state in encounter.state:
        if state.side == side or not fighting(encounter, state):
            continue
        enemy = state.character_id
        for intent in threats(encounter, actor, enemy):
            estimate = attack_estimate(encounter, actor, intent)
            if estimate is None or estimate.attack is None:
                continue
            odds = estimate.attack
            rate = expected_blow(odds, rows)[1] / max(1, odds.performance_time)
            delay = reach_delay(encounter, actor, intent, enemy)
            length = delay + fight_length(encounter, actor, rate, DEFAULT_HORIZON)
            plans.append(
                FightPlan(encounter, actor, intent, odds, estimate.ep_cost, deficit, delay, length)
            )
    return plans


@dataclass(frozen=True, slots=True)
class RestValue:
    """A round of rest against fighting on, in the game's units (module docstring).

    Attributes:
        segments: the round (the ``rest`` action's Performance Time, G-51).
        endurance_points: EP it gives back (the rules' own amount: ``rest_healing``, G-50).
        virtual_damage_points: VP it gives back: more damage to take before being knocked out.
        later: damage the EP and VP given back let the character deal after the round (more
            blows, at a lighter G-16 penalty, for longer), over what it would deal then
            without them.
        forgone: damage it would deal during the round, and will not.
        taken: damage the enemies' attacks are expected to deal it during the round, the
            round's price: a resting character neither answers nor parries them.
        length: segments the fight is expected to last.
        standing: segments until the enemies' attacks would knock the character out.
    """

    segments: int
    endurance_points: Fraction
    virtual_damage_points: int
    later: float
    forgone: float
    taken: float
    length: float
    standing: float

    @property
    def net(self) -> float:
        """What the round adds to the fight, in damage: later − forgone − taken."""
        return self.later - self.forgone - self.taken

    @property
    def terms(self) -> str:
        """The parts for an explanation."""
        standing = "" if math.isinf(self.standing) else f", standing {self.standing:.0f}"
        return (
            f"rests {self.segments} segments: +{float(self.endurance_points):g} EP and "
            f"+{self.virtual_damage_points} VP ({self.later:.1f} damage later), "
            f"{self.forgone:.1f} damage forgone, {self.taken:.1f} damage taken; "
            f"a {self.length:.0f}-segment fight{standing}"
        )


def rest_value(encounter: Encounter, actor: str) -> RestValue:
    """A round of rest now against fighting on with the plan that would deal the most
    (:func:`fight_plans`) while the fight lasts and the character stands (the enemies' attacks,
    :func:`incoming`, take its VP and DP left): the EP and VP it gives back
    (:func:`~mands_rulebook.kit.rest.rest_healing`, the rules' own amounts) let the plan deal
    more
    after the round (EP: more blows, at a lighter G-16 penalty; VP: standing longer), and it
    deals nothing during the round; knocked out before the round ends, nothing after it."""
    healed = rest_healing(encounter, actor)
    segments = int(encounter.rules.definition(REST.name).performance_time)
    gained, vp = Fraction(healed.endurance_points), int(healed.virtual_damage_points)
    state = encounter.state[actor]
    blows = incoming(encounter, actor)
    health = state.health_left
    standing = standing_time(blows, health)
    rested = standing_time(blows, health + vp) if standing > segments else 0.0
    taken = damage_within(blows, segments)
    plans = fight_plans(encounter, actor)
    if not plans:
        return RestValue(segments, gained, vp, 0.0, 0.0, taken, DEFAULT_HORIZON, standing)
    share = enemies_share(encounter, actor)
    ep = state.endurance_points
    plan = max(plans, key=lambda p: min(share, p.damage(ep, standing - p.delay)))
    first = max(segments, plan.delay)
    now = min(share, plan.damage(ep, standing - plan.delay))
    late = min(share, plan.damage(ep, standing - first))
    after = min(share, plan.damage(ep + gained, rested - first))
    return RestValue(segments, gained, vp, after - late, now - late, taken, plan.length, standing)


def enemies_share(encounter: Encounter, actor: str) -> float:
    """The damage ``actor``'s side still has to deal, its share of it: the VP and DP the
    enemies in action have left over the fighters of its side (G-235)."""
    side = encounter.state[actor].side
    left = sum(s.health_left for s in encounter.state if s.side != side and fighting(encounter, s))
    ours = sum(1 for s in encounter.state if s.side == side and fighting(encounter, s))
    return left / max(1, ours)


def rest_estimate(encounter: Encounter, actor: str, intent: Intent) -> Estimate:
    """A round of rest: what it adds to fighting on (:class:`RestValue`), per segment of the
    fight, on top of the best other candidate (``relative``)."""
    value = rest_value(encounter, actor)
    return Estimate(
        intent,
        "rest",
        value=value.net / max(1.0, value.length),
        relative=True,
        detail=value.terms,
    )


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "policies.candidates",
        CandidateDefaults,
        summary=defaults_summary(CandidateDefaults),
        source="rules text",
    )
