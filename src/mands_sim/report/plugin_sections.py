"""The plugins' report sections (:mod:`mands_sim.report_sections`) drawn in the terminal and in
HTML.

Every section is drawn from its report data (``sections.<name>``: title, headline, table,
notes) in the order of the names, so the terminal, HTML and JSON reports say the same, and a
saved JSON report is drawn without the plugin that built it.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from mands_sim.report_sections import ReportSection


def render_terminal_sections(sections: Mapping[str, Any], console: Console) -> None:
    """Each section: its title, its headline, its table, then its notes."""
    for name in sorted(sections):
        section = sections[name]
        console.print(Text(section["title"], style="bold"))
        if section.get("headline"):
            console.print(section["headline"], soft_wrap=True)
        table = section.get("table")
        if table:
            console.print(_rich_table(table))
        for note in section.get("notes", ()):
            console.print(note, soft_wrap=True)


def print_section(section: ReportSection, console: Console | None = None) -> None:
    """Print one section as the terminal report draws it (a plugin command's result)."""
    render_terminal_sections({"section": section.as_data()}, console or Console())


def _rich_table(table: Mapping[str, Any]) -> Table:
    drawn = Table(title=table["title"], title_justify="left")
    columns = table["columns"]
    for index, column in enumerate(columns):
        if index == 0:  # the first column names the row: read whole, even at 80 columns
            widest = max([len(str(row[0])) for row in table["rows"]], default=0)
            drawn.add_column(column, no_wrap=True, min_width=max(len(column), widest))
        else:  # a heading too wide folds rather than being cut at 80 columns
            drawn.add_column(column, justify="right", overflow="fold")
    for row in table["rows"]:
        drawn.add_row(*(str(cell) for cell in row))
    return drawn


def render_html_sections(sections: Mapping[str, Any]) -> str:
    """Each section as ``<section id="section-NAME">``, every text escaped."""
    return "\n".join(_html_section(name, sections[name]) for name in sorted(sections))


def _html_section(name: str, section: Mapping[str, Any]) -> str:
    parts = [
        f'<section id="section-{html.escape(name, quote=True)}">'
        f"<h2>{html.escape(section['title'])}</h2>"
    ]
    if section.get("headline"):
        parts.append(f"<p>{html.escape(section['headline'])}</p>")
    table = section.get("table")
    if table:
        head = "".join(f"<th>{html.escape(str(h))}</th>" for h in table["columns"])
        rows = "\n".join(
            "<tr>" + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in row) + "</tr>"
            for row in table["rows"]
        )
        caption = f"<caption>{html.escape(table['title'])}</caption>" if table["title"] else ""
        parts.append(
            f"<table>{caption}<thead><tr>{head}</tr></thead><tbody>\n{rows}\n</tbody></table>"
        )
    parts.extend(f"<p>{html.escape(note)}</p>" for note in section.get("notes", ()))
    parts.append("</section>")
    return "\n".join(parts)


__all__ = ["print_section", "render_html_sections", "render_terminal_sections"]
