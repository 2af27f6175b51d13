"""What a hold stops (G-253): the rule's helpers, for the holds (``mands_rulebook.skills.holding``)
and for the policies that play objectives (``mands_rulebook.policies.objective_play``). No hooks.

The seed gives grabbing and holding (seed "Body Hold": "greater skill in grabbing onto and
holding opponents") but no word on what a held character can still do; G-253 ``stops`` reads a
hold as stopping the held one's work: its actions in progress not aimed at its holder — an
active one, a run or a jump — end when it is grabbed, and while held it starts no active action
but at its holder, save waiting, resting or giving up (:data:`STILL_FREE`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from mands_sim.actions import ActionInProgress, Intent
from mands_sim.defaults import rule_default
from mands_sim.kernel.encounter import Encounter
from mands_sim.policy.view import allowed


@dataclass(frozen=True, slots=True)
class PinningDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-182, G-253."""

    G182_body_hold: Literal["holds", "damage"] = rule_default(
        "G-182",
        "A Body Hold that hits holds its target ('holds': Hand Damage + damage Q + Body Hold "
        "level to escape, neither may move, each aims only at the other, the held one's Defense "
        "falls to 0), or is a blow only ('damage').",
        "holds",
        ("holds", "damage"),
    )
    G253_hold_stops_work: Literal["stops", "goes_on"] = rule_default(
        "G-253",
        "A hold stops what the held character was doing ('stops': when grabbed, its actions in "
        "progress not aimed at its holder are dropped, save passive ones other than a run or "
        "jump, and while held it starts no active action except at its holder), or leaves it "
        "what aims at nobody ('goes_on', G-184 alone: a safecracker held at the lock works on).",
        "stops",
        ("stops", "goes_on"),
    )


MOVES: Final = frozenset({"move", "jump", "reroll-move"})
"""The actions that move a character (``mands_rulebook.kit.movement.pace``,
``mands_rulebook.kit.movement.jumping``)."""

STILL_FREE: Final = frozenset({"wait", "rest", "surrender"})
"""What a held character may still do under G-253: nothing, rest or give up (neither needs its
hands nor its place)."""

BODY_HOLD_ACTION: Final = "body-hold"
"""The grab (``mands_rulebook.skills.wrestling``)."""


def stops(action: ActionInProgress, holder: str) -> bool:
    """G-253: whether a grab by ``holder`` stops ``action``: an active one, a run or a jump,
    unless aimed at the holder (or :data:`STILL_FREE`)."""
    if action.intent.target == holder or action.name in STILL_FREE:
        return False
    return not action.definition.is_passive or action.name in MOVES


def pinning(encounter: Encounter, actor: str, target: str) -> Intent | None:
    """A Body Hold at ``target`` that would stop its work (G-253 ``stops``): ``None`` when the
    rule is off, ``target`` has nothing a grab stops, or the rules refuse ``actor`` the grab
    now (no Body Hold, out of reach, already holding …)."""
    defaults = encounter.defaults
    if (
        defaults.of(PinningDefaults).G253_hold_stops_work != "stops"
        or defaults.of(PinningDefaults).G182_body_hold != "holds"
    ):
        return None
    if not any(stops(action, actor) for action in encounter.state[target].actions):
        return None
    grab = Intent(BODY_HOLD_ACTION, target=target)
    return grab if allowed(encounter, actor, grab) else None


__all__ = ["MOVES", "STILL_FREE", "pinning", "stops"]
