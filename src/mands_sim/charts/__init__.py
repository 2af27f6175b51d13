"""The Action Charts and the other rulebook tables, as data (``docs/rules/charts.md``).

Public facade; the work lives in the submodules. Tables are TOML files under ``data/``,
checked when loaded.
"""

from __future__ import annotations

from mands_sim.charts.action import COLUMNS, ActionChart, ChartRangeError, Column
from mands_sim.charts.ep_use import EPUseChart
from mands_sim.charts.experience import ExperienceChart
from mands_sim.charts.loading import (
    CHART_NAMES,
    DATA_DIR,
    Chart,
    Charts,
    load_chart,
    load_standard_charts,
    standard_chart_path,
)
from mands_sim.charts.senses import HearingTable, SightModifiers, SightTable
from mands_sim.charts.skin_temper import SkinTemperChart

__all__ = [
    "CHART_NAMES",
    "COLUMNS",
    "DATA_DIR",
    "ActionChart",
    "Chart",
    "ChartRangeError",
    "Charts",
    "Column",
    "EPUseChart",
    "ExperienceChart",
    "HearingTable",
    "SightModifiers",
    "SightTable",
    "SkinTemperChart",
    "load_chart",
    "load_standard_charts",
    "standard_chart_path",
]
