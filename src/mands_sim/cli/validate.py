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
from typing import Any

from mands_sim.cli import COMMANDS
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
    parser.add_argument("files", nargs="+", metavar="FILE", help="scenario files (TOML)")
    add_plugin_arguments(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Validate every file in ``args.files``; 0 if all are valid, else 2."""
    registries = collect_registries(plugin_manager_from_args(args))
    failed = [file for file in args.files if not _valid(file, registries, args.disable)]
    return 2 if failed else 0


def _valid(file: str, registries: Registries, disabled: list[str]) -> bool:
    try:
        scenario = load_scenario(file)
        if scenario.disabled_plugins:  # its own plugins: as the simulation loads them
            registries = Simulation(scenario, disabled=tuple(disabled)).prepare().registries
        check_scenario(registries, scenario)
    except MandsSimError as error:
        print(f"mands-sim: error: {error}", file=sys.stderr)
        return False
    print(f"{file}: ok")
    return True
