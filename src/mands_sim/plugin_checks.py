"""Strict loading: what a plugin must satisfy before any of its hooks is registered.

Plugin authors in pluggy ecosystems lose most time to hooks that are silently ignored: a
misspelled name, a forgotten marker. The naming convention of ``mands_sim.hookspecs`` (every hook
name starts with ``mands_``) defines what *looks like a hook*, so all three mistakes fail at load
with :class:`~mands_sim.errors.PluginValidationError` naming the plugin and the function:

* a function or method whose name starts with ``mands_`` but is not marked ``@hookimpl``;
* a marked implementation whose name (or ``specname``) matches no hook specification — unless
  marked ``optionalhook=True``, the author's explicit "this hook may not exist";
* an implementation taking a parameter its hook specification lacks.
"""

from __future__ import annotations

import difflib
import inspect
from collections.abc import Iterator
from typing import Any

import pluggy

from mands_sim.errors import PluginValidationError
from mands_sim.hookspecs import HOOK_PREFIX


def check_plugin(pm: pluggy.PluginManager, plugin: object, name: str) -> None:
    """Raise :class:`PluginValidationError` naming ``name`` if ``plugin`` breaks a rule above."""
    for attribute, function in hook_candidates(plugin):
        opts = pm.parse_hookimpl_opts(plugin, attribute)
        if opts is None:
            if attribute.startswith(HOOK_PREFIX):
                _fail_unmarked(pm, name, attribute)
            continue
        hook_name = opts.get("specname") or attribute
        caller: pluggy.HookCaller | None = getattr(pm.hook, hook_name, None)
        if caller is None or caller.spec is None:
            if not opts.get("optionalhook"):
                _fail_unknown(pm, name, hook_name)
            continue
        _check_parameters(name, hook_name, function, caller.spec)


def hook_candidates(plugin: object) -> Iterator[tuple[str, Any]]:
    """``(name, callable)`` for each function or method of ``plugin``, sorted by name.

    Attributes are looked up statically first, so properties are never run; modules a plugin
    imports (``import mands_sim``) are not functions and are skipped.
    """
    for attribute in sorted(dir(plugin)):
        raw = inspect.getattr_static(plugin, attribute, None)
        if isinstance(raw, staticmethod | classmethod):
            raw = raw.__func__
        if inspect.isfunction(raw) or inspect.ismethod(raw):
            yield attribute, getattr(plugin, attribute)


def hook_names(pm: pluggy.PluginManager) -> list[str]:
    """The names of every hook specification known to ``pm``, sorted."""
    return sorted(
        name
        for name, caller in vars(pm.hook).items()
        if isinstance(caller, pluggy.HookCaller) and caller.spec is not None
    )


def _check_parameters(plugin: str, hook_name: str, function: Any, spec: Any) -> None:
    accepted = {*spec.argnames, *spec.kwargnames}
    extra = [param for param in inspect.signature(function).parameters if param not in accepted]
    if extra:
        raise PluginValidationError(
            plugin,
            f"implementation takes parameter(s) {', '.join(repr(p) for p in extra)} that the hook "
            f"does not have; its parameters are ({', '.join(spec.argnames)})",
            hook_name,
        )


def _fail_unmarked(pm: pluggy.PluginManager, plugin: str, attribute: str) -> None:
    raise PluginValidationError(
        plugin,
        f"function {attribute!r} looks like a hook (its name starts with {HOOK_PREFIX!r}) but is "
        f"not marked with @hookimpl (mands_sim.api){_did_you_mean(pm, attribute)}; mark it, "
        "or rename it if it is not a hook",
        attribute,
    )


def _fail_unknown(pm: pluggy.PluginManager, plugin: str, hook_name: str) -> None:
    raise PluginValidationError(
        plugin,
        f"implementation {hook_name!r} matches no hook{_did_you_mean(pm, hook_name)}",
        hook_name,
    )


def _did_you_mean(pm: pluggy.PluginManager, name: str) -> str:
    known = hook_names(pm)
    if name in known:
        return ""
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""
