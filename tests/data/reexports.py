"""Test helpers for modules split into a facade and the modules behind it (the power kit, the
weapons, multiple opponents): what a module defines, and which of its names are hooks.

A facade re-exports the names of its modules (``__all__``) so their importers keep working; it
must never re-export a hook implementation, which pluggy would then register a second time.
"""

from __future__ import annotations

import ast
import inspect
from types import ModuleType

from mands_sim.hookspecs import PROJECT_NAME
from mands_sim.plugins import make_plugin_manager

IMPL_MARK = f"{PROJECT_NAME}_impl"
"""The attribute pluggy's ``HookimplMarker`` sets on a hook implementation."""


def defined_names(module: ModuleType) -> set[str]:
    """The public names ``module`` defines at its top level (not those it imports)."""
    found: set[str] = set()
    for node in ast.parse(inspect.getsource(module)).body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            found.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            found.add(node.target.id)
        elif isinstance(node, ast.Assign):
            found.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return {name for name in found if not name.startswith("_")}


def hook_implementations(module: ModuleType) -> set[str]:
    """The names in ``module`` pluggy would register as hook implementations."""
    return {name for name, value in vars(module).items() if hasattr(value, IMPL_MARK)}


def missing_re_exports(facade: ModuleType, module: ModuleType) -> list[str]:
    """The names ``module`` defines that ``facade`` does not re-export as the same object."""
    exported = set(getattr(facade, "__all__", ()))
    return sorted(
        name
        for name in defined_names(module) - hook_implementations(module)
        if name not in exported or getattr(facade, name, None) is not getattr(module, name)
    )


def registering_plugins(module: ModuleType) -> list[str]:
    """The plugin names under which a plugin manager of the installed plugins registered the
    hook implementations of ``module``: one per implementation when each is registered once."""
    own = {getattr(module, name) for name in hook_implementations(module)}
    callers = vars(make_plugin_manager(environ={}).hook).values()
    return [
        impl.plugin_name
        for caller in callers
        for impl in getattr(caller, "get_hookimpls", list)()
        if impl.function in own
    ]


def facade_problems(facade: ModuleType, module: ModuleType) -> list[str]:
    """What is wrong between a package's ``__init__`` and one of its modules: a name the module
    defines that the facade does not re-export, or a hook implementation in the module."""
    missing = [f"{name} not re-exported" for name in missing_re_exports(facade, module)]
    return missing + [f"hook {name} in a module" for name in sorted(hook_implementations(module))]


def registration_problems(plugin: ModuleType) -> list[str]:
    """Hook implementations of ``plugin`` registered other than once under its own name, or
    listed in its ``__all__`` (re-exported, they would be registered twice)."""
    own = hook_implementations(plugin)
    found = registering_plugins(plugin)
    wrong = [] if found == [plugin.__name__] * len(own) else [f"registered as {sorted(found)}"]
    exported = sorted(own & set(getattr(plugin, "__all__", ())))
    return wrong + [f"hook {name} in __all__" for name in exported]
