"""``mands-sim generate`` as a user runs it: sheets a scenario can use, the same for a seed, the
bundled thugs made again, nothing overwritten, mistakes refused in one line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mands_sim.api import load_sheet
from mands_sim.cli import main
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

ROOT = Path(__file__).parents[1]
THUGS = ROOT / "scenarios" / "characters" / "thugs"


def test_four_grunts_for_seed_1_are_the_bundled_thugs(tmp_path: Path) -> None:
    """The bundled scenario's thugs are what the command in its header writes."""
    assert (
        main(["generate", "--kind", "grunt", "--count", "4", "--seed", "1", "--out", str(tmp_path)])
        == 0
    )
    written = sorted(path.name for path in tmp_path.iterdir())
    assert written == [f"grunt-s1-{n}.toml" for n in range(1, 5)]
    for name in written:
        assert (tmp_path / name).read_bytes() == (THUGS / name).read_bytes(), name


def test_generated_grunts_play_in_a_scenario(tmp_path: Path) -> None:
    assert (
        main(["generate", "--kind", "grunt", "--count", "2", "--seed", "8", "--out", str(tmp_path)])
        == 0
    )
    scenario = (ROOT / "scenarios" / "grunts.toml").read_text(encoding="utf-8")
    scenario = scenario.replace("characters/sinister.toml", "grunt-s8-1.toml")
    scenario = scenario.replace("characters/dexter.toml", "grunt-s8-2.toml")
    (tmp_path / "duel.toml").write_text(scenario, encoding="utf-8")
    assert main(["validate", str(tmp_path / "duel.toml")]) == 0
    result = Simulation(load_scenario(tmp_path / "duel.toml")).run(seed=3)
    assert result.winner in ("sinister", "dexter") and result.events > 10
    fought = {c.character_id for c in result.characters}
    assert fought == {"sinister", "dexter"}


def test_sheet_reads_a_generated_sheet_like_any_other(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["generate", "--kind", "villain", "--seed", "2", "--out", str(tmp_path)]) == 0
    path = tmp_path / "villain-s2-1.toml"
    assert path.read_text(encoding="utf-8").startswith("# Made by mands-sim generate")
    capsys.readouterr()
    assert main(["sheet", str(path)]) == 0
    assert "Villain 1 (Special character)" in capsys.readouterr().out


def test_standard_output_takes_one_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--seed", "4", "--out", "-", "--power", "Fire Coat"]) == 0
    out = capsys.readouterr().out
    assert 'name = "Hero 1"' in out and '[powers."Fire Coat"]' in out
    assert main(["generate", "--count", "2", "--out", "-"]) == 2
    assert "one sheet at a time" in capsys.readouterr().err


def test_an_existing_sheet_is_not_overwritten_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copy(THUGS / "grunt-s1-2.toml", tmp_path / "grunt-s1-2.toml")
    (tmp_path / "grunt-s1-2.toml").write_text("# mine\n", encoding="utf-8")
    args = ["generate", "--kind", "grunt", "--count", "3", "--seed", "1", "--out", str(tmp_path)]
    assert main(args) == 2
    assert "grunt-s1-2.toml exists: --force writes over it" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["grunt-s1-2.toml"]  # nothing written
    assert main([*args, "--force"]) == 0
    assert load_sheet(tmp_path / "grunt-s1-2.toml").name == "Grunt 2"


def test_like_writes_the_nearest_of_64_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """G-304."""
    seraph = ROOT / "scenarios" / "characters" / "seraph.toml"
    assert main(["generate", "--like", str(seraph), "--seed", "3", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "(nearest of 64 to Seraph:" in out
    (path,) = tmp_path.iterdir()
    number = int(path.stem.rsplit("-", 1)[1])
    assert 1 <= number <= 64 and path.name.startswith("hero-s3-")  # Seraph is Special: a hero
    assert f"--kind hero --seed 3, character {number}." in path.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--kind", "grunt", "--power", "Fire Coat"], "a grunt is a Normal and has no powers"),
        (["--power", "Fire Coats"], "did you mean 'Fire Coat'?"),
        (["--count", "0"], "--count: 1 to 1000 characters, not 0"),
        (["--default", "G301_charismas"], "--default: NAME=VALUE, not 'G301_charismas'"),
        (["--default", "G301_charismas=both"], "G301_charismas takes one of higher-active"),
        (["--like", "no-such-sheet.toml"], "no-such-sheet.toml"),
    ],
)
def test_a_mistake_is_one_line_and_exit_status_2(
    tmp_path: Path, args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["generate", "--out", str(tmp_path), *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_a_bad_out_is_one_line_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("", encoding="utf-8")
    assert main(["generate", "--out", str(a_file)]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err
    assert main(["generate", "--out", str(a_file / "sub")]) == 2
    assert "Traceback" not in capsys.readouterr().err
    folder = tmp_path / "out"
    (folder / "hero-s0-2.toml").mkdir(parents=True)
    assert main(["generate", "--count", "3", "--out", str(folder), "--force"]) == 2
    assert "hero-s0-2.toml is a folder, not a sheet file" in capsys.readouterr().err
    assert sorted(p.name for p in folder.iterdir()) == ["hero-s0-2.toml"]


def test_a_power_is_named_as_sheets_name_it(capsys: pytest.CaptureFixture[str]) -> None:
    """The seed's "Electricity" is Electric Power's alias; naming it twice is refused."""
    assert main(["generate", "--seed", "1", "--power", "electricity", "--out", "-"]) == 0
    out = capsys.readouterr().out
    assert '[powers."Electric Power"]' in out and '--power "Electric Power"' in out
    args = ["generate", "--power", "Electricity", "--power", "Electric Power", "--out", "-"]
    assert main(args) == 2
    assert "--power: Electric Power named twice" in capsys.readouterr().err


def test_like_given_a_scenario_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--like", str(ROOT / "scenarios" / "grunts.toml"), "--out", "-"]) == 2
    err = capsys.readouterr().err
    assert "grunts.toml is a scenario, not a character sheet" in err
    assert len(err.strip().splitlines()) == 1


def test_like_makes_at_most_50_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    seraph = str(ROOT / "scenarios" / "characters" / "seraph.toml")
    assert main(["generate", "--like", seraph, "--count", "51", "--out", "-"]) == 2
    assert "--count: 1 to 50 characters with --like, not 51" in capsys.readouterr().err
