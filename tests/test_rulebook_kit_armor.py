"""Armor (``mands_rulebook.kit.armor``, ``data/armor.toml``; ``docs/rules/combat.md`` §13; G-22,
G-61).

G-22's invented table: Cloth 50 % / 1 row, Link 70 % / 2, Plate 85 % / 3, Shield 50 % / 2,
Personal = as rolled; seed "Armor Use": +5 Cover per level; seed "Combat Skill", Aiming at
Armor: −5 per Q. A grunt (Skin Temper row 0, multiplier 1) wears it.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from mands_rulebook.kit.armor import ARMOR_PATH, load_armor, parse_armor, standard_armor
from mands_rulebook.kit.damage import Blow, strike
from mands_sim.errors import RulesDataError
from mands_sim.events import DamageTaken, Event, PercentRolled
from tests.data.fighters import ROOT, fight, grunt

TABLE = standard_armor()


def content() -> dict[str, Any]:
    with open(ARMOR_PATH, "rb") as handle:
        return tomllib.load(handle)


def struck(
    victim: dict[str, Any], blow: Blow, cover: list[int], **defaults: Any
) -> tuple[list[tuple[str, int, bool]], int]:
    """(Cover rolls as (purpose, chance, covered), damage taken) when ``blow`` lands."""
    encounter = fight(
        {"victim": victim, "attacker": grunt()}, dice={"victim": cover}, defaults=defaults
    )
    events: list[Event] = strike(encounter, "victim", blow)
    rolls = [(e.purpose, e.chance, e.succeeded) for e in events if isinstance(e, PercentRolled)]
    (taken,) = [e.taken for e in events if isinstance(e, DamageTaken)]
    return rolls, taken


# --- the table --------------------------------------------------------------------------------


def test_the_table_holds_the_g22_defaults() -> None:
    values = {k: (a.name, a.cover_chance, a.skin_temper_rows) for k, a in TABLE.armor.items()}
    assert values == {
        "cloth": ("Cloth Armor", 50, 1),
        "link": ("Link Armor", 70, 2),
        "plate": ("Plate Armor", 85, 3),
        "shield": ("Shield", 50, 2),
    }
    assert (TABLE.armor_use_per_level, TABLE.aim_at_armor_per_quality) == (5, 5)


def test_the_ignore_damage_skill_is_the_seeds() -> None:
    """Seed skill "Ignore Damage": level ÷ 4 rounded down, Cover Chance 73 %, body only."""
    skill = TABLE.ignore_damage_skill
    assert (skill.cover_chance, skill.points(7), skill.points(8), skill.locations) == (
        73,
        1,
        2,
        ("body",),
    )


def test_a_sheet_wears_the_armor_its_equipment_names_in_its_order() -> None:
    worn = TABLE.worn(["fists", "shield", "plate armor", "Link"])
    assert [a.key for a in worn] == ["shield", "plate", "link"]


def test_armor_use_adds_and_aiming_takes_5_per_point_within_0_to_100() -> None:
    assert TABLE.cover_chance(85, 2, 0) == 95
    assert TABLE.cover_chance(85, 2, 1) == 90
    assert TABLE.cover_chance(85, 5, 0) == 100
    assert TABLE.cover_chance(50, 0, 20) == 0


def test_the_data_file_ships_with_the_plugins() -> None:
    """The file is package data of ``mands_rulebook.data`` (pyproject ``packages`` and
    ``package-data``)."""
    shipped = resources.files("mands_rulebook") / "data" / "armor.toml"
    assert shipped.is_file()
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = pyproject["tool"]["setuptools"]
    assert "mands_rulebook.data" in setuptools["packages"]
    assert "*.toml" in setuptools["package-data"]["mands_rulebook.data"]


# --- loading errors name the file and the key -------------------------------------------------


def broken(change: dict[str, Any]) -> dict[str, Any]:
    data = content()
    for dotted, value in change.items():
        *parents, last = dotted.split(".")
        table = data
        for part in parents:
            table = table[part]
        if value is None:
            del table[last]
        else:
            table[last] = value
    return data


@pytest.mark.parametrize(
    ("change", "key"),
    [
        ({"armor.plate.cover_chance": 101}, "armor.plate.cover_chance"),
        ({"armor.link.skin_temper_rows": "two"}, "armor.link.skin_temper_rows"),
        ({"armor.cloth.name": None}, "armor.cloth.name"),
        ({"armor.shield.weight": 5}, "armor.shield.weight"),
        ({"armor.cloth.locations": ["tail"]}, "armor.cloth.locations.0"),
        ({"ignore_damage_skill.levels_per_point": 0}, "ignore_damage_skill.levels_per_point"),
        ({"kind": "skin_temper"}, "kind"),
        ({"armor.link.name": "Plate Armor"}, "armor.plate.name"),
    ],
)
def test_a_malformed_table_names_the_file_and_the_key(change: dict[str, Any], key: str) -> None:
    with pytest.raises(RulesDataError) as error:
        parse_armor(broken(change), source="armor.toml")
    assert error.value.source == "armor.toml"
    assert f"'{key}'" in error.value.problem


def test_a_file_that_is_not_toml_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "armor.toml"
    bad.write_text("kind = ", encoding="utf-8")
    with pytest.raises(RulesDataError, match=r"armor\.toml: not valid TOML"):
        load_armor(bad)


def test_a_missing_file_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match="cannot read"):
        load_armor(tmp_path / "none.toml")


# --- armor in a fight -------------------------------------------------------------------------

KNIGHT = grunt(equipment=["Plate Armor"], skills={"Armor Use (Plate Armor)": 2})
"""Plate (85 %) with Armor Use 2: Cover Chance 95."""


def test_plate_that_covers_moves_skin_temper_up_3_rows() -> None:
    """d100 95 vs 95 covers: row 0 + 3 = 3 (2/3): 9 → 6."""
    assert struck(KNIGHT, Blow(9, "attacker"), [95]) == ([("cover: Plate Armor", 95, True)], 6)


def test_plate_that_misses_leaves_the_skin_as_it_is() -> None:
    assert struck(KNIGHT, Blow(9, "attacker"), [96]) == ([("cover: Plate Armor", 95, False)], 9)


def test_aiming_at_armor_lowers_its_cover_5_per_q() -> None:
    """Seed "Combat Skill": 1 Q aimed at the armor: 95 − 5 = 90, and 91 no longer covers."""
    rolls, taken = struck(KNIGHT, Blow(9, "attacker", aim_at_armor=1), [91])
    assert (rolls, taken) == ([("cover: Plate Armor", 90, False)], 9)


def test_armor_covers_called_shots_too() -> None:
    rolls, taken = struck(KNIGHT, Blow(9, "attacker", location="arm"), [1])
    assert (rolls, taken) == ([("cover: Plate Armor", 95, True)], 6)


def test_g61_covering_armor_adds_up() -> None:
    """Plate and shield both cover: row 3 + 2 = 5 (2/5): 10 → 4."""
    both = grunt(equipment=["Plate Armor", "Shield"])
    rolls, taken = struck(both, Blow(10, "attacker"), [1, 1])
    assert (len(rolls), taken) == (2, 4)


def test_g61_best_counts_only_the_best_covering_piece() -> None:
    """G-61 ``best``: plate alone (row 3, 2/3): 10 → 6.67 → 7."""
    both = grunt(equipment=["Plate Armor", "Shield"])
    assert struck(both, Blow(10, "attacker"), [1, 1], G61_armor_stacking="best")[1] == 7
