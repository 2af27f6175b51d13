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
from typing import Final

from rich.console import Console

from mands_rulebook.experience.award_report import award_section, awards_for, measured_section
from mands_rulebook.kit.editing_points.awards import DEFAULT_HOURS
from mands_sim.api import (
    STANDARD_OUTPUT,
    TOUGHNESS_STEPS,
    CommandDefinition,
    MandsSimError,
    ReportSection,
    batch_arguments,
    emit_json,
    json_option,
    load_standard_charts,
    played_report,
    print_section,
)

DEFAULT_HERO: Final = "hero"
"""The character named in the award when no scenario and no ``--experience`` names one."""


class AwardArgumentError(MandsSimError):
    """A malformed ``mands-sim award`` argument (printed as one line, exit status 2)."""


def award_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``mands-sim award``."""
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
    for word, value in TOUGHNESS_STEPS:
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
        print_section(section, Console())
    if args.json:
        emit_json({**section.data, "headline": section.headline}, args.json, "award")
    return 0


def _section(
    args: argparse.Namespace, experience: dict[str, int], used: dict[str, int]
) -> ReportSection:
    if args.scenario is not None:
        return _measured(args, experience, used)
    if args.toughness is None:
        raise AwardArgumentError("give a scenario to measure, or --toughness M")
    heroes = list(dict.fromkeys([*experience, *used])) or [DEFAULT_HERO]
    charts = load_standard_charts()
    awards = awards_for(
        heroes,
        toughness=args.toughness,
        charts=charts,
        hours=args.hours,
        experience=experience,
        used=used,
    )
    return award_section(word_for(args.toughness), awards, charts)


def _measured(
    args: argparse.Namespace, experience: dict[str, int], used: dict[str, int]
) -> ReportSection:
    """The section at the toughness the scenario's batch measures (G-71)."""
    report = played_report(args, args.scenario)
    return measured_section(report, hours=args.hours, experience=experience, used=used)


AWARD_COMMAND: Final = CommandDefinition(
    "award",
    "the Editing Points a session earns at a toughness, and the Experience rows reached",
    award_arguments,
    award_command,
    description="Seed 000: hours played x toughness multiplier x Experience multiplier. "
    "Give the multiplier (--toughness) or a scenario whose batch measures it (G-71).",
)
