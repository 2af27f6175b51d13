"""``mands-sim plugins``: list every loaded plugin and what it registered.

For each plugin: its name (the one ``--disable`` takes), its ruleset, version, where it came
from, the hooks it implements, and the powers, skills, actions, optional rules, policies,
charts and outcome conditions it registered, each with its source tag. ``--json`` prints the
same as JSON.

Other subcommands that build a plugin manager reuse :func:`add_plugin_arguments` and
:func:`plugin_manager_from_args`, so ``--disable`` works the same everywhere.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from functools import partial
from typing import Any

import pluggy

from mands_sim.cli import COMMANDS, STANDARD_OUTPUT, emit_json, json_option
from mands_sim.hookspecs import HOOK_API_VERSION
from mands_sim.plugins import DISABLE_ENV_VAR, MandsPluginManager, PluginInfo, make_plugin_manager
from mands_sim.registry import Entry, collect_registries
from mands_sim.rulesets import (
    ANY_RULESET,
    DEFAULT_RULESET,
    each_ruleset,
    plugin_rulesets,
)


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``plugins`` subcommand."""
    parser = subparsers.add_parser(
        "plugins",
        help=COMMANDS["plugins"].help,
        description="List every loaded plugin: name, version, origin, hooks, registrations.",
    )
    json_option(parser, "the listing")
    add_plugin_arguments(parser)
    parser.set_defaults(func=run)


def add_plugin_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--disable NAME`` (repeatable) to a subcommand that loads plugins."""
    parser.add_argument(
        "--disable",
        action="append",
        default=[],
        metavar="NAME",
        help=f"do not load the plugin NAME (repeatable; also {DISABLE_ENV_VAR}=name1,name2)",
    )


def plugin_manager_from_args(
    args: argparse.Namespace, ruleset: str | None = DEFAULT_RULESET
) -> MandsPluginManager:
    """A fresh plugin manager honouring ``--disable`` and the environment, with the plugins of
    ``ruleset`` (``None``: of every ruleset)."""
    return make_plugin_manager(disabled=args.disable, ruleset=ruleset)


def run(args: argparse.Namespace) -> int:
    from mands_sim.cli import plugin_commands

    pm = plugin_manager_from_args(args, ruleset=None)
    managers = each_ruleset(partial(plugin_manager_from_args, args))
    for _, each in managers:
        plugin_commands(each)  # a command named as a built-in one fails here, naming its plugin
    listing = plugin_listing(pm, managers)
    if args.json:
        emit_json(listing, args.json, "plugins")
    if args.json != STANDARD_OUTPUT:
        print(format_listing(listing))
    return 0


def plugin_listing(
    pm: MandsPluginManager, managers: Sequence[tuple[str, pluggy.PluginManager]] = ()
) -> dict[str, Any]:
    """The listing as plain data (what ``--json`` prints). With ``managers`` (one per ruleset,
    :func:`~mands_sim.rulesets.each_ruleset`), each ruleset's registrations are collected apart,
    so two games may use one name; without, ``pm``'s all together."""
    rulesets = plugin_rulesets(pm)
    entries: dict[str, list[Entry]] = {}
    for _, each in managers or [("", pm)]:
        for entry in collect_registries(each).all_entries():
            listed = entries.setdefault(entry.plugin, [])
            if entry not in listed:  # a plugin of any ruleset registers in each
                listed.append(entry)
    return {
        "hook_api_version": HOOK_API_VERSION,
        "plugins": [
            _plugin_data(info, entries.get(info.name, []), rulesets[info.name])
            for info in pm.plugin_infos()
        ],
        "disabled": list(pm.disabled()),
    }


def format_listing(listing: dict[str, Any]) -> str:
    """The listing as text for a terminal."""
    lines = [f"mands-sim hook API {listing['hook_api_version']}"]
    for plugin in listing["plugins"]:
        lines.extend(_plugin_lines(plugin))
    disabled = ", ".join(listing["disabled"]) or "none"
    lines.append(f"disabled: {disabled}")
    return "\n".join(lines)


def _plugin_data(info: PluginInfo, entries: list[Entry], ruleset: str) -> dict[str, Any]:
    return {
        "name": info.name,
        "ruleset": ruleset,
        "version": info.version,
        "origin": info.origin,
        "distribution": info.distribution,
        "module": info.module,
        "hooks": list(info.hooks),
        "registered": [_entry_data(entry) for entry in entries],
    }


def _entry_data(entry: Entry) -> dict[str, Any]:
    return {
        "kind": entry.kind,
        "name": entry.name,
        "source": entry.source,
        "summary": entry.summary,
        "replaces": entry.replaces,
    }


def _plugin_lines(plugin: dict[str, Any]) -> list[str]:
    version = plugin["version"] or "(no version)"
    origin = plugin["origin"]
    if plugin["distribution"]:
        origin += f", {plugin['distribution']}"
    lines = [
        f"{plugin['name']} {version} — {origin}, module {plugin['module']}",
        f"  ruleset: {_ruleset_words(plugin['ruleset'])}",
        f"  hooks: {', '.join(plugin['hooks']) or 'none'}",
    ]
    for entry in plugin["registered"]:
        replaces = f" (replaces {entry['replaces']}'s)" if entry["replaces"] else ""
        lines.append(
            f"  {entry['kind']} {entry['name']!r} [{entry['source']}]{replaces}: {entry['summary']}"
        )
    return lines


def _ruleset_words(ruleset: str) -> str:
    return "any" if ruleset == ANY_RULESET else ruleset
