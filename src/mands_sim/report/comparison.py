"""A what-if comparison as plain data, in the terminal and as an HTML section.

``mands-sim run SCENARIO --without PLUGIN`` reports the scenario as written and adds this
comparison under the key ``what_if``; ``mands-sim compare A B`` prints it alone. Arm A is the
reference, B the variant; every difference is B − A over the runs both arms played, with its
paired 95 % interval (:mod:`mands_sim.batch.paired`, ``docs/reports.md`` "Comparing").
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterator
from typing import Any

from rich.console import Console
from rich.table import Table

from mands_sim.batch.paired import PairedRuns, pair_runs
from mands_sim.batch.runner import BatchResult
from mands_sim.batch.stats import Interval, PairedCounts, quantile


def build_comparison(
    a: BatchResult, b: BatchResult, *, label_a: str, label_b: str
) -> dict[str, Any]:
    """The comparison of ``b`` against ``a``, run by run, as JSON-ready data."""
    sides = [*a.aggregate.sides, *b.aggregate.sides]
    return comparison_data(pair_runs(a.records(), b.records(), sides), label_a, label_b)


def comparison_data(paired: PairedRuns, label_a: str, label_b: str) -> dict[str, Any]:
    """The paired tallies as JSON-ready data (``docs/reports.md`` lists the keys)."""
    return {
        "a": label_a,
        "b": label_b,
        "pairs": paired.pairs,
        "left_out": paired.left_out,
        "heroes": paired.heroes,
        "sides": {side: _shares(counts) for side, counts in paired.wins.items()},
        "a_hero_dies": _shares(paired.hero_dies),
        "deaths": [
            {"id": who, "side": paired.sides_of[who], **_shares(counts)}
            for who, counts in paired.deaths.items()
        ],
        "length": _length(paired),
    }


def _bounds(value: Interval) -> dict[str, float | None]:
    """An interval; a bound that is not finite (too few pairs) is ``None``."""
    return {
        "estimate": value.estimate,
        "low": value.low if math.isfinite(value.low) else None,
        "high": value.high if math.isfinite(value.high) else None,
    }


def _shares(counts: PairedCounts) -> dict[str, Any]:
    return {"a": counts.rate_a(), "b": counts.rate_b(), "difference": _bounds(counts.difference())}


def _mean(histogram: Any) -> float | None:
    runs = sum(histogram.values())
    return sum(k * v for k, v in histogram.items()) / runs if runs else None


def _length(paired: PairedRuns) -> dict[str, Any]:
    """Fight length in segments: each arm's median and their difference (no interval), each
    arm's mean and the paired mean difference with its t interval."""
    median_a, median_b = quantile(paired.lengths_a, 0.5), quantile(paired.lengths_b, 0.5)
    both = median_a is not None and median_b is not None
    return {
        "median": {
            "a": median_a,
            "b": median_b,
            "difference": median_b - median_a if both else None,  # type: ignore[operator]
        },
        "mean": {
            "a": _mean(paired.lengths_a),
            "b": _mean(paired.lengths_b),
            "difference": _bounds(paired.length.interval()),
        },
    }


# -- rendering ------------------------------------------------------------------------------


def _share(value: float | None) -> str:
    return "–" if value is None else f"{value:.1%}"


def _signed_share(value: float | None) -> str:
    return "–" if value is None else f"{value:+.1%}"


def _difference(value: dict[str, Any], cell: Any = _signed_share) -> str:
    """``−4.0% (−6.1% to −1.9%)``: a difference with its paired interval."""
    return f"{cell(value['estimate'])} ({cell(value['low'])} to {cell(value['high'])})"


def _segments(value: float | None) -> str:
    return "–" if value is None else f"{value:+.1f}"


def _plain(value: float | None, digits: int = 1) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def comparison_rows(comparison: dict[str, Any]) -> Iterator[tuple[str, str, str, str]]:
    """The comparison's rows: what, A, B, and the difference B − A with its interval."""
    for side, shares in comparison["sides"].items():
        yield _share_row(f"{side} win", shares)
    yield _share_row("a hero dies", comparison["a_hero_dies"])
    for death in comparison["deaths"]:
        yield _share_row(f"{death['id']} dies", death)
    median, mean = comparison["length"]["median"], comparison["length"]["mean"]
    yield (
        "median fight length",
        _plain(median["a"], 0),
        _plain(median["b"], 0),
        "–" if median["difference"] is None else f"{median['difference']:+d}",
    )
    yield (
        "mean fight length",
        _plain(mean["a"]),
        _plain(mean["b"]),
        _difference(mean["difference"], _segments),
    )


def _share_row(what: str, shares: dict[str, Any]) -> tuple[str, str, str, str]:
    return what, _share(shares["a"]), _share(shares["b"]), _difference(shares["difference"])


def title(comparison: dict[str, Any]) -> str:
    return (
        f"What-if: A {comparison['a']}, B {comparison['b']} ({comparison['pairs']} runs on the "
        "same seeds, paired 95 % intervals; fight lengths in segments)"
    )


def render_comparison(comparison: dict[str, Any], console: Console) -> None:
    """Print the comparison as one table (it fits 80 columns)."""
    table = Table(title=title(comparison), title_justify="left")
    table.add_column("")
    for column in ("A", "B", "difference B − A"):
        table.add_column(column, justify="right")
    for row in comparison_rows(comparison):
        table.add_row(*row)
    console.print(table)
    if comparison["left_out"]:
        console.print(f"{comparison['left_out']} runs left out: an arm raised an error.")


def comparison_html(comparison: dict[str, Any]) -> str:
    """The comparison as ``<section id="what-if">`` (cells escaped), for the HTML report."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in ("", "A", "B", "difference B − A"))
    rows = "\n".join(
        "<tr>"
        + "".join(
            f"<td{' class=num' if i else ''}>{html.escape(cell)}</td>" for i, cell in enumerate(row)
        )
        + "</tr>"
        for row in comparison_rows(comparison)
    )
    return (
        '<section id="what-if"><h2>What-if</h2>\n'
        f"<p>{html.escape(title(comparison))}</p>\n"
        f"<table><thead><tr>{head}</tr></thead><tbody>\n{rows}\n</tbody></table></section>"
    )
