"""The report of a balancing search (``mands-sim balance``): the value found with its interval,
every point played, the places where the curve is not monotonic, and what it took."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from mands_sim.batch.balance import Balanced
from mands_sim.batch.stats import wilson
from mands_sim.report.sweep import short_percent


def balance_data(found: Balanced) -> dict[str, Any]:
    """The search as JSON-ready data (``docs/editor-guide.md`` lists the keys)."""
    return {
        "path": found.path,
        "side": found.side,
        "target": found.target,
        "range": [found.lowest, found.highest],
        "value": found.value,
        "interval": None if found.value is None else [found.low, found.high],
        "whole": found.whole,
        "suggested": found.suggested,
        "fitted_rate": found.fitted_rate,
        "points": [
            {"value": p.value, "wins": p.wins, "played": p.played, "rate": _rate(p.wins, p.played)}
            for p in found.points
        ],
        "not_monotonic": [[a.value, b.value] for a, b in found.not_monotonic],
        "runs": found.runs,
        "seconds": round(found.seconds, 1),
        "interrupted": found.interrupted,
    }


def _rate(wins: int, played: int) -> dict[str, float]:
    interval = wilson(wins, played)
    return {"estimate": interval.estimate, "low": interval.low, "high": interval.high}


def _shown(value: float | None, whole: bool) -> str:
    if value is None:
        return "—"
    return f"{value:.0f}" if whole and float(value).is_integer() else f"{value:.3g}"


def headline(data: dict[str, Any]) -> str:
    """The answer in a sentence (or why there is none)."""
    side, target, path = data["side"], f"{data['target']:.0%}", data["path"]
    low, high = data["range"]
    if data["interrupted"]:
        return (
            f"Interrupted after {len(data['points'])} points: no answer yet. The points played "
            "are kept: run the same command again to go on."
        )
    if data["value"] is None:
        rates = [p["rate"]["estimate"] for p in data["points"]]
        span = f"{min(rates):.0%} to {max(rates):.0%}" if rates else "nothing"
        return (
            f"{side} do not win {target} anywhere in {path} = {_shown(low, data['whole'])}.."
            f"{_shown(high, data['whole'])}: their win rate at the points played runs from {span}. "
            "Widen the range, or vary another parameter."
        )
    at, (lo, hi) = data["value"], data["interval"]
    text = f"{side} win {target} at {path} ≈ {at:.3g} (95 % interval {lo:.3g} to {hi:.3g})"
    if data["whole"]:
        text += (
            f"; the nearest whole value is {_shown(data['suggested'], True)} "
            f"(fitted win rate {data['fitted_rate']:.0%})"
        )
    return text + "."


def render_balance(data: dict[str, Any], console: Console) -> None:
    """The answer, every point played, the warnings, and the cost."""
    console.print(headline(data), soft_wrap=True)
    table = Table(title=f"Points played ({data['path']})", title_justify="left")
    for column in ("value", f"{data['side']} win", "runs"):
        table.add_column(column, justify="right")
    for point in data["points"]:
        table.add_row(_shown(point["value"], data["whole"]), short_percent(point["rate"]),
                      str(point["played"]))  # fmt: skip
    console.print(table)
    for low, high in data["not_monotonic"]:
        console.print(
            f"[yellow]Not monotonic: between {_shown(low, data['whole'])} and "
            f"{_shown(high, data['whole'])} the win rate moves against the curve beyond its "
            "paired 95 % interval (a change of tactics?): see `mands-sim sweep` over that span.",
            soft_wrap=True,
        )
    console.print(
        f"{data['runs']} runs at {len(data['points'])} points (the same seeds at each) "
        f"in {data['seconds']:.1f} s."
    )
