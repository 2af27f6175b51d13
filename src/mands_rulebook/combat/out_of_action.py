"""Falling out of action: Injury rolls, bleeding, unconsciousness and death (§9, §16): the plugin.
Its hooks play the rules of :mod:`mands_rulebook.kit.out_of_action`, which any chapter may
import."""

from __future__ import annotations

from mands_rulebook.kit.falling import flyer_falls
from mands_rulebook.kit.injury import (
    DEATH_SHOTS_GIVEN,
    DEATH_SHOTS_TAKEN,
    segment_start,
)
from mands_rulebook.kit.out_of_action import (
    DEAD,
    bleeding,
    condition,
    damage_points,
    injuries,
    wounds,
)
from mands_sim.api import Encounter, Event, Register, hookimpl


@hookimpl
def mands_register_metrics(register: Register) -> None:
    """The Death Shots given and taken (§16, G-27), counted per character and run."""
    for metric in (DEATH_SHOTS_GIVEN, DEATH_SHOTS_TAKEN):
        register(metric.name, metric, summary=metric.summary, source="rules text")


@hookimpl(trylast=True)
def mands_status_check(encounter: Encounter, actor: str) -> list[Event] | None:
    """Injury roll, wounds, bleeding, then the condition (G-17, G-18, G-19)."""
    state = encounter.state[actor]
    if state.condition == DEAD:
        return []
    start = segment_start(encounter.log, encounter.now)
    events = injuries(encounter, actor, start)
    events += wounds(encounter, actor, start)
    events += bleeding(encounter, actor, start, damage_points(state, events))
    events += condition(encounter, actor, start, events)
    events += flyer_falls(encounter, actor, events)  # G-175
    return events


# --- 1. Injury rolls (G-18, G-27) ------------------------------------------------------------


# --- 2. Wounds (G-19) ------------------------------------------------------------------------


# --- 3. Bleeding (G-19) ----------------------------------------------------------------------


# --- 4. The condition (G-17, G-18, Nerve Pinch) ----------------------------------------------
