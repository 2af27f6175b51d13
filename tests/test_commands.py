"""Plugin commands (``mands_sim.commands``): a ``mands-sim`` subcommand a plugin registers with
``mands_register_commands``, listed by ``--help``, run by name, its errors told as the built-in
commands' are."""

from __future__ import annotations

import argparse

import pytest

from mands_sim.api import hookimpl
from mands_sim.cli import main, plugin_commands
from mands_sim.commands import MAX_HELP, CommandDefinition
from mands_sim.errors import MandsSimError, PluginValidationError
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import Register


def webs_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--count", type=int, default=1)


def spin(args: argparse.Namespace) -> int:
    if args.count < 0:
        raise MandsSimError("cannot spin fewer than no webs")
    if args.count == 0:
        raise ZeroDivisionError("no web to spin")
    print("spun " * args.count)
    return 0


WEBS = CommandDefinition("webs", "spin some webs", webs_arguments, spin)


class Spinner:
    """A plugin registering ``command``."""

    def __init__(self, command: CommandDefinition) -> None:
        self.command = command

    @hookimpl
    def mands_register_commands(self, register: Register) -> None:
        register(self.command.name, self.command, summary=self.command.help)


def with_plugin(monkeypatch: pytest.MonkeyPatch, command: CommandDefinition) -> None:
    """The command line as if a plugin ``spinner`` registering ``command`` were installed."""
    pm = make_plugin_manager(extra_plugins={"spinner": Spinner(command)}, environ={})
    monkeypatch.setattr("mands_sim.cli.plugin_commands", lambda: plugin_commands(pm))


@pytest.mark.hook("mands_register_commands")
def test_a_plugins_command_runs_by_its_name(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with_plugin(monkeypatch, WEBS)
    assert main(["webs", "--count", "2"]) == 0
    assert capsys.readouterr().out == "spun spun \n"


def test_help_lists_a_plugins_command_with_its_help_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with_plugin(monkeypatch, WEBS)
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "spin some webs" in capsys.readouterr().out


def test_a_commands_own_error_is_one_line_with_status_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with_plugin(monkeypatch, WEBS)
    assert main(["webs", "--count", "-1"]) == 2
    assert capsys.readouterr().err == "mands-sim: error: cannot spin fewer than no webs\n"


def test_a_crashing_command_keeps_its_traceback_and_names_its_plugin(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with_plugin(monkeypatch, WEBS)
    with pytest.raises(ZeroDivisionError) as raised:
        main(["webs", "--count", "0"])
    assert raised.value.__notes__ == ["in the command 'webs' of the plugin spinner"]
    assert raised.traceback[-1].name == "spin"


def test_a_command_may_not_take_a_builtin_commands_name(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Refused when the plugin's commands are looked for, and by ``mands-sim plugins``."""
    run = CommandDefinition("run", "run better", webs_arguments, spin)
    pm = make_plugin_manager(extra_plugins={"spinner": Spinner(run)}, environ={})
    with pytest.raises(PluginValidationError, match=r"spinner.*'run', a built-in command"):
        plugin_commands(pm)
    monkeypatch.setattr("mands_sim.cli.plugins.plugin_manager_from_args", lambda args, ruleset: pm)
    assert main(["plugins"]) == 2
    assert "'run', a built-in command" in capsys.readouterr().err


def test_a_command_whose_arguments_fail_names_its_plugin_with_the_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Adding ``--runs`` twice is argparse's error; it is told as the plugin's, one line and
    then what it raised, with status 2."""

    def twice(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--runs")
        parser.add_argument("--runs")

    with_plugin(monkeypatch, CommandDefinition("webs", "spin", twice, spin))
    assert main(["webs"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        "mands-sim: error: plugin 'spinner': the arguments of the command 'webs' failed: "
        "ArgumentError: argument --runs: conflicting option string: --runs\n"
    )
    assert "Traceback (most recent call last)" in err and "in twice" in err


def test_a_command_registered_under_another_name_is_refused() -> None:
    class Misnamed(Spinner):
        @hookimpl
        def mands_register_commands(self, register: Register) -> None:
            register("spiders", self.command, summary="")

    pm = make_plugin_manager(extra_plugins={"misnamed": Misnamed(WEBS)}, environ={})
    with pytest.raises(PluginValidationError, match="misnamed"):
        plugin_commands(pm)


@pytest.mark.parametrize("name", ["", "-webs", "spin webs", "wébs", "webs!"])
def test_a_command_name_is_a_word(name: str) -> None:
    with pytest.raises(ValueError, match="letters, digits and '-'"):
        CommandDefinition(name, "spin", webs_arguments, spin)


def test_a_help_line_is_one_short_line() -> None:
    with pytest.raises(ValueError, match=f"{MAX_HELP} characters"):
        CommandDefinition("webs", "x" * (MAX_HELP + 1), webs_arguments, spin)
