"""What the martial and wrestling attacks share (not a plugin; ``docs/rules/combat.md`` §5–7, G-86).

Each skill attack is a Combat Roll as a fist's (:mod:`mands_rulebook.combat.fists`): twice Agility
on the Sphere chart, the Bonus Pool with its modifiers (the Combat Skill's G-26 bonus for the
attack's own skill, :mod:`.combat_skills`), Quality spent by the mind on Attack, Defense, speed,
damage and EP, the Defense taking effect when the attack resolves (G-15), a hit when Attack ≥
Defense (§6). They need contact with the target, as a fist does
(:mod:`mands_rulebook.combat.range`), and take the Close sight modifier. EP: the Combat Roll's row 5
less EP Q, and the Hand Damage row 7 less the points withheld (seed "Hand Damage") for the attacks
that deal Hand Damage.

A throw (Martial Throw, Body Throw) sends its victim along the map as a throwback does
(:func:`mands_rulebook.kit.throw_flight.flight`: over open ground, stopped only by a wall or an
obstacle, whose meters left land as collision damage, G-68, G-245) and the victim takes the
throw's damage through :func:`mands_rulebook.kit.damage.strike`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any, Final

from mands_rulebook.kit.damage import Blow, strike
from mands_rulebook.kit.falling import thrown_fall
from mands_rulebook.kit.fists import (
    CALLED_SHOT_OPTION,
    COMBAT_ROLL_ROW,
    FIST_SKILL,
    HAND_DAMAGE_ROW,
    WITHHOLD_OPTION,
    called_shot,
    called_shot_penalty,
    combat_roll,
    new_defense,
    prepare_blow,
    roll_event,
    spend_quality,
)
from mands_rulebook.kit.positions import position_now
from mands_rulebook.kit.range import CONTACT, reach_refusals, sight_modifier
from mands_rulebook.kit.skills import skill_level
from mands_rulebook.kit.surprise import (
    Surprised,
    action_penalty,
    bought_down,
    surprise_events,
    surprised_until,
)
from mands_rulebook.kit.throw_flight import flight
from mands_rulebook.kit.throwback import ThrownBack, collision, moved
from mands_sim.api import (
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    AttackResolved,
    Charge,
    Encounter,
    Event,
    Initiate,
    Initiation,
    Intent,
    Modifier,
    QualityAllocated,
    Register,
    reduced_performance_time,
    register_actions,
)

Effect = Callable[[Encounter, str, str, ActionInProgress], list[Event]]
"""``(encounter, actor, target, action) -> events``: what a skill attack does to whom it hits."""

SKILL_ATTACK_TIME: Final = 15
"""G-86: a martial or wrestling blow takes a fist's Performance Time (``docs/rules/charts.md``
§8)."""

ATTACK_SKILLS: Final[Mapping[str, str]] = {
    "martial-kick": "Martial Kick",
    "martial-punch": "Martial Punch",
    "martial-throw": "Martial Throw",
    "nerve-pinch": "Nerve Pinch",
    "body-hold": "Body Hold",
    "body-smash": "Body Smash",
    "body-throw": "Body Throw",
}
"""Each skill attack's action and the skill it uses (seed "Skills")."""

THROWS: Final = frozenset({"martial-throw", "body-throw"})
"""The attacks that throw (seed "Mass": the light thrower's penalty applies to them)."""

WITHHOLD: Final = "withhold_damage"
"""``Intent.options``: points of Hand Damage held back (seed "Hand Damage"), as for a fist."""


def skill_attack(
    name: str,
    summary: str,
    performance_time: int = SKILL_ATTACK_TIME,
    options: tuple[ActionOption, ...] = (),
) -> ActionDefinition:
    """The definition of the skill attack ``name`` (a Combat Roll starting at EP row 5): it
    reads ``withhold_damage`` and ``called_shot`` as a fist does, and ``options`` besides."""
    return ActionDefinition(
        name=name,
        performance_time=performance_time,
        ep_row=COMBAT_ROLL_ROW,
        needs_target=True,
        summary=summary,
        options=(WITHHOLD_OPTION, CALLED_SHOT_OPTION, *options),
    )


def contact_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """A skill attack needs a target in contact, as a fist does
    (``mands_rulebook.combat.range``)."""
    if intent.target is None:
        return [f"{intent.action} needs a target"]
    return reach_refusals(encounter, actor, intent.target, CONTACT)


def skill_attack_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """A skill attack needs a target in contact and a level in its skill (G-86)."""
    reasons = contact_refusals(encounter, actor, intent)
    if attack_skill_level(encounter, actor, intent.action) <= 0:
        reasons.append(f"{actor} has no {ATTACK_SKILLS[intent.action]} skill (G-86)")
    return reasons


def attack_skill_level(encounter: Encounter, actor: str, action: str) -> int:
    """The effective level of the skill ``action`` uses (G-85)."""
    return skill_level(encounter.character(actor).sheet, ATTACK_SKILLS[action])


def close_sight(encounter: Encounter, actor: str) -> list[Modifier]:
    """Seed 002 "Sight": the Close modifier of an attack in contact."""
    sight = sight_modifier(encounter, actor, CONTACT, 0.0)
    return [Modifier(sight, "sight", "seed 002 Sight: Close")] if sight else []


# --- initiation --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AttackPlan:
    """What one skill attack asks of the shared initiation.

    Attributes:
        set_aside: Q taken off a success before the mind spends the rest (Body Throw's 5 Q;
            Martial Throw's Mass reduction), given the roll's Q.
        location: the body location aimed at (``None``: the intent's ``called_shot``).
        hand_damage: the attack deals Hand Damage (pays row 7 less the points withheld).
        charges: further EP charges (focus).
        prepared: further values for the resolution.
    """

    set_aside: Callable[[int], int] = lambda quality: 0
    location: str | None = None
    hand_damage: bool = True
    charges: tuple[Charge, ...] = ()
    prepared: Mapping[str, object] | None = None


def initiate_attack(
    encounter: Encounter,
    actor: str,
    intent: Intent,
    definition: ActionDefinition,
    plan: AttackPlan,
) -> Initiation:
    """Roll the Combat Roll, set aside what the attack needs, let the mind spend the rest."""
    location = plan.location or called_shot(intent)
    improves = ATTACK_SKILLS.get(definition.name, FIST_SKILL)  # an escape trains fists
    roll = combat_roll(encounter, actor, intent, improves=improves)
    aside = plan.set_aside(roll.quality) if roll.quality >= 0 else 0
    allocation = spend_quality(encounter, actor, intent, roll.quality - aside)
    blow = prepare_blow(encounter, actor, roll.quality, allocation)
    withheld = intent.whole(WITHHOLD)
    charges = [Charge(COMBAT_ROLL_ROW - allocation.ep, "combat roll")]
    if plan.hand_damage:
        charges.append(Charge(HAND_DAMAGE_ROW - withheld, "hand damage"))
    allocated = QualityAllocated(
        encounter.now, actor, definition.name, allocation.attack, allocation.defense,
        allocation.speed, allocation.damage, allocation.ep,
    )  # fmt: skip
    return Initiation(
        performance_time=reduced_performance_time(
            definition.performance_time, allocation.speed, encounter.defaults
        ),
        events=(roll_event(encounter, actor, roll), allocated),
        charges=(*charges, *plan.charges),
        prepared={
            **blow,
            "attack": blow["attack"] - called_shot_penalty(encounter, location),
            "withheld": withheld,
            "quality": roll.quality,
            "set_aside": aside,
            "damage_quality": allocation.damage if roll.quality >= 0 else 0,
            "location": location,
            **(plan.prepared or {}),
        },
    )


def ep_row_costing(encounter: Encounter, ep: int) -> int:
    """The lowest EP Use Chart row that costs ``ep`` (focus: "1 EP per bonus"; 3 EP → row 7)."""
    row = 0
    while encounter.rules.ep_cost(row) < ep:
        row += 1
    return row


# --- resolution --------------------------------------------------------------------------------


def attack_lands(
    encounter: Encounter, actor: str, action: ActionInProgress
) -> tuple[list[Event], bool]:
    """The new Defense (G-15) and whether Attack ≥ the target's Defense (§6: ties hit)."""
    target = action.intent.target
    assert target is not None
    attack = action.prepared.whole("attack")
    defense = encounter.state[target].defense
    hit = attack >= defense
    events: list[Event] = [
        new_defense(encounter, actor, action),
        AttackResolved(encounter.now, actor, target, attack, defense, hit),
    ]
    return events, hit


def effect_on_hit(
    encounter: Encounter, actor: str, action: ActionInProgress, effects: Mapping[str, Effect]
) -> list[Event]:
    """A skill attack's resolution: the new Defense and the hit test, then on a hit the
    action's own effect (``effects[action.name]``)."""
    events, hit = attack_lands(encounter, actor, action)
    if not hit:
        return events
    target = action.intent.target
    assert target is not None
    return events + effects[action.name](encounter, actor, target, action)


def register_skill_attacks(
    register: Register,
    actions: Mapping[str, ActionDefinition],
    initiate: Initiate,
    effects: Mapping[str, Effect],
) -> None:
    """``mands_register_actions`` for a skill's attacks: each started by ``initiate`` and
    resolved by :func:`effect_on_hit` with ``effects``."""
    resolve = partial(effect_on_hit, effects=effects)
    register_actions(
        register, actions.values(), initiate=initiate, resolve=resolve, source="rules text"
    )


def hand_damage(encounter: Encounter, actor: str, action: ActionInProgress) -> int:
    """Hand Damage less what is withheld, plus the blow's damage change (§7.1)."""
    hand = int(encounter.figured(actor).hand_damage) - action.prepared.whole("withheld")
    return hand + action.prepared.whole("damage")


def weak_strength(encounter: Encounter, actor: str) -> int:
    """Seed "Martial Kick", "Martial Punch": "If the character has a strength of less than 10,
    reduce the damage rolled by 10 − Strength, on the Doubling Chart"."""
    strength = int(encounter.abilities(actor).strength)
    return int(encounter.charts.action.doubles(10 - strength)) if strength < 10 else 0


def blow_from(action: ActionInProgress, actor: str, raw: int, **details: Any) -> Blow:
    """A blow of ``raw`` damage at the attack's location (never below 0)."""
    location = str(action.prepared.get("location", "body"))
    return Blow(raw=max(0, raw), source=actor, location=location, **details)


def thrown(
    encounter: Encounter, actor: str, victim: str, meters: float, damage: int
) -> list[Event]:
    """A throw: the victim flies ``meters`` along the map away from the thrower (G-245) and
    takes ``damage`` (plus collision damage when a wall stops it, and a fall from height)."""
    start = position_now(encounter, victim)
    flew = flight(encounter, victim, actor, meters)
    events: list[Event] = [ThrownBack(encounter.now, victim, actor, damage, meters, flew.flown)]
    if flew.landing is not None:
        events.append(moved(encounter, victim, flew.landing))
    events += strike(encounter, victim, Blow(raw=damage, source=actor))
    events += collision(encounter, victim, flew.struck)
    return events + thrown_fall(encounter, victim, start, flew, events)


def loses_segments(encounter: Encounter, actor: str, segments: int) -> list[Event]:
    """A failed throw: the thrower "loses a number of segments ... as surprise" (§2: the mind
    may buy them down for a trailing penalty, added to any already running, G-49)."""
    if segments <= 0:
        return []
    bought = bought_down(encounter, actor, segments)
    until = max(surprised_until(encounter, actor), encounter.now + segments - bought)
    penalty = action_penalty(encounter, actor) + bought
    return surprise_events(
        encounter, Surprised(encounter.now, actor, segments, bought, until, penalty)
    )
