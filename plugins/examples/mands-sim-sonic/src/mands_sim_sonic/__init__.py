"""mands-sim-sonic: an example third-party plugin adding the Sonic Scream power.

Installed, it is found through the ``mands_sim`` entry point in ``pyproject.toml`` under the
plugin name ``sonic``. It registers the power and its action, the condition the scream leaves
its targets in, answers the action hooks for its action through the rulebook's power kit, and
gives every character whose sheet lists the power a Perception bonus. Sonic Scream is invented
here; it is not rulebook content, so it is registered with ``source="third party"``. It imports
nothing of mands-sim but ``mands_sim.api``.
"""

from __future__ import annotations

from mands_rulebook.api import (
    power_initiation,
    power_refusals,
    power_resolution,
    register_power,
    register_power_actions,
)
from mands_sim.api import (
    ActionDefinition,
    ActionInProgress,
    CharacterSheet,
    Encounter,
    Event,
    FiguredAdjustment,
    Initiation,
    Intent,
    Register,
    answers_actions,
    hookimpl,
)
from mands_sim_sonic.power import (
    NAME,
    PERCEPTION_BONUS,
    SONIC_SCREAM,
    STUN_CONDITION,
    STUNNED,
)

__all__ = ["NAME", "SONIC_SCREAM", "STUNNED", "STUN_CONDITION"]


@hookimpl
def mands_register_powers(register: Register) -> None:
    """Register Sonic Scream (the kit registers it under its name, as a third party's)."""
    register_power(register, SONIC_SCREAM)


@hookimpl
def mands_register_actions(register: Register) -> None:
    """Register the power's action, ``sonic-scream-blast``."""
    register_power_actions(register, SONIC_SCREAM, initiate=initiate, resolve=resolve)


@hookimpl
def mands_register_conditions(register: Register) -> None:
    """Register the condition a hit leaves its target in."""
    register(STUNNED, STUN_CONDITION, summary=STUN_CONDITION.summary, source="third party")


@hookimpl
@answers_actions(*SONIC_SCREAM.actions)
def mands_action_refusals(encounter: Encounter, actor: str, intent: Intent) -> list[str]:
    """The kit's refusals: the power on the sheet, named for %Control, a target in reach."""
    return power_refusals(encounter, actor, intent, SONIC_SCREAM)


def initiate(
    encounter: Encounter, actor: str, intent: Intent, definition: ActionDefinition
) -> Initiation:
    """The kit's initiation: the PR spent, the Combat Roll, the Performance Time and EP."""
    return power_initiation(encounter, actor, intent, definition, SONIC_SCREAM)


def resolve(encounter: Encounter, actor: str, action: ActionInProgress) -> list[Event]:
    """The kit's resolution, which calls the use's own ``resolve`` (the blow and the stun)."""
    return power_resolution(encounter, actor, action, SONIC_SCREAM)


@hookimpl
def mands_figured_adjustments(sheet: CharacterSheet) -> list[FiguredAdjustment]:
    """A character with Sonic Scream on its sheet gains the power's Perception bonus."""
    if NAME not in sheet.powers:
        return []
    return [FiguredAdjustment("perception", PERCEPTION_BONUS, f"power:{NAME}")]
