"""Around every hook call: name the plugin that raised, and trace calls on request.

Both wrap the plugin manager's hook executor, installed by
:func:`mands_sim.plugins.make_plugin_manager`, so every call through ``pm.hook`` gets them with
no helper to remember.

* :func:`install_error_wrapping`: an exception escaping a plugin's implementation becomes
  :class:`~mands_sim.errors.PluginHookError` naming the plugin and the hook, with the original
  as ``__cause__``; so do a ``SystemExit`` and a ``KeyboardInterrupt`` the plugin raised itself
  (not the user's Ctrl-C: :mod:`mands_sim.interrupts`). The raising plugin is the
  implementation whose frame is deepest in the traceback. Errors that already name a plugin
  (:class:`~mands_sim.errors.PluginError`) pass through unchanged, so a nested hook call is
  blamed on the innermost plugin. It is on the hot path of every run, so it is a plain ``try``
  around pluggy's executor (free unless something is raised), not a hook-call monitor, which
  costs a result object and two calls per hook call.
* :func:`install_tracing`: a pluggy hook-call monitor
  (``PluginManager.add_hookcall_monitoring``) writing each call (arguments and the plugins it
  will call, in call order) and its result or error to stderr — ``MANDS_SIM_TRACE_HOOKS=1``.

Helpers for collecting hooks: :func:`results_by_plugin` calls each implementing plugin on its
own, in plugin-name order, so every result can be traced back to its plugin;
:func:`figured_adjustments` combines ``mands_figured_adjustments`` by its stated rule.

Action dispatch: :class:`ActionDispatch` calls an action hook only on the implementations that
answer the action asked about (those declared ``@answers_actions`` for other actions are left
out, ``docs/hooks.md`` "Answering only your own actions"), through the same executor, or
while no monitor watches the calls, through :func:`call_plain`: pluggy's ``_multicall`` less its
bookkeeping for hook wrappers, which the hooks' plain implementations do not need.
"""

from __future__ import annotations

import reprlib
import sys
import types
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar, cast

import pluggy

try:  # pluggy's own executor, to recognise it; a pluggy without it keeps every call on pluggy
    from pluggy._callers import _multicall
except ImportError:  # pragma: no cover - depends on the installed pluggy
    _multicall = None  # type: ignore[assignment]

from mands_sim.errors import PluginError, PluginHookError, PluginValidationError
from mands_sim.hookspecs import ACTION_HOOKS, CharacterTest, answered_actions, answered_characters
from mands_sim.interrupts import raised_by_code

if TYPE_CHECKING:
    from mands_sim.kernel.encounter import Encounter
    from mands_sim.model.character import Character, Sheet
    from mands_sim.model.figured import FiguredAdjustment

TRACE_PREFIX = "mands-sim trace:"
"""Every trace line starts with this."""

_trace_repr = reprlib.Repr()
_trace_repr.maxstring = 120
_trace_repr.maxother = 120

_Folded = TypeVar("_Folded")


def install_error_wrapping(pm: pluggy.PluginManager) -> Callable[[], None]:
    """Turn exceptions raised by plugin implementations into ``PluginHookError``; returns undo.

    Wraps ``pm._inner_hookexec``, the executor every hook call goes through (pluggy's own
    ``add_hookcall_monitoring`` wraps the same one), so monitors installed later see the
    wrapped error.
    """
    execute = pm._inner_hookexec

    def execute_naming_the_plugin(
        hook_name: str,
        hook_impls: Sequence[pluggy.HookImpl],
        caller_kwargs: Mapping[str, object],
        firstresult: bool,
    ) -> object | list[object]:
        try:
            return execute(hook_name, hook_impls, caller_kwargs, firstresult)
        except PluginError:
            raise
        except (Exception, SystemExit, KeyboardInterrupt) as error:
            named = _named(error, hook_impls, hook_name)
            if named is error:
                raise
            raise named from error

    execute_naming_the_plugin.__wrapped__ = execute  # type: ignore[attr-defined]
    pm._inner_hookexec = execute_naming_the_plugin

    def undo() -> None:
        pm._inner_hookexec = execute

    return undo


def _named(error: BaseException, impls: Sequence[pluggy.HookImpl], hook_name: str) -> BaseException:
    """``error`` as a :class:`PluginHookError` naming the implementation it was raised in;
    ``error`` itself when it was raised in none of them, or when it is the user's Ctrl-C (a
    ``KeyboardInterrupt`` that :func:`~mands_sim.interrupts.raised_by_code` does not blame on
    code: it must stop the batch, whichever plugin was running)."""
    if not isinstance(error, Exception) and not raised_by_code(error):
        return error
    impl = raising_impl(error, impls)
    if impl is None:
        return error
    return PluginHookError(impl.plugin_name, described(error), hook_name)


def described(error: BaseException) -> str:
    """``ZeroDivisionError: division by zero`` (the type alone for an error without text): how
    a :class:`PluginHookError` names what a plugin raised."""
    text = str(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def plain(impls: Sequence[pluggy.HookImpl]) -> bool:
    """Whether ``impls`` are all plain implementations (no wrappers, no keyword-only
    arguments), which :func:`call_plain` may call without pluggy's ``_multicall``."""
    return not any(impl.hookwrapper or impl.wrapper or impl.kwargnames for impl in impls)


def unwatched(pm: pluggy.PluginManager) -> bool:
    """Whether hook calls through ``pm`` go through the error wrapping straight to pluggy's own
    ``_multicall``: no hook-call monitor (tracing) and no other executor installed."""
    inner = pm._inner_hookexec
    return _multicall is not None and getattr(inner, "__wrapped__", None) is _multicall


def call_plain(
    hook_name: str,
    impls: Sequence[pluggy.HookImpl],
    kwargs: Mapping[str, object],
    firstresult: bool,
) -> Any:
    """What pluggy's ``_multicall`` returns for plain implementations (:func:`plain`), with the
    errors named as :func:`install_error_wrapping` names them, without its bookkeeping for
    wrappers: each implementation, last registered first, called with its arguments; ``None``
    results left out; a firstresult hook stops at the first other result.

    Only for a manager that is :func:`unwatched`: a monitor must see every call."""
    results: list[object] = []
    try:
        for impl in reversed(impls):
            try:
                args = [kwargs[name] for name in impl.argnames]
            except KeyError as missing:
                raise pluggy.HookCallError(
                    f"hook call must provide argument {missing.args[0]!r}"
                ) from missing
            result = impl.function(*args)
            if result is not None:
                if firstresult:
                    return result
                results.append(result)
    except PluginError:
        raise
    except (Exception, SystemExit, KeyboardInterrupt) as error:
        named = _named(error, impls, hook_name)
        if named is error:
            raise
        raise named from error
    return None if firstresult else results


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
    return list(each_plugin(pm, hook_name, **kwargs))


def each_plugin(
    pm: pluggy.PluginManager, hook_name: str, **kwargs: object
) -> Iterator[tuple[str, object]]:
    """:func:`results_by_plugin`, lazily: each plugin is called only when the caller asks for
    the next result, so the kernel can apply one plugin's events before the next plugin looks.

    Each plugin's implementations go through the manager's executor (``pm._hookexec``) as a
    hook call would, error naming and tracing included, but without building a one-plugin
    subset hook caller, which filters every implementation on every call.
    """
    known = _by_plugin(pm, getattr(pm.hook, hook_name))
    execute = _executor(pm, known)
    for name, impls in known.by_plugin:
        for result in cast(list[object], execute(hook_name, impls, kwargs, False)):
            yield name, result


def each_answering_plugin(
    pm: pluggy.PluginManager, hook_name: str, **kwargs: object
) -> Iterator[tuple[str, object]]:
    """:func:`each_plugin`, leaving out the implementations declared ``@answers_characters``
    for other characters than the call's ``actor`` (they would answer nothing)."""
    known = _by_plugin(pm, getattr(pm.hook, hook_name))
    execute = _executor(pm, known)
    for name, impls in known.answering(kwargs) if known.tests else known.by_plugin:
        for result in cast(list[object], execute(hook_name, impls, kwargs, False)):
            yield name, result


def _executor(pm: pluggy.PluginManager, known: _ByPlugin) -> Callable[..., Any]:
    """:func:`call_plain` while nobody watches and the hook has only plain implementations;
    the manager's executor (tracing, wrappers) otherwise. Results and error naming are the
    same either way."""
    return call_plain if known.plain and unwatched(pm) else pm._hookexec


def folded(
    pm: pluggy.PluginManager,
    hook_name: str,
    key: str,
    value: _Folded,
    expected: type | tuple[type, ...],
    **kwargs: object,
) -> _Folded:
    """Fold ``value`` through hook ``hook_name``, plugin by plugin in plugin-name order: each
    implementation receives (as argument ``key``) what the one before returned, ``None``
    meaning no change. An answer that is not an ``expected`` instance is a
    :class:`~mands_sim.errors.PluginHookError` naming the plugin that gave it. Errors and tracing
    work as for any hook call."""
    known = _by_plugin(pm, getattr(pm.hook, hook_name))
    return _fold(pm, hook_name, known, known.by_plugin, (key, value, expected), kwargs)


def folded_answering(
    pm: pluggy.PluginManager,
    hook_name: str,
    key: str,
    value: _Folded,
    expected: type | tuple[type, ...],
    **kwargs: object,
) -> _Folded:
    """:func:`folded`, leaving out the implementations declared ``@answers_characters`` for
    other characters than the call's ``actor`` (they would change nothing)."""
    known = _by_plugin(pm, getattr(pm.hook, hook_name))
    groups = known.answering(kwargs) if known.tests else known.by_plugin
    return _fold(pm, hook_name, known, groups, (key, value, expected), kwargs)


def _fold(
    pm: pluggy.PluginManager,
    hook_name: str,
    known: _ByPlugin,
    groups: list[tuple[str, list[pluggy.HookImpl]]],
    folding: tuple[str, _Folded, type | tuple[type, ...]],
    kwargs: Mapping[str, object],
) -> _Folded:
    """Fold the value of ``folding`` (its key, value and expected type) through ``groups``."""
    key, value, expected = folding
    execute = _executor(pm, known)
    for name, impls in groups:
        for impl in reversed(impls):
            results = cast(list[object], execute(hook_name, [impl], {**kwargs, key: value}, False))
            if results:
                value = answer_of(name, hook_name, results[0], expected)
    return value


def answer_of(
    plugin: str, hook_name: str, answer: object, expected: type | tuple[type, ...]
) -> Any:
    """``answer`` when it is an ``expected`` instance; otherwise a
    :class:`~mands_sim.errors.PluginHookError` naming ``plugin``, the hook and what came back."""
    if isinstance(answer, expected):
        return answer
    names = expected if isinstance(expected, tuple) else (expected,)
    wanted = " or ".join(kind.__name__ for kind in names)
    message = f"returned {reprlib.repr(answer)}, not {wanted} (or None)"
    raise PluginHookError(plugin, message, hook_name)


@dataclass(frozen=True, slots=True)
class _ByPlugin:
    """One hook's implementations as last seen, and the same grouped by plugin, in name order;
    with ``@answers_characters`` tests, the groups kept for each actor."""

    impls: list[pluggy.HookImpl]
    by_plugin: list[tuple[str, list[pluggy.HookImpl]]]
    plain: bool
    tests: dict[int, CharacterTest]
    """``id`` of an implementation → the test of the characters it answers for."""
    by_actor: dict[str, tuple[Character, list[tuple[str, list[pluggy.HookImpl]]]]]
    """Actor → the character the groups were kept for, and the groups answering for it."""

    def answering(self, kwargs: Mapping[str, object]) -> list[tuple[str, list[pluggy.HookImpl]]]:
        """The groups to call for the call's ``actor``: those whose test refuses it left out
        (every group when the hook has no test, or the call no actor)."""
        actor, encounter = kwargs.get("actor"), kwargs.get("encounter")
        if not self.tests or not isinstance(actor, str) or encounter is None:
            return self.by_plugin
        character = cast("Encounter", encounter).character(actor)
        kept = self.by_actor.get(actor)
        if kept is None or kept[0] is not character:
            groups = [
                (name, chosen)
                for name, impls in self.by_plugin
                if (chosen := answering_for(impls, self.tests, character))
            ]
            kept = self.by_actor[actor] = (character, groups)
        return kept[1]


def character_tests(impls: Sequence[pluggy.HookImpl]) -> dict[int, CharacterTest]:
    """Each implementation's ``@answers_characters`` test, by the implementation's ``id``
    (hook wrappers are called for everyone, declared or not)."""
    return {
        id(impl): test
        for impl in impls
        if (test := answered_characters(impl.function)) is not None
        and not (impl.hookwrapper or impl.wrapper)
    }


def answering_for(
    impls: Sequence[pluggy.HookImpl], tests: Mapping[int, CharacterTest], character: Character
) -> list[pluggy.HookImpl]:
    """``impls`` less those whose test refuses ``character``, in their order."""
    return [i for i in impls if (test := tests.get(id(i))) is None or test(character)]


_BY_PLUGIN: weakref.WeakKeyDictionary[pluggy.PluginManager, dict[str, _ByPlugin]] = (
    weakref.WeakKeyDictionary()
)
"""Per plugin manager and hook, the implementations grouped by plugin (checked on each use
against the hook's current implementations, so registering a plugin later is seen)."""


def _impls_by_plugin(
    pm: pluggy.PluginManager, caller: pluggy.HookCaller
) -> list[tuple[str, list[pluggy.HookImpl]]]:
    return _by_plugin(pm, caller).by_plugin


def _by_plugin(pm: pluggy.PluginManager, caller: pluggy.HookCaller) -> _ByPlugin:
    impls = caller.get_hookimpls()
    cache = _BY_PLUGIN.setdefault(pm, {})
    known = cache.get(caller.name)
    if known is None or known.impls != impls:
        names = sorted({impl.plugin_name for impl in impls})
        grouped = [(name, [i for i in impls if i.plugin_name == name]) for name in names]
        tests = character_tests(impls)
        known = cache[caller.name] = _ByPlugin(impls, grouped, plain(impls), tests, {})
    return known


@dataclass(frozen=True, slots=True)
class _ForActions:
    """One hook's implementations as last seen; those answering only named actions (with the
    names) and those answering every action; and, filled as actions are asked about, the
    implementations to call for each action name, in the hook's call order."""

    impls: list[pluggy.HookImpl]
    declared: dict[int, frozenset[str]]
    """Index in ``impls`` → the actions that implementation declared."""
    firstresult: bool
    by_action: dict[str, list[pluggy.HookImpl]]
    by_action_and_plugin: dict[str, list[tuple[str, list[pluggy.HookImpl]]]]
    plain: bool
    """No implementation of the hook is a wrapper or takes keyword-only arguments
    (:func:`plain`): with nobody watching, the calls may skip pluggy's ``_multicall``."""
    tests: dict[int, CharacterTest]
    """``id`` of an implementation → the test of the characters it answers for
    (``@answers_characters``)."""
    by_actor: dict[tuple[str, str], _ForActor]
    """``(action, actor)`` → the implementations to call for that action and that character
    (only for a hook with tests)."""


@dataclass(slots=True)
class _ForActor:
    """The implementations answering one action for one character, kept for ``character``
    (the object the encounter gave: another encounter's character is asked afresh)."""

    character: Character
    impls: list[pluggy.HookImpl]
    by_plugin: list[tuple[str, list[pluggy.HookImpl]]] | None = None
    """The same grouped by plugin, once :meth:`ActionDispatch.each_plugin` asks."""


class ActionDispatch:
    """Calls the action hooks (:data:`mands_sim.hookspecs.ACTION_HOOKS`) on the implementations
    that answer the action asked about, and only those.

    An implementation marked ``@answers_actions(...)`` is left out of a call about any other
    action: it would have contributed nothing (``None`` or an empty list), so every hook's
    result is the same as a full call's — firstresult hooks get the same first answer,
    collecting hooks the same list less the empty entries. Implementations declaring nothing
    (third-party plugins, hook wrappers) are called for every action. The per-action lists are
    built on first use and rebuilt when the hook's implementations change; calls go through the
    manager's executor (``pm._hookexec``), so error naming and tracing work as for ``pm.hook`` —
    except that, while nobody watches the calls (:func:`unwatched`: no tracing) and the hook has
    only plain implementations (:func:`plain`), :func:`call_plain` calls them itself, as
    pluggy's ``_multicall`` would, naming a raising plugin the same way.
    """

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self.pm = pm
        self._hooks: dict[str, _ForActions] = {}

    def call(self, hook_name: str, action: str, /, **kwargs: object) -> Any:
        """Hook ``hook_name`` with ``kwargs``, for the implementations answering ``action`` and
        the call's ``actor``: what ``pm.hook.<hook_name>(**kwargs)`` returns (a list, or the
        first result)."""
        impls = self.for_actor(hook_name, action, kwargs)
        known = self._hooks[hook_name]
        if known.plain and unwatched(self.pm):
            return call_plain(hook_name, impls, kwargs, known.firstresult)
        return self.pm._hookexec(hook_name, impls, kwargs, known.firstresult)

    def impls(self, hook_name: str, action: str) -> list[pluggy.HookImpl]:
        """The implementations of ``hook_name`` to call for ``action``, in call order."""
        known = self._known(hook_name)
        found = known.by_action.get(action)
        if found is None:
            found = known.by_action[action] = [
                impl
                for index, impl in enumerate(known.impls)
                if action in known.declared.get(index, (action,))
            ]
        return found

    def for_actor(
        self, hook_name: str, action: str, kwargs: Mapping[str, object]
    ) -> list[pluggy.HookImpl]:
        """:meth:`impls` less those whose ``@answers_characters`` test refuses the call's
        ``actor``, as built before play (each test asked once per action and character)."""
        impls = self.impls(hook_name, action)
        known = self._hooks[hook_name]
        if not known.tests:
            return impls
        return self._for_actor(known, impls, action, kwargs).impls

    def _for_actor(
        self,
        known: _ForActions,
        impls: list[pluggy.HookImpl],
        action: str,
        kwargs: Mapping[str, object],
    ) -> _ForActor:
        actor = cast(str, kwargs["actor"])
        character = cast("Encounter", kwargs["encounter"]).character(actor)
        kept = known.by_actor.get((action, actor))
        if kept is None or kept.character is not character:
            chosen = answering_for(impls, known.tests, character)
            kept = known.by_actor[(action, actor)] = _ForActor(character, chosen)
        return kept

    def each_plugin(
        self, hook_name: str, action: str, /, **kwargs: object
    ) -> Iterator[tuple[str, object]]:
        """:func:`each_plugin` for the plugins whose implementations answer ``action`` and
        the call's ``actor``."""
        known = self._known(hook_name)
        grouped = known.by_action_and_plugin.get(action)
        if grouped is None:
            wanted = self.impls(hook_name, action)
            grouped = known.by_action_and_plugin[action] = [
                (name, kept)
                for name, impls in _impls_by_plugin(self.pm, getattr(self.pm.hook, hook_name))
                if (kept := [impl for impl in impls if impl in wanted])
            ]
        if known.tests:
            mine = self._for_actor(known, self.impls(hook_name, action), action, kwargs)
            if mine.by_plugin is None:
                mine.by_plugin = [
                    (name, kept)
                    for name, impls in grouped
                    if (kept := answering_for(impls, known.tests, mine.character))
                ]
            grouped = mine.by_plugin
        for name, impls in grouped:
            execute = call_plain if known.plain and unwatched(self.pm) else self.pm._hookexec
            results = cast(list[object], execute(hook_name, impls, kwargs, False))
            for result in results:
                yield name, result

    def _known(self, hook_name: str) -> _ForActions:
        caller: pluggy.HookCaller = getattr(self.pm.hook, hook_name)
        current = caller._hookimpls
        known = self._hooks.get(hook_name)
        if known is None or known.impls != current:
            known = self._hooks[hook_name] = _for_actions(caller)
        return known


_DISPATCH: weakref.WeakKeyDictionary[pluggy.PluginManager, ActionDispatch] = (
    weakref.WeakKeyDictionary()
)


def action_dispatch(pm: pluggy.PluginManager) -> ActionDispatch:
    """The :class:`ActionDispatch` of ``pm``: one per plugin manager, so every run of a batch
    shares the per-action lists."""
    dispatch = _DISPATCH.get(pm)
    if dispatch is None:
        dispatch = _DISPATCH[pm] = ActionDispatch(pm)
    return dispatch


def _for_actions(caller: pluggy.HookCaller) -> _ForActions:
    impls = list(caller._hookimpls)
    declared = {}
    for index, impl in enumerate(impls):
        names = answered_actions(impl.function)
        if names is not None and not (impl.hookwrapper or impl.wrapper):
            declared[index] = names
    firstresult = bool(caller.spec.opts.get("firstresult", False)) if caller.spec else False
    return _ForActions(
        impls, declared, firstresult, {}, {}, plain(impls), character_tests(impls), {}
    )


def action_declarations(pm: pluggy.PluginManager) -> dict[str, dict[str, frozenset[str]]]:
    """Per plugin, the hooks it declared ``@answers_actions`` on and the names declared.

    Raises :class:`~mands_sim.errors.PluginValidationError` for a declaration it would ignore:
    ``@answers_actions`` on a hook that is not an action hook
    (:data:`~mands_sim.hookspecs.ACTION_HOOKS`), ``@answers_characters`` on a hook not asked
    about an actor (no ``encounter`` and ``actor`` arguments)."""
    found: dict[str, dict[str, frozenset[str]]] = {}
    for caller in pm.hook.__dict__.values():
        if not isinstance(caller, pluggy.HookCaller):
            continue
        arguments = set(caller.spec.argnames) if caller.spec is not None else set()
        for impl in caller.get_hookimpls():
            names = answered_actions(impl.function)
            if names is not None and caller.name not in ACTION_HOOKS:
                raise PluginValidationError(
                    impl.plugin_name,
                    "@answers_actions is for the action hooks only "
                    f"({', '.join(sorted(ACTION_HOOKS))})",
                    caller.name,
                )
            tested = answered_characters(impl.function) is not None
            if tested and not {"encounter", "actor"} <= arguments:
                raise PluginValidationError(
                    impl.plugin_name,
                    "@answers_characters is for the hooks asked about an actor "
                    "(with encounter and actor arguments)",
                    caller.name,
                )
            if names is not None:
                found.setdefault(impl.plugin_name, {})[caller.name] = names
    return found


def figured_adjustments(pm: pluggy.PluginManager, sheet: Sheet) -> tuple[FiguredAdjustment, ...]:
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
