"""Every named default is recorded in ``docs/rules/decisions.md``, and every switch it names
exists: the core's and every installed plugin's (``mands_register_defaults``)."""

from __future__ import annotations

import re
from pathlib import Path

from mands_sim.defaults import switches_of
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import collect_registries

DECISIONS = Path(__file__).parents[2] / "docs" / "rules" / "decisions.md"


def sections() -> dict[str, str]:
    """Each default's section (``### G-NN`` to the next heading), by G-number."""
    text = DECISIONS.read_text(encoding="utf-8")
    parts = re.split(r"^### (G-\d+)\n", text, flags=re.MULTILINE)
    return {
        gid: body.split("\n#", 1)[0] for gid, body in zip(parts[1::2], parts[2::2], strict=True)
    }


def test_every_default_has_a_section_naming_its_switch() -> None:
    documented = sections()
    kinds = collect_registries(make_plugin_manager(environ={})).default_kinds()
    switches = switches_of(kinds).values()
    assert len(switches) >= 120  # the core's and every installed rule's
    for switch in switches:
        assert switch.gid in documented, f"{switch.gid} has no section in decisions.md"
        assert f"`{switch.name}`" in documented[switch.gid], switch.name


def test_every_section_is_complete_and_its_tests_name_it() -> None:
    root = DECISIONS.parents[2]
    for gid, body in sections().items():
        for part in ("Class", "Decision", "Switch (default first)", "Applied in", "Reason"):
            assert f"- **{part}:**" in body, f"{gid} has no {part}"
        tests = re.findall(r"`([^`]+\.py)`", body.split("- **Tests:**", 1)[1])
        for test in tests:
            source = (root / test).read_text(encoding="utf-8")
            assert re.search(rf"\b{gid}\b", source), f"{gid} lists {test}, which does not name it"


def test_every_file_the_decisions_name_is_in_the_repository() -> None:
    """A code or data file a decision names (``src/mands_sim/charts/action.py``) is a path from
    the repository's root that exists."""
    root = DECISIONS.parents[2]
    named = set(re.findall(r"`([A-Za-z0-9_./-]+\.(?:py|toml))`", DECISIONS.read_text("utf-8")))
    assert len(named) > 100
    assert sorted(path for path in named if not (root / path).is_file()) == []
