"""Falls from a height: elevation on the map, the fall's damage and the Falling skill (seed
"Falling", "Throwback Roll"; ``docs/rules/decisions.md`` G-174, G-175): the plugin. Its hooks
play the rules of :mod:`mands_rulebook.kit.falling`, which any chapter may import."""

from __future__ import annotations

from mands_rulebook.kit.falling import (
    FALLS,
    knocked_out_falls,
)
from mands_sim.api import ActionInProgress, Encounter, Event, Register, hookimpl

# --- thrown back to lower ground (G-174) ------------------------------------------------------


# --- a flyer out of action (G-175) ------------------------------------------------------------


# --- a flyer put out of action by an action (G-176) -------------------------------------------


@hookimpl
def mands_register_metrics(register: Register) -> None:
    """The falls from a height (G-174, G-175), counted per run."""
    register(FALLS.name, FALLS, summary=FALLS.summary, source="rules text")


@hookimpl
def mands_resolution_adjust(
    encounter: Encounter, actor: str, action: ActionInProgress, events: list[Event]
) -> list[Event] | None:
    """G-176 ``any``: each flyer the resolved action's events put out of action falls (G-175),
    the fall following its :class:`~mands_sim.events.OutOfAction`."""
    if not events or encounter.defaults.G176_flyer_knocked_out != "any":
        return None
    return knocked_out_falls(encounter, events)
