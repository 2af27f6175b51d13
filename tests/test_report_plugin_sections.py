"""The plugins' report sections drawn (``mands_sim.report.plugin_sections``): the same headline,
table and notes in the terminal and in HTML, in the order of their names, every text escaped."""

from __future__ import annotations

import io

from rich.console import Console

from mands_sim.report.plugin_sections import (
    print_section,
    render_html_sections,
    render_terminal_sections,
)
from mands_sim.report_sections import ReportSection, SectionTable

WEBS = ReportSection(
    "Webs",
    headline="Seraph spins most.",
    table=SectionTable("Webs spun", ("who", "per run"), (("police-officer-3", "2.0"),)),
    notes=("Webs break on <Strength>.",),
)
TAUNTS = ReportSection("Taunts", headline="Nobody taunts.")


def terminal(width: int = 200) -> str:
    out = io.StringIO()
    render_terminal_sections(
        {"webs": WEBS.as_data(), "taunts": TAUNTS.as_data()}, Console(file=out, width=width)
    )
    return out.getvalue()


def test_the_terminal_draws_each_section_in_the_order_of_the_names() -> None:
    shown = terminal()
    assert shown.index("Nobody taunts.") < shown.index("Seraph spins most.")
    assert shown.index("Seraph spins most.") < shown.index("Webs spun")
    assert shown.index("Webs spun") < shown.index("Webs break on <Strength>.")


def test_the_first_column_reads_whole_at_80_columns() -> None:
    rows = [line for line in terminal(80).splitlines() if line.startswith("│")]
    assert any("police-officer-3" in row for row in rows)


def test_html_draws_each_section_escaped() -> None:
    page = render_html_sections({"webs": WEBS.as_data(), "taunts": TAUNTS.as_data()})
    assert page.index('<section id="section-taunts">') < page.index('<section id="section-webs">')
    assert "<th>who</th><th>per run</th>" in page
    assert "<td>police-officer-3</td><td>2.0</td>" in page
    assert "<p>Webs break on &lt;Strength&gt;.</p>" in page


def test_no_section_draws_nothing() -> None:
    assert render_html_sections({}) == ""
    out = io.StringIO()
    render_terminal_sections({}, Console(file=out))
    assert out.getvalue() == ""


def test_print_section_draws_one_section_as_the_report_does() -> None:
    out = io.StringIO()
    print_section(WEBS, Console(file=out, width=200))
    assert out.getvalue() == terminal().split("Nobody taunts.\n", 1)[1]
