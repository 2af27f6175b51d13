"""The rulebook's charts (``docs/rules/charts.md``), registered as a plugin like any other.

Each chart is registered by its name in :data:`mands_sim.charts.loading.CHART_NAMES`. The payload is
a :class:`StandardChart` loader: charts depend on rule defaults (G-01, G-03, G-31), so a simulation
builds them from the registry with its own defaults (:func:`mands_sim.registry.build_charts`). A
plugin overrides a chart by registering the same name with ``replaces=True``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from mands_sim.api import CHART_NAMES, Chart, Register, RuleDefaults, hookimpl, load_standard_charts

CHART_SUMMARIES: Final = {
    "action": (
        "Action Charts: the Result, Square, Sphere and Doubles columns (docs/rules/charts.md §1)"
    ),
    "ep_use": "EP Use Chart: EP cost by row (docs/rules/charts.md §2)",
    "skin_temper": "Skin Temper rows: the damage multiplier (docs/rules/charts.md §3)",
    "experience": "Experience chart: row and point multiplier (docs/rules/charts.md §4)",
    "sight": "Sight modifiers to Attack and Defense (docs/rules/charts.md §6)",
    "hearing": "Hearing Power: the multiplier for the unsighted penalty (docs/rules/charts.md §7)",
}
"""One line per standard chart, for ``mands-sim plugins``."""


@dataclass(frozen=True, slots=True)
class StandardChart:
    """Loads the bundled chart ``name`` under a simulation's rule defaults."""

    name: str

    def __call__(self, defaults: RuleDefaults) -> Chart:
        chart: Chart = getattr(load_standard_charts(defaults), self.name)
        return chart


@hookimpl
def mands_register_charts(register: Register) -> None:
    """Register every standard chart as rules text."""
    for name in CHART_NAMES:
        register(name, StandardChart(name), summary=CHART_SUMMARIES[name], source="rules text")
