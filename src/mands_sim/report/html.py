"""The toughness report as one self-contained HTML file (``mands-sim run … --html FILE``).

The page is built from the report data (:func:`mands_sim.report.summary.build_summary`), as the
terminal report is, and holds everything inline: the CSS, four plots drawn by matplotlib as SVG,
and a few lines of script that mark each plot ``data-rendered="yes"`` once the browser has laid
it out (the browser test reads that mark). No URL is fetched. ``docs/reports.md`` explains every
section.
"""

from __future__ import annotations

import html
import io
import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from mands_sim.batch.aggregate import ROUND
from mands_sim.batch.stats import wilson
from mands_sim.report.comparison import comparison_html
from mands_sim.report.plugin_sections import render_html_sections
from mands_sim.report.summary import replay_command, runs_played
from mands_sim.report.terminal import (
    death_rows,
    objective_rows,
    optional_columns,
    percent,
    side_and_role,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

RATES = ("out_of_action", "unconscious", "injured", "dead", "fled", "surrendered")
"""The per-character rates in the characters table."""

RISKS = (("out_of_action", "out of action"), ("unconscious", "unconscious"), ("dead", "dead"))
"""The per-character rates drawn as risk bars, with their labels."""

DURATION_BINS = 40
"""At most this many bars in the fight-length histogram."""

FIGURE_SIZE = (7.5, 3.6)
"""Inches; the page scales the SVG to its column."""

_TAG = re.compile(r"<[^<>]*>")
_ID_REFERENCE = re.compile(r'(\sid="|href="#|url\(#)')


def write_html(summary: dict[str, Any], path: Path) -> None:
    """Write the report of ``summary`` to ``path`` as one HTML file."""
    Path(path).write_text(render_html(summary), encoding="utf-8")


def render_html(summary: dict[str, Any]) -> str:
    """The report of ``summary`` as a self-contained HTML page (the same input, the same page)."""
    title = f"{summary['scenario']['name']}: toughness report"
    sections = (
        _verdict(summary),
        _outcomes(summary),
        comparison_html(summary["what_if"]) if "what_if" in summary else "",
        _plots(summary),
        _characters(summary),
        render_html_sections(summary.get("sections", {})),
        _action_mix(summary),
        _notable(summary),
        _errors(summary),
        _batch(summary),
    )
    return html_page(title, sections)


def html_page(title: str, sections: Sequence[str]) -> str:
    """A self-contained page of ``sections`` (already HTML) under ``title``: the report's style
    and the script that marks each plot drawn."""
    return "\n".join(
        (
            "<!DOCTYPE html>",
            '<html lang="en">',
            '<head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{esc(title)}</title>",
            f"<style>{_STYLE}</style></head>",
            f"<body><main><h1>{esc(title)}</h1>",
            *sections,
            f"</main><script>{_SCRIPT}</script></body></html>",
            "",
        )
    )


# -- tables ---------------------------------------------------------------------------------


def esc(value: object) -> str:
    return html.escape(str(value), quote=True)


def html_section(key: str, heading: str, *content: str) -> str:
    return f'<section id="{key}"><h2>{esc(heading)}</h2>\n' + "\n".join(content) + "</section>"


def html_table(headers: Sequence[str], rows: Sequence[Sequence[str]], numeric: int = 1) -> str:
    """A table of already escaped cells; columns from ``numeric`` on are right-aligned."""
    head = "".join(
        f"<th{' class=num' if i >= numeric else ''}>{esc(h)}</th>" for i, h in enumerate(headers)
    )
    body = "\n".join(
        "<tr>"
        + "".join(
            f"<td{' class=num' if i >= numeric else ''}>{cell}</td>" for i, cell in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>\n{body}\n</tbody></table>"


def _none(message: str) -> str:
    return f'<p class="none">{esc(message)}</p>'


def _verdict(summary: dict[str, Any]) -> str:
    verdict, batch, duration = summary["verdict"], summary["batch"], summary["duration"]
    rounds, segments = duration["rounds"], duration["segments"]
    return html_section(
        "verdict",
        "Verdict",
        f'<p class="verdict">Toughness: <strong>{esc(verdict["word"])}</strong> '
        f"(award multiplier ×{verdict['multiplier']:.1f}; {esc(verdict['reason'])})</p>",
        f"<p>{esc(runs_played(batch))}. Fight length: median {esc(rounds['median'])} "
        f"rounds (p10 {esc(rounds['p10'])}, p90 {esc(rounds['p90'])}); "
        f"{esc(segments['median'])} segments median.</p>",
        *_warning(verdict),
    )


def _warning(verdict: dict[str, Any]) -> list[str]:
    """G-230: why the verdict is inconclusive, or nothing."""
    warning = verdict.get("warning")
    return [f'<p class="warning">Warning: {esc(warning)}</p>'] if warning else []


def _outcomes(summary: dict[str, Any]) -> str:
    rows = [[esc(f"{side} win"), esc(percent(rate))] for side, rate in summary["sides"].items()]
    rows.append([esc("nobody stands"), esc(percent(summary["draws"]))])
    rows.append([esc("time limit"), esc(percent(summary["timeouts"]))])
    if "party_knock_out" in summary:
        rows.append([esc("every hero out of action"), esc(percent(summary["party_knock_out"]))])
    rows += [[esc(label), esc(share)] for label, share in objective_rows(summary)]
    rows += [[esc(who), esc(percent(rate))] for who, rate in death_rows(summary)]
    return html_section(
        "outcomes", "Outcome (95 % Wilson intervals)", html_table(["result", "share"], rows)
    )


def _characters(summary: dict[str, Any]) -> str:
    headers = [
        "character",
        "side",
        "out of action",
        "unconscious",
        "injured",
        "dead",
        "fled",
        "surrendered",
    ]
    headers += ["median VP / DP / EP lost", "damage dealt / taken per run"]
    extra = optional_columns(summary)
    headers += [heading for heading, _ in extra]
    rows = []
    for c in summary["characters"]:
        rates, lost = c["rates"], c["median_lost"]
        rows.append(
            [
                esc(c["id"]),
                esc(side_and_role(c)),
                *(esc(percent(rates[name]) if name in rates else "–") for name in RATES),
                esc(f"{lost['vp']} / {lost['dp']} / {lost['ep']}"),
                esc(f"{c['damage_dealt_per_run']:.1f} / {c['damage_taken_per_run']:.1f}"),
                *(esc(cell(c)) for _, cell in extra),
            ]
        )
    table = html_table(headers, rows, numeric=2) if rows else _none("No character was played.")
    return html_section("characters", "Characters (95 % Wilson intervals)", table)


def _action_mix(summary: dict[str, Any]) -> str:
    rows = []
    for side, mix in summary["action_mix"].items():
        total = sum(mix.values()) or 1
        for name, count in mix.items():
            rows.append([esc(side), esc(name), esc(count), esc(f"{count / total:.0%}")])
    table = html_table(["side", "action", "started", "share"], rows, 2) if rows else _none("None.")
    return html_section("action-mix", "Actions started, by side", table)


def _notable(summary: dict[str, Any]) -> str:
    rows = [
        [
            esc(note["what"]),
            esc(note["detail"]),
            esc(note["run"]),
            _code(replay_command(summary, note["seed"])),
        ]
        for note in summary["notable"]
    ]
    headers = ["what", "detail", "run", "replay it"]
    table = html_table(headers, rows, numeric=4) if rows else _none("No notable run.")
    return html_section("notable", "Notable runs (replay them)", table)


def _code(text: str) -> str:
    return f"<code>{esc(text)}</code>"


def _errors(summary: dict[str, Any]) -> str:
    rows = [[esc(e["error"]), esc(e["runs"])] for e in summary["errors"]]
    table = html_table(["error", "runs"], rows) if rows else _none("No run raised an error.")
    failed = [
        [esc(run["run"]), esc(run["error"]), _code(replay_command(summary, run["seed"]))]
        for run in summary.get("failed_runs", [])
    ]
    if not failed:
        return html_section("errors", "Runs that raised an error", table)
    listed = html_table(["run", "error", "replay it"], failed)
    return html_section("errors", "Runs that raised an error", table, listed)


def _batch(summary: dict[str, Any]) -> str:
    scenario, batch = summary["scenario"], summary["batch"]
    facts = [
        ("scenario", scenario["name"]),
        ("scenario file", scenario["path"]),
        ("scenario content hash", scenario["content_hash"]),
        ("master seed", batch["seed"]),
        ("runs", batch["runs"]),
        ("played without error", batch["played"]),
        ("stopped by", batch["stopped"]),
        ("options", json.dumps(batch["options"], sort_keys=True)),
        ("results store", batch["store"]),
    ]
    versions = [[esc(name), esc(v)] for name, v in batch["versions"].items()]
    folded = (
        f"<details><summary>{len(versions)} packages and plugins, with their versions"
        f"</summary>{html_table(['package or plugin', 'version'], versions, numeric=2)}</details>"
    )
    return html_section(
        "batch",
        "Batch and versions",
        html_table(["", "value"], [[esc(k), esc(v)] for k, v in facts], numeric=2),
        folded,
    )


# -- plots ----------------------------------------------------------------------------------

Plot = Callable[["Figure", dict[str, Any]], bool]
"""Draws one plot on an empty figure; False when the summary has nothing to draw."""


def _plots(summary: dict[str, Any]) -> str:
    figures = [
        html_figure(summary, name, caption, draw)
        for name, caption, draw in (
            ("convergence", _CONVERGENCE, _draw_convergence),
            ("durations", _DURATIONS, _draw_durations),
            ("risk", _RISK, _draw_risk),
            ("survival", _SURVIVAL, _draw_survival),
        )
    ]
    return html_section("plots", "Plots", *figures)


def html_figure(summary: dict[str, Any], name: str, caption: str, draw: Plot) -> str:
    import matplotlib
    from matplotlib.backends.backend_svg import FigureCanvasSVG
    from matplotlib.figure import Figure

    # Text stays text (no font files) and is never mathtext (a "$" in a name is a "$"); ids
    # are fixed by the plot's name (the same summary gives the same page) and later prefixed
    # with it (four SVGs share one page's ids).
    with matplotlib.rc_context(
        {
            "svg.fonttype": "none",
            "svg.hashsalt": f"mands-sim-{name}",
            "text.parse_math": False,
            "font.size": 10,
        }
    ):
        figure = Figure(figsize=FIGURE_SIZE)
        # Each figure gets its own SVG canvas: no display is needed, and the process-wide
        # backend (pyplot's, a notebook's) is left as the user set it (no matplotlib.use).
        FigureCanvasSVG(figure)
        if not draw(figure, summary):
            content = '<p class="no-data">no data</p>'
        else:
            buffer = io.StringIO()
            figure.savefig(buffer, format="svg", metadata=_NO_METADATA)
            content = _inline_svg(buffer.getvalue(), name)
    return f'<figure data-plot="{name}">{content}\n<figcaption>{esc(caption)}</figcaption></figure>'


_NO_METADATA: dict[str, Any] = {"Date": None, "Creator": None, "Format": None, "Type": None}


def _inline_svg(svg: str, name: str) -> str:
    """The ``<svg>`` element alone (no XML prolog or DOCTYPE), every id prefixed with ``name``."""
    svg = svg[svg.index("<svg") :]
    svg = re.sub(r"<metadata>.*?</metadata>\s*", "", svg, flags=re.DOTALL)
    return _TAG.sub(lambda tag: _ID_REFERENCE.sub(rf"\g<1>{name}-", tag.group(0)), svg)


def plot_label(text: object) -> str:
    """Scenario text as a plot label, not hidden from the legend by a leading ``_``."""
    label = str(text)
    return "\u200b" + label if label.startswith("_") else label


def margins(
    figure: Figure, *, top_axis: bool = False, two_line_ticks: bool = False, legend: bool = False
) -> None:
    """Fixed margins (a layout engine would double the drawing time) fitting the labels, and
    a legend beside the plot (:func:`_legend_beside`)."""
    figure.subplots_adjust(
        left=0.1,
        right=0.72 if legend else 0.97,
        bottom=0.2 if two_line_ticks else 0.14,
        top=0.82 if top_axis else 0.96,
    )


def as_share(ax: Axes) -> None:
    from matplotlib.ticker import PercentFormatter

    ax.set_ylim(-0.01, 1.03)  # a line at 0 or 100 % stays clear of the frame
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.grid(axis="y", alpha=0.3)


def _rounds_axis(ax: Axes) -> None:
    """A top axis in rounds of 50 segments (``docs/rules/combat.md`` §1)."""
    top = ax.secondary_xaxis("top", functions=(_to_rounds, _to_segments))
    top.set_xlabel(f"rounds ({ROUND} segments)")


def _to_rounds(segments: Any) -> Any:
    return segments / ROUND


def _to_segments(rounds: Any) -> Any:
    return rounds * ROUND


_CONVERGENCE = (
    "Win rate of each side as the runs accumulate, with its 95 % Wilson interval: once the "
    "band is narrow and flat, more runs will not change the verdict."
)


def _draw_convergence(figure: Figure, summary: dict[str, Any]) -> bool:
    points = [p for p in summary["convergence"] if p["runs"] > 0]
    if not points:
        return False
    ax = figure.add_subplot()
    runs = [p["runs"] for p in points]
    for side in summary["sides"]:
        rates = [wilson(p["wins"].get(side, 0), p["runs"]) for p in points]
        (line,) = ax.plot(runs, [r.estimate for r in rates], label=plot_label(f"{side} win"))
        lows, highs = [r.low for r in rates], [r.high for r in rates]
        ax.fill_between(runs, lows, highs, color=line.get_color(), alpha=0.2, linewidth=0)
    ax.set_xlabel("runs played")
    ax.set_ylabel("win rate")
    ax.set_xlim(0, max(runs))
    as_share(ax)
    legend_beside(ax)
    margins(figure, legend=True)
    return True


_DURATIONS = (
    "How long the fights lasted: runs by fight length in segments (bottom axis) and rounds "
    "(top axis); the dashed line is the median."
)


def _draw_durations(figure: Figure, summary: dict[str, Any]) -> bool:
    histogram = [(int(segments), int(count)) for segments, count in summary["durations"]]
    if not histogram:
        return False
    ax = figure.add_subplot()
    lengths, counts = zip(*histogram, strict=True)
    ax.hist(lengths, bins=_bins(min(lengths), max(lengths)), weights=counts, color="#4c72b0")
    median = summary["duration"]["segments"]["median"]
    if median is not None:
        ax.axvline(median, color="black", linestyle="--", linewidth=1)
    ax.set_xlabel("fight length (segments)")
    ax.set_ylabel("runs")
    _rounds_axis(ax)
    margins(figure, top_axis=True)
    return True


BIN_WIDTHS: Final = (1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 25000)
"""Segments a histogram bar may span: each divides a round (50 segments) or is whole rounds,
so bars start on round boundaries."""


def _bins(shortest: int, longest: int) -> list[float]:
    """Bars of whole segments, at most :data:`DURATION_BINS` of them, each :data:`BIN_WIDTHS`
    wide; a bar of width w holds the fight lengths k·w + 1 … (k + 1)·w, so a bar of 50 is one
    round (lengths 1 to 50 end in round 1) and every bar starts with a round when it can."""
    width = next(
        (w for w in BIN_WIDTHS if (longest - 1) // w - (shortest - 1) // w + 1 <= DURATION_BINS),
        BIN_WIDTHS[-1],
    )
    first, last = (shortest - 1) // width, (longest - 1) // width + 1
    return [k * width + 0.5 for k in range(first, last + 1)]


_RISK = (
    "Each character's share of runs ending out of action, unconscious or dead, with 95 % "
    "Wilson intervals as error bars."
)


def _draw_risk(figure: Figure, summary: dict[str, Any]) -> bool:
    characters = summary["characters"]
    if not characters:
        return False
    ax = figure.add_subplot()
    width = 0.8 / len(RISKS)
    for k, (key, label) in enumerate(RISKS):
        rates = [c["rates"][key] for c in characters]
        estimates = [r["estimate"] for r in rates]
        below = [max(0.0, r["estimate"] - r["low"]) for r in rates]
        above = [max(0.0, r["high"] - r["estimate"]) for r in rates]
        at = [i + (k - (len(RISKS) - 1) / 2) * width for i in range(len(characters))]
        ax.bar(at, estimates, width, yerr=[below, above], capsize=3, label=label)
    labels = [plot_label(f"{c['id']}\n({c['side']})") for c in characters]
    ax.set_xticks(range(len(characters)), labels, rotation=30 if len(characters) > 5 else 0)
    ax.set_ylabel("share of runs")
    as_share(ax)
    legend_beside(ax)
    margins(figure, two_line_ticks=True, legend=True)
    return True


_SURVIVAL = (
    "Survival: the share of runs in which each character is still in action at each segment "
    "of the fight."
)


def _draw_survival(figure: Figure, summary: dict[str, Any]) -> bool:
    curves = [(c, c["survival"]) for c in summary["characters"] if c["survival"]]
    if not curves:
        return False
    ax = figure.add_subplot()
    for character, points in curves:
        segments, shares = zip(*points, strict=True)
        label = plot_label(f"{character['id']} ({character['side']})")
        ax.step(segments, shares, where="post", label=label)
    ax.set_xlim(0, flat_from([points for _, points in curves]))
    ax.set_xlabel("segment")
    ax.set_ylabel("still in action")
    as_share(ax)
    _rounds_axis(ax)
    legend_beside(ax)
    margins(figure, top_axis=True, legend=True)
    return True


def flat_from(curves: Sequence[Sequence[Sequence[float]]]) -> float:
    """Where the survival plot's x-axis ends: a little after the last segment at which any
    curve still changes (past it every curve is flat to the time limit)."""
    last = max((float(points[-1][0]) for points in curves if points), default=0.0)
    return max(1.0, last * 1.05)


def legend_beside(ax: Axes) -> None:
    """The legend to the right of the plot, off the data."""
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0, frameon=False)


# -- page furniture -------------------------------------------------------------------------

_STYLE = """
body { font-family: system-ui, sans-serif; color: #222; background: #fff; margin: 0; }
main { max-width: 62rem; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.2rem; margin-top: 2rem; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25rem 0.6rem; text-align: left; }
th { background: #f3f3f3; } .num { text-align: right; font-variant-numeric: tabular-nums; }
.verdict { font-size: 1.2rem; } .warning { color: #a40; font-weight: bold; }
.none, .no-data { color: #666; font-style: italic; }
figure { margin: 1rem 0 2rem; } figure svg { max-width: 100%; height: auto; }
figcaption { color: #444; font-size: 0.9rem; max-width: 50rem; }
code { background: #f6f6f6; padding: 0.1rem 0.3rem; white-space: nowrap; }
table { display: block; max-width: 100%; overflow-x: auto; }
details summary { cursor: pointer; color: #444; }
@media (max-width: 40rem) { main { padding: 0.5rem 0.6rem 2rem; } th, td { padding: 0.2rem; } }
"""

_SCRIPT = """
for (const figure of document.querySelectorAll("figure[data-plot]")) {
  const svg = figure.querySelector("svg");
  const box = svg ? svg.getBBox() : null;
  figure.dataset.rendered = box && box.width > 0 && box.height > 0 ? "yes" : "no";
  if (box) figure.dataset.box = Math.round(box.width) + "x" + Math.round(box.height);
}
"""
