"""Throwback and Pushback from blows (``docs/rules/combat.md`` §8; seed "Throwback Roll"): the
plugin. Its hooks play the rules of :mod:`mands_rulebook.kit.throwback`, which any chapter may
import."""

from __future__ import annotations

from mands_rulebook.kit.throwback import THROWN_BACK, aftermath, impacts
from mands_sim.api import ActionInProgress, Encounter, Event, Register, hookimpl


@hookimpl
def mands_register_metrics(register: Register) -> None:
    """The throwbacks each character suffered (§8.1), counted per run."""
    register(THROWN_BACK.name, THROWN_BACK, summary=THROWN_BACK.summary, source="rules text")


@hookimpl
def mands_action_after(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """The Throwback Roll and Pushback of everyone ``action``'s blows hurt (§8)."""
    events: list[Event] = []
    for impact in impacts(encounter, actor, action.action_id):
        events += aftermath(encounter, impact)
    return events


# --- the blows of one resolution -------------------------------------------------------------


# --- the Throwback Roll (§8.1) ---------------------------------------------------------------


# --- the landing (G-68, G-245) -------------------------------------------------------------------


# --- Pushback (§8.2, G-10) -------------------------------------------------------------------
