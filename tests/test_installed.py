"""What the installed plugins register, and a sheet figured with them outside an encounter."""

from __future__ import annotations

from pathlib import Path

from mands_sim.installed import figured_here, installed_registries
from mands_sim.model.sheet import load_sheet

CHARACTERS = Path(__file__).parents[1] / "scenarios" / "characters"


def test_the_installed_registries_hold_the_rulebook_s_and_the_example_plugin_s_entries() -> None:
    registries = installed_registries()
    powers = {entry.name for entry in registries.powers.entries}
    assert {"Electric Power", "Sonic Scream"} <= powers
    assert {"award", "generate"} <= {entry.name for entry in registries.commands.entries}


def test_a_sheet_is_figured_as_an_encounter_figures_it() -> None:
    """docs/rules/combat.md §20: Seraph's Combat Roll 14, VP 43, EP 74, Move Roll 29."""
    figured = figured_here(load_sheet(CHARACTERS / "seraph.toml")).figured
    assert (figured.combat_roll, figured.virtual_damage_points) == (14, 43)
    assert (figured.endurance_points, figured.move_roll) == (74, 29)
