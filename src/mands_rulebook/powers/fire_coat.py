"""Fire Coat (seed "Fire Coat", "Power Example"), on the power kit (``mands_rulebook.kit.powers``).

Seed: "This is the ability to light up like a Roman candle, control fires, and create fire
blasts. Basic Effects: (Damage, Distance, Weight, Blinding, Skin Temper). Automatic Effects:
(Safe Temperature)."

* ``fire-coat-flame-up`` — "firing up to increase his Skin Temper. That's a passive action, so it
  only has a Performance Time of 10" (Power Example): sustained, held round by round (G-75);
  "increase ST by PR divided by 2 rows when flaming" (8 PR → 4 rows). Default spend (G-77): PR
  to bring the EP row to 5 (1 EP per round) first, then an even number on Skin Temper, an odd
  point left over on EP — Sun-Ruler's 12: 4 on EP, 8 on Skin Temper, as in the example.
* ``fire-coat-blast`` — an attack (Performance Time 20, a Combat Roll, maintainable): "Damage is
  the PR/2" (G-77: rounded up, the template's rounding); "The Maximum Range ... See Distance ...
  PR applied to Maximum Range cannot be applied to Damage": Maximum Range = the Distance PR
  Result → Sphere meters; "Short Range and Range Set are standard" (G-21 via
  :func:`~mands_rulebook.kit.powers.attacks.standard_ranges`). Intent options (G-77): ``spread`` —
  "For each point taken from damage, 1 can be added to the Combat Roll" (up to the damage); ``fork``
  — further targets: "dividing the damage between more than one target. Attack Q must be
  supplied for each target" (``mands_rulebook.combat.opponents``: −1 Bonus Pool per extra opponent,
  the Attack split by the mind's ``split_attack`` or evenly, the damage evenly, all landing
  when the blast completes). Default spend: the least Distance PR that reaches the farthest
  target, the rest on damage (Sun-Ruler next to Seraph: all 12 on damage).
* ``fire-coat-blinding`` — lighting up completely (passive, single, Performance Time 10): when
  it completes, everyone else in action within the power's Distance (the PR Result → Sphere
  meters) and in sight saves "vs. blindness" with "a penalty ... of the PR used for blinding,
  times 4"; a failure is blinded for the damage of the PR spent on ``damage`` in segments
  (G-78). Default spend: half the PR (rounded up) on blinding, the rest on damage.
* Safe Temperature (automatic): :func:`fire_temperature`, :func:`safe_temperature_bonus`.
  Weight (flying on rising heat) is not simulated: flight is the ``Flight`` power's (G-67).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from mands_rulebook.kit.damage import Blow, Cover
from mands_rulebook.kit.fists import new_defense
from mands_rulebook.kit.opponents.extra_opponents import PENALTY_PER_OPPONENT
from mands_rulebook.kit.opponents.split_attacks import fork_blast, split_attack
from mands_rulebook.kit.powers import (
    ep_down_to,
    power_refusals,
    power_sustain,
    register_power_actions,
)
from mands_rulebook.kit.powers.attacks import attack_events, sphere_meters, standard_ranges
from mands_rulebook.kit.powers.ratings import anyone_has_power, power_rating
from mands_rulebook.kit.powers.uses import (
    ACTIVE_TIME,
    ATTACK,
    COVERS,
    DEFENSE,
    PASSIVE_TIME,
    POWER_ROW,
    RULES_TEXT,
    PowerSpec,
    PowerSpend,
    PowerUse,
    register_power,
)
from mands_rulebook.kit.range import distance, in_sight, reach_refusals
from mands_rulebook.kit.weapons.table import Ranges
from mands_sim.api import (
    ActionChart,
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    Encounter,
    Event,
    Intent,
    Modifier,
    Register,
    answers_actions,
    hookimpl,
    logged,
    percent_roll,
)

NAME: Final = "Fire Coat"
DAMAGE: Final = "damage"
DISTANCE: Final = "distance"
SKIN_TEMPER: Final = "skin_temper"
BLINDING: Final = "blinding"

SPREAD_OPTION: Final = "spread"
FORK_OPTION: Final = "fork"
"""``Intent.options`` keys of a fire blast: damage points traded for Combat Roll, more targets."""

DAMAGE_DIVISOR: Final = 2  # seed: "Damage is the PR/2"
ROWS_DIVISOR: Final = 2  # seed: "increase ST by PR divided by 2 rows"
BLINDING_PENALTY: Final = 4  # seed: "a penalty to that roll of the PR used for blinding, times 4"
DEGREES_PER_PR: Final = 100  # seed: "the PR applied to damage, times 100, degrees Celsius"
FLAME_EP_ROW: Final = 5  # Power Example: "using 1 EP per round" (EP Use Chart row 5)
BLINDED_SIGHT: Final = 0  # G-78: a blinded character fights as with Sight 0


def fire_damage(pr: int) -> int:
    """Seed: "Damage is the PR/2" (G-77: rounded up; 12 → 6)."""
    return math.ceil(pr / DAMAGE_DIVISOR)


def flame_rows(pr: int) -> int:
    """Seed: "PR divided by 2 rows" (Power Example: 8 PR → 4 rows)."""
    return pr // ROWS_DIVISOR


def fire_temperature(damage_pr: int) -> int:
    """Seed "Safe Temperature": the fire is "the PR applied to damage, times 100" °C."""
    return DEGREES_PER_PR * damage_pr


def safe_temperature_bonus(power_rating: int) -> int:
    """Seed: added to the Maximum Safe Temperature "using maximum PR" (temperatures are not
    simulated in encounters; the number is for sheets and reports)."""
    return fire_temperature(power_rating)


# --- the flame-up ------------------------------------------------------------------------------


def flame_up_spend(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    """G-77: to row 5 first, then an even number of PR on Skin Temper, an odd one to EP."""
    ep = ep_down_to(FLAME_EP_ROW, POWER_ROW, pr)
    rows_pr = (pr - ep) - (pr - ep) % ROWS_DIVISOR
    return {"ep": pr - rows_pr, SKIN_TEMPER: rows_pr}


def flame_up_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    rows = flame_rows(spend[SKIN_TEMPER])
    return {COVERS: (Cover(f"{NAME} (flaming)", 100, skin_temper_rows=rows),)}


FLAME_UP = PowerUse(
    action=ActionDefinition(
        name="fire-coat-flame-up",
        performance_time=PASSIVE_TIME,  # Power Example: "a Performance Time of 10"
        is_passive=True,  # Power Example: "That's a passive action"
        is_sustained=True,  # Power Example: "using 1 EP per round"
        ep_row=POWER_ROW,
        summary="Light up: Skin Temper + PR/2 rows while flaming, held round by round.",
    ),
    effects=(SKIN_TEMPER,),
    default_spend=flame_up_spend,
    role=DEFENSE,
    prepare=flame_up_prepared,
)


# --- the fire blast ----------------------------------------------------------------------------


def blast_targets(intent: Intent) -> tuple[str, ...]:
    """The blast's target, then the ``fork`` targets."""
    fork = intent.names(FORK_OPTION)
    return () if intent.target is None else (intent.target, *fork)


def distance_pr(chart: ActionChart, meters: float, pr: int) -> int:
    """The least PR (up to ``pr``) whose Result → Sphere meters reach ``meters``."""
    return next((p for p in range(pr + 1) if sphere_meters(chart, p) >= meters), pr)


def blast_spend(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    """G-77: the least Distance PR that reaches the farthest target; the rest on damage."""
    farthest = max((distance(encounter, actor, t) for t in blast_targets(intent)), default=0.0)
    reach = 0 if farthest <= 0 else distance_pr(encounter.charts.action, farthest, pr)
    return {DISTANCE: reach, DAMAGE: pr - reach}


def blast_ranges(chart: ActionChart, spent: Mapping[str, int], pr: int) -> Ranges:
    """Seed "Distance": Maximum Range = the Distance PR Result → Sphere meters; Short Range and
    Range Set "standard" (G-21)."""
    return standard_ranges(chart, pr, sphere_meters(chart, spent.get(DISTANCE, 0)))


def spread(intent: Intent, spend: PowerSpend) -> int:
    """Damage points traded for the Combat Roll (intent option ``spread``), up to the damage."""
    return max(0, min(intent.whole(SPREAD_OPTION), fire_damage(spend[DAMAGE])))


def spread_bonus(encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend) -> int:
    """Seed: "For each point taken from damage, 1 can be added to the Combat Roll"."""
    return spread(intent, spend)


def blast_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {
        "power_damage": fire_damage(spend[DAMAGE]) - spread(intent, spend),
        "temperature": fire_temperature(spend[DAMAGE]),
        "targets": blast_targets(intent),
    }


def blast_blow(encounter: Encounter, actor: str, target: str, action: ActionInProgress) -> Blow:
    """The fire's damage less the spread, plus the damage Q; never below 0."""
    raw = max(0, action.prepared.whole("power_damage") + action.prepared.whole("damage"))
    return Blow(raw=raw, source=actor, weapon=NAME)


def resolve_blast(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """One target: as any power attack. Forked: the Defense bought, then the damage divided
    and each target's own Attack (``mands_rulebook.kit.opponents.split_attacks.fork_blast``)."""
    targets: Sequence[str] = action.prepared.of("targets", tuple, ())
    if len(targets) < 2:
        return attack_events(encounter, actor, action, blast_blow)
    attack = action.prepared.whole("attack")
    if action.prepared.whole("quality", 0) >= 0:
        attacks = split_attack(encounter, actor, targets, attack)
    else:  # a failure's Attack share goes against each target (as a sweep's, G-81)
        attacks = tuple(attack for _ in targets)
    blow = blast_blow(encounter, actor, targets[0], action)
    events: list[Event] = []
    if "defense" in action.prepared:
        events.append(new_defense(encounter, actor, action))
    return events + fork_blast(encounter, blow, dict(zip(targets, attacks, strict=True)))


BLAST = PowerUse(
    action=ActionDefinition(
        name="fire-coat-blast",
        performance_time=ACTIVE_TIME,  # seed "Power Rolls": most powers take 20
        ep_row=POWER_ROW,  # Power Example: all 12 PR on effects, "5 EP for this attack"
        needs_target=True,
        can_maintain=True,  # seed "Maintaining an Attack"
        summary="A fire blast: Combat Roll, PR/2 damage; PR on Distance sets Maximum Range; "
        "options spread and fork.",
        options=(
            ActionOption(FORK_OPTION, "characters", "further targets the blast forks to"),
            ActionOption(
                SPREAD_OPTION, "number", "fire damage spread over the area instead of the target"
            ),
        ),
    ),
    effects=(DAMAGE, DISTANCE),
    default_spend=blast_spend,
    role=ATTACK,
    prepare=blast_prepared,
    resolve=resolve_blast,
    ranges=blast_ranges,
    roll_bonus=spread_bonus,
)


# --- Blinding (G-78) ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Blinded(Event):
    """``character`` cannot see until segment ``until`` (seed "Blinding"; G-78)."""

    kind: ClassVar[str] = "blinded"
    character: str
    source: str
    until: int

    def narrative(self) -> str:
        return f"{self.character} is blinded by {self.source}'s flames until segment {self.until}."


def blinding_spend(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    blinding = math.ceil(pr / 2)
    return {BLINDING: blinding, DAMAGE: pr - blinding}


def blinding_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {
        "save_penalty": BLINDING_PENALTY * spend[BLINDING],
        "blinded_for": fire_damage(spend[DAMAGE]),
        "area": sphere_meters(encounter.charts.action, spend.power_rating),
    }


def in_the_area(encounter: Encounter, actor: str, meters: float) -> list[str]:
    """G-78: everyone else in action within the fire's Distance and in sight, in the
    encounter's tie-break order (G-227)."""
    return [
        other
        for other in encounter.ranked(encounter.state.ids())
        if other != actor
        and encounter.state[other].in_action
        and distance(encounter, actor, other) <= meters
        and in_sight(encounter, actor, other)
    ]


def resolve_blinding(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """Seed: "Those in the area must make a Perception roll vs. blindness" (G-48: d100 ≤
    Perception, here less the penalty); a failure is blinded for the damage in segments."""
    events: list[Event] = []
    penalty = action.prepared.whole("save_penalty")
    for other in in_the_area(encounter, actor, action.prepared.number("area")):
        chance = int(encounter.figured(other).perception) - penalty
        save = percent_roll(encounter, other, "save vs. blindness", chance)
        events.append(save)
        if not save.succeeded and action.prepared.whole("blinded_for") > 0:
            until = encounter.now + action.prepared.whole("blinded_for")
            events.append(Blinded(encounter.now, other, actor, until))
    return events


BLINDING_USE = PowerUse(
    action=ActionDefinition(
        name="fire-coat-blinding",
        performance_time=PASSIVE_TIME,  # G-78: lighting up completely is passive, as flaming
        is_passive=True,
        ep_row=POWER_ROW,
        summary="Light up completely: everyone near saves vs. Perception - 4 x PR or is "
        "blinded for the damage in segments.",
    ),
    effects=(BLINDING, DAMAGE),
    default_spend=blinding_spend,
    prepare=blinding_prepared,
    resolve=resolve_blinding,
)

FIRE_COAT = PowerSpec(
    name=NAME,
    summary="Light up like a Roman candle: Skin Temper while flaming, fire blasts, Blinding.",
    source=RULES_TEXT,
    uses=(FLAME_UP, BLAST, BLINDING_USE),
)


def blinded_until(encounter: Encounter, character: str) -> int:
    """The segment until which ``character`` is blinded (0: never was)."""
    found = (e.until for e in logged(encounter, Blinded, character))
    return max(found, default=0)


def anyone_has_fire_coat(encounter: Encounter) -> bool:
    return anyone_has_power(encounter, FIRE_COAT)


def blinded_modifier(encounter: Encounter, actor: str) -> Modifier | None:
    """G-78: while blinded, the Sight-0 Close modifier (``docs/rules/charts.md`` §6) on the Combat
    Roll, besides the character's own."""
    if encounter.now >= blinded_until(encounter, actor):
        return None
    penalty = int(encounter.charts.sight.modifiers(BLINDED_SIGHT).close)
    return Modifier(penalty, "blinded", "G-78: Fire Coat's Blinding (Sight 0)")


def fork_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """Every forked target distinct, another character, and in reach of all the PR."""
    targets = blast_targets(intent)
    if len(set(targets)) != len(targets):
        return ["a forked blast names a target twice"]
    pr = power_rating(encounter, actor, FIRE_COAT)
    reach = blast_ranges(encounter.charts.action, {DISTANCE: pr}, pr)
    reasons: list[str] = []
    for target in targets[1:]:
        if target not in encounter.state.ids() or target == actor:
            reasons.append(f"{target!r} cannot be a fork of the blast")
        else:
            reasons += reach_refusals(encounter, actor, target, reach)
    return reasons


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, FIRE_COAT)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, FIRE_COAT)


@hookimpl
@answers_actions(*FIRE_COAT.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    reasons = power_refusals(encounter, actor, intent, FIRE_COAT)
    if intent.action == BLAST.action.name and not reasons:
        reasons += fork_refusals(encounter, actor, intent)
    return reasons


@hookimpl
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    """A forked blast's extra opponents (seed "Combat Roll": −1 each); being blinded (G-78)."""
    if purpose != "combat" or not anyone_has_fire_coat(encounter):
        return []
    found: list[Modifier] = []
    forks = len(blast_targets(intent)) - 1 if intent.action == BLAST.action.name else 0
    if forks > 0:
        penalty = -PENALTY_PER_OPPONENT * forks
        found.append(Modifier(penalty, "multiple opponents", "seed Fire Coat: forked blast"))
    blinded = blinded_modifier(encounter, actor)
    return [*found, blinded] if blinded else found


@hookimpl
@answers_actions(*FIRE_COAT.actions)
def mands_action_sustain(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    return power_sustain(encounter, actor, action, FIRE_COAT)
