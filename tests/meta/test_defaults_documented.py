"""Every named default is recorded in ``docs/rules/decisions.md``, and every switch it names
exists (``mands_sim.defaults``)."""

from __future__ import annotations

import re
from pathlib import Path

from mands_sim.defaults import RuleDefaults

DECISIONS = Path(__file__).parents[2] / "docs" / "rules" / "decisions.md"


def rows() -> dict[str, str]:
    found = {}
    for line in DECISIONS.read_text(encoding="utf-8").splitlines():
        match = re.match(r"\| (G-\d+) \|", line)
        if match:
            found[match.group(1)] = line
    return found


def test_every_default_has_a_row_naming_its_switch() -> None:
    documented = rows()
    for default in RuleDefaults.describe():
        assert default["gid"] in documented, f"{default['gid']} has no row in decisions.md"
        assert f"`{default['name']}`" in documented[default["gid"]], default["name"]
