"""Surrendering: giving up the fight is a real outcome (G-160).

The rulebook has no rule for yielding; the simulator's default (G-160): ``surrender`` is an
active action of one segment (``docs/rules/combat.md`` §3: every action takes at least one segment)
with no roll and no EP (EP Use row 0, ``docs/rules/charts.md`` §2). It starts like any other active
action — not while another active action is in progress, not before a surprise ends — and when
it completes the character is out of action with the condition ``surrendered`` (an
:class:`~mands_sim.events.OutOfAction` event): it takes no further part, its enemies attack
only characters in action, and ``side-out-of-action`` counts it as out (a side whose last
fighter yields loses). A policy decides when: the ``coward`` personality yields at its
threshold when no exit can be reached, others with ``surrender_at`` (``docs/policies.md``).
Disable this plugin to take surrender out of the game.
"""

from __future__ import annotations

from typing import Final

from mands_sim.api import (
    ActionDefinition,
    ActionInProgress,
    Encounter,
    Event,
    Initiation,
    Intent,
    OutOfAction,
    Register,
    hookimpl,
    register_actions,
)

SURRENDERED: Final = "surrendered"
"""The condition of a character who has yielded (G-160)."""

SURRENDER = ActionDefinition(
    name="surrender",
    # G-160: one segment, the shortest Performance Time (docs/rules/combat.md §3).
    performance_time=1,
    # G-160: no EP; row 0 of the EP Use Chart costs nothing (docs/rules/charts.md §2).
    ep_row=0,
    summary="Yield: out of action as 'surrendered' after one segment (G-160).",
)


@hookimpl
def mands_register_actions(register: Register) -> None:
    register_actions(
        register,
        (SURRENDER,),
        initiate=initiate,
        resolve=resolve,
        source="template, not rules text",
    )


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    """G-160: no roll, no EP, one segment."""
    return Initiation(performance_time=SURRENDER.performance_time)


def resolve(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """The character is out of action as ``surrendered`` (G-160)."""
    return [OutOfAction(encounter.now, actor, SURRENDERED)]
