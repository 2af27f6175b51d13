"""Loading the bundled charts, loading one chart from a file, and replacing a chart."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from mands_sim.charts.loading import (
    CHART_NAMES,
    Charts,
    load_chart,
    load_standard_charts,
    standard_chart_path,
)
from mands_sim.charts.senses import SightModifiers, SightTable
from mands_sim.defaults import STANDARD_DEFAULTS
from mands_sim.errors import RulesDataError


def test_standard_charts_are_built_once() -> None:
    assert load_standard_charts() is load_standard_charts()


def test_defaults_that_do_not_shape_charts_share_the_cache() -> None:
    other = STANDARD_DEFAULTS.with_overrides({"G08_move_roll_half_strength": "down"})
    assert load_standard_charts(other) is load_standard_charts()


def test_defaults_that_shape_charts_build_other_charts() -> None:
    strict = STANDARD_DEFAULTS.with_overrides({"G01_rows_beyond_printed": "error"})
    assert not load_standard_charts(strict).action.derive_beyond_printed


def test_chart_names_are_the_bundle_fields() -> None:
    assert tuple(f.name for f in dataclasses.fields(Charts)) == CHART_NAMES


def test_every_chart_name_has_a_bundled_file() -> None:
    assert all(standard_chart_path(name).is_file() for name in CHART_NAMES)


def test_load_chart_reads_a_plugin_file(tmp_path: Path) -> None:
    text = standard_chart_path("sight").read_text(encoding="utf-8")
    path = tmp_path / "eagle_sight.toml"
    path.write_text(text.replace("close = 3, ranged = 5,", "close = 3, ranged = 6,"))
    chart = load_chart("sight", path)
    assert isinstance(chart, SightTable) and chart.modifiers(24) == SightModifiers(3, 6, 0)


def test_replace_swaps_one_chart_and_keeps_the_original() -> None:
    charts = load_standard_charts()
    eagle = load_chart("sight", standard_chart_path("sight"))
    replaced = charts.replace("sight", eagle)
    assert replaced.sight is eagle
    assert charts.sight is not eagle


def test_replace_keeps_the_other_charts() -> None:
    charts = load_standard_charts()
    replaced = charts.replace("hearing", load_chart("hearing", standard_chart_path("hearing")))
    assert replaced.action is charts.action


def test_replace_with_the_wrong_kind_of_chart_is_refused() -> None:
    charts = load_standard_charts()
    with pytest.raises(TypeError, match="chart 'sight' must be a SightTable"):
        charts.replace("sight", charts.hearing)


def test_replace_of_an_unknown_chart_is_refused() -> None:
    charts = load_standard_charts()
    with pytest.raises(KeyError, match="no chart named 'weapons'"):
        charts.replace("weapons", charts.sight)


def test_load_chart_of_an_unknown_kind_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match=r"weapons\.toml: unknown chart kind 'weapons'"):
        load_chart("weapons", tmp_path / "weapons.toml")


def test_file_of_another_kind_is_refused() -> None:
    with pytest.raises(RulesDataError, match="'kind' is 'sight', but a 'hearing' chart"):
        load_chart("hearing", standard_chart_path("sight"))
