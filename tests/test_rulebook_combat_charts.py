"""The builtin charts plugin (mands_rulebook.combat.charts)."""

from __future__ import annotations

import importlib

import pytest

from mands_sim.charts.loading import CHART_NAMES, load_standard_charts
from mands_sim.defaults import RuleDefaults
from mands_sim.registry import ChartEntry, Registry, collect_registries
from mands_sim.testing import PluginManagerFactory

rulebook_charts = importlib.import_module("mands_rulebook.combat.charts")
"""The plugin module, imported by name as the plugin manager would (never by the kernel)."""


@pytest.fixture
def charts(plugin_manager_factory: PluginManagerFactory) -> Registry[ChartEntry]:
    return collect_registries(plugin_manager_factory(rulebook_charts)).charts


@pytest.mark.hook("mands_register_charts")
def test_every_standard_chart_is_registered_as_rules_text(charts: Registry[ChartEntry]) -> None:
    assert [(entry.name, entry.source) for entry in charts.entries] == [
        (name, "rules text") for name in sorted(CHART_NAMES)
    ]


def test_every_standard_chart_has_a_summary() -> None:
    assert sorted(rulebook_charts.CHART_SUMMARIES) == sorted(CHART_NAMES)


def test_registered_loader_gives_the_standard_chart_under_the_defaults(
    charts: Registry[ChartEntry],
) -> None:
    defaults = RuleDefaults().with_overrides({"G01_rows_beyond_printed": "error"})
    loader = charts["action"].payload
    assert callable(loader)

    assert loader(defaults) == load_standard_charts(defaults).action
