"""Sweeps: one scenario played at every value of one or two of its parameters, each point a
batch with the same seeds (common random numbers), so that the points differ by the parameter
and not by luck.

A parameter is a path of the scenario, as ``--set`` names it, and its values: a range
``PATH=A..B`` (whole numbers, step 1), ``PATH=A..B:STEP`` (B on a step from A), or a list
``PATH=V1,V2,…`` (:meth:`Vary.parse`). Every point is validated before any run is played; each
is a batch of the results store like any other (its ``--set`` values recorded), so an
interrupted sweep continues where it stopped and a finished one is reported again without
playing.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

from mands_sim.batch.runner import BatchOptions, BatchResult, Progress, run_batch
from mands_sim.errors import ScenarioError
from mands_sim.registry import Registries
from mands_sim.scenario import Override, load_scenario, read_value
from mands_sim.simulation import Simulation, check_scenario

MAX_VALUES: Final = 101
"""The most values one parameter of a sweep takes."""

MAX_POINTS: Final = 441
"""The most points of a sweep (21 × 21 for two parameters)."""


@dataclass(frozen=True, slots=True)
class Vary:
    """A parameter of a sweep: the scenario path it changes and the values it takes, in order."""

    path: str
    values: tuple[Any, ...]

    @classmethod
    def parse(cls, text: str) -> Vary:
        """``PATH=A..B[:STEP]`` or ``PATH=V1,V2,…`` (module docstring).

        Raises:
            ScenarioError: not of either form, an empty or reversed range, a range of numbers
                that are not whole without a step, or more than :data:`MAX_VALUES` values.
        """
        path, equals, spec = text.partition("=")
        path, spec = path.strip(), spec.strip()
        if not equals or not path or not spec or not all(path.split(".")):
            _refuse(
                text,
                "expected PATH=A..B[:STEP] or PATH=V1,V2,… (e.g. stop.time_limit=500..2500:500)",
            )
        values = _range(text, spec) if ".." in spec else _listed(spec)
        if not values:
            _refuse(text, "expected at least one value")
        if len(values) > MAX_VALUES:
            _refuse(text, f"expected at most {MAX_VALUES} values, not {len(values)}")
        return cls(path, tuple(values))

    def override(self, value: Any) -> Override:
        """The ``--set`` that gives this parameter ``value``."""
        return Override.parse(f"{self.path}={json.dumps(value)}")


def _range(text: str, spec: str) -> list[Any]:
    bounds, _, step_text = spec.partition(":")
    low_text, _, high_text = bounds.partition("..")
    low, high = _number(text, low_text), _number(text, high_text)
    whole = all(float(n).is_integer() for n in (low, high))
    step = _number(text, step_text) if step_text else (1 if whole else None)
    if step is None:
        _refuse(text, "expected a step for numbers that are not whole (e.g. 0.5..2.0:0.25)")
    assert step is not None
    if step <= 0 or high < low:
        _refuse(text, "expected A <= B and a step above 0")
    count = math.floor((high - low) / step + 1e-9) + 1
    if count > MAX_VALUES:
        _refuse(text, f"expected at most {MAX_VALUES} values, not {count}")
    last = low + (count - 1) * step
    if not math.isclose(last, high, rel_tol=1e-9, abs_tol=1e-9):
        _refuse(text, _missed_end(low_text, high_text, step_text, last, last + step))
    if isinstance(low, int) and isinstance(high, int) and isinstance(step, int):
        return list(range(low, high + 1, step))
    return [round(low + i * step, 10) for i in range(count)]


def _missed_end(low: str, high: str, step: str, last: float, past: float) -> str:
    """Why a range whose steps miss its end is refused: the two ranges that reach an end."""

    def shown(value: float) -> str:
        return f"{round(value, 10):g}"

    return (
        f"expected B on a step from A: {low.strip()}..{high.strip()}:{step.strip()} stops at "
        f"{shown(last)}, before {high.strip()}; write {low.strip()}..{shown(last)}:{step.strip()}"
        f" or {low.strip()}..{shown(past)}:{step.strip()}"
    )


def _number(text: str, part: str) -> int | float:
    value = read_value(part.strip())
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        _refuse(text, f"expected a number, not {part.strip()!r}")
    return value  # type: ignore[no-any-return]


def _listed(spec: str) -> list[Any]:
    return [read_value(item.strip()) for item in spec.split(",") if item.strip()]


def _refuse(text: str, expected: str) -> None:
    raise ScenarioError(None, f"--vary {text}", expected)


@dataclass(frozen=True, slots=True)
class SweepPoint:
    """One point of a sweep: each parameter's value, and its batch."""

    values: tuple[Any, ...]
    result: BatchResult


@dataclass(frozen=True, slots=True)
class SweepResult:
    """A sweep played (or stopped by Ctrl-C: :attr:`interrupted`)."""

    scenario: Path
    varied: tuple[Vary, ...]
    options: BatchOptions
    points: tuple[SweepPoint, ...]
    planned: int
    """The points the sweep has; fewer were played if it was interrupted."""

    @property
    def interrupted(self) -> bool:
        return len(self.points) < self.planned or any(
            point.result.interrupted for point in self.points
        )


def grid(varied: Sequence[Vary]) -> list[tuple[Any, ...]]:
    """Every point of the sweep, the first parameter's values slowest.

    Raises:
        ValueError: no parameter, more than two, the same path twice, or more than
            :data:`MAX_POINTS` points.
    """
    if not 1 <= len(varied) <= 2:
        raise ValueError("a sweep varies one parameter or two")
    if len({vary.path for vary in varied}) < len(varied):
        raise ValueError(f"two different parameters, not {varied[0].path} twice")
    points = list(itertools.product(*(vary.values for vary in varied)))
    if len(points) > MAX_POINTS:
        raise ValueError(f"a sweep has at most {MAX_POINTS} points, not {len(points)}")
    return points


def check_not_set(scenario: Path, options: BatchOptions, paths: Sequence[str]) -> None:
    """A ``--set`` of a path that is also varied would be overridden at every point: refused.

    Raises:
        ScenarioError: naming the ``--set``.
    """
    for override in options.overrides:
        if ".".join(override.path) in paths:
            raise ScenarioError(
                scenario, f"--set {override.text}", "expected no --set of a parameter --vary varies"
            )


class PointCheck:
    """Checks each point's scenario as a batch would before playing it: loaded and validated
    (:func:`~mands_sim.scenario.load_scenario`), and its names (policies, optional rules …)
    checked against the plugins, which are loaded once, for the first point checked."""

    def __init__(self, scenario: Path, options: BatchOptions) -> None:
        self.scenario, self.options = scenario, options
        self._registries: Registries | None = None

    def __call__(self, options: BatchOptions) -> None:
        """Raise the :class:`ScenarioError` the batch of ``options`` would raise, if any."""
        spec = load_scenario(self.scenario, options.overrides)
        if self._registries is None:
            simulation = Simulation(spec, disabled=self.options.without)
            self._registries = simulation.prepare().registries
        else:
            check_scenario(self._registries, spec)


def point_options(
    options: BatchOptions, varied: Sequence[Vary], values: Sequence[Any]
) -> BatchOptions:
    """The batch of one point: the sweep's options with each parameter set to its value."""
    changes = tuple(vary.override(value) for vary, value in zip(varied, values, strict=True))
    return replace(options, overrides=(*options.overrides, *changes))


def sweep(
    scenario: Path | str,
    varied: Sequence[Vary],
    options: BatchOptions | None = None,
    *,
    store: Path | str | None = None,
    fresh: bool = False,
    progress: Callable[[int, Sequence[Any]], Progress | None] = lambda _i, _v: None,
) -> SweepResult:
    """Play ``scenario`` at every point of ``varied`` (:func:`grid`), each a batch of
    ``options`` (default: :class:`BatchOptions`'s) on the same seeds; ``progress(i, values)``
    gives each point's progress.

    The Python face of ``mands-sim sweep``::

        from mands_sim.batch.sweep import Vary, sweep
        gunmen = Vary.parse("sides.crew.gunman.count=1..4")
        result = sweep("scenarios/bank_job.toml", [gunmen], BatchOptions(runs=500))
        [p.result.aggregate.win_rate("heroes") for p in result.points]

    Every point's scenario is loaded (and so validated) before any run is played. Ctrl-C stops
    the sweep with the points finished, and the point in play as far as it got.

    Raises:
        ScenarioError: a point's scenario is not valid (the message names the ``--set``).
        ValueError: see :func:`grid`.
    """
    path = Path(scenario)
    options = options if options is not None else BatchOptions()
    points = grid(varied)
    check_not_set(path, options, [vary.path for vary in varied])
    check = PointCheck(path, options)
    for values in points:
        check(point_options(options, varied, values))
    played: list[SweepPoint] = []
    for index, values in enumerate(points):
        batch = point_options(options, varied, values)
        try:
            result = run_batch(
                path, batch, store=store, fresh=fresh, progress=progress(index, values)
            )
        except KeyboardInterrupt:
            break
        if result.interrupted and not result.runs:
            break  # nothing of this point finished: it is not a point of the report
        played.append(SweepPoint(values, result))
        if result.interrupted:
            break
    return SweepResult(path, tuple(varied), options, tuple(played), len(points))
