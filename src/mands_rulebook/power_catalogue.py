"""The powers catalogue, ``docs/powers.md``, generated from the registered power plugins. A
library and a script, not a plugin: it registers no hooks.

:func:`render_catalogue` turns the registries (``mands_sim.registry.collect_registries``) into
Markdown: every registered power with its source tag (``rules text``, or ``template, not rules
text`` for the powers built from ``docs/rules/powers.md`` §3), the plugin that registers it, its
aliases and PR dice, and one row per action (use) with its role, Performance Time, passive and
sustained flags, the EP row its PR lowers and the Basic Effects its PR may buy. A power with no
action has Automatic Effects only. A last section lists the powers the rulebook names but no
plugin registers (:data:`NAMED_ONLY`: the Intelligent Robots' equipment, ``docs/rules/powers.md``
§2) and why each does nothing in an encounter. ``tests/test_power_catalogue.py`` fails when the file
in ``docs/`` differs from what the installed plugins give; regenerate it with::

    .venv/bin/python -m mands_rulebook.power_catalogue > docs/powers.md
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from mands_rulebook.kit.fists import COMBAT_ROLL_ROW
from mands_rulebook.kit.powers.ratings import canonical_power_name
from mands_rulebook.kit.powers.uses import ATTACK, COMMON_EFFECTS, PowerSpec, PowerUse
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import Entry, Registries, collect_registries

REGENERATE: Final = ".venv/bin/python -m mands_rulebook.power_catalogue > docs/powers.md"
"""The one command that rewrites ``docs/powers.md``."""

HEADER: Final = f"""# Powers: the catalogue

<!-- Generated from the registered power plugins; do not edit by hand. Regenerate with
     {REGENERATE} -->

Every power the installed plugins register (`mands_register_powers`), by name. **Source** says
where its rules come from: `rules text` for a power the seed describes, `template, not rules
text` for one built from the template of `docs/rules/powers.md` §3 (the seed only names it), so
it can be replaced if the description is ever found. Each action row gives the action's name
(used in scenario priority lists and intents, which name the sheet's power in `options.power`),
what it is for (`attack`: a Combat Roll; `defense`: a protection; `other`), its Performance Time
(PT, in segments, before Q and PR speed), whether it is passive and sustained (held round by
round), the EP row its PR lowers (an attack also pays the Combat Roll's row {COMBAT_ROLL_ROW},
G-13) and the Basic Effects its PR may buy besides `ep` and `speed` (seed "Power Rolls"). A power
without actions has Automatic Effects only. `docs/writing-plugins.md` §8 shows how a power is
written.
"""


BUILTIN_PREFIX: Final = "mands_rulebook."
"""The builtin plugins' names start so; the catalogue in ``docs/`` lists theirs only."""


def render_catalogue(registries: Registries, *, plugin_prefix: str = BUILTIN_PREFIX) -> str:
    """``docs/powers.md`` for these registries: the overview table, then one section per power
    registered by a plugin whose name starts with ``plugin_prefix`` (``""``: every plugin)."""
    entries = [e for e in registries.powers.entries if e.plugin.startswith(plugin_prefix)]
    parts = [HEADER, overview(entries), *(section(entry) for entry in entries)]
    return "\n".join([*parts, *named_only_section(registries)])


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


# --- powers the rulebook names that no plugin registers ----------------------------------------


@dataclass(frozen=True, slots=True)
class NamedPower:
    """A power the rulebook names without its description, left unregistered: where it is
    named, and why it does nothing in an encounter."""

    name: str
    named: str
    why: str
    aliases: tuple[str, ...] = ()


NAMED_ONLY: Final[tuple[NamedPower, ...]] = (
    NamedPower(
        "Touch Sense",
        'seed "Intelligent Robots", Senses: "a Touch Sense of d100 minus 1 ... the robot\'s base '
        'chance of noticing if damage has been taken"; Equipment 76-77 "Supersensitive Touch"',
        "noticing damage is all it gives, and every hit is known to whoever takes it "
        "(DamageTaken): there is nothing in an encounter to notice",
        aliases=("Supersensitive Touch",),
    ),
    NamedPower(
        "Think Fast",
        'seed "Intelligent Robots": "automatically get Think Fast, Power Roll d20"; Equipment '
        "01-02",
        "only its name and PR dice survive; what it does was in the lost power text, and the "
        "template (docs/rules/powers.md §3) has no kind for it",
    ),
    NamedPower(
        "Lifting",
        'seed "Intelligent Robots", Equipment 84',
        "its name only; the template has no kind for it (it names no ability and no dice), "
        "and lifting in an encounter is the Lift Pool's (Weightlifting)",
    ),
    NamedPower(
        "Repair",
        'seed "Intelligent Robots", Equipment 78-83: "Repair ability: heal DP using Healing Rate"',
        'it heals DP at the Healing Rate, by the hour (seed "Healing": a robot\'s DP "must be '
        'repaired"): longer than an encounter',
        aliases=("Repair ability",),
    ),
    NamedPower(
        "Increased Healing Rate",
        'seed "Intelligent Robots", Equipment 99 and "Healing": it "gives the same advantages to '
        'the robot as it does to any other character"',
        "how much it raises the rate was in the lost power text and the template has no healing "
        "kind; resting in an encounter keeps the Healing Roll's VP and EP (G-50)",
    ),
)
"""The Intelligent Robots' equipment powers of ``docs/rules/powers.md`` §2 ("Names only"): none has
a number to apply in an encounter, so none is registered (a template power would have nothing
to do); a sheet naming one loads, and the power is ignored."""


def named_only_section(registries: Registries) -> list[str]:
    """The :data:`NAMED_ONLY` powers no plugin registers (by name or alias), as a table."""
    left = [p for p in NAMED_ONLY if not any(canonical_power_name(registries, n) for n in names(p))]
    if not left:
        return []
    head = [
        "## Named in the rulebook, not registered",
        "",
        "Powers the rulebook names without a description (`docs/rules/powers.md` §2) that no "
        "plugin registers, because none would do anything in an encounter. A sheet may name them; "
        "the simulation ignores them.",
        "",
        "| power | named in | why nothing in an encounter |",
        "|---|---|---|",
    ]
    return [*head, *(named_row(power) for power in left), ""]


def names(power: NamedPower) -> tuple[str, ...]:
    return (power.name, *power.aliases)


def named_row(power: NamedPower) -> str:
    also = f" (also “{'”, “'.join(power.aliases)}”)" if power.aliases else ""
    return f"| {power.name}{also} | {cell(power.named)} | {cell(power.why)} |"


def installed_catalogue() -> str:
    """The catalogue of the installed builtin plugins, whatever the environment disables."""
    return render_catalogue(collect_registries(make_plugin_manager(environ={})))


def main() -> int:
    sys.stdout.write(installed_catalogue())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
