"""The command line's frame (``mands_sim.cli``): every subcommand listed, added by its own module
with its ``--help`` line, and only the module of the command being run imported; counts, shares
and output files checked as the command line is read; a closed pipe ends a command quietly; one
``--json [FILE|-]`` for every command with a result."""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mands_sim.cli import BROKEN_PIPE, COMMANDS, JSON_FORMAT, build_parser, main, output_file

BANK_JOB = Path(__file__).parent.parent / "scenarios" / "bank_job.toml"

HEAVY = ("simpy", "networkx", "pydantic", "rich", "mands_sim.batch", "mands_sim.simulation")
"""What ``mands-sim --help`` has no need of: the simulator, the store and the report's
rendering."""


def loaded_by(argv: list[str]) -> list[str]:
    """The modules a fresh interpreter holds after building the parser for ``argv``."""
    code = (
        "import json, sys\n"
        "from mands_sim.cli import build_parser\n"
        f"build_parser({argv!r})\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    modules: list[str] = json.loads(out.stdout)
    return modules


def commands(parser: argparse.ArgumentParser) -> list[argparse._SubParsersAction[Any]]:
    """``parser``'s subcommands (``store`` has its own: ``path``, ``list`` …)."""
    return [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]


def subcommands(parser: argparse.ArgumentParser) -> dict[str, str]:
    """Each subcommand of ``parser`` with its ``--help`` line, in the order listed."""
    (action,) = commands(parser)
    return {choice.dest: str(choice.help) for choice in action._choices_actions}


def test_a_builtin_commands_help_loads_no_plugin_and_no_simulator() -> None:
    """The plugins are loaded for the command line only to find their commands: for
    ``mands-sim --help`` and a name that is not built in."""
    loaded = loaded_by(["examples", "--help"])
    heavy = [m for m in loaded if m.split(".")[0] in HEAVY or m.startswith(HEAVY)]
    assert heavy == [] and not [m for m in loaded if m.startswith("mands_rulebook")]


def test_help_lists_the_plugins_commands_after_the_builtin_ones() -> None:
    """``award`` and ``generate`` are commands of the plugins ``mands_rulebook.experience.awards``
    and ``mands_rulebook.creation.command``."""
    assert "mands_rulebook.experience.awards" in loaded_by(["--help"])
    listed = subcommands(build_parser([]))
    assert list(listed)[: len(COMMANDS)] == list(COMMANDS)
    assert list(listed)[len(COMMANDS) :] == ["award", "generate"]


@pytest.mark.parametrize(("argv", "module"), [(["store", "path"], "store"), (["compare"], "run")])
def test_a_command_loads_its_own_module_only(argv: list[str], module: str) -> None:
    loaded = {m for m in loaded_by(argv) if m.startswith("mands_sim.cli.")}
    assert loaded == {f"mands_sim.cli.{module}"}


def test_every_command_is_added_by_its_module_with_its_help_line() -> None:
    builtin = dict(list(subcommands(build_parser()).items())[: len(COMMANDS)])
    assert builtin == {name: c.help for name, c in COMMANDS.items()}
    assert list(builtin) == list(COMMANDS)


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_command_named_is_built_whole_and_listed_in_place(name: str) -> None:
    """Building for one command gives that command (and those of its module) its arguments and
    what it runs, and lists the others as in ``--help``."""
    parser = build_parser([name, "--help"])
    assert list(subcommands(parser)) == list(COMMANDS)
    (action,) = commands(parser)
    built = {n for n, p in action.choices.items() if p.get_default("func") or commands(p)}
    assert built == {n for n, c in COMMANDS.items() if c.module == COMMANDS[name].module}


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "X.toml", "--runs", "0"],
        ["run", "X.toml", "--runs", "-5"],
        ["run", "X.toml", "--runs", "ten"],
        ["run", "X.toml", "--jobs", "0"],
        ["run", "X.toml", "--target-error", "-1"],
        ["run", "X.toml", "--target-error", "1.5"],
        ["run", "X.toml", "--target-error", "nan"],
        ["run", "X.toml", "--max-runs", "10000000"],
        ["compare", "A.toml", "B.toml", "--runs", "0"],
        ["check", "X.toml", "--jobs", "0"],
        ["award", "--toughness", "1.2", "--runs", "-1"],
    ],
)
def test_a_bad_number_is_the_parsers_error_naming_the_argument(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Counts are whole numbers from 1, a target error lies between 0 and 1: anything else
    ends the command at once with status 2 and the argument named, before anything is read or
    played (``X.toml`` does not exist)."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    flag = argv[-2]
    assert f"argument {flag}: expected" in capsys.readouterr().err


def test_an_output_file_that_cannot_be_written_is_refused_before_any_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--json`` in a folder that is not there, or naming a folder: status 2 at once (the
    scenario is not even read: it does not exist)."""
    for target, said in ((tmp_path / "no" / "r.json", "no folder"), (tmp_path, "is a folder")):
        with pytest.raises(SystemExit) as stop:
            main(["run", str(tmp_path / "X.toml"), "--json", str(target)])
        assert stop.value.code == 2
        assert said in capsys.readouterr().err
    assert output_file(str(tmp_path / "r.json")) == tmp_path / "r.json"


def test_a_reader_that_stops_reading_ends_the_command_quietly() -> None:
    """``mands-sim replay … | head -1``: the status a closed pipe gives (141), no traceback."""
    command = [sys.executable, "-m", "mands_sim", "replay", str(BANK_JOB), "--seed", "1"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.readline().startswith(b"Segment 0")
        process.stdout.close()
        errors = process.stderr.read()
        status = process.wait()
    assert (status, errors) == (BROKEN_PIPE, b"")


SERAPH = BANK_JOB.parent / "characters" / "seraph.toml"
GRUNTS = BANK_JOB.parent / "grunts.toml"


def small_check(folder: Path) -> Path:
    """The grunts with a regression batch of 10 runs (their sheets beside them), in
    ``folder``."""
    shutil.copytree(GRUNTS.parent / "characters", folder / "characters", dirs_exist_ok=True)
    text = GRUNTS.read_text("utf-8").replace("\nruns = 200\n", "\nruns = 10\n")
    assert "\nruns = 10\n" in text
    (folder / "grunts.toml").write_text(text, "utf-8")
    return folder / "grunts.toml"


def json_commands(tmp_path: Path) -> dict[str, list[str]]:
    """Each command with a result, given so that it is quick; ``--json`` goes last."""
    batch = ["--runs", "2", "--jobs", "1", "--quiet", "--store", str(tmp_path / "r.db")]
    return {
        "report": ["run", str(GRUNTS), *batch],
        "comparison": ["compare", str(GRUNTS), str(GRUNTS), *batch],
        "award": ["award", "--toughness", "1.3"],
        "sheet": ["sheet", str(SERAPH)],
        "plugins": ["plugins"],
        "validation": ["validate", str(GRUNTS)],
        "check": ["check", str(small_check(tmp_path))],
        "store-list": ["store", "list", "--store", str(tmp_path / "r.db")],
    }


@pytest.mark.parametrize(
    "kind",
    ["report", "comparison", "award", "sheet", "plugins", "validation", "check", "store-list"],
)
def test_json_alone_is_one_document_with_its_kind_and_format(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--json`` with no file (or ``-``): standard output is one JSON document and nothing
    else, carrying ``kind`` and ``format``; with a file, the file holds the same document."""
    argv = json_commands(tmp_path)[kind]
    if kind == "store-list":
        assert main(json_commands(tmp_path)["report"]) == 0
        capsys.readouterr()
    passed = (0, 1) if kind == "check" else (0,)  # 10 runs may miss an expectation
    assert main([*argv, "--json"]) in passed
    document = json.loads(capsys.readouterr().out)
    assert (document["kind"], document["format"]) == (kind, JSON_FORMAT)
    if kind == "check":  # each expectation with what was observed and expected
        (checked,) = document["scenarios"]
        first = checked["verdicts"][0]["checks"][0]
        assert {"name", "passed", "observed", "expected"} <= set(first)
    out = tmp_path / "out.json"
    assert main([*argv, "--json", str(out)]) in passed
    written = json.loads(out.read_text("utf-8"))
    assert (written["kind"], written["format"]) == (kind, JSON_FORMAT)


def test_json_never_writes_over_a_toml_file(capsys: pytest.CaptureFixture[str]) -> None:
    """``sheet --json seraph.toml``: the sheet is an input, refused as the JSON's file."""
    before = SERAPH.read_bytes()
    with pytest.raises(SystemExit) as stop:
        main(["sheet", "--json", str(SERAPH)])
    assert stop.value.code == 2
    assert "a TOML file, an input" in capsys.readouterr().err
    assert SERAPH.read_bytes() == before
