"""Loading chart data files into charts, and the bundle of charts a simulation uses.

Each chart lives in its own TOML file under ``data/`` (tables are data, never numbers in code),
checked at load time. :func:`load_standard_charts` builds the bundled set once per choice of
the defaults that shape them (G-01, G-03, G-31) and caches it; :func:`load_chart` reads one
chart from any file, so a plugin can add or override a chart by name (:meth:`Charts.replace`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final, TypeAlias, TypeVar

from mands_sim.charts._data import DataFile
from mands_sim.charts.action import ActionChart, build_action_chart
from mands_sim.charts.ep_use import EPUseChart, build_ep_use_chart
from mands_sim.charts.experience import ExperienceChart, build_experience_chart
from mands_sim.charts.senses import (
    HearingTable,
    SightTable,
    build_hearing_table,
    build_sight_table,
)
from mands_sim.charts.skin_temper import SkinTemperChart, build_skin_temper_chart
from mands_sim.defaults import STANDARD_DEFAULTS, CoreDefaults, RuleDefaults
from mands_sim.errors import RulesDataError

__all__ = [
    "CHART_NAMES",
    "DATA_DIR",
    "Chart",
    "Charts",
    "load_chart",
    "load_standard_charts",
    "standard_chart_path",
]

Chart: TypeAlias = (
    ActionChart | EPUseChart | SkinTemperChart | ExperienceChart | SightTable | HearingTable
)

_C = TypeVar("_C")

CHART_NAMES: Final = ("action", "ep_use", "skin_temper", "experience", "sight", "hearing")
"""The charts a :class:`Charts` bundle holds, by name (also each data file's ``kind``)."""

DATA_DIR: Final = Path(__file__).parent / "data"
"""The bundled chart data files, one ``<name>.toml`` per chart."""

_TYPES: Final[dict[str, type]] = {
    "action": ActionChart,
    "ep_use": EPUseChart,
    "skin_temper": SkinTemperChart,
    "experience": ExperienceChart,
    "sight": SightTable,
    "hearing": HearingTable,
}

_BUILDERS: Final[dict[str, Callable[[DataFile, CoreDefaults], Chart]]] = {
    # G-01: derive rows beyond the printed Action Chart, or refuse them.
    "action": lambda data, d: build_action_chart(
        data, derive_beyond_printed=d.G01_rows_beyond_printed == "derive"
    ),
    # G-03: EP Use Chart rows 1-3.
    "ep_use": lambda data, d: build_ep_use_chart(data, low_rows=d.G03_ep_low_rows),
    "skin_temper": lambda data, d: build_skin_temper_chart(data),
    # G-31: the Experience 10 boundary.
    "experience": lambda data, d: build_experience_chart(data, boundary=d.G31_experience_boundary),
    "sight": lambda data, d: build_sight_table(data),
    "hearing": lambda data, d: build_hearing_table(data),
}


@dataclass(frozen=True, slots=True)
class Charts:
    """Every chart a simulation reads, by name (see :data:`CHART_NAMES`)."""

    action: ActionChart
    ep_use: EPUseChart
    skin_temper: SkinTemperChart
    experience: ExperienceChart
    sight: SightTable
    hearing: HearingTable

    def replace(self, name: str, chart: Chart) -> Charts:
        """A copy with the chart ``name`` replaced (a plugin overriding a chart)."""
        expected = _expected_type(name)
        if not isinstance(chart, expected):
            raise TypeError(f"chart '{name}' must be a {expected.__name__}, not {chart!r}")
        changes: dict[str, Any] = {name: chart}
        return dataclasses.replace(self, **changes)


def standard_chart_path(name: str) -> Path:
    """The bundled data file of the chart ``name``."""
    _expected_type(name)
    return DATA_DIR / f"{name}.toml"


def load_chart(kind: str, path: Path | str, defaults: RuleDefaults = STANDARD_DEFAULTS) -> Chart:
    """Read and check one chart of ``kind`` from ``path``; a bad file raises
    :class:`RulesDataError` naming the file and the problem."""
    builder = _BUILDERS.get(kind)
    if builder is None:
        raise RulesDataError(str(path), f"unknown chart kind '{kind}'; known: {CHART_NAMES}")
    return builder(DataFile.read(path, kind), defaults.of(CoreDefaults))


def load_standard_charts(defaults: RuleDefaults = STANDARD_DEFAULTS) -> Charts:
    """The bundled charts under ``defaults`` (built once per choice of G-01, G-03, G-31)."""
    core = defaults.of(CoreDefaults)
    return _standard_charts(
        core.G01_rows_beyond_printed, core.G03_ep_low_rows, core.G31_experience_boundary
    )


@lru_cache(maxsize=16)
def _standard_charts(g01: str, g03: str, g31: str) -> Charts:
    defaults = STANDARD_DEFAULTS.with_overrides(
        {"G01_rows_beyond_printed": g01, "G03_ep_low_rows": g03, "G31_experience_boundary": g31}
    )
    return Charts(
        action=_standard("action", ActionChart, defaults),
        ep_use=_standard("ep_use", EPUseChart, defaults),
        skin_temper=_standard("skin_temper", SkinTemperChart, defaults),
        experience=_standard("experience", ExperienceChart, defaults),
        sight=_standard("sight", SightTable, defaults),
        hearing=_standard("hearing", HearingTable, defaults),
    )


def _standard(name: str, kind: type[_C], defaults: RuleDefaults) -> _C:
    chart = load_chart(name, standard_chart_path(name), defaults)
    assert isinstance(chart, kind)
    return chart


def _expected_type(name: str) -> type:
    try:
        return _TYPES[name]
    except KeyError:
        raise KeyError(f"no chart named '{name}'; charts are {', '.join(CHART_NAMES)}") from None
