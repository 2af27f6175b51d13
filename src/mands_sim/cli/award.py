"""``mands-sim award``: the Editing Points a session earns, and what they do to Experience.

Seed 000 "Editing Points": 1 point per hour played × the toughness multiplier (1 to 1.5) × the
Experience multiplier; points used in play are added to Experience, and each Experience row
reached brings its bonuses. Two ways to give the toughness::

    mands-sim award --toughness 1.3 --hours 4 --experience seraph=35
    mands-sim award scenarios/mob.toml --runs 500 --hours 3 --used seraph=4

The first takes the multiplier as given; the second measures it: it plays the scenario's batch
(as ``mands-sim run``) and reads the verdict's multiplier (G-71), and the heroes are the
scenario's first side. ``--experience`` and ``--used`` name a character with ``ID=N`` and may be
repeated; characters not named have Experience 0 (a new character) and used nothing.
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from pathlib import Path
from typing import Any

from rich.console import Console

from mands_sim.charts.loading import load_standard_charts
from mands_sim.cli import COMMANDS, STANDARD_OUTPUT, emit_json, json_option
from mands_sim.cli.run import batch_arguments, batch_options, played_batch
from mands_sim.errors import MandsSimError
from mands_sim.report.awards import DEFAULT_HOURS, award_section, awards_for, render_terminal
from mands_sim.report.summary import build_summary
from mands_sim.report.verdict import STEPS

DEFAULT_HERO = "hero"
"""The character named in the award when no scenario and no ``--experience`` names one."""


class AwardArgumentError(MandsSimError):
    """A malformed ``mands-sim award`` argument (printed as one line, exit status 2)."""


def add_parser(subparsers: Any) -> None:
    """Register ``award`` on the ``mands-sim`` command line."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "award",
        help=COMMANDS["award"].help,
        description="Seed 000: hours played x toughness multiplier x Experience multiplier. "
        "Give the multiplier (--toughness) or a scenario whose batch measures it (G-71).",
    )
    parser.add_argument("scenario", type=Path, nargs="?", help="scenario file (TOML) to measure")
    parser.add_argument("--toughness", type=Fraction, metavar="M", help="multiplier, 1 to 1.5")
    parser.add_argument(
        "--hours",
        type=Fraction,
        default=Fraction(DEFAULT_HOURS),
        metavar="H",
        help=f"hours played (default {DEFAULT_HOURS})",
    )
    parser.add_argument(
        "--experience",
        action="append",
        default=[],
        metavar="ID=N",
        help="a hero's Experience before the session (repeat for each hero; default 0)",
    )
    parser.add_argument(
        "--used",
        action="append",
        default=[],
        metavar="ID=N",
        help="Editing Points a hero used in play (repeat for each hero; from a scenario: "
        "measured over its runs)",
    )
    batch_arguments(parser)
    json_option(parser, "the section")
    parser.set_defaults(func=award_command)


def named_numbers(values: list[str], option: str) -> dict[str, int]:
    """``["seraph=35"]`` → ``{"seraph": 35}``; anything else is an :class:`AwardArgumentError`."""
    named: dict[str, int] = {}
    for value in values:
        name, _, number = value.partition("=")
        if not name or not number.strip().lstrip("-").isdigit():
            raise AwardArgumentError(f"{option} expects ID=N (a whole number), not {value!r}")
        named[name.strip()] = int(number)
    return named


def word_for(multiplier: Fraction) -> str:
    """The G-71 word of a multiplier (1.3 → "very hard"), or the multiplier itself."""
    for word, value in STEPS:
        if Fraction(str(value)) == multiplier:
            return word
    return f"×{float(multiplier):g}"


def award_command(args: argparse.Namespace) -> int:
    experience = named_numbers(args.experience, "--experience")
    used = named_numbers(args.used, "--used")
    try:
        section = _section(args, experience, used)
    except ValueError as error:  # seed 000's limits: toughness 1 to 1.5, hours ≥ 0
        raise AwardArgumentError(str(error)) from error
    if args.json != STANDARD_OUTPUT:
        render_terminal(section, Console())
    if args.json:
        emit_json(section, args.json, "award")
    return 0


def _section(
    args: argparse.Namespace, experience: dict[str, int], used: dict[str, int]
) -> dict[str, Any]:
    if args.scenario is not None:
        return _measured(args, experience, used)
    if args.toughness is None:
        raise AwardArgumentError("give a scenario to measure, or --toughness M")
    heroes = list(dict.fromkeys([*experience, *used])) or [DEFAULT_HERO]
    return awards_for(
        heroes,
        word=word_for(args.toughness),
        toughness=args.toughness,
        charts=load_standard_charts(),
        hours=args.hours,
        experience=experience,
        used=used,
    )


def _measured(
    args: argparse.Namespace, experience: dict[str, int], used: dict[str, int]
) -> dict[str, Any]:
    """The section at the toughness the scenario's batch measures (G-71)."""
    result = played_batch(args, args.scenario, batch_options(args), Console(stderr=True))
    return award_section(
        build_summary(result),
        load_standard_charts(result.scenario.rule_defaults),
        hours=args.hours,
        experience=experience,
        used=used,
    )
