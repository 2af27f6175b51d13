"""Where a batch's chunks are played: the local process pool, or a Dask cluster.

The batch runner (:mod:`mands_sim.batch.runner`) hands out chunks of run indices and stores
what comes back in index order; it does not care where a chunk is played, as long as a chunk is
a pure function of (scenario content, plugin set, master seed, run indices). Two executors:

* **local** (the default): a process pool on this machine, started with the batch; each worker
  loads the scenario file once (:func:`mands_sim.batch.runner._start_worker`).
* **dask**: the workers of a Dask cluster (``distributed.Client``; ``docs/scaling.md``). They
  may be other machines, without the scenario's files, so the scenario travels as content
  (:class:`ScenarioContent`: the played scenario with every sheet inline,
  :func:`mands_sim.scenario.scenario_content`), and each worker prepares it once and keeps it
  for the batch (:func:`play_content`). Before any run is counted every worker reports its
  mands-sim and plugin versions (:func:`worker_versions`); one that differs from this process
  is an error naming the plugin and both versions (:func:`check_versions`). A chunk on a worker
  that is lost is played again elsewhere by Dask; the runner stores a chunk once, by index.

Dask runs tasks in worker threads, where no signal can stop a run, so ``--run-timeout`` is not
enforced there (``docs/scaling.md``).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import pickle
import threading
import types
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from mands_sim import __version__
from mands_sim.errors import MandsSimError
from mands_sim.scenario import parse_scenario
from mands_sim.simulation import Simulation

EXECUTORS: Final = ("local", "dask")
"""The executors ``--executor`` names."""

KEPT_PER_WORKER: Final = 8
"""Prepared scenarios a Dask worker keeps (a sweep plays one per point)."""


class ExecutorError(MandsSimError):
    """A batch cannot be played on the executor asked for: Dask missing, the scheduler out of
    reach, workers with other versions, a chunk the cluster could not play."""


@dataclass(frozen=True, slots=True)
class ScenarioContent:
    """What a worker elsewhere needs to play a batch's runs: the played scenario as data (every
    sheet inline, :func:`mands_sim.scenario.scenario_content`), the plugins left out and the
    extra plugin objects (picklable)."""

    data: Mapping[str, Any]
    without: tuple[str, ...] = ()
    extra_plugins: Mapping[str, object] = field(default_factory=dict)

    @property
    def key(self) -> str:
        """SHA-256 of the content, the plugins left out and the extra plugin objects
        themselves (not only their names): a worker's key to its prepared simulation."""
        text = json.dumps({"data": self.data, "without": self.without}, sort_keys=True, default=str)
        digest = hashlib.sha256(text.encode())
        if self.extra_plugins:
            digest.update(_pickled(dict(self.extra_plugins)))
        return digest.hexdigest()

    def simulation(self) -> Simulation:
        """A prepared simulation of this content (no file is read)."""
        spec = parse_scenario(self.data)
        simulation = Simulation(spec, disabled=self.without, extra_plugins=self.extra_plugins)
        simulation.prepare()
        return simulation


_prepared: dict[str, Simulation] = {}
_lock = threading.Lock()


def prepared(content: ScenarioContent) -> Simulation:
    """This worker's simulation of ``content``, prepared on first use and kept (at most
    :data:`KEPT_PER_WORKER`, the oldest dropped first)."""
    key = content.key
    with _lock:
        simulation = _prepared.get(key)
        if simulation is None:
            simulation = content.simulation()
            _prepared[key] = simulation
            while len(_prepared) > KEPT_PER_WORKER:
                del _prepared[next(iter(_prepared))]
        return simulation


def _pickled(value: object) -> bytes:
    """``value``'s bytes as Dask sends it (cloudpickle: a local class by value)."""
    try:
        dumps = importlib.import_module("cloudpickle").dumps
    except ImportError:  # pragma: no cover - Dask brings cloudpickle
        dumps = pickle.dumps
    return bytes(dumps(value))


def plugin_versions(simulation: Simulation) -> dict[str, str]:
    """mands-sim's version and every loaded plugin's, by name."""
    pm = simulation.prepare().pm
    infos = pm.plugin_infos() if hasattr(pm, "plugin_infos") else ()
    versions = {info.name: info.version or "" for info in infos}
    return {"mands-sim": __version__, **versions}


CODE_SUFFIXES: Final = frozenset({".py", ".toml"})
"""What a package's code is made of, for :func:`code_fingerprint`: its modules and data tables."""


def code_fingerprint(simulation: Simulation) -> str:
    """SHA-256 of the code a batch of ``simulation`` plays (:func:`packages_fingerprint`):
    mands-sim's and the top-level package of each installed plugin it loads (the rulebook's, a
    ruleset's, a third party's). Versions stay the same while a plugin is edited in place (an
    editable install); its code does not, and a batch keyed by it is not mistaken for one
    played by the code before. A plugin object passed in code (the Python API, a test) is known
    by its name alone: where it is defined may differ from one process to the next."""
    pm = simulation.prepare().pm
    infos = pm.plugin_infos() if hasattr(pm, "plugin_infos") else ()
    installed = {info.name for info in infos if info.origin != "registered directly"}
    plugins = [p for name, p in pm.list_name_plugin() if p is not None and name in installed]
    return packages_fingerprint({"mands_sim", *(_top_package(p) for p in plugins)})


def packages_fingerprint(packages: set[str]) -> str:
    """SHA-256 of every ``.py`` and ``.toml`` file of ``packages``, by package and path."""
    digest = hashlib.sha256(b"mands-sim code\0")
    for package in sorted(packages):
        for name, path in _package_files(package):
            digest.update(f"{package}\0{name}\0".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _top_package(plugin: object) -> str:
    module = plugin.__name__ if isinstance(plugin, types.ModuleType) else type(plugin).__module__
    return module.split(".")[0]


def _package_files(package: str) -> list[tuple[str, Path]]:
    """The code files of ``package`` (a plain module: its file), by relative path, sorted."""
    spec = importlib.util.find_spec(package)
    if spec is None:
        return []
    roots = [Path(root) for root in spec.submodule_search_locations or ()]
    if not roots:
        return [(Path(spec.origin).name, Path(spec.origin))] if spec.origin else []
    found = {
        (f"{index}/{path.relative_to(root).as_posix()}", path)
        for index, root in enumerate(roots)
        for path in root.rglob("*")
        if path.suffix in CODE_SUFFIXES and "__pycache__" not in path.parts and path.is_file()
    }
    return sorted(found)


def worker_versions(content: ScenarioContent) -> dict[str, str]:
    """On a worker: the versions its simulation of ``content`` loads
    (:func:`simulation_versions` of :func:`prepared_here`)."""
    return simulation_versions(prepared_here(content))


def prepared_here(content: ScenarioContent) -> Simulation:
    """On a worker: its simulation of ``content`` (:func:`prepared`); a worker that cannot
    prepare the scenario (a plugin it needs missing there) is an :class:`ExecutorError` naming
    the worker."""
    try:
        return prepared(content)
    except MandsSimError as error:
        raise ExecutorError(
            f"worker {this_worker()} cannot prepare the scenario: {error} (is every plugin it "
            "needs installed there, in the same version?)"
        ) from error


def simulation_versions(simulation: Simulation) -> dict[str, str]:
    """:func:`plugin_versions`, with ``mands-sim`` read from the installed package as this
    process sees it."""
    versions = plugin_versions(simulation)
    versions["mands-sim"] = importlib.import_module("mands_sim").__version__
    return versions


def this_worker() -> str:
    """The address of the Dask worker running this code, or ``"this process"``."""
    try:
        return str(importlib.import_module("distributed").get_worker().address)
    except (ImportError, ValueError):
        return "this process"


NOT_LOADED: Final = "(not loaded: not installed, or disabled there)"


def check_versions(
    here: Mapping[str, str],
    workers: Mapping[str, Mapping[str, str]],
    *,
    after: str = "no run was played on the cluster",
) -> None:
    """Raise :class:`ExecutorError` naming the first plugin whose version differs between this
    process (``here``) and a worker (``workers``: versions by worker address), or that one of
    them does not load; ``after`` says what became of the batch."""
    for worker, theirs in sorted(workers.items()):
        for name in sorted(set(here) | set(theirs)):
            mine, other = here.get(name), theirs.get(name)
            if mine != other:
                raise ExecutorError(
                    f"worker {worker} has {name} {other or NOT_LOADED}, this process "
                    f"{mine or NOT_LOADED}: install the same versions everywhere, and leave out "
                    f"the same plugins ({after})"
                )


def dask_client(scheduler: str) -> Any:
    """A ``distributed.Client`` connected to ``scheduler`` (an address such as
    ``tcp://10.0.0.5:8786``)."""
    try:
        distributed = importlib.import_module("distributed")
    except ImportError as error:
        raise ExecutorError(
            "--executor dask needs Dask's distributed scheduler: pip install 'mands-sim[dask]'"
        ) from error
    try:
        return distributed.Client(scheduler, timeout="10s")
    except (OSError, TimeoutError, ValueError, TypeError) as error:
        raise ExecutorError(
            f"cannot reach the Dask scheduler at {scheduler!r}: {error} (an address such as "
            "tcp://10.0.0.5:8786)"
        ) from error


__all__ = [
    "EXECUTORS",
    "KEPT_PER_WORKER",
    "ExecutorError",
    "ScenarioContent",
    "check_versions",
    "code_fingerprint",
    "dask_client",
    "packages_fingerprint",
    "plugin_versions",
    "prepared",
    "prepared_here",
    "simulation_versions",
    "this_worker",
    "worker_versions",
]
