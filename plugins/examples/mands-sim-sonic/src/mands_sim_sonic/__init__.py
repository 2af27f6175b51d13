"""mands-sim-sonic: an example third-party plugin adding the Sonic Scream power.

Installed, it is found through the ``mands_sim`` entry point in ``pyproject.toml`` under the
plugin name ``sonic``. It implements two hooks: it registers the power, and it gives every
character whose sheet lists the power its Perception bonus. Sonic Scream is invented here;
it is not rulebook content, so it is registered with ``source="third party"``.
"""

from __future__ import annotations

from mands_sim import hookimpl
from mands_sim.model import CharacterSheet, FiguredAdjustment
from mands_sim.registry import Register
from mands_sim_sonic.power import SONIC_SCREAM, SonicScream

__all__ = ["POWER_NAME", "SONIC_SCREAM", "SonicScream"]

POWER_NAME = "Sonic Scream"
"""The name the power is registered under and that character sheets use."""


@hookimpl
def mands_register_powers(register: Register) -> None:
    """Register Sonic Scream."""
    register(
        POWER_NAME,
        SONIC_SCREAM,
        summary="a deafening scream (invented example power)",
        source="third party",
    )


@hookimpl
def mands_figured_adjustments(sheet: CharacterSheet) -> list[FiguredAdjustment]:
    """A character with Sonic Scream on its sheet gains the power's Perception bonus."""
    if POWER_NAME not in sheet.powers:
        return []
    return [FiguredAdjustment("perception", SONIC_SCREAM.perception_bonus, f"power:{POWER_NAME}")]
