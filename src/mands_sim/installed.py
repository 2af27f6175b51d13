"""What the plugins installed here register, and a sheet figured with them: for plugin commands
that make or compare characters outside an encounter (``mands-sim generate``).

Both read the plugins as ``mands-sim`` would (entry points, less those named in
``MANDS_SIM_DISABLE_PLUGINS``) and figure under the standard named defaults, as ``mands-sim
sheet`` shows a sheet.
"""

from __future__ import annotations

from functools import lru_cache

from mands_sim.charts.loading import load_standard_charts
from mands_sim.defaults import STANDARD_DEFAULTS
from mands_sim.model.character import Character, build_character
from mands_sim.model.sheet import CharacterSheet
from mands_sim.plugin_calls import figured_adjustments
from mands_sim.plugins import MandsPluginManager, make_plugin_manager
from mands_sim.registry import Registries, collect_registries


@lru_cache(maxsize=1)
def _plugins() -> MandsPluginManager:
    return make_plugin_manager()


def installed_registries() -> Registries:
    """Everything the installed plugins register (powers, skills, commands …)."""
    return collect_registries(_plugins())


def figured_here(sheet: CharacterSheet) -> Character:
    """``sheet`` figured as an encounter under the standard defaults figures it, with the
    installed plugins' adjustments (Endurance adding to EP …)."""
    return build_character(
        sheet,
        charts=load_standard_charts(STANDARD_DEFAULTS),
        defaults=STANDARD_DEFAULTS,
        adjustments=figured_adjustments(_plugins(), sheet),
    )
