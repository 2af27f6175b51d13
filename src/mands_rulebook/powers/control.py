"""%Control: whether a power works when it is used (seed "Power Rolls and %Control"): the plugin.
Its hooks play the rules of :mod:`mands_rulebook.kit.control`, which any chapter may import."""

from __future__ import annotations

from mands_rulebook.kit.control import LOST_CONTROL, control_roll, controlled_power, lost_control
from mands_sim.api import (
    ActionDefinition,
    ActionDropped,
    ActionInProgress,
    Encounter,
    Event,
    Gate,
    Intent,
    hookimpl,
)


@hookimpl
def mands_initiation_gate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Gate | None:
    """Roll %Control before the action's own rules start it: a hit is logged first among its
    events; a miss starts the failed use instead (so its rules roll no Combat Roll and ask no
    policy)."""
    power = controlled_power(encounter, actor, intent)
    if power is None:
        return None
    roll = control_roll(encounter, actor, power)
    if not roll.succeeded:
        return Gate(instead=lost_control(encounter, actor, intent, definition, roll))
    return Gate(events=(roll,))


@hookimpl
def mands_action_sustain(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """Seed: a use lasting a period of time rolls "once per round in combat" (G-53: a miss ends
    it before it pays; a use that already failed at initiation ends without a roll)."""
    if action.prepared.get("outcome") == LOST_CONTROL:
        return [ActionDropped(encounter.now, actor, action.name, action.action_id, LOST_CONTROL)]
    power = controlled_power(encounter, actor, action.intent)
    if power is None:
        return []
    roll = control_roll(encounter, actor, power)
    if roll.succeeded:
        return [roll]
    return [roll, ActionDropped(encounter.now, actor, action.name, action.action_id, LOST_CONTROL)]
