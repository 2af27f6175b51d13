"""pytest plugin for mands-sim and its plugin authors (entry point ``pytest11``).

Installed with mands-sim, so any test session has these fixtures (``docs/writing-plugins.md``):

* ``plugin_manager_factory`` — ``make(*plugins, **named_plugins)``: a fresh plugin manager with
  exactly these plugins, no installed entry points, loaded strictly.
* ``scripted_dice`` — ``make(faces)``: a :class:`mands_sim.dice.ScriptedDice` that deals the
  given faces (a list, or ``{stream: faces}``).
* ``character_factory`` — ``make(pm=None, **overrides)``: a
  :class:`mands_sim.model.character.Character` built from the sample character Seraph with the given
  abilities, attributes or sheet keys replaced; with ``pm``, plugins' ``mands_figured_adjustments``
  apply.
* ``encounter_factory`` — ``make(heroes={id: overrides}, villains={id: overrides}, ...)``: a
  :class:`Scene`, a small encounter of sample characters with the installed plugins and yours,
  your minds or policies and scripted or seeded dice, to run and query (``scene.of(kind)``).
  :class:`PlannedMind` plays a list of ``(segment, intent)`` and nothing else.

It collects scenario files with an ``[expect]`` table as regression tests
(``docs/regression-testing.md``): ``pytest scenarios/`` checks each scenario's expected results
on its batch of runs and compares its golden event log; ``--update-golden`` rewrites the logs.

It also registers the ``hook(name, ...)`` marker: ``@pytest.mark.hook("mands_register_powers")``
says which hooks a test exercises (mands-sim's meta-tests require one test per hook).

Imports happen inside the fixtures and hooks, so loading this plugin costs a test session nothing.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from fnmatch import fnmatch
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

import pytest

if TYPE_CHECKING:
    from _pytest._code.code import TerminalRepr

    from mands_sim.actions import Intent, QualityAllocation, Wait
    from mands_sim.dice import ScriptedDice
    from mands_sim.events import Event
    from mands_sim.kernel.encounter import Encounter
    from mands_sim.kernel.state import CharacterState
    from mands_sim.model.character import Character
    from mands_sim.plugins import MandsPluginManager
    from mands_sim.regression import BatchVerdict, GoldenVerdict
    from mands_sim.scenario import ScenarioSpec
    from mands_sim.simulation import Simulation

PluginManagerFactory: TypeAlias = Callable[..., "MandsPluginManager"]
"""The type of the ``plugin_manager_factory`` fixture, for annotating tests."""

DiceFactory: TypeAlias = Callable[..., "ScriptedDice"]
"""The type of the ``scripted_dice`` fixture."""

CharacterFactory: TypeAlias = Callable[..., "Character"]
"""The type of the ``character_factory`` fixture."""

EncounterFactory: TypeAlias = Callable[..., "Scene"]
"""The type of the ``encounter_factory`` fixture."""

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
    keyword; each is registered whatever ruleset it plays. Installed plugins are not loaded and
    ``MANDS_SIM_DISABLE_PLUGINS`` is ignored; ``MANDS_SIM_TRACE_HOOKS=1`` still traces.
    """
    from mands_sim.plugins import TRACE_ENV_VAR, make_plugin_manager, named_plugins

    def make(*plugins: object, **named: object) -> MandsPluginManager:
        return make_plugin_manager(
            extra_plugins=dict([*named_plugins(plugins), *named.items()]),
            load_entry_points=False,
            environ={TRACE_ENV_VAR: os.environ.get(TRACE_ENV_VAR, "")},
            ruleset=None,
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
    from mands_sim.charts.loading import load_standard_charts
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


# -- small encounters ---------------------------------------------------------------------------

HERE = "here"
THERE = "there"

E = TypeVar("E", bound="Event")


class PlannedMind:
    """A mind that starts each ``(segment, intent)`` of ``plan``, in the order given, on its
    segment (waiting until then), spends Combat-Roll Quality as ``quality`` says (nothing, by
    default: all of it goes where the rules put unspent Q) and does nothing once the plan is
    played."""

    def __init__(self, *plan: tuple[int, Intent], quality: QualityAllocation | None = None) -> None:
        from mands_sim.actions import QualityAllocation

        self.plan = deque(plan)
        self.quality = quality or QualityAllocation()

    def choose(self, encounter: Encounter, actor: str) -> Intent | Wait | None:
        from mands_sim.actions import Wait

        if not self.plan:
            return None
        segment, intent = self.plan[0]
        if segment > encounter.now:
            return Wait(segment, "planned")
        self.plan.popleft()
        return intent

    def allocate(
        self, encounter: Encounter, actor: str, intent: Intent, quality: int
    ) -> QualityAllocation:
        from mands_sim.actions import QualityAllocation

        return self.quality if self.quality.total <= quality else QualityAllocation()


class Scene:
    """A small encounter from ``encounter_factory``: :meth:`run` it, then read its log."""

    def __init__(self, simulation: Simulation, seed: int) -> None:
        self.simulation = simulation
        self.log: list[Event] = []
        self.encounter: Encounter = simulation.start([self.log.append], seed=seed)

    def run(self, until: int | None = None) -> Scene:
        """Play on to the end, or to segment ``until``; returns the scene."""
        self.encounter.run(until=until)
        return self

    def of(self, kind: type[E], character: str | None = None) -> list[E]:
        """The logged events of ``kind`` (about ``character``, if given), in order."""
        return [
            event
            for event in self.log
            if isinstance(event, kind)
            and (character is None or getattr(event, "character", None) == character)
        ]

    def state(self, character: str) -> CharacterState:
        """``character``'s state now."""
        return self.encounter.state[character]


@pytest.fixture
def encounter_factory() -> EncounterFactory:
    """``make(*, heroes, villains, plugins={}, minds={}, policies={}, dice=None, apart=0.0,
    time_limit=1000, defaults={}, optional=())`` → a :class:`Scene`, not yet run.

    ``heroes`` and ``villains`` map each character's id to its sheet overrides, as
    ``character_factory`` takes them (``{"strength": 30, "powers": {...}}``): every character
    is the sample character Seraph changed so. The heroes stand at one place, the villains
    ``apart`` meters away (0: the same place); everyone is aware (no surprise). The installed
    plugins are loaded, and ``plugins`` (name → plugin object) besides: one named as an
    installed plugin replaces it (test your plugin's working copy). ``minds`` gives characters
    minds of your own (a :class:`PlannedMind`), ``policies`` others a registered policy by name
    (default: ``nearest-enemy``). ``dice`` is a list of faces or ``{character id: faces}`` for
    scripted dice, or an int seed (default 0). ``defaults`` and ``optional`` set the scenario's
    rule defaults and optional rules.
    """
    from mands_sim.dice import ScriptedDice
    from mands_sim.scenario import parse_scenario
    from mands_sim.simulation import Simulation

    def make(
        *,
        heroes: Mapping[str, Mapping[str, Any]],
        villains: Mapping[str, Mapping[str, Any]],
        plugins: Mapping[str, object] | None = None,
        minds: Mapping[str, Any] | None = None,
        policies: Mapping[str, str] | None = None,
        dice: Any = None,
        apart: float = 0.0,
        time_limit: int = 1000,
        defaults: Mapping[str, Any] | None = None,
        optional: tuple[str, ...] = (),
    ) -> Scene:
        there = THERE if apart else HERE
        places: list[dict[str, Any]] = [{"name": HERE, "x": 0.0, "y": 0.0}]
        if apart:
            places.append({"name": THERE, "x": float(apart), "y": 0.0})
        chosen = dict(policies or {})

        def fighters(side: Mapping[str, Mapping[str, Any]], place: str) -> list[dict[str, Any]]:
            return [
                {
                    "id": name,
                    "sheet": sample_sheet(**{"name": name.title(), **overrides}),
                    "place": place,
                    "aware": True,
                    "policy": chosen.get(name, "nearest-enemy"),
                }
                for name, overrides in side.items()
            ]

        data = {
            "format": 1,
            "name": "test scene",
            "rules": {"defaults": dict(defaults or {}), "optional": list(optional)},
            "map": {
                "places": places,
                "edges": [{"between": [HERE, THERE]}] if apart else [],
            },
            "sides": [
                {"name": "heroes", "characters": fighters(heroes, HERE)},
                {"name": "villains", "characters": fighters(villains, there)},
            ],
            "stop": {"time_limit": time_limit, "when": ["side-out-of-action"]},
        }
        simulation = Simulation(
            parse_scenario(data, base_dir=Path.cwd()),
            extra_plugins=dict(plugins or {}),
            minds=dict(minds or {}),
            dice=ScriptedDice(dice) if isinstance(dice, list | Mapping) else None,
        )
        return Scene(simulation, seed=dice if isinstance(dice, int) else 0)

    return make


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
