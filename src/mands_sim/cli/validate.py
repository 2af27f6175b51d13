"""``mands-sim validate FILE...``: check scenario files before running them.

Each file is loaded exactly as a simulation would load it — TOML, format version, every key,
every cross-reference, every sheet file it names — and then checked against the loaded plugins
as a simulation checks it (:func:`~mands_sim.simulation.check_scenario`): the policies,
optional rules, objective actions and outcome conditions it names, the sheets' powers and
skills, each character's policy options and priority rules (actions, targets, options, places,
powers). ``--disable`` works as for ``mands-sim plugins``; a file's own ``[plugins] disable`` is
added for that file, through the simulation, which loads its plugins. A valid file is reported
as ``FILE: ok`` on stdout; a file with mistakes as one error on stderr listing every problem
found against the plugins (file, key, what was expected, the closest known name). The exit
status is 0 when every file is valid and 2 when any is not. Loading never executes code.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from mands_sim.adventure import load_adventure, scene_simulations
from mands_sim.cli import COMMANDS, STANDARD_OUTPUT, emit_json, json_option
from mands_sim.cli.adventure import names_an_adventure
from mands_sim.cli.plugins import add_plugin_arguments, plugin_manager_from_args
from mands_sim.errors import MandsSimError
from mands_sim.registry import Registries, collect_registries
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation, check_scenario


def add_parser(subparsers: Any) -> None:
    """Register ``validate`` on the ``mands-sim`` command line."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "validate",
        help=COMMANDS["validate"].help,
        description="Check scenario files (and the character sheets they name) without running.",
    )
    parser.add_argument(
        "files", nargs="+", metavar="FILE", help="scenario or adventure files (TOML)"
    )
    add_plugin_arguments(parser)
    json_option(parser, "each file's verdict")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Validate every file in ``args.files``; 0 if all are valid, else 2."""
    registries = cache(lambda ruleset: collect_registries(plugin_manager_from_args(args, ruleset)))
    errors = {file: _error(file, registries, args.disable) for file in args.files}
    if args.json != STANDARD_OUTPUT:
        for file, error in errors.items():
            if error is None:
                print(f"{file}: ok")
            else:
                print(f"mands-sim: error: {error}", file=sys.stderr)
    if args.json:
        files = [{"file": f, "ok": e is None, "error": e} for f, e in errors.items()]
        emit_json({"files": files}, args.json, "validation")
    return 2 if any(errors.values()) else 0


def _error(file: str, registries: Callable[[str], Registries], disabled: list[str]) -> str | None:
    """What is wrong with ``file`` (naming the file, the key and what was expected), or
    ``None``."""
    try:
        if names_an_adventure(Path(file)):  # every scene, as its days would load it
            scene_simulations(load_adventure(file), disabled)
            return None
        scenario = load_scenario(file)
        if scenario.disabled_plugins:  # its own plugins: as the simulation loads them
            loaded = Simulation(scenario, disabled=tuple(disabled)).prepare().registries
        else:
            loaded = registries(scenario.ruleset)
        check_scenario(loaded, scenario)
    except MandsSimError as error:
        return str(error)
    return None
