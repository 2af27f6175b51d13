"""Falls from a height: elevation on the map, the fall's damage and the Falling skill (seed
"Falling", "Throwback Roll"; ``docs/rules/decisions.md`` G-174, G-175): the plugin. Its hooks
play the rules of :mod:`mands_rulebook.kit.falling`, which any chapter may import."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from mands_rulebook.kit.falling import (
    FALLS,
    knocked_out_falls,
)
from mands_sim.api import (
    ActionInProgress,
    Encounter,
    Event,
    Register,
    defaults_summary,
    hookimpl,
    rule_default,
)

# --- thrown back to lower ground (G-174) ------------------------------------------------------


# --- a flyer out of action (G-175) ------------------------------------------------------------


# --- a flyer put out of action by an action (G-176) -------------------------------------------


@dataclass(frozen=True, slots=True)
class FlyerFallDefaults:
    """The named defaults this module applies (``docs/rules/decisions.md``): G-176."""

    G176_flyer_knocked_out: Literal["any", "condition-check"] = rule_default(
        "G-176",
        "Which flyers out of action fall (G-175): those put out of action by any action's "
        "events but by their own choice (fled, surrendered) ('any'), or only those out of "
        "action in their condition check ('condition-check').",
        "any",
        ("any", "condition-check"),
    )


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
    if not events or encounter.defaults.of(FlyerFallDefaults).G176_flyer_knocked_out != "any":
        return None
    return knocked_out_falls(encounter, events)


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults this rule applies (``docs/rules/decisions.md``)."""
    register(
        "movement.falling",
        FlyerFallDefaults,
        summary=defaults_summary(FlyerFallDefaults),
        source="rules text",
    )
