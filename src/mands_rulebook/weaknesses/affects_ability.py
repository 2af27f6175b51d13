"""Affects Another Ability: using a power lowers an ability (seed "Handicap or Weakness").

Seed, Pulsar ("Power Related Physical Weakness ... Affects Another Ability/Power"): "Pulsar has
the power Gravity Control. Every time he initiates this power at a level which uses one or more
EP per round, his strength becomes 13 minus the number of EP being used per round. These lost
points return at Pulsar's healing rate per hour when not using Gravity Control. Pulsar's normal
strength is 13 ... If Pulsar's normal strength were 47 ... Pulsar might have to lose strength
equal to two or three times the EP used." On the sheet::

    [[weaknesses]]
    kind = "affects-ability"
    power = "Gravity Control"
    ability = "strength"     # the default
    per_ep = 1               # "13 minus the number of EP"; "two or three times" for Strength 47

G-270 ``held``: an EP payment of 1 or more (whole points) of the power's level — for one of its
actions (its name starts with the power's slug, ``gravity-control-crush``), not its Combat Roll's —
lowers the ability to the sheet's less ``per_ep`` × the most EP any such payment cost so far; the
points come back "per hour", longer than an encounter, so the loss stays to its end. The ability
never falls below 1 (ours: the seed's own example loses "1-5" of 13). The loss reaches every rule
through the seam (``mands_ability_modifiers``, :mod:`mands_sim.kernel.abilities`): Pulsar's Hand
Damage, Throw, Lift, Move and Jump Rolls and Skin Temper are figured from his Strength now (G-287:
his Mass, DP, VP and EP maxima stay as built). A :class:`~mands_sim.events.WeaknessFired` is logged
when the power's action resolves, or pays its round, with the ability lower than it was last logged.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from mands_rulebook.kit.powers.uses import power_slug
from mands_rulebook.kit.weaknesses import fired, has_weakness, parameter, weaknesses_of, whole
from mands_sim.api import (
    ABILITY_NAMES,
    AbilityModifier,
    ActionInProgress,
    Encounter,
    EndurancePaid,
    Event,
    Parameter,
    Register,
    Weakness,
    WeaknessFired,
    WeaknessKind,
    answers_characters,
    defaults_summary,
    hookimpl,
    logged_before,
    logged_between,
    rule_default,
)


@dataclass(frozen=True, slots=True)
class AffectsAbilityDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-270."""

    G270_affects_ability: Literal["held", "off"] = rule_default(
        "G-270",
        "Affects Another Ability (Pulsar: 'his strength becomes 13 minus the number of EP being "
        "used per round ... These lost points return at Pulsar's healing rate per hour'): from "
        "each start of the power's action that costs 1 EP or more, the ability is the sheet's "
        "less per_ep x the most EP any such start cost, for the rest of the encounter "
        "('held'); or nothing ('off').",
        "held",
        ("held", "off"),
    )


KIND: Final = "affects-ability"

PULSAR_ABILITY: Final = "strength"
"""Seed, Pulsar: "his strength becomes 13 minus ..."."""

PULSAR_PER_EP: Final = 1
"""Seed, Pulsar: "13 minus the number of EP being used per round" (1 point per EP)."""

LEAST_EP: Final = 1
"""Seed, Pulsar: "at a level which uses one or more EP per round"."""

NOT_THE_POWERS: Final = frozenset({"combat roll", "tires easily"})
"""G-270: payments for a power's action that are not its level's EP: the Combat Roll's
(``docs/rules/combat.md`` §5) and another weakness's extra (:mod:`.tires_easily`)."""

FLOOR: Final = 1
"""G-270 (ours): the ability is never lowered below 1."""

AFFECTS_ABILITY = WeaknessKind(
    parameters=(
        Parameter("power", "text", "the power whose use lowers the ability", required=True),
        Parameter(
            "ability", "text", "the ability lowered (Pulsar: strength)", choices=ABILITY_NAMES
        ),
        Parameter("per_ep", "whole", "points lost per EP a round (Pulsar: 1)", minimum=1),
    )
)


def lowered_ability(weakness: Weakness) -> str:
    """The ability ``weakness`` lowers (``strength`` unless the sheet says)."""
    name = str(parameter(weakness, "ability", PULSAR_ABILITY)).strip().casefold()
    if name not in ABILITY_NAMES:
        raise ValueError(f"an affects-ability weakness lowers one of {ABILITY_NAMES}, not {name!r}")
    return name


def pays_for_power(payment: EndurancePaid, power: str) -> bool:
    """Whether ``payment`` is the EP of ``power``'s level: for one of its actions (G-270: by the
    action's name), and not the Combat Roll's."""
    return payment.action.startswith(f"{power_slug(power)}-") and (
        payment.reason not in NOT_THE_POWERS
    )


def most_ep_a_round(payments: Sequence[EndurancePaid], power: str) -> int:
    """The most whole EP any payment for ``power``'s actions cost; 0 if none cost 1 or more."""
    costs = [math.floor(p.amount) for p in payments if pays_for_power(p, power)]
    return max((cost for cost in costs if cost >= LEAST_EP), default=0)


def points_lost(
    encounter: Encounter, actor: str, weakness: Weakness, end: int | None = None
) -> int:
    """G-270: ``per_ep`` × the most EP a round the power has used (in ``log[:end]``, all of it
    by default), never taking the ability below :data:`FLOOR`."""
    if encounter.defaults.of(AffectsAbilityDefaults).G270_affects_ability == "off":
        return 0
    power = str(parameter(weakness, "power", ""))
    end = len(encounter.log) if end is None else end
    used = most_ep_a_round(logged_before(encounter, EndurancePaid, end, actor), power)
    normal = getattr(encounter.character(actor).sheet.abilities, lowered_ability(weakness))
    per_ep = whole(weakness, "per_ep", PULSAR_PER_EP)
    return max(0, min(per_ep * used, int(normal) - FLOOR))


def newly_lowered(encounter: Encounter, actor: str, weakness: Weakness) -> list[Event]:
    """A :class:`WeaknessFired` when the ability is lower than when it was last logged."""
    lost = points_lost(encounter, actor, weakness)
    if lost <= already_logged(encounter, actor, weakness):
        return []
    ability = lowered_ability(weakness)
    normal = int(getattr(encounter.character(actor).sheet.abilities, ability))
    return [fired(encounter, actor, weakness, f"{ability} {normal} -> {normal - lost}")]


def already_logged(encounter: Encounter, actor: str, weakness: Weakness) -> int:
    """The points lost when ``weakness`` last fired (0: it has not)."""
    last = None
    for place, event in logged_between(encounter, WeaknessFired, 0, len(encounter.log), actor):
        if (event.weakness_kind, event.weakness) == (weakness.kind, weakness.name):
            last = place
    return 0 if last is None else points_lost(encounter, actor, weakness, last)


@hookimpl
def mands_register_weaknesses(register: Register) -> None:
    register(
        KIND,
        AFFECTS_ABILITY,
        summary="Using a power lowers an ability: Pulsar's Strength is 13 - EP a round (G-270).",
        source="rules text",
    )


@hookimpl
def mands_ability_modifiers(encounter: Encounter, actor: str) -> list[AbilityModifier]:
    """G-270: the ability each affects-ability weakness has lowered so far."""
    modifiers: list[AbilityModifier] = []
    for weakness in weaknesses_of(encounter, actor, KIND):
        lost = points_lost(encounter, actor, weakness)
        if lost:
            source = f"weakness:{weakness.name}"
            modifiers.append(AbilityModifier(lowered_ability(weakness), -lost, source))
    return modifiers


@hookimpl
@answers_characters(has_weakness(KIND))
def mands_action_after(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """The weakness firing, logged when the power's action resolves."""
    events: list[Event] = []
    for weakness in weaknesses_of(encounter, actor, KIND):
        events += newly_lowered(encounter, actor, weakness)
    return events


@hookimpl
@answers_characters(has_weakness(KIND))
def mands_action_sustain(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """The weakness firing, logged when a sustained use pays a round at a higher level."""
    return mands_action_after(encounter, actor, action)


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "weaknesses.affects_ability",
        AffectsAbilityDefaults,
        summary=defaults_summary(AffectsAbilityDefaults),
        source="rules text",
    )
