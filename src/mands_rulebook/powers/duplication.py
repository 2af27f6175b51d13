"""Duplication (seed "Duplication"): a power with no use in an encounter.

Seed: "This is the ability to duplicate physical powers, mind/psychic powers, or skills. The
player must choose which to take. In order to be able to duplicate a power or skill, the power
must be known. To know a power, the character must study someone with it for the amount of time
needed to gain 2 training points. Learning a new power requires that these 2 training points be
diverted to it also. Basic Effects: (Number of Powers). Number of Powers: The number of powers a
character can hold at one time is the PR divided by 3, round up. Automatic Effects: (Known
Powers). Known Powers: The character can know a number of powers equal to PR. Remember also that
EP is required to use the power as if the power were the character's. Only 20% of Human (Organic)
characters can duplicate powers by studying a robotic/mechanical user, and only 60% of
Robotic/mechanical characters can duplicate powers by studying a human/organic user."

Why it does nothing in an encounter: knowing a power takes the study time of 2 training points,
far longer than a fight, and the seed gives no PR for a duplicated power. A character who has
duplicated powers before the fight lists them on its sheet as powers of its own (each is then
used, and pays EP, "as if the power were the character's"); :func:`holding_refusals` says
whether a sheet holds more than its Number of Powers. The numbers are :func:`powers_held`,
:func:`powers_known` and :func:`cross_study_chance`. The sheet may mark which it duplicates with
``duplicates`` (``physical``, ``mind`` or ``skills``) and the powers held with ``holding``
(a count).
"""

from __future__ import annotations

import math
from typing import Final

from mands_rulebook.kit.powers.ratings import sheet_power
from mands_rulebook.kit.powers.uses import RULES_TEXT, PowerSpec, register_power
from mands_sim.api import CharacterSheet, Register, hookimpl

NAME: Final = "Duplication"
HELD_DIVISOR: Final = 3  # seed: "the PR divided by 3, round up"
ORGANIC_FROM_ROBOT: Final = 20  # seed: "Only 20% of Human (Organic) characters"
ROBOT_FROM_ORGANIC: Final = 60  # seed: "only 60% of Robotic/mechanical characters"
TRAINING_POINTS_TO_KNOW: Final = 2  # seed: "the amount of time needed to gain 2 training points"


def powers_held(pr: int) -> int:
    """Seed "Number of Powers": PR/3, rounded up (PR 10 → 4)."""
    return math.ceil(pr / HELD_DIVISOR)


def powers_known(pr: int) -> int:
    """Seed "Known Powers": "a number of powers equal to PR"."""
    return pr


def cross_study_chance(studier_is_robot: bool, user_is_robot: bool) -> int:
    """The percentage of characters who can duplicate by studying this user: 20 % of organic
    characters studying a robot, 60 % of robots studying an organic one, all others."""
    if studier_is_robot == user_is_robot:
        return 100
    return ROBOT_FROM_ORGANIC if studier_is_robot else ORGANIC_FROM_ROBOT


DUPLICATION = PowerSpec(
    name=NAME,
    summary="Duplicate known powers or skills: hold PR/3 (up) at once, know PR; no encounter use.",
    source=RULES_TEXT,
    uses=(),
)


def holding_refusals(sheet: CharacterSheet) -> list[str]:
    """A sheet holding (``holding``) more duplicated powers than PR/3 allows."""
    entry = sheet_power(sheet, DUPLICATION)
    if entry is None:
        return []
    holding = int(entry.extra.get("holding", 0))
    limit = powers_held(int(entry.power_rating or 0))
    return [] if holding <= limit else [f"holds {holding} powers, more than PR/3 = {limit}"]


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, DUPLICATION)
