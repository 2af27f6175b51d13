"""``mands-sim generate``: characters made by the rulebook's procedure, written as sheets.

    mands-sim generate --kind grunt --count 4 --seed 1 --out scenarios/characters
    mands-sim generate --kind villain --power "Fire Coat" --seed 7
    mands-sim generate --like scenarios/characters/seraph.toml --seed 3 --out -

Each sheet is ``KIND-sSEED-N.toml`` in ``--out`` (default: the current directory; ``-`` prints a
single sheet on standard output), opens with the comment block that says how it was made, and
reads as any other sheet (``mands-sim sheet``, a scenario's ``sheet = ...``). An existing file is
never overwritten without ``--force``. The procedure: ``docs/character-generation.md``.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Final

from mands_rulebook.creation.choices import CreationDefaults
from mands_sim.api import CommandDefinition, Register, defaults_summary, hookimpl

KINDS: Final = ("hero", "villain", "grunt")


def generate_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``mands-sim generate``."""
    parser.add_argument(
        "--kind",
        choices=KINDS,
        help="hero or villain (Special, with powers) or grunt (a Normal); default hero, "
        "or the --like sheet's",
    )
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="dice seed (default 0)")
    parser.add_argument("--count", type=int, default=1, metavar="N", help="how many (default 1)")
    parser.add_argument(
        "--out",
        default=".",
        metavar="DIR",
        help="where the sheets go (default: here; '-' prints one sheet)",
    )
    parser.add_argument(
        "--power",
        action="append",
        default=[],
        metavar="NAME",
        help="a power the character has before any roll (repeatable)",
    )
    parser.add_argument(
        "--level",
        type=int,
        default=0,
        metavar="N",
        help="Experience rows reached: +1 to an ability, Resist Death and Perception per row "
        "(G-305; default 0)",
    )
    parser.add_argument(
        "--like",
        type=Path,
        metavar="SHEET",
        help="of 64 characters drawn for each, keep the one whose fighting figures are nearest "
        "this sheet's",
    )
    parser.add_argument(
        "--default",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="switch a creation default (G-300, G-301, G-305: docs/rules/decisions.md)",
    )
    parser.add_argument("--force", action="store_true", help="overwrite existing sheet files")


def generate_command(args: argparse.Namespace) -> int:
    """Make the characters and write their sheets; exit status 0."""
    from mands_rulebook.creation.writing import write_generated

    return write_generated(args)


GENERATE_COMMAND: Final = CommandDefinition(
    "generate",
    "make heroes, villains or grunts by the rulebook's character creation, as sheet files",
    generate_arguments,
    generate_command,
    description="Seed 001 'Creating a Character' step by step: ability sets, Hero Types and "
    "extra powers, Power Rolls and %Control, attributes, age, skills, knowledge, weaknesses, "
    "Psychic Immunity and latent powers; every sheet says how it was made.",
)


@hookimpl
def mands_register_commands(register: Register) -> None:
    register(
        GENERATE_COMMAND.name, GENERATE_COMMAND, summary=GENERATE_COMMAND.help, source="rules text"
    )


@hookimpl
def mands_register_defaults(register: Register) -> None:
    """Register the named defaults of character creation (``docs/rules/decisions.md``)."""
    register(
        "creation",
        CreationDefaults,
        summary=defaults_summary(CreationDefaults),
        source="rules text",
    )


@hookimpl
def mands_register_sheet_makers(register: Register) -> None:
    """Register ``generate``: a scenario's character made from a recipe."""
    from mands_rulebook.creation.recipe import GENERATE

    register(GENERATE.name, GENERATE, summary=GENERATE.summary, source="rules text")
