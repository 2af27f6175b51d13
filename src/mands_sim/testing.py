"""pytest plugin for mands-sim and its plugin authors (entry point ``pytest11``).

Installed with mands-sim, so any test session has these fixtures (``docs/writing-plugins.md``):

* ``plugin_manager_factory`` — ``make(*plugins, **named_plugins)``: a fresh plugin manager with
  exactly these plugins, no installed entry points, loaded strictly.
* ``scripted_dice`` — ``make(faces)``: a :class:`mands_sim.dice.ScriptedDice` that deals the
  given faces (a list, or ``{stream: faces}``).
* ``character_factory`` — ``make(pm=None, **overrides)``: a :class:`mands_sim.model.Character`
  built from the sample character Seraph with the given abilities, attributes or sheet keys
  replaced; with ``pm``, plugins' ``mands_figured_adjustments`` apply.

It collects scenario files with an ``[expect]`` table as regression tests
(``docs/regression-testing.md``): ``pytest scenarios/`` checks each scenario's expected results
on its batch of runs and compares its golden event log; ``--update-golden`` rewrites the logs.

It also registers the ``hook(name, ...)`` marker: ``@pytest.mark.hook("mands_register_powers")``
says which hooks a test exercises (mands-sim's meta-tests require one test per hook).

Imports happen inside the fixtures and hooks, so loading this plugin costs a test session nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from fnmatch import fnmatch
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeAlias

import pytest

if TYPE_CHECKING:
    from _pytest._code.code import TerminalRepr

    from mands_sim.dice import ScriptedDice
    from mands_sim.model.character import Character
    from mands_sim.plugins import MandsPluginManager
    from mands_sim.regression import BatchVerdict, GoldenVerdict
    from mands_sim.scenario import ScenarioSpec

PluginManagerFactory: TypeAlias = Callable[..., "MandsPluginManager"]
"""The type of the ``plugin_manager_factory`` fixture, for annotating tests."""

DiceFactory: TypeAlias = Callable[..., "ScriptedDice"]
"""The type of the ``scripted_dice`` fixture."""

CharacterFactory: TypeAlias = Callable[..., "Character"]
"""The type of the ``character_factory`` fixture."""

SAMPLE_SHEET: Mapping[str, Any] = MappingProxyType(
    {
        "format": 1,
        "name": "Seraph",
        "special": True,
        "abilities": MappingProxyType(
            {
                "strength": 11,
                "agility": 22,
                "constitution": 32,
                "learning": 11,
                "newoen": 20,
                "active_charisma": 11,
                "normal_charisma": 12,
            }
        ),
        "attributes": MappingProxyType(
            {"beauty": 31, "build": 31, "height": 1.791, "hearing": 14, "sight": 14}
        ),
    }
)
"""Seraph, the rulebook's sample character, as ``scenarios/characters/seraph.toml`` gives his
abilities and attributes (seed "Biff Turk Creates a Sample Character"; hearing and sight, which
the seed does not give, are the average 14): the base ``character_factory`` changes."""

_SECTIONS = ("abilities", "attributes")


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``hook`` marker (so ``--strict-markers`` accepts it)."""
    config.addinivalue_line("markers", "hook(*names): the mands-sim hooks this test exercises")


@pytest.fixture
def plugin_manager_factory() -> PluginManagerFactory:
    """``make(*plugins, **named_plugins)`` → a plugin manager with only these plugins.

    A positional plugin is named by its module (``__name__``) or class; a keyword one by its
    keyword. Installed plugins are not loaded and ``MANDS_SIM_DISABLE_PLUGINS`` is ignored;
    ``MANDS_SIM_TRACE_HOOKS=1`` still traces.
    """
    from mands_sim.plugins import TRACE_ENV_VAR, make_plugin_manager, named_plugins

    def make(*plugins: object, **named: object) -> MandsPluginManager:
        return make_plugin_manager(
            extra_plugins=dict([*named_plugins(plugins), *named.items()]),
            load_entry_points=False,
            environ={TRACE_ENV_VAR: os.environ.get(TRACE_ENV_VAR, "")},
        )

    return make


@pytest.fixture
def scripted_dice() -> DiceFactory:
    """``make(faces)`` → dice dealing exactly ``faces``; one roll more raises an error."""
    from mands_sim.dice import ScriptedDice

    return ScriptedDice


@pytest.fixture
def character_factory() -> CharacterFactory:
    """``make(pm=None, **overrides)`` → a Character: Seraph with ``overrides`` applied.

    An override naming an ability or attribute (``strength=15``, ``height=2.0``) replaces it; any
    other key (``name``, ``special``, ``skills``, ``powers``, ``overrides``) replaces that sheet
    key. With ``pm``, the plugins' ``mands_figured_adjustments`` are applied. Charts and rule
    defaults are the standard ones.
    """
    from mands_sim.charts import load_standard_charts
    from mands_sim.defaults import RuleDefaults
    from mands_sim.model.character import build_character
    from mands_sim.model.sheet import parse_sheet
    from mands_sim.plugin_calls import figured_adjustments

    def make(pm: MandsPluginManager | None = None, **overrides: Any) -> Character:
        sheet = parse_sheet(sample_sheet(**overrides))
        defaults = RuleDefaults()
        adjustments = figured_adjustments(pm, sheet) if pm is not None else ()
        charts = load_standard_charts(defaults)
        return build_character(sheet, charts=charts, defaults=defaults, adjustments=adjustments)

    return make


def sample_sheet(**overrides: Any) -> dict[str, Any]:
    """:data:`SAMPLE_SHEET` data with ``overrides`` applied (see ``character_factory``)."""
    data: dict[str, Any] = dict(SAMPLE_SHEET)
    for section in _SECTIONS:
        data[section] = dict(SAMPLE_SHEET[section])
    for key, value in overrides.items():
        sections = [section for section in _SECTIONS if key in SAMPLE_SHEET[section]]
        if sections:
            data[sections[0]][key] = value
        else:
            data[key] = value
    return data


# -- scenario regression tests (docs/regression-testing.md) -------------------------------------

SCENARIOS_INI = "mands_sim_scenarios"
"""The ini option naming more scenario files to collect: globs relative to the rootdir."""


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--update-golden`` and the ``mands_sim_scenarios`` ini option."""
    group = parser.getgroup("mands-sim", "mands-sim scenario regression tests")
    group.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite scenarios' golden event logs that differ or are missing, instead of failing",
    )
    parser.addini(
        SCENARIOS_INI,
        type="linelist",
        default=[],
        help="globs (relative to the rootdir) of more scenario files to collect",
    )


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> ScenarioFile | None:
    """A scenario file with an ``[expect]`` table, when pytest was pointed at it: named on the
    command line, directly in a folder named on it, or matching a ``mands_sim_scenarios`` glob.
    Other TOML (character sheets, fixtures deeper down) is left alone."""
    if file_path.suffix != ".toml" or not _asked_for(file_path, parent):
        return None
    from mands_sim.regression import has_expectations

    if not has_expectations(file_path):
        return None
    return ScenarioFile.from_parent(parent, path=file_path)


def _asked_for(file_path: Path, parent: pytest.Collector) -> bool:
    session = parent.session
    if session.isinitpath(file_path) or session.isinitpath(file_path.parent):
        return True
    try:
        relative = file_path.relative_to(parent.config.rootpath).as_posix()
    except ValueError:
        return False
    return any(fnmatch(relative, glob) for glob in parent.config.getini(SCENARIOS_INI))


class ScenarioFile(pytest.File):
    """A scenario file: ``expect`` (its batch expectations) and ``golden`` (its golden log)."""

    def collect(self) -> Iterator[ScenarioItem]:
        from mands_sim.errors import MandsSimError
        from mands_sim.regression import load_expectations

        try:
            spec = load_expectations(self.path)
        except MandsSimError as error:
            raise self.CollectError(str(error)) from error
        assert spec.expect is not None
        if spec.expect.needs_batch:
            yield ScenarioItem.from_parent(self, name="expect", spec=spec)
        if spec.expect.golden is not None:
            yield ScenarioItem.from_parent(self, name="golden", spec=spec)


class ScenarioItem(pytest.Item):
    """One regression check of a scenario; a failure shows observed against expected values."""

    def __init__(self, *, spec: ScenarioSpec, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.spec = spec

    def runtest(self) -> None:
        from mands_sim.regression import RegressionFailure, check_batch, check_golden

        if self.name == "golden":
            update = bool(self.config.getoption("update_golden"))
            verdict: BatchVerdict | GoldenVerdict = check_golden(self.spec, update=update)
        else:
            verdict = check_batch(self.spec)
        if not verdict.passed:
            raise RegressionFailure(verdict)

    def repr_failure(
        self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None
    ) -> str | TerminalRepr:
        from mands_sim.regression import RegressionFailure

        if isinstance(excinfo.value, RegressionFailure):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self) -> tuple[Path, None, str]:
        return self.path, None, f"scenario {self.path.name}: {self.name}"
