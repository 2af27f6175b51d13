"""Death Touch (seed "Death Touch"), on the power kit (``mands_rulebook.kit.powers``).

Seed: "This is the ability to kill with only a touch. Basic Effects: (Death Touch). Death Touch:
Characters using this power must hit for DP for it to take effect, or spend 4 Quality Points
from the Combat Roll. Targets are allowed a save vs. maximum DP plus constitution (Sphere Chart)
minus half the Death Touch PR (Sphere Chart), on 2d10. If the save is not successful, the target
dies (gains d% of half PR as Death Points). If the save is successful, the target merely loses
PR EP (as EP that heals back sleeping), and half PR DP (as penetrating damage), saving throw not
allowed and unmodified by Skin Temper or Ignore Damage."

* ``death-touch-attack`` — a touch (Performance Time 20, a Combat Roll, contact): the carrier is
  the character's Hand Damage plus the damage Q (G-120). It takes effect when the Attack hits and
  the Hand Damage took DP, or when the intent asks to ``touch`` and 4 Q of a success were set
  aside (:func:`~mands_rulebook.kit.powers.attacks.touch_quality`; those 4 Q buy nothing else).
  Then the target saves: 2d10 (its own dice; a Special target re-rolls 1s, G-121) ≤ maximum Body DP
  + Sphere(Constitution) − Sphere(½ the Death Touch PR), never below 0 (G-121). "(Sphere Chart)"
  goes with the term before it, as in seed "Dropping an Action" ("Learning (Sphere) plus Agility
  (Sphere)") and "Lift Roll" ("Strength minus 9, plus the character's Mass on the Sphere
  Chart"): Seraph (Body DP 9, Constitution 32) against PR 17 saves on 9 + 13 − 8 = 14 or less.
  A failure kills: the target
  is out of action ``dead`` with ⌈d% × ½ PR⌉ Death Points (the d100 from the toucher's dice). A
  success costs PR EP and ⌈½ PR⌉ penetrating DP straight off Body DP (no VP, no Skin Temper, no
  Ignore Damage). "PR" is the PR spent on the effect; default spend: all of it.

The touch itself (the Q set aside, the carrier, whether it took effect) is the kit's
(``PowerUse.touch``, :func:`~mands_rulebook.kit.powers.attacks.touch_attack`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Final

from mands_rulebook.kit.damage import PENETRATING, condition_after
from mands_rulebook.kit.dropping import ep_row_costing
from mands_rulebook.kit.injury import roll_event as save_event
from mands_rulebook.kit.injury import survival_roll
from mands_rulebook.kit.out_of_action import DEAD
from mands_rulebook.kit.powers import power_refusals, register_power_actions
from mands_rulebook.kit.powers.attacks import TOUCH_ENTRY, touch_resolution
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
    HIGH,
    ActionChart,
    ActionDefinition,
    DamageTaken,
    Encounter,
    EndurancePaid,
    Event,
    Intent,
    OutOfAction,
    Register,
    answers_actions,
    hookimpl,
    number_roll,
)

NAME: Final = "Death Touch"
DEATH_TOUCH: Final = "death_touch"

TOUCH_QUALITY: Final = 4
"""Seed: "must hit for DP for it to take effect, or spend 4 Quality Points from the Combat Roll"."""

DEATH_TOUCH_SAVE: Final = "death touch save"
"""The purpose of the target's save (:class:`~mands_sim.events.RollMade`)."""


@dataclass(frozen=True, slots=True)
class DeathTouched(Event):
    """A Death Touch took effect on ``character``: ``saved`` or not, with what it cost (G-121)."""

    kind: ClassVar[str] = "death-touched"
    character: str
    source: str
    saved: bool
    death_points: int
    endurance_points: int
    damage_points: int

    def narrative(self) -> str:
        if not self.saved:
            return (
                f"{self.character} fails the save against {self.source}'s Death Touch and dies "
                f"({self.death_points} Death Points)."
            )
        return (
            f"{self.character} saves against {self.source}'s Death Touch: loses "
            f"{self.endurance_points} EP and {self.damage_points} penetrating DP."
        )


# --- the numbers -------------------------------------------------------------------------------


def half_pr_rows(chart: ActionChart, pr: int) -> int:
    """Seed: "half the Death Touch PR (Sphere Chart)"; a half PR under 1 counts nothing."""
    return max(0, int(chart.sphere(Fraction(pr, 2)))) if pr > 0 else 0


def save_target(chart: ActionChart, maximum_dp: int, constitution: int, pr: int) -> int:
    """Seed "Death Touch": "maximum DP plus constitution (Sphere Chart) minus half the Death
    Touch PR (Sphere Chart)", each "(Sphere Chart)" on the term before it; never below 0
    (G-121)."""
    rows = int(chart.sphere(constitution)) - half_pr_rows(chart, pr)
    return max(0, maximum_dp + rows)


def death_points(percent: int, pr: int) -> int:
    """Seed: "gains d% of half PR as Death Points" (G-121: rounded up): 50 % of 12/2 → 3."""
    return math.ceil(Fraction(percent, 100) * Fraction(pr, 2))


def saved_damage(pr: int) -> int:
    """Seed: "half PR DP (as penetrating damage)" (G-121: rounded up, as G-77): 12 → 6, 7 → 4."""
    return math.ceil(Fraction(pr, 2))


# --- the Death Touch ---------------------------------------------------------------------------


def all_on_death_touch(
    encounter: Encounter, actor: str, intent: Intent, pr: int
) -> Mapping[str, int]:
    return {DEATH_TOUCH: pr}


def death_touch_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {"death_touch_pr": spend[DEATH_TOUCH]}


def death_touch_events(
    encounter: Encounter, actor: str, target: str, pr: int, pending: list[Event]
) -> list[Event]:
    """The save (G-121) and what it leads to."""
    character = encounter.current(target)
    maximum = int(character.figured.damage_points.body)
    constitution = int(character.sheet.abilities.constitution)
    needed = save_target(encounter.charts.action, maximum, constitution, pr)
    # the target's own 2d10 (G-121), so its player may edit it (seed 000, G-154)
    roll = survival_roll(encounter, target, DEATH_TOUCH_SAVE, needed, improves="Constitution")
    events: list[Event] = [save_event(encounter, target, DEATH_TOUCH_SAVE, roll)]
    if not roll.succeeded:
        points = death_points(number_roll(encounter, actor, NAME, favours=HIGH), pr)
        return [
            *events,
            DeathTouched(encounter.now, target, actor, False, points, 0, 0),
            OutOfAction(encounter.now, target, DEAD),
        ]
    return events + survived(encounter, actor, target, pr, pending)


def survived(
    encounter: Encounter, actor: str, target: str, pr: int, pending: list[Event]
) -> list[Event]:
    """PR EP lost (sleep-healing EP) and ⌈½ PR⌉ penetrating DP straight off Body DP."""
    vp, dp = condition_after(encounter, target, pending)
    points = saved_damage(pr)
    amount = Fraction(pr)
    return [
        DeathTouched(encounter.now, target, actor, True, 0, pr, points),
        EndurancePaid(
            segment=encounter.now,
            character=target,
            action=ATTACK_USE.action.name,
            reason="Death Touch saved: PR EP (heals back sleeping)",
            row=ep_row_costing(encounter, amount),
            amount=amount,
            endurance_after=encounter.state[target].endurance_points - amount,
        ),
        DamageTaken(
            segment=encounter.now,
            character=target,
            source=actor,
            raw=0,
            taken=points,
            virtual_damage_points_after=vp,
            damage_points_after=dp - points,
            penetrating=points,
            damage_kind=PENETRATING,
        ),
    ]


ATTACK_USE = PowerUse(
    action=ActionDefinition(
        name="death-touch-attack",
        performance_time=ACTIVE_TIME,  # seed "Power Rolls": most powers take 20
        ep_row=POWER_ROW,
        needs_target=True,
        summary="Touch to kill: hit for DP or set aside 4 Q (option touch); the target saves "
        "on 2d10 or dies; a save still costs PR EP and half PR penetrating DP.",
        options=(TOUCH_ENTRY,),
    ),
    effects=(DEATH_TOUCH,),
    default_spend=all_on_death_touch,
    role=ATTACK,
    prepare=death_touch_prepared,
    resolve=touch_resolution("death_touch_pr", death_touch_events),
    touch=TOUCH_QUALITY,
)

DEATH_TOUCH_POWER = PowerSpec(
    name=NAME,
    summary="Kill with a touch: hit for DP or spend 4 Q; a 2d10 save or death.",
    source=RULES_TEXT,
    uses=(ATTACK_USE,),
)


# --- the hooks -----------------------------------------------------------------------------------


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, DEATH_TOUCH_POWER)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, DEATH_TOUCH_POWER)


@hookimpl
@answers_actions(*DEATH_TOUCH_POWER.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    return power_refusals(encounter, actor, intent, DEATH_TOUCH_POWER)
