"""The sheet maker ``generate``: a scenario's character made by the rulebook's creation from a
recipe, the same sheet ``mands-sim generate`` writes, and a level a sweep can vary (G-305)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from mands_rulebook.creation.generate import generate
from mands_rulebook.creation.recipe import made_sheet
from mands_sim.api import SheetProblems
from mands_sim.cli import main
from mands_sim.errors import ScenarioProblems
from mands_sim.model.sheet import parse_sheet
from mands_sim.scenario import Override, load_scenario

ROOT = Path(__file__).parents[1]


def test_a_recipe_makes_the_sheet_the_command_writes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recipe = {"kind": "villain", "seed": 7, "number": 2, "power": ["Fire Coat"], "level": 3}
    args = ["--kind", "villain", "--seed", "7", "--power", "Fire Coat", "--level", "3"]
    assert main(["generate", *args, "--count", "2", "--out", str(tmp_path)]) == 0
    written = (tmp_path / "villain-s7-2.toml").read_text(encoding="utf-8")
    assert parse_sheet(tomllib.loads(written)) == made_sheet(recipe, {})
    assert written.startswith(
        '# Made by mands-sim generate, procedure 1: --kind villain --seed 7 --power "Fire Coat"'
        " --level 3, character 2."
    )


def test_a_level_adds_experience_rows_to_the_generated_character() -> None:
    (plain,) = generate("grunt", seed=1, first=4)
    made = made_sheet({"kind": "grunt", "seed": 1, "number": 4, "level": 2}, {})
    physical = ("strength", "agility", "constitution")
    gained = sum(getattr(made.abilities, a) - getattr(plain.sheet.abilities, a) for a in physical)
    assert gained == 2 and set(made.overrides) == {"resist_death", "perception"}


@pytest.mark.parametrize(
    ("recipe", "key", "expected"),
    [
        ({"seed": 1}, "kind", "the kind: hero, villain, grunt"),
        ({"kind": "grnt", "seed": 1}, "kind", "the kind: hero, villain, grunt, not 'grnt'"),
        ({"kind": "grunt"}, "seed", "a whole number 0 to 9223372036854775807 (required)"),
        ({"kind": "grunt", "seed": 1, "level": "2"}, "level", "a whole number 0 to 30, not '2'"),
        ({"kind": "grunt", "seed": 1, "level": 31}, "level", "a whole number 0 to 30, not 31"),
        ({"kind": "grunt", "seed": 1, "number": 0}, "number", "a whole number 1 to 1000000"),
        ({"kind": "hero", "seed": 1, "power": "Fire Coat"}, "power", "a list of power names"),
        ({"kind": "hero", "seed": 1, "power": ["Flihgt"]}, "power", "no installed power 'Flihgt'"),
        ({"kind": "grunt", "seed": 1, "power": ["Flight"]}, "power", "a grunt is a Normal"),
        (
            {"kind": "hero", "seed": 1, "power": ["Flight", "Flight, Slow"]},
            "power",
            "Flight, Slow named twice",
        ),
    ],
)
def test_a_malformed_recipe_names_its_key(
    recipe: dict[str, object], key: str, expected: str
) -> None:
    with pytest.raises(SheetProblems) as caught:
        made_sheet(recipe, {})
    problem = caught.value.problems[0]
    assert problem.key == key and expected in problem.expected


def test_the_scenario_s_creation_defaults_make_the_recipe_s_sheet() -> None:
    """G-305 switched in a scenario's [rules.defaults] reaches the recipe; other switches are
    not creation's and change nothing."""
    recipe = {"kind": "grunt", "seed": 1, "number": 4, "level": 6}
    plain = made_sheet(recipe, {"G08_move_roll_half_strength": "down"})
    agile = made_sheet(recipe, {"G305_experience_ability": "agility"})
    (base,) = generate("grunt", seed=1, first=4)
    assert agile.abilities.agility == base.sheet.abilities.agility + 6
    assert plain.abilities.agility < agile.abilities.agility


def test_a_scenario_s_recipe_is_the_bundled_sheet_and_set_varies_its_level(tmp_path: Path) -> None:
    bundled = load_scenario(ROOT / "scenarios" / "street_thugs.toml")
    text = (ROOT / "scenarios" / "street_thugs.toml").read_text(encoding="utf-8")
    recipe = '{ make = "generate", kind = "grunt", seed = 1, number = 4 }'
    text = text.replace('sheet = "characters/thugs/grunt-s1-4.toml"', f"sheet = {recipe}")
    copy = tmp_path / "characters"
    copy.mkdir()
    for sheet in ("police_officer.toml",):
        (copy / sheet).write_bytes((ROOT / "scenarios" / "characters" / sheet).read_bytes())
    (copy / "thugs").mkdir()
    for n in (1, 2, 3, 4):
        name = f"grunt-s1-{n}.toml"
        (copy / "thugs" / name).write_bytes(
            (ROOT / "scenarios/characters/thugs" / name).read_bytes()
        )
    path = tmp_path / "thugs.toml"
    path.write_text(text, encoding="utf-8")
    made = load_scenario(path)
    sheets = {c.id: c.sheet for c in made.characters}
    expected = {c.id: c.sheet for c in bundled.characters}["thug-4"]
    assert sheets["thug-4"].abilities == expected.abilities
    assert sheets["thug-4"].powers == expected.powers
    stronger = load_scenario(path, [Override.parse("sides.thugs.thug-4.sheet.level=5")])
    raised = {c.id: c.sheet for c in stronger.characters}["thug-4"]
    assert raised.abilities.strength + raised.abilities.agility + raised.abilities.constitution == (
        expected.abilities.strength
        + expected.abilities.agility
        + expected.abilities.constitution
        + 5
    )
    with pytest.raises(ScenarioProblems, match=r"sheet\.level': a whole number 0 to 30, not 31"):
        load_scenario(path, [Override.parse("sides.thugs.thug-4.sheet.level=31")])
