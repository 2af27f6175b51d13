"""Report sections (``mands_sim.report_sections``): what a plugin adds to a batch's report, as
plain data, built after every batch from its report data (``mands_register_report_sections``)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from mands_sim.api import hookimpl
from mands_sim.batch.runner import BatchOptions, BatchResult, run_batch
from mands_sim.errors import PluginHookError, PluginValidationError
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import Register, collect_registries
from mands_sim.report.summary import build_summary
from mands_sim.report_sections import (
    MAX_SECTION_ROWS,
    ReportInput,
    ReportSection,
    ReportSectionDefinition,
    SectionTable,
)
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

SCENARIO = Path(__file__).parent.parent / "scenarios" / "seraph_vs_sphinx.toml"


def test_a_section_is_json_ready_data() -> None:
    section = ReportSection(
        "Webs",
        headline="Seraph spins most.",
        table=SectionTable("Webs spun", ("who", "per run"), (("seraph", "2.0"),)),
        notes=("Webs break on Strength.",),
        data={"seraph": 2.0},
    )
    assert json.loads(json.dumps(section.as_data())) == {
        "title": "Webs",
        "headline": "Seraph spins most.",
        "table": {"title": "Webs spun", "columns": ["who", "per run"], "rows": [["seraph", "2.0"]]},
        "notes": ["Webs break on Strength."],
        "data": {"seraph": 2.0},
    }
    assert ReportSection("Nothing").as_data()["table"] is None


def test_a_tables_rows_have_a_cell_for_each_column() -> None:
    with pytest.raises(ValueError, match="a table of 2 columns has a row of 1"):
        SectionTable("Webs", ("who", "per run"), (("seraph",),))


def test_a_tables_cells_are_text() -> None:
    """A number is formatted as the table should show it; ``None`` would read "None"."""
    with pytest.raises(ValueError, match="headings and cells are text"):
        SectionTable("Webs", ("who", "per run"), (("seraph", 2.0),))  # type: ignore[arg-type]


def test_a_tables_rows_are_bounded() -> None:
    rows = tuple(("x",) for _ in range(MAX_SECTION_ROWS + 1))
    with pytest.raises(ValueError, match=f"{MAX_SECTION_ROWS} rows at most"):
        SectionTable("Many", ("x",), rows)


def winners(report: ReportInput) -> ReportSection | None:
    """Names the sides that won in some run, with the verdict's word; nothing if none did."""
    won = [side for side, rate in report.summary["sides"].items() if rate["estimate"] > 0]
    if not won:
        return None
    return ReportSection(
        "Winners", headline=f"{', '.join(won)} ({report.summary['verdict']['word']})"
    )


def nothing(report: ReportInput) -> ReportSection | None:
    return None


def crashing(report: ReportInput) -> ReportSection | None:
    raise KeyError("no such key")


class Reporter:
    """A plugin registering ``sections``."""

    def __init__(self, *sections: ReportSectionDefinition) -> None:
        self.sections = sections

    @hookimpl
    def mands_register_report_sections(self, register: Register) -> None:
        for section in self.sections:
            register(section.name, section, summary=section.summary or section.name)


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> BatchResult:
    store = tmp_path_factory.mktemp("store") / "r.db"
    return run_batch(SCENARIO, BatchOptions(runs=20, seed=3, jobs=1), store=store)


def with_sections(batch: BatchResult, *sections: ReportSectionDefinition) -> BatchResult:
    """``batch`` as if a plugin ``reporter`` registering ``sections`` had played it."""
    pm = make_plugin_manager(extra_plugins={"reporter": Reporter(*sections)}, environ={})
    return replace(batch, registries=collect_registries(pm))


@pytest.mark.hook("mands_register_report_sections")
def test_each_plugin_section_is_in_the_report_by_name(batch: BatchResult) -> None:
    """The rulebook's ``awards`` and the plugin's ``winners``, sorted by name; a section whose
    build returns nothing is left out."""
    summary = build_summary(
        with_sections(
            batch,
            ReportSectionDefinition("winners", winners),
            ReportSectionDefinition("empty", nothing),
        )
    )
    assert list(summary["sections"]) == ["awards", "winners"]
    headline = summary["sections"]["winners"]["headline"]
    assert headline.endswith(f"({summary['verdict']['word']})") and "heroes" in headline


def test_a_section_reads_a_copy_of_the_report(batch: BatchResult) -> None:
    def vandal(report: ReportInput) -> ReportSection | None:
        report.summary["verdict"]["word"] = "easy"  # type: ignore[index]
        return None

    summary = build_summary(with_sections(batch, ReportSectionDefinition("vandal", vandal)))
    assert summary["verdict"]["word"] != "easy"


def test_a_crashing_section_names_its_plugin_and_keeps_its_traceback(batch: BatchResult) -> None:
    with pytest.raises(
        PluginHookError, match=r"reporter': building the report section 'broken' failed: KeyError"
    ) as raised:
        build_summary(with_sections(batch, ReportSectionDefinition("broken", crashing)))
    assert isinstance(raised.value.__cause__, KeyError)


class Misnamed(Reporter):
    @hookimpl
    def mands_register_report_sections(self, register: Register) -> None:
        register("other", self.sections[0], summary="misnamed")


def test_a_section_registered_under_another_name_is_refused_before_any_run() -> None:
    """As a metric is: when the simulation is prepared, not after a batch has played."""
    plugin = Misnamed(ReportSectionDefinition("winners", winners))
    simulation = Simulation(load_scenario(SCENARIO), extra_plugins={"misnamed": plugin})
    with pytest.raises(
        PluginValidationError,
        match=r"misnamed.*'other' must be registered as ReportSectionDefinition\('other', "
        r"\.\.\.\), got a ReportSectionDefinition named 'winners'",
    ):
        simulation.prepare()
