"""Scenario files: loading, count expansion, sheets, cross-reference checks, names, hashing.

Fixture files are in ``tests/data/scenarios`` (``minimal.toml`` and ``full.toml`` are valid; each
``bad_*.toml`` says in its first line what is wrong with it).
"""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
import tomllib
from collections.abc import Collection
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from mands_rulebook.combat.weapons import WeaponsDefaults
from mands_sim.defaults import CoreDefaults
from mands_sim.errors import ScenarioError, ScenarioProblems
from mands_sim.events import Event, RollMade
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import collect_registries
from mands_sim.scenario import (
    Override,
    ScenarioSpec,
    check_names,
    load_scenario,
    parse_scenario,
    scenario_content,
    sheet_problems,
)
from mands_sim.simulation import Simulation

DATA = Path(__file__).parent / "data" / "scenarios"
ROOT = Path(__file__).parent.parent
BUNDLED = sorted((ROOT / "scenarios").glob("*.toml"))
DOCS = ROOT / "docs" / "scenarios.md"

MALFORMED = [
    ("bad_missing_key.toml", "sides[0].name", "the required key 'name'"),
    ("bad_wrong_type.toml", "sides[0].characters[0].count", "a whole number"),
    ("bad_unknown_key.toml", "map.places[0].colour", "unknown key 'colour'"),
    ("bad_sheet_outside.toml", "sides[0].characters[0].sheet", "inside the scenario's folder"),
    ("bad_missing_sheet.toml", "sides[0].characters[0].sheet", "no file characters/nobody.toml"),
    ("bad_unknown_place.toml", "sides[0].characters[0].place", 'not "rooftop"'),
    ("bad_duplicate_id.toml", "sides[1].characters[0].id", "an id no other character has"),
    ("bad_format_version.toml", "format", "reads scenario format 1, not 2"),
    ("bad_toml.toml", "", "valid TOML: Invalid value (at line 3"),
]
"""Each malformed fixture, the key its error names and words from what was expected."""


def docs_examples() -> list[dict[str, Any]]:
    """Every TOML example of ``docs/scenarios.md`` as a whole scenario.

    An example without ``format`` shows only some tables; it replaces those top-level tables of
    the page's first example, as the page says. The adventure file's example (it lists
    ``scenes``) is not a scenario: ``tests/test_adventure_file.py`` loads it.
    """
    blocks = re.findall(r"```toml\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.DOTALL)
    examples = [data for block in blocks if "scenes" not in (data := tomllib.loads(block))]
    return [data if "format" in data else {**examples[0], **data} for data in examples]


def load_text(tmp_path: Path, text: str) -> ScenarioSpec:
    """Load ``text`` as ``scenario.toml`` in a folder that also holds ``characters/grunt.toml``."""
    shutil.copytree(DATA / "characters", tmp_path / "characters", dirs_exist_ok=True)
    file = tmp_path / "scenario.toml"
    file.write_text(text, encoding="utf-8")
    return load_scenario(file)


def minimal(old: str = "", new: str = "") -> str:
    """The text of ``minimal.toml``, with ``old`` (which must occur) replaced by ``new``."""
    text = (DATA / "minimal.toml").read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1) if old else text


def error_of(tmp_path: Path, text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        load_text(tmp_path, text)
    return caught.value


def names_accepted(spec: ScenarioSpec, **names: Collection[str]) -> bool:
    """Whether :func:`check_names` lets ``spec`` through (it raises otherwise)."""
    check_names(spec, **names)
    return True


@pytest.fixture(scope="module")
def full() -> ScenarioSpec:
    return load_scenario(DATA / "full.toml")


# --- a valid scenario --------------------------------------------------------------------------


def test_minimal_scenario_has_its_two_sides() -> None:
    spec = load_scenario(DATA / "minimal.toml")
    assert [(side.name, side.character_ids) for side in spec.sides] == [
        ("red", ("red-grunt",)),
        ("blue", ("blue-grunt",)),
    ]


def test_the_side_that_says_it_is_the_heroes_comes_first(tmp_path: Path) -> None:
    """G-71: the heroes' side is the first listed unless a side says ``heroes = true``."""
    spec = load_text(tmp_path, minimal('name = "blue"', 'name = "blue"\nheroes = true'))
    assert [side.name for side in spec.sides] == ["blue", "red"]


def test_two_heroes_sides_are_refused(tmp_path: Path) -> None:
    text = minimal('name = "red"', 'name = "red"\nheroes = true')
    text = text.replace('name = "blue"', 'name = "blue"\nheroes = true', 1)
    error = error_of(tmp_path, text)
    assert (error.key, error.expected) == ("sides[1].heroes", "one heroes' side, and sides[0] is")


def test_count_expands_into_numbered_ids(full: ScenarioSpec) -> None:
    assert [c.id for c in full.characters_of("gang")] == ["boss", "grunt-1", "grunt-2", "grunt-3"]


def test_group_members_know_their_group(full: ScenarioSpec) -> None:
    assert {full.character(f"grunt-{n}").group for n in (1, 2, 3)} == {"grunt"}


def test_group_members_share_one_sheet(full: ScenarioSpec) -> None:
    assert full.character("grunt-1").sheet is full.character("grunt-3").sheet


def test_group_members_share_place_and_awareness(full: ScenarioSpec) -> None:
    assert {(c.place, c.aware) for c in full.characters if c.group} == {("crates", False)}


def test_sheet_path_is_read_relative_to_the_scenario_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert load_scenario(DATA / "minimal.toml").character("red-grunt").sheet.name == "Grunt"


def test_inline_sheet_is_loaded(full: ScenarioSpec) -> None:
    assert full.character("sidekick").sheet.name == "Sidekick"


def test_edge_length_defaults_to_the_straight_line(full: ScenarioSpec) -> None:
    # door (0, 0) to floor (30, 40): 50 m.
    assert full.map.edges[0].length == 50.0


def test_edge_length_as_written_is_kept(full: ScenarioSpec) -> None:
    assert full.map.edges[2].length == 12.5


def test_places_keep_cover_elevation_and_exit(full: ScenarioSpec) -> None:
    places = {place.name: place for place in full.map.places}
    assert (places["crates"].cover, places["catwalk"].elevation, places["door"].exit) == (
        40,
        4.0,
        True,
    )


def test_blocked_sight_is_kept(full: ScenarioSpec) -> None:
    assert full.map.blocked_sight == (("door", "crates"),)


def test_characters_are_aware_unless_the_file_says_otherwise(full: ScenarioSpec) -> None:
    assert (full.character("hero").aware, full.character("sidekick").aware) == (True, False)


def test_policy_and_its_options_are_kept(full: ScenarioSpec) -> None:
    hero = full.character("hero")
    assert (hero.policy, dict(hero.policy_options)) == (
        "nearest-enemy",
        {"reach": 1.5, "targets": ("boss",)},
    )


def test_policy_options_are_read_only(full: ScenarioSpec) -> None:
    with pytest.raises(TypeError):
        full.character("hero").policy_options["reach"] = 3  # type: ignore[index]


def test_character_without_policy_has_none(full: ScenarioSpec) -> None:
    assert full.character("boss").policy is None


def test_rules_defaults_are_applied(full: ScenarioSpec) -> None:
    assert full.rule_defaults.of(CoreDefaults).G28_performance_time_rounding == "down"


def test_unchanged_defaults_keep_their_standard_value(full: ScenarioSpec) -> None:
    assert full.rule_defaults.of(CoreDefaults).G08_move_roll_half_strength == "up"


def test_a_rules_default_set_to_a_value_it_cannot_take_is_found_when_the_plugins_load() -> None:
    spec = load_scenario(DATA / "bad_rules_default.toml")

    with pytest.raises(ScenarioProblems) as raised:
        Simulation(spec).prepare()

    assert raised.value.path == DATA / "bad_rules_default.toml"
    assert [(p.key, p.expected) for p in raised.value.problems] == [
        (
            "rules.defaults.G28_performance_time_rounding",
            'expected one of "nearest", "down", not "up"',
        )
    ]


def test_optional_rules_are_listed(full: ScenarioSpec) -> None:
    assert full.optional_rules == ("simpler-combat",)


def test_stop_reads_time_limit_and_conditions(full: ScenarioSpec) -> None:
    assert (full.stop.time_limit, full.stop.when) == (3000, ("side-out-of-action",))


def test_stop_conditions_default_to_a_side_out_of_action() -> None:
    assert load_scenario(DATA / "minimal.toml").stop.when == ("side-out-of-action",)


def test_objective_naming_a_character_counts_only_that_character(full: ScenarioSpec) -> None:
    assert full.stop.objectives[0].characters == ("boss",)


def test_objective_naming_no_character_counts_the_whole_side(full: ScenarioSpec) -> None:
    assert full.stop.objectives[1].characters == ("hero", "sidekick")


def test_objective_naming_a_group_counts_every_member(tmp_path: Path) -> None:
    text = (
        (DATA / "full.toml")
        .read_text(encoding="utf-8")
        .replace('character = "boss"', 'character = "grunt"')
    )
    spec = load_text(tmp_path, text)
    assert spec.stop.objectives[0].characters == ("grunt-1", "grunt-2", "grunt-3")


def test_objective_outcome_defaults_to_a_win(full: ScenarioSpec) -> None:
    assert [o.outcome for o in full.stop.objectives] == ["win", "end"]


def test_expect_block_is_read(full: ScenarioSpec) -> None:
    assert full.expect is not None
    assert (full.expect.seed, full.expect.runs, dict(full.expect.win_rate)) == (
        7,
        200,
        {"heroes": (0.5, 0.9), "gang": (0.1, 0.5)},
    )


def test_scenario_without_expect_has_none() -> None:
    assert load_scenario(DATA / "minimal.toml").expect is None


def test_spec_is_frozen(full: ScenarioSpec) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        full.name = "changed"  # type: ignore[misc]


# --- content hash ------------------------------------------------------------------------------


def test_content_hash_is_the_same_for_the_same_files() -> None:
    assert (
        load_scenario(DATA / "full.toml").content_hash
        == load_scenario(DATA / "full.toml").content_hash
    )


def test_content_hash_changes_when_a_sheet_changes(tmp_path: Path) -> None:
    before = load_text(tmp_path, minimal()).content_hash
    sheet = tmp_path / "characters" / "grunt.toml"
    sheet.write_text(sheet.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert load_scenario(tmp_path / "scenario.toml").content_hash != before


def test_content_hash_changes_when_the_scenario_changes(tmp_path: Path) -> None:
    before = load_text(tmp_path, minimal()).content_hash
    assert (
        load_text(tmp_path, minimal("time_limit = 500", "time_limit = 501")).content_hash != before
    )


# --- parsing from memory -----------------------------------------------------------------------


def test_parse_scenario_reads_sheets_relative_to_base_dir() -> None:
    data = tomllib.loads(minimal())
    assert parse_scenario(data, base_dir=DATA).character("blue-grunt").sheet.name == "Grunt"


def test_parse_scenario_without_a_folder_refuses_sheet_paths() -> None:
    with pytest.raises(ScenarioError, match="inline sheet") as caught:
        parse_scenario(tomllib.loads(minimal()))
    assert caught.value.key == "sides[0].characters[0].sheet"


# --- malformed scenarios -----------------------------------------------------------------------


@pytest.mark.parametrize(("name", "key", "words"), MALFORMED)
def test_malformed_scenario_names_file_key_and_expectation(name: str, key: str, words: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        load_scenario(DATA / name)
    assert (caught.value.path, caught.value.key) == (DATA / name, key)
    assert words in caught.value.expected


def test_misspelt_key_is_reported_rather_than_the_key_it_misses(tmp_path: Path) -> None:
    assert error_of(tmp_path, minimal("time_limit", "time_limt")).key == "stop.time_limt"


def test_misspelt_key_suggests_the_known_one(tmp_path: Path) -> None:
    assert (
        "did you mean 'time_limit'?"
        in error_of(tmp_path, minimal("time_limit", "time_limt")).expected
    )


def test_missing_format_is_reported_at_format(tmp_path: Path) -> None:
    assert error_of(tmp_path, minimal("format = 1\n")).key == "format"


def test_format_written_as_text_is_refused(tmp_path: Path) -> None:
    assert 'not "1"' in error_of(tmp_path, minimal("format = 1", 'format = "1"')).expected


def test_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    file = tmp_path / "latin1.toml"
    file.write_bytes('name = "Café"'.encode("latin-1"))
    with pytest.raises(ScenarioError, match="UTF-8"):
        load_scenario(file)


def test_missing_scenario_file_is_a_scenario_error(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="no file"):
        load_scenario(tmp_path / "nowhere.toml")


def test_unknown_rules_default_is_reported_at_its_name_with_the_closest_one(
    tmp_path: Path,
) -> None:
    text = minimal("[stop]", '[rules.defaults]\nG62_weapon_start = "readied"\n\n[stop]')
    spec = load_text(tmp_path, text)

    with pytest.raises(ScenarioProblems) as raised:
        Simulation(spec).prepare()

    [problem] = raised.value.problems
    assert problem.key == "rules.defaults.G62_weapon_start"
    assert "did you mean 'G62_weapons_start'?" in problem.expected


def test_a_rules_default_of_a_plugin_left_out_is_unknown(tmp_path: Path) -> None:
    text = minimal("[stop]", '[rules.defaults]\nG267_fatigue_rounds = "off"\n\n[stop]')
    spec = load_text(tmp_path, text)
    Simulation(spec).prepare()  # known while the weakness's plugin is loaded

    with pytest.raises(ScenarioProblems) as raised:
        Simulation(spec, disabled=("mands_rulebook.weaknesses.tires_easily",)).prepare()

    [problem] = raised.value.problems
    assert problem.key == "rules.defaults.G267_fatigue_rounds"
    assert problem.expected == (
        "expected a default of a loaded plugin: mands_rulebook.weaknesses.tires_easily, "
        "which declares 'G267_fatigue_rounds', is left out"
    )


def test_a_plugins_rules_default_switches_what_its_rules_read(tmp_path: Path) -> None:
    text = minimal("[stop]", '[rules.defaults]\nG62_weapons_start = "readied"\n\n[stop]')
    spec = load_text(tmp_path, text)

    encounter = Simulation(spec).build()

    assert encounter.defaults.of(WeaponsDefaults).G62_weapons_start == "readied"
    assert encounter.defaults.of(CoreDefaults) == CoreDefaults()


def test_a_rules_default_that_is_no_name_or_no_scalar_is_refused_at_load(tmp_path: Path) -> None:
    table = '[rules.defaults]\n"no spaces" = 1\nG2_list = [1]\nG3_fine = 2.5\n\n[stop]'
    keys = {key for _, key, _ in problems_of(tmp_path, minimal("[stop]", table))}
    assert keys == {"rules.defaults.no spaces", "rules.defaults.G2_list"}


def test_optional_rule_listed_twice_is_refused(tmp_path: Path) -> None:
    text = minimal("[stop]", '[rules]\noptional = ["a", "a"]\n\n[stop]')
    assert error_of(tmp_path, text).key == "rules.optional[1]"


def test_two_places_with_one_name_are_refused(tmp_path: Path) -> None:
    text = minimal('name = "street"', 'name = "street"\n\n[[map.places]]\nname = "street"')
    assert error_of(tmp_path, text).key == "map.places[1].name"


def test_place_with_x_but_no_y_is_refused(tmp_path: Path) -> None:
    assert error_of(tmp_path, minimal('name = "street"', 'name = "street"\nx = 1.0')).key == (
        "map.places[0].y"
    )


def test_infinite_coordinate_is_refused(tmp_path: Path) -> None:
    text = minimal('name = "street"', 'name = "street"\nx = inf\ny = 0.0')
    assert "a finite number" in error_of(tmp_path, text).expected


def test_a_place_keeps_its_size(tmp_path: Path) -> None:
    spec = load_text(tmp_path, minimal('name = "street"', 'name = "street"\nsize = 20.0'))
    assert spec.map.places[0].size == 20.0


@pytest.mark.parametrize("size", ["-1", "1e6"])
def test_a_size_below_zero_or_past_ten_kilometers_is_refused(tmp_path: Path, size: str) -> None:
    text = minimal('name = "street"', f'name = "street"\nsize = {size}')
    error = error_of(tmp_path, text)
    assert error.key == "map.places[0].size"
    assert error.expected.startswith("expected a number from 0 to 10000 (")


def test_cover_above_100_percent_is_refused(tmp_path: Path) -> None:
    text = minimal('name = "street"', 'name = "street"\ncover = 101')
    assert error_of(tmp_path, text).expected.startswith("expected a whole number from 0 to 100")


EDGE_MAP = """
[[map.places]]
name = "alley"
{alley}
[[map.edges]]
between = [{between}]
{length}
"""


def edge_error(tmp_path: Path, between: str, length: str = "", alley: str = "") -> ScenarioError:
    """The error of the minimal scenario plus a place ``alley`` and one edge."""
    extra = EDGE_MAP.format(between=between, length=length, alley=alley)
    return error_of(tmp_path, minimal("\n[[sides]]", extra + "\n[[sides]]"))


def test_edge_to_a_place_not_on_the_map_is_refused(tmp_path: Path) -> None:
    error = edge_error(tmp_path, '"street", "roof"', "length = 3.0")
    assert (error.key, 'not "roof"' in error.expected) == ("map.edges[0].between", True)


def test_edge_joining_a_place_to_itself_is_refused(tmp_path: Path) -> None:
    assert (
        "two different places" in edge_error(tmp_path, '"alley", "alley"', "length = 3.0").expected
    )


def test_second_edge_between_the_same_places_is_refused(tmp_path: Path) -> None:
    second = 'length = 3.0\n\n[[map.edges]]\nbetween = ["alley", "street"]\nlength = 4.0'
    assert edge_error(tmp_path, '"street", "alley"', second).key == "map.edges[1].between"


def test_edge_without_length_needs_coordinates(tmp_path: Path) -> None:
    assert edge_error(tmp_path, '"street", "alley"').key == "map.edges[0].length"


def test_edge_length_must_be_positive(tmp_path: Path) -> None:
    error = edge_error(tmp_path, '"street", "alley"', "length = 0.0")
    assert error.expected.startswith("expected a number above 0 and at most 100000")


def test_blocked_sight_naming_an_unknown_place_is_refused(tmp_path: Path) -> None:
    text = minimal(
        "[[map.places]]", '[map]\nblocked_sight = [["street", "moon"]]\n\n[[map.places]]'
    )
    assert error_of(tmp_path, text).key == "map.blocked_sight[0]"


def test_two_sides_with_one_name_are_refused(tmp_path: Path) -> None:
    assert error_of(tmp_path, minimal('name = "blue"', 'name = "red"')).key == "sides[1].name"


def test_side_without_characters_is_refused(tmp_path: Path) -> None:
    text = minimal("[stop]", '[[sides]]\nname = "green"\ncharacters = []\n\n[stop]')
    assert error_of(tmp_path, text).key == "sides[2].characters"


def test_count_of_zero_is_refused(tmp_path: Path) -> None:
    text = minimal('id = "red-grunt"', 'id = "red-grunt"\ncount = 0')
    assert error_of(tmp_path, text).expected.startswith("expected a whole number from 1 to 10000")


def test_group_id_cannot_be_another_characters_id(tmp_path: Path) -> None:
    text = minimal('id = "red-grunt"', 'id = "blue-grunt"\ncount = 2')
    assert error_of(tmp_path, text).key == "sides[1].characters[0].id"


def test_group_member_id_cannot_be_another_characters_id(tmp_path: Path) -> None:
    text = minimal('id = "red-grunt"', 'id = "blue"\ncount = 2').replace(
        'id = "blue-grunt"', 'id = "blue-2"'
    )
    assert '"blue-2" is also sides[0].characters[0]' in error_of(tmp_path, text).expected


def test_id_with_spaces_is_refused(tmp_path: Path) -> None:
    text = minimal('id = "red-grunt"', 'id = "red grunt"')
    assert error_of(tmp_path, text).expected.startswith("expected an id of letters, digits")


def test_absolute_sheet_path_is_refused(tmp_path: Path) -> None:
    sheet = (DATA / "characters" / "grunt.toml").resolve()
    text = minimal('sheet = "characters/grunt.toml"', f"sheet = '{sheet}'")
    assert "relative to the scenario's folder" in error_of(tmp_path, text).expected


def test_sheet_that_is_neither_path_nor_table_is_refused(tmp_path: Path) -> None:
    text = minimal('sheet = "characters/grunt.toml"', "sheet = 5")
    assert "an inline sheet table, not 5" in error_of(tmp_path, text).expected


def test_inline_sheet_error_names_its_key_inside_the_scenario(tmp_path: Path) -> None:
    inline = 'sheet = { format = 1, name = "X", special = false }'
    error = error_of(tmp_path, minimal('sheet = "characters/grunt.toml"', inline))
    assert (error.path, error.key) == (
        tmp_path / "scenario.toml",
        "sides[0].characters[0].sheet.abilities",
    )


def test_malformed_sheet_file_is_reported_against_the_sheet(tmp_path: Path) -> None:
    (tmp_path / "broken.toml").write_text('format = 1\nname = "Broken"\n', encoding="utf-8")
    text = minimal('sheet = "characters/grunt.toml"', 'sheet = "broken.toml"')
    with pytest.raises(ScenarioProblems) as caught:
        load_text(tmp_path, text)
    files = {problem.path for problem in caught.value.problems}
    assert files == {(tmp_path / "broken.toml").resolve()}


def test_time_limit_must_be_at_least_one_segment(tmp_path: Path) -> None:
    assert error_of(tmp_path, minimal("time_limit = 500", "time_limit = 0")).key == (
        "stop.time_limit"
    )


def test_outcome_condition_listed_twice_is_refused(tmp_path: Path) -> None:
    text = minimal("time_limit = 500", 'time_limit = 500\nwhen = ["x", "x"]')
    assert error_of(tmp_path, text).key == "stop.when[1]"


def objective_error(tmp_path: Path, body: str) -> ScenarioError:
    return error_of(tmp_path, minimal() + f"\n[[stop.objectives]]\n{body}\n")


def test_objective_of_unknown_kind_is_refused(tmp_path: Path) -> None:
    error = objective_error(tmp_path, 'kind = "flee"\nside = "red"')
    assert (error.key, '"protect", "escape", not "flee"' in error.expected) == (
        "stop.objectives[0].kind",
        True,
    )


def test_protect_objective_needs_a_character(tmp_path: Path) -> None:
    error = objective_error(tmp_path, 'kind = "protect"\nside = "red"')
    assert (error.key, "but it is missing" in error.expected) == (
        "stop.objectives[0].character",
        True,
    )


def test_protect_objective_loses_by_default(tmp_path: Path) -> None:
    text = minimal() + '\n[[stop.objectives]]\nkind = "protect"\nside = "red"\n'
    spec = load_text(tmp_path, text + 'character = "red-grunt"\n')
    assert (spec.stop.objectives[0].kind, spec.stop.objectives[0].outcome) == ("protect", "lose")


def test_protect_objective_cannot_be_won(tmp_path: Path) -> None:
    body = 'kind = "protect"\nside = "red"\ncharacter = "red-grunt"\noutcome = "win"'
    error = objective_error(tmp_path, body)
    assert (error.key, '"lose", "end", not "win"' in error.expected) == (
        "stop.objectives[0].outcome",
        True,
    )


def test_escape_without_a_place_needs_an_exit(tmp_path: Path) -> None:
    error = objective_error(tmp_path, 'kind = "escape"\nside = "red"')
    assert (error.key, "the map has no exit" in error.expected) == (
        "stop.objectives[0].place",
        True,
    )


def test_escape_without_a_place_is_to_any_exit(tmp_path: Path) -> None:
    text = minimal('name = "street"', 'name = "street"\nexit = true')
    spec = load_text(tmp_path, text + '\n[[stop.objectives]]\nkind = "escape"\nside = "red"\n')
    assert (spec.stop.objectives[0].place, spec.stop.objectives[0].characters) == (
        None,
        ("red-grunt",),
    )


# --- roles (G-235) ----------------------------------------------------------------------------


def with_hostage(role: str = "hostage") -> str:
    """The minimal scenario with a second red character of ``role``."""
    extra = (
        '[[sides.characters]]\nid = "red-teller"\nsheet = "characters/grunt.toml"\n'
        f'place = "street"\nrole = "{role}"\n\n[[sides]]\nname = "blue"'
    )
    return minimal('[[sides]]\nname = "blue"', extra)


def test_character_is_a_combatant_unless_the_file_says_otherwise(tmp_path: Path) -> None:
    spec = load_text(tmp_path, with_hostage())
    assert [(c.id, c.role, c.combatant) for c in spec.characters_of("red")] == [
        ("red-grunt", "combatant", True),
        ("red-teller", "hostage", False),
    ]


def test_bystander_is_no_combatant(tmp_path: Path) -> None:
    assert not load_text(tmp_path, with_hostage("bystander")).character("red-teller").combatant


def test_unknown_role_is_refused_with_the_roles_expected(tmp_path: Path) -> None:
    error = error_of(tmp_path, with_hostage("civilian"))
    assert (error.path.name, error.key) == ("scenario.toml", "sides[0].characters[1].role")
    assert 'one of "combatant", "bystander", "hostage", not "civilian"' in error.expected


def test_side_of_hostages_only_is_refused(tmp_path: Path) -> None:
    text = minimal('id = "blue-grunt"', 'id = "blue-grunt"\nrole = "hostage"')
    error = error_of(tmp_path, text)
    assert (error.path.name, error.key) == ("scenario.toml", "sides[1].characters")
    assert 'at least one combatant on side "blue"' in error.expected


def test_objective_without_kind_is_refused(tmp_path: Path) -> None:
    assert objective_error(tmp_path, 'side = "red"').key == "stop.objectives[0].kind"


def test_reach_objective_needs_a_place(tmp_path: Path) -> None:
    error = objective_error(tmp_path, 'kind = "reach"\nside = "red"')
    assert (error.key, "but it is missing" in error.expected) == (
        "stop.objectives[0].place",
        True,
    )


def test_objective_for_an_unknown_side_is_refused(tmp_path: Path) -> None:
    error = objective_error(tmp_path, 'kind = "reach"\nside = "green"\nplace = "street"')
    assert error.key == "stop.objectives[0].side"


def test_objective_character_must_be_of_its_side(tmp_path: Path) -> None:
    body = 'kind = "reach"\nside = "red"\ncharacter = "blue-grunt"\nplace = "street"'
    assert objective_error(tmp_path, body).key == "stop.objectives[0].character"


def test_objective_place_must_be_on_the_map(tmp_path: Path) -> None:
    body = 'kind = "reach"\nside = "red"\nplace = "moon"'
    assert objective_error(tmp_path, body).key == "stop.objectives[0].place"


def test_expected_win_rate_of_an_unknown_side_is_refused(tmp_path: Path) -> None:
    text = minimal() + "\n[expect]\nwin_rate = { green = [0.1, 0.2] }\n"
    assert error_of(tmp_path, text).key == "expect.win_rate.green"


def test_reversed_interval_is_refused(tmp_path: Path) -> None:
    text = minimal() + "\n[expect]\ndraw_rate = [0.5, 0.2]\n"
    assert "low <= high" in error_of(tmp_path, text).expected


def test_share_above_one_is_refused(tmp_path: Path) -> None:
    text = minimal() + "\n[expect]\nwin_rate = { red = [0.5, 1.5] }\n"
    assert error_of(tmp_path, text).key == "expect.win_rate.red[1]"


def test_unknown_expect_key_is_refused(tmp_path: Path) -> None:
    assert error_of(tmp_path, minimal() + "\n[expect]\nluck = 3\n").key == "expect.luck"


# --- names checked against plugins -------------------------------------------------------------


def test_unknown_policy_is_reported_at_the_characters_policy() -> None:
    spec = load_scenario(DATA / "bad_unknown_policy.toml")
    with pytest.raises(ScenarioError, match='not "berserker"') as caught:
        check_names(spec, policies={"nearest-enemy"}, optional_rules=())
    assert (caught.value.path, caught.value.key) == (
        DATA / "bad_unknown_policy.toml",
        "sides[0].characters[0].policy",
    )


def test_unknown_optional_rule_is_reported_at_its_index(full: ScenarioSpec) -> None:
    with pytest.raises(ScenarioError) as caught:
        check_names(full, policies={"nearest-enemy"}, optional_rules={"flanking"})
    assert caught.value.key == "rules.optional[0]"


def test_unknown_outcome_condition_is_reported_when_checked(full: ScenarioSpec) -> None:
    with pytest.raises(ScenarioError) as caught:
        check_names(
            full,
            policies={"nearest-enemy"},
            optional_rules={"simpler-combat"},
            outcome_conditions=(),
        )
    assert caught.value.key == "stop.when[0]"


def test_unknown_objective_action_is_reported_when_checked(full: ScenarioSpec) -> None:
    with pytest.raises(ScenarioError) as caught:
        check_names(full, policies={"nearest-enemy"}, optional_rules={"simpler-combat"}, actions=())
    assert caught.value.key == "stop.objectives[1].action"


def test_known_names_pass(full: ScenarioSpec) -> None:
    assert names_accepted(
        full,
        policies={"nearest-enemy"},
        optional_rules={"simpler-combat"},
        outcome_conditions={"side-out-of-action"},
        actions={"fist-attack"},
    )


# --- bundled scenarios and documentation -------------------------------------------------------


def test_there_are_bundled_scenarios() -> None:
    assert {path.name for path in BUNDLED} >= {"seraph_vs_sphinx.toml", "grunts.toml"}


@pytest.mark.parametrize("path", BUNDLED, ids=lambda path: path.name)
def test_bundled_scenario_loads(path: Path) -> None:
    assert load_scenario(path).characters


@pytest.mark.parametrize("path", BUNDLED, ids=lambda path: path.name)
def test_bundled_scenario_names_only_loaded_plugins(path: Path) -> None:
    registries = collect_registries(make_plugin_manager())
    assert names_accepted(
        load_scenario(path),
        policies=registries.policies.keys(),
        optional_rules=registries.optional_rules.keys(),
        actions=registries.actions.keys(),
    )


@pytest.mark.parametrize("index", range(len(docs_examples())))
def test_docs_example_loads(index: int) -> None:
    assert parse_scenario(docs_examples()[index], base_dir=ROOT / "scenarios").characters


# --- plugins the scenario does not load: [plugins] disable -------------------------------------

SERAPH = ROOT / "scenarios" / "seraph_vs_sphinx.toml"


def seraph_scenario(
    disable: list[str] | None = None, defaults: dict[str, str] | None = None
) -> ScenarioSpec:
    """The bundled Seraph-vs-Sphinx scenario, with ``[plugins] disable`` and ``[rules.defaults]``
    when given."""
    data = tomllib.loads(SERAPH.read_text(encoding="utf-8"))
    if disable is not None:
        data["plugins"] = {"disable": disable}
    if defaults is not None:
        rules = data.setdefault("rules", {})
        rules["defaults"] = {**rules.get("defaults", {}), **defaults}
    return parse_scenario(data, path=SERAPH, base_dir=SERAPH.parent)


def seraph_pool_at_minus_five_ep(spec: ScenarioSpec) -> int:
    """The Bonus Pool of Seraph's first Combat Roll with Seraph at −5 EP."""
    encounter = Simulation(spec, seed=1).build()
    encounter.state["seraph"].endurance_points = Fraction(-5)
    events: list[Event] = []
    encounter.observers.append(events.append)
    encounter.run(until=0)
    (roll,) = [e for e in events if isinstance(e, RollMade) and e.character == "seraph"]
    return roll.bonus_pool  # type: ignore[attr-defined,no-any-return]


def test_plugins_to_disable_are_read(tmp_path: Path) -> None:
    text = minimal("[stop]", '[plugins]\ndisable = ["mands_rulebook.combat.exhaustion"]\n\n[stop]')
    assert load_text(tmp_path, text).disabled_plugins == ("mands_rulebook.combat.exhaustion",)


def test_no_plugins_table_disables_nothing() -> None:
    assert seraph_scenario().disabled_plugins == ()


def test_plugin_disabled_twice_is_refused(tmp_path: Path) -> None:
    text = minimal("[stop]", '[plugins]\ndisable = ["a", "a"]\n\n[stop]')
    assert error_of(tmp_path, text).key == "plugins.disable[1]"


def test_disabling_exhaustion_from_the_scenario_drops_the_low_ep_penalty() -> None:
    """G-16: Seraph at −5 EP rolls with pool 1 − 5 = −4; without the plugin, with his pool 1.
    (He fights on at −5 EP: G-232's default would have him give up to the fresher Sphinx.)"""
    fight_on = {"G232_spent_fighters": "fight"}
    with_plugin = seraph_pool_at_minus_five_ep(seraph_scenario(defaults=fight_on))
    without = seraph_pool_at_minus_five_ep(
        seraph_scenario(["mands_rulebook.combat.exhaustion"], defaults=fight_on)
    )
    assert (with_plugin, without) == (-4, 1)


def test_scenario_and_caller_disabled_plugins_combine() -> None:
    spec = seraph_scenario(["mands_rulebook.combat.exhaustion"])
    pm = Simulation(spec, disabled=("mands_rulebook.combat.surrender",)).prepare().pm
    assert {"mands_rulebook.combat.exhaustion", "mands_rulebook.combat.surrender"} <= set(
        pm.disabled()
    )


def test_unknown_plugin_to_disable_names_file_key_and_expectation() -> None:
    spec = seraph_scenario(["mands_rulebook.exhaustoin"])
    with pytest.raises(ScenarioError) as caught:
        Simulation(spec).prepare()
    error = caught.value
    assert (error.path, error.key) == (SERAPH, "plugins.disable[0]")
    assert "expected the name of a loaded plugin, not " in error.expected
    assert 'not "mands_rulebook.exhaustoin"' in error.expected


def test_a_given_plugin_may_be_disabled_by_the_scenario() -> None:
    class Marker:
        pass

    spec = seraph_scenario(["marker"])
    pm = Simulation(spec, extra_plugins={"marker": Marker()}).prepare().pm
    assert pm.get_plugin("marker") is None


# --- sheets checked against plugins ------------------------------------------------------------


def inline_sheet_scenario(powers: str = "", skills: str = "") -> dict[str, Any]:
    """The minimal scenario with an inline sheet carrying ``powers`` and ``skills`` tables."""
    data = tomllib.loads((DATA / "minimal.toml").read_text(encoding="utf-8"))
    sheet = tomllib.loads((DATA / "characters" / "grunt.toml").read_text(encoding="utf-8"))
    sheet["powers"] = tomllib.loads(powers)
    sheet["skills"] = tomllib.loads(skills)
    data["sides"][0]["characters"][0]["sheet"] = sheet
    return data


def sheet_problem_list(data: dict[str, Any]) -> list[tuple[str, str]]:
    spec = parse_scenario(data, path="inline.toml", base_dir=DATA)
    found = sheet_problems(spec, collect_registries(make_plugin_manager()))
    return [(problem.key, problem.expected) for problem in found]


def test_misspelt_sheet_power_is_named_with_a_suggestion() -> None:
    powers = '"Electric Powr" = { power_rating = 3 }'
    found = sheet_problem_list(inline_sheet_scenario(powers=powers))
    assert found == [
        (
            'sides[0].characters[0].sheet.powers."Electric Powr"',
            'expected a power the loaded plugins register, not "Electric Powr"; '
            'did you mean "Electric Power"?',
        )
    ]


def test_sheet_power_may_be_called_by_an_alias() -> None:
    powers = "Electricity = { power_rating = 3 }"
    assert sheet_problem_list(inline_sheet_scenario(powers=powers)) == []


def test_misspelt_sheet_skill_is_named_with_a_suggestion() -> None:
    found = sheet_problem_list(inline_sheet_scenario(skills='"Fist fightng" = 2'))
    assert found == [
        (
            'sides[0].characters[0].sheet.skills."Fist fightng"',
            'expected a skill the loaded plugins register, not "Fist fightng"; '
            'did you mean "Fistfighting"?',
        )
    ]


def test_skill_no_rule_applies_and_unlike_any_registered_one_is_kept() -> None:
    assert sheet_problem_list(inline_sheet_scenario(skills="Driving = 3")) == []


def test_skill_of_a_family_is_found_by_its_family() -> None:
    skills = '"Speed (fist-attack)" = 1\n"Power Use (Electric Power)" = 2'
    assert sheet_problem_list(inline_sheet_scenario(skills=skills)) == []


def test_sheet_file_problem_names_the_sheet_file(tmp_path: Path) -> None:
    shutil.copytree(DATA / "characters", tmp_path / "characters")
    sheet = tmp_path / "characters" / "grunt.toml"
    sheet.write_text(sheet.read_text(encoding="utf-8") + '\n[powers."Fligth, Slow"]\n')
    shutil.copy(DATA / "minimal.toml", tmp_path / "minimal.toml")
    spec = load_scenario(tmp_path / "minimal.toml")
    found = sheet_problems(spec, collect_registries(make_plugin_manager()))
    assert [(p.path, p.key) for p in found] == [(sheet.resolve(), 'powers."Fligth, Slow"')]


def test_several_unknown_names_are_reported_together(full: ScenarioSpec) -> None:
    with pytest.raises(ScenarioProblems) as caught:
        check_names(full, policies=(), optional_rules=(), outcome_conditions=(), actions=())
    keys = [problem.key for problem in caught.value.problems]
    assert keys[:2] == ["rules.optional[0]", "sides[0].characters[0].policy"]
    first = f"{full.path}: {len(keys)} problems:\n  at 'rules.optional[0]'"
    assert str(caught.value).startswith(first)


# -- every load-time mistake of a file in one error --------------------------------------------

NAN_SHEET = (DATA / "characters" / "grunt.toml").read_text(encoding="utf-8")


def four_mistakes(tmp_path: Path) -> str:
    """A type error, an unknown key, a place not on the map and a sheet with a NaN."""
    (tmp_path / "nan.toml").write_text(
        re.sub(r"(?m)^strength = .*$", "strength = nan", NAN_SHEET), encoding="utf-8"
    )
    text = minimal("time_limit = 500", 'time_limit = "long"')
    text = text.replace('name = "Minimal"', 'name = "Minimal"\ncolour = "red"')
    text = text.replace('place = "street"', 'place = "roof"', 1)
    grunt = 'sheet = "characters/grunt.toml"\nplace = "street"'
    return text.replace(grunt, 'sheet = "nan.toml"\nplace = "street"')


def problems_of(tmp_path: Path, text: str) -> list[tuple[str, str, str]]:
    with pytest.raises(ScenarioProblems) as caught:
        load_text(tmp_path, text)
    return [
        (problem.path.name if problem.path else "", problem.key, problem.expected)
        for problem in caught.value.problems
    ]


def test_a_file_with_four_kinds_of_mistake_reports_all_four(tmp_path: Path) -> None:
    found = {(file, key) for file, key, _ in problems_of(tmp_path, four_mistakes(tmp_path))}
    assert found == {
        ("", "colour"),
        ("", "stop.time_limit"),
        ("", "sides[0].characters[0].place"),
        ("nan.toml", "abilities.strength"),
    }


def test_each_of_the_four_mistakes_says_what_was_expected(tmp_path: Path) -> None:
    expected = {key: words for _, key, words in problems_of(tmp_path, four_mistakes(tmp_path))}
    assert expected == {
        "colour": "unknown key 'colour'; expected one of: format, name, description, ruleset, "
        "rules, plugins, map, sides, stop, expect",
        "stop.time_limit": "expected a whole number (segments after which the encounter ends "
        'undecided), not "long"',
        "sides[0].characters[0].place": 'expected a place on the map (street), not "roof"',
        "abilities.strength": "expected a finite number, got nan",
    }


def test_several_problems_list_the_scenario_once_and_each_line(tmp_path: Path) -> None:
    with pytest.raises(ScenarioProblems) as caught:
        load_text(tmp_path, four_mistakes(tmp_path))
    lines = str(caught.value).splitlines()
    assert lines[0] == f"{tmp_path / 'scenario.toml'}: 4 problems:"
    assert lines[-1].startswith(f"  {(tmp_path / 'nan.toml').resolve()} at 'abilities.strength'")


def test_one_problem_reads_as_a_single_scenario_error_did(tmp_path: Path) -> None:
    with pytest.raises(ScenarioProblems) as caught:
        load_text(tmp_path, minimal("time_limit = 500", "time_limit = 0"))
    single = ScenarioError(caught.value.path, caught.value.key, caught.value.expected)
    assert (str(caught.value), len(caught.value.problems)) == (str(single), 1)


def test_every_problem_of_a_named_sheet_file_is_listed(tmp_path: Path) -> None:
    broken = NAN_SHEET.replace("special = false", 'special = "no"')
    broken = re.sub(r"(?m)^sight = .*$", "sight = inf\nsmell = 3", broken)
    (tmp_path / "broken.toml").write_text(broken, encoding="utf-8")
    text = minimal('sheet = "characters/grunt.toml"', 'sheet = "broken.toml"')
    found = {(file, key) for file, key, _ in problems_of(tmp_path, text)}
    assert found == {
        ("broken.toml", "special"),
        ("broken.toml", "attributes.sight"),
        ("broken.toml", "attributes.smell"),
    }


def test_a_sheet_file_named_twice_is_reported_once(tmp_path: Path) -> None:
    (tmp_path / "nan.toml").write_text(
        re.sub(r"(?m)^strength = .*$", "strength = nan", NAN_SHEET), encoding="utf-8"
    )
    text = minimal().replace("characters/grunt.toml", "nan.toml")
    assert [key for _, key, _ in problems_of(tmp_path, text)] == ["abilities.strength"]


def test_every_bad_map_reference_is_reported(tmp_path: Path) -> None:
    text = minimal(
        '[[map.places]]\nname = "street"\n',
        '[map]\nblocked_sight = [["street", "moon"]]\n\n[[map.places]]\nname = "street"\n\n'
        '[[map.places]]\nname = "alley"\n\n[[map.edges]]\nbetween = ["street", "park"]\n'
        "length = 5.0\n",
    )
    text = text.replace('place = "street"', 'place = "roof"')
    assert [key for _, key, _ in problems_of(tmp_path, text)] == [
        "map.edges[0].between",
        "map.blocked_sight[0]",
        "sides[0].characters[0].place",
        "sides[1].characters[0].place",
    ]


def test_a_reference_to_a_broken_place_is_not_reported_again(tmp_path: Path) -> None:
    text = minimal('name = "street"\n', 'name = "street"\ncover = "lots"\n')
    assert [key for _, key, _ in problems_of(tmp_path, text)] == ["map.places[0].cover"]


def test_an_unknown_key_is_not_also_reported_missing(tmp_path: Path) -> None:
    text = minimal('place = "street"', 'plce = "street"')
    assert [key for _, key, _ in problems_of(tmp_path, text)] == ["sides[0].characters[0].plce"]


def test_objective_problems_are_found_beside_a_broken_character(tmp_path: Path) -> None:
    text = minimal('place = "street"', 'place = "street"\naware = "yes"')
    text += '\n[[stop.objectives]]\nkind = "reach"\nside = "red"\nplace = "nowhere"\n'
    assert [key for _, key, _ in problems_of(tmp_path, text)] == [
        "sides[0].characters[0].aware",
        "stop.objectives[0].place",
    ]


def test_expect_problems_are_all_reported(tmp_path: Path) -> None:
    text = minimal() + (
        "\n[expect]\nseed = 1\nruns = 10\nwin_rate = { green = [0.0, 1.0] }\n"
        'draw_rate = [0.5, 0.1]\nnever = ["dead:nobody"]\n'
    )
    assert [key for _, key, _ in problems_of(tmp_path, text)] == [
        "expect.win_rate.green",
        "expect.draw_rate",
        "expect.never[0]",
    ]


def test_every_duplicate_id_is_reported(tmp_path: Path) -> None:
    text = minimal().replace('id = "blue-grunt"', 'id = "red-grunt"')
    text += (
        '\n[[sides]]\nname = "green"\n[[sides.characters]]\nid = "red-grunt"\n'
        'sheet = "characters/grunt.toml"\nplace = "street"\n'
    )
    assert [key for _, key, _ in problems_of(tmp_path, text)] == [
        "sides[1].characters[0].id",
        "sides[2].characters[0].id",
    ]


def mistakes_of_roles_heroes_objectives_and_features() -> str:
    """Two heroes' sides, a side of hostages only, an escape with no exit on the map, a feature
    named twice on a rooftop edge at ground level, and a time limit of the wrong type."""
    text = minimal('name = "street"\n', 'name = "street"\nfeature = ["edge", "edge"]\n')
    text = text.replace('name = "red"', 'name = "red"\nheroes = true', 1)
    text = text.replace('name = "blue"', 'name = "blue"\nheroes = true', 1)
    text = text.replace('id = "blue-grunt"', 'id = "blue-grunt"\nrole = "hostage"', 1)
    text = text.replace("time_limit = 500", 'time_limit = "long"')
    return text + '\n[[stop.objectives]]\nkind = "escape"\nside = "red"\n'


def test_roles_heroes_objectives_and_features_are_reported_with_the_rest(
    tmp_path: Path,
) -> None:
    found = problems_of(tmp_path, mistakes_of_roles_heroes_objectives_and_features())
    assert [key for _, key, _ in found] == [
        "stop.time_limit",
        "map.places[0].feature[1]",
        "map.places[0].feature",
        "sides[1].characters",
        "sides[1].heroes",
        "stop.objectives[0].place",
    ]


def test_the_new_checks_say_what_they_said_alone(tmp_path: Path) -> None:
    found = problems_of(tmp_path, mistakes_of_roles_heroes_objectives_and_features())
    expected = {key: words for _, key, words in found}
    assert {key: expected[key] for key in list(expected)[1:]} == {
        "map.places[0].feature[1]": 'expected each feature once; "edge" is also '
        "map.places[0].feature[0]",
        "map.places[0].feature": 'expected a rooftop edge above something: "street" stands at '
        "elevation 0, no higher than the ground or its neighbours",
        "sides[1].characters": 'expected at least one combatant on side "blue" (a character '
        'without role, or role = "combatant"): bystanders and hostages do not fight',
        "sides[1].heroes": "one heroes' side, and sides[0] is",
        "stop.objectives[0].place": "expected a place to escape to: the map has no exit "
        "(exit = true)",
    }


def test_every_side_after_the_first_heroes_side_is_reported(tmp_path: Path) -> None:
    text = minimal('name = "red"', 'name = "red"\nheroes = true')
    text = text.replace('name = "blue"', 'name = "blue"\nheroes = true', 1)
    text += (
        '\n[[sides]]\nname = "green"\nheroes = true\n[[sides.characters]]\nid = "green-grunt"\n'
        'sheet = "characters/grunt.toml"\nplace = "street"\n'
    )
    assert [(key, words) for _, key, words in problems_of(tmp_path, text)] == [
        ("sides[1].heroes", "one heroes' side, and sides[0] is"),
        ("sides[2].heroes", "one heroes' side, and sides[0] is"),
    ]


def test_an_escape_is_not_refused_an_exit_a_broken_place_may_be(tmp_path: Path) -> None:
    text = minimal('name = "street"\n', 'name = "street"\ncover = "lots"\n')
    text += '\n[[stop.objectives]]\nkind = "escape"\nside = "red"\n'
    assert [key for _, key, _ in problems_of(tmp_path, text)] == ["map.places[0].cover"]


def test_a_side_with_a_broken_character_is_not_judged_for_combatants(tmp_path: Path) -> None:
    text = minimal('id = "blue-grunt"', 'id = "blue-grunt"\nrole = "hostage"')
    text += '[[sides.characters]]\nid = "blue-boss"\nsheet = "characters/grunt.toml"\n'
    text += 'place = "street"\naware = "yes"\n'
    assert [key for _, key, _ in problems_of(tmp_path, text)] == ["sides[1].characters[1].aware"]


def test_a_rooftop_edge_beside_a_broken_edge_is_not_judged(tmp_path: Path) -> None:
    text = minimal(
        '[[map.places]]\nname = "street"\n',
        '[[map.places]]\nname = "street"\nfeature = "edge"\n\n[[map.places]]\nname = "pit"\n'
        'elevation = -3.0\n\n[[map.edges]]\nbetween = ["street", "pit"]\nlength = "far"\n',
    )
    assert [key for _, key, _ in problems_of(tmp_path, text)] == ["map.edges[0].length"]


# --- map features (G-245, G-249) ---------------------------------------------------------------


def test_a_place_feature_may_be_one_name(tmp_path: Path) -> None:
    spec = load_text(tmp_path, minimal('name = "street"\n', 'name = "street"\nfeature = "wall"\n'))
    assert spec.map.place("street").features == ("wall",)


def test_a_place_feature_may_be_a_list(tmp_path: Path) -> None:
    text = minimal(
        'name = "street"\n', 'name = "street"\nelevation = 9.0\nfeature = ["obstacle", "edge"]\n'
    )
    assert load_text(tmp_path, text).map.place("street").features == ("obstacle", "edge")


def test_a_place_without_a_feature_is_open_ground(tmp_path: Path) -> None:
    assert load_text(tmp_path, minimal()).map.place("street").features == ()


def test_an_unknown_feature_is_refused_at_its_key(tmp_path: Path) -> None:
    error = error_of(tmp_path, minimal('name = "street"\n', 'name = "street"\nfeature = "moat"\n'))
    assert error.key.startswith("map.places[0].feature")
    assert "wall" in error.expected


def test_a_feature_named_twice_is_refused(tmp_path: Path) -> None:
    text = minimal('name = "street"\n', 'name = "street"\nfeature = ["wall", "wall"]\n')
    assert error_of(tmp_path, text).key == "map.places[0].feature[1]"


def test_a_rooftop_edge_needs_height(tmp_path: Path) -> None:
    """G-249: an ``edge`` at ground level with nothing lower beside it has nothing to fall to."""
    error = error_of(tmp_path, minimal('name = "street"\n', 'name = "street"\nfeature = "edge"\n'))
    assert (error.key, "rooftop edge" in error.expected) == ("map.places[0].feature", True)


# --- bounds (docs/reliability.md) --------------------------------------------------------------

GRUNT_POLICY = 'place = "street"\n'
"""The end of the first character entry of ``minimal.toml``, to add keys after."""


def test_a_time_limit_past_one_day_is_refused_with_the_range(tmp_path: Path) -> None:
    error = error_of(tmp_path, minimal("time_limit = 500", "time_limit = 1000000000000000000"))
    assert (error.key, error.expected.startswith("expected a whole number from 1 to 360000 (")) == (
        "stop.time_limit",
        True,
    )


def test_coordinates_past_the_bound_are_refused(tmp_path: Path) -> None:
    error = error_of(tmp_path, minimal('name = "street"', 'name = "street"\nx = 1e308\ny = 0.0'))
    assert (error.key, error.expected.endswith("not 1e+308")) == ("map.places[0].x", True)


def test_a_coordinate_that_is_not_finite_is_reported_once(tmp_path: Path) -> None:
    error = error_of(tmp_path, minimal('name = "street"', 'name = "street"\nx = nan\ny = 0.0'))
    assert [problem.key for problem in error.problems] == ["map.places[0].x"]


def test_a_policy_option_that_is_not_finite_is_refused_at_its_key(tmp_path: Path) -> None:
    text = minimal(GRUNT_POLICY, GRUNT_POLICY + "policy_options = { margin = nan }\n")
    error = error_of(tmp_path, text)
    key = "sides[0].characters[0].policy_options.margin"
    assert (error.key, error.expected) == (key, "expected a finite number, not nan")


def test_a_policy_option_nested_past_the_bound_is_refused(tmp_path: Path) -> None:
    dotted = "policy_options." + ".".join(["a"] * 40) + " = 1\n"
    error = error_of(tmp_path, minimal(GRUNT_POLICY, GRUNT_POLICY + dotted))
    assert error.expected == "expected tables and arrays nested at most 32 deep"


def test_groups_past_the_bound_of_characters_are_refused_unexpanded(tmp_path: Path) -> None:
    text = minimal('id = "red-grunt"', 'id = "red-grunt"\ncount = 6000')
    text = text.replace('id = "blue-grunt"', 'id = "blue-grunt"\ncount = 6000')
    error = error_of(tmp_path, text)
    assert (error.key, error.expected.endswith("there are 12000")) == (
        "sides[1].characters[0].count",
        True,
    )


def test_more_places_than_the_bound_are_refused(tmp_path: Path) -> None:
    places = "".join(f'[[map.places]]\nname = "p{n}"\n' for n in range(1001))
    error = error_of(tmp_path, minimal("[[sides]]", places + "[[sides]]"))
    assert (error.key, error.expected) == (
        "map.places",
        "expected at most 1000 items (the places, at least one)",
    )


def test_a_long_listing_of_places_is_cut(tmp_path: Path) -> None:
    places = "".join(f'[[map.places]]\nname = "p{n}"\n' for n in range(20))
    text = minimal("[[sides]]", places + "[[sides]]").replace(
        'place = "street"', 'place = "roof"', 1
    )
    assert 'p6 … and 13 more), not "roof"' in error_of(tmp_path, text).expected


def test_a_sheet_that_is_a_named_pipe_is_refused_at_its_key(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.toml")
    error = error_of(tmp_path, minimal("characters/grunt.toml", "pipe.toml"))
    assert (
        error.key,
        error.expected.endswith("pipe.toml is a named pipe, not a regular file"),
    ) == (
        "sides[0].characters[0].sheet",
        True,
    )


def test_a_sheet_behind_a_loop_of_links_is_refused_at_its_key(tmp_path: Path) -> None:
    (tmp_path / "loop.toml").symlink_to("loop.toml")
    error = error_of(tmp_path, minimal("characters/grunt.toml", "loop.toml"))
    assert (error.key, "loop.toml: " in error.expected) == ("sides[0].characters[0].sheet", True)


def test_a_sheet_path_with_a_nul_is_refused(tmp_path: Path) -> None:
    error = error_of(tmp_path, minimal("characters/grunt.toml", "characters/gr\\u0000unt.toml"))
    assert (error.key, "control characters" in error.expected) == (
        "sides[0].characters[0].sheet",
        True,
    )


def test_a_golden_log_behind_a_loop_of_links_is_refused(tmp_path: Path) -> None:
    (tmp_path / "loop.jsonl").symlink_to("loop.jsonl")
    expect = '\n[expect]\ngolden = "loop.jsonl"\ngolden_seed = 1\n'
    assert error_of(tmp_path, minimal() + expect).key == "expect.golden"


def test_a_scenario_file_past_the_size_bound_is_refused(tmp_path: Path) -> None:
    error = error_of(tmp_path, minimal() + "# padding\n" * 100_001)
    assert (error.key, "has more than 1000000 bytes" in error.expected) == ("", True)


def test_expected_runs_past_the_bound_are_refused(tmp_path: Path) -> None:
    expect = "\n[expect]\nseed = 1\nruns = 10000000\ntimeout_rate = [0.0, 1.0]\n"
    assert error_of(tmp_path, minimal() + expect).key == "expect.runs"


def test_parsed_data_with_keys_that_are_not_text_is_refused() -> None:
    data: dict[Any, Any] = {**tomllib.loads(minimal()), 1: 2}
    with pytest.raises(ScenarioError, match="expected text keys"):
        parse_scenario(data)


def test_scenario_content_puts_every_sheet_inline_and_leaves_out_expect() -> None:
    """What a batch's worker elsewhere gets (``mands_sim.batch.executors``): no file to read."""
    bank = ROOT / "scenarios" / "bank_job.toml"
    two_gunmen = (Override.parse("sides.crew.gunman.count=2"),)
    data = scenario_content(bank, two_gunmen)
    sheets = [c["sheet"] for side in data["sides"] for c in side["characters"]]
    assert all(isinstance(sheet, dict) for sheet in sheets)
    assert "expect" not in data
    spec = parse_scenario(data)
    assert [c.id for c in spec.characters] == [
        c.id for c in load_scenario(bank, two_gunmen).characters
    ]
    assert sum(1 for c in spec.characters if c.id.startswith("gunman")) == 2


def test_an_adventure_file_is_not_taken_for_a_scenario() -> None:
    """``replay``, ``sweep``, ``compare`` … given an adventure file say what it is."""
    adventure = ROOT / "scenarios" / "adventures" / "seraphs_day.toml"
    with pytest.raises(ScenarioError, match="this is an adventure file") as raised:
        load_scenario(adventure)
    assert raised.value.key == "scenes"
