"""The ``mands-sim`` command line.

Each subcommand lives in its own module of this package and exposes ``add_parser(subparsers)``,
which registers the subcommand (its ``--help`` line from :data:`COMMANDS`) and sets ``func`` to a
callable taking the parsed arguments and returning the exit status. Only the module of the
command being run is imported. Plugins add their own commands (:mod:`mands_sim.commands`): they
are looked for only for ``mands-sim --help`` and for a name that is not a built-in command.
Errors of the :class:`~mands_sim.errors.MandsSimError` family are printed as one clear line on
stderr with exit status 2 (a plugin's error, :class:`~mands_sim.errors.PluginHookError`,
followed by the traceback of what it raised); Ctrl-C that a command does not handle itself
ends it with one line and status 130; nothing else is caught.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import sys
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TypeVar

from mands_sim import __version__
from mands_sim.errors import MandsSimError, PluginHookError, PluginValidationError

if TYPE_CHECKING:
    import pluggy

    from mands_sim.commands import CommandDefinition

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Command:
    """A subcommand: the module of this package that adds it, and its line in ``--help``."""

    module: str
    help: str


COMMANDS: Final = {
    "run": Command("run", "run a batch of encounters and report how tough the scenario is"),
    "compare": Command(
        "run", "play two scenarios with the same seeds and compare wins, deaths and fight length"
    ),
    "sweep": Command(
        "sweep", "play a scenario at every value of one or two parameters, on the same seeds"
    ),
    "balance": Command(
        "balance", "find the value of a parameter at which a side wins a target share of fights"
    ),
    "sheet": Command("sheet", "show a character sheet and its figured attributes"),
    "replay": Command("replay", "run one encounter with a seed and tell it segment by segment"),
    "validate": Command("validate", "check scenario files"),
    "check": Command(
        "check", "check scenarios' expected results ([expect]) on their batches of runs"
    ),
    "schema": Command("schema", "print the JSON Schema of scenario files"),
    "plugins": Command("plugins", "list the loaded plugins and what they registered"),
    "store": Command("store", "see and tidy the results store: path, list, show BATCH, prune"),
    "examples": Command(
        "examples", "copy the bundled scenarios and character sheets into a folder"
    ),
    "completion": Command(
        "completion", "print a shell completion script (bash, zsh or tcsh) for mands-sim"
    ),
}
"""Every subcommand, in the order ``--help`` lists them. Each module's ``add_parser`` adds its
own (``run`` adds ``run`` and ``compare``) with the help given here."""


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The whole command line; given the ``argv`` about to be parsed, only the module of the
    command it names is imported (none for ``mands-sim --help``): the others stand as their
    ``--help`` line, so the parser is built before the simulator is loaded."""
    parser = argparse.ArgumentParser(
        prog="mands-sim",
        description="Simulate Men & Supermen encounters and report how tough they are.",
    )
    parser.add_argument("--version", action="version", version=f"mands-sim {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    named = None if argv is None else next((a for a in argv if not a.startswith("-")), "")
    wanted = {c.module for n, c in COMMANDS.items() if named is None or n == named}
    added: set[str] = set()
    for name, command in COMMANDS.items():
        if command.module not in wanted:
            subparsers.add_parser(name, help=command.help)
        elif command.module not in added:
            importlib.import_module(f"mands_sim.cli.{command.module}").add_parser(subparsers)
            added.add(command.module)
    if named not in COMMANDS:  # the whole list, or a plugin's command
        for plugin, definition in plugin_commands():
            _add_plugin_command(subparsers, plugin, definition)
    return parser


def plugin_commands(pm: pluggy.PluginManager | None = None) -> list[tuple[str, CommandDefinition]]:
    """Every command of the plugins of ``pm`` (by default, every installed plugin of every
    ruleset but those ``MANDS_SIM_DISABLE_PLUGINS`` names) with the plugin's name, sorted by
    name; one that takes a built-in command's name fails naming its plugin."""

    from mands_sim.hook_rules import command_definitions
    from mands_sim.plugins import make_plugin_manager
    from mands_sim.registry import collect_registries
    from mands_sim.rulesets import each_ruleset

    managers = [pm] if pm is not None else [e for _, e in each_ruleset(make_plugin_manager)]
    by_name: dict[str, tuple[str, CommandDefinition]] = {}
    for each in managers:
        for plugin, definition in command_definitions(collect_registries(each)):
            first = by_name.setdefault(definition.name, (plugin, definition))[0]
            if first != plugin:  # two rulesets' plugins: the same name cannot be both
                raise PluginValidationError(
                    max(first, plugin),
                    f"registers the command {definition.name!r}, which {min(first, plugin)} "
                    "registers already",
                    "mands_register_commands",
                )
    found = sorted(by_name.values(), key=lambda pair: pair[1].name)
    for plugin, definition in found:
        if definition.name in COMMANDS:
            raise PluginValidationError(
                plugin,
                f"registers the command {definition.name!r}, a built-in command of mands-sim",
                "mands_register_commands",
            )
    return list(found)


def _add_plugin_command(subparsers: Any, plugin: str, definition: CommandDefinition) -> None:
    parser = subparsers.add_parser(
        definition.name,
        help=definition.help,
        description=definition.description or definition.help,
    )
    try:
        definition.arguments(parser)
    except Exception as error:
        raise PluginHookError(
            plugin,
            f"the arguments of the command {definition.name!r} failed: "
            f"{type(error).__name__}: {error}",
        ) from error

    def run(args: argparse.Namespace) -> int:
        try:
            return definition.run(args)
        except MandsSimError:
            raise
        except Exception as error:  # the traceback is printed, with whose command it was
            error.add_note(f"in the command {definition.name!r} of the plugin {plugin}")
            raise

    parser.set_defaults(func=run)


INTERRUPTED = 130
"""Exit status after Ctrl-C (128 + SIGINT), as shells report it."""


def seconds(text: str) -> float:
    """An argument that is a duration (``--run-timeout``): a finite number of seconds, 0 or
    more; anything else is the parser's error (status 2)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value < math.inf:
        raise argparse.ArgumentTypeError(f"expected seconds, 0 or more, not {text!r}")
    return value


def count(text: str) -> int:
    """An argument that counts runs or processes (``--runs``, ``--jobs`` …): a whole number
    from 1 to :data:`~mands_sim.bounds.MAX_RUNS`; anything else is the parser's error."""
    from mands_sim.bounds import MAX_RUNS  # here: it loads pydantic, which --help does without

    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= MAX_RUNS:
        raise argparse.ArgumentTypeError(
            f"expected a whole number from 1 to {MAX_RUNS}, not {text!r}"
        )
    return value


def share(text: str) -> float:
    """An argument that is a share strictly between 0 and 1 (``--target-error``)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"expected a number between 0 and 1, not {text!r}")
    return value


def override(text: str) -> Any:
    """An argument that changes a scenario value (``--set PATH=VALUE``): an
    :class:`~mands_sim.scenario.Override`; a malformed one is the parser's error."""
    from mands_sim.scenario import Override  # here: --help does without the scenario's models

    return read_argument(Override.parse, text)


def override_arguments(parser: argparse.ArgumentParser, *, show: bool = True) -> None:
    """``--set PATH=VALUE`` (repeatable), on every command that plays a scenario
    (``docs/editor-guide.md``), and ``--show-scenario`` unless ``show`` is false."""
    parser.add_argument(
        "--set",
        dest="overrides",
        type=override,
        action="append",
        default=[],
        metavar="PATH=VALUE",
        help="play the scenario with this value changed (repeatable), e.g. "
        "sides.crew.gunman.count=2 or sides.crew.sun-ruler.sheet.strength=75",
    )
    if show:
        parser.add_argument(
            "--show-scenario",
            action="store_true",
            help="print the scenario as it would be played (with every --set) as TOML, and stop",
        )


def scenario_header(scenario: str, overrides: Sequence[str]) -> str:
    """The comment lines above a scenario printed as played: its file, then each override as
    the option that gives it (``overrides`` as a batch records them)."""
    from mands_sim.scenario import as_arguments

    options = (f"# {flag} {value}" for flag, value in as_arguments(overrides))
    return "\n".join([f"# {scenario}", *options])


def read_argument(parse: Callable[[str], T], text: str) -> T:
    """``parse(text)`` for an argument's ``type``: a :class:`~mands_sim.errors.ScenarioError`
    it raises becomes the parser's error (status 2), saying what was expected."""
    from mands_sim.errors import ScenarioError

    try:
        return parse(text)
    except ScenarioError as error:
        raise argparse.ArgumentTypeError(error.expected) from None


def note_overrides(scenario: Path, overrides: Sequence[Any]) -> None:
    """Tell on standard error what the user should know of valid overrides (a sheet whose
    ``[overrides]`` pin what a ``--set`` would move: ``override_notes``)."""
    from mands_sim.scenario import override_notes

    for note in override_notes(scenario, overrides):
        print(f"mands-sim: note: {note}", file=sys.stderr)


def shown_scenario(args: argparse.Namespace, scenario: Path, more: Sequence[Any] = ()) -> bool:
    """With ``--show-scenario``: print ``scenario`` as it would be played, with its ``--set``
    values and the overrides ``more`` (``--without-character``), as TOML (and say so: the
    caller then stops). It is validated first: a scenario that would not play is an error."""
    if not args.show_scenario:
        return False
    import tomli_w

    from mands_sim.scenario import described, load_scenario, scenario_data
    from mands_sim.simulation import Simulation

    overrides = (*args.overrides, *more)
    Simulation(load_scenario(scenario, overrides), disabled=tuple(args.disable)).prepare()
    print(scenario_header(str(scenario), described(overrides)))
    print(tomli_w.dumps(scenario_data(scenario, overrides)), end="")
    return True


def output_file(text: str) -> Path:
    """An argument naming a file to write (``--json``, ``--html`` …): checked when the command
    line is read, before any run is played, that its folder exists and may be written to and
    that it is not a folder."""
    path = Path(text)
    folder = path.parent
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a folder, not a file")
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"cannot write {text!r}: no folder {str(folder)!r}")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise argparse.ArgumentTypeError(f"cannot write {text!r}: permission denied")
    return path


JSON_FORMAT: Final = 1
"""The version of every JSON document a command writes (its ``format`` key, beside ``kind``):
raised when a key is renamed or its meaning changes, not when one is added."""

STANDARD_OUTPUT: Final = "-"
"""``--json`` with no file, or ``-``: the JSON goes to standard output instead of the tables."""


def json_option(parser: argparse.ArgumentParser, what: str) -> None:
    """The one ``--json [FILE|-]`` of every command that has a result: ``what`` as JSON in
    FILE (beside the usual output), or alone on standard output with no FILE or ``-``."""
    parser.add_argument(
        "--json",
        nargs="?",
        const=STANDARD_OUTPUT,
        type=json_target,
        metavar="FILE",
        help=f"{what} as JSON: into FILE, or with no FILE (or -) on standard output instead",
    )


def json_target(text: str) -> Path | str:
    """``--json``'s value: ``-`` (standard output) or a file that can be written; never a
    ``.toml`` file, which is an input (``sheet --json seraph.toml`` must not overwrite the
    sheet it meant to show)."""
    if text == STANDARD_OUTPUT:
        return STANDARD_OUTPUT
    if Path(text).suffix.lower() == ".toml":
        raise argparse.ArgumentTypeError(
            f"{text!r} is a TOML file, an input: put --json after it, or give a .json file"
        )
    return output_file(text)


def emit_json(data: Mapping[str, Any], target: Path | str, kind: str) -> None:
    """Write ``data`` as the JSON document of ``kind`` (``{"kind": …, "format": 1, …}``) to
    ``target`` (:func:`json_target`)."""
    document = {"kind": kind, "format": JSON_FORMAT, **data}
    text = json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False)
    if target == STANDARD_OUTPUT:
        print(text)
    else:
        Path(target).write_text(text + "\n", encoding="utf-8")


BROKEN_PIPE = 141
"""Exit status when whoever reads the output stops reading (128 + SIGPIPE), as shells report a
command ended by a closed pipe: ``mands-sim plugins | head``."""


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        args = build_parser(argv).parse_args(argv)
        status: int = args.func(args)
    except MandsSimError as error:
        print(f"mands-sim: error: {error}", file=sys.stderr)
        if isinstance(error, PluginHookError) and error.__cause__ is not None:
            traceback.print_exception(error.__cause__, file=sys.stderr)  # the plugin's own
        return 2
    except KeyboardInterrupt:
        print("mands-sim: interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:
        # Python's own recipe: point stdout at nothing so that flushing it at exit is quiet.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return BROKEN_PIPE
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
