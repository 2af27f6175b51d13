"""``docs/hooks.md`` tables which builtin plugins use each stage of the initiation and resolution
pipelines; a stage asks its plugins by name, so the table lists them in that order, and each
``mands_rulebook`` plugin it names implements that stage's hook. A move that renames a plugin
(plugin names are module paths) shows up here as a table out of order."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mands_sim.plugins import make_plugin_manager

HOOKS_DOC = Path(__file__).resolve().parents[2] / "docs" / "hooks.md"
PIPELINES = {"## The initiation pipeline": "initiation", "## The resolution pipeline": "resolution"}
ROW = re.compile(r"^\| (watch|gate|adjust) \| `([^`]+)` \|")


def stage_rows(pipeline_heading: str) -> list[tuple[str, str]]:
    """(stage, plugin) of the table under ``pipeline_heading``, in the order written."""
    text = HOOKS_DOC.read_text(encoding="utf-8")
    section = text.split(pipeline_heading, 1)[1].split("\n## ", 1)[0]
    return [(m.group(1), m.group(2)) for m in map(ROW.match, section.splitlines()) if m]


@pytest.mark.parametrize("heading", sorted(PIPELINES))
def test_each_stage_lists_its_plugins_in_the_order_they_are_asked(heading: str) -> None:
    rows = stage_rows(heading)
    assert rows, heading
    for stage in ("watch", "gate", "adjust"):
        names = [plugin for row_stage, plugin in rows if row_stage == stage]
        assert names == sorted(names), (heading, stage)


@pytest.mark.parametrize("heading", sorted(PIPELINES))
def test_each_rulebook_plugin_named_implements_the_stage(heading: str) -> None:
    pm = make_plugin_manager(environ={})
    for stage, plugin in stage_rows(heading):
        if not plugin.startswith("mands_rulebook."):
            continue  # an optional rule's plugin is registered only when a scenario turns it on
        hook = f"mands_{PIPELINES[heading]}_{stage}"
        implementers = {impl.plugin_name for impl in getattr(pm.hook, hook).get_hookimpls()}
        assert plugin in implementers, (hook, plugin)
