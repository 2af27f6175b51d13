"""``mands-sim validate``: one line per file, exit status 2 on any error, never a traceback."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mands_sim.cli import main
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import collect_registries

DATA = Path(__file__).parent / "data" / "scenarios"
ROOT = Path(__file__).parent.parent

MALFORMED = [
    ("bad_missing_key.toml", "sides[0].name"),
    ("bad_wrong_type.toml", "sides[0].characters[0].count"),
    ("bad_unknown_key.toml", "map.places[0].colour"),
    ("bad_unknown_policy.toml", "sides[0].characters[0].policy"),
    ("bad_sheet_outside.toml", "sides[0].characters[0].sheet"),
    ("bad_missing_sheet.toml", "sides[0].characters[0].sheet"),
    ("bad_unknown_place.toml", "sides[0].characters[0].place"),
    ("bad_duplicate_id.toml", "sides[1].characters[0].id"),
    ("bad_format_version.toml", "format"),
    ("bad_rules_default.toml", "rules.defaults.G28_performance_time_rounding"),
]
"""Each malformed fixture and the key its error names."""


def test_valid_file_is_reported_ok(capsys: pytest.CaptureFixture[str]) -> None:
    file = str(DATA / "minimal.toml")
    main(["validate", file])
    assert capsys.readouterr().out == f"{file}: ok\n"


def test_valid_files_exit_with_status_0() -> None:
    assert main(["validate", *(str(path) for path in (ROOT / "scenarios").glob("*.toml"))]) == 0


@pytest.mark.parametrize(("name", "key"), MALFORMED)
def test_malformed_file_exits_with_status_2(name: str, key: str) -> None:
    assert main(["validate", str(DATA / name)]) == 2


@pytest.mark.parametrize(("name", "key"), MALFORMED)
def test_malformed_file_gets_one_line_naming_file_and_key(
    name: str, key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["validate", str(DATA / name)])
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"mands-sim: error: {DATA / name} at '{key}': ")


def test_bad_toml_names_file_and_line(capsys: pytest.CaptureFixture[str]) -> None:
    main(["validate", str(DATA / "bad_toml.toml")])
    assert capsys.readouterr().err == (
        f"mands-sim: error: {DATA / 'bad_toml.toml'}: "
        "expected valid TOML: Invalid value (at line 3, column 8)\n"
    )


def test_missing_file_is_an_error_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["validate", str(tmp_path / "nowhere.toml")])
    assert capsys.readouterr().err.startswith("mands-sim: error: ")


def test_every_file_is_reported_when_one_fails(capsys: pytest.CaptureFixture[str]) -> None:
    good, bad = str(DATA / "minimal.toml"), str(DATA / "bad_missing_key.toml")
    main(["validate", bad, good])
    output = capsys.readouterr()
    assert (output.out, output.err.count("\n")) == (f"{good}: ok\n", 1)


def test_one_failed_file_among_valid_ones_exits_with_status_2() -> None:
    files = [str(DATA / "minimal.toml"), str(DATA / "bad_missing_key.toml")]
    assert main(["validate", *files]) == 2


def test_disabled_plugin_makes_its_policy_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    scenario = ROOT / "scenarios" / "seraph_vs_sphinx.toml"
    plugin = collect_registries(make_plugin_manager()).policies["nearest-enemy"].plugin
    main(["validate", "--disable", plugin, str(scenario)])
    err = capsys.readouterr().err
    assert err.startswith(f"mands-sim: error: {scenario}: 2 problems:")
    assert "\n  at 'sides[0].characters[0].policy': " in err


def test_command_line_reports_without_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mands_sim", "validate", str(DATA / "bad_wrong_type.toml")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stderr.count("\n"), "Traceback" in done.stderr) == (2, 1, False)


def test_a_bad_policy_rule_names_file_key_and_position(capsys: pytest.CaptureFixture[str]) -> None:
    """The expression's error points at the place it went wrong with a caret under it."""
    file = DATA / "bad_policy_rule.toml"
    assert main(["validate", str(file)]) == 2
    first, condition, caret = capsys.readouterr().err.splitlines()
    key = "sides[0].characters[0].policy_options.rules[0].when"
    assert first.startswith(f"mands-sim: error: {file} at '{key}': ")
    assert "position 10" in first
    assert (condition.strip(), caret.index("^") - condition.index("s")) == ("self.dp <", 9)


def seraph_disabling(tmp_path: Path, plugins: str) -> Path:
    """The bundled Seraph-vs-Sphinx scenario with ``[plugins] disable = [plugins]``."""
    shutil.copytree(ROOT / "scenarios" / "characters", tmp_path / "characters")
    text = (ROOT / "scenarios" / "seraph_vs_sphinx.toml").read_text(encoding="utf-8")
    file = tmp_path / "scenario.toml"
    table = f"\n[plugins]\ndisable = [{plugins}]\n"
    file.write_text(text.replace("\n[[map.places]]", f"{table}\n[[map.places]]", 1))
    return file


def test_plugin_the_file_disables_makes_its_policy_unknown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plugin = collect_registries(make_plugin_manager()).policies["nearest-enemy"].plugin
    file = seraph_disabling(tmp_path, f'"{plugin}"')
    assert main(["validate", str(file)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"mands-sim: error: {file}: 2 problems:")
    assert "\n  at 'sides[0].characters[0].policy': " in err


def test_file_disabling_an_unknown_plugin_names_its_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = seraph_disabling(tmp_path, '"mands_rulebook.nothing"')
    assert main(["validate", str(file)]) == 2
    assert capsys.readouterr().err.startswith(f"mands-sim: error: {file} at 'plugins.disable[0]'")


def test_file_disabling_a_plugin_it_can_do_without_is_ok(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = seraph_disabling(tmp_path, '"mands_rulebook.combat.exhaustion"')
    assert (main(["validate", str(file)]), capsys.readouterr().out) == (0, f"{file}: ok\n")


BUNDLED = sorted((ROOT / "scenarios").glob("*.toml"))


@pytest.mark.parametrize("scenario", BUNDLED, ids=lambda p: p.name)
def test_every_bundled_scenario_validates(
    scenario: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (main(["validate", str(scenario)]), capsys.readouterr().out) == (0, f"{scenario}: ok\n")


def test_a_file_with_several_mistakes_lists_them_all(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(DATA / "characters", tmp_path / "characters")
    text = (DATA / "minimal.toml").read_text(encoding="utf-8")
    rules = (
        '\npolicy = "priority"\npolicy_options = { rules = [{ do = "fist-atack" }, '
        '{ do = "move", options = { toward = "stret" } }] }\n'
    )
    file = tmp_path / "bad.toml"
    file.write_text(text.replace('place = "street"\n', f'place = "street"{rules}', 1))
    assert main(["validate", str(file)]) == 2
    key = "sides[0].characters[0].policy_options.rules"
    assert capsys.readouterr().err.splitlines() == [
        f"mands-sim: error: {file}: 2 problems:",
        f"  at '{key}[0].do': expected an action or tactic this simulation knows, not "
        '"fist-atack"; did you mean "fist-attack"?',
        f"  at '{key}[1].options.toward': expected a place on the map, not \"stret\"; "
        'did you mean "street"?',
    ]


def test_a_file_with_many_load_time_mistakes_lists_them_all(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(DATA / "characters", tmp_path / "characters")
    text = (DATA / "minimal.toml").read_text(encoding="utf-8")
    text = text.replace('name = "Minimal"', 'name = "Minimal"\ncolour = "red"')
    text = text.replace("time_limit = 500", 'time_limit = "long"')
    text = text.replace('place = "street"', 'place = "roof"', 1)
    file = tmp_path / "bad.toml"
    file.write_text(text, encoding="utf-8")
    assert main(["validate", str(file)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"mands-sim: error: {file}: 3 problems:",
        "  at 'colour': unknown key 'colour'; expected one of: format, name, description, "
        "ruleset, rules, plugins, map, sides, stop, expect",
        "  at 'stop.time_limit': expected a whole number (segments after which the encounter "
        'ends undecided), not "long"',
        "  at 'sides[0].characters[0].place': expected a place on the map (street), not \"roof\"",
    ]


# --- inputs past the bounds (docs/reliability.md) ----------------------------------------------

OUT_OF_BOUNDS = [
    ("time_limit = 500", "time_limit = 1000000000000000000", "stop.time_limit"),
    ('name = "street"', 'name = "street"\nx = 1e308\ny = 0.0', "map.places[0].x"),
    (
        'place = "street"\n',
        'place = "street"\npolicy_options = { margin = nan }\n',
        "sides[0].characters[0].policy_options.margin",
    ),
    ("characters/grunt.toml", "characters/pipe.toml", "sides[0].characters[0].sheet"),
    ("characters/grunt.toml", "characters/loop.toml", "sides[0].characters[0].sheet"),
    ("characters/grunt.toml", "characters/gr\\u0000unt.toml", "sides[0].characters[0].sheet"),
    ('id = "red-grunt"', 'id = "red-grunt"\ncount = 10001', "sides[0].characters[0].count"),
]
"""A change to ``minimal.toml`` that breaks a bound, and the key its error names."""


def out_of_bounds(tmp_path: Path, old: str, new: str) -> Path:
    """``minimal.toml`` with ``old`` replaced by ``new``, beside its sheets, a named pipe
    (``characters/pipe.toml``) and a loop of symbolic links (``characters/loop.toml``)."""
    shutil.copytree(DATA / "characters", tmp_path / "characters")
    os.mkfifo(tmp_path / "characters" / "pipe.toml")
    (tmp_path / "characters" / "loop.toml").symlink_to("loop.toml")
    file = tmp_path / "scenario.toml"
    file.write_text((DATA / "minimal.toml").read_text("utf-8").replace(old, new, 1), "utf-8")
    return file


@pytest.mark.parametrize(("old", "new", "key"), OUT_OF_BOUNDS, ids=lambda v: v[-20:])
def test_a_value_past_its_bound_names_file_and_key_with_status_2(
    tmp_path: Path, old: str, new: str, key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    file = out_of_bounds(tmp_path, old, new)
    status = main(["validate", str(file)])
    lines = capsys.readouterr().err.splitlines()
    assert (status, len(lines), lines[0].startswith(f"mands-sim: error: {file} at '{key}': ")) == (
        2,
        1,
        True,
    )


def test_a_sheet_past_its_bounds_names_the_sheet_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = out_of_bounds(tmp_path, "characters/grunt.toml", "characters/strong.toml")
    grunt = (tmp_path / "characters" / "grunt.toml").read_text("utf-8")
    strong = re.sub(r"strength = \d+", "strength = -9223372036854775808", grunt)
    (tmp_path / "characters" / "strong.toml").write_text(strong, "utf-8")
    assert main(["validate", str(file)]) == 2
    err = capsys.readouterr().err
    assert f"{tmp_path / 'characters' / 'strong.toml'} at 'abilities.strength': " in err
    assert "expected a whole number from -1000 to 1000" in err


def test_a_file_nested_past_the_bound_names_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = out_of_bounds(tmp_path, "time_limit = 500", "time_limit = 500\nx = " + "[" * 5000)
    assert main(["validate", str(file)]) == 2
    assert capsys.readouterr().err == (
        f"mands-sim: error: {file}: expected tables and arrays nested at most 32 deep "
        "(at line 24)\n"
    )


def test_a_named_pipe_given_as_the_scenario_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.mkfifo(tmp_path / "pipe.toml")
    assert main(["validate", str(tmp_path / "pipe.toml")]) == 2
    assert capsys.readouterr().err.endswith("pipe.toml is a named pipe, not a regular file\n")
