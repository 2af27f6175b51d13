"""The weapon table (``mands_rulebook.kit.weapons.table``,
``src/mands_rulebook/data/weapons.toml``;
``docs/rules/decisions.md`` G-42): the seed's facts kept, every value sourced, a bad table named by
file and key."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mands_rulebook.kit.weapons.table import WEAPONS_FILE, load_weapons, standard_weapons
from mands_sim.errors import RulesDataError


def test_the_table_keeps_the_seeds_facts() -> None:
    """Seed "Empathic Healing": a gunshot wound of 5 DP, "4 Penetrating and 1 Bludgeoning";
    seed "Passive Actions": Maria's rifle has Performance Time 15; seed "Throwback Roll": handguns
    and rifles are small projectiles; seed "Hand Damage": strength weapons add Hand Damage."""
    weapons = standard_weapons()
    pistol, rifle, club = weapons["pistol"], weapons["rifle"], weapons["club"]
    assert (pistol.damage, pistol.penetration, pistol.small_projectile) == (5, 4, True)
    assert (rifle.performance_time, rifle.small_projectile) == (15, True)
    assert (club.skill, club.hand_damage, club.melee) == ("Clubs", True, True)
    assert weapons["rock"].thrown and weapons["rock"].mass == 0.5


def test_every_value_in_the_table_says_where_it_comes_from() -> None:
    """G-42: each value is commented with its source or "G-42 invented"."""
    in_weapons = False
    for line in WEAPONS_FILE.read_text(encoding="utf-8").splitlines():
        if line.startswith("["):
            in_weapons = line.startswith("[weapons.")
        elif in_weapons and re.match(r"^\w+ = ", line):
            assert "#" in line, f"no source for: {line}"


BAD_TABLES = [
    ("damage = 1 ", "damage = -1 ", "weapons.knife.damage"),
    ("damage = 1 ", "damage = 'one' ", "weapons.knife.damage"),
    (
        'reach = "melee"                 # G-42 invented\ndamage = 1',
        "reach = 'melee'\nedge = 1\ndamage = 1",
        "weapons.knife.edge",
    ),
    (
        'reach = "ranged"                # seed "Throwback',
        'reach = "melee"                # seed "Throwback',
        "weapons.pistol: a melee weapon has no ranges",
    ),
    ("max_range = 800.0 ", "# max_range = 800.0 ", "weapons.rifle: needs short_range"),
    ("max_range = 60.0 ", "max_range = 6.0 ", "weapons.shotgun: short_range is beyond max_range"),
    ("mass = 0.5 ", "# mass = 0.5 ", "weapons.rock: a thrown weapon needs its mass"),
    (
        "damage = 3                      # G-42 invented\nperformance_time = 15",
        "damage = 3\nkind = 'penetrating'\npenetration = 1\nperformance_time = 15",
        "weapons.rock: penetration is for bludgeoning weapons",
    ),
    ('kind = "weapons"', 'kind = "armor"', "kind"),
    ('kind = "weapons"', "kind = ", "not valid TOML"),
]


@pytest.mark.parametrize(("old", "new", "problem"), BAD_TABLES)
def test_a_bad_table_names_the_file_and_the_key(
    tmp_path: Path, old: str, new: str, problem: str
) -> None:
    text = WEAPONS_FILE.read_text(encoding="utf-8")
    assert old in text
    bad = tmp_path / "weapons.toml"
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RulesDataError) as caught:
        load_weapons(bad)
    assert str(bad) in str(caught.value) and problem in str(caught.value)
