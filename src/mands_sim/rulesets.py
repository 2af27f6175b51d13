"""Rulesets: which game each plugin plays, and the plugins one scenario's game loads.

mands-sim runs any game built on its kernel as plugins. A scenario names the game it is played
by (``ruleset = "microlite"``; a scenario that names none is played by Men & Supermen, the game
every scenario of format 1 was written for). A plugin says which game its content belongs to by
implementing ``mands_ruleset`` (``docs/hooks.md``); one that does not is a Men & Supermen plugin,
and one that answers :data:`ANY_RULESET` serves every game (a report section, a command).

A simulation loads every installed plugin, then keeps those of its scenario's ruleset and those
of any (:func:`keep_ruleset`); the others are unregistered before anything is asked of them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

import pluggy

from mands_sim.errors import PluginValidationError, ScenarioError
from mands_sim.plugin_calls import results_by_plugin
from mands_sim.suggestions import suggestion

DEFAULT_RULESET: Final = "men-and-supermen"
"""The ruleset of a scenario that names none, and of a plugin that does not say (Men &
Supermen, the game scenario format 1 was written for)."""

ANY_RULESET: Final = "*"
"""What a plugin's ``mands_ruleset`` answers when it serves every ruleset."""

RULESET_NAME_LIMIT: Final = 40
"""The longest ruleset name a plugin may declare or a scenario name."""

RULESET_PATTERN: Final = r"^[A-Za-z0-9][A-Za-z0-9-]*$"
"""What a ruleset name is made of: ASCII letters, digits and ``-``, a letter or digit first."""


def plugin_rulesets(pm: pluggy.PluginManager) -> dict[str, str]:
    """The ruleset of every registered plugin, by plugin name: what its ``mands_ruleset``
    answers, else :data:`DEFAULT_RULESET`. An answer that is not a ruleset name is a
    :class:`~mands_sim.errors.PluginValidationError` naming the plugin."""
    declared = dict(results_by_plugin(pm, "mands_ruleset"))
    for name, answer in declared.items():
        if not _is_ruleset_name(answer):
            raise PluginValidationError(
                name,
                f"expected a ruleset name (letters, digits and '-', at most "
                f"{RULESET_NAME_LIMIT} characters) or {ANY_RULESET!r}, not {answer!r}",
                "mands_ruleset",
            )
    return {
        name: str(declared.get(name, DEFAULT_RULESET))
        for name, plugin in pm.list_name_plugin()
        if plugin is not None
    }


def known_rulesets(rulesets: dict[str, str]) -> tuple[str, ...]:
    """The rulesets some plugin plays, and the default one, sorted."""
    return tuple(sorted({DEFAULT_RULESET, *rulesets.values()} - {ANY_RULESET}))


def keep_ruleset(
    pm: pluggy.PluginManager, ruleset: str, path: Path | None = None
) -> tuple[str, ...]:
    """Unregister every plugin of another ruleset than ``ruleset``; return their names, sorted.

    Raises :class:`~mands_sim.errors.ScenarioError` at the key ``ruleset`` of the scenario file
    ``path`` when no loaded plugin plays ``ruleset`` and it is not the default one: a misspelt
    name never runs an encounter without its rules."""
    rulesets = plugin_rulesets(pm)
    known = known_rulesets(rulesets)
    if ruleset not in known:
        expected = f"the name of an installed ruleset ({', '.join(known)}), not {ruleset!r}"
        raise ScenarioError(path, "ruleset", f"{expected}; {suggestion(ruleset, known)}")
    others = sorted(name for name, own in rulesets.items() if own not in {ruleset, ANY_RULESET})
    for name in others:
        pm.unregister(name=name)
    return tuple(others)


def _is_ruleset_name(answer: object) -> bool:
    if not isinstance(answer, str) or answer == ANY_RULESET:
        return answer == ANY_RULESET
    return len(answer) <= RULESET_NAME_LIMIT and re.fullmatch(RULESET_PATTERN, answer) is not None
