"""Anti-Matter Production (seed "Anti-Matter Production"), on the power kit and
``mands_rulebook.kit.explosions``.

Seed: "The person with this ability can create tiny amounts of anti-matter. Basic Effects:
(Explosion, Range of Center). Explosion: This does one fifth PR, rounded up, d6 damage as an
Explosion (see Combat). It has a Short Range of PR divided by 5, Range Set of PR divided by 10,
Maximum Range of PR divided by 4, and gets a bonus of twice PR to the Explosion Combat Roll.
Range of Center: The center of the explosion may be sent up to PR times 3 meters away from the
person with the power. See Thrown Objects, under Combat, for what the character must do to
attack the correct area. The character gets a bonus of 3 to Attack, since it isn't really being
thrown, but created at the target spot. Half of these characters can create an even smaller
amount of anti-matter and control it so as to keep it from blowing up immediately. The
anti-matter appears as a glowing black sphere, PR/3 centimeters in diameter."

* ``anti-matter-production-explosion`` — an attack on a target's spot (Performance Time 20).
  Effects ``explosion`` (the Explosion's numbers: :func:`mands_rulebook.kit.explosions.anti_matter`
  on the PR spent) and ``center`` (Range of Center: 3 × that PR meters; a target farther is
  refused). G-104: when it starts, the character aims at the spot where the target stands
  (``mands_rulebook.kit.thrown_objects.aim_at_spot``, G-24: a Combat Roll against Defense 0, its
  Q
  all Attack, + 3 "since it isn't really being thrown"; a miss scatters the center); when it
  completes the anti-matter appears at the landing spot and explodes there (G-23: an Explosion
  Combat Roll against everyone within its Maximum Range, where they stand then). The creator is
  caught like anyone else (``G104_anti_matter_creator`` = ``caught``; ``spared`` as Explosive
  Touch's). EP: the Combat Roll's row 5 (G-13) and the power's row. Default spend: the least
  Range-of-Center PR that reaches the target, the rest on the Explosion (PR 12 next to the
  target: 12 on the Explosion, 3d6 out to 3 m — the creator is caught too).
* The controlled sphere of "half of these characters" (the sheet's ``controlled``) is not
  simulated: :func:`sphere_diameter_cm` gives its size.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final, Literal

from mands_rulebook.kit.control import POWER_OPTION
from mands_rulebook.kit.explosions import Explosion, anti_matter, detonate
from mands_rulebook.kit.fists import COMBAT_ROLL_ROW, roll_event
from mands_rulebook.kit.positions import position_now
from mands_rulebook.kit.powers import (
    chosen_spend,
    power_initiation,
    power_refusals,
    register_power_actions,
)
from mands_rulebook.kit.powers.attacks import combat_skill_with
from mands_rulebook.kit.powers.uses import (
    ACTIVE_TIME,
    ATTACK,
    POWER_ROW,
    RULES_TEXT,
    PowerSpec,
    PowerSpend,
    PowerUse,
    PowerUsed,
    register_power,
)
from mands_rulebook.kit.range import distance
from mands_rulebook.kit.thrown_objects import Landing, aim_at_spot, landed_event
from mands_rulebook.kit.weapons.table import Ranges
from mands_sim.api import (
    ActionChart,
    ActionDefinition,
    ActionInProgress,
    Charge,
    Encounter,
    Event,
    Initiation,
    Intent,
    Position,
    Register,
    answers_actions,
    defaults_summary,
    hookimpl,
    reduced_performance_time,
    rule_default,
)


@dataclass(frozen=True, slots=True)
class AntiMatterProductionDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-104."""

    G104_anti_matter_creator: Literal["caught", "spared"] = rule_default(
        "G-104",
        "Anti-Matter Production: an explosion catches its creator within its Maximum Range "
        "as anyone else ('caught') or never ('spared', as Explosive Touch's).",
        "caught",
        ("caught", "spared"),
    )


NAME: Final = "Anti-Matter Production"
EXPLOSION: Final = "explosion"
CENTER: Final = "center"

METERS_PER_CENTER_PR: Final = 3
"""Seed: "The center of the explosion may be sent up to PR times 3 meters away"."""

CREATED_AT_THE_SPOT: Final = 3
"""Seed: "a bonus of 3 to Attack, since it isn't really being thrown"."""

SPHERE_DIVISOR: Final = 3
"""Seed: "a glowing black sphere, PR/3 centimeters in diameter"."""

ANTI_MATTER: Final = "anti-matter"
"""What lands (:class:`~mands_rulebook.kit.thrown_objects.ObjectLanded`'s ``what``)."""


def range_of_center(center_pr: int) -> int:
    """Seed: "up to PR times 3 meters away" (PR 4 → 12 m)."""
    return METERS_PER_CENTER_PR * center_pr


def sphere_diameter_cm(pr: int) -> Fraction:
    """Seed: the controlled anti-matter is "PR/3 centimeters in diameter" (12 → 4 cm)."""
    return Fraction(pr, SPHERE_DIVISOR)


def center_then_explosion(
    encounter: Encounter, actor: str, intent: Intent, pr: int
) -> Mapping[str, int]:
    """Default: the least Range-of-Center PR that reaches the target, the rest on the
    Explosion."""
    meters = distance(encounter, actor, intent.target) if intent.target else 0.0
    far = not math.isfinite(meters)
    center = pr if far else min(pr, math.ceil(meters / METERS_PER_CENTER_PR))
    return {CENTER: center, EXPLOSION: pr - center}


def explosion_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {"explosion": anti_matter(spend[EXPLOSION])}


def center_ranges(chart: ActionChart, spent: Mapping[str, int], pr: int) -> Ranges:
    """The reach of the center (for the refusals): no range penalty aiming at a spot (G-24)."""
    meters = float(range_of_center(spent.get(CENTER, 0)))
    return Ranges(meters, meters, meters)


def target_spot(encounter: Encounter, target: str) -> Position:
    """Where the target stands now (a place of its own name without a map)."""
    return position_now(encounter, target) or Position(target)


def explosion_initiation(
    encounter: Encounter, actor: str, intent: Intent, spec: PowerSpec, use: PowerUse
) -> Initiation:
    """G-104: the PR spent, the Combat Roll aimed at the target's spot (G-24, + 3), the center's
    landing kept for when the anti-matter appears; EP row 5 and the power's row (G-13)."""
    assert intent.target is not None
    definition = use.action
    spend = chosen_spend(encounter, actor, intent, spec, use)
    used = PowerUsed(
        encounter.now, actor, spec.name, definition.name, spend.power_rating, spend.pairs(),
        spend.ep_row,
    )  # fmt: skip
    spot = target_spot(encounter, intent.target)
    roll, landing = aim_at_spot(encounter, actor, intent, spot, CREATED_AT_THE_SPOT)
    prepared = {
        **use.prepare(encounter, actor, intent, spend),
        POWER_OPTION: intent.options.get(POWER_OPTION),
        "ep_row": spend.ep_row,
        "quality": roll.quality,
        "landing": landing,
    }
    time = reduced_performance_time(definition.performance_time, spend.speed, encounter.defaults)
    charges = (Charge(COMBAT_ROLL_ROW, "combat roll"), Charge(spend.ep_row, definition.name))
    return Initiation(time, (used, roll_event(encounter, actor, roll)), charges, prepared)


def resolve_explosion(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """The anti-matter appears where the aim landed and explodes (G-23, G-104)."""
    landing = action.prepared.of("landing", Landing)
    explosion = action.prepared.of("explosion", Explosion)
    events: list[Event] = [landed_event(encounter, actor, ANTI_MATTER, landing)]
    if explosion.dice <= 0:
        return events  # no PR on the Explosion: nothing to blow up
    spared = (
        (actor,)
        if encounter.defaults.of(AntiMatterProductionDefaults).G104_anti_matter_creator == "spared"
        else ()
    )
    skill = combat_skill_with(NAME)  # seed 000: edits train the combat skill with the power
    anchor = action.intent.target if landing.hit else None
    return events + detonate(
        encounter, actor, landing.landed, explosion, spared=spared, improves=skill, anchor=anchor
    )


EXPLOSION_USE = PowerUse(
    action=ActionDefinition(
        name="anti-matter-production-explosion",
        performance_time=ACTIVE_TIME,  # seed "Power Rolls": most powers take 20
        ep_row=POWER_ROW,
        needs_target=True,
        summary="Create anti-matter at the target's spot (aimed, +3 Attack) up to 3 x PR m "
        "away: an Explosion of PR/5 (round up) d6.",
    ),
    effects=(EXPLOSION, CENTER),
    default_spend=center_then_explosion,
    role=ATTACK,
    prepare=explosion_prepared,
    resolve=resolve_explosion,
    ranges=center_ranges,
)

ANTI_MATTER_PRODUCTION = PowerSpec(
    name=NAME,
    summary="Create tiny amounts of anti-matter: an Explosion of PR/5 d6 centered up to "
    "3 x PR m away.",
    source=RULES_TEXT,
    uses=(EXPLOSION_USE,),
)


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, ANTI_MATTER_PRODUCTION)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, ANTI_MATTER_PRODUCTION, initiate=initiate)


@hookimpl
@answers_actions(*ANTI_MATTER_PRODUCTION.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    return power_refusals(encounter, actor, intent, ANTI_MATTER_PRODUCTION)


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    if definition.name == EXPLOSION_USE.action.name:
        return explosion_initiation(encounter, actor, intent, ANTI_MATTER_PRODUCTION, EXPLOSION_USE)
    return power_initiation(encounter, actor, intent, definition, ANTI_MATTER_PRODUCTION)


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "powers.anti_matter_production",
        AntiMatterProductionDefaults,
        summary=defaults_summary(AntiMatterProductionDefaults),
        source="rules text",
    )
