"""Every d100 roll goes through the one seam (``mands_sim.percent_rolls``), so a rule that
changes d100 rolls (seed 001 "Control Chance": "three times PR for d100 rolls", G-113) reaches
them all: no plugin rolls a raw d100 itself.

The scan reads each plugin module's syntax tree and refuses the raw d100 helpers of
``mands_sim.dice`` and ``mands_sim.rolls`` (imported or reached as attributes), a die of 100
faces asked for directly (``.face(100)``, a module constant of 100 included) and a dice
expression of d100 (``parse_dice("d100")``, ``DiceExpression(1, 100)``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PLUGINS = Path(__file__).resolve().parents[2] / "src" / "mands_rulebook"
RAW_D100 = frozenset(
    {"roll_d100", "percent_chance", "roll_until_missed", "roll_knowledge", "save_d100"}
)
"""``mands_sim.dice`` and ``mands_sim.rolls`` names that roll a d100 on a bare dice source."""
D100_TEXT = re.compile(r"\d*\s*[dD]\s*100\b")
HUNDRED = 100


def hundreds(tree: ast.Module) -> set[str]:
    """Module-level names bound to 100 (``_D100: Final = 100``)."""
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign):
            targets, value = [node.target], node.value
        else:
            continue
        if isinstance(value, ast.Constant) and value.value == HUNDRED:
            found |= {t.id for t in targets if isinstance(t, ast.Name)}
    return found


def is_hundred(node: ast.expr, named: set[str]) -> bool:
    return (isinstance(node, ast.Constant) and node.value == HUNDRED) or (
        isinstance(node, ast.Name) and node.id in named
    )


def called_name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def raw_d100_uses(source: str) -> list[str]:
    """Each raw d100 in ``source``, as ``line: what``."""
    tree = ast.parse(source)
    named = hundreds(tree)
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found += [f"{node.lineno}: imports {a.name}" for a in node.names if a.name in RAW_D100]
        elif isinstance(node, ast.Name | ast.Attribute):
            name = node.id if isinstance(node, ast.Name) else node.attr
            found += [f"{node.lineno}: uses {name}"] if name in RAW_D100 else []
        elif isinstance(node, ast.Call):
            found += call_problems(node, named)
    return found


def call_problems(call: ast.Call, named: set[str]) -> list[str]:
    name, args = called_name(call), call.args
    if name == "face" and args and is_hundred(args[0], named):
        return [f"{call.lineno}: a die of 100 faces"]
    if name == "parse_dice" and args and isinstance(args[0], ast.Constant):
        text = str(args[0].value)
        return [f"{call.lineno}: parse_dice({text!r})"] if D100_TEXT.fullmatch(text) else []
    if name == "DiceExpression" and len(args) > 1 and is_hundred(args[1], named):
        return [f"{call.lineno}: a DiceExpression of d100"]
    return []


def plugin_modules() -> list[Path]:
    return sorted(PLUGINS.rglob("*.py"))


@pytest.mark.parametrize("path", plugin_modules(), ids=lambda p: str(p.relative_to(PLUGINS)))
def test_no_plugin_rolls_a_raw_d100(path: Path) -> None:
    assert raw_d100_uses(path.read_text(encoding="utf-8")) == [], (
        "roll d100 through mands_sim.percent_rolls (percent_roll, percent_save, character_d100, "
        "number_roll; sheet_d100 when a character is made)"
    )


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("from mands_sim.dice import roll_d100\n", "1: imports roll_d100"),
        ("import mands_sim.rolls as r\nr.save_d100(d, score=1)\n", "2: uses save_d100"),
        ("SIDES: Final = 100\nx = dice.face(SIDES)\n", "2: a die of 100 faces"),
        ("x = dice.face(100)\n", "1: a die of 100 faces"),
        ("x = parse_dice('d100').roll(dice)\n", "1: parse_dice('d100')"),
        ("x = DiceExpression(2, 100).roll(dice)\n", "1: a DiceExpression of d100"),
    ],
)
def test_the_scan_finds_each_way_of_rolling_a_raw_d100(source: str, found: str) -> None:
    assert found in raw_d100_uses(source)


def test_the_scan_lets_the_seam_and_other_dice_pass() -> None:
    source = (
        "from mands_sim.percent_rolls import percent_roll\n"
        "x = percent_roll(encounter, 'a', 'save', 40)\n"
        "y = dice.face(6) + parse_dice('d10').roll(dice).total + DiceExpression(3, 6).count\n"
    )
    assert raw_d100_uses(source) == []
