"""Tires Easily: more EP for every action, or a Combat Pool penalty that grows (seed "Sample
Weaknesses").

Seed, 8-Ball ("Handicap, Tires Easily"): "8-Ball uses twice normal EP for any action requiring
EP, and regains EP at half the normal rate." Diamondback ("Handicap, Tires Easily"): "After 4
rounds using 1 EP or more per minute, he has -1 to his Combat Pool. Every 2 rounds after that,
he gets another penalty of 1 to his Combat Pool, due to his fatigue." On the sheet::

    [[weaknesses]]
    kind = "tires-easily"
    ep_multiplier = 2        # 8-Ball: "twice normal EP"
    # or Diamondback's fatigue:
    fatigue_after = 4        # rounds using EP before the first -1
    fatigue_every = 2        # rounds for each further -1

* **EP** (G-266 ``on-resolution``): an action's start costs ``ep_multiplier`` times its EP: the
  extra is paid (an :class:`~mands_sim.events.EndurancePaid`, reason ``tires easily``) when the
  action resolves; a sustained action pays the extra with each round's payment. An action
  dropped before it resolves pays no extra for its start. Regaining EP at half the rate is
  longer than an encounter.
* **Fatigue** (G-267 ``paying-rounds``): the rounds counted are the finished rounds of the
  encounter in which the character paid EP; from ``fatigue_after`` of them, −1 to the Bonus Pool
  of its Combat Rolls, and −1 more for every ``fatigue_every`` after. The penalties disappear
  "at 1 point per minute when resting": longer than an encounter.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

from mands_rulebook.kit.weaknesses import fired, has_weakness, weaknesses_of, whole
from mands_sim.api import (
    SEGMENTS_PER_ROUND,
    ActionInProgress,
    Encounter,
    EndurancePaid,
    Event,
    Intent,
    Modifier,
    Parameter,
    Register,
    Weakness,
    WeaknessFired,
    WeaknessKind,
    answers_characters,
    defaults_summary,
    hookimpl,
    rule_default,
)


@dataclass(frozen=True, slots=True)
class TiresEasilyDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-266, G-267."""

    G266_tires_easily_ep: Literal["on-resolution", "off"] = rule_default(
        "G-266",
        "Tires Easily (8-Ball: 'twice normal EP for any action requiring EP'): the extra EP an "
        "action's start cost is paid when it resolves, and a sustained action's extra with each "
        "round's payment ('on-resolution'); or no extra EP ('off').",
        "on-resolution",
        ("on-resolution", "off"),
    )
    G267_fatigue_rounds: Literal["paying-rounds", "off"] = rule_default(
        "G-267",
        "Tires Easily (Diamondback: -1 Combat Pool after 4 rounds using EP, another -1 every 2 "
        "rounds after): the rounds counted are the encounter's rounds in which the character "
        "paid EP, and the penalty applies to Combat Rolls ('paying-rounds'); or no penalty "
        "('off').",
        "paying-rounds",
        ("paying-rounds", "off"),
    )


KIND: Final = "tires-easily"
REASON: Final = "tires easily"
"""The ``reason`` of the extra EP an action pays (G-266)."""

COMBAT: Final = "combat"
"""The Bonus Pool purpose of a Combat Roll: the Combat Pool's
(``mands_rulebook.combat.combat_pool``)."""

DIAMONDBACK_AFTER: Final = 4
"""Seed, Diamondback: "After 4 rounds using 1 EP or more per minute, he has -1"."""

DIAMONDBACK_EVERY: Final = 2
"""Seed, Diamondback: "Every 2 rounds after that, he gets another penalty of 1"."""

TIRES_EASILY = WeaknessKind(
    parameters=(
        Parameter("ep_multiplier", "whole", "times normal EP (8-Ball: 2)", minimum=2),
        Parameter("fatigue_after", "whole", "rounds using EP before -1 Combat Pool", minimum=1),
        Parameter(
            "fatigue_every", "whole", "rounds for each further -1 (Diamondback: 2)", minimum=1
        ),
    )
)


def ep_multiplier(weakness: Weakness) -> int:
    """Times normal EP; 1 for a weakness that gives only fatigue."""
    return whole(weakness, "ep_multiplier", 1)


def fatigue_penalty(weakness: Weakness, rounds: int) -> int:
    """Seed, Diamondback: −1 after 4 rounds using EP, −1 more every 2 rounds after (4 → 1,
    5 → 1, 6 → 2); 0 without ``fatigue_after``."""
    if "fatigue_after" not in weakness.parameters:
        return 0
    after = whole(weakness, "fatigue_after", DIAMONDBACK_AFTER)
    every = whole(weakness, "fatigue_every", DIAMONDBACK_EVERY)
    return 0 if rounds < after else 1 + (rounds - after) // every


def rounds_paying_ep(encounter: Encounter, actor: str) -> int:
    """G-267: the finished rounds of the encounter in which ``actor`` paid EP."""
    now = encounter.now // SEGMENTS_PER_ROUND
    return len(
        {
            e.segment // SEGMENTS_PER_ROUND
            for e in encounter.log
            if isinstance(e, EndurancePaid) and e.character == actor and e.amount > 0
        }
        - {now}
    )


def extra_ep(
    encounter: Encounter, actor: str, action: ActionInProgress, amount: Fraction, weakness: Weakness
) -> list[Event]:
    """The extra EP (``multiplier`` − 1 times ``amount``) and the weakness firing."""
    extra = amount * (ep_multiplier(weakness) - 1)
    if extra <= 0:
        return []
    after = encounter.state[actor].endurance_points - extra
    return [
        fired(encounter, actor, weakness, f"{extra} EP more for {action.name}"),
        EndurancePaid(encounter.now, actor, action.name, REASON, 0, extra, after),
    ]


def start_cost(encounter: Encounter, actor: str, action: ActionInProgress) -> Fraction:
    """What ``action`` paid at its start (its EndurancePaid at ``started_at``)."""
    return sum(
        (
            e.amount
            for e in encounter.log
            if isinstance(e, EndurancePaid)
            and e.character == actor
            and e.action == action.name
            and e.segment == action.started_at
            and e.reason != REASON
        ),
        Fraction(0),
    )


def new_fatigue(encounter: Encounter, actor: str, weakness: Weakness) -> list[Event]:
    """A :class:`WeaknessFired` when the fatigue penalty has grown since it was last logged."""
    penalty = fatigue_penalty(weakness, rounds_paying_ep(encounter, actor))
    logged = sum(
        1
        for e in encounter.log
        if isinstance(e, WeaknessFired)
        and e.character == actor
        and e.weakness_kind == weakness.kind
        and e.effect.startswith("fatigue")
    )
    if encounter.defaults.of(TiresEasilyDefaults).G267_fatigue_rounds == "off" or penalty <= logged:
        return []
    return [fired(encounter, actor, weakness, f"fatigue: -{penalty} to the Combat Pool")]


@hookimpl
def mands_register_weaknesses(register: Register) -> None:
    register(
        KIND,
        TIRES_EASILY,
        summary="More EP for every action (8-Ball: 2×) or a growing Combat Pool penalty.",
        source="rules text",
    )


@hookimpl
@answers_characters(has_weakness(KIND))
def mands_action_after(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """G-266: the extra EP of the action's start; G-267: a grown fatigue penalty is logged."""
    events: list[Event] = []
    for weakness in weaknesses_of(encounter, actor, KIND):
        if encounter.defaults.of(TiresEasilyDefaults).G266_tires_easily_ep != "off":
            events += extra_ep(
                encounter, actor, action, start_cost(encounter, actor, action), weakness
            )
        events += new_fatigue(encounter, actor, weakness)
    return events


@hookimpl
@answers_characters(has_weakness(KIND))
def mands_action_sustain(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """G-266: a sustained action pays the extra with each round's payment."""
    if encounter.defaults.of(TiresEasilyDefaults).G266_tires_easily_ep == "off":
        return []
    row = action.prepared.whole("ep_row", action.definition.ep_row)
    amount = Fraction(encounter.rules.ep_cost(row))
    events: list[Event] = []
    for weakness in weaknesses_of(encounter, actor, KIND):
        events += extra_ep(encounter, actor, action, amount, weakness)
    return events


@hookimpl
@answers_characters(has_weakness(KIND))
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    """G-267: the fatigue penalty on Combat Rolls."""
    if purpose != COMBAT or encounter.defaults.of(TiresEasilyDefaults).G267_fatigue_rounds == "off":
        return []
    penalty = sum(
        fatigue_penalty(w, rounds_paying_ep(encounter, actor))
        for w in weaknesses_of(encounter, actor, KIND)
    )
    return [Modifier(-penalty, "fatigue (tires easily)", "G-267")] if penalty else []


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "weaknesses.tires_easily",
        TiresEasilyDefaults,
        summary=defaults_summary(TiresEasilyDefaults),
        source="rules text",
    )
