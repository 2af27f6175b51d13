"""The report of an adventure day in the terminal, drawn with rich from
:func:`mands_sim.adventure.day_summary`'s data: the day's verdict, where the party falls, each
scene's toughness, the state the party arrives in at each scene, and how each member ends the
day."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from mands_sim.report.html import (
    as_share,
    esc,
    html_figure,
    html_page,
    html_section,
    html_table,
    legend_beside,
    margins,
    plot_label,
)
from mands_sim.report.terminal import WIDE, folded, percent

if TYPE_CHECKING:
    from matplotlib.figure import Figure

Cell = Callable[[dict[str, float]], str]
"""How a share and its interval are written in a cell: on one line, or folded onto two."""


def render_day(summary: dict[str, Any], console: Console) -> None:
    """Print the adventure report."""
    cell = percent if console.width >= WIDE else folded  # no interval cut at 80 columns
    console.print(_headline(summary))
    console.print(_falls(summary))
    console.print(_scenes(summary, cell))
    console.print(_arrivals(summary, cell))
    console.print(_party(summary, cell))
    if summary["errors"]:
        console.print(_failed(summary))


def _headline(summary: dict[str, Any]) -> Panel:
    days, verdict = summary["days"], summary["verdict"]
    played = f"{days['played']:,} days played"
    if days["interrupted"]:
        played += f" of {days['planned']:,} planned (interrupted)"
    if summary["errors"]:
        played += f"; {summary['errors']:,} stopped by an error"
    lines = [
        Text.assemble(
            ("The day: ", "bold"),
            (verdict["word"], "bold magenta"),
            f"  (award multiplier ×{verdict['multiplier']:.1f}; {verdict['reason']})",
        ),
        Text(
            f"Through every scene: {percent(summary['through'])}. The scenes won give "
            f"×{summary['award_multiplier']:.2f} in award multipliers a day, on average."
        ),
        Text(
            f"{played}, seed {days['seed']}, in {days['seconds']:.1f} s. Party: "
            f"{', '.join(summary['adventure']['party'])}."
        ),
    ]
    return Panel(Group(*lines), title=summary["adventure"]["name"], expand=False)


def _falls(summary: dict[str, Any]) -> Table:
    table = Table(title="Where the party falls (95 % Wilson intervals)", title_justify="left")
    table.add_column("scene")
    table.add_column("share of days", justify="right")
    table.add_column("of which none of the party could play it", justify="right")
    for fall in summary["falls"]:
        unplayed = fall["could_not_play"]
        table.add_row(
            f"{fall['scene'] + 1}. {fall['name']}",
            percent(fall["share"]),
            percent(unplayed) if unplayed["estimate"] else "",
        )
    table.add_row("through every scene", percent(summary["through"]), "")
    return table


def _scenes(summary: dict[str, Any], cell: Cell) -> Table:
    table = Table(title="Scenes", title_justify="left")
    for column in ("scene", "rest before", "reached", "heroes win", "mean length", "toughness"):
        table.add_column(column, justify="left" if column == "scene" else "right")
    for scene in summary["scenes"]:
        verdict = scene["verdict"]
        table.add_row(
            f"{scene['scene'] + 1}. {scene['name']}",
            f"{scene['rest_minutes']} min" if scene["scene"] else "",
            cell(scene["reached"]),
            cell(scene["won"]) if scene["played"] else "not played",
            f"{scene['mean_segments']:.0f} segments" if scene["played"] else "",
            f"{verdict['word']} ×{verdict['multiplier']:.1f}" if scene["played"] else "",
        )
    return table


def _arrivals(summary: dict[str, Any], cell: Cell) -> Table:
    table = Table(
        title="How the party arrives at each scene (losses: means over the days it arrives alive)",
        title_justify="left",
    )
    for column in ("scene", "member", "in action", "VP lost", "DP lost", "EP lost", "dies there"):
        table.add_column(column, justify="left" if column in ("scene", "member") else "right")
    for scene in summary["scenes"]:
        for member in scene["members"]:
            table.add_row(
                str(scene["scene"] + 1),
                member["id"],
                cell(member["in_action"]),
                f"{member['vp_lost']:.1f}",
                f"{member['dp_lost']:.1f}",
                f"{member['ep_lost']:.1f}",
                cell(member["dies_here"]),
            )
    return table


def _party(summary: dict[str, Any], cell: Cell) -> Table:
    table = Table(title="The party at the day's end", title_justify="left")
    for column in ("member", "alive", "standing", "dead", "injured", "DP lost"):
        table.add_column(column, justify="left" if column == "member" else "right")
    for member in summary["party"]:
        table.add_row(
            member["id"],
            cell(member["alive"]),
            cell(member["standing"]),
            cell(member["dead"]),
            cell(member["injured"]),
            f"{member['dp_lost']:.1f}",
        )
    return table


def _failed(summary: dict[str, Any]) -> Table:
    table = Table(title="Days stopped by an error (the first ten)", title_justify="left")
    for column in ("day", "seed", "scene", "error"):
        table.add_column(column)
    for failed in summary["failed_days"]:
        table.add_row(
            str(failed["day"]), str(failed["seed"]), str(failed["scene"] + 1), failed["error"]
        )
    return table


# --- the HTML page ----------------------------------------------------------------------------


def write_day_html(summary: dict[str, Any], path: Path) -> None:
    """Write the adventure's page (:func:`day_html`) to ``path``."""
    Path(path).write_text(day_html(summary), encoding="utf-8")


def day_html(summary: dict[str, Any]) -> str:
    """The adventure report as a self-contained HTML page: the party's way through the day and
    each member's state scene by scene as plots, then the tables of the terminal report."""
    title = f"{summary['adventure']['name']}: adventure day"
    verdict = summary["verdict"]
    headline = (
        f"<p><strong>The day: {esc(verdict['word'])}</strong> (award multiplier "
        f"×{verdict['multiplier']:.1f}; {esc(verdict['reason'])}). Through every scene: "
        f"{esc(percent(summary['through']))}; {summary['days']['played']:,} days played, seed "
        f"{summary['days']['seed']}.</p>"
    )
    plots = html_section(
        "plots",
        "Plots",
        html_figure(summary, "through-the-day", _WAY, _draw_way),
        html_figure(summary, "members", _MEMBERS, _draw_members),
    )
    sections = (
        headline,
        *_stopped(summary),
        plots,
        _scene_table(summary),
        _arrival_table(summary),
        _party_table(summary),
        _failed_table(summary),
    )
    return html_page(title, sections)


def _stopped(summary: dict[str, Any]) -> list[str]:
    """Why the days stopped short of those planned, if they did."""
    days = summary["days"]
    if days.get("worker_lost"):
        why = "a worker process ended (killed, or out of memory)"
    elif days["interrupted"]:
        why = "interrupted"
    else:
        return []
    return [
        f'<p class="warning">{esc(why)}: {days["runs"]:,} of {days["planned"]:,} days '
        "planned were finished, and the report covers them.</p>"
    ]


def _arrival_table(summary: dict[str, Any]) -> str:
    headers = ["scene", "member", "in action", "VP lost", "DP lost", "EP lost", "dies there"]
    rows = [
        [
            esc(scene["scene"] + 1),
            esc(m["id"]),
            esc(percent(m["in_action"])),
            *(esc(f"{m[key]:.1f}") for key in ("vp_lost", "dp_lost", "ep_lost")),
            esc(percent(m["dies_here"])),
        ]
        for scene in summary["scenes"]
        for m in scene["members"]
        if m["arrives"]
    ]
    table = html_table(headers, rows, numeric=2)
    title = "How the party arrives at each scene (losses: means over the days it arrives alive)"
    return html_section("arrivals", title, table)


def _failed_table(summary: dict[str, Any]) -> str:
    if not summary["errors"]:
        return ""
    headers = ["day", "seed", "scene", "scene seed", "error"]
    rows = [
        [
            esc(f["day"]),
            esc(f["seed"]),
            esc(f["scene"] + 1),
            esc(f.get("scene_seed", "")),
            f"<code>{esc(f['error'])}</code>",
        ]
        for f in summary["failed_days"]
    ]
    title = f"Days stopped by an error ({summary['errors']:,}; the first ten)"
    return html_section("errors", title, html_table(headers, rows, numeric=5))


_WAY = (
    "For each scene: the share of days that reach it (with its 95 % interval) and the share of "
    "days in which the heroes win it."
)
_MEMBERS = (
    "Each party member's chance of being in action as each scene starts (of the days that "
    "reach it), and of being alive at the day's end (right)."
)


def _scene_labels(summary: dict[str, Any]) -> list[str]:
    """Each scene's number and name, wrapped to fit under its place on the axis."""
    return [
        plot_label("\n".join(textwrap.wrap(f"{s['scene'] + 1}. {s['name']}", LABEL_WIDTH)))
        for s in summary["scenes"]
    ]


LABEL_WIDTH = 16
"""Characters per line of a scene's label under a plot."""


def _consecutive(points: list[tuple[int, float]]) -> list[list[tuple[int, float]]]:
    """``points`` cut where a scene is skipped."""
    runs: list[list[tuple[int, float]]] = []
    for point in points:
        if runs and runs[-1][-1][0] == point[0] - 1:
            runs[-1].append(point)
        else:
            runs.append([point])
    return runs


def _draw_way(figure: Figure, summary: dict[str, Any]) -> bool:
    scenes = summary["scenes"]
    if not scenes:
        return False
    ax = figure.add_subplot()
    positions = list(range(len(scenes)))
    reached, low, high = _bars(s["reached"] for s in scenes)
    ax.bar([p - 0.2 for p in positions], reached, width=0.4, label="reached")
    ax.vlines([p - 0.2 for p in positions], low, high, color="black", linewidth=1)
    won = [s["won_per_day"] for s in scenes]
    ax.bar([p + 0.2 for p in positions], won, width=0.4, label="heroes win it")
    ax.set_xticks(positions, _scene_labels(summary))
    as_share(ax)
    margins(figure, two_line_ticks=True, legend=True)
    legend_beside(ax)
    return True


def _bars(intervals: Any) -> tuple[list[float], list[float], list[float]]:
    taken = list(intervals)
    return (
        [i["estimate"] for i in taken],
        [i["low"] for i in taken],
        [i["high"] for i in taken],
    )


def _draw_members(figure: Figure, summary: dict[str, Any]) -> bool:
    labels = [*_scene_labels(summary), "day's end\n(alive)"]
    ax = figure.add_subplot()
    drawn = False
    for member in summary["party"]:
        points = [
            (number, arrival["in_action"]["estimate"])
            for number, scene in enumerate(summary["scenes"])
            for arrival in scene["members"]
            if arrival["id"] == member["id"] and arrival["arrives"]
        ]
        points.append((len(summary["scenes"]), member["alive"]["estimate"]))
        color = None
        for run in _consecutive(points):  # no line across a scene the member is not in
            (line,) = ax.plot(*zip(*run, strict=True), marker="o", color=color)
            color = line.get_color()
        line.set_label(plot_label(member["id"]))
        drawn = True
    ax.set_xticks(list(range(len(labels))), labels)
    as_share(ax)
    margins(figure, two_line_ticks=True, legend=True)
    legend_beside(ax)
    return drawn


def _scene_table(summary: dict[str, Any]) -> str:
    headers = ["scene", "rest before", "reached", "heroes win", "party falls here", "toughness"]
    rows = [
        [
            esc(f"{s['scene'] + 1}. {s['name']}"),
            esc(f"{s['rest_minutes']} min") if s["scene"] else "",
            esc(percent(s["reached"])),
            esc(percent(s["won"])) if s["played"] else "not played",
            esc(percent(fall["share"])),
            esc(f"{s['verdict']['word']} ×{s['verdict']['multiplier']:.1f}") if s["played"] else "",
        ]
        for s, fall in zip(summary["scenes"], summary["falls"], strict=True)
    ]
    return html_section("scenes", "Scenes", html_table(headers, rows))


def _party_table(summary: dict[str, Any]) -> str:
    headers = ["member", "alive", "standing", "dead", "injured", "DP lost"]
    rows = [
        [
            esc(m["id"]),
            *(esc(percent(m[key])) for key in ("alive", "standing", "dead", "injured")),
            esc(f"{m['dp_lost']:.1f}"),
        ]
        for m in summary["party"]
    ]
    return html_section("party", "The party at the day's end", html_table(headers, rows))


__all__ = ["day_html", "render_day", "write_day_html"]
