"""The creation procedure (seed 001 "Creating a Character"): Biff Turk's walk-through with his
own dice gives the Seraph the seed prints; each step's rule with scripted dice; and properties
of every generated character (G-299, G-300, G-301, G-302, G-303)."""

from __future__ import annotations

import math
from pathlib import Path
from types import MappingProxyType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mands_rulebook.creation.choices import Decisions, GenerationError, switched
from mands_rulebook.creation.generate import installed_catalogue
from mands_rulebook.creation.procedure import (
    Catalogue,
    PowerFacts,
    create,
    rolling_tables,
    weakness_chance,
)
from mands_rulebook.creation.tables import creation_tables
from mands_sim.dice import ScriptedDice, SeededDice
from mands_sim.model.sheet import load_sheet

SERAPH = Path(__file__).parents[1] / "scenarios" / "characters" / "seraph.toml"
CATALOGUE = installed_catalogue()
TABLES = creation_tables()


def faces(total: int, count: int, sides: int) -> list[int]:
    """``count`` faces of a d``sides`` adding up to ``total`` (as even as they go)."""
    assert count <= total <= count * sides
    base, extra = divmod(total, count)
    return [base + (1 if i < extra else 0) for i in range(count)]


def three_d6(*totals: int) -> list[int]:
    return [face for total in totals for face in faces(total, 3, 6)]


def four_d6(*totals: int) -> list[int]:
    return [face for total in totals for face in faces(total, 4, 6)]


def ability_set(abilities: tuple[int, ...], attributes: tuple[int, ...]) -> list[int]:
    return three_d6(*abilities) + four_d6(*attributes)


# Biff's set II (seed: "In this group his active charisma is 11 and his normal charisma is 12";
# Strength 11 ("Example of Movement"), Agility 22 − 11, Constitution 32 − 17, Learning 11,
# Newoen 20); Hearing and Sight are not given, 14 as on Seraph's sheet. Sets I and III are lost.
SET_II = ability_set((11, 11, 15, 11, 11, 12), (20, 14, 14))
OTHER_SET = ability_set((9, 9, 9, 9, 9, 9), (12, 12, 12))

BIFF = MappingProxyType(
    {
        "abilities": OTHER_SET + SET_II + OTHER_SET,
        # "he rolls d100 as instructed, getting a 36 ... Electricity"
        "hero": [36],
        "extra": [
            15,  # "He rolls d100 and gets 15, just making it" (a Class Power, 15 %)
            4,  # "he rolls for the number of powers and finds he has 4" (d4, G-299)
            87,  # "Skin Temper + d5/5 or Ignore 2d5 points damage"
            18,  # "Agility + 3d8"
            38,  # "Constitution + 3d8"
            45,  # "Beauty + 3d6"
            17,  # "His chance is 45%. He rolls d100 and gets 17, succeeding"
            47,  # "he rolls 47 on d100. This is Healing"
            36,  # "This time his chance is normal, 35%. He rolls 36, just missing it"
        ],
        "power": [
            *three_d6(5, 10, 12, 17),  # "He rolls 5, 10, 12, and 17 on 3d6. His PR is 17"
            *four_d6(17),  # "he gets 93 %Control" (76 + 17)
            4,  # "rolls 4 on d5, for a bonus of .8"
            42,  # "protects 42% of the time" (G-06)
            *faces(11, 3, 8),  # "He gets +11, for a agility of 22"
            *faces(17, 3, 8),  # "He gets +17, for a constitution of 32"
            *three_d6(13),  # "He gets a bonus of 13"
            50,  # the d100 over a hero's 1 % that would subtract it
            *three_d6(7),  # "He gets PR 7 on 3d6"
            *four_d6(16),  # "and 92 %Control"
        ],
        "attributes": [
            57,  # "He rolls 57 on d100 for his height, so his base height is 1.693"
            49,
            49,  # "On 2d100 he gets 98, so his total height is 1.791 meters"
            *four_d6(20),  # "He rolls 20 for his build, plus 11 (he's male)"
            *four_d6(18),  # "He rolls 18 for his physical beauty"
        ],
        "age": [
            1,
            1,
            2,  # "For base age, he rolls 4, so his base age is 9"
            5,  # "He rolls 5 on d10, so his age is 14"
            3,  # "his age of maturity is 18" (15 + d4)
        ],
        "skills": [2, 50],  # "Biff rolls level 3 in driving. He misses the chance for extra skills"
        "knowledge": [],  # left to the default areas (G-302): see below
        "weakness": [38],  # "or 6, squared, or 36. He rolls 38"
        "immunity": [56],  # "He also misses the roll for Psychic Immunity, with a roll of 56"
        # "His chance is a base 10 minus 6 ... The Editor rolls 3 ... rolls 6 on the table ...
        # rolls 95, or Psychic Invisibility, and then rolls a PR of 9"
        "latent": [3, 6, 95, *three_d6(9)],
    }
)

BIFF_DECISIONS = Decisions(
    first_type="special",  # "he decides he wants to roll for a Special Power"
    extra_tries=("superhuman", "special", "special"),
    ability_set=2,  # "He decides to use group II"
    switch_charismas=False,  # "He could switch them, but he decides not to"
    sex="male",
)


STREAMS = MappingProxyType(
    {
        "abilities": "abilities",
        "hero type": "hero",
        "extra powers": "extra",
        "power rolls": "power",
        "attributes": "attributes",
        "age": "age",
        "skills": "skills",
        "weakness": "weakness",
        "psychic immunity": "immunity",
        "latent": "latent",
    }
)
"""Each step's substream and the walk-through's dice for it."""


def biff_dice() -> ScriptedDice:
    """The walk-through's dice by step; knowledge, which he spent by choice, gets 1s."""
    streams = {step: list(BIFF[key]) for step, key in STREAMS.items()}
    learning, hobbies = 11, math.ceil(12 / 4)
    streams["knowledge"] = [1] * (3 + 2 * (learning - 3) + 2 * hobbies)
    return ScriptedDice(streams)


def create_seraph() -> tuple[object, ScriptedDice]:
    dice = biff_dice()
    creation = create(
        "hero",
        dice,
        name="Seraph",
        tables=TABLES,
        catalogue=CATALOGUE,
        decisions=BIFF_DECISIONS,
    )
    return creation, dice


def test_biff_turk_s_dice_make_the_seraph_the_seed_prints() -> None:
    creation, dice = create_seraph()
    dice.assert_used_up()
    made = creation.sheet  # type: ignore[attr-defined]
    printed = load_sheet(SERAPH)
    assert made.abilities == printed.abilities  # 11, 22, 32, 11, 20, 11, 12
    attributes = made.attributes
    assert (attributes.beauty, attributes.build, attributes.height) == (31, 31, 1.791)
    for power in ("Electric Power", "Healing", "Skin Temper", "Psychic Invisibility"):
        expected = printed.powers[power]
        got = made.powers[power]
        assert (got.power_rating, got.percent_control) == (
            expected.power_rating,
            expected.percent_control,
        ), power
        assert dict(got.extra) == dict(expected.extra), power
    assert made.skills["Driving"] == 3  # "Biff rolls level 3 in driving"
    # the starting combat skills, and Power Use 2 for each power used (G-302): not on the
    # hand-written sheet, whose Fistfighting 2, Clubs 2 ... are these
    assert dict(made.skills) == {
        "Driving": 3,
        "Fistfighting": 2,
        "Clubs": 2,
        "Thrown Clubs": 2,
        "Firearms": 1,
        "Power Use (Electric Power)": 2,
        "Power Use (Healing)": 2,
    }
    assert made.knowledge["English"] == 55  # "five times his learning, or 55"
    assert creation.age == 18  # type: ignore[attr-defined]  # "his age of maturity is 18"
    assert creation.weaknesses_rolled == 0  # type: ignore[attr-defined]
    # The class bonuses are recorded as the powers' rolls (G-112): +11, +17, +13.
    assert {p: made.powers[p].power_rating for p in ("Agility Bonus", "Constitution Bonus")} == {
        "Agility Bonus": 11,
        "Constitution Bonus": 17,
    }
    assert made.powers["Beauty Bonus"].power_rating == 13


def test_the_story_of_seraph_s_making_names_each_step() -> None:
    creation, _ = create_seraph()
    story = "\n".join(creation.story)  # type: ignore[attr-defined]
    assert "2. Special Powers: Electric Power" in story
    assert (
        "3. Superhuman Powers: Skin Temper, Agility Bonus, Constitution Bonus, Beauty Bonus"
        in story
    )
    assert "Special Powers at 45 %, rolled 17" in story
    assert "Special Powers at 35 %, rolled 36: missed" in story
    assert "7. age rolled 14, plays at 18: +4 %Control" in story
    assert "12. latent: Psychic Invisibility, PR 9" in story
    lines = list(creation.story)  # type: ignore[attr-defined]
    assert lines.index("5. Agility Bonus: +11") < lines.index("5. Healing: PR 7, 92 %Control")
    assert lines.index("5. Beauty Bonus: +13") < next(
        i for i, line in enumerate(lines) if line.startswith("6.")
    )


def named_streams(**more: list[int]) -> dict[str, list[int]]:
    """Dice for a plain character (abilities 9s and 12s, a man, no extra power, skill, weakness,
    immunity or latent power), with the streams ``more`` scripts instead."""
    streams = {
        "abilities": OTHER_SET * 3,
        "extra powers": [99],
        "choices": [2],
        "attributes": [50, 1, 1, *four_d6(14), *four_d6(14)],
        "age": [6, 6, 6, 5],
        "skills": [1, 99],
        "knowledge": [1] * 40,
        "weakness": [99],
        "psychic immunity": [1],
        "latent": [99],
    }
    return {**streams, **more}


def test_the_weakness_chance_is_the_seed_s_square() -> None:
    # Seraph: "half of 4 ... plus 2 ... plus 2, or 6, squared, or 36"
    assert weakness_chance(4, 2, 0) == 36
    assert weakness_chance(4, 2, 2) == 25  # half the weaknesses already rolled come off
    assert weakness_chance(0, 0, 0) == 4


def test_a_woman_adds_1_to_constitution_and_10_to_build() -> None:
    dice = ScriptedDice(
        named_streams(attributes=[50, 1, 1, *four_d6(20), *four_d6(14)], age=[6, 6, 6, 10])
    )
    made = create(
        "grunt",
        dice,
        name="Jane",
        tables=TABLES,
        catalogue=CATALOGUE,
        decisions=Decisions(sex="female", ability_set=1),
    )
    assert made.sheet.abilities.constitution == 10
    assert made.sheet.attributes.build == 30  # 4d6 20 + 10
    assert made.age == 18 + 5 + 10  # 3d6 18 + 5 (G-302) + d10 10: no maturity roll at 33
    assert not made.sheet.is_special and not made.sheet.powers


def test_an_age_under_16_raises_every_control_to_the_age_play_starts_at() -> None:
    creation, _ = create_seraph()
    # 93 and 92 rolled, + 4 years (18 − 14): the seed's 97 and 96
    powers = creation.sheet.powers  # type: ignore[attr-defined]
    assert (powers["Electric Power"].percent_control, powers["Healing"].percent_control) == (97, 96)


def test_the_defaults_choose_the_best_set_and_the_higher_charisma_active() -> None:
    low = ability_set((9, 9, 9, 9, 12, 8), (12, 12, 12))
    high = ability_set((12, 12, 12, 12, 10, 14), (14, 14, 14))
    streams = named_streams(abilities=low + high + low)  # "choices" 2: the d2 for sex, male
    made = create("grunt", ScriptedDice(streams), name="G", tables=TABLES, catalogue=CATALOGUE)
    assert made.sheet.abilities.strength == 12  # set II, the highest total (G-301)
    assert (made.sheet.abilities.active_charisma, made.sheet.abilities.normal_charisma) == (14, 10)
    as_rolled = switched({"G301_charismas": "as-rolled", "G301_ability_set": "first"})
    again = create(
        "grunt",
        ScriptedDice(streams),
        name="G",
        tables=TABLES,
        catalogue=CATALOGUE,
        defaults=as_rolled,
    )
    assert again.sheet.abilities.strength == 9  # set I (G-301 'first')
    assert (again.sheet.abilities.active_charisma, again.sheet.abilities.normal_charisma) == (12, 8)


def test_a_plugin_s_power_joins_its_table_past_100_keeping_the_rulebook_s_rolls() -> None:
    # G-299: Sonic Scream (the example plugin) names the Special Powers; 23 rows → bands of 4.
    special = rolling_tables(TABLES, CATALOGUE)["special"]
    assert special.row_for(36).power == "Electric Power"
    joined = [row for row in special.rows if row.low > 100]
    assert [(row.low, row.high, row.power) for row in joined] == [(101, 104, "Sonic Scream")]
    bare = Catalogue(
        MappingProxyType({k: v for k, v in CATALOGUE.powers.items() if k != "Sonic Scream"}),
        CATALOGUE.skills,
    )
    assert rolling_tables(TABLES, bare)["special"].rows[-1].high == 100


def test_a_roll_on_a_power_not_installed_is_rolled_again() -> None:
    only = {"Healing": PowerFacts("Healing", "3d6", has_control=True)}
    catalogue = Catalogue(MappingProxyType(only), ())
    streams = named_streams(
        **{
            "hero type": [36, 47],  # Electric Power is not installed: rolled again, Healing
            "power rolls": [*three_d6(10, 10, 10, 10), *four_d6(10)],
        }
    )
    made = create(
        "hero",
        ScriptedDice(streams),
        name="H",
        tables=TABLES,
        catalogue=catalogue,
        decisions=Decisions(extra_tries=("special",)),
    )
    assert list(made.sheet.powers) == ["Healing"]


def test_the_other_choice_of_roll_87_is_ignore_damage() -> None:
    streams = named_streams(
        **{
            "hero type": [1, 87],  # one Superhuman power: roll 87
            "power rolls": [3, 4, 60],  # "Ignore 2d5 points damage": 7, protecting 60 % (G-06)
        }
    )
    made = create(
        "hero",
        ScriptedDice(streams),
        name="S",
        tables=TABLES,
        catalogue=CATALOGUE,
        decisions=Decisions(
            first_type="superhuman", extra_tries=("special",), take_alternative=True
        ),
    )
    entry = made.sheet.powers["Ignore Damage"]
    assert (entry.extra["bonus"], entry.extra["cover_chance"]) == (7, 60)
    assert "Skin Temper" not in made.sheet.powers


# --- properties ----------------------------------------------------------------------------------

KIND = st.sampled_from(["hero", "villain", "grunt"])


@settings(max_examples=60, deadline=None)
@given(kind=KIND, seed=st.integers(0, 2**32), first=st.sampled_from(["special", "class"]))
def test_every_character_is_within_the_dice_of_its_procedure(
    kind: str, seed: int, first: str
) -> None:
    defaults = switched({"G300_first_hero_type": first})
    made = create(
        kind,  # type: ignore[arg-type]
        SeededDice(seed),
        name="X",
        tables=TABLES,
        catalogue=CATALOGUE,
        defaults=defaults,
    )
    sheet = made.sheet
    bonuses = {  # a latent bonus is not yet in its ability
        name: entry.power_rating or 0
        for name, entry in sheet.powers.items()
        if not entry.extra.get("latent", False)
    }
    abilities = sheet.abilities
    # 3d6 (+ a Class bonus of 3d8 or 3d6, + 1 for a woman)
    assert 3 <= abilities.strength - bonuses.get("Strength Bonus", 0) <= 18
    assert 3 <= abilities.agility - bonuses.get("Agility Bonus", 0) <= 18
    assert 3 <= abilities.constitution - bonuses.get("Constitution Bonus", 0) <= 19
    assert 3 <= abilities.learning <= 18 and 4 <= abilities.newoen <= 24
    assert 4 <= sheet.attributes.hearing <= 24 and 4 <= sheet.attributes.sight <= 24
    assert 14 <= sheet.attributes.build <= 35
    assert 1.413 <= sheet.attributes.height <= 2.108
    assert 16 <= made.age <= 33
    assert sheet.is_special == (kind != "grunt")
    if kind == "grunt":
        assert set(sheet.powers) <= {"Psychic Immunity"}
    for entry in sheet.powers.values():
        if entry.percent_control is not None:
            assert 80 <= entry.percent_control <= 100
    assert all(name in CATALOGUE.powers for name in sheet.powers)


# --- the Editor's named powers ------------------------------------------------------------------


def make(decisions: Decisions, **streams: list[int]) -> object:
    return create(
        "hero",
        ScriptedDice(named_streams(**streams)),
        name="N",
        tables=TABLES,
        catalogue=CATALOGUE,
        decisions=decisions,
    )


def test_a_named_class_power_makes_a_class_first_character() -> None:
    """G-300: Telepathy is on the Psychic table, so the first extra Special Power is at 35 %, and
    only a power rolled on the Special Powers table gets the four Power Rolls."""
    made = make(
        Decisions(powers=("Telepathy",), extra_tries=("special",)),
        **{"power rolls": [*three_d6(12), *four_d6(12)]},
    )
    assert "3. extra power: Special Powers at 35 %, rolled 99: missed" in made.story  # type: ignore[attr-defined]
    named_special = make(
        Decisions(powers=("Fire Coat",), extra_tries=("special",)),
        **{"power rolls": [*three_d6(12), *four_d6(12)]},  # one Power Roll: "12"
    )
    assert named_special.sheet.powers["Fire Coat"].power_rating == 12  # type: ignore[attr-defined]
    assert "Special Powers at 45 %" in "\n".join(named_special.story)  # type: ignore[attr-defined]


def test_flight_rolls_control_though_it_has_no_action() -> None:
    """Seed: "For power uses that last a period of time (such as flying) the roll must be made"."""
    made = make(
        Decisions(powers=("Flight, Slow",), extra_tries=("special",)),
        **{"power rolls": [*three_d6(12), *four_d6(20)]},
    )
    entry = made.sheet.powers["Flight, Slow"]  # type: ignore[attr-defined]
    assert (entry.power_rating, entry.percent_control) == (12, 96)
    assert made.sheet.skills["Power Use (Flight, Slow)"] == 2  # type: ignore[attr-defined]


def test_named_psychic_immunity_is_the_trait_rolled_as_step_11_rolls_it() -> None:
    """Seed "Psychic Immunity": "2d100 for the amount ... a chance equal to newoen, rolled until
    missed, that another d100 can be added"; named, the d100 for having it is not rolled."""
    made = make(
        Decisions(powers=("Psychic Immunity",), extra_tries=("special",)),
        **{"psychic immunity": [40, 50, 5, 30, 99]},  # 2d100 90; 5 ≤ Newoen 12: + 30; 99 misses
    )
    entry = made.sheet.powers["Psychic Immunity"]  # type: ignore[attr-defined]
    assert (entry.power_rating, dict(entry.extra)) == (None, {"score": 120})
    assert not any(s.startswith("Power Use") for s in made.sheet.skills)  # type: ignore[attr-defined]


def test_a_latent_skin_temper_is_rolled_as_skin_temper_is() -> None:
    only = {"Skin Temper": PowerFacts("Skin Temper", None, has_control=False)}
    catalogue = Catalogue(MappingProxyType({**CATALOGUE.powers, **only}), CATALOGUE.skills)
    streams = named_streams(
        **{"hero type": [36], "power rolls": [*three_d6(9, 9, 9, 9), *four_d6(9)]},
        latent=[1, 7, 87, 3, 55],  # chance 9 %: 1; kind 7: Superhuman; 87; d5 3; covers 55 %
    )
    made = create(
        "hero",
        ScriptedDice(streams),
        name="L",
        tables=TABLES,
        catalogue=catalogue,
        decisions=Decisions(extra_tries=("special",)),
    )
    entry = made.sheet.powers["Skin Temper"]
    assert dict(entry.extra) == {"bonus": 0.6, "cover_chance": 55, "latent": True}


def test_a_decision_the_rules_do_not_offer_is_refused() -> None:
    with pytest.raises(GenerationError, match="ability_set: 1, 2 or 3"):
        Decisions(ability_set=4)  # type: ignore[arg-type]
    with pytest.raises(GenerationError, match="sex: female or male"):
        Decisions(sex="other")  # type: ignore[arg-type]
    with pytest.raises(GenerationError, match="--power: Fire Coat named twice"):
        Decisions(powers=("Fire Coat", "Fire Coat"))
    with pytest.raises(GenerationError, match="Hero Type: one of special, animalistic"):
        make(Decisions(first_type="bogus"))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_no_extra_skill_is_a_bare_power_use(seed: int) -> None:
    made = create("grunt", SeededDice(seed), name="G", tables=TABLES, catalogue=CATALOGUE)
    assert "Power Use" not in made.sheet.skills
    assert not any(skill.startswith("Power Use") for skill in made.sheet.skills)
