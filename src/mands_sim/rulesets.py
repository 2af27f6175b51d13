"""Rulesets: which game each plugin plays, and the plugins one scenario's game loads.

mands-sim runs any game built on its kernel as plugins. A scenario names the game it is played
by (``ruleset = "microlite"``; a scenario that names none is played by Men & Supermen, the game
every scenario of format 1 was written for). A plugin says which game its content belongs to by
implementing ``mands_ruleset`` (``docs/hooks.md``); one that does not is a Men & Supermen plugin,
and one that answers :data:`ANY_RULESET` serves every game (a report section, a command).

A simulation loads every installed plugin, asks each its ruleset before registering it, and
registers those of its scenario's ruleset and those of any (:func:`plays`); the others are never
registered, so no hook of theirs is ever called (:func:`~mands_sim.plugins.make_plugin_manager`).

One plugin of each ruleset registers its :class:`RulesetDefinition` (``mands_register_rulesets``):
the sheet format its scenarios are written in and how a sheet is figured into a character. The
loader reads a scenario's sheets with its ruleset's reader, and a sheet that says it belongs to
another ruleset (``ruleset = "..."`` in the sheet) is refused at that key.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Protocol, cast

import pluggy

from mands_sim.defaults import RuleDefaults
from mands_sim.errors import PluginHookError, PluginValidationError, ScenarioError
from mands_sim.model.character import Character, Figured, Sheet
from mands_sim.model.figured import FiguredAdjustment
from mands_sim.suggestions import suggestion

if TYPE_CHECKING:
    from mands_sim.registry import Registries
    from mands_sim.scenario import ScenarioSpec

DEFAULT_RULESET: Final = "men-and-supermen"
"""The ruleset of a scenario that names none, and of a plugin that does not say (Men &
Supermen, the game scenario format 1 was written for)."""

ANY_RULESET: Final = "*"
"""What a plugin's ``mands_ruleset`` answers when it serves every ruleset."""

RULESET_NAME_LIMIT: Final = 40
"""The longest ruleset name a plugin may declare or a scenario name."""

RULESET_PATTERN: Final = r"^[A-Za-z0-9][A-Za-z0-9-]*$"
"""What a ruleset name is made of: ASCII letters, digits and ``-``, a letter or digit first."""


class MakeManager(Protocol):
    """``make(ruleset=...)``: a fresh plugin manager with the plugins of ``ruleset`` (``None``:
    of every ruleset), as :func:`~mands_sim.plugins.make_plugin_manager` makes one."""

    def __call__(self, *, ruleset: str | None) -> pluggy.PluginManager: ...


HOOK: Final = "mands_ruleset"
"""The hook a plugin says its ruleset by."""

SHEET_RULESET_KEY: Final = "ruleset"
"""The key by which a sheet says which ruleset it is written for (none: Men & Supermen)."""

ReadSheet = Callable[[Mapping[str, Any], Path | None, str], Sheet]
"""``read_sheet(data, path, key_prefix) -> sheet``: a sheet of the ruleset from its TOML data
(without ``ruleset``), read from the file ``path`` (``None``: inline in a scenario), its keys
under ``key_prefix`` in that file. A mistake raises :class:`~mands_sim.errors.SheetProblems`
naming every key; a sheet format is strict, so a misspelt key is one."""


class FigureCharacter(Protocol):
    """``figure(sheet, *, charts, defaults, adjustments) -> Character``: a sheet the ruleset's
    ``read_sheet`` read, figured under the scenario's named ``defaults`` with the plugins'
    ``adjustments`` (``mands_figured_adjustments``). ``charts`` are the standard charts when
    the definition asks for them (:attr:`RulesetDefinition.standard_charts`), else ``None``."""

    def __call__(
        self,
        sheet: Any,
        *,
        charts: Any,
        defaults: RuleDefaults,
        adjustments: Iterable[FiguredAdjustment] = (),
    ) -> Character[Sheet, Figured]: ...


@dataclass(frozen=True, slots=True)
class RulesetDefinition:
    """How one ruleset's characters are read and figured.

    Attributes:
        name: the ruleset's name, as its plugins answer ``mands_ruleset`` and its scenarios
            say ``ruleset = "..."``.
        summary: one line for listings.
        read_sheet: reads a sheet (:data:`ReadSheet`).
        figure: figures a sheet (:class:`FigureCharacter`).
        standard_charts: whether the ruleset reads the standard charts
            (:data:`~mands_sim.charts.loading.CHART_NAMES`), which its plugins must then
            register; a ruleset that reads none is prepared without them.
    """

    name: str
    summary: str
    read_sheet: ReadSheet
    figure: FigureCharacter
    standard_charts: bool = False


def ruleset_definition(registries: Registries, scenario: ScenarioSpec) -> RulesetDefinition:
    """The definition of ``scenario``'s ruleset among ``registries``; a ruleset no loaded
    plugin defines is a :class:`~mands_sim.errors.ScenarioError` at its ``ruleset`` key."""
    entry = registries.rulesets.get(scenario.ruleset)
    if entry is None:
        known = ", ".join(registries.rulesets.keys()) or "none is loaded"
        raise ScenarioError(
            scenario.path,
            "ruleset",
            f"expected a ruleset whose plugins say how its sheets are read "
            f"(mands_register_rulesets: {known}), not {scenario.ruleset!r}",
        )
    return cast(RulesetDefinition, entry.payload)


def declared_ruleset(name: str, plugin: object) -> str:
    """The ruleset plugin ``name`` says it plays: what its ``mands_ruleset`` answers, else
    :data:`DEFAULT_RULESET`. Read from the plugin object itself, before it is registered, so that
    a plugin of another game is never registered at all. A crash is a
    :class:`~mands_sim.errors.PluginHookError`, an answer that is not a ruleset name a
    :class:`~mands_sim.errors.PluginValidationError`, each naming the plugin."""
    declare = getattr(plugin, HOOK, None)
    if declare is None or not callable(declare):
        return DEFAULT_RULESET
    try:
        answer = declare()
    except Exception as error:
        raise PluginHookError(name, f"{type(error).__name__}: {error}", HOOK) from error
    if answer is None:
        return DEFAULT_RULESET
    if not _is_ruleset_name(answer):
        raise PluginValidationError(
            name,
            f"expected a ruleset name (letters, digits and '-', at most "
            f"{RULESET_NAME_LIMIT} characters) or {ANY_RULESET!r}, not {answer!r}",
            HOOK,
        )
    return str(answer)


def plays(ruleset: str | None, declared: str) -> bool:
    """Whether a plugin that declares ``declared`` is loaded for ``ruleset`` (``None``: all)."""
    return ruleset is None or declared in {ruleset, ANY_RULESET}


def plugin_rulesets(pm: pluggy.PluginManager) -> dict[str, str]:
    """The ruleset of every registered plugin, by plugin name (:func:`declared_ruleset`)."""
    return {
        name: declared_ruleset(name, plugin)
        for name, plugin in pm.list_name_plugin()
        if plugin is not None
    }


def known_rulesets(rulesets: Iterable[str]) -> tuple[str, ...]:
    """The rulesets some plugin plays (of their declared ``rulesets``), and the default one,
    sorted."""
    return tuple(sorted({DEFAULT_RULESET, *rulesets} - {ANY_RULESET}))


def check_ruleset(ruleset: str, known: tuple[str, ...], path: Path | None = None) -> None:
    """Refuse a ``ruleset`` not among ``known`` with a
    :class:`~mands_sim.errors.ScenarioError` at the key ``ruleset`` of the scenario ``path``,
    naming the installed ones and the closest."""
    if ruleset not in known:
        expected = (
            f"expected the name of an installed ruleset ({', '.join(known)}), not {ruleset!r}"
        )
        raise ScenarioError(path, "ruleset", f"{expected}; {suggestion(ruleset, known)}")


def each_ruleset(make: MakeManager) -> list[tuple[str, pluggy.PluginManager]]:
    """One plugin manager per installed ruleset, each ``make(ruleset=...)`` with that ruleset's
    plugins and those of any, in ruleset order: what lists or collects across games (commands,
    ``mands-sim plugins``) without one game's names clashing with another's."""
    known = known_rulesets(plugin_rulesets(make(ruleset=None)).values())
    return [(ruleset, make(ruleset=ruleset)) for ruleset in known]


def _is_ruleset_name(answer: object) -> bool:
    if not isinstance(answer, str) or answer == ANY_RULESET:
        return answer == ANY_RULESET
    return len(answer) <= RULESET_NAME_LIMIT and re.fullmatch(RULESET_PATTERN, answer) is not None
