"""The command line's frame (``mands_sim.cli``): every subcommand listed, added by its own module
with its ``--help`` line, and only the module of the command being run imported."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from typing import Any

import pytest

from mands_sim.cli import COMMANDS, build_parser

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


def test_help_loads_no_simulator() -> None:
    heavy = [m for m in loaded_by(["--help"]) if m.split(".")[0] in HEAVY or m.startswith(HEAVY)]
    assert heavy == []


@pytest.mark.parametrize(("argv", "module"), [(["store", "path"], "store"), (["compare"], "run")])
def test_a_command_loads_its_own_module_only(argv: list[str], module: str) -> None:
    loaded = {m for m in loaded_by(argv) if m.startswith("mands_sim.cli.")}
    assert loaded == {f"mands_sim.cli.{module}"}


def test_every_command_is_added_by_its_module_with_its_help_line() -> None:
    assert subcommands(build_parser()) == {name: c.help for name, c in COMMANDS.items()}
    assert list(subcommands(build_parser())) == list(COMMANDS)


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_command_named_is_built_whole_and_listed_in_place(name: str) -> None:
    """Building for one command gives that command (and those of its module) its arguments and
    what it runs, and lists the others as in ``--help``."""
    parser = build_parser([name, "--help"])
    assert list(subcommands(parser)) == list(COMMANDS)
    (action,) = commands(parser)
    built = {n for n, p in action.choices.items() if p.get_default("func") or commands(p)}
    assert built == {n for n, c in COMMANDS.items() if c.module == COMMANDS[name].module}
