"""The adventure report in the terminal (``mands_sim.report.adventure``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console

from mands_sim.adventure import day_summary, load_adventure, play_days
from mands_sim.report.adventure import day_html, render_day

BUNDLED = Path(__file__).parent.parent / "scenarios" / "adventures" / "seraphs_day.toml"


@pytest.fixture(scope="module")
def summary() -> dict:
    return day_summary(play_days(load_adventure(BUNDLED), 4, seed=1, jobs=1))


@pytest.mark.parametrize("width", [80, 160])
def test_render_day_cuts_no_cell(summary: dict, width: int) -> None:
    console = Console(width=width, record=True)
    render_day(summary, console)
    text = console.export_text()
    assert "…" not in text
    for scene in summary["scenes"]:
        assert scene["name"].split()[0] in text
    assert "Through every scene" in text and summary["verdict"]["word"] in text


def test_render_day_lists_days_stopped_by_an_error(summary: dict) -> None:
    failed = {**summary, "errors": 1,
              "failed_days": [{"day": 2, "seed": 9, "scene": 1, "error": "boom"}]}  # fmt: skip
    console = Console(width=120, record=True)
    render_day(failed, console)
    text = console.export_text()
    assert "stopped by an error" in text and "boom" in text


def test_day_html_draws_the_way_through_the_day_and_each_member(summary: dict) -> None:
    page = day_html(summary)
    assert 'data-plot="through-the-day"' in page and 'data-plot="members"' in page
    assert page.count("<svg") == 2 and "no data" not in page
    assert "Seraph&#x27;s long day" in page and "officer-3" in page
    assert day_html(summary) == page  # the same summary, the same page
