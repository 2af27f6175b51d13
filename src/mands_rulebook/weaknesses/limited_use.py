"""Limited Use: a power held too long costs DP (seed "Sample Weaknesses").

Seed, Brinn X'Halikso ("Power Weakness, Limited Use"): "If Brinn uses his Slide Molecules power
for a period of time greater than twice his PR rounds, he begins to lose control of his
molecules. He loses 1 DP, penetrating, per round that he continues to slide molecules." On the
sheet::

    [[weaknesses]]
    kind = "limited-use"
    power = "Slide Molecules"
    rounds_per_pr = 2        # "greater than twice his PR rounds"
    dp_per_round = 1         # "He loses 1 DP, penetrating, per round"

G-269: at each Payment Segment a sustained action of the power (G-268's match) that has been
held longer than ``rounds_per_pr`` × the sheet's PR rounds since it started costs
``dp_per_round`` penetrating Body DP, past VP and protection (as bleeding, G-19). The seed's
other Limited Use samples (Black Violet without ultraviolet light, Spiro Poseidon's trident out
of the ocean) need light and water the map does not have.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from mands_rulebook.kit.weaknesses import fired, has_weakness, parameter, weaknesses_of, whole
from mands_rulebook.weaknesses.power_use import uses_power
from mands_sim.api import (
    SEGMENTS_PER_ROUND,
    ActionInProgress,
    DamageTaken,
    Encounter,
    Event,
    Parameter,
    Register,
    Weakness,
    WeaknessKind,
    answers_characters,
    defaults_summary,
    hookimpl,
    rule_default,
    spoken,
)


@dataclass(frozen=True, slots=True)
class LimitedUseDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-269."""

    G269_limited_use: Literal["payment-segments", "off"] = rule_default(
        "G-269",
        "Limited Use (Brinn: 'greater than twice his PR rounds ... 1 DP, penetrating, per "
        "round'): at each Payment Segment a sustained action of the power held longer than "
        "rounds_per_pr x its sheet PR rounds costs dp_per_round penetrating Body DP "
        "('payment-segments'); or nothing ('off').",
        "payment-segments",
        ("payment-segments", "off"),
    )


KIND: Final = "limited-use"
SOURCE: Final = "limited use"
"""The ``source`` of the DP the weakness takes."""

BRINN_ROUNDS_PER_PR: Final = 2
"""Seed, Brinn: "greater than twice his PR rounds"."""

BRINN_DP_PER_ROUND: Final = 1
"""Seed, Brinn: "He loses 1 DP, penetrating, per round"."""

LIMITED_USE = WeaknessKind(
    parameters=(
        Parameter("power", "text", "the power whose use is limited", required=True),
        Parameter("rounds_per_pr", "whole", "rounds of use per PR (Brinn: 2)", minimum=1),
        Parameter("dp_per_round", "whole", "penetrating DP a round beyond (Brinn: 1)", minimum=1),
    )
)


def power_rating(encounter: Encounter, actor: str, power: str) -> int:
    """The sheet's PR of ``power`` (name case and spacing aside); 0 without one."""
    powers = encounter.character(actor).sheet.powers
    entry = next((p for name, p in powers.items() if spoken(name) == spoken(power)), None)
    return int(entry.power_rating or 0) if entry is not None else 0


def rounds_allowed(encounter: Encounter, actor: str, weakness: Weakness) -> int:
    """Seed: "twice his PR rounds" (``rounds_per_pr`` × PR)."""
    power = str(parameter(weakness, "power", ""))
    per_pr = whole(weakness, "rounds_per_pr", BRINN_ROUNDS_PER_PR)
    return per_pr * power_rating(encounter, actor, power)


def overused(
    encounter: Encounter, actor: str, action: ActionInProgress, weakness: Weakness
) -> bool:
    """G-269: the power's action has been held longer than the rounds allowed."""
    if not uses_power(encounter, action.intent, str(parameter(weakness, "power", ""))):
        return False
    held = encounter.now - action.started_at
    return held > rounds_allowed(encounter, actor, weakness) * SEGMENTS_PER_ROUND


def losing_control(encounter: Encounter, actor: str, weakness: Weakness) -> list[Event]:
    """The round's penetrating DP, past VP and protection, and the weakness firing."""
    points = whole(weakness, "dp_per_round", BRINN_DP_PER_ROUND)
    state = encounter.state[actor]
    lost = DamageTaken(
        segment=encounter.now,
        character=actor,
        source=SOURCE,
        raw=points,
        taken=points,
        virtual_damage_points_after=state.virtual_damage_points,
        damage_points_after=state.damage_points - points,
        penetrating=points,
    )
    return [fired(encounter, actor, weakness, f"loses {points} DP, penetrating"), lost]


@hookimpl
def mands_register_weaknesses(register: Register) -> None:
    register(
        KIND,
        LIMITED_USE,
        summary="A power held beyond PR x rounds costs DP each round (Brinn, G-269).",
        source="rules text",
    )


@hookimpl
@answers_characters(has_weakness(KIND))
def mands_action_sustain(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """G-269: each round the power is held too long costs DP."""
    if encounter.defaults.of(LimitedUseDefaults).G269_limited_use == "off":
        return []
    events: list[Event] = []
    for weakness in weaknesses_of(encounter, actor, KIND):
        if overused(encounter, actor, action, weakness):
            events += losing_control(encounter, actor, weakness)
    return events


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "weaknesses.limited_use",
        LimitedUseDefaults,
        summary=defaults_summary(LimitedUseDefaults),
        source="rules text",
    )
