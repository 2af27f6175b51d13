"""Report sections: what a rule plugin adds to a batch's report beside the core's findings.

The core reports what every encounter has: who wins, how long it takes, who goes down and how.
A rule that has more to say after a batch — the Editing Points the heroes earn at the measured
toughness — declares a :class:`ReportSectionDefinition` and registers it
(``mands_register_report_sections``). After a batch, its ``build`` reads the report data
(:class:`ReportInput`: the JSON-ready summary ``docs/reports.md`` documents, and the named
defaults in force) and returns a :class:`ReportSection`, or ``None`` to add nothing.

A section is plain data: a title, a headline, at most one table of text cells, notes, and the
section's own JSON-ready values (``data``). The terminal and HTML reports draw every section
the same way from that data, so a section reads the same in the three reports and a saved JSON
report can be drawn again without the plugin. Sections are listed by name, whatever the order
the plugins were loaded in. The core never knows what a section means.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final

from mands_sim.defaults import RuleDefaults

MAX_SECTION_ROWS: Final = 1_000
"""The most rows one section's table may have: a report is read by people."""


@dataclass(frozen=True, slots=True)
class SectionTable:
    """A section's table: ``columns`` headings and ``rows`` of as many text cells each (format
    numbers as the table should show them: ``f"{rate:.1%}"``).

    Raises:
        ValueError: a row with another number of cells, a cell that is not text, or more rows
            than :data:`MAX_SECTION_ROWS`.
    """

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...] = ()

    def __post_init__(self) -> None:
        if len(self.rows) > MAX_SECTION_ROWS:
            raise ValueError(f"a section's table has {MAX_SECTION_ROWS} rows at most")
        for row in self.rows:
            if len(row) != len(self.columns):
                raise ValueError(
                    f"a table of {len(self.columns)} columns has a row of {len(row)}: {row}"
                )
            if not all(isinstance(cell, str) for cell in (*self.columns, *row)):
                raise ValueError(f"a table's headings and cells are text: {row}")


@dataclass(frozen=True, slots=True)
class ReportSection:
    """What one plugin adds to one batch's report.

    Attributes:
        title: the section's heading, e.g. ``"Editing Points earned"``.
        headline: one sentence printed under the title.
        table: the section's table, if it has one.
        notes: lines printed after the table.
        data: the section's values for the JSON report (JSON-ready: strings, numbers,
            booleans, ``None``, lists and mappings of them).
    """

    title: str
    headline: str = ""
    table: SectionTable | None = None
    notes: tuple[str, ...] = ()
    data: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def as_data(self) -> dict[str, Any]:
        """The section as the JSON report's ``sections.<name>`` (``docs/reports.md``)."""
        table = self.table
        return {
            "title": self.title,
            "headline": self.headline,
            "table": None
            if table is None
            else {
                "title": table.title,
                "columns": list(table.columns),
                "rows": [list(row) for row in table.rows],
            },
            "notes": list(self.notes),
            "data": dict(self.data),
        }


@dataclass(frozen=True, slots=True)
class ReportInput:
    """What a section is built from.

    Attributes:
        summary: the batch's report data as ``docs/reports.md`` documents it (``verdict``,
            ``sides``, ``characters`` with their ``metrics`` …), read-only.
        defaults: the named defaults in force for the scenario (:mod:`mands_sim.defaults`).
    """

    summary: Mapping[str, Any]
    defaults: RuleDefaults


BuildSection = Callable[[ReportInput], "ReportSection | None"]
"""``build(report) -> ReportSection | None``: the section for one batch, or nothing to add."""


@dataclass(frozen=True, slots=True)
class ReportSectionDefinition:
    """A section a plugin adds to every batch report.

    Attributes:
        name: the section's key in the JSON report (``sections.<name>``), unique among
            sections, e.g. ``"awards"``.
        build: builds the section from a batch's report data (:data:`BuildSection`). Pure: it
            reads only what it is given.
        summary: one line for listings.
    """

    name: str
    build: BuildSection
    summary: str = ""


__all__ = [
    "MAX_SECTION_ROWS",
    "BuildSection",
    "ReportInput",
    "ReportSection",
    "ReportSectionDefinition",
    "SectionTable",
]
