"""Around every hook call: name the plugin that raised, and trace calls on request.

Both are pluggy hook-call monitors (``PluginManager.add_hookcall_monitoring``), installed by
:func:`mands_sim.plugins.make_plugin_manager`, so every call through ``pm.hook`` gets them with
no helper to remember.

* :func:`install_error_wrapping`: an exception escaping a plugin's implementation becomes
  :class:`~mands_sim.errors.PluginHookError` naming the plugin and the hook, with the original
  as ``__cause__``. The raising plugin is the implementation whose frame is deepest in the
  traceback. Errors that already name a plugin (:class:`~mands_sim.errors.PluginError`) pass
  through unchanged, so a nested hook call is blamed on the innermost plugin.
* :func:`install_tracing`: writes each call (arguments and the plugins it will call, in call
  order) and its result or error to stderr — ``MANDS_SIM_TRACE_HOOKS=1``.

Helpers for collecting hooks: :func:`results_by_plugin` calls each implementing plugin on its
own, in plugin-name order, so every result can be traced back to its plugin;
:func:`figured_adjustments` combines ``mands_figured_adjustments`` by its stated rule.
"""

from __future__ import annotations

import reprlib
import sys
import types
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

import pluggy

from mands_sim.errors import PluginError, PluginHookError, PluginValidationError

if TYPE_CHECKING:
    from mands_sim.model.figured import FiguredAdjustment
    from mands_sim.model.sheet import CharacterSheet

TRACE_PREFIX = "mands-sim trace:"
"""Every trace line starts with this."""

_trace_repr = reprlib.Repr()
_trace_repr.maxstring = 120
_trace_repr.maxother = 120


def install_error_wrapping(pm: pluggy.PluginManager) -> Callable[[], None]:
    """Turn exceptions raised by plugin implementations into ``PluginHookError``; returns undo."""

    def before(
        hook_name: str, impls: Sequence[pluggy.HookImpl], kwargs: Mapping[str, object]
    ) -> None:
        return None

    def after(
        outcome: pluggy.Result[object],
        hook_name: str,
        impls: Sequence[pluggy.HookImpl],
        kwargs: Mapping[str, object],
    ) -> None:
        error = outcome.exception
        if not isinstance(error, Exception) or isinstance(error, PluginError):
            return
        impl = raising_impl(error, impls)
        if impl is not None:
            message = f"{type(error).__name__}: {error}"
            wrapped = PluginHookError(impl.plugin_name, message, hook_name)
            wrapped.__cause__ = error
            outcome.force_exception(wrapped)

    return pm.add_hookcall_monitoring(before, after)


def raising_impl(error: BaseException, impls: Sequence[pluggy.HookImpl]) -> pluggy.HookImpl | None:
    """The implementation among ``impls`` whose frame is deepest in ``error``'s traceback."""
    found: pluggy.HookImpl | None = None
    tb = error.__traceback__
    while tb is not None:
        for impl in impls:
            if _runs_in(impl, tb.tb_frame):
                found = impl
        tb = tb.tb_next
    return found


def _runs_in(impl: pluggy.HookImpl, frame: types.FrameType) -> bool:
    function = impl.function
    bound_to = getattr(function, "__self__", None)
    code = getattr(getattr(function, "__func__", function), "__code__", None)
    if frame.f_code is not code:
        return False
    return bound_to is None or frame.f_locals.get("self", bound_to) is bound_to


def install_tracing(pm: pluggy.PluginManager) -> Callable[[], None]:
    """Write every hook call and its result to stderr; returns a function that stops it."""

    def before(
        hook_name: str, impls: Sequence[pluggy.HookImpl], kwargs: Mapping[str, object]
    ) -> None:
        arguments = ", ".join(f"{key}={_trace_repr.repr(value)}" for key, value in kwargs.items())
        plugins = ", ".join(impl.plugin_name for impl in reversed(impls)) or "none"
        _trace(f"{hook_name}({arguments}) calls plugins: {plugins}")

    def after(
        outcome: pluggy.Result[object],
        hook_name: str,
        impls: Sequence[pluggy.HookImpl],
        kwargs: Mapping[str, object],
    ) -> None:
        if outcome.exception is not None:
            _trace(f"{hook_name} raised {outcome.exception!r}")
        else:
            _trace(f"{hook_name} returned {_trace_repr.repr(outcome.get_result())}")

    return pm.add_hookcall_monitoring(before, after)


def _trace(line: str) -> None:
    print(TRACE_PREFIX, line, file=sys.stderr)


def results_by_plugin(
    pm: pluggy.PluginManager, hook_name: str, **kwargs: object
) -> list[tuple[str, object]]:
    """Call hook ``hook_name`` on each implementing plugin alone, in plugin-name order.

    Returns ``(plugin name, result)`` pairs, ``None`` results left out. Errors and tracing work
    as for any hook call.
    """
    caller: pluggy.HookCaller = getattr(pm.hook, hook_name)
    plugins = {impl.plugin_name: impl.plugin for impl in caller.get_hookimpls()}
    results: list[tuple[str, object]] = []
    for name in sorted(plugins):
        others = [plugin for other, plugin in plugins.items() if other != name]
        returned = pm.subset_hook_caller(hook_name, others)(**kwargs)
        results.extend((name, result) for result in returned)
    return results


def figured_adjustments(
    pm: pluggy.PluginManager, sheet: CharacterSheet
) -> tuple[FiguredAdjustment, ...]:
    """Every plugin's ``mands_figured_adjustments(sheet)``, concatenated and sorted.

    Sorted by (attribute, source, delta), so plugin order never changes the character built.
    A plugin returning anything but a list of ``FiguredAdjustment`` fails, naming the plugin.
    """
    from mands_sim.model.figured import FiguredAdjustment

    hook = "mands_figured_adjustments"
    collected: list[FiguredAdjustment] = []
    for plugin, result in results_by_plugin(pm, hook, sheet=sheet):
        if not isinstance(result, list | tuple) or not all(
            isinstance(item, FiguredAdjustment) for item in result
        ):
            raise PluginValidationError(
                plugin, f"must return a list of FiguredAdjustment, got {result!r}", hook
            )
        collected.extend(result)
    return tuple(sorted(collected, key=lambda a: (a.attribute, a.source, a.delta)))
