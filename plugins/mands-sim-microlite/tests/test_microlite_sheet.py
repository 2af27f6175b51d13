"""The Microlite sheet format: a good sheet reads, every mistake is named at its key, and a
scenario of one ruleset refuses the other's sheets."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from mands_microlite.sheet import Armor, MicroliteSheet, read_sheet

from mands_sim.api import SheetProblems
from mands_sim.errors import ScenarioError
from mands_sim.scenario import load_scenario

DATA = Path(__file__).parent / "data"
MANDS_SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"


def aldric() -> dict[str, Any]:
    data = tomllib.loads((DATA / "aldric.toml").read_text(encoding="utf-8"))
    data.pop("ruleset")
    return data


def keys(data: dict[str, Any]) -> list[str]:
    with pytest.raises(SheetProblems) as caught:
        read_sheet(data, Path("aldric.toml"), "")
    return [problem.key for problem in caught.value.problems]


def test_a_sheet_reads_as_written() -> None:
    sheet = read_sheet(aldric(), Path("aldric.toml"), "")
    assert isinstance(sheet, MicroliteSheet)
    assert (sheet.name, sheet.level, sheet.focus, sheet.hand_to_hand) == (
        "Brother Aldric",
        3,
        "physical",
        "advanced",
    )
    assert sheet.stat("PS") == 18
    assert sheet.hp_rolls == (4, 2, 5)
    assert sheet.armor == Armor("chain mail", 44)
    assert sheet.path == Path("aldric.toml")
    assert (dict(sheet.powers), dict(sheet.skills), sheet.weaknesses) == ({}, {}, ())


@pytest.mark.parametrize(
    ("change", "key"),
    [
        ({"levle": 3}, "levle"),
        ({"focus": "martial"}, "focus"),
        ({"hand_to_hand": "ninja"}, "hand_to_hand"),
        ({"stats": {**aldric()["stats"], "Spd": 0}}, "stats.Spd"),
        ({"stats": {**aldric()["stats"], "LUCK": 12}}, "stats.LUCK"),
        ({"level": 0}, "level"),
        ({"weapons": ["lightsaber"]}, "weapons[0]"),
        ({"strength": "divine"}, "strength"),
        ({"drama_points": 21}, "drama_points"),
        ({"armor": {"name": "plate", "sdc": -1}}, "armor.sdc"),
    ],
)
def test_a_mistake_is_named_at_its_key(change: dict[str, Any], key: str) -> None:
    assert keys({**aldric(), **change}) == [key]


def test_hit_points_come_from_the_level_rolls_or_as_published_not_both() -> None:
    """§2: "HP = PE + 1d6 each level": one roll per level, or the sheet's published HP."""
    assert keys({**aldric(), "hp_rolls": [4, 2]}) == [""]
    assert keys({**aldric(), "hit_points": 25}) == [""]
    data = aldric()
    del data["hp_rolls"]
    assert keys(data) == [""]
    assert read_sheet({**data, "hit_points": 25}, None, "").hit_points == 25


def test_inline_keys_carry_the_prefix() -> None:
    with pytest.raises(SheetProblems) as caught:
        read_sheet({**aldric(), "level": 0}, None, "sides[0].characters[0].sheet")
    assert [p.key for p in caught.value.problems] == ["sides[0].characters[0].sheet.level"]


def test_a_microlite_scenario_reads_microlite_sheets() -> None:
    scenario = load_scenario(DATA / "tavern.toml")
    assert scenario.ruleset == "microlite"
    sheets = {spec.id: spec.sheet for spec in scenario.characters}
    assert isinstance(sheets["aldric"], MicroliteSheet)
    assert [spec.id for spec in scenario.characters] == ["aldric", "bandit-1", "bandit-2"]


def test_a_microlite_scenario_refuses_a_men_and_supermen_sheet(tmp_path: Path) -> None:
    text = (DATA / "tavern.toml").read_text(encoding="utf-8")
    (tmp_path / "aldric.toml").write_text((DATA / "aldric.toml").read_text(encoding="utf-8"))
    seraph = (MANDS_SCENARIOS / "characters" / "seraph.toml").read_text(encoding="utf-8")
    (tmp_path / "bandit.toml").write_text(seraph, encoding="utf-8")
    (tmp_path / "tavern.toml").write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(tmp_path / "tavern.toml")
    message = str(caught.value)
    assert "bandit.toml at 'ruleset'" in message
    assert "a sheet of the microlite ruleset the scenario is played by, which says" in message
    assert "a sheet that says no ruleset is a men-and-supermen sheet" in message


def test_a_men_and_supermen_scenario_refuses_a_microlite_sheet(tmp_path: Path) -> None:
    text = (MANDS_SCENARIOS / "seraph_vs_sphinx.toml").read_text(encoding="utf-8")
    text = text.replace('sheet = "characters/sphinx.toml"', 'sheet = "aldric.toml"')
    (tmp_path / "characters").mkdir()
    seraph = (MANDS_SCENARIOS / "characters" / "seraph.toml").read_text(encoding="utf-8")
    (tmp_path / "characters" / "seraph.toml").write_text(seraph, encoding="utf-8")
    (tmp_path / "aldric.toml").write_text((DATA / "aldric.toml").read_text(encoding="utf-8"))
    (tmp_path / "fight.toml").write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(tmp_path / "fight.toml")
    message = str(caught.value)
    assert "aldric.toml at 'ruleset'" in message
    assert "a sheet of the men-and-supermen ruleset" in message
    assert 'not a "microlite" sheet' in message
