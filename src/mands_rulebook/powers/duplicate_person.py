"""Duplicate Person (seed "Duplicate Person"), on the power kit (``mands_rulebook.kit.powers``).

Seed: "This is the ability to duplicate the face and shape of another human. Basic Effects:
(Changing). Changing: Multiply the PR by 2 for the number of points by which abilities can be
changed to duplicate a person. In order to look like another person, beauty, height, and weight
must be made the same. Changing physical beauty requires 1 point per beauty point changed. For
height, 5 centimeters requires 1 point. For weight, 10 kilograms requires 1 point. Going down
always uses half the number of points. Changing sex requires 5 points. If all these statistics
are exactly the same as the person being duplicated, then the character looks exactly like the
person being duplicated. Close scrutiny by someone who knows the target may reveal the
discrepancy. That person is allowed a perception roll, at a bonus equal to the PR needed to
fully duplicate the target, and a penalty equal to the PR used to duplicate the target. ... EP
is only required to change with this power, not to remain changed."

The power copies a look, not a person: no second character comes into the fight. In an
encounter (G-185):

* ``duplicate-person-change`` at the person to look like (any character of the encounter, no
  range): active, Performance Time 20 (seed "Power Rolls": most powers), row 9, paid once ("not
  to remain changed"). Effect ``changing``: PR × 2 points. The points the look needs are
  :func:`change_points` — Beauty, height (the sheet's) and weight (the figured Mass, kg) — plus
  5 with the intent option ``change_sex`` (sheets record no sex), rounded up to a whole point
  (``G185_change_points = "up"``; ``"down"``); the PR needed is half of them, rounded up.
  Default spend: the PR needed (all the PR if short), the rest on EP rows.
* When it completes a :class:`LooksLike` says whom the character now looks like, the points
  needed and changed, and whether exactly. The look changes nothing a fight plays (no rule here
  reads looks); it is an action objectives can wait for (``complete-action``).
* :func:`scrutiny_modifier`: the perception roll of someone who knows the person, + the PR
  needed − the PR used.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Final, Literal

from mands_rulebook.kit.powers import power_refusals, register_power_actions
from mands_rulebook.kit.powers.uses import (
    ACTIVE_TIME,
    POWER_ROW,
    RULES_TEXT,
    PowerSpec,
    PowerSpend,
    PowerUse,
    register_power,
)
from mands_sim.api import (
    ActionDefinition,
    ActionInProgress,
    ActionOption,
    Encounter,
    Event,
    Intent,
    Register,
    answers_actions,
    defaults_summary,
    hookimpl,
    rule_default,
)


@dataclass(frozen=True, slots=True)
class DuplicatePersonDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-185."""

    G185_change_points: Literal["up", "down"] = rule_default(
        "G-185",
        "Duplicate Person: the points a look needs (Beauty 1, 5 cm, 10 kg a point, half going "
        "down, sex 5) rounded up to a whole point ('up') or down ('down').",
        "up",
        ("up", "down"),
    )


NAME: Final = "Duplicate Person"
CHANGING: Final = "changing"
SEX_OPTION: Final = "change_sex"

POINTS_PER_PR: Final = 2
"""Seed: "Multiply the PR by 2 for the number of points"."""
CM_PER_POINT: Final = 5
"""Seed: "For height, 5 centimeters requires 1 point"."""
KG_PER_POINT: Final = 10
"""Seed: "For weight, 10 kilograms requires 1 point"."""
SEX_POINTS: Final = 5
"""Seed: "Changing sex requires 5 points"."""
DOWN: Final = Fraction(1, 2)
"""Seed: "Going down always uses half the number of points"."""


@dataclass(frozen=True, slots=True)
class LooksLike(Event):
    """``character`` changed its look toward ``person``: ``points_changed`` of the
    ``points_needed``; ``exact`` when all of them (seed "Changing")."""

    kind: ClassVar[str] = "looks-like"
    character: str
    person: str
    points_needed: int
    points_changed: int
    exact: bool

    def narrative(self) -> str:
        how = "exactly" if self.exact else "partly"
        return (
            f"{self.character} now looks {how} like {self.person} "
            f"({self.points_changed} of {self.points_needed} points)"
        )


# --- the numbers -------------------------------------------------------------------------------


def change_cost(before: float, after: float, per_point: Fraction) -> Fraction:
    """Points to change one statistic: the difference over ``per_point``, half going down."""
    difference = Fraction(after).limit_denominator(1000) - Fraction(before).limit_denominator(1000)
    points = abs(difference) / per_point
    return points * DOWN if difference < 0 else points


def change_points(
    beauty: tuple[int, int],
    height_m: tuple[float, float],
    mass_kg: tuple[float, float],
    change_sex: bool = False,
    rounding: str = "up",
) -> int:
    """Seed "Changing": Beauty 1 a point, height 5 cm a point, weight 10 kg a point, half going
    down, sex 5; each pair is (the character's, the person's); the total rounded (G-185)."""
    total = (
        change_cost(*beauty, Fraction(1))
        + change_cost(height_m[0] * 100, height_m[1] * 100, Fraction(CM_PER_POINT))
        + change_cost(*mass_kg, Fraction(KG_PER_POINT))
        + (SEX_POINTS if change_sex else 0)
    )
    return math.ceil(total) if rounding == "up" else math.floor(total)


def pr_needed(points: int) -> int:
    """Seed: PR × 2 points, so half the points, rounded up, in PR (17 points → 9)."""
    return math.ceil(Fraction(points, POINTS_PER_PR))


def scrutiny_modifier(needed: int, used: int) -> int:
    """Seed: the perception roll of someone who knows the person, "at a bonus equal to the PR
    needed to fully duplicate the target, and a penalty equal to the PR used"."""
    return needed - used


def points_to_look_like(encounter: Encounter, actor: str, person: str, intent: Intent) -> int:
    """The points ``actor``'s look needs to be ``person``'s (G-185)."""
    me, them = encounter.current(actor), encounter.current(person)
    return change_points(
        (me.sheet.attributes.beauty, them.sheet.attributes.beauty),
        (me.sheet.attributes.height, them.sheet.attributes.height),
        (me.figured.mass, them.figured.mass),
        bool(intent.options.get(SEX_OPTION)),
        encounter.defaults.of(DuplicatePersonDefaults).G185_change_points,
    )


# --- the use -----------------------------------------------------------------------------------


def needed_then_ep(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    """G-185: the PR the whole change needs (all the PR if short), the rest on EP rows."""
    person = intent.target
    points = 0 if person is None else points_to_look_like(encounter, actor, person, intent)
    changing = min(pr, pr_needed(points))
    return {CHANGING: changing, "ep": pr - changing}


def change_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    assert intent.target is not None
    needed = points_to_look_like(encounter, actor, intent.target, intent)
    return {"points_needed": needed, "points_changed": min(needed, POINTS_PER_PR * spend[CHANGING])}


def resolve_change(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    person = action.intent.target
    assert person is not None
    needed, changed = (
        action.prepared.whole("points_needed"),
        action.prepared.whole("points_changed"),
    )
    return [LooksLike(encounter.now, actor, person, needed, changed, changed >= needed)]


CHANGE = PowerUse(
    action=ActionDefinition(
        name="duplicate-person-change",
        performance_time=ACTIVE_TIME,  # seed "Power Rolls": most powers take 20 (G-185)
        ep_row=POWER_ROW,
        needs_target=True,
        summary="Change face and shape to look like the target: PR x 2 points (Beauty 1, 5 cm, "
        "10 kg a point, half going down, sex 5; G-185).",
        options=(ActionOption(SEX_OPTION, "flag", "the copy changes sex too"),),
    ),
    effects=(CHANGING,),
    default_spend=needed_then_ep,
    prepare=change_prepared,
    resolve=resolve_change,
)

DUPLICATE_PERSON = PowerSpec(
    name=NAME,
    summary="Look like another human: PR x 2 points of Beauty, height and weight changed.",
    source=RULES_TEXT,
    uses=(CHANGE,),
)


def change_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    if intent.action != CHANGE.action.name:
        return []
    if intent.target is None or intent.target not in encounter.state.ids():
        return [f"{intent.action} needs a person to look like"]
    return [f"{actor} cannot look like itself"] if intent.target == actor else []


# --- the hooks ---------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, DUPLICATE_PERSON)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, DUPLICATE_PERSON)


@hookimpl
@answers_actions(*DUPLICATE_PERSON.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    return power_refusals(encounter, actor, intent, DUPLICATE_PERSON) or change_refusals(
        encounter, actor, intent
    )


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "powers.duplicate_person",
        DuplicatePersonDefaults,
        summary=defaults_summary(DuplicatePersonDefaults),
        source="rules text",
    )
