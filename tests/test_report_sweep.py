"""The report of a sweep (``mands_sim.report.sweep``): its data, the tactics changes it points
out, the terminal tables and the HTML page with its plots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console

from mands_sim.batch.runner import BatchOptions
from mands_sim.batch.sweep import Vary, sweep
from mands_sim.report.sweep import render_sweep, sweep_data, sweep_html, tactics_changes

ROOT = Path(__file__).parent.parent
DUEL = ROOT / "scenarios" / "seraph_vs_sphinx.toml"


def point(values: dict[str, Any], **mix: dict[str, float]) -> dict[str, Any]:
    return {"values": values, "action_mix": mix}


def test_a_change_of_the_most_started_action_between_neighbours_is_pointed_out() -> None:
    points = [
        point({"s": 10}, crew={"punch": 0.6, "blast": 0.4}),
        point({"s": 20}, crew={"punch": 0.55, "blast": 0.45}),
        point({"s": 30}, crew={"blast": 0.7, "punch": 0.3}),
    ]
    assert tactics_changes(points, ["s"]) == [
        {"side": "crew", "from": {"s": 20}, "to": {"s": 30}, "was": "punch", "now": "blast"}
    ]


def test_with_two_parameters_neighbours_are_along_the_first_for_each_second_value() -> None:
    """Points come first parameter slowest: (10, a), (10, b), (20, a), (20, b)."""
    points = [
        point({"s": 10, "p": "a"}, crew={"punch": 1.0}),
        point({"s": 10, "p": "b"}, crew={"blast": 1.0}),
        point({"s": 20, "p": "a"}, crew={"punch": 1.0}),
        point({"s": 20, "p": "b"}, crew={"punch": 1.0}),
    ]
    changes = tactics_changes(points, ["s", "p"])
    assert [(c["from"], c["to"]) for c in changes] == [({"s": 10, "p": "b"}, {"s": 20, "p": "b"})]


def played(tmp_path: Path, *varied: Vary) -> dict[str, Any]:
    result = sweep(DUEL, varied, BatchOptions(runs=20, seed=2, jobs=1), store=tmp_path / "s.db")
    return sweep_data(result)


def test_the_data_has_each_points_values_outcomes_deaths_and_action_shares(
    tmp_path: Path,
) -> None:
    data = played(tmp_path, Vary.parse("sides.villains.sphinx.sheet.strength=10..30:20"))
    assert data["varied"] == ["sides.villains.sphinx.sheet.strength"]
    assert [p["values"] for p in data["points"]] == [
        {"sides.villains.sphinx.sheet.strength": 10},
        {"sides.villains.sphinx.sheet.strength": 30},
    ]
    for p in data["points"]:
        assert p["played"] == 20 and set(p["sides"]) == {"heroes", "villains"}
        assert set(p["characters"]) == {"seraph", "sphinx"}
        for shares in p["action_mix"].values():
            assert abs(sum(shares.values()) - 1) < 1e-9
            assert list(shares.values()) == sorted(shares.values(), reverse=True)


def test_the_terminal_tables_and_the_page_show_every_point(tmp_path: Path) -> None:
    data = played(
        tmp_path,
        Vary.parse("stop.time_limit=40,2500"),
        Vary.parse("sides.heroes.seraph.policy=nearest-enemy,brute"),
    )
    console = Console(record=True, width=200)
    render_sweep(data, console)
    text = console.export_text()
    assert "sweep of stop.time_limit, sides.heroes.seraph.policy" in text
    assert text.count("nearest-enemy") >= 2 and "time_limit" in text
    page = sweep_html(data)
    assert page.count("<svg") == 1 and 'data-plot="win-rates"' in page  # one line per policy
    assert "sides.heroes.seraph.policy=brute" in page


def test_the_page_of_one_parameter_plots_wins_deaths_and_each_sides_action_mix(
    tmp_path: Path,
) -> None:
    data = played(tmp_path, Vary.parse("sides.villains.sphinx.sheet.strength=10..30:20"))
    page = sweep_html(data)
    plots = ["win-rates", "deaths", "mix-0", "mix-1"]
    assert [f'data-plot="{name}"' in page for name in plots] == [True] * 4
    assert page.count("<svg") == 4 and page.count("<tr>") == 1 + 2  # the points' table
