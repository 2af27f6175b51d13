"""The toughness report in the terminal, drawn with rich from the report data."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from mands_sim.report.comparison import render_comparison
from mands_sim.report.plugin_sections import render_terminal_sections
from mands_sim.report.summary import replay_command, runs_played


def percent(value: dict[str, float]) -> str:
    """``62.0 % (59.0–65.0)``: an estimate with its 95 % interval."""
    return f"{value['estimate']:.1%} ({value['low']:.1%}–{value['high']:.1%})"


def folded(value: dict[str, float]) -> str:
    """:func:`percent` on two lines, the interval (in percent) under the estimate: a cell a
    narrow table can hold whole."""
    return f"{value['estimate']:.1%}\n{100 * value['low']:.1f}–{100 * value['high']:.1f}"


WIDE: Final = 120
"""Terminal columns from which the characters' risks fit one line per character (below it each
interval goes under its estimate: no cell is cut at 80 columns)."""

RISKS: Final = (
    ("out of action", "out_of_action"),
    ("unconscious", "unconscious"),
    ("injured", "injured"),
    ("dead", "dead"),
)
"""The characters table's risk columns and their keys in a character's ``rates``."""


def render(summary: dict[str, Any], console: Console) -> None:
    """Print the report: verdict, sides, duration, the what-if comparison (if any),
    characters and their losses, the plugins' sections, action mix, notable runs, errors."""
    console.print(_headline(summary))
    console.print(_sides(summary))
    if "what_if" in summary:
        render_comparison(summary["what_if"], console)
    console.print(_characters(summary, console.width))
    console.print(_losses(summary))
    render_terminal_sections(summary.get("sections", {}), console)
    console.print(_action_mix(summary))
    if summary["notable"]:
        _notable(summary, console)
    if summary["errors"]:
        console.print(_errors(summary))
        _failed_runs(summary, console)


def _headline(summary: dict[str, Any]) -> Panel:
    batch, verdict, duration = summary["batch"], summary["verdict"], summary["duration"]
    rounds = duration["rounds"]
    lines = [
        Text.assemble(
            ("Toughness: ", "bold"),
            (verdict["word"], "bold magenta"),
            f"  (award multiplier ×{verdict['multiplier']:.1f}; {verdict['reason']})",
        ),
        Text(
            f"{runs_played(batch)}. Fight length: median {rounds['median']} rounds "
            f"(p10 {rounds['p10']}, p90 {rounds['p90']}); "
            f"{duration['segments']['median']} segments median."
        ),
    ]
    if verdict.get("warning"):  # G-230: why no tier can be told
        lines.append(Text(f"Warning: {verdict['warning']}", style="bold yellow"))
    return Panel(Group(*lines), title=summary["scenario"]["name"], expand=False)


def _sides(summary: dict[str, Any]) -> Table:
    table = Table(title="Outcome (95 % Wilson intervals)", title_justify="left")
    table.add_column("result")
    table.add_column("share", justify="right")
    for side, rate in summary["sides"].items():
        table.add_row(f"{side} win", percent(rate))
    table.add_row("nobody stands", percent(summary["draws"]))
    table.add_row("time limit", percent(summary["timeouts"]))
    if "party_knock_out" in summary:
        table.add_row("every hero out of action", percent(summary["party_knock_out"]))
    for label, share in objective_rows(summary):
        table.add_row(label, share)
    for who, rate in death_rows(summary):
        table.add_row(who, percent(rate))
    return table


def objective_rows(summary: dict[str, Any]) -> list[tuple[str, str]]:
    """For each side that attacked an objective's performer in some run: the share of runs it
    did, and how many such attacks it started per run."""
    rows = []
    for side, attacks in summary.get("objective_attacks", {}).items():
        if attacks["per_run"] > 0:
            label = f"{side} attacked the objective's performer"
            rows.append((label, f"{percent(attacks['runs'])}; {attacks['per_run']:.1f} per run"))
    return rows


def side_and_role(c: dict[str, Any]) -> str:
    """``heroes``, or ``heroes (hostage)`` for a character with a non-combatant role."""
    role = c.get("role", "combatant")
    return c["side"] if role == "combatant" else f"{c['side']} ({role})"


def death_rows(summary: dict[str, Any]) -> list[tuple[str, dict[str, float]]]:
    """ "a hero dies" and "a villain dies": the share of runs in which a character of the
    first side, or of any other, died (the Comics Code keeps the second apart)."""
    deaths = summary.get("deaths", {})
    return [(f"a {who} dies", deaths[who]) for who in ("hero", "villain") if who in deaths]


Column = tuple[str, Callable[[dict[str, Any]], str]]
"""A characters-table column: its heading and its cell for one character of the report."""


def _short(value: dict[str, float]) -> str:
    return f"{value['estimate']:.0%}"


WEAR = ("bled", "exhausted", "back_in_action")
"""The rates of the wear-and-tear column."""


def _wear(c: dict[str, Any]) -> str:
    return " / ".join(_short(c["rates"][name]) for name in WEAR)


def _shares(c: dict[str, Any], key: str) -> str:
    """ "vulnerability 62%", "stunned 40%": each name under ``key`` (the weaknesses that
    fired, the conditions suffered), with the share of runs it happened in."""
    shares = c.get(key, {})
    return ", ".join(f"{name} {_short(rate)}" for name, rate in shares.items()) or "-"


def _share_total(c: dict[str, Any], key: str) -> float:
    return float(sum(r["estimate"] for r in c.get(key, {}).values()))


OPTIONAL_COLUMNS: Sequence[tuple[Column, Callable[[dict[str, Any]], float]]] = (
    (
        ("bled / EP below 0 / back in action", _wear),
        lambda c: sum(c["rates"][name]["estimate"] for name in WEAR),
    ),
    (
        ("rules' counts per run", lambda c: _metrics(c)),
        lambda c: sum(m["per_run"] for m in c.get("metrics", {}).values()),
    ),
    (
        ("weakness fired (share of runs)", lambda c: _shares(c, "weaknesses_fired")),
        lambda c: _share_total(c, "weaknesses_fired"),
    ),
    (
        ("conditions suffered (share of runs)", lambda c: _shares(c, "conditions_suffered")),
        lambda c: _share_total(c, "conditions_suffered"),
    ),
)
"""Columns of the characters table shown only when some character's value is not zero: the
share of runs it bled (G-19), went below 0 EP (§10) or came back in action (§9); what the
plugins' metrics counted, per run (``mands_sim.metrics``: the Fate Points
spent, the blows the Comics Code pulled, Death Shots …); the share of runs each weakness fired
in (seed "Handicap or Weakness"), and the share of runs each condition was put on it in
(stunned, held …). The Editing Points used are in the award table."""


def _metrics(c: dict[str, Any]) -> str:
    """ "blows pulled 0.40, fate points spent 0.10": each metric that counted, per run."""
    metrics = c.get("metrics", {})
    return ", ".join(f"{name} {m['per_run']:.2f}" for name, m in metrics.items()) or "-"


def optional_columns(summary: dict[str, Any]) -> list[Column]:
    """The :data:`OPTIONAL_COLUMNS` something happened in (a report from before they were
    counted has none)."""
    characters = summary["characters"]
    return [
        column
        for column, amount in OPTIONAL_COLUMNS
        if any("bled" in c["rates"] and amount(c) > 0 for c in characters)
    ]


def _characters(summary: dict[str, Any], width: int = WIDE) -> Table:
    """Each character's risks with their intervals (the losses are in :func:`_losses`, so each
    table fits an 80-column terminal): a risk no character ran in any run is named in the
    caption, not given a column of zeros; below :data:`WIDE` columns each interval is folded
    under its estimate (:func:`folded`) and the side under the character."""
    characters = summary["characters"]
    shown = [r for r in RISKS if any(c["rates"][r[1]]["estimate"] > 0 for c in characters)]
    never = [heading for heading, key in RISKS if (heading, key) not in shown]
    caption = f"in no run: {', '.join(never)}" if never and characters else None
    table = Table(
        title="Characters (95 % Wilson intervals)",
        title_justify="left",
        caption=caption,
        caption_justify="left",
    )
    wide = width >= WIDE
    table.add_column("character", no_wrap=True)
    if wide:
        table.add_column("side", no_wrap=True)
    for heading, _ in shown:
        table.add_column(heading, justify="right")
    for c in characters:
        who = [c["id"], side_and_role(c)] if wide else [f"{c['id']}\n{side_and_role(c)}"]
        cell = percent if wide else folded
        table.add_row(*who, *(cell(c["rates"][key]) for _, key in shown))
    return table


def _losses(summary: dict[str, Any]) -> Table:
    """Each character's losses and damage, and the :func:`optional_columns`."""
    table = Table(title="Losses", title_justify="left")
    table.add_column("character", no_wrap=True)
    for column in ("median VP / DP / EP lost", "damage dealt / taken per run"):
        table.add_column(column, justify="right")
    extra = optional_columns(summary)
    for heading, _ in extra:
        table.add_column(heading, justify="right")
    for c in summary["characters"]:
        lost = c["median_lost"]
        table.add_row(
            c["id"],
            f"{lost['vp']} / {lost['dp']} / {lost['ep']}",
            f"{c['damage_dealt_per_run']:.1f} / {c['damage_taken_per_run']:.1f}",
            *(cell(c) for _, cell in extra),
        )
    return table


def _action_mix(summary: dict[str, Any]) -> Table:
    table = Table(title="Actions started, by side", title_justify="left")
    table.add_column("side")
    table.add_column("actions")
    for side, mix in summary["action_mix"].items():
        total = sum(mix.values()) or 1
        table.add_row(side, ", ".join(f"{name} {count / total:.0%}" for name, count in mix.items()))
    return table


def _notable(summary: dict[str, Any], console: Console) -> None:
    """The notable runs, each with the command that replays it on one unbroken line, to
    copy."""
    console.print("Notable runs (replay them)", style="italic")
    for note in summary["notable"]:
        console.print(f"  {note['what']}: {note['detail']}", soft_wrap=True)
        console.print(f"    {replay_command(summary, note['seed'])}", soft_wrap=True)


def _failed_runs(summary: dict[str, Any], console: Console) -> None:
    """The first errored runs, each with the command that replays it up to the error (one
    unbroken line each, to copy)."""
    failed = summary.get("failed_runs", [])
    if not failed:
        return
    console.print(f"Errored runs to replay (the first {len(failed)}):", style="red")
    for run in failed:
        console.print(f"  run {run['run']}: {replay_command(summary, run['seed'])}", soft_wrap=True)


def _errors(summary: dict[str, Any]) -> Table:
    table = Table(title="Runs that raised an error", title_justify="left", style="red")
    table.add_column("runs", justify="right")
    table.add_column("error")
    for error in summary["errors"]:
        table.add_row(str(error["runs"]), error["error"])
    return table
