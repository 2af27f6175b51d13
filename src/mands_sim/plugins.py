"""The plugin manager: a fresh one per simulation, loaded strictly, listed, disabled, traced.

Build one with :func:`make_plugin_manager` (pluggy's eggsample host pattern: a factory, never an
import-time global). It loads every plugin installed under the ``mands_sim`` entry-point group
— the rulebook's own content in ``mands_rulebook`` included, which is why the kernel never
imports it — plus any plugin objects passed in.

Loading is strict (``docs/hooks.md`` "Naming convention and strict loading"): see
:class:`MandsPluginManager`. A plugin raising inside a hook surfaces as
:class:`~mands_sim.errors.PluginHookError` naming the plugin and the hook, with the original
exception as ``__cause__`` (``mands_sim.plugin_calls``).

Plugin order (``docs/hooks.md`` "Plugin order"): entry-point plugins are registered in order of
their names, then ``extra_plugins`` in the order given; pluggy calls the most recently
registered implementation first, ``tryfirst``/``trylast`` aside. Collecting hooks are combined
by rules that do not depend on that order.
"""

from __future__ import annotations

import importlib.metadata
import itertools
import os
import types
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final, Literal, cast

import pluggy

from mands_sim import hookspecs
from mands_sim.errors import PluginError, PluginValidationError
from mands_sim.events import Event
from mands_sim.hookspecs import ENTRY_POINT_GROUP, PROJECT_NAME
from mands_sim.plugin_calls import install_error_wrapping, install_tracing, results_by_plugin
from mands_sim.plugin_checks import check_plugin
from mands_sim.rulesets import (
    DEFAULT_RULESET,
    check_ruleset,
    declared_ruleset,
    known_rulesets,
    plays,
)
from mands_sim.suggestions import suggestion

DISABLE_ENV_VAR: Final = "MANDS_SIM_DISABLE_PLUGINS"
"""Environment variable: comma-separated names of plugins not to load."""

TRACE_ENV_VAR: Final = "MANDS_SIM_TRACE_HOOKS"
"""Environment variable: set to ``1`` to print every hook call and its result to stderr."""

BUILTIN_DISTRIBUTION: Final = "mands-sim"
"""Plugins installed by this distribution are the builtins."""

Origin = Literal["builtin", "entry point", "registered directly"]


@dataclass(frozen=True, slots=True)
class PluginInfo:
    """What ``mands-sim plugins`` says about one loaded plugin.

    Attributes:
        name: the plugin's name (its entry-point name), used to disable it.
        origin: ``"builtin"`` (an entry point of mands-sim itself), ``"entry point"`` (an
            installed third-party distribution) or ``"registered directly"`` (passed in code).
        distribution: the distribution that installed it, or ``None``.
        version: that distribution's version, or ``None``.
        module: the module (or ``module.Class``) the plugin is.
        hooks: the hooks it implements, sorted.
    """

    name: str
    origin: Origin
    distribution: str | None
    version: str | None
    module: str
    hooks: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Provenance:
    origin: Origin
    distribution: str | None = None
    version: str | None = None


class MandsPluginManager(pluggy.PluginManager):
    """A pluggy manager for the ``mands_sim`` hooks that loads plugins strictly.

    :meth:`register` refuses, with :class:`~mands_sim.errors.PluginValidationError` naming the
    plugin: a ``mands_``-prefixed function not marked ``@hookimpl``; a marked
    implementation matching no hook (with a did-you-mean); an implementation taking a parameter
    its hook lacks. Nothing is registered when a check fails.
    """

    def __init__(self) -> None:
        super().__init__(PROJECT_NAME)
        self.add_hookspecs(hookspecs)
        self._provenance: dict[str, _Provenance] = {}

    def register(self, plugin: object, name: str | None = None) -> str | None:
        plugin_name = name or self.get_canonical_name(plugin)
        if self.is_blocked(plugin_name):
            return None
        if self.has_plugin(plugin_name):
            raise PluginValidationError(plugin_name, "another plugin has this name already")
        check_plugin(self, plugin, plugin_name)
        try:
            registered = super().register(plugin, plugin_name)
        except (pluggy.PluginValidationError, ValueError) as error:
            raise PluginValidationError(plugin_name, str(error)) from error
        self._provenance[plugin_name] = _Provenance("registered directly")
        return registered

    def disabled(self) -> tuple[str, ...]:
        """The names of the plugins disabled in this manager, sorted."""
        return tuple(sorted(name for name, _ in self.list_name_plugin() if self.is_blocked(name)))

    def plugin_infos(self) -> tuple[PluginInfo, ...]:
        """One :class:`PluginInfo` per loaded plugin, sorted by name."""
        return tuple(
            self._info(name, plugin)
            for name, plugin in sorted(self.list_name_plugin(), key=lambda pair: pair[0])
            if plugin is not None
        )

    def _info(self, name: str, plugin: object) -> PluginInfo:
        provenance = self._provenance.get(name, _Provenance("registered directly"))
        hooks = sorted(caller.name for caller in self.get_hookcallers(plugin) or ())
        return PluginInfo(
            name,
            provenance.origin,
            provenance.distribution,
            provenance.version,
            plugin_module(plugin),
            tuple(hooks),
        )

    def _register_entry_point(
        self, entry_point: importlib.metadata.EntryPoint, ruleset: str | None
    ) -> str:
        """Load ``entry_point`` and register it if it plays ``ruleset``; its declared ruleset."""
        try:
            plugin = entry_point.load()
        except Exception as error:
            raise PluginError(
                entry_point.name, f"cannot be imported from {entry_point.value!r}: {error}"
            ) from error
        declared = declared_ruleset(entry_point.name, plugin)
        if plays(ruleset, declared):
            self.register(plugin, entry_point.name)
            self._provenance[entry_point.name] = _entry_point_provenance(entry_point)
        return declared


def make_plugin_manager(
    *,
    disabled: Iterable[str] = (),
    extra_plugins: Iterable[object] | Mapping[str, object] = (),
    load_entry_points: bool = True,
    environ: Mapping[str, str] | None = None,
    ruleset: str | None = DEFAULT_RULESET,
) -> MandsPluginManager:
    """Build a fresh plugin manager for one simulation.

    :param disabled: names of plugins not to load (added to those in ``MANDS_SIM_DISABLE_PLUGINS``).
        A name no installed or given plugin has is an error, so a typo cannot pass unnoticed.
    :param extra_plugins: plugin objects to register besides the installed ones, as a mapping
        ``{name: plugin}`` or an iterable of plugins (a module is named by its ``__name__``).
        One named as an installed plugin replaces it (a plugin's working copy in its tests).
    :param load_entry_points: load the plugins installed under the ``mands_sim`` entry-point
        group (the builtins among them). ``False`` gives a manager with ``extra_plugins`` only.
    :param environ: where to read ``MANDS_SIM_DISABLE_PLUGINS`` and ``MANDS_SIM_TRACE_HOOKS``;
        defaults to ``os.environ``.
    :param ruleset: register only the plugins of this ruleset and those of any (Men &
        Supermen's by default; :mod:`mands_sim.rulesets`): one of another game is loaded, asked
        its ruleset and left out. ``None`` registers the plugins of every ruleset, whose
        registrations may then clash. A ruleset no plugin plays is a
        :class:`~mands_sim.errors.ScenarioError` at the key ``ruleset``.
    """
    env = os.environ if environ is None else environ
    extras = named_plugins(extra_plugins)
    entry_points = installed_entry_points()
    pm = MandsPluginManager()
    install_error_wrapping(pm)
    if env.get(TRACE_ENV_VAR, "").strip().lower() in {"1", "true", "yes", "on"}:
        install_tracing(pm)
    names = {*disabled, *disabled_from_environment(env)}
    _check_known(names, {*(ep.name for ep in entry_points), *(name for name, _ in extras)})
    for name in sorted(names):
        pm.set_blocked(name)
    declared = set()
    if load_entry_points:
        replaced = {name for name, _ in extras}
        for entry_point in entry_points:
            if not pm.is_blocked(entry_point.name) and entry_point.name not in replaced:
                declared.add(pm._register_entry_point(entry_point, ruleset))
    for name, plugin in extras:
        own = declared_ruleset(name, plugin)
        declared.add(own)
        if plays(ruleset, own):
            pm.register(plugin, name)
    if ruleset is not None:
        check_ruleset(ruleset, known_rulesets(declared))
    return pm


OPTIONAL_RULE_PLUGIN: Final = "optional-rule:"
"""The name an optional rule's plugin is registered under, before the rule's name, when a
scenario switches the rule on (``[rules] optional``): ``optional-rule:editing-points``."""


def check_requirements(pm: pluggy.PluginManager) -> None:
    """Every plugin's ``mands_requires`` names a plugin loaded beside it, or an optional rule
    switched on (``optional-rule:<name>``); the first that does not (by plugin name) fails
    naming both."""
    for name, required in results_by_plugin(pm, "mands_requires"):
        for needed in sorted(cast(list[str], required)):
            if pm.get_plugin(needed) is None:
                raise PluginValidationError(name, _unmet(pm, needed), "mands_requires")


def _unmet(pm: pluggy.PluginManager, needed: str) -> str:
    if needed.startswith(OPTIONAL_RULE_PLUGIN):
        rule = needed.removeprefix(OPTIONAL_RULE_PLUGIN)
        return f"requires the optional rule {rule!r}, which the scenario does not switch on"
    why = "disabled" if pm.is_blocked(needed) else "not installed"
    return f"requires plugin {needed!r}, which is {why}"


def check_event_classes(pm: pluggy.PluginManager) -> None:
    """Every :class:`~mands_sim.events.Event` class imported so far is a frozen dataclass, as the
    log needs (its fields are what it writes, and an event never changes once logged). The first
    that is not (by qualified name) fails naming the plugin whose module defines it, or the module
    when no plugin's does."""
    for event_class in sorted(event_classes(), key=lambda c: (c.__module__, c.__qualname__)):
        params = getattr(event_class, "__dataclass_params__", None)
        if "__dataclass_fields__" in vars(event_class) and params is not None and params.frozen:
            continue
        raise PluginValidationError(
            defining_plugin(pm, event_class.__module__),
            f"event class {event_class.__qualname__} must be a frozen dataclass "
            "(@dataclass(frozen=True, slots=True))",
        )


def event_classes() -> list[type[Event]]:
    """Every subclass of :class:`~mands_sim.events.Event` defined so far, however indirect.

    A class whose definition :class:`Event` refused (no ``kind``: its ``TypeError`` was
    raised) stays among the subclasses until it is garbage-collected; it is not an event class
    and is left out, so that whether it was collected yet never matters."""
    found: list[type[Event]] = []
    waiting = list(Event.__subclasses__())
    while waiting:
        event_class = waiting.pop()
        if "kind" in vars(event_class):
            found.append(event_class)
        waiting.extend(event_class.__subclasses__())
    return found


def defining_plugin(pm: pluggy.PluginManager, module: str) -> str:
    """The name of the loaded plugin that is ``module`` or contains it; ``module`` if none is."""
    for name, plugin in pm.list_name_plugin():
        own = getattr(plugin, "__name__", type(plugin).__module__)
        if module == own or module.startswith(f"{own}."):
            return name
    return module


def disabled_from_environment(environ: Mapping[str, str]) -> tuple[str, ...]:
    """The plugin names listed (comma-separated) in ``MANDS_SIM_DISABLE_PLUGINS``."""
    raw = environ.get(DISABLE_ENV_VAR, "")
    return tuple(name.strip() for name in raw.split(",") if name.strip())


def installed_entry_points() -> tuple[importlib.metadata.EntryPoint, ...]:
    """The installed ``mands_sim`` entry points, sorted by name; a name used twice is an error."""
    entry_points = sorted(
        importlib.metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda ep: ep.name
    )
    for first, second in itertools.pairwise(entry_points):
        if first.name == second.name:
            raise PluginValidationError(
                first.name,
                f"two installed plugins have this name: {first.value!r} from "
                f"{_distribution_name(first)} and {second.value!r} from "
                f"{_distribution_name(second)}",
            )
    return tuple(entry_points)


def named_plugins(plugins: Iterable[object] | Mapping[str, object]) -> list[tuple[str, object]]:
    """``(name, plugin)`` pairs: a mapping's keys, else each plugin's module or class name."""
    if isinstance(plugins, Mapping):
        return [(str(name), plugin) for name, plugin in plugins.items()]
    return [(plugin_module(plugin), plugin) for plugin in plugins]


def plugin_module(plugin: object) -> str:
    """Where a plugin object lives: its module name, or ``module.Class`` for a class or instance."""
    if isinstance(plugin, types.ModuleType):
        return plugin.__name__
    cls = plugin if isinstance(plugin, type) else type(plugin)
    return f"{cls.__module__}.{cls.__qualname__}"


def _check_known(disabled: set[str], known: set[str]) -> None:
    for name in sorted(disabled - known):
        raise PluginError(
            name,
            f"cannot be disabled: no plugin has this name; {suggestion(name, known)} "
            "(mands-sim plugins lists them)",
        )


def _entry_point_provenance(entry_point: importlib.metadata.EntryPoint) -> _Provenance:
    dist = entry_point.dist
    if dist is None:
        return _Provenance("entry point")
    name = dist.metadata["Name"]
    origin: Origin = "builtin" if _normalized(name) == BUILTIN_DISTRIBUTION else "entry point"
    return _Provenance(origin, name, dist.version)


def _distribution_name(entry_point: importlib.metadata.EntryPoint) -> str:
    dist = entry_point.dist
    return str(dist.metadata["Name"]) if dist is not None else "an unknown package"


def _normalized(distribution: str) -> str:
    return distribution.lower().replace("_", "-").replace(".", "-")
