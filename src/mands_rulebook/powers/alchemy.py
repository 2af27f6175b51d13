"""Alchemy (seed "Alchemy"), on the power kit (``mands_rulebook.kit.powers``).

Seed: "This is the ability to transmute matter from one form to another. Most (80%) of
characters with this power must choose a specific matter that targets are transformed to. ...
Living things attacked with this power must save vs. constitution (Sphere Chart), on 2d10.
Unliving things generally have a Constitution of 0. If this save is not successful, the target
is transmuted for a duration equal to the amount it was missed by (Result to Sphere), minutes.
The character using this power in combat must either hit for DP or use 4 Quality Points from
the Combat Roll in order to touch the target. Basic Effects: Mass, Saving Throw Penalty. Mass:
If the character cannot transmute all of something, none of it can be transmuted. The PR
required for mass is the mass in kilograms (divided by 10), on the Sphere Chart. Saving Throw
Penalty: The character can give a penalty to the target's saving throw of 1 per PR point."

* ``alchemy-touch`` — a touch (Performance Time 20, a Combat Roll, contact): "hit for DP or use
  4 Quality Points" (G-79, the touch helpers of ``mands_rulebook.powers.absorption``). Effects
  ``mass`` (the target's Mass ÷ 10 on the Sphere chart must be paid in full: Seraph's 89.6 kg
  needs 8) and ``save_penalty``. Default spend: the Mass the target needs, the rest on the
  penalty. A target the whole PR cannot transmute is refused ("none of it can be transmuted").
* The save (G-103): 2d10 on the target's own dice against its Constitution on the Sphere chart
  less the penalty (``G103_alchemy_save_penalty`` = ``target``; ``pool`` puts the penalty in
  the save's Bonus Pool instead). A failure transmutes the target for the margin read Result →
  Sphere in minutes (missed by 5: 5 minutes; by 10: 14): a :class:`Transmuted` event and the
  condition ``transmuted`` — out of action for the rest of any encounter shorter than that (the
  kernel gives nobody back). The matter is the sheet's ``matter`` ("any element" if none).
* Unliving things (Constitution 0) and objects are not on an encounter's map;
  :func:`mass_power` and :func:`transmuted_minutes` give their numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Final, Literal

from mands_rulebook.kit.injury import roll_event, survival_roll
from mands_rulebook.kit.powers import power_refusals, register_power_actions
from mands_rulebook.kit.powers.attacks import TOUCH_ENTRY, touch_attack
from mands_rulebook.kit.powers.ratings import power_rating, sheet_power
from mands_rulebook.kit.powers.uses import (
    ACTIVE_TIME,
    ATTACK,
    POWER_ROW,
    RULES_TEXT,
    PowerSpec,
    PowerSpend,
    PowerUse,
    register_power,
)
from mands_sim.api import (
    SEGMENTS_PER_MINUTE,
    ActionChart,
    ActionDefinition,
    ActionInProgress,
    ActionRoll,
    Encounter,
    Event,
    Intent,
    OutOfAction,
    Register,
    answers_actions,
    defaults_summary,
    hookimpl,
    rule_default,
)


@dataclass(frozen=True, slots=True)
class AlchemyDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-103."""

    G103_alchemy_save_penalty: Literal["target", "pool"] = rule_default(
        "G-103",
        "Alchemy's Saving Throw Penalty (1 per PR): off the save's target number ('target') "
        "or into its Bonus Pool, read on the Sphere chart ('pool').",
        "target",
        ("target", "pool"),
    )


NAME: Final = "Alchemy"
MASS: Final = "mass"
SAVE_PENALTY: Final = "save_penalty"

TOUCH_QUALITY: Final = 4
"""Seed: "must either hit for DP or use 4 Quality Points from the Combat Roll"."""

KG_PER_POINT: Final = 10
"""Seed: "the mass in kilograms (divided by 10), on the Sphere Chart"."""

PENALTY_PER_PR: Final = 1
"""Seed: "a penalty to the target's saving throw of 1 per PR point"."""

TRANSMUTED: Final = "transmuted"
"""The condition of a transmuted character (out of action, G-103)."""

ANY_ELEMENT: Final = "any element"
"""Seed: "The rest can transform targets to any element" (a sheet without ``matter``)."""

SAVE: Final = "save vs. alchemy"
"""The ``purpose`` of the target's save (a :class:`~mands_sim.events.RollMade`)."""


@dataclass(frozen=True, slots=True)
class Transmuted(Event):
    """``character`` was transmuted into ``matter`` by ``source`` for ``minutes`` minutes, until
    segment ``until`` (seed "Alchemy"; G-103)."""

    kind: ClassVar[str] = "transmuted"
    character: str
    source: str
    matter: str
    minutes: float
    until: int

    def narrative(self) -> str:
        return (
            f"{self.character} is transmuted into {self.matter} by {self.source} for "
            f"{self.minutes:g} minutes"
        )


def mass_power(chart: ActionChart, kilograms: float) -> int:
    """Seed: "the mass in kilograms (divided by 10), on the Sphere Chart" (89.6 kg → 8)."""
    return max(0, chart.sphere(Fraction(str(kilograms)) / KG_PER_POINT))


def transmuted_minutes(chart: ActionChart, missed_by: int) -> float:
    """Seed: "the amount it was missed by (Result to Sphere), minutes" (5 → 5, 10 → 14)."""
    return float(chart.from_result("sphere", missed_by, magnitude=True))


def target_mass_power(encounter: Encounter, target: str) -> int:
    return mass_power(encounter.charts.action, encounter.figured(target).mass)


def mass_then_penalty(
    encounter: Encounter, actor: str, intent: Intent, pr: int
) -> Mapping[str, int]:
    """Default: the Mass the target needs (all the PR if it needs more), the rest on the
    penalty."""
    needed = target_mass_power(encounter, intent.target) if intent.target else 0
    mass = min(pr, needed)
    return {MASS: mass, SAVE_PENALTY: pr - mass}


def touch_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {"mass_power": spend[MASS], "save_penalty": PENALTY_PER_PR * spend[SAVE_PENALTY]}


def alchemy_save(encounter: Encounter, victim: str, penalty: int) -> ActionRoll:
    """G-103: 2d10 against Constitution on the Sphere chart, the penalty off the target number
    (``target``) or in the Bonus Pool (``pool``); the victim's own roll, so its player may edit
    it (seed 000, G-154)."""
    constitution = encounter.abilities(victim).constitution
    target = encounter.charts.action.sphere(constitution)
    in_pool = encounter.defaults.of(AlchemyDefaults).G103_alchemy_save_penalty == "pool"
    return survival_roll(
        encounter,
        victim,
        SAVE,
        target if in_pool else target - penalty,
        improves="Constitution",
        bonus_pool=-penalty if in_pool else 0,
    )


def transmutation(
    encounter: Encounter, actor: str, victim: str, action: ActionInProgress
) -> list[Event]:
    """The save, and a failure's transmutation (G-103)."""
    roll = alchemy_save(encounter, victim, action.prepared.whole("save_penalty"))
    events: list[Event] = [roll_event(encounter, victim, SAVE, roll)]
    if roll.succeeded:
        return events
    minutes = transmuted_minutes(encounter.charts.action, roll.margin)
    until = encounter.now + round(minutes * SEGMENTS_PER_MINUTE)
    matter = chosen_matter(encounter, actor)
    return [
        *events,
        Transmuted(encounter.now, victim, actor, matter, minutes, until),
        OutOfAction(encounter.now, victim, TRANSMUTED),
    ]


def chosen_matter(encounter: Encounter, actor: str) -> str:
    """The sheet's ``matter`` (seed: 80 % choose one), else any element."""
    entry = sheet_power(encounter.character(actor).sheet, ALCHEMY)
    return str(entry.extra.get("matter", ANY_ELEMENT)) if entry is not None else ANY_ELEMENT


def resolve_touch(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """The touch; if it works on a target in action and the Mass is paid, the save."""
    events, works = touch_attack(encounter, actor, action)
    victim = action.intent.target
    if not works or victim is None or encounter.state[victim].condition != "active":
        return events
    if action.prepared.whole("mass_power") < target_mass_power(encounter, victim):
        return events  # seed: "none of it can be transmuted"
    return events + transmutation(encounter, actor, victim, action)


TOUCH = PowerUse(
    action=ActionDefinition(
        name="alchemy-touch",
        performance_time=ACTIVE_TIME,  # seed "Power Rolls": most powers take 20
        ep_row=POWER_ROW,
        needs_target=True,
        summary="Touch to transmute (hit for DP, or option touch: 4 Q): Mass PR paid in full, "
        "the target saves vs. Constitution (Sphere) - penalty.",
        options=(TOUCH_ENTRY,),
    ),
    effects=(MASS, SAVE_PENALTY),
    default_spend=mass_then_penalty,
    role=ATTACK,
    prepare=touch_prepared,
    resolve=resolve_touch,
    touch=TOUCH_QUALITY,
)

ALCHEMY = PowerSpec(
    name=NAME,
    summary="Transmute matter by touch: PR for the Mass, the rest a penalty to the save.",
    source=RULES_TEXT,
    uses=(TOUCH,),
)


def mass_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """Seed: "If the character cannot transmute all of something, none of it can be"."""
    if intent.action != TOUCH.action.name or intent.target not in encounter.state.ids():
        return []
    needed = target_mass_power(encounter, intent.target)
    pr = power_rating(encounter, actor, ALCHEMY)
    return (
        [f"{intent.target}'s Mass needs Alchemy PR {needed}, more than {pr}"] if needed > pr else []
    )


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, ALCHEMY)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, ALCHEMY)


@hookimpl
@answers_actions(*ALCHEMY.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    reasons = power_refusals(encounter, actor, intent, ALCHEMY)
    return reasons or mass_refusals(encounter, actor, intent)


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "powers.alchemy",
        AlchemyDefaults,
        summary=defaults_summary(AlchemyDefaults),
        source="rules text",
    )
