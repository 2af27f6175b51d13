"""The powers catalogue, ``docs/powers.md``, generated from the registered power plugins. A
library and a script, not a plugin: it registers no hooks.

:func:`render_catalogue` turns the registries (``mands_sim.registry.collect_registries``) into
Markdown: every registered power with its source tag (``rules text``, or ``template, not rules
text`` for the powers built from ``rules/powers.md`` §3), the plugin that registers it, its
aliases and PR dice, and one row per action (use) with its role, Performance Time, passive and
sustained flags, the EP row its PR lowers and the Basic Effects its PR may buy. A power with no
action has Automatic Effects only. ``tests/test_power_catalogue.py`` fails when the file in
``docs/`` differs from what the installed plugins give; regenerate it with::

    .venv/bin/python -m mands_rulebook.power_catalogue > docs/powers.md
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import Final

from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import Entry, Registries, collect_registries

from .power_kit import ATTACK, COMBAT_ROLL_ROW, COMMON_EFFECTS, PowerSpec, PowerUse

REGENERATE: Final = ".venv/bin/python -m mands_rulebook.power_catalogue > docs/powers.md"
"""The one command that rewrites ``docs/powers.md``."""

HEADER: Final = f"""# Powers: the catalogue

<!-- Generated from the registered power plugins; do not edit by hand. Regenerate with
     {REGENERATE} -->

Every power the installed plugins register (`mands_register_powers`), by name. **Source** says
where its rules come from: `rules text` for a power the seed describes, `template, not rules
text` for one built from the template of `rules/powers.md` §3 (the seed only names it), so it can
be replaced if the description is ever found. Each action row gives the action's name (used in
scenario priority lists and intents, which name the sheet's power in `options.power`), what it is
for (`attack`: a Combat Roll; `defense`: a protection; `other`), its Performance Time (PT, in
segments, before Q and PR speed), whether it is passive and sustained (held round by round), the
EP row its PR lowers (an attack also pays the Combat Roll's row {COMBAT_ROLL_ROW}, G-13) and the
Basic Effects its PR may buy besides `ep` and `speed` (seed "Power Rolls"). A power without
actions has Automatic Effects only. `docs/writing-plugins.md` §8 shows how a power is written.
"""


BUILTIN_PREFIX: Final = "mands_rulebook."
"""The builtin plugins' names start so; the catalogue in ``docs/`` lists theirs only."""


def render_catalogue(registries: Registries, *, plugin_prefix: str = BUILTIN_PREFIX) -> str:
    """``docs/powers.md`` for these registries: the overview table, then one section per power
    registered by a plugin whose name starts with ``plugin_prefix`` (``""``: every plugin)."""
    entries = [e for e in registries.powers.entries if e.plugin.startswith(plugin_prefix)]
    parts = [HEADER, overview(entries), *(section(entry) for entry in entries)]
    return "\n".join(parts)


def overview(entries: Sequence[Entry]) -> str:
    rows = [
        f"| [{e.name}](#{anchor(e.name)}) | {e.source} | `{e.plugin}` | {len(uses_of(e))} |"
        for e in entries
    ]
    counts = source_counts(entries)
    head = [
        "## Overview",
        "",
        counts,
        "",
        "| power | source | plugin | actions |",
        "|---|---|---|---|",
    ]
    return "\n".join([*head, *rows, ""])


def source_counts(entries: Iterable[Entry]) -> str:
    tally: dict[str, int] = {}
    for entry in entries:
        tally[entry.source] = tally.get(entry.source, 0) + 1
    listed = ", ".join(f"{count} {source}" for source, count in sorted(tally.items()))
    return f"{sum(tally.values())} powers: {listed}." if tally else "No powers are registered."


def section(entry: Entry) -> str:
    """One power: its tag line, its summary and its actions."""
    spec = entry.payload if isinstance(entry.payload, PowerSpec) else None
    facts = [f"source: {entry.source}", f"plugin: `{entry.plugin}`"]
    if spec is not None:
        facts.append(f"PR: {spec.pr_dice}")
        if spec.aliases:
            facts.append("aliases: " + ", ".join(f"“{alias}”" for alias in spec.aliases))
    lines = [f"## {entry.name}", "", " · ".join(facts), "", entry.summary, ""]
    return "\n".join([*lines, *actions_table(spec)])


def actions_table(spec: PowerSpec | None) -> list[str]:
    if spec is None:
        return ["Not built on the power kit: no actions listed.", ""]
    if not spec.uses:
        return ["Automatic Effects only: no actions, no EP.", ""]
    head = [
        "| action | role | PT | passive | sustained | EP row | Basic Effects | what it does |",
        "|---|---|---|---|---|---|---|---|",
    ]
    return [*head, *(action_row(use) for use in spec.uses), ""]


def action_row(use: PowerUse) -> str:
    action = use.action
    effects = ", ".join(f"`{e}`" for e in use.effects if e not in COMMON_EFFECTS) or "—"
    row = f"{use.base_row}" + (f" (+ {COMBAT_ROLL_ROW})" if use.role == ATTACK else "")
    return (
        f"| `{action.name}` | {use.role} | {action.performance_time} | {yes(action.is_passive)} "
        f"| {yes(action.is_sustained)} | {row} | {effects} | {cell(action.summary)} |"
    )


def cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return " ".join(text.split()).replace("|", "\\|")


def yes(flag: bool) -> str:
    return "yes" if flag else "no"


def uses_of(entry: Entry) -> tuple[PowerUse, ...]:
    return entry.payload.uses if isinstance(entry.payload, PowerSpec) else ()


def anchor(name: str) -> str:
    """GitHub's heading anchor: lower case, spaces to hyphens, punctuation dropped."""
    kept = "".join(c for c in name.lower() if c.isalnum() or c in " -")
    return kept.replace(" ", "-")


def installed_catalogue() -> str:
    """The catalogue of the installed builtin plugins, whatever the environment disables."""
    return render_catalogue(collect_registries(make_plugin_manager(environ={})))


def main() -> int:
    sys.stdout.write(installed_catalogue())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
