"""Checking the names a scenario uses against what the loaded plugins provide.

A scenario names policies, optional rules, outcome conditions and actions; plugins register
them. It may also name plugins not to load (``[plugins] disable``). The names are only known
once a simulation's plugin manager is built, so this check is a separate step the simulation
calls with the registry's names.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from mands_sim.errors import ScenarioError
from mands_sim.scenario._errors import shown
from mands_sim.scenario._spec import ScenarioSpec


def check_names(
    spec: ScenarioSpec,
    *,
    policies: Collection[str],
    optional_rules: Collection[str],
    outcome_conditions: Collection[str] | None = None,
    actions: Collection[str] | None = None,
) -> None:
    """Raise :class:`ScenarioError` at the first name the plugins do not provide.

    ``policies`` and ``optional_rules`` are always checked; ``outcome_conditions`` (names in
    ``[stop] when``) and ``actions`` (``complete-action`` objectives) when given. A character
    without a policy (the simulation's default) needs no name.
    """
    for index, rule in enumerate(spec.optional_rules):
        _check(spec, rule, optional_rules, f"rules.optional[{index}]", "optional rule")
    for character in spec.characters:
        if character.policy is not None:
            _check(spec, character.policy, policies, f"{character.key}.policy", "policy")
    if outcome_conditions is not None:
        for index, name in enumerate(spec.stop.when):
            _check(spec, name, outcome_conditions, f"stop.when[{index}]", "outcome condition")
    if actions is not None:
        for index, objective in enumerate(spec.stop.objectives):
            if objective.action is not None:
                key = f"stop.objectives[{index}].action"
                _check(spec, objective.action, actions, key, "action")


def check_plugin_names(spec: ScenarioSpec, plugins: Collection[str]) -> None:
    """Raise :class:`ScenarioError` at the first ``[plugins] disable`` name that is not the name
    of an installed or given plugin (``plugins``), so a misspelt name cannot pass unnoticed."""
    for index, name in enumerate(spec.disabled_plugins):
        _check(spec, name, plugins, f"plugins.disable[{index}]", "plugin")


def _check(spec: ScenarioSpec, name: str, known: Collection[str], key: str, what: str) -> None:
    if name not in known:
        raise ScenarioError(
            spec.path,
            key,
            f"expected the name of a loaded {what} ({_listing(known)}), not {shown(name)}",
        )


def _listing(names: Iterable[str]) -> str:
    ordered = sorted(names)
    return ", ".join(ordered) if ordered else "none is loaded"
