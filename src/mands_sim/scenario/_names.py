"""Checking the names a scenario uses against what the loaded plugins provide.

A scenario names policies, optional rules, outcome conditions and actions; its characters' sheets
name powers and skills; plugins register them all. It may also name plugins not to load
(``[plugins] disable``). The names are only known once a simulation's plugin manager is built, so
these checks are a separate step the simulation runs with the registries. Each returns every
problem it finds (:class:`~mands_sim.errors.Problem`); :func:`check_names` and
:func:`check_plugin_names` raise them together as one
:class:`~mands_sim.errors.ScenarioProblems`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from pathlib import Path

from mands_sim.errors import Problem, ScenarioProblems
from mands_sim.inputs import shown
from mands_sim.model.character import Sheet
from mands_sim.registry import Registries
from mands_sim.scenario._spec import CharacterSpec, ScenarioSpec
from mands_sim.suggestions import closest, suggestion
from mands_sim.weaknesses import WeaknessKind


def check_names(
    spec: ScenarioSpec,
    *,
    policies: Collection[str],
    optional_rules: Collection[str],
    outcome_conditions: Collection[str] | None = None,
    actions: Collection[str] | None = None,
) -> None:
    """Raise :class:`ScenarioProblems` listing every name the plugins do not provide.

    ``policies`` and ``optional_rules`` are always checked; ``outcome_conditions`` (names in
    ``[stop] when``) and ``actions`` (``complete-action`` objectives) when given. A character
    without a policy (the simulation's default) needs no name.
    """
    problems = name_problems(spec, policies, optional_rules, outcome_conditions, actions)
    if problems:
        raise ScenarioProblems(spec.path, problems)


def name_problems(
    spec: ScenarioSpec,
    policies: Collection[str],
    optional_rules: Collection[str],
    outcome_conditions: Collection[str] | None = None,
    actions: Collection[str] | None = None,
) -> list[Problem]:
    """Every name of :func:`check_names` that the plugins do not provide, in file order."""
    found = [
        _unknown(rule, optional_rules, f"rules.optional[{index}]", "optional rule")
        for index, rule in enumerate(spec.optional_rules)
    ]
    found += [
        _unknown(character.policy, policies, f"{character.key}.policy", "policy")
        for character in _tables(spec)
        if character.policy is not None
    ]
    if outcome_conditions is not None:
        found += [
            _unknown(name, outcome_conditions, f"stop.when[{index}]", "outcome condition")
            for index, name in enumerate(spec.stop.when)
        ]
    if actions is not None:
        found += [
            _unknown(objective.action, actions, f"stop.objectives[{index}].action", "action")
            for index, objective in enumerate(spec.stop.objectives)
            if objective.action is not None
        ]
    return [problem for problem in found if problem is not None]


def check_plugin_names(spec: ScenarioSpec, plugins: Collection[str]) -> None:
    """Raise :class:`ScenarioProblems` at every ``[plugins] disable`` name that is not the name
    of an installed or given plugin (``plugins``), so a misspelt name cannot pass unnoticed."""
    found = [
        _unknown(name, plugins, f"plugins.disable[{index}]", "plugin")
        for index, name in enumerate(spec.disabled_plugins)
    ]
    problems = [problem for problem in found if problem is not None]
    if problems:
        raise ScenarioProblems(spec.path, problems)


def sheet_problems(spec: ScenarioSpec, registries: Registries) -> list[Problem]:
    """Every power a character's sheet names that no loaded plugin registers, and every skill
    that looks like a misspelt registered one.

    A power matches its registered name or an alias, case, spacing and punctuation aside; a
    skill of a family (``Speed (fist-attack)``, ``Power Use (Frost Breath)``) matches by the
    name before the bracket. A sheet records every skill the rulebook's record sheet does, and
    most (Driving, a Knowledge) act in no encounter rule, so an unregistered skill is a problem
    only when a registered one is close to it (``Fistfightin``). Each sheet is checked once,
    however many characters share it; a sheet file's problem names that file."""
    problems: list[Problem] = []
    seen: set[object] = set()
    for character in _tables(spec):
        sheet = character.sheet
        inline = sheet.path is None or sheet.path == spec.path
        where = None if inline else sheet.path
        if (where or character.key) in seen:
            continue
        seen.add(where or character.key)
        prefix = f"{character.key}.sheet." if inline else ""
        for name in sheet.powers:
            if registries.powers.find(name) is None:
                expected = _unregistered(name, registries.powers.keys(), "power")
                problems.append(Problem(f'{prefix}powers."{name}"', expected, where))
        for name in sheet.skills:
            family = skill_family(name)
            if registries.skills.find(family) is None and closest(family, registries.skills):
                expected = _unregistered(family, registries.skills.keys(), "skill")
                problems.append(Problem(f'{prefix}skills."{name}"', expected, where))
        problems += weakness_problems(sheet, registries, prefix, where)
    return problems


def weakness_problems(
    sheet: Sheet, registries: Registries, prefix: str, where: Path | None
) -> list[Problem]:
    """Every ``[[weaknesses]]`` entry whose kind no loaded plugin registers (did you mean …?),
    and every parameter its registered kind does not accept (``mands_sim.weaknesses``)."""
    problems: list[Problem] = []
    for index, weakness in enumerate(sheet.weaknesses):
        key = f"{prefix}weaknesses[{index}]"
        entry = registries.weaknesses.find(weakness.kind)
        if entry is None:
            expected = _unregistered(weakness.kind, registries.weaknesses.keys(), "weakness kind")
            problems.append(Problem(f"{key}.kind", expected, where))
        elif isinstance(entry.payload, WeaknessKind):
            problems += [
                Problem(f"{key}.{name}", expected, where)
                for name, expected in entry.payload.problems(weakness)
            ]
    return problems


def skill_family(name: str) -> str:
    """The registered name a sheet's skill is found by: ``Speed`` for ``Speed (fist-attack)``
    and for the seed's own ``Speed, <kind>`` spelling."""
    return name.split("(", 1)[0].split(",", 1)[0].strip()


def _tables(spec: ScenarioSpec) -> Iterator[CharacterSpec]:
    """One character per entry of the file: the members of a ``count`` group share one."""
    seen: set[str] = set()
    for character in spec.characters:
        if character.key not in seen:
            seen.add(character.key)
            yield character


def _unregistered(name: str, known: Collection[str], what: str) -> str:
    hint = suggestion(name, known)
    return f"expected a {what} the loaded plugins register, not {shown(name)}; {hint}"


def _unknown(name: str, known: Collection[str], key: str, what: str) -> Problem | None:
    if name in known:
        return None
    hint = suggestion(name, known)
    return Problem(key, f"expected the name of a loaded {what}, not {shown(name)}; {hint}")
