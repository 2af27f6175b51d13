"""The report of a sweep (``mands-sim sweep``): each point's win rates, time-outs, fight length,
deaths and action mix, as data (:func:`sweep_data`, the JSON document), a terminal table
(:func:`render_sweep`) and a self-contained HTML page with plots (:func:`sweep_html`).

Where a side's most started action changes from one point to the next, the report says so
(``tactics``): a curve that jumps there may be a policy switching tactics rather than the
parameter's own effect.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table

from mands_sim.batch.sweep import SweepResult
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
from mands_sim.report.summary import build_summary
from mands_sim.report.terminal import percent

if TYPE_CHECKING:
    from matplotlib.figure import Figure

MIX_SHOWN = 3
"""Actions shown per side and point in the terminal's action-mix table."""


def sweep_data(result: SweepResult) -> dict[str, Any]:
    """The sweep as JSON-ready data (``docs/editor-guide.md`` lists the keys)."""
    paths = [vary.path for vary in result.varied]
    points = [_point(paths, point.values, build_summary(point.result)) for point in result.points]
    first = result.points[0].result if result.points else None
    return {
        "scenario": {
            "path": str(result.scenario),
            "name": first.scenario.name if first else str(result.scenario),
        },
        "varied": paths,
        "set": [override.text for override in result.options.overrides],
        "seed": result.options.seed,
        "planned_points": result.planned,
        "interrupted": result.interrupted,
        "points": points,
        "tactics": tactics_changes(points, paths),
    }


def _point(paths: Sequence[str], values: Sequence[Any], summary: dict[str, Any]) -> dict[str, Any]:
    batch = summary["batch"]
    return {
        "values": dict(zip(paths, values, strict=True)),
        "runs": batch["runs"],
        "played": batch["played"],
        "sides": summary["sides"],
        "draws": summary["draws"],
        "timeouts": summary["timeouts"],
        "duration": summary["duration"]["segments"],
        "characters": {
            c["id"]: {"dead": c["rates"]["dead"], "out_of_action": c["rates"]["out_of_action"]}
            for c in summary["characters"]
        },
        "action_mix": {side: _shares(mix) for side, mix in summary["action_mix"].items()},
    }


def _shares(mix: dict[str, int]) -> dict[str, float]:
    total = sum(mix.values()) or 1
    ordered = sorted(mix.items(), key=lambda item: (-item[1], item[0]))
    return {name: count / total for name, count in ordered}


def tactics_changes(points: Sequence[dict[str, Any]], paths: Sequence[str]) -> list[dict[str, Any]]:
    """Where a side's most started action differs between neighbouring points along the first
    parameter (for each value of the second, if any)."""
    changes = []
    for _, line in along_first(points, paths):
        for before, after in itertools.pairwise(line):
            for side, mix in after["action_mix"].items():
                old, new = _top(before["action_mix"].get(side, {})), _top(mix)
                if old and new and old != new:
                    changes.append(
                        {"side": side, "from": before["values"], "to": after["values"],
                         "was": old, "now": new}
                    )  # fmt: skip
    return changes


def along_first(
    points: Sequence[dict[str, Any]], paths: Sequence[str]
) -> list[tuple[str, list[dict[str, Any]]]]:
    """The points in lines along the first parameter: one line, or one for each value of the
    second parameter (named ``PATH=VALUE``)."""
    if len(paths) == 1:
        return [("", list(points))]
    by_value: dict[Any, list[dict[str, Any]]] = {}
    for point in points:
        by_value.setdefault(point["values"][paths[1]], []).append(point)
    return [(f"{paths[1]}={value}", line) for value, line in by_value.items()]


def _top(shares: dict[str, float]) -> str | None:
    return next(iter(shares), None)


def _shown_values(values: dict[str, Any]) -> str:
    return ", ".join(f"{path}={value}" for path, value in values.items())


# -- the terminal -------------------------------------------------------------------------------


def render_sweep(data: dict[str, Any], console: Console) -> None:
    """The sweep's tables: outcomes by point, then each side's action mix by point."""
    paths, points = data["varied"], data["points"]
    sides = list(points[0]["sides"]) if points else []
    title = f"{data['scenario']['name']}: sweep of {', '.join(paths)} (seed {data['seed']})"
    outcomes = Table(title=title, title_justify="left")
    for path in paths:
        outcomes.add_column(_short(path, paths), justify="right")
    for label in [*(f"{side} win" for side in sides), "time limit", "median length", "runs"]:
        outcomes.add_column(label, justify="right")
    for point in points:
        outcomes.add_row(
            *(str(point["values"][path]) for path in paths),
            *(short_percent(point["sides"][side]) for side in sides),
            short_percent(point["timeouts"]),
            str(point["duration"]["median"]),
            str(point["played"]),
        )
    console.print(outcomes)
    mix = Table(title="Actions started, by point (the most started first)", title_justify="left")
    for path in paths:
        mix.add_column(_short(path, paths), justify="right")
    for side in sides:
        mix.add_column(side)
    for point in points:
        mix.add_row(
            *(str(point["values"][path]) for path in paths),
            *(_mix_cell(point["action_mix"].get(side, {})) for side in sides),
        )
    console.print(mix)
    for change in data["tactics"]:
        console.print(_tactics_line(change), soft_wrap=True)
    if data["interrupted"]:
        console.print(
            f"Interrupted: {len(points)} of {data['planned_points']} points played (the last "
            "perhaps in part). Run the same command again to continue the sweep."
        )


def short_percent(rate: dict[str, float]) -> str:
    """A share and its 95 % interval in whole percent: ``84% (79–89)``."""
    return f"{rate['estimate']:.0%} ({rate['low'] * 100:.0f}–{rate['high'] * 100:.0f})"


def _short(path: str, paths: Sequence[str]) -> str:
    """A parameter's column heading: the last part of its path, unless another's is the same."""
    last = path.rsplit(".", 1)[-1]
    return last if [p.rsplit(".", 1)[-1] for p in paths].count(last) == 1 else path


def _mix_cell(shares: dict[str, float]) -> str:
    return ", ".join(f"{name} {share:.0%}" for name, share in list(shares.items())[:MIX_SHOWN])


def _tactics_line(change: dict[str, Any]) -> str:
    return (
        f"Tactics change: {change['side']} mostly {change['was']} at "
        f"{_shown_values(change['from'])}, mostly {change['now']} at {_shown_values(change['to'])}."
    )


# -- the HTML page ------------------------------------------------------------------------------


def write_sweep_html(data: dict[str, Any], path: Path) -> None:
    """Write the sweep's page (:func:`sweep_html`) to ``path``."""
    Path(path).write_text(sweep_html(data), encoding="utf-8")


def sweep_html(data: dict[str, Any]) -> str:
    """The sweep as a self-contained HTML page: the plots of win rates (with their 95 %
    intervals), and for one parameter deaths and each side's action mix, against the
    parameter; the tactics changes; the table of points."""
    title = f"{data['scenario']['name']}: sweep of {', '.join(data['varied'])}"
    figures = [html_figure(data, "win-rates", _WINS, _draw_wins)]
    if len(data["varied"]) == 1:  # with two parameters, one line per second value is enough
        figures.append(html_figure(data, "deaths", _DEATHS, _draw_deaths))
        figures += [
            html_figure(data, f"mix-{index}", f"{side}: share of each action started", _mix(side))
            for index, side in enumerate(_sides(data))
        ]
    plots = html_section("plots", "Plots", *figures)
    notes = [f"<p>{esc(_tactics_line(change))}</p>" for change in data["tactics"]]
    return html_page(title, (plots, *notes, _outcome_table(data)))


_WINS = (
    "Each side's win rate at each point, with its 95 % interval (shaded); with two parameters, "
    "the first side's, one line for each value of the second."
)
_DEATHS = "Each character's chance of dying at each point."


def _sides(data: dict[str, Any]) -> list[str]:
    points = data["points"]
    return list(points[0]["sides"]) if points else []


def _outcome_table(data: dict[str, Any]) -> str:
    paths, sides = data["varied"], _sides(data)
    headers = [*paths, *(f"{side} win" for side in sides), "time limit", "median length", "runs"]
    rows = [
        [
            *(esc(point["values"][path]) for path in paths),
            *(esc(percent(point["sides"][side])) for side in sides),
            esc(percent(point["timeouts"])),
            esc(point["duration"]["median"]),
            esc(point["played"]),
        ]
        for point in data["points"]
    ]
    return html_section("points", "Points", html_table(headers, rows, numeric=0))


def _axis(data: dict[str, Any]) -> tuple[list[Any], list[float], bool]:
    """The first parameter's values, where each is drawn, and whether they are numbers."""
    first = data["varied"][0]
    values = list(dict.fromkeys(point["values"][first] for point in data["points"]))
    numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)
    return values, [float(v) for v in values] if numeric else list(range(len(values))), numeric


def _lines(data: dict[str, Any]) -> list[tuple[str, list[dict[str, Any]]]]:
    return along_first(data["points"], data["varied"])


def _x_axis(figure: Figure, data: dict[str, Any]) -> Any:
    values, positions, numeric = _axis(data)
    ax = figure.add_subplot()
    ax.set_xlabel(data["varied"][0])
    if not numeric:
        ax.set_xticks(positions, [str(v) for v in values])
    return ax


def _x(data: dict[str, Any], points: Sequence[dict[str, Any]]) -> list[float]:
    values, positions, _ = _axis(data)
    first = data["varied"][0]
    return [positions[values.index(point["values"][first])] for point in points]


def _draw_wins(figure: Figure, data: dict[str, Any]) -> bool:
    if not data["points"]:
        return False
    ax = _x_axis(figure, data)
    lines = _lines(data)
    sides = _sides(data) if len(lines) == 1 else _sides(data)[:1]
    for label, points in lines:
        for side in sides:
            rates = [point["sides"][side] for point in points]
            x = _x(data, points)
            name = plot_label(f"{side} win {label}".strip())
            (line,) = ax.plot(x, [r["estimate"] for r in rates], marker="o", label=name)
            low, high = [r["low"] for r in rates], [r["high"] for r in rates]
            ax.fill_between(x, low, high, alpha=0.2, color=line.get_color(), linewidth=0)
    as_share(ax)
    legend_beside(ax)
    margins(figure, legend=True)
    return True


def _draw_deaths(figure: Figure, data: dict[str, Any]) -> bool:
    def dead(points: list[dict[str, Any]]) -> list[tuple[str, list[float | None]]]:
        return [
            (who, [p["characters"].get(who, {}).get("dead", {}).get("estimate") for p in points])
            for who in points[0]["characters"]
        ]

    return _draw_shares(figure, data, dead)


def _mix(side: str) -> Any:
    def shares(points: list[dict[str, Any]]) -> list[tuple[str, list[float | None]]]:
        names = dict.fromkeys(n for p in points for n in p["action_mix"].get(side, {}))
        return [
            (name, [p["action_mix"].get(side, {}).get(name, 0.0) for p in points]) for name in names
        ]

    return lambda figure, data: _draw_shares(figure, data, shares)


def _draw_shares(
    figure: Figure,
    data: dict[str, Any],
    series: Callable[[list[dict[str, Any]]], list[tuple[str, list[float | None]]]],
) -> bool:
    """One line of shares for each ``(label, shares)`` of ``series(points)`` against the one
    parameter of a sweep (nothing drawn for two)."""
    lines = _lines(data)
    if not data["points"] or len(lines) != 1:
        return False
    ax = _x_axis(figure, data)
    points = lines[0][1]
    for label, values in series(points):
        ax.plot(_x(data, points), values, marker=".", label=plot_label(label))
    as_share(ax)
    legend_beside(ax)
    margins(figure, legend=True)
    return True
