"""``mands-sim examples``: the bundled scenarios, sheets and golden logs copied out of the
installed package, loadable where they land; an occupied folder left alone."""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest

from mands_sim.cli import main
from mands_sim.cli.examples import KINDS, write_examples
from mands_sim.scenario import load_scenario

ROOT = Path(__file__).parent.parent
BUNDLED = ROOT / "scenarios"


def bundled() -> set[Path]:
    """Every example file of the repository's ``scenarios/``, relative to it."""
    return {p.relative_to(BUNDLED) for p in BUNDLED.rglob("*") if p.is_file() and p.suffix in KINDS}


def test_examples_writes_every_bundled_file_and_each_scenario_loads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "scenarios"
    assert main(["examples", str(folder)]) == 0
    written = {p.relative_to(folder) for p in folder.rglob("*") if p.is_file()}
    assert written == bundled()
    scenarios = sorted(p for p in folder.glob("*.toml"))
    assert len(scenarios) >= 20
    for scenario in scenarios:  # each finds its sheets beside it
        assert load_scenario(scenario).characters
    assert f"{len(written)} files written to {folder}" in capsys.readouterr().out


def test_an_occupied_folder_is_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mine = tmp_path / "grunts.toml"
    mine.write_text("mine", "utf-8")
    assert main(["examples", str(tmp_path)]) == 2
    assert "not an empty folder" in capsys.readouterr().err
    assert [p.name for p in tmp_path.iterdir()] == ["grunts.toml"]
    assert mine.read_text("utf-8") == "mine"


def test_an_empty_folder_is_filled(tmp_path: Path) -> None:
    assert write_examples(tmp_path)
    assert (tmp_path / "characters" / "seraph.toml").is_file()


def test_the_wheel_declares_every_example_as_package_data() -> None:
    """``pyproject.toml`` maps ``scenarios/`` to the package ``mands_sim_examples`` and its
    package data covers every example file, so the wheel carries them (and its licence)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    setuptools = config["tool"]["setuptools"]
    assert setuptools["package-dir"]["mands_sim_examples"] == "scenarios"
    data = setuptools["package-data"]
    for relative in bundled():
        package = ".".join(("mands_sim_examples", *relative.parent.parts))
        assert package in setuptools["packages"], package
        assert any(fnmatch(relative.name, glob) for glob in data[package]), relative
    assert config["project"]["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text("utf-8").startswith("MIT License")
