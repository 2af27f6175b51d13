"""Constitution Bonus (seed "Constitution Bonus"): ``mands_rulebook.powers.constitution_bonus``.

Seed "Biff Turk Creates a Sample Character": "His third roll is 38, Constitution + 3d8 ...
Constitution + 3d8: He gets +17, for a constitution of 32." The bonus is made into the sheet
(G-112); Seraph's published figures follow from the raised Constitution.
"""

from __future__ import annotations

import dataclasses

import mands_rulebook.powers.constitution_bonus as constitution_bonus
from mands_rulebook.kit.powers.ratings import canonical_power_name
from mands_rulebook.powers.constitution_bonus import (
    CONSTITUTION_BONUS,
    roll_bonus,
    with_constitution_bonus,
)
from mands_sim.charts.loading import load_standard_charts
from mands_sim.defaults import RuleDefaults
from mands_sim.dice import ScriptedDice
from mands_sim.model.character import build_character
from mands_sim.model.sheet import CharacterSheet, load_sheet
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import collect_registries
from tests.data.power_plan import SCENARIOS

SERAPH = load_sheet(SCENARIOS / "characters" / "seraph.toml")


def before_the_bonus() -> CharacterSheet:
    """Seraph's sheet before the class power: Constitution 32 − 17 = 15."""
    abilities = dataclasses.replace(SERAPH.abilities, constitution=15)
    return dataclasses.replace(SERAPH, abilities=abilities)


def figured(sheet: CharacterSheet) -> tuple[int, int]:
    """(Endurance Points, Skin Temper row) of ``sheet`` under the standard charts."""
    defaults = RuleDefaults()
    character = build_character(sheet, charts=load_standard_charts(defaults), defaults=defaults)
    return character.figured.endurance_points, character.figured.skin_temper.row


def test_the_bonus_is_rolled_on_the_dice_where_it_was_rolled_up() -> None:
    """Seraph's 3d8: 5 + 6 + 6 = 17; another table's dice, 2d6: 3 + 4 = 7."""
    assert roll_bonus(ScriptedDice([5, 6, 6])) == 17
    assert roll_bonus(ScriptedDice([3, 4]), "2d6") == 7


def test_seraphs_plus_17_gives_constitution_32_and_his_published_ep_74() -> None:
    """15 + 17 = 32; EP 2 × 32 + 11/2 + 9/2 = 74 (G-43); Skin Temper 11/50 + 32/25 = 1.5 →
    row 1, where Constitution 15 gave .82 → row 0."""
    raised = with_constitution_bonus(before_the_bonus(), roll_bonus(ScriptedDice([5, 6, 6])))
    assert raised.abilities.constitution == 32
    assert raised.powers["Constitution Bonus"].power_rating == 17
    assert figured(raised) == (74, 1)
    assert figured(before_the_bonus())[1] == 0


def test_mands_register_powers_constitution_bonus_answers_to_its_table_name() -> None:
    """The Superhuman table's "Constitution + 3d8" is an alias; the power has no action and its
    PR is rolled on 3d8."""
    pm = make_plugin_manager(
        load_entry_points=False,
        extra_plugins={"constitution_bonus": constitution_bonus},
        environ={},
    )
    registries = collect_registries(pm)
    assert canonical_power_name(registries, "Constitution + 3d8") == "Constitution Bonus"
    assert registries.powers["Constitution Bonus"].source == "rules text"
    assert (CONSTITUTION_BONUS.uses, CONSTITUTION_BONUS.pr_dice) == ((), "3d8")
