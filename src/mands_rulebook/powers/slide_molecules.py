"""Slide Molecules, template, not rules text: named in the seed's Weakness example (Brinn
X'Halikso), never described (``docs/rules/powers.md`` §2, §3).

Seed ("Power Weakness, Limited Use"): "If Brinn uses his Slide Molecules power for a period of
time greater than twice his PR rounds, he begins to lose control of his molecules. He loses 1
DP, penetrating, per round that he continues to slide molecules." So it is held round by round.

Built from the template's defensive power (G-130, ``docs/rules/powers.md`` §3: "passive, Performance
Time 10; optional Ignore Damage = PR/3 round up (Convert to Energy); treat as Personal Armor with
a Cover Chance (default 100 % for a deliberate field)"):

* ``slide-molecules-slide`` — sliding its molecules apart, blows pass partly through its owner:
  passive, sustained (held round by round, G-75), Performance Time 10; while held it ignores
  ⌈ignore-damage PR / 3⌉ points of each hit, Cover Chance 100 %. Default spend: PR to bring the
  EP row to 5 (1 EP per round) first, the rest on Ignore Damage.

Moving through walls needs walls; the map has places and edges only, so it is not simulated.
Brinn's weakness belongs to him, not to the power: a sheet gives it as a ``limited-use`` weakness
(:mod:`mands_rulebook.weaknesses.limited_use`, G-269).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Final

from mands_rulebook.kit.damage import Cover
from mands_rulebook.kit.powers import (
    ep_down_to,
    power_refusals,
    power_sustain,
    register_power_actions,
)
from mands_rulebook.kit.powers.uses import (
    COVERS,
    DEFENSE,
    PASSIVE_TIME,
    POWER_ROW,
    TEMPLATE,
    PowerSpec,
    PowerSpend,
    PowerUse,
    register_power,
)
from mands_sim.api import (
    ActionDefinition,
    ActionInProgress,
    Encounter,
    Event,
    Intent,
    Register,
    answers_actions,
    hookimpl,
)

NAME: Final = "Slide Molecules"
IGNORE_DAMAGE: Final = "ignore_damage"

IGNORE_DIVISOR: Final = 3
"""``docs/rules/powers.md`` §3 after Convert To Energy: "ignore damage ... PR divided by 3, round
up"."""

HELD_EP_ROW: Final = 5
"""The default spend's target row: 1 EP per round (EP Use Chart), as Electric Power's shield."""


def ignored_points(pr: int) -> int:
    """⌈PR / 3⌉ (9 → 3, 10 → 4, 0 → 0)."""
    return math.ceil(pr / IGNORE_DIVISOR)


def slide_spend(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    """Default: down to 1 EP per round (row 5) first, the rest on Ignore Damage."""
    ep = ep_down_to(HELD_EP_ROW, POWER_ROW, pr)
    return {"ep": ep, IGNORE_DAMAGE: pr - ep}


def slide_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    points = ignored_points(spend[IGNORE_DAMAGE])
    return {COVERS: (Cover(f"{NAME} (sliding)", 100, ignore_damage=points),)}


SLIDE = PowerUse(
    action=ActionDefinition(
        name="slide-molecules-slide",
        performance_time=PASSIVE_TIME,  # seed "Power Rolls": defensive uses are passive, 10
        is_passive=True,
        is_sustained=True,  # seed weakness example: used "for a period of time", per round
        ep_row=POWER_ROW,
        summary="Slide molecules apart (template): ignore PR/3 (round up) of each hit while held.",
    ),
    effects=(IGNORE_DAMAGE,),
    default_spend=slide_spend,
    role=DEFENSE,
    prepare=slide_prepared,
)

SLIDE_MOLECULES = PowerSpec(
    name=NAME,
    summary="Slide one's molecules apart (template): blows pass partly through, Ignore Damage "
    "PR/3 while held (G-130).",
    source=TEMPLATE,
    uses=(SLIDE,),
)


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, SLIDE_MOLECULES)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, SLIDE_MOLECULES)


@hookimpl
@answers_actions(*SLIDE_MOLECULES.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    return power_refusals(encounter, actor, intent, SLIDE_MOLECULES)


@hookimpl
@answers_actions(*SLIDE_MOLECULES.actions)
def mands_action_sustain(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    return power_sustain(encounter, actor, action, SLIDE_MOLECULES)
