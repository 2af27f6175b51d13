"""Adventure files (``mands_sim.adventure._file``): read and validated with every scene, each
mistake named by file, key and what was expected."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mands_sim.adventure import is_adventure, load_adventure
from mands_sim.bounds import MAX_REST_MINUTES, MAX_SCENES
from mands_sim.errors import AdventureError, AdventureProblems

ROOT = Path(__file__).parent.parent
SCENARIOS = ROOT / "scenarios"
BUNDLED = SCENARIOS / "adventures" / "seraphs_day.toml"
BANK = (SCENARIOS / "bank_job.toml").as_posix()
SPHINX = (SCENARIOS / "seraph_vs_sphinx.toml").as_posix()


def written(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "day.toml"
    path.write_text(text, encoding="utf-8")
    return path


def day(scenes: str, head: str = "") -> str:
    return f'format = 1\nname = "A day"\n{head}\n{scenes}'


TWO_SCENES = f"""
[[scenes]]
scenario = "{BANK}"

[[scenes]]
scenario = "{SPHINX}"
rest_minutes = 30
"""


def test_the_bundled_adventure_loads_with_its_scenes() -> None:
    adventure = load_adventure(BUNDLED)
    assert adventure.name == "Seraph's long day"
    assert [s.scenario.name for s in adventure.scenes] == [
        "The bank job",
        "Seraph vs the Sphinx",
        "Sun-Ruler vs Seraph",
    ]
    assert [s.rest_minutes for s in adventure.scenes] == [0, 90, 240]
    assert adventure.party == ("seraph", "officer-1", "officer-2", "officer-3")
    assert adventure.fled == "rejoin"


def test_the_party_defaults_to_the_first_scenes_heroes(tmp_path: Path) -> None:
    """G-71: the first side's combatants (the bank job's Seraph and its three officers)."""
    adventure = load_adventure(written(tmp_path, day(TWO_SCENES)))
    assert adventure.party == ("seraph", "officer-1", "officer-2", "officer-3")
    assert adventure.scenes[1].heroes == "heroes"


def test_is_adventure_tells_an_adventure_from_a_scenario() -> None:
    assert is_adventure({"scenes": []})
    assert not is_adventure({"sides": [], "scenes": []})
    assert not is_adventure({"sides": []})


@pytest.mark.parametrize(
    ("text", "key", "expected"),
    [
        (day(TWO_SCENES).replace("format = 1", "format = 2"), "format", "format = 1"),
        (day(TWO_SCENES).replace('name = "A day"', "name = 3"), "name", "a name"),
        (day(TWO_SCENES, 'fled = "away"'), "fled", "'rejoin', 'gone'"),
        (day(TWO_SCENES, "partie = []"), "partie", 'did you mean "party"'),
        (day(TWO_SCENES, 'party = ["seraf"]'), "party[0]", 'did you mean "seraph"'),
        (day(TWO_SCENES, 'party = ["sphinx"]'), "party[0]", "heroes' side"),
        (day(TWO_SCENES, 'party = ["seraph", "seraph"]'), "party", "each id once"),
        (day(TWO_SCENES, "party = []"), "party", "a list of character ids"),
        (day(""), "scenes", f"1 to {MAX_SCENES}"),
        (day("scenes = []"), "scenes", f"1 to {MAX_SCENES}"),
        (day("[[scenes]]\nrest_minutes = 0"), "scenes[0].scenario", "path of a scenario"),
        (
            day(f'[[scenes]]\nscenario = "{BANK}"\nrest_minutes = 5'),
            "scenes[0].rest_minutes",
            "first scene",
        ),
        (
            day(TWO_SCENES.replace("= 30", f"= {MAX_REST_MINUTES + 1}")),
            "scenes[1].rest_minutes",
            "a week",
        ),
        (day(TWO_SCENES.replace("= 30", "= -1")), "scenes[1].rest_minutes", "whole minutes"),
        (day(TWO_SCENES.replace("= 30", "= 1.5")), "scenes[1].rest_minutes", "whole minutes"),
        (day(TWO_SCENES.replace("rest_minutes", "rest")), "scenes[1].rest", "unknown key"),
        (
            day(TWO_SCENES.replace(SPHINX, "nowhere.toml")),
            "scenes[1].scenario",
            "no file nowhere.toml",
        ),
        (day("scenes = [3]"), "scenes[0]", "a table"),
    ],
)
def test_a_mistake_names_its_key(tmp_path: Path, text: str, key: str, expected: str) -> None:
    path = written(tmp_path, text)
    with pytest.raises(AdventureProblems) as raised:
        load_adventure(path)
    keys = {problem.key: problem.expected for problem in raised.value.problems}
    assert key in keys, keys
    assert expected in keys[key]
    assert raised.value.path == path


def test_every_mistake_is_reported_at_once(tmp_path: Path) -> None:
    text = day(TWO_SCENES.replace("= 30", "= -1"), 'fled = "away"\nparty = ["seraf"]')
    with pytest.raises(AdventureProblems) as raised:
        load_adventure(written(tmp_path, text))
    assert [p.key for p in raised.value.problems] == ["fled", "scenes[1].rest_minutes", "party[0]"]


def test_a_broken_scene_is_a_problem_of_the_adventure_naming_the_scenes_file(
    tmp_path: Path,
) -> None:
    scenario = tmp_path / "broken.toml"
    scenario.write_text('format = 1\nname = "x"\n', encoding="utf-8")
    path = written(tmp_path, day('[[scenes]]\nscenario = "broken.toml"'))
    with pytest.raises(AdventureProblems) as raised:
        load_adventure(path)
    (problem,) = raised.value.problems
    assert problem.key == "scenes[0].scenario"
    assert str(scenario) in problem.expected and "sides" in problem.expected


def test_an_adventure_listed_as_a_scene_says_what_it_is(tmp_path: Path) -> None:
    path = written(tmp_path, day(f'[[scenes]]\nscenario = "{BUNDLED.as_posix()}"'))
    with pytest.raises(AdventureProblems, match="this is an adventure file"):
        load_adventure(path)


def test_a_group_in_the_party_names_its_members(tmp_path: Path) -> None:
    with pytest.raises(AdventureProblems) as raised:
        load_adventure(written(tmp_path, day(TWO_SCENES, 'party = ["officer"]')))
    (problem,) = raised.value.problems
    assert problem.key == "party[0]"
    assert "a group of 3: name its members (officer-1, officer-2, officer-3)" in problem.expected


@pytest.mark.parametrize("content", [b"format = [", b"\xff\xfe", b""])
def test_a_file_that_is_not_toml_is_an_adventure_error(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "day.toml"
    path.write_bytes(content)
    with pytest.raises(AdventureError) as raised:
        load_adventure(path)
    assert raised.value.path == path


def test_a_missing_file_is_an_adventure_error(tmp_path: Path) -> None:
    with pytest.raises(AdventureError, match="there is no file"):
        load_adventure(tmp_path / "missing.toml")


def test_the_example_of_the_scenarios_page_loads(tmp_path: Path) -> None:
    """``docs/scenarios.md`` "Adventure files": its example, its scenes found where the bundled
    adventure finds them."""
    page = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    (example,) = [b for b in re.findall(r"```toml\n(.*?)```", page, re.DOTALL) if "[[scenes]]" in b]
    text = example.replace('"../', f'"{SCENARIOS.as_posix()}/')
    adventure = load_adventure(written(tmp_path, text))
    assert [s.rest_minutes for s in adventure.scenes] == [0, 90]
