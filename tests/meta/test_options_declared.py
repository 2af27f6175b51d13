"""Every intent option the code reads is declared for some action, and every declared one is read.

``mands-sim validate`` refuses a policy rule giving an action an option not declared for it
(``mands_sim.action_options``), so an option read but declared nowhere could never be asked
for, and one declared but read nowhere would pass ``validate`` and silently do nothing. The
scan reads the source of the rulebook plugins, the example plugins and mands-sim itself (AST)
for every read of an intent's options:

* ``intent.whole(KEY)`` and the other typed readers (``number``, ``text``, ``names``) on any
  expression ending in ``intent`` (``action.intent``);
* ``intent.options.get(KEY, ...)``, ``intent.options[KEY]``, ``KEY in intent.options`` — on
  any expression ending in ``intent.options`` (``action.intent.options``), or on a local name
  bound to one (``options = action.intent.options``);
* ``KEY`` a string, a module constant (``WEAPON_OPTION``, resolved by importing the module), a
  name looped over a literal tuple (``for key in ("power", "skill")``), or a parameter of the
  enclosing function, followed to every call of that function in its module
  (``option(intent, "lock_type")``). A key the scan cannot name fails the test.

An option a rule sets on the intent it rolls itself (:data:`SET_BY_RULES`) is read but not
declared, so ``validate`` refuses it from a policy. A tactic's ``options`` and a policy's
``policy_options`` are not intent options: tactics declare theirs in ``Tactic.options``
(checked by ``validate`` the same way), policies check their own.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from mands_sim.actions import ActionOption
from mands_sim.plugins import installed_entry_points, make_plugin_manager
from mands_sim.registry import collect_registries

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = {
    ROOT / "src" / "mands_rulebook": "mands_rulebook",
    ROOT / "src" / "mands_sim": "mands_sim",
    ROOT / "plugins" / "examples" / "mands-sim-sonic" / "src": "",
    ROOT / "plugins" / "mands-sim-microlite" / "src": "",
}
THIRD_PARTY = [e.name for e in installed_entry_points() if not e.name.startswith("mands_rulebook.")]
"""Installed plugins that are not the rulebook's (the example plugin): docs/policies.md lists
the rulebook's actions."""
REGISTRIES = collect_registries(make_plugin_manager(environ={}, disabled=THIRD_PARTY))
SET_BY_RULES = {
    "thrown_ranges": "a thrown weapon's or object's ranges, set by the throw (weapons.thrown, "
    "thrown_objects) for the range rule",
}


@dataclass(frozen=True, slots=True)
class Read:
    """One read of an intent option: where, and the option's name (``None``: not found)."""

    path: str
    line: int
    name: str | None

    def __str__(self) -> str:
        return f"{self.path}:{self.line} reads {self.name or 'an option the scan cannot name'}"


def module_name(path: Path) -> str:
    root = max((r for r in PACKAGES if r in path.parents), key=lambda r: len(r.parts))
    parts = [*path.relative_to(root).with_suffix("").parts]
    parts = parts[:-1] if parts[-1] == "__init__" else parts
    return ".".join(part for part in [PACKAGES[root], *parts] if part)


def source_files() -> list[Path]:
    files = [*(ROOT / "plugins").rglob("*.py"), *(ROOT / "src").rglob("*.py")]  # examples too
    return sorted(path for path in files if "tests" not in path.relative_to(ROOT).parts)


def is_intent_options(node: ast.expr, bound: set[str]) -> bool:
    """``intent.options``, ``<anything>.intent.options``, or a local name bound to one."""
    if isinstance(node, ast.Name):
        return node.id in bound
    if not (isinstance(node, ast.Attribute) and node.attr == "options"):
        return False
    return is_intent(node.value)


READERS = frozenset({"number", "whole", "text", "names"})
"""``Intent``'s typed readers of an option (``intent.whole(KEY)``)."""


def is_intent(node: ast.expr) -> bool:
    """``intent`` or ``<anything>.intent``."""
    return (isinstance(node, ast.Name) and node.id == "intent") or (
        isinstance(node, ast.Attribute) and node.attr == "intent"
    )


def read_key(node: ast.AST, bound: set[str]) -> ast.expr | None:
    """The key expression ``node`` reads from an intent's options, if it is such a read."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.args
        and node.func.attr in READERS
        and is_intent(node.func.value)
    ):
        return node.args[0]
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.args
        and node.func.attr == "get"
        and is_intent_options(node.func.value, bound)
    ):
        return node.args[0]
    if isinstance(node, ast.Subscript) and is_intent_options(node.value, bound):
        return node.slice
    if isinstance(node, ast.Compare) and isinstance(node.ops[0], ast.In | ast.NotIn):
        return node.left if is_intent_options(node.comparators[0], bound) else None
    return None


class ModuleScan:
    """The intent-option reads of one module."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.shown = str(path.relative_to(ROOT))
        self.tree = ast.parse(path.read_text(encoding="utf-8"))
        self.name = module_name(path)

    def reads(self) -> Iterator[Read]:
        for function in ast.walk(self.tree):
            if isinstance(function, ast.FunctionDef | ast.Lambda):
                yield from self._function_reads(function)

    def _function_reads(self, function: ast.FunctionDef | ast.Lambda) -> Iterator[Read]:
        bound = bound_names(function)
        for node in ast.walk(function):
            key = read_key(node, bound)
            if key is not None and innermost(function, node):
                for name in self.names(key, function):
                    yield Read(self.shown, node.lineno, name)

    def names(self, key: ast.expr, function: ast.AST) -> list[str | None]:
        """The option names ``key`` can be (``[None]``: the scan cannot tell)."""
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            return [key.value]
        if not isinstance(key, ast.Name):
            return [None]
        looped = loop_values(function, key.id)
        if looped is not None:
            return [value for each in looped for value in self.names(each, function)]
        if isinstance(function, ast.FunctionDef) and key.id in parameters(function):
            return self.passed(function, key.id)
        return [self.constant(key.id)]

    def constant(self, name: str) -> str | None:
        value = getattr(importlib.import_module(self.name), name, None)
        return value if isinstance(value, str) else None

    def passed(self, function: ast.FunctionDef, parameter: str) -> list[str | None]:
        """What every call of ``function`` in this module passes as ``parameter``."""
        position = parameters(function).index(parameter)
        found: list[str | None] = []
        for call in ast.walk(self.tree):
            if not (isinstance(call, ast.Call) and called(call) == function.name):
                continue
            given = argument(call, position, parameter)
            if given is not None:
                found.extend(self.names(given, enclosing(self.tree, call)))
        return found or [None]


def bound_names(function: ast.AST) -> set[str]:
    """Local names assigned an intent's options in ``function``."""
    return {
        target.id
        for node in ast.walk(function)
        if isinstance(node, ast.Assign) and is_intent_options(node.value, set())
        for target in node.targets
        if isinstance(target, ast.Name)
    }


def innermost(function: ast.AST, node: ast.AST) -> bool:
    """``node`` belongs to ``function`` itself, not to a function nested in it."""
    return not any(
        node in ast.walk(inner)
        for inner in ast.walk(function)
        if inner is not function and isinstance(inner, ast.FunctionDef | ast.Lambda)
    )


def parameters(function: ast.FunctionDef) -> list[str]:
    return [arg.arg for arg in [*function.args.posonlyargs, *function.args.args]]


def loop_values(function: ast.AST, name: str) -> list[ast.expr] | None:
    for node in ast.walk(function):
        if (
            isinstance(node, ast.For | ast.comprehension)
            and isinstance(node.target, ast.Name)
            and node.target.id == name
            and isinstance(node.iter, ast.Tuple | ast.List)
        ):
            return list(node.iter.elts)
    return None


def called(call: ast.Call) -> str | None:
    func = call.func
    return func.id if isinstance(func, ast.Name) else None


def argument(call: ast.Call, position: int, parameter: str) -> ast.expr | None:
    keyword = next((k.value for k in call.keywords if k.arg == parameter), None)
    return call.args[position] if position < len(call.args) else keyword


def enclosing(tree: ast.Module, node: ast.AST) -> ast.AST:
    functions = [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)]
    inside = [f for f in functions if node in ast.walk(f)]
    return min(inside, key=lambda f: len(list(ast.walk(f))), default=tree)


def all_reads() -> list[Read]:
    return [read for path in source_files() for read in ModuleScan(path).reads()]


READS = all_reads()
DECLARED = {
    option.name: action
    for action, options in REGISTRIES.action_options.items()
    for option in options
}


OPTIONS_DOC = ROOT / "docs" / "policies.md"
OPTIONS_HEADING = "### Action options"


def option_row(option: ActionOption) -> str:
    return f"`{option.name}` ({option.kind}): {option.summary}"


def options_section() -> str:
    """The section of ``docs/policies.md`` listing every action's options, as it must read."""
    everywhere = set.intersection(
        *({o.name for o in options} for options in REGISTRIES.action_options.values())
    )
    first = next(iter(REGISTRIES.action_options.values()))
    common = [f"- {option_row(o)}" for o in first if o.name in everywhere]
    rows = [
        f"| `{action}` | {'<br>'.join(option_row(o) for o in own)} |"
        for action, options in REGISTRIES.action_options.items()
        if (own := [o for o in options if o.name not in everywhere])
    ]
    return "\n".join(
        [
            OPTIONS_HEADING,
            "",
            "Every action takes:",
            "",
            *common,
            "",
            "and these besides (an action not listed takes no other):",
            "",
            "| action | options |",
            "|---|---|",
            *rows,
        ]
    )


def test_the_policies_doc_lists_every_actions_options() -> None:
    doc = OPTIONS_DOC.read_text(encoding="utf-8")
    listed = OPTIONS_HEADING + doc.split(OPTIONS_HEADING, 1)[-1].split("\n#", 1)[0]
    assert listed.rstrip() == options_section(), (
        "docs/policies.md 'Action options' is out of step: print options_section() and paste it"
    )


def test_the_scan_finds_the_reads_of_plugins_and_core() -> None:
    files = {read.path for read in READS}
    assert len(READS) >= 100
    assert "src/mands_rulebook/kit/maintained.py" in files
    assert "src/mands_sim/policy/tactician.py" in files


def test_the_scan_names_every_option_read() -> None:
    unnamed = [str(read) for read in READS if read.name is None]
    assert unnamed == [], "write the option's name as a string or a module constant"


@pytest.mark.parametrize("read", [r for r in READS if r.name is not None], ids=str)
def test_every_option_read_is_declared_for_some_action(read: Read) -> None:
    assert read.name in DECLARED or read.name in SET_BY_RULES, (
        f"{read}, which no action declares: add it to the action's options, or declare it "
        "with mands_action_options in the plugin that reads it"
    )


def test_every_declared_option_is_read_somewhere() -> None:
    read = {r.name for r in READS}
    unread = sorted(f"{name} (on {on})" for name, on in DECLARED.items() if name not in read)
    assert unread == [], "declared options no rule reads"


def test_options_set_by_rules_are_not_declared() -> None:
    assert sorted(set(SET_BY_RULES) & set(DECLARED)) == []


def test_a_read_through_a_helper_is_followed_to_its_callers() -> None:
    tree = ast.parse(
        "def option(intent, key):\n    return intent.options.get(key, 0)\n"
        "def hurry(intent):\n    return option(intent, 'hurry')\n"
    )
    scan = ModuleScan.__new__(ModuleScan)
    scan.tree, scan.name, scan.shown = tree, "mands_sim", "x.py"

    assert [read.name for read in scan.reads()] == ["hurry"]
