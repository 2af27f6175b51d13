"""Character sheet format: loading, validation and the errors a malformed sheet gives."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import Any

import pytest

from mands_sim.errors import SheetError
from mands_sim.model.sheet import load_sheet, parse_sheet

CHARACTERS = Path(__file__).resolve().parents[1] / "scenarios" / "characters"

MINIMAL = """\
format = 1
name = "Joe"
special = false

[abilities]
strength = 10
agility = 10
constitution = 10
learning = 10
newoen = 14
active_charisma = 10
normal_charisma = 10

[attributes]
beauty = 14
build = 25
height = 1.75
hearing = 14
sight = 14
"""


def minimal_data() -> dict[str, Any]:
    return {
        "format": 1,
        "name": "Joe",
        "special": False,
        "abilities": {
            "strength": 10,
            "agility": 10,
            "constitution": 10,
            "learning": 10,
            "newoen": 14,
            "active_charisma": 10,
            "normal_charisma": 10,
        },
        "attributes": {"beauty": 14, "build": 25, "height": 1.75, "hearing": 14, "sight": 14},
    }


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "joe.toml"
    path.write_text(text, encoding="utf-8")
    return path


def sheet_error(data: dict[str, Any]) -> SheetError:
    with pytest.raises(SheetError) as caught:
        parse_sheet(data, path="joe.toml")
    return caught.value


def test_seraph_sheet_holds_the_seeds_abilities() -> None:
    """Seed "Biff Turk Creates a Sample Character": Agility 22, Constitution 32, Learning 11."""
    sheet = load_sheet(CHARACTERS / "seraph.toml")
    abilities = sheet.abilities
    assert (abilities.agility, abilities.constitution, abilities.learning) == (22, 32, 11)


def test_seraph_sheet_holds_the_seeds_attributes() -> None:
    """Seed "Biff Turk…": Build 31, Beauty 31, height 1.791 m."""
    attributes = load_sheet(CHARACTERS / "seraph.toml").attributes
    assert (attributes.build, attributes.beauty, attributes.height) == (31, 31, 1.791)


def test_seraph_sheet_holds_power_rating_and_control() -> None:
    """Seed "Biff Turk…": Electricity PR 17, %Control 97 (93 + 4 for age)."""
    power = load_sheet(CHARACTERS / "seraph.toml").powers["Electric Power"]
    assert (power.power_rating, power.percent_control) == (17, 97)


def test_power_keeps_free_form_keys() -> None:
    """Seed "Biff Turk…": the Skin Temper power protects 42% of the time."""
    power = load_sheet(CHARACTERS / "seraph.toml").powers["Skin Temper"]
    assert dict(power.extra) == {"bonus": 0.8, "cover_chance": 42}


def test_sheet_records_the_file_it_came_from(tmp_path: Path) -> None:
    path = write(tmp_path, MINIMAL)
    assert load_sheet(path).path == path


def test_special_key_sets_is_special() -> None:
    data = minimal_data() | {"special": True}
    assert parse_sheet(data).is_special is True


def test_optional_sections_default_to_empty() -> None:
    sheet = parse_sheet(minimal_data())
    assert (dict(sheet.skills), dict(sheet.powers), sheet.equipment) == ({}, {}, ())


def test_sheet_is_frozen() -> None:
    sheet = parse_sheet(minimal_data())
    with pytest.raises(dataclasses.FrozenInstanceError):
        sheet.name = "Other"  # type: ignore[misc]


def test_sheet_skills_cannot_be_changed() -> None:
    data = minimal_data() | {"skills": {"Fistfighting": 2}}
    with pytest.raises(TypeError):
        parse_sheet(data).skills["Fistfighting"] = 9  # type: ignore[index]


def test_missing_key_names_file_and_key() -> None:
    data = minimal_data()
    del data["abilities"]["agility"]
    error = sheet_error(data)
    assert (str(error.path), error.key) == ("joe.toml", "abilities.agility")


def test_missing_key_says_it_is_missing() -> None:
    data = minimal_data()
    del data["abilities"]["agility"]
    assert "missing" in sheet_error(data).expected


def test_wrong_type_says_what_was_expected() -> None:
    data = minimal_data()
    data["abilities"]["agility"] = "fast"
    error = sheet_error(data)
    assert (error.key, error.expected) == (
        "abilities.agility",
        "expected a whole number, got 'fast'",
    )


def test_message_names_file_key_and_expectation() -> None:
    data = minimal_data()
    data["abilities"]["agility"] = "fast"
    assert str(sheet_error(data)) == (
        "joe.toml at 'abilities.agility': expected a whole number, got 'fast'"
    )


def test_fraction_is_not_a_whole_number() -> None:
    data = minimal_data()
    data["abilities"]["strength"] = 11.5
    assert sheet_error(data).expected == "expected a whole number, got 11.5"


def test_true_is_not_a_whole_number() -> None:
    data = minimal_data()
    data["attributes"]["build"] = True
    assert sheet_error(data).key == "attributes.build"


def test_charisma_may_carry_a_fraction() -> None:
    """Seed "Charisma": "a character with a charisma of 1.2 loses .8 charisma points"."""
    data = minimal_data()
    data["abilities"]["active_charisma"] = 1.2
    assert parse_sheet(data).abilities.active_charisma == 1.2


def test_height_must_be_at_least_a_millimeter() -> None:
    data = minimal_data()
    data["attributes"]["height"] = 0
    error = sheet_error(data)
    expected = "expected a number from 0.001 to 1000, got 0"
    assert (error.key, error.expected) == ("attributes.height", expected)


def test_unknown_key_suggests_the_close_one() -> None:
    data = minimal_data()
    data["abilities"]["agilty"] = data["abilities"].pop("agility")
    error = sheet_error(data)
    assert (error.key, error.expected) == (
        "abilities.agilty",
        "unknown key 'agilty'; did you mean 'agility'?",
    )


def test_unknown_section_suggests_the_close_one() -> None:
    data = minimal_data() | {"skils": {"Driving": 3}}
    assert sheet_error(data).expected == "unknown key 'skils'; did you mean 'skills'?"


def test_unknown_key_without_close_match_lists_known_keys() -> None:
    data = minimal_data()
    data["attributes"]["xyzzy"] = 1
    assert "expected one of: beauty, build, height, hearing, sight" in sheet_error(data).expected


def test_negative_skill_level_is_refused() -> None:
    data = minimal_data() | {"skills": {"Driving": -1}}
    assert sheet_error(data).key == "skills.Driving"


def test_power_key_value_must_be_a_scalar() -> None:
    data = minimal_data() | {"powers": {"Fire Coat": {"cover_chance": [1, 2]}}}
    error = sheet_error(data)
    assert (error.key, error.expected) == (
        "powers.Fire Coat.cover_chance",
        "expected a number, text or true/false, got [1, 2]",
    )


def test_percent_control_above_100_is_refused() -> None:
    data = minimal_data() | {"powers": {"Healing": {"percent_control": 101}}}
    assert sheet_error(data).key == "powers.Healing.percent_control"


def test_power_must_be_a_table() -> None:
    data = minimal_data() | {"powers": {"Healing": 7}}
    error = sheet_error(data)
    assert (error.key, error.expected) == ("powers.Healing", "expected a table, got 7")


def test_equipment_entry_must_be_text() -> None:
    data = minimal_data() | {"equipment": ["fists", 3]}
    assert sheet_error(data).key == "equipment[1]"


def test_override_of_unknown_attribute_suggests_the_close_one() -> None:
    data = minimal_data() | {"overrides": {"combat_rol": 10}}
    error = sheet_error(data)
    assert (error.key, error.expected) == (
        "overrides.combat_rol",
        "unknown key 'combat_rol'; did you mean 'combat_roll'?",
    )


def test_override_must_be_a_whole_number() -> None:
    data = minimal_data() | {"overrides": {"combat_roll": 10.5}}
    assert sheet_error(data).expected == "expected a whole number, got 10.5"


def test_mass_override_may_carry_a_fraction() -> None:
    data = minimal_data() | {"overrides": {"mass": 89.5}}
    assert parse_sheet(data).overrides["mass"] == 89.5


def test_format_version_is_checked() -> None:
    data = minimal_data() | {"format": 2}
    error = sheet_error(data)
    assert (error.key, error.expected) == ("format", "expected sheet format 1, got 2")


def test_key_prefix_names_where_an_inline_sheet_sits() -> None:
    data = minimal_data()
    data["abilities"]["agility"] = "fast"
    with pytest.raises(SheetError) as caught:
        parse_sheet(data, path="fight.toml", key_prefix="sides.heroes[0].sheet")
    assert caught.value.key == "sides.heroes[0].sheet.abilities.agility"


def test_bad_toml_names_the_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, MINIMAL.replace("agility = 10", "agility = = 10"))
    with pytest.raises(SheetError) as caught:
        load_sheet(path)
    assert (caught.value.path, "line 7" in caught.value.expected) == (path, True)


def test_missing_file_is_a_sheet_error(tmp_path: Path) -> None:
    with pytest.raises(SheetError) as caught:
        load_sheet(tmp_path / "nobody.toml")
    assert "there is no file" in caught.value.expected


def test_wrong_type_in_a_file_names_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, MINIMAL.replace("agility = 10", 'agility = "fast"'))
    with pytest.raises(SheetError) as caught:
        load_sheet(path)
    assert (caught.value.path, caught.value.key) == (path, "abilities.agility")


@pytest.mark.parametrize(
    ("section", "name", "value"),
    [
        ("attributes", "height", float("nan")),
        ("abilities", "active_charisma", float("inf")),
        ("overrides", "mass", float("-inf")),
    ],
)
def test_a_number_that_is_not_finite_is_an_error(section: str, name: str, value: float) -> None:
    data = minimal_data()
    data.setdefault(section, {})[name] = value
    error = sheet_error(data)
    expected = f"expected a finite number, got {value!r}"
    assert (error.key, error.expected) == (f"{section}.{name}", expected)


def test_a_power_value_that_is_not_finite_is_an_error() -> None:
    data = minimal_data()
    data["powers"] = {"Healing": {"power_rating": 12, "bonus": float("nan")}}
    assert sheet_error(data).key == "powers.Healing.bonus"


def test_a_score_beyond_any_sane_range_is_an_error() -> None:
    data = minimal_data()
    data["abilities"]["strength"] = 1_100_000
    error = sheet_error(data)
    assert (error.key, error.expected) == (
        "abilities.strength",
        "expected a whole number from -1000 to 1000, got 1100000",
    )


def test_a_height_beyond_any_sane_range_is_an_error() -> None:
    data = minimal_data()
    data["attributes"]["height"] = 1791.0
    assert sheet_error(data).key == "attributes.height"


def test_every_problem_of_a_sheet_is_listed() -> None:
    data = minimal_data()
    data["special"] = "no"
    data["abilities"]["strength"] = float("nan")
    data["attributes"]["smell"] = 3
    data["overrides"] = {"masss": 90}
    error = sheet_error(data)
    assert [problem.key for problem in error.problems] == [
        "attributes.smell",
        "special",
        "abilities.strength",
        "overrides.masss",
    ]


def test_several_sheet_problems_read_as_a_count_and_a_line_each() -> None:
    data = minimal_data()
    data["special"] = "no"
    data["abilities"]["strength"] = float("nan")
    assert str(sheet_error(data)).splitlines() == [
        "joe.toml: 2 problems:",
        "  at 'special': expected true or false, got 'no'",
        "  at 'abilities.strength': expected a finite number, got nan",
    ]


def test_one_sheet_problem_reads_as_a_single_sheet_error_did() -> None:
    data = minimal_data()
    data["abilities"]["strength"] = float("inf")
    error = sheet_error(data)
    assert str(error) == "joe.toml at 'abilities.strength': expected a finite number, got inf"


def test_a_misspelt_sheet_key_is_not_also_reported_missing() -> None:
    data = minimal_data()
    data["abilities"]["agilty"] = data["abilities"].pop("agility")
    assert [problem.key for problem in sheet_error(data).problems] == ["abilities.agilty"]


# --- robots and weaknesses -------------------------------------------------------------------


def test_a_sheet_is_no_robot_unless_it_says_so() -> None:
    assert parse_sheet(minimal_data()).is_robot is False
    assert parse_sheet({**minimal_data(), "robot": True}).is_robot is True


def test_weaknesses_keep_their_kind_name_and_parameters() -> None:
    data = {
        **minimal_data(),
        "weaknesses": [
            {"kind": "vulnerability", "attacks": ["Electric Power"], "multiplier": 3},
            {"kind": "focus", "name": "Cosmic Guitar", "item": "Cosmic Guitar"},
        ],
    }
    first, second = parse_sheet(data).weaknesses
    assert (first.kind, first.name) == ("vulnerability", "vulnerability")
    assert dict(first.parameters) == {"attacks": ("Electric Power",), "multiplier": 3}
    assert (second.name, second.parameters["item"]) == ("Cosmic Guitar", "Cosmic Guitar")


def test_a_weakness_without_a_kind_names_the_key() -> None:
    with pytest.raises(SheetError) as raised:
        parse_sheet({**minimal_data(), "weaknesses": [{"multiplier": 3}]})
    assert "weaknesses[0].kind" in str(raised.value)


# --- bounds (docs/reliability.md) --------------------------------------------------------------


@pytest.mark.parametrize(
    ("section", "name", "value", "expected"),
    [
        ("abilities", "strength", -(2**63), "a whole number from -1000 to 1000"),
        ("attributes", "build", 10**30, "a whole number from -1000 to 1000"),
        ("attributes", "sight", -1, "a whole number from 0 to 1000"),
        ("abilities", "active_charisma", 1e300, "a number from -1000 to 1000"),
    ],
)
def test_a_score_out_of_its_range_is_refused_with_the_range(
    section: str, name: str, value: float, expected: str
) -> None:
    data = minimal_data()
    data[section][name] = value
    error = sheet_error(data)
    assert (error.key, error.expected) == (f"{section}.{name}", f"expected {expected}, got {value}")


def test_a_power_number_out_of_range_is_named_as_a_number() -> None:
    data = {**minimal_data(), "powers": {"Healing": {"bonus": 10**30}}}
    assert sheet_error(data).expected.startswith("expected a number from -100000 to 100000")


def test_an_override_past_half_the_charts_is_refused_with_the_range() -> None:
    """Hand Damage 100,000 passed ``validate`` and then ran off the Sphere chart in every run;
    an override is bounded to ±500 (``MAX_OVERRIDE``), within which each figured attribute
    plays."""
    data = {**minimal_data(), "overrides": {"hand_damage": 100_000}}
    error = sheet_error(data)
    assert error.key == "overrides.hand_damage"
    assert error.expected.startswith("expected a number from -500 to 500")
    data["overrides"] = {"hand_damage": 500}
    assert parse_sheet(data, path="joe.toml").overrides["hand_damage"] == 500


def test_a_name_with_a_control_character_is_refused() -> None:
    error = sheet_error({**minimal_data(), "name": "Jo\x1b[31me"})
    assert (error.key, error.expected.endswith('not "Jo\\u001B[31me"')) == ("name", True)


def test_a_name_past_the_bound_is_refused() -> None:
    error = sheet_error({**minimal_data(), "name": "J" * 201})
    assert error.expected.startswith("expected text of at most 200 characters, got 'JJJ")


def test_a_sheet_nested_past_the_bound_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, MINIMAL + "\n[powers.Healing]\nx = " + "[" * 40 + "]" * 40 + "\n")
    with pytest.raises(SheetError, match="nested at most 32 deep"):
        load_sheet(path)


def test_a_named_pipe_is_no_sheet(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "joe.toml")
    with pytest.raises(SheetError, match="is a named pipe, not a regular file"):
        load_sheet(tmp_path / "joe.toml")


def test_a_sheet_in_utf16_is_refused(tmp_path: Path) -> None:
    (tmp_path / "joe.toml").write_bytes(MINIMAL.encode("utf-16"))
    with pytest.raises(SheetError, match="not UTF-16"):
        load_sheet(tmp_path / "joe.toml")
