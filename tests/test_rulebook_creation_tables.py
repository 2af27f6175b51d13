"""The creation tables as data (``src/mands_rulebook/data/creation.toml``, G-299, G-302): every
table covers its die once, the walk-through's rolls are where the seed puts them, and a
malformed file is refused naming the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from mands_rulebook.creation.tables import CREATION_FILE, bands_problem, creation_tables
from mands_sim.api import RulesDataError, installed_registries

TABLES = creation_tables()


@pytest.mark.parametrize(
    ("table", "roll", "power"),
    [
        ("special", 36, "Electric Power"),  # "getting a 36 ... Electricity"
        ("special", 47, "Healing"),  # "using the Extra Power column, he rolls 47 ... Healing"
        ("superhuman", 87, "Skin Temper"),  # "Skin Temper + d5/5 or Ignore 2d5 points damage"
        ("superhuman", 18, "Agility Bonus"),  # "His second roll is 18, Agility + 3d8"
        ("superhuman", 38, "Constitution Bonus"),  # "His third roll is 38"
        ("superhuman", 45, "Beauty Bonus"),  # "His fourth and final roll is 45"
        ("psychic", 95, "Psychic Invisibility"),  # "rolls 95, or Psychic Invisibility"
    ],
)
def test_the_walk_through_s_rolls_land_where_the_seed_puts_them(
    table: str, roll: int, power: str
) -> None:
    assert TABLES.types[table].row_for(roll).power == power


def test_roll_87_offers_ignore_damage_too_and_a_latent_6_is_psychic() -> None:
    assert TABLES.types["superhuman"].row_for(87).alternative == "Ignore Damage"
    assert TABLES.latent_type(6) == "psychic"  # "The Editor rolls 6 on the table"
    assert TABLES.latent_die == 8  # "roll d8 for the kind of power"


def test_the_extra_power_chances_are_the_seed_s() -> None:
    chances = TABLES.extra_powers
    assert (chances.class_power, chances.special_power, chances.first_special_after_special) == (
        15,
        35,
        45,
    )


def test_every_power_the_tables_name_is_registered_by_the_rulebook() -> None:
    registered = {entry.name for entry in installed_registries().powers.entries}
    named = {
        name
        for kind in TABLES.types.values()
        for row in kind.rows
        for name in (row.power, row.alternative)
        if name
    }
    assert named <= registered, named - registered


def test_the_bands_of_each_table_are_as_near_equal_as_the_hundred_allows() -> None:
    for kind in TABLES.types.values():
        widths = {row.high - row.low + 1 for row in kind.rows}
        assert max(widths) - min(widths) <= 1, kind.name


def test_bands_must_run_on_without_a_gap_and_end_at_the_die() -> None:
    assert bands_problem([(1, 50), (51, 100)], 100) is None
    assert "from 51" in str(bands_problem([(1, 50), (52, 100)], 100))
    assert "end at 100" in str(bands_problem([(1, 50), (51, 99)], 100))


def broken(tmp_path: Path, old: str, new: str) -> Path:
    text = CREATION_FILE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "creation.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("{ low = 6, high = 10,", "{ low = 7, high = 10,", "types.special.rows: the bands"),
        ("class_power = 15", "class_power = 150", "extra_powers.class_power"),
        ('{ low = 7, high = 8, type = "superhuman" }', '{ low = 7, high = 8, type = "x" }', "'x'"),
        ("height_step = 0.005", 'height_step = "tall"', "attributes.height_step"),
    ],
)
def test_a_malformed_table_file_is_refused_naming_the_key(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    with pytest.raises(RulesDataError, match=r"creation\.toml") as caught:
        creation_tables(broken(tmp_path, old, new))
    assert message in str(caught.value)
