"""The powers catalogue (``mands_rulebook.power_catalogue``) and ``docs/powers.md``.

``docs/powers.md`` is generated from the registered power plugins and must not go stale: when a
power plugin changes, regenerate it with
``.venv/bin/python -m mands_rulebook.power_catalogue > docs/powers.md``. Every power a sample
character sheet names must resolve to a registered power (issue 6 item 5: "Canonical names as
the seed's descriptions spell them, with aliases for the names its tables and examples use").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mands_rulebook.kit.powers.ratings import canonical_power_name
from mands_rulebook.kit.powers.uses import TEMPLATE, PowerSpec
from mands_rulebook.power_catalogue import (
    NAMED_ONLY,
    REGENERATE,
    cell,
    installed_catalogue,
    named_only_section,
    render_catalogue,
)
from mands_rulebook.powers.healing import HEALING_POWER
from mands_sim.model.sheet import load_sheet
from mands_sim.registry import PowerEntry, Registries, Registry
from tests.data.power_plan import SCENARIOS
from tests.data.template_powers import installed_registries

DOCS = Path(__file__).resolve().parents[1] / "docs" / "powers.md"
SHEETS = sorted((SCENARIOS / "characters").glob("*.toml"))


def test_docs_powers_md_is_the_catalogue_of_the_installed_plugins() -> None:
    expected = installed_catalogue()
    assert DOCS.read_text(encoding="utf-8") == expected, (
        f"docs/powers.md is stale: regenerate it with `{REGENERATE}`"
    )


def test_each_power_lists_its_source_plugin_and_actions() -> None:
    text = render_catalogue(installed_registries())
    assert (
        "| [Healing](#healing) | template, not rules text | `mands_rulebook.powers.healing` | 1 |"
        in text
    )
    assert "## Psychic Invisibility\n\nsource: template, not rules text" in text
    assert "aliases: “Invisibility”" in text
    assert "| `healing-heal` | other | 20 | no | no | 9 | `healing` |" in text
    assert "| `electric-power-blast` | attack | 20 | no | no | 9 (+ 5) | `damage` |" in text


def test_a_power_without_actions_has_automatic_effects_only() -> None:
    text = render_catalogue(installed_registries())
    section = text.split("## Sixth Sense\n", 1)[1].split("\n## ", 1)[0]
    assert "Automatic Effects only: no actions, no EP." in section


def test_only_builtin_plugins_unless_asked() -> None:
    """A third party's power (not on the kit) is left out of docs/, listed when asked."""
    foreign = PowerEntry("Sonic Scream", "sonic", "third party", "a scream", payload=object())
    ours = PowerEntry(
        "Healing", "mands_rulebook.powers.healing", TEMPLATE, "heal", payload=HEALING_POWER
    )
    registries = Registries(powers=Registry((ours, foreign)))
    assert "Sonic Scream" not in render_catalogue(registries)
    everything = render_catalogue(registries, plugin_prefix="")
    assert "1 third party" in everything
    assert "Not built on the power kit: no actions listed." in everything


def test_the_robot_equipment_powers_are_listed_with_why_they_do_nothing() -> None:
    """``docs/rules/powers.md`` §2: Touch Sense / Supersensitive Touch, Think Fast, Lifting, Repair,
    Increased Healing Rate — "Names only": listed, unregistered, each with its reason."""
    registries = installed_registries()
    text = render_catalogue(registries)
    listed = text.split("## Named in the rulebook, not registered\n", 1)[1]
    for name in ("Touch Sense", "Supersensitive Touch", "Think Fast", "Lifting", "Repair",
                 "Increased Healing Rate"):  # fmt: skip
        assert canonical_power_name(registries, name) is None
        assert f"| {name}" in listed or f"“{name}”" in listed
    assert all(power.why and power.named for power in NAMED_ONLY)


def test_a_named_power_a_plugin_registers_leaves_the_list() -> None:
    """Once some plugin registers Think Fast (by name or alias) it is a catalogue entry."""
    spec = PowerSpec(name="Think Fast", summary="think", source=TEMPLATE, uses=(), pr_dice="d20")
    entry = PowerEntry("Think Fast", "mands_rulebook.powers.think_fast", TEMPLATE, "think", spec)
    rows = named_only_section(Registries(powers=Registry((entry,))))
    assert not any(row.startswith("| Think Fast") for row in rows)
    assert any(row.startswith("| Lifting") for row in rows)


def test_cell_keeps_a_table_row_whole() -> None:
    assert cell("a | b\nc") == "a \\| b c"


@pytest.mark.parametrize("path", SHEETS, ids=lambda path: path.stem)
def test_every_sample_sheet_power_resolves_to_a_registered_power(path: Path) -> None:
    registries = installed_registries()
    for name in load_sheet(path).powers:
        canonical = canonical_power_name(registries, name)
        assert canonical is not None, f"{path.name}: {name!r} names no registered power"
        assert isinstance(registries.powers[canonical].payload, PowerSpec)
