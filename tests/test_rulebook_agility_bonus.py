"""Agility Bonus (seed "Agility Bonus"): ``mands_rulebook.powers.agility_bonus``.

Seraph's Superhuman roll (seed "Biff Turk Creates a Sample Character"): "Agility + 3d8: He gets
+11, for a agility of 22"; his published Combat Roll 14, VP 43 and Move Roll 29
(``docs/rules/combat.md`` §20) carry it.
"""

from __future__ import annotations

import mands_rulebook.powers.agility_bonus as agility_bonus
from mands_rulebook.kit.powers.ratings import canonical_power_name
from mands_rulebook.powers.agility_bonus import (
    AGILITY_BONUS,
    roll_agility_bonus,
    with_agility_bonus,
)
from mands_sim.charts.loading import load_standard_charts
from mands_sim.defaults import RuleDefaults
from mands_sim.dice import ScriptedDice
from mands_sim.model.character import Character, build_character
from mands_sim.model.sheet import CharacterSheet, parse_sheet
from mands_sim.registry import collect_registries
from mands_sim.testing import PluginManagerFactory, sample_sheet


def figured(sheet: CharacterSheet) -> Character:
    return build_character(sheet, charts=load_standard_charts(), defaults=RuleDefaults())


def test_the_bonus_is_the_dice_given_where_it_was_rolled() -> None:
    """Seed: "Roll the dice given where the bonus was rolled up": Seraph's 3d8, 3 + 4 + 4 = 11;
    other dice when the table says so (2d6: 6 + 6)."""
    assert roll_agility_bonus(ScriptedDice([3, 4, 4])) == 11
    assert roll_agility_bonus(ScriptedDice([6, 6]), "2d6") == 12
    assert AGILITY_BONUS.pr_dice == "3d8"


def test_seraphs_plus_11_makes_agility_22_and_his_published_numbers() -> None:
    """Agility 11 before the bonus: Combat Roll 22 → 11 on the Sphere chart; with the +11:
    Agility 22, Combat Roll 44 → 14, VP 43, Move Roll 29 — Seraph's own (G-112: made into the
    sheet once, recorded on its entry)."""
    before = parse_sheet(sample_sheet(agility=11))
    after = with_agility_bonus(before, 11)
    assert figured(before).figured.combat_roll == 11
    assert after.abilities.agility == 22
    f = figured(after).figured
    assert (f.combat_roll, f.virtual_damage_points, f.move_roll) == (14, 43, 29)
    assert after.powers["Agility Bonus"].power_rating == 11


def test_it_uses_no_ep_and_has_no_action() -> None:
    """Seed: "This power does not use EP": nothing to start, nothing to pay."""
    assert AGILITY_BONUS.uses == ()


def test_mands_register_powers_agility_plus_3d8_is_an_alias(
    plugin_manager_factory: PluginManagerFactory,
) -> None:
    """The Superhuman table's "Agility + 3d8" names the power."""
    registries = collect_registries(plugin_manager_factory(agility_bonus))
    assert registries.powers["Agility Bonus"].source == "rules text"
    assert canonical_power_name(registries, "Agility + 3d8") == "Agility Bonus"
