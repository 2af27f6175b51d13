"""Beauty Bonus (seed "Beauty Bonus"): ``mands_rulebook.powers.beauty_bonus``.

Seraph (seed "Biff Turk Creates a Sample Character"): "Beauty + 3d6: He gets a bonus of 13 ...
He rolls 18 for his physical beauty, and adds 13 because that's one of his powers, for a
physical beauty of 31." Gremlin's Beauty 6 (seed 002 "Example of Horrification") gives a
Weirdness Bonus of 4.
"""

from __future__ import annotations

import mands_rulebook.powers.beauty_bonus as beauty_bonus
from mands_rulebook.kit.powers.ratings import canonical_power_name
from mands_rulebook.powers.beauty_bonus import BEAUTY_BONUS, roll_beauty_bonus, with_beauty_bonus
from mands_sim.charts.loading import load_standard_charts
from mands_sim.defaults import RuleDefaults
from mands_sim.dice import ScriptedDice
from mands_sim.model.character import build_character
from mands_sim.model.sheet import CharacterSheet, parse_sheet
from mands_sim.registry import collect_registries
from mands_sim.testing import PluginManagerFactory, sample_sheet


def weirdness(sheet: CharacterSheet) -> int:
    built = build_character(sheet, charts=load_standard_charts(), defaults=RuleDefaults())
    return built.figured.weirdness_bonus


def test_seraphs_3d6_of_13_is_added_to_his_18() -> None:
    """3d6: 4 + 4 + 5 = 13; the hero's d100 50 is over 1 %, so it is added: 18 + 13 = 31."""
    change = roll_beauty_bonus(ScriptedDice([4, 4, 5, 50]), "hero")
    seraph = with_beauty_bonus(parse_sheet(sample_sheet(beauty=18)), change)
    assert (change, seraph.attributes.beauty) == (13, 31)
    assert seraph.powers["Beauty Bonus"].power_rating == 13


def test_the_chance_to_subtract_is_1_5_and_20_percent() -> None:
    """Seed: "a 1% chance that a hero should actually subtract the roll ..., a 5% chance that
    Intelligent Robots should do so, and a 20% chance that villains should do so"."""
    assert roll_beauty_bonus(ScriptedDice([1, 1, 1, 1]), "hero") == -3
    assert roll_beauty_bonus(ScriptedDice([1, 1, 1, 2]), "hero") == 3
    assert roll_beauty_bonus(ScriptedDice([1, 1, 1, 5]), "robot") == -3
    assert roll_beauty_bonus(ScriptedDice([1, 1, 1, 20]), "villain") == -3
    assert roll_beauty_bonus(ScriptedDice([1, 1, 1, 21]), "villain") == 3


def test_a_subtracted_bonus_raises_the_weirdness_bonus() -> None:
    """Gremlin's Beauty 6: Weirdness Bonus 10 − 6 = 4; 3 taken off: Beauty 3, Weirdness 7;
    3 added: Beauty 9, Weirdness 1. The entry records the subtraction."""
    gremlin = parse_sheet(sample_sheet(beauty=6))
    assert weirdness(gremlin) == 4
    uglier = with_beauty_bonus(gremlin, -3)
    assert (uglier.attributes.beauty, weirdness(uglier)) == (3, 7)
    assert dict(uglier.powers["Beauty Bonus"].extra) == {"subtract": True}
    assert weirdness(with_beauty_bonus(gremlin, 3)) == 1


def test_mands_register_powers_beauty_plus_3d6_is_an_alias(
    plugin_manager_factory: PluginManagerFactory,
) -> None:
    """The Superhuman table's "Beauty + 3d6" names the power; it uses no EP and has no
    action."""
    registries = collect_registries(plugin_manager_factory(beauty_bonus))
    assert canonical_power_name(registries, "Beauty + 3d6") == "Beauty Bonus"
    assert (BEAUTY_BONUS.uses, BEAUTY_BONUS.pr_dice) == ((), "3d6")
