"""Test helpers about hook implementations: which names of a module pluggy would register as
hooks, and under which plugin names a plugin manager of the installed plugins registered them."""

from __future__ import annotations

from types import ModuleType

from mands_sim.hookspecs import PROJECT_NAME
from mands_sim.plugins import make_plugin_manager

IMPL_MARK = f"{PROJECT_NAME}_impl"
"""The attribute pluggy's ``HookimplMarker`` sets on a hook implementation."""


def hook_implementations(module: ModuleType) -> set[str]:
    """The names in ``module`` pluggy would register as hook implementations."""
    return {name for name, value in vars(module).items() if hasattr(value, IMPL_MARK)}


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


def registration_problems(plugin: ModuleType) -> list[str]:
    """Hook implementations of ``plugin`` registered other than once under its own name, or
    listed in its ``__all__`` (re-exported, they would be registered twice)."""
    own = hook_implementations(plugin)
    found = registering_plugins(plugin)
    wrong = [] if found == [plugin.__name__] * len(own) else [f"registered as {sorted(found)}"]
    exported = sorted(own & set(getattr(plugin, "__all__", ())))
    return wrong + [f"hook {name} in __all__" for name in exported]
