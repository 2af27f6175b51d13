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
from mands_sim.rulesets import DEFAULT_RULESET


@lru_cache(maxsize=8)
def _plugins(ruleset: str = DEFAULT_RULESET) -> MandsPluginManager:
    """The installed plugins of ``ruleset``; one no plugin plays fails in
    :func:`~mands_sim.plugins.make_plugin_manager`, which registers nothing of another game."""
    return make_plugin_manager(ruleset=ruleset)


@lru_cache(maxsize=8)
def installed_registries(ruleset: str = DEFAULT_RULESET) -> Registries:
    """Everything the installed plugins of ``ruleset`` (and of any) register (powers, skills,
    commands, how its sheets are read …); a ruleset no installed plugin plays is a
    :class:`~mands_sim.errors.ScenarioError` at the key ``ruleset``."""
    return collect_registries(_plugins(ruleset))


def figured_here(sheet: CharacterSheet) -> Character:
    """``sheet`` figured as an encounter under the standard defaults figures it, with the
    installed plugins' adjustments (Endurance adding to EP …)."""
    return build_character(
        sheet,
        charts=load_standard_charts(STANDARD_DEFAULTS),
        defaults=STANDARD_DEFAULTS,
        adjustments=figured_adjustments(_plugins(), sheet),
    )
