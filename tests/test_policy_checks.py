"""Priority rules checked against their scenario before any run: actions, targets, options,
places and exits, powers (and the power entry a rule may leave out)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mands_sim.errors import Problem, ScenarioProblems
from mands_sim.plugins import make_plugin_manager
from mands_sim.policy.priority import PriorityPolicy
from mands_sim.registry import Registries, collect_registries
from mands_sim.scenario import load_scenario
from mands_sim.simulation import build_mind, check_scenario

SHEET = """
format = 1
name = "Hero"
special = true
[abilities]
strength = 11
agility = 22
constitution = 32
learning = 11
newoen = 20
active_charisma = 11
normal_charisma = 12
[attributes]
beauty = 31
build = 31
height = 1.8
hearing = 14
sight = 14
[skills]
Fistfighting = 2
{extra}
"""

SCENARIO = """
format = 1
name = "Checks"

[[map.places]]
name = "roof"
x = 0.0
y = 0.0
[[map.places]]
name = "street"
x = 10.0
y = 0.0
exit = true

[[sides]]
name = "heroes"
[[sides.characters]]
id = "hero"
sheet = "hero.toml"
place = "roof"
policy = "priority"
[sides.characters.policy_options]
rules = [{rules}]

[[sides]]
name = "villains"
[[sides.characters]]
id = "grunt"
count = 2
sheet = "hero.toml"
place = "street"

[stop]
time_limit = 100
"""

KEY = "sides[0].characters[0].policy_options.rules[0]"


@pytest.fixture(scope="module")
def registries() -> Registries:
    return collect_registries(make_plugin_manager())


def write(tmp_path: Path, rules: str, sheet_extra: str = "") -> Path:
    (tmp_path / "hero.toml").write_text(SHEET.format(extra=sheet_extra), encoding="utf-8")
    file = tmp_path / "checks.toml"
    file.write_text(SCENARIO.format(rules=rules), encoding="utf-8")
    return file


def problems(tmp_path: Path, registries: Registries, rules: str, extra: str = "") -> list[Problem]:
    file = write(tmp_path, rules, extra)
    with pytest.raises(ScenarioProblems) as caught:
        check_scenario(registries, load_scenario(file))
    assert caught.value.path == file
    return list(caught.value.problems)


def only(found: list[Problem]) -> Problem:
    assert len(found) == 1, found
    return found[0]


def test_correct_rules_pass(tmp_path: Path, registries: Registries) -> None:
    rules = (
        '{ do = "fist-attack", target = "grunt-1" }, { do = "flee", options = { exit = "street" } }'
    )
    check_scenario(registries, load_scenario(write(tmp_path, rules)))


def test_misspelt_action_is_named_with_a_suggestion(tmp_path: Path, registries: Registries) -> None:
    problem = only(problems(tmp_path, registries, '{ do = "fist-atack" }'))
    assert problem.key == f"{KEY}.do"
    assert 'not "fist-atack"; did you mean "fist-attack"?' in problem.expected


def test_target_that_is_no_character_is_named_with_a_suggestion(
    tmp_path: Path, registries: Registries
) -> None:
    problem = only(problems(tmp_path, registries, '{ do = "fist-attack", target = "grunt-3" }'))
    assert problem.key == f"{KEY}.target"
    assert 'the id of a character in this scenario, not "grunt-3"; did you mean' in problem.expected


def test_misspelt_objective_selector_is_named_with_a_suggestion(
    tmp_path: Path, registries: Registries
) -> None:
    problem = only(
        problems(tmp_path, registries, '{ do = "fist-attack", target = "objective-performers" }')
    )
    assert problem.key == f"{KEY}.target"
    assert 'did you mean "objective-performer"?' in problem.expected


@pytest.mark.parametrize("selector", ["objective-performer", "ward"])
def test_objective_selector_without_objectives_picks_nobody(
    tmp_path: Path, registries: Registries, selector: str
) -> None:
    rule = f'{{ do = "fist-attack", target = "{selector}" }}'
    problem = only(problems(tmp_path, registries, rule))
    assert problem.key == f"{KEY}.target"
    assert "reads the scenario's objectives" in problem.expected


REACH_THE_ROOF = """
[[stop.objectives]]
kind = "reach"
side = "{side}"
place = "roof"
"""


@pytest.mark.parametrize(
    ("side", "selector"), [("villains", "objective-performer"), ("heroes", "ward")]
)
def test_objective_selector_with_its_objective_passes(
    tmp_path: Path, registries: Registries, side: str, selector: str
) -> None:
    file = write(tmp_path, f'{{ do = "fist-attack", target = "{selector}" }}')
    file.write_text(file.read_text() + REACH_THE_ROOF.format(side=side), encoding="utf-8")
    check_scenario(registries, load_scenario(file))


def test_target_naming_a_group_asks_for_one_member(tmp_path: Path, registries: Registries) -> None:
    problem = only(problems(tmp_path, registries, '{ do = "fist-attack", target = "grunt" }'))
    assert (problem.key, problem.expected) == (
        f"{KEY}.target",
        'expected one character, not the group "grunt": name a selector or one of its members '
        '("grunt-1", "grunt-2")',
    )


def test_self_is_a_target(tmp_path: Path, registries: Registries) -> None:
    check_scenario(registries, load_scenario(write(tmp_path, '{ do = "rest", target = "self" }')))


def test_unknown_option_of_an_action_is_named_with_a_suggestion(
    tmp_path: Path, registries: Registries
) -> None:
    rules = '{ do = "move", options = { towrd = "street" } }'
    problem = only(problems(tmp_path, registries, rules))
    assert problem.key == f"{KEY}.options.towrd"
    assert 'not "towrd"; did you mean "toward"?' in problem.expected


def test_option_of_the_wrong_kind_says_what_it_takes(
    tmp_path: Path, registries: Registries
) -> None:
    rules = '{ do = "move", options = { toward = "street", fly = "yes" } }'
    problem = only(problems(tmp_path, registries, rules))
    assert (problem.key, problem.expected) == (
        f"{KEY}.options.fly",
        'expected true or false, not "yes"',
    )


def test_misspelt_option_of_an_attack_is_named_with_a_suggestion(
    tmp_path: Path, registries: Registries
) -> None:
    rules = '{ do = "fist-attack", target = "grunt-1", options = { withold_damage = 2 } }'
    problem = only(problems(tmp_path, registries, rules))
    assert problem.key == f"{KEY}.options.withold_damage"
    assert 'not "withold_damage"; did you mean "withhold_damage"?' in problem.expected


def test_option_another_plugin_declares_is_checked_for_its_kind(
    tmp_path: Path, registries: Registries
) -> None:
    rules = '{ do = "air-control-wind-blast", target = "grunt-1", options = { maintain = "yes" } }'
    found = {p.key: p.expected for p in problems(tmp_path, registries, rules)}
    assert found[f"{KEY}.options.maintain"] == 'expected true or false, not "yes"'


def test_options_other_plugins_declare_are_accepted(tmp_path: Path, registries: Registries) -> None:
    rules = (
        '{ do = "fist-attack", target = "grunt-1", '
        "options = { evasion = true, energy_defense = 2, withhold_damage = 1 } }"
    )
    check_scenario(registries, load_scenario(write(tmp_path, rules)))


def test_an_action_that_reads_no_options_takes_none(tmp_path: Path, registries: Registries) -> None:
    rules = '{ do = "surrender", options = { segments = 5 } }'
    problem = only(problems(tmp_path, registries, rules))
    assert problem.key == f"{KEY}.options.segments"
    assert "expected an option this action reads" in problem.expected


def test_each_character_of_a_list_is_checked(tmp_path: Path, registries: Registries) -> None:
    rules = '{ do = "sweep", target = "grunt-1", options = { targets = ["grunt-1", "grunt3"] } }'
    problem = only(problems(tmp_path, registries, rules))
    assert problem.key == f"{KEY}.options.targets[1]"
    assert 'the id of a character in this scenario, not "grunt3"; did you mean' in problem.expected


def test_place_not_on_the_map_is_named_with_a_suggestion(
    tmp_path: Path, registries: Registries
) -> None:
    problem = only(
        problems(tmp_path, registries, '{ do = "move", options = { toward = "stret" } }')
    )
    assert problem.key == f"{KEY}.options.toward"
    assert 'a place on the map, not "stret"; did you mean "street"?' in problem.expected


def test_exit_must_be_marked_as_one(tmp_path: Path, registries: Registries) -> None:
    problem = only(problems(tmp_path, registries, '{ do = "flee", options = { exit = "roof" } }'))
    assert (problem.key, problem.expected) == (
        f"{KEY}.options.exit",
        'expected an exit, but "roof" is not marked exit = true; exits: "street"',
    )


def test_tactic_ward_must_be_a_character(tmp_path: Path, registries: Registries) -> None:
    problem = only(
        problems(tmp_path, registries, '{ do = "guard", options = { ward = "sidekick" } }')
    )
    assert problem.key == f"{KEY}.options.ward"
    assert 'the id of a character in this scenario, not "sidekick"' in problem.expected


POWER = '[powers."Electricity"]\npower_rating = 17\npercent_control = 97\n'


def test_power_action_needs_the_power_on_the_sheet(tmp_path: Path, registries: Registries) -> None:
    problem = only(problems(tmp_path, registries, '{ do = "healing-heal" }', POWER))
    assert (problem.key, problem.expected) == (
        f"{KEY}.do",
        'expected an action of a power "Hero" has: "healing-heal" is a use of "Healing", and the '
        "sheet has no such power",
    )


def test_power_option_must_name_the_sheets_entry(tmp_path: Path, registries: Registries) -> None:
    rules = '{ do = "electric-power-blast", options = { power = "Electric Power" } }'
    problem = only(problems(tmp_path, registries, rules, POWER))
    assert problem.key == f"{KEY}.options.power"
    assert '("Electricity"), not "Electric Power"' in problem.expected


def test_the_only_entry_for_the_power_is_the_default(
    tmp_path: Path, registries: Registries
) -> None:
    spec = load_scenario(write(tmp_path, '{ do = "electric-power-blast" }', POWER))
    check_scenario(registries, spec)
    mind = build_mind(registries, spec, spec.characters[0])
    assert isinstance(mind, PriorityPolicy)
    assert dict(mind.rules[0].options) == {"power": "Electricity"}


def test_every_mistake_of_a_file_is_in_one_error(tmp_path: Path, registries: Registries) -> None:
    rules = (
        '{ do = "fist-atack" }, { do = "fist-attack", target = "nobody" }, '
        '{ do = "move", options = { toward = "moon" } }'
    )
    file = write(tmp_path, rules, '"Fistfightin" = 1\n')
    with pytest.raises(ScenarioProblems) as caught:
        check_scenario(registries, load_scenario(file))
    keys = [problem.key for problem in caught.value.problems]
    lines = str(caught.value).splitlines()
    assert lines[0] == f"{file}: 4 problems:"
    assert lines[1].startswith(f"  {tmp_path / 'hero.toml'} at 'skills.\"Fistfightin\"': ")
    assert keys == [
        'skills."Fistfightin"',
        "sides[0].characters[0].policy_options.rules[0].do",
        "sides[0].characters[0].policy_options.rules[1].target",
        "sides[0].characters[0].policy_options.rules[2].options.toward",
    ]
