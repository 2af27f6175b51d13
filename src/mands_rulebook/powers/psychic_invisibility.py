"""Psychic Invisibility (alias Invisibility), template, not rules text: Seraph's latent power
("Going to the Psychic Power Table, the Editor rolls 95, or Psychic Invisibility, and then rolls
a PR of 9. When Carl discovers this power, Biff will have to roll %Control and half it"), never
described (``docs/rules/powers.md`` §2, §3).

A latent power cannot be used until it is discovered (the kit's ``sheet_power``: an entry with
``latent = true`` is not usable), so Seraph's sample sheet never uses it; a sheet that has
discovered it gives it a %Control and drops ``latent``.

Built from the template's mind power (G-130, G-132): the mind of whoever would attack its owner
does not register him.

* ``psychic-invisibility-fade`` — passive, sustained (held round by round, G-75), Performance
  Time 10 (seed "Power Rolls": mind powers are passive, "usually ... 10"). Once it takes effect
  and while it is held, every other character's Combat Roll against its owner has a Bonus Pool
  penalty of the PR spent on ``invisibility`` (1 per PR point, as Alchemy's "penalty to the
  target's saving throw of 1 per PR point"), before the Sphere lookup. Psychic Immunity sees
  through it by chance (seed "Psychic Immunity": "If there is no saving throw, the Psychic
  Immunity score is the chance of ignoring the attack"): when the fade starts, every other
  character with a score under 100 rolls d100 on its own dice (a ``PercentRolled``), and one that
  rolls its score or less, or has 100 or more, is not affected while this fade is held (G-132:
  one roll per fade, since a Bonus Pool modifier may not roll dice). Default spend: PR to bring
  the EP row to 5 (1 EP per round) first, the rest on invisibility (Seraph's 9: 4 and 5).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Final

from mands_rulebook.kit.powers import (
    ep_down_to,
    power_initiation,
    power_refusals,
    power_sustain,
    register_power_actions,
    running_uses,
)
from mands_rulebook.kit.powers.uses import (
    DEFENSE,
    PASSIVE_TIME,
    POWER_ROW,
    PROTECTS_FROM,
    TEMPLATE,
    PowerSpec,
    PowerSpend,
    PowerUse,
    register_power,
)
from mands_rulebook.powers.psychic_immunity import psychic_immunity
from mands_sim.api import (
    ActionDefinition,
    ActionInProgress,
    Encounter,
    Event,
    Initiation,
    Intent,
    Modifier,
    PercentRolled,
    Register,
    answers_actions,
    hookimpl,
    percent_roll,
)

NAME: Final = "Psychic Invisibility"
INVISIBILITY: Final = "invisibility"
PENALTY: Final = "attack_penalty"
"""``prepared`` key: the Bonus Pool penalty attackers take."""
SEEN_THROUGH: Final = "seen_through_by"
"""``prepared`` key: the characters whose Psychic Immunity sees through the fade (G-132)."""
IMMUNITY_ROLL: Final = "Psychic Immunity vs. Psychic Invisibility"
CERTAIN: Final = 100
"""A score of 100 or more ignores the fade without a roll (d100 ≤ 100 always)."""

HELD_EP_ROW: Final = 5
"""The default spend's target row: 1 EP per round (EP Use Chart), as Electric Power's shield."""


def fade_spend(encounter: Encounter, actor: str, intent: Intent, pr: int) -> Mapping[str, int]:
    """Default: down to 1 EP per round (row 5) first, the rest on invisibility."""
    ep = ep_down_to(HELD_EP_ROW, POWER_ROW, pr)
    return {"ep": ep, INVISIBILITY: pr - ep}


def fade_prepared(
    encounter: Encounter, actor: str, intent: Intent, spend: PowerSpend
) -> Mapping[str, Any]:
    return {PENALTY: spend[INVISIBILITY]}


FADE = PowerUse(
    action=ActionDefinition(
        name="psychic-invisibility-fade",
        performance_time=PASSIVE_TIME,  # seed "Power Rolls": mind powers are passive, 10
        is_passive=True,
        is_sustained=True,  # held round by round (G-75)
        ep_row=POWER_ROW,
        summary="Fade from minds (template): attackers' Combat Rolls lose the PR spent from "
        "their Bonus Pool while held (G-132).",
    ),
    effects=(INVISIBILITY,),
    default_spend=fade_spend,
    role=DEFENSE,
    prepare=fade_prepared,
)

PSYCHIC_INVISIBILITY = PowerSpec(
    name=NAME,
    summary="Be unseen by minds (template): -1 per PR spent to Combat Rolls against its owner "
    "while held; Psychic Immunity is the chance of seeing through it (G-132).",
    source=TEMPLATE,
    uses=(FADE,),
    aliases=("Invisibility",),
)


def invisibility_penalty(encounter: Encounter, owner: str, attacker: str) -> int:
    """The penalty ``owner``'s running fades give ``attacker`` now (the largest; 0 for none)."""
    penalties = [
        action.prepared.whole(PENALTY, 0)
        for action in running_uses(encounter, owner, FADE)
        if encounter.now >= action.prepared.whole(PROTECTS_FROM, action.started_at)
        and action.prepared.get("outcome") is None  # a lost %Control roll does nothing
        and attacker not in action.prepared.of(SEEN_THROUGH, tuple, ())
    ]
    return max(penalties, default=0)


def unseen_modifier(encounter: Encounter, actor: str, intent: Intent) -> Modifier | None:
    """G-132: an attack on an invisible character, by someone it has not been seen through."""
    target = intent.target
    if target is None or target == actor or target not in encounter.state.ids():
        return None
    penalty = invisibility_penalty(encounter, target, actor)
    if penalty <= 0:
        return None
    return Modifier(-penalty, NAME, f"G-132: {target} is psychically invisible (PR {penalty})")


def immunity_rolls(encounter: Encounter, owner: str) -> list[PercentRolled]:
    """Each other character with a Psychic Immunity score from 1 to 99 rolls d100 against it,
    on its own dice, in the encounter's drawn order (G-227)."""
    rolls: list[PercentRolled] = []
    for other in encounter.ranked(encounter.state.ids()):
        score = psychic_immunity(encounter.character(other).sheet)
        if other != owner and 0 < score < CERTAIN:
            rolls.append(percent_roll(encounter, other, IMMUNITY_ROLL, score))
    return rolls


def seen_through(encounter: Encounter, owner: str, rolls: list[PercentRolled]) -> tuple[str, ...]:
    """Those whose roll made their score, and those with a score of 100 or more."""
    certain = [
        other
        for other in encounter.state.ids()
        if other != owner and psychic_immunity(encounter.character(other).sheet) >= CERTAIN
    ]
    return (*certain, *(r.character for r in rolls if r.succeeded))


def fade_initiation(encounter: Encounter, actor: str, initiation: Initiation) -> Initiation:
    """The fade's start, with every other character's Psychic Immunity roll (G-132)."""
    rolls = immunity_rolls(encounter, actor)
    prepared = {**initiation.prepared, SEEN_THROUGH: seen_through(encounter, actor, rolls)}
    return replace(initiation, events=(*initiation.events, *rolls), prepared=prepared)


@hookimpl
def mands_register_powers(register: Register) -> None:
    register_power(register, PSYCHIC_INVISIBILITY)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_power_actions(register, PSYCHIC_INVISIBILITY, initiate=initiate)


@hookimpl
@answers_actions(*PSYCHIC_INVISIBILITY.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    return power_refusals(encounter, actor, intent, PSYCHIC_INVISIBILITY)


@hookimpl
def mands_bonus_pool_modifiers(
    encounter: Encounter, actor: str, intent: Intent, purpose: str
) -> list[Modifier]:
    if purpose != "combat":
        return []
    found = unseen_modifier(encounter, actor, intent)
    return [found] if found else []


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    initiation = power_initiation(encounter, actor, intent, definition, PSYCHIC_INVISIBILITY)
    if initiation is None or definition.name != FADE.action.name:
        return initiation
    return fade_initiation(encounter, actor, initiation)


@hookimpl
@answers_actions(*PSYCHIC_INVISIBILITY.actions)
def mands_action_sustain(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    return power_sustain(encounter, actor, action, PSYCHIC_INVISIBILITY)
