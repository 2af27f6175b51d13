"""Charisma Bonus (seed "Charisma Bonus"): ``mands_rulebook.powers.charisma_bonus``.

Seed: "Roll the dice given where the bonus was rolled up and add this to one of the character's
charisma scores. The character can divide the bonus up among both charisma scores if so desired.
There is a 25% chance that villains who roll up Charisma Bonus are fear-inspiring villains." The
bonus is made into the sheet (G-112); Seraph (Active Charisma 11, Learning 11, VP 43) shows what
the Active share does.
"""

from __future__ import annotations

import pytest

import mands_rulebook.powers.charisma_bonus as charisma_bonus
from mands_rulebook.powers.charisma_bonus import (
    CHARISMA_BONUS,
    fear_inspiring,
    roll_bonus,
    with_charisma_bonus,
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


def virtual_damage_points(sheet: CharacterSheet) -> int:
    defaults = RuleDefaults()
    character = build_character(sheet, charts=load_standard_charts(defaults), defaults=defaults)
    return character.figured.virtual_damage_points


def test_the_bonus_is_rolled_on_3d6_unless_its_table_says_otherwise() -> None:
    assert roll_bonus(ScriptedDice([2, 3, 4])) == 9
    assert roll_bonus(ScriptedDice([8, 1]), "2d8") == 9


def test_all_on_active_charisma_raises_seraphs_vp_from_43_to_44() -> None:
    """Active Charisma 11 + 3 = 14 replaces Learning 11 in VP (seed "Virtual Damage Points"):
    22 + 11 + 14/3 + 20/3 = 44.33 → 44 (G-43)."""
    raised = with_charisma_bonus(SERAPH, active=3, normal=0)
    assert (raised.abilities.active_charisma, raised.abilities.normal_charisma) == (14, 12)
    assert raised.powers["Charisma Bonus"].power_rating == 3
    assert (virtual_damage_points(SERAPH), virtual_damage_points(raised)) == (43, 44)


def test_the_bonus_may_be_divided_among_both_charismas() -> None:
    """9 as 4 + 5: Active 15, Normal 17 — the record keeps the whole roll."""
    raised = with_charisma_bonus(SERAPH, active=4, normal=5, fear=True)
    assert (raised.abilities.active_charisma, raised.abilities.normal_charisma) == (15, 17)
    entry = raised.powers["Charisma Bonus"]
    assert (entry.power_rating, entry.extra["fear_inspiring"]) == (9, True)
    with pytest.raises(ValueError, match="0 or more"):
        with_charisma_bonus(SERAPH, active=-1, normal=10)


def test_a_villain_is_fear_inspiring_on_25_or_less() -> None:
    assert fear_inspiring(ScriptedDice([25])) is True
    assert fear_inspiring(ScriptedDice([26])) is False


def test_mands_register_powers_charisma_bonus_uses_no_action_and_no_ep() -> None:
    pm = make_plugin_manager(
        load_entry_points=False, extra_plugins={"charisma_bonus": charisma_bonus}, environ={}
    )
    registries = collect_registries(pm)
    assert registries.powers["Charisma Bonus"].source == "rules text"
    assert CHARISMA_BONUS.uses == ()
