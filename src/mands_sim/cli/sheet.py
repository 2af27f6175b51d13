"""``mands-sim sheet PATH [--json]``: show a character sheet with its figured attributes.

The table lists abilities, attributes, figured attributes (with body-part DP), skills, powers,
knowledge, and the Handicaps and Weaknesses; figured values the sheet overrides are marked, and
so are those the plugins' skills and powers adjust (``mands_figured_adjustments``: Endurance
adds to EP …), with their sources. ``--json`` prints one JSON object keyed by the snake_case
names (``name``, ``mass``, ``damage_points``, ``robot``, ``weaknesses`` …). A malformed sheet
raises :class:`~mands_sim.errors.SheetError`, which the dispatcher reports on stderr with exit
status 2.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from dataclasses import asdict
from typing import Any

from rich.console import Console
from rich.table import Table

from mands_sim.cli import COMMANDS, STANDARD_OUTPUT, emit_json, json_option
from mands_sim.cli.plugins import add_plugin_arguments, plugin_manager_from_args
from mands_sim.defaults import STANDARD_DEFAULTS
from mands_sim.model.character import Character, build_character
from mands_sim.model.figured import FIGURED_ATTRIBUTE_NAMES, FiguredAdjustment
from mands_sim.model.sheet import CharacterSheet, load_sheet
from mands_sim.plugin_calls import figured_adjustments
from mands_sim.registry import build_charts, collect_registries

_LABELS = {
    "damage_points": "Damage Points (DP)",
    "virtual_damage_points": "Virtual Damage Points (VP)",
    "endurance_points": "Endurance Points (EP)",
    "skin_temper": "Skin Temper (ST)",
    "mass": "Mass (kg)",
}


def add_parser(subparsers: Any) -> None:
    """Register ``sheet`` on the ``mands-sim`` command line."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "sheet",
        help=COMMANDS["sheet"].help,
        description="Load a character sheet (TOML) and print it with its figured attributes.",
    )
    parser.add_argument("path", metavar="PATH", help="the character sheet file")
    json_option(parser, "the sheet and its figured attributes")
    add_plugin_arguments(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Show the sheet at ``args.path``; exit status 0."""
    sheet = load_sheet(args.path)
    pm = plugin_manager_from_args(args)
    charts = build_charts(collect_registries(pm).charts, STANDARD_DEFAULTS)
    adjustments = figured_adjustments(pm, sheet)
    character = build_character(
        sheet, charts=charts, defaults=STANDARD_DEFAULTS, adjustments=adjustments
    )
    if args.json:
        emit_json(character_json(character, adjustments), args.json, "sheet")
    if args.json != STANDARD_OUTPUT:
        _print_tables(character, adjustments, Console(highlight=False))
    return 0


def character_json(
    character: Character, adjustments: Iterable[FiguredAdjustment] = ()
) -> dict[str, Any]:
    """The character as one JSON-ready object: sheet sections, every figured attribute, and the
    plugins' adjustments (``attribute``, ``delta``, ``source``)."""
    sheet = character.sheet
    return {
        "name": sheet.name,
        "is_special": sheet.is_special,
        "abilities": asdict(sheet.abilities),
        "attributes": asdict(sheet.attributes),
        **character.figured.as_dict(),
        "skills": dict(sheet.skills),
        "powers": {
            name: {
                "power_rating": power.power_rating,
                "percent_control": power.percent_control,
                **power.extra,
            }
            for name, power in sheet.powers.items()
        },
        "knowledge": dict(sheet.knowledge),
        "equipment": list(sheet.equipment),
        "robot": sheet.is_robot,
        "weaknesses": [
            {"kind": w.kind, "name": w.name, **{k: _plain(v) for k, v in w.parameters.items()}}
            for w in sheet.weaknesses
        ],
        "overridden": sorted(sheet.overrides),
        "adjustments": [asdict(adjustment) for adjustment in adjustments],
    }


def _plain(value: object) -> object:
    """A weakness parameter for JSON: a list of names as a list."""
    return list(value) if isinstance(value, tuple) else value


def _weakness_rows(sheet: CharacterSheet) -> list[tuple[str, str]]:
    """Each weakness: its name, then its kind and parameters."""
    rows = []
    for w in sheet.weaknesses:
        shown = ", ".join(f"{k} = {_plain(v)}" for k, v in w.parameters.items())
        rows.append((w.name, w.kind + (f" ({shown})" if shown else "")))
    return rows


def _print_tables(
    character: Character, adjustments: Iterable[FiguredAdjustment], console: Console
) -> None:
    sheet = character.sheet
    kind = "Special" if sheet.is_special else "Normal"
    robot = ", Intelligent Robot" if sheet.is_robot else ""
    console.print(f"[bold]{sheet.name}[/bold] ({kind} character{robot})")
    console.print(_pairs("Abilities", asdict(sheet.abilities).items()))
    console.print(_pairs("Attributes", asdict(sheet.attributes).items()))
    console.print(_pairs("Figured attributes", _figured_rows(character, adjustments)))
    if sheet.skills:
        console.print(_pairs("Skills", sheet.skills.items(), header=("Skill", "Level")))
    if sheet.powers:
        console.print(_powers_table(character))
    if sheet.knowledge:
        console.print(_pairs("Knowledge", sheet.knowledge.items(), header=("Knowledge", "Score")))
    if sheet.weaknesses:
        rows = _weakness_rows(sheet)
        console.print(_pairs("Handicaps and Weaknesses", rows, header=("Weakness", "Kind")))


def _pairs(
    title: str, rows: Iterable[tuple[str, object]], header: tuple[str, str] = ("", "")
) -> Table:
    table = Table(title=title, title_justify="left", show_header=any(header))
    table.add_column(header[0])
    table.add_column(header[1], justify="right")
    for name, value in rows:
        table.add_row(_LABELS.get(name, name.replace("_", " ").title()), str(value))
    return table


def _figured_rows(
    character: Character, adjustments: Iterable[FiguredAdjustment]
) -> list[tuple[str, str]]:
    figured, overridden = character.figured, character.sheet.overrides
    by_attribute: dict[str, list[FiguredAdjustment]] = {}
    for adjustment in adjustments:
        by_attribute.setdefault(adjustment.attribute, []).append(adjustment)
    rows = []
    for name in FIGURED_ATTRIBUTE_NAMES:
        text = _figured_text(name, getattr(figured, name))
        if name in overridden:
            text += " (override)"
        elif name in by_attribute:
            text += " (" + ", ".join(f"{a.delta:+g} {a.source}" for a in by_attribute[name]) + ")"
        rows.append((name, text))
    return rows


def _figured_text(name: str, value: Any) -> str:
    if name == "mass":
        return f"{value:.1f}"
    if name == "damage_points":
        return (
            f"{value.body} (head {value.head}, neck {value.neck}, "
            f"each arm {value.arm}, legs {value.legs})"
        )
    if name == "skin_temper":
        return f"row {value.row} (×{value.multiplier})"
    return str(value)


def _powers_table(character: Character) -> Table:
    table = Table(title="Powers", title_justify="left")
    for column in ("Power", "PR", "%Control", "Other"):
        table.add_column(column)
    for name, power in character.sheet.powers.items():
        other = ", ".join(f"{key} {value}" for key, value in power.extra.items())
        table.add_row(name, _blank(power.power_rating), _blank(power.percent_control), other)
    return table


def _blank(value: int | None) -> str:
    return "" if value is None else str(value)
