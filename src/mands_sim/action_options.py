"""Every intent option an action reads, declared by the plugins that read it.

A policy asks for an action with options (``Intent.options``): ``weapon`` on ``weapon-attack``,
``maintain`` on a blast, ``announce_delay`` on anything under Simpler Combat. Three sources
declare them, and :func:`collect_action_options` merges them per action:

* the action's own plugin, in :attr:`ActionDefinition.options`;
* any plugin reading an option on actions it does not own, through ``mands_action_options``;
* mands-sim itself: ``power`` (the sheet's entry a power's use rolls %Control for) on every
  action that is a use of a power (:attr:`ActionDefinition.power`).

An option name declared twice for one action is a :class:`~mands_sim.errors.PluginValidationError`
naming both declarers, so no option's kind depends on which plugin was asked first. ``mands-sim
validate`` reports a policy rule giving an action any option not declared for it
(:mod:`mands_sim.policy.checks`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from mands_sim.actions import ActionDefinition, ActionOption
from mands_sim.errors import PluginValidationError
from mands_sim.plugin_calls import results_by_plugin

if TYPE_CHECKING:
    import pluggy

    from mands_sim.registry import ActionEntry, Registry

HOOK: Final = "mands_action_options"

POWER_OPTION: Final = "power"
"""The intent option naming the sheet's entry of the power an action uses (%Control)."""

POWER_ENTRY: Final = ActionOption(
    POWER_OPTION, "text", "the sheet's entry of the power used (default: its only one)"
)

CORE: Final = "mands_sim"
"""Who declares ``power``, in a duplicate's error message."""


@dataclass(frozen=True, slots=True)
class Declared:
    """An option as one plugin (or mands-sim, :data:`CORE`) declared it for one action."""

    option: ActionOption
    plugin: str


def collect_action_options(
    pm: pluggy.PluginManager, actions: Registry[ActionEntry]
) -> Mapping[str, tuple[ActionOption, ...]]:
    """Each registered action's declared options, sorted by name, by action name."""
    return MappingProxyType({entry.name: action_options(pm, entry) for entry in actions.entries})


def action_options(pm: pluggy.PluginManager, entry: ActionEntry) -> tuple[ActionOption, ...]:
    """``entry``'s own options, ``power`` for a power's use and every plugin's, merged."""
    definition = entry.payload
    if not isinstance(definition, ActionDefinition):
        return ()
    declared = [Declared(option, entry.plugin) for option in definition.options]
    if definition.power is not None:
        declared.append(Declared(POWER_ENTRY, CORE))
    for plugin, result in results_by_plugin(pm, HOOK, action=definition):
        declared.extend(Declared(option, plugin) for option in _checked(plugin, result))
    return merged(definition.name, declared)


def merged(action: str, declared: Iterable[Declared]) -> tuple[ActionOption, ...]:
    """The options, sorted by name; a name declared twice raises, naming both declarers."""
    first: dict[str, Declared] = {}
    for each in sorted(declared, key=lambda d: (d.option.name, d.plugin)):
        earlier = first.setdefault(each.option.name, each)
        if earlier is not each:
            raise PluginValidationError(
                each.plugin,
                f"declares option {each.option.name!r} of action {action!r}, which "
                f"{earlier.plugin} declares already",
                HOOK,
            )
    return tuple(each.option for each in first.values())


def _checked(plugin: str, result: object) -> list[ActionOption]:
    if not isinstance(result, list | tuple) or not all(
        isinstance(option, ActionOption) for option in result
    ):
        raise PluginValidationError(
            plugin, f"must return a list of ActionOption or None, got {result!r}", HOOK
        )
    return list(result)
