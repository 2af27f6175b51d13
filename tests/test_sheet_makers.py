"""Sheet makers: a scenario's ``sheet = { make = "NAME", ... }`` made by a registered plugin
(``mands_register_sheet_makers``); the loader's errors name the recipe's key, a crash names the
plugin."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from mands_sim import installed
from mands_sim.api import SheetMaker, hookimpl, load_sheet
from mands_sim.errors import PluginHookError, ScenarioError, ScenarioProblems
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import collect_registries
from mands_sim.scenario import load_scenario
from mands_sim.sheet_makers import is_recipe
from mands_sim.simulation import Simulation

CHARACTERS = Path(__file__).parents[1] / "scenarios" / "characters"

DUEL = """
format = 1
name = "made"

[[map.places]]
name = "here"

[[sides]]
name = "a"

[[sides.characters]]
id = "gunman"
sheet = "characters/gunman.toml"
place = "here"

[[sides]]
name = "b"

[[sides.characters]]
id = "copy"
sheet = {recipe}
place = "here"

[stop]
time_limit = 250
when = ["side-out-of-action"]
"""


STRENGTH = [10]
"""The strength the maker gives ``of = "strong"``: a maker that changes (another version)."""


def copy_of(recipe: Any, defaults: Any) -> Any:
    if recipe["of"] == "crash":
        raise ZeroDivisionError("boom")
    if recipe["of"] == "refuse":
        raise ValueError("no sheet of that name")
    if recipe["of"] == "nothing":
        return None
    sheet = load_sheet(CHARACTERS / "gunman.toml")
    if recipe["of"] == "strong":
        return replace(sheet, abilities=replace(sheet.abilities, strength=STRENGTH[0]))
    return load_sheet(CHARACTERS / recipe["of"])


class Copies:
    """A third party's maker: a copy of a bundled sheet."""

    @hookimpl
    def mands_register_sheet_makers(self, register: Any) -> None:
        register("copy", SheetMaker("copy", "a copy", copy_of, ("of",)), summary="a copy")


@pytest.fixture
def with_copies(monkeypatch: pytest.MonkeyPatch) -> None:
    registries = collect_registries(make_plugin_manager(extra_plugins={"copies": Copies()}))
    monkeypatch.setattr(installed, "installed_registries", lambda ruleset="": registries)


def scenario(tmp_path: Path, recipe: str) -> Path:
    (tmp_path / "characters").mkdir()
    for name in ("gunman.toml", "teller.toml"):
        (tmp_path / "characters" / name).write_bytes((CHARACTERS / name).read_bytes())
    path = tmp_path / "made.toml"
    path.write_text(DUEL.replace("{recipe}", recipe), encoding="utf-8")
    return path


def test_mands_register_sheet_makers_gives_a_scenario_its_made_sheet(
    tmp_path: Path, with_copies: None
) -> None:
    spec = load_scenario(scenario(tmp_path, '{ make = "copy", of = "teller.toml" }'))
    made = {c.id: c.sheet for c in spec.characters}
    assert made["copy"].name == load_sheet(CHARACTERS / "teller.toml").name


@pytest.mark.parametrize(
    ("recipe", "key", "expected"),
    [
        ('{ make = "copi", of = "x" }', "sheet.make", 'not "copi"; did you mean "copy"?'),
        ('{ make = "copy", off = "x" }', "sheet.off", 'recipe (of); did you mean "of"?'),
        ('{ make = "copy", of = "refuse" }', "sheet", "no sheet of that name"),
    ],
)
@pytest.mark.hook("mands_register_sheet_makers")
def test_a_recipe_the_makers_cannot_make_is_a_problem_at_its_key(
    tmp_path: Path, with_copies: None, recipe: str, key: str, expected: str
) -> None:
    with pytest.raises(ScenarioProblems) as caught:
        load_scenario(scenario(tmp_path, recipe))
    (problem,) = caught.value.problems
    assert problem.key == f"sides[1].characters[0].{key}"
    assert expected in problem.expected


def test_a_maker_that_crashes_names_its_plugin_and_keeps_the_crash(
    tmp_path: Path, with_copies: None
) -> None:
    with pytest.raises(PluginHookError, match="plugin 'copies'") as caught:
        load_scenario(scenario(tmp_path, '{ make = "copy", of = "crash" }'))
    assert isinstance(caught.value.__cause__, ZeroDivisionError)


def test_a_table_with_make_is_a_recipe() -> None:
    assert is_recipe({"make": "generate", "seed": 1})
    assert not is_recipe({"format": 1, "name": "Teller"})


def test_a_maker_that_returns_no_sheet_names_its_plugin(tmp_path: Path, with_copies: None) -> None:
    with pytest.raises(PluginHookError, match="returned NoneType, not a CharacterSheet"):
        load_scenario(scenario(tmp_path, '{ make = "copy", of = "nothing" }'))


def test_the_content_hash_covers_the_sheet_made_not_only_the_recipe(
    tmp_path: Path, with_copies: None
) -> None:
    """A batch is stored under the hash: a maker that makes another sheet from the same recipe
    (another version, other defaults) is another batch."""
    path = scenario(tmp_path, '{ make = "copy", of = "strong" }')
    before = load_scenario(path).content_hash
    assert load_scenario(path).content_hash == before
    STRENGTH[0] = 18
    try:
        assert load_scenario(path).content_hash != before
    finally:
        STRENGTH[0] = 10


def test_a_sheet_made_by_a_plugin_left_out_is_refused(tmp_path: Path) -> None:
    maker = "mands_rulebook.creation.command"
    path = scenario(tmp_path, '{ make = "generate", kind = "grunt", seed = 1 }')
    with pytest.raises(ScenarioError, match=f"{maker} made it and is disabled"):
        Simulation(load_scenario(path), disabled=(maker,)).prepare()
    text = path.read_text(encoding="utf-8") + f'\n[plugins]\ndisable = ["{maker}"]\n'
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioProblems, match=r"is in \[plugins\] disable"):
        load_scenario(path)
