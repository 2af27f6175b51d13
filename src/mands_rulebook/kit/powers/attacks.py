"""Power attacks: the Combat Roll of a power attack, its ranges, and touches
(``docs/rules/combat.md`` §5–7, §11, §17a; seed "Power Rolls"; G-13, G-14, G-15, G-20, G-21, G-54,
G-55, G-79, G-120).

Part of the power kit (:mod:`mands_rulebook.kit.powers`):

* **Attacks** need a Combat Roll (twice Agility on the Sphere chart, pool ⌊Learning/10⌋ plus the
  Bonus Pool modifiers, range and sight as ``mands_rulebook.combat.range`` counts them) whose Q the
  mind
  spends as for a punch (``mands_rulebook.combat.fists``): Attack, Defense (G-15), speed, damage
  (G-11),
  EP; a failure is spread (G-14). EP: the Combat Roll's row 5 less EP Q (seed "Combat Roll":
  "The Combat Roll costs 1 EP (it starts at Row 5)"; seed "Power Rolls": "Each action uses EP
  separately"; G-13) and the power's row less EP PR. A follow-up of a maintained blast
  (``mands_rulebook.combat.maintained``) rolls nothing: ¼ Performance Time, the chain's Attack −2
  per shot, the blast's row +1 (G-54, G-55).
* **Ranges** (§11; G-20, G-21): a PR read on the Sphere chart as meters; the Cosmic-Rays
  geometry of the power template.
* **Touches** ("must hit for DP, or use N Quality Points from the Combat Roll", G-79, G-120): a
  use with ``touch = N`` is an attack in contact whose intent option ``touch`` sets N Q of a
  success aside before the mind spends the rest; :func:`touch_attack` lands its carrier (a
  punch: Hand Damage plus the damage Q) and says whether the touch took effect.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final, Literal

from mands_rulebook.kit.control import POWER_OPTION
from mands_rulebook.kit.damage import Blow, condition_after, strike
from mands_rulebook.kit.editing_points.rolls import character_roll
from mands_rulebook.kit.fists import (
    COMBAT_ROLL_ROW,
    new_defense,
    prepare_blow,
    roll_event,
    spend_quality,
)
from mands_rulebook.kit.maintained import maintained_shot
from mands_rulebook.kit.powers.ratings import encounter_registries, power_rating
from mands_rulebook.kit.powers.uses import BlowFor, PowerSpend, PowerUse, PowerUsed
from mands_rulebook.kit.range import CONTACT, Reach, distance, range_modifier, sight_modifier
from mands_rulebook.kit.weapons.table import Ranges
from mands_sim.actions import ActionInProgress, ActionOption, Intent, Resolve
from mands_sim.charts.action import ActionChart
from mands_sim.defaults import rule_default
from mands_sim.events import AttackResolved, Event, QualityAllocated
from mands_sim.kernel.contracts import Charge, Initiation
from mands_sim.kernel.encounter import Encounter
from mands_sim.rolls import ActionRoll, reduced_performance_time


@dataclass(frozen=True, slots=True)
class PowerAttackDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-13."""

    G13_power_attack_ep: Literal["both", "power_only"] = rule_default(
        "G-13",
        "EP for power attacks: the power's row and the Combat Roll's row 5 ('both', as a punch "
        "pays row 5 besides Hand Damage's row 7) or the power's row only ('power_only', as the "
        "Power Example quotes only Sun-Ruler's 5 EP).",
        "both",
        ("both", "power_only"),
    )


TOUCH_OPTION: Final = "touch"
TOUCH_ENTRY: Final = ActionOption(
    TOUCH_OPTION, "flag", "set a success's N Q aside for the touch (seed), the rest spent"
)
"""``Intent.options`` key: set aside Combat-Roll Q to touch instead of hitting for DP."""

SET_ASIDE: Final = "touch_quality"
TOUCH_NEEDED: Final = "touch_needed"
"""``prepared`` keys of a touch: the Q set aside (0: the blow must take DP) and its N."""

# --- ranges and touch (docs/rules/combat.md §11; G-20, G-21)
# ------------------------------------------


def sphere_meters(chart: ActionChart, row: int) -> float:
    """A PR read "from the Result column to the Sphere column" as meters (fractions at or below
    row 0, G-02)."""
    return float(chart.from_result("sphere", row, magnitude=True))


def cosmic_ray_ranges(chart: ActionChart, pr: int) -> Ranges:
    """Seed "Cosmic Rays": Short Range = the PR Result → Sphere meters, Range Set 4 rows lower,
    Maximum Range 5 rows higher (the template's default, ``docs/rules/powers.md`` §3, G-21)."""
    return Ranges(
        sphere_meters(chart, pr), sphere_meters(chart, pr - 4), sphere_meters(chart, pr + 5)
    )


def standard_ranges(chart: ActionChart, power_rating: int, max_range: float) -> Ranges:
    """G-21 "standard" Short Range and Range Set (Cosmic-Rays geometry on the power's PR) under
    a Maximum Range the power sets itself (Fire Coat's Distance); Short Range never beyond it."""
    short = min(sphere_meters(chart, power_rating), max_range)
    return Ranges(short, sphere_meters(chart, power_rating - 4), max_range)


def reach_for(encounter: Encounter, use: PowerUse, spent: Mapping[str, int], pr: int) -> Reach:
    return CONTACT if use.ranges is None else use.ranges(encounter.charts.action, spent, pr)


def range_pool(encounter: Encounter, actor: str, target: str, reach: Reach) -> int:
    """G-20's range penalty and the seed-002 sight modifier, as ``mands_rulebook.combat.range``
    counts
    them for weapons, for the Combat Roll of a power attack, at the distance the target seems
    to be (seed "Sight": true distance ÷ Sight Power, for Short Range and Range Sets, G-136)."""
    meters = 0.0 if reach == CONTACT else distance(encounter, actor, target)
    meters = seen_distance(encounter, actor, meters)
    penalty = range_modifier(encounter, reach, meters) if isinstance(reach, Ranges) else None
    return (penalty.amount if penalty else 0) + sight_modifier(encounter, actor, reach, meters)


SIGHT_POWER: Final = "Sight Power"
"""The power that makes distances seem shorter (seed "Sight", G-136): the kit asks for it by
name, so the kit never imports a power's plugin; left out, nobody has it."""


def apparent_distance(meters: float, power: int) -> float:
    """Seed "Sight": the distance divided by the sight power (a power below 1 changes nothing)."""
    return meters / power if power >= 1 else meters


def seen_distance(encounter: Encounter, actor: str, meters: float) -> float:
    """How far ``meters`` seem to ``actor``: divided by its Sight Power, if it has one."""
    entry = encounter_registries(encounter).powers.get(SIGHT_POWER)
    if entry is None:
        return meters
    return apparent_distance(meters, power_rating(encounter, actor, entry.payload))  # type: ignore[arg-type]


def touch_quality(intent: Intent, quality: int, needed: int) -> int:
    """Seed ("Absorption", "Death Touch" …): "must hit for DP, or use N Quality Points from the
    Combat Roll": the N set aside off a success when the intent asks to touch (``touch``)."""
    return needed if intent.options.get(TOUCH_OPTION) and quality >= needed else 0


def touched(damage_points_lost: int, set_aside: int, needed: int) -> bool:
    """The touch takes effect: the blow took DP, or the N Q were spent."""
    return damage_points_lost > 0 or set_aside >= needed > 0


def touch_blow(encounter: Encounter, actor: str, target: str, action: ActionInProgress) -> Blow:
    """The carrier of a touch (G-79, G-120): a punch, Hand Damage plus the damage Q, never
    below 0, dealt by the power the intent names."""
    hand = int(encounter.figured(actor).hand_damage)
    raw = max(0, hand + action.prepared.whole("damage"))
    return Blow(raw=raw, source=actor, weapon=str(action.prepared.get(POWER_OPTION) or ""))


def touch_attack(
    encounter: Encounter, actor: str, action: ActionInProgress
) -> tuple[list[Event], bool]:
    """A touch use's Defense, Attack and carrier (:func:`attack_events` with
    :func:`touch_blow`), and whether the touch took effect: it hit, and the carrier took DP or
    the N Q were set aside."""
    events = attack_events(encounter, actor, action, touch_blow)
    target = action.intent.target
    assert target is not None
    hit = any(isinstance(e, AttackResolved) and e.hit for e in events)
    lost = damage_points_lost(encounter, target, events)
    needed = action.prepared.whole(TOUCH_NEEDED, 0)
    return events, hit and touched(lost, action.prepared.whole(SET_ASIDE, 0), needed)


TouchEffect = Callable[[Encounter, str, str, int, list[Event]], list[Event]]
"""``(encounter, actor, target, pr, events so far) -> events``: what a touch that took effect
does, with the PR its use kept."""


def touch_resolution(rating: str, effect: TouchEffect) -> Resolve:
    """A touch use's ``resolve``: :func:`touch_attack`, then, if the touch took effect,
    ``effect`` with the PR the use kept as ``prepared[rating]``."""

    def resolve(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
        events, lands = touch_attack(encounter, actor, action)
        if not lands:
            return events
        target = action.intent.target
        assert target is not None
        return events + effect(encounter, actor, target, action.prepared.whole(rating), events)

    return resolve


def damage_points_lost(encounter: Encounter, target: str, events: list[Event]) -> int:
    """Body DP the (not yet applied) ``events`` take from ``target``."""
    return encounter.state[target].damage_points - condition_after(encounter, target, events)[1]


# --- the Combat Roll and the blow (docs/rules/combat.md §5-7; G-13, G-15, G-54, G-55)
# ------------------


def attack_initiation(
    encounter: Encounter,
    actor: str,
    intent: Intent,
    use: PowerUse,
    spend: PowerSpend,
    used: PowerUsed,
    prepared: dict[str, object],
) -> Initiation:
    """A maintained follow-up, or a first shot: Combat Roll, Q, EP (G-13) and time."""
    definition = use.action
    shot = maintained_shot(encounter, actor, intent, definition)
    if shot is not None:  # G-75: PR on effects only; no roll, so no Defense or damage Q
        return shot.initiation(f"maintained {definition.name}", {**prepared, "damage": 0}, (used,))
    assert intent.target is not None
    reach = reach_for(encounter, use, spend.effects, spend.power_rating)
    bonus = use.roll_bonus(encounter, actor, intent, spend)
    pool = range_pool(encounter, actor, intent.target, reach)
    roll = power_combat_roll(encounter, actor, intent, pool=pool, bonus=bonus, power=used.power)
    set_aside = touch_quality(intent, roll.quality, use.touch)
    allocation = spend_quality(encounter, actor, intent, roll.quality - set_aside)
    speed = spend.speed + allocation.speed
    a = allocation
    quality = QualityAllocated(
        encounter.now, actor, definition.name, a.attack, a.defense, a.speed, a.damage, a.ep
    )
    return Initiation(
        performance_time=reduced_performance_time(
            definition.performance_time, speed, encounter.defaults
        ),
        events=(used, roll_event(encounter, actor, roll), quality),
        charges=power_attack_charges(encounter, allocation.ep, spend.ep_row, definition.name),
        prepared={
            **prepared,
            **prepare_blow(encounter, actor, roll.quality, allocation),
            "quality": roll.quality,
            "reach": reach,
            **({SET_ASIDE: set_aside, TOUCH_NEEDED: use.touch} if use.touch else {}),
        },
    )


def power_attack_charges(
    encounter: Encounter, ep_quality: int, power_row: int, action: str
) -> tuple[Charge, ...]:
    """G-13: the power's row, and the Combat Roll's row 5 less its EP Q unless the switch
    ``G13_power_attack_ep`` is ``power_only`` (the Power Example's 5 EP alone)."""
    power = Charge(power_row, action)
    if encounter.defaults.of(PowerAttackDefaults).G13_power_attack_ep == "power_only":
        return (power,)
    return (Charge(COMBAT_ROLL_ROW - ep_quality, "combat roll"), power)


def power_combat_roll(
    encounter: Encounter,
    actor: str,
    intent: Intent,
    *,
    pool: int = 0,
    bonus: int = 0,
    power: str | None = None,
) -> ActionRoll:
    """The Combat Roll of a power attack (§5): twice Agility on the Sphere chart (+ ``bonus``),
    pool ⌊Learning/10⌋ + the Bonus Pool modifiers + ``pool`` (range, sight). Editing Points on
    it train the combat skill with ``power`` (seed 000: Seraph's "combat skill with
    Electricity"; the action's name when no power is given)."""
    figured = encounter.figured(actor)
    return character_roll(
        encounter,
        actor,
        intent,
        "combat",
        target=figured.combat_roll + bonus,
        pool=pool + figured.combat_pool,
        improves=combat_skill_with(power or intent.action),
    )


def combat_skill_with(power: str) -> str:
    """Seed 000: the points a combat roll with a power is edited by go to "his combat skill
    with Electricity"."""
    return f"combat with {power}"


def attack_events(
    encounter: Encounter, actor: str, action: ActionInProgress, blow: BlowFor
) -> list[Event]:
    """G-15: the Defense bought takes effect; Attack ≥ Defense hits (§6); the blow lands
    through ``strike`` (§7)."""
    target = action.intent.target
    assert target is not None
    attack = action.prepared.whole("attack")
    defense = encounter.state[target].defense
    hit = attack >= defense
    events: list[Event] = [AttackResolved(encounter.now, actor, target, attack, defense, hit)]
    if "defense" in action.prepared:  # a maintained follow-up rolled nothing and buys none
        events.insert(0, new_defense(encounter, actor, action))
    return (
        events + strike(encounter, target, blow(encounter, actor, target, action))
        if hit
        else events
    )
