"""Plugin commands: a ``mands-sim`` subcommand a plugin adds, as ``llm`` and Datasette plugins
add theirs.

A plugin declares a :class:`CommandDefinition` and registers it (``mands_register_commands``):
``mands-sim NAME`` then parses its arguments with the plugin's ``arguments`` and calls its
``run``, which returns the exit status. ``mands-sim --help`` lists it after the built-in
commands with its ``help`` line. A command may not take a built-in command's name.

A command that plays a scenario's batch takes the same options as ``mands-sim run``
(:func:`mands_sim.cli.run.batch_arguments`) and plays it with :func:`played_report`; one that
has a result offers ``--json`` (:func:`mands_sim.cli.json_option`) and writes it with
:func:`mands_sim.cli.emit_json`; all of them are in the plugin API (:mod:`mands_sim.api`).
Errors of the :class:`~mands_sim.errors.MandsSimError` family it raises are printed as one line
with exit status 2, as the built-in commands' are.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Final

from mands_sim.report_sections import ReportInput

AddArguments = Callable[[argparse.ArgumentParser], None]
"""``arguments(parser)``: adds the command's arguments to its own parser."""

RunCommand = Callable[[argparse.Namespace], int]
"""``run(args) -> status``: does the command's work with the parsed arguments."""

MAX_HELP: Final = 200
"""The longest ``help`` line, in characters: ``--help`` shows one line per command."""


@dataclass(frozen=True, slots=True)
class CommandDefinition:
    """A subcommand of ``mands-sim``.

    Attributes:
        name: what follows ``mands-sim`` (``"award"``); letters, digits and ``-``.
        help: its line in ``mands-sim --help``.
        arguments: adds its arguments to its parser (:data:`AddArguments`).
        run: runs it and returns the exit status (:data:`RunCommand`).
        description: the longer text of ``mands-sim NAME --help`` (``help`` if empty).

    Raises:
        ValueError: a name that is not a word of letters, digits and ``-``, or a help line
            longer than :data:`MAX_HELP`.
    """

    name: str
    help: str
    arguments: AddArguments
    run: RunCommand
    description: str = ""

    def __post_init__(self) -> None:
        word = self.name.replace("-", "")
        if not word.isascii() or not word.isalnum() or self.name.startswith("-"):
            raise ValueError(f"a command's name is letters, digits and '-', not {self.name!r}")
        if len(self.help) > MAX_HELP:
            raise ValueError(f"a command's help line has {MAX_HELP} characters at most")


def played_report(args: argparse.Namespace, scenario: Path) -> ReportInput:
    """Play (or continue, or read from the store) the batch of ``scenario`` that the options of
    :func:`mands_sim.cli.run.batch_arguments` ask for, as ``mands-sim run`` does (a progress
    bar on standard error unless ``--quiet``), and return its report: the report data
    (``docs/reports.md``) and the scenario's named defaults, as a report section reads them.
    The command line's modules are imported only now, so a plugin that defines a command loads
    as fast as one that does not."""
    from rich.console import Console

    from mands_sim.cli.run import batch_options, played_batch
    from mands_sim.report.summary import build_summary

    result = played_batch(args, scenario, batch_options(args), Console(stderr=True))
    summary = MappingProxyType(build_summary(result))
    return ReportInput(summary, result.scenario.rule_defaults)


__all__ = ["MAX_HELP", "AddArguments", "CommandDefinition", "RunCommand", "played_report"]
