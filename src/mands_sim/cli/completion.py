"""``mands-sim completion SHELL``: a completion script for bash, zsh or tcsh.

Written by shtab from the whole command line's parser (:func:`mands_sim.cli.build_parser`), so
every command, option and choice completes as ``--help`` lists it; a scenario or sheet argument
completes file names. Installed once, for example ``mands-sim completion bash >
~/.local/share/bash-completion/completions/mands-sim``; pressing Tab then runs no Python.
"""

from __future__ import annotations

import argparse
from typing import Any, Final

from mands_sim.cli import COMMANDS

SHELLS: Final = ("bash", "zsh", "tcsh")
"""The shells shtab writes scripts for."""


def add_parser(subparsers: Any) -> None:
    """Register ``completion`` on the ``mands-sim`` command line."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "completion",
        help=COMMANDS["completion"].help,
        description="Print a completion script for SHELL; source it, or put it where your "
        "shell loads completions (bash: ~/.local/share/bash-completion/completions/mands-sim).",
    )
    parser.add_argument("shell", choices=SHELLS, metavar="SHELL", help=", ".join(SHELLS))
    parser.set_defaults(func=completion_command)


FILES: Final = frozenset({"scenario", "files", "first", "second", "path", "store", "html"})
"""Arguments (by ``dest``) that name a file: they complete file names, as do ``--json`` and
``--jsonl``."""


def completion_script(shell: str) -> str:
    """The completion script of the whole ``mands-sim`` command line for ``shell``."""
    import shtab

    from mands_sim.cli import build_parser

    parser = build_parser()
    for action in _actions(parser):
        if action.dest in FILES or action.dest.startswith("json"):
            action.complete = shtab.FILE  # type: ignore[attr-defined]
    return str(shtab.complete(parser, shell=shell))


def _actions(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """Every argument of ``parser`` and of its subcommands, however deep (``store list``)."""
    found = []
    for action in parser._actions:
        found.append(action)
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += _actions(sub)
    return found


def completion_command(args: argparse.Namespace) -> int:
    print(completion_script(args.shell))
    return 0
