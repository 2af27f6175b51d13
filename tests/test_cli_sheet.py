"""``mands-sim sheet PATH [--json]``, run through :func:`mands_sim.cli.main`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mands_sim.cli import main

CHARACTERS = Path(__file__).resolve().parents[1] / "scenarios" / "characters"
SERAPH = str(CHARACTERS / "seraph.toml")


def run_json(capsys: pytest.CaptureFixture[str], path: str) -> dict[str, Any]:
    assert main(["sheet", path, "--json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def bad_sheet(tmp_path: Path) -> Path:
    """Seraph's sheet with a word where Agility's number should be."""
    path = tmp_path / "bad.toml"
    text = (CHARACTERS / "seraph.toml").read_text(encoding="utf-8")
    path.write_text(text.replace("agility = 22", 'agility = "fast"'), encoding="utf-8")
    return path


def test_table_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sheet", SERAPH]) == 0


def test_table_names_the_character(capsys: pytest.CaptureFixture[str]) -> None:
    main(["sheet", SERAPH])
    assert "Seraph" in capsys.readouterr().out


def test_table_shows_key_figured_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    """``docs/rules/combat.md`` §20: VP 43, EP 74 for Seraph."""
    main(["sheet", SERAPH])
    lines = capsys.readouterr().out.splitlines()
    vp = next(line for line in lines if "Virtual Damage Points" in line)
    ep = next(line for line in lines if "Endurance Points" in line)
    assert ("43" in vp, "74" in ep) == (True, True)


def test_table_shows_body_part_damage_points(capsys: pytest.CaptureFixture[str]) -> None:
    main(["sheet", SERAPH])
    assert "9 (head 6, neck 5, each arm 6, legs 7)" in capsys.readouterr().out


def test_table_lists_powers(capsys: pytest.CaptureFixture[str]) -> None:
    main(["sheet", SERAPH])
    assert "Electric Power" in capsys.readouterr().out


def test_table_marks_overridden_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    main(["sheet", str(CHARACTERS / "dexter.toml")])
    assert "(override)" in capsys.readouterr().out


def test_json_has_the_snake_case_keys(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, SERAPH)
    expected = {
        "name",
        "mass",
        "damage_points",
        "virtual_damage_points",
        "endurance_points",
        "skin_temper",
        "willpower",
        "perception",
        "hand_damage",
        "combat_roll",
        "move_roll",
        "resist_death",
    }
    assert expected <= data.keys()


def test_json_gives_seraphs_published_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    """``docs/rules/combat.md`` §20 and the Example of Horrification."""
    data = run_json(capsys, SERAPH)
    published = {
        key: data[key]
        for key in (
            "combat_roll",
            "combat_pool",
            "hand_damage",
            "virtual_damage_points",
            "endurance_points",
            "move_roll",
            "willpower",
            "resist_death",
        )
    }
    assert published == {
        "combat_roll": 14,
        "combat_pool": 1,
        "hand_damage": 6,
        "virtual_damage_points": 43,
        "endurance_points": 74,
        "move_roll": 29,
        "willpower": 80,
        "resist_death": 4,
    }


def test_json_damage_points_by_body_part(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, SERAPH)
    assert data["damage_points"] == {"body": 9, "head": 6, "neck": 5, "arm": 6, "legs": 7}


def test_json_skin_temper_row_and_multiplier(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, SERAPH)
    assert data["skin_temper"] == {"row": 1, "multiplier": "9/10", "multiplier_float": 0.9}


def test_json_mass(capsys: pytest.CaptureFixture[str]) -> None:
    """``docs/rules/charts.md`` §1.4: about 89.6 kg."""
    assert run_json(capsys, SERAPH)["mass"] == pytest.approx(89.6, abs=0.05)


def test_malformed_sheet_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = bad_sheet(tmp_path)
    assert main(["sheet", str(path)]) == 2


def test_malformed_sheet_error_line_names_file_and_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = bad_sheet(tmp_path)
    main(["sheet", str(path)])
    assert capsys.readouterr().err == (
        f"mands-sim: error: {path} at 'abilities.agility': expected a whole number, got 'fast'\n"
    )


def test_missing_sheet_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sheet", str(tmp_path / "nobody.toml")]) == 2


TRAINED = Path(__file__).parent / "data" / "skills_seraph_trained.toml"


def test_table_shows_what_skills_add_and_where_from(capsys: pytest.CaptureFixture[str]) -> None:
    """Seraph with Endurance 3, Martial Arts 2, Awareness 4 and Discipline 3 (seed "Skills"):
    EP 74 + 2 × 3 = 80; VP 43 + 4; Perception 13 + 8; Willpower 80 + 6."""
    main(["sheet", str(TRAINED)])
    out = capsys.readouterr().out
    for line in ("80 (+6 skill:Endurance)", "47 (+4 skill:Rolling With Attacks)",
                 "21 (+8 skill:Awareness)", "86 (+6 skill:Discipline)"):  # fmt: skip
        assert line in out


def test_json_lists_the_adjustments(capsys: pytest.CaptureFixture[str]) -> None:
    main(["sheet", str(TRAINED), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["endurance_points"] == 80
    assert {"attribute": "endurance_points", "delta": 6, "source": "skill:Endurance"} in data[
        "adjustments"
    ]


def test_disabling_the_skills_plugin_removes_its_adjustments(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["sheet", str(TRAINED), "--disable", "mands_rulebook.skills.figured_skills", "--json"])
    assert json.loads(capsys.readouterr().out)["endurance_points"] == 74


PROTOTRON = """
[[weaknesses]]
kind = "vulnerability"
name = "negative electricity"
attacks = ["Electric Power"]
multiplier = 3
"""


def test_a_robots_weaknesses_are_shown(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "prototron.toml"
    path.write_text("robot = true\n" + Path(SERAPH).read_text("utf-8") + PROTOTRON, "utf-8")
    assert main(["sheet", str(path)]) == 0
    shown = capsys.readouterr().out
    assert "Intelligent Robot" in shown and "Handicaps and Weaknesses" in shown
    assert "vulnerability (attacks = ['Electric Power']," in shown and "multiplier = 3)" in shown
    data = run_json(capsys, str(path))
    assert data["robot"] is True
    assert data["weaknesses"] == [
        {"kind": "vulnerability", "name": "negative electricity",
         "attacks": ["Electric Power"], "multiplier": 3}
    ]  # fmt: skip
