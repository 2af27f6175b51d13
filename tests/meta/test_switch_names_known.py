"""Every named default's switch written anywhere in the repository is one a plugin declares.

``RuleDefaults.with_overrides`` takes any name, and a simulation checks the names only against
the loaded plugins, so a misspelt switch in a test that builds its encounter by hand, or in a
page of the docs, would switch nothing and say nothing. This test reads every ``G<n>_<name>``
token in the tests, the docs, the scenarios and the sources and asks that it is a switch of the
core's or an installed plugin's defaults (``mands_register_defaults``).
"""

from __future__ import annotations

import re
from pathlib import Path

from mands_sim.defaults import switches_of
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import collect_registries

ROOT = Path(__file__).resolve().parents[2]
SWITCH = re.compile(r"\bG\d+_[a-z0-9_]*[a-z0-9]\b")
INVENTED = frozenset(
    {
        "G2_list",
        "G301_charisma",
        "G62_weapon_start",
        "G99_nothing",
        "G999_made_up",
        "G901_spell_range",
        "G901_ring_size",
        "G901_ring_sise",
        "G902_spread",
        "G903_flag",
    }
)
"""Made-up switches tests write on purpose: unknown or misspelt names that must be refused, and
the classes of a made-up plugin."""

PLACES = ("tests", "docs", "scenarios", "src", "plugins", "benchmarks", "README.md")


def written_switches() -> dict[str, set[str]]:
    """Each switch-like token, with the files it is written in."""
    found: dict[str, set[str]] = {}
    for place in PLACES:
        path = ROOT / place
        files = [path] if path.is_file() else path.rglob("*")
        for file in files:
            if file.suffix not in (".py", ".md", ".toml") or "/." in str(file):
                continue
            for token in SWITCH.findall(file.read_text(encoding="utf-8")):
                found.setdefault(token, set()).add(str(file.relative_to(ROOT)))
    return found


def test_every_switch_written_is_declared() -> None:
    kinds = collect_registries(make_plugin_manager(environ={})).default_kinds()
    declared = switches_of(kinds).keys()
    written = written_switches()
    assert len(written) > 100  # the reader finds them
    unknown = {token: sorted(files) for token, files in written.items() if token not in declared}
    assert unknown.keys() - INVENTED == set(), unknown
    assert written.keys() >= INVENTED  # each still written somewhere, or it leaves the list
