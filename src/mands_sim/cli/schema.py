"""``mands-sim schema``: print the JSON Schema of the scenario file format.

Editors that understand JSON Schema can check scenario files as they are written (TOML editors
such as Taplo and Even Better TOML accept one). The schema is generated from the same models
that validate scenarios, so it cannot drift from what ``mands-sim validate`` accepts; checks
across the file (places named, ids unique, sheets present) are only made by ``validate``.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from mands_sim.cli import COMMANDS
from mands_sim.plugins import make_plugin_manager
from mands_sim.registry import collect_registries
from mands_sim.rulesets import each_ruleset
from mands_sim.scenario import scenario_json_schema


def add_parser(subparsers: Any) -> None:
    """Register ``schema`` on the ``mands-sim`` command line."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "schema",
        help=COMMANDS["schema"].help,
        description="Print the JSON Schema (draft 2020-12) of the scenario file format.",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the schema, with the installed plugins' named defaults, as indented JSON; exit
    status 0."""
    kinds = tuple(
        dict.fromkeys(
            kind
            for _, pm in each_ruleset(make_plugin_manager)
            for kind in collect_registries(pm).default_kinds()
        )
    )
    print(json.dumps(scenario_json_schema(kinds), indent=2, ensure_ascii=False))
    return 0
