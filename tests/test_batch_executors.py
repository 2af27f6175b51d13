"""Where a batch's chunks are played (``mands_sim.batch.executors``): a Dask cluster gives the
report a local pool gives, a batch begun on one finishes on the other, workers with other
versions are refused before any run is counted, and a lost worker's chunk is played again.

The cluster is a ``distributed.LocalCluster`` of two worker processes, started once for the
module (about 3 s)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import distributed
import pytest

from mands_sim.api import hookimpl
from mands_sim.batch.executors import (
    ExecutorError,
    ScenarioContent,
    check_versions,
    code_fingerprint,
    packages_fingerprint,
    plugin_versions,
    worker_versions,
)
from mands_sim.batch.runner import BatchOptions, BatchResult, Progress, run_batch
from mands_sim.report.summary import build_summary
from mands_sim.scenario import load_scenario, scenario_content
from mands_sim.simulation import Simulation

ROOT = Path(__file__).parent.parent
BANK = ROOT / "scenarios" / "bank_job.toml"
DUEL = ROOT / "scenarios" / "seraph_vs_sphinx.toml"


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with distributed.Client(cluster) as connected:
        yield connected
    cluster.close()


def report(result: BatchResult) -> dict[str, Any]:
    """The report as JSON data, less where it was stored."""
    summary = build_summary(result)
    del summary["batch"]["store"]
    return summary


def test_check_versions_names_the_plugin_and_both_versions() -> None:
    here = {"mands-sim": "0.1.0", "mands_rulebook.kit": "0.1.0"}
    check_versions(here, {"tcp://a": dict(here)})
    with pytest.raises(ExecutorError, match=r"tcp://b has mands-sim 0\.2\.0, this process 0\.1\.0"):
        check_versions(here, {"tcp://a": dict(here), "tcp://b": {**here, "mands-sim": "0.2.0"}})
    with pytest.raises(ExecutorError, match=r"mands_rulebook\.kit \(not loaded: not installed"):
        check_versions(here, {"tcp://a": {"mands-sim": "0.1.0"}})


def test_scenario_content_plays_as_the_file_does() -> None:
    """Sheets inline, no file read: the same runs as the scenario loaded from its file."""
    content = ScenarioContent(scenario_content(BANK))
    from_file = Simulation(load_scenario(BANK))
    assert content.simulation().run(seed=4) == from_file.run(seed=4)
    assert content.key == ScenarioContent(scenario_content(BANK)).key
    assert content.key != ScenarioContent(scenario_content(BANK), ("mands_rulebook.kit",)).key
    assert worker_versions(content) == plugin_versions(from_file)


def test_a_dask_batch_reports_what_a_local_batch_reports(tmp_path: Path, client: Any) -> None:
    """The bank job, 50 runs (two chunks of 25, one on each worker), seed 5: the same report,
    key for key."""
    options = BatchOptions(runs=50, seed=5, jobs=2)
    local = run_batch(BANK, options, store=tmp_path / "local.db")
    on_dask = run_batch(BANK, options, store=tmp_path / "dask.db", client=client)
    assert report(on_dask) == report(local)
    assert repr(on_dask.aggregate) == repr(local.aggregate)


class StopAfter(Progress):
    """Ctrl-C once ``runs`` runs have finished."""

    def __init__(self, runs: int) -> None:
        self.left = runs

    def advance(self, runs: int) -> None:
        self.left -= runs
        if self.left <= 0:
            raise KeyboardInterrupt


@pytest.mark.parametrize("begun_on", ["local", "dask"])
def test_a_batch_begun_on_one_executor_finishes_on_the_other(
    tmp_path: Path, client: Any, begun_on: str
) -> None:
    options = BatchOptions(runs=100, seed=2, jobs=1)
    store = tmp_path / "s.db"
    first = {"local": None, "dask": client}[begun_on]
    second = {"local": client, "dask": None}[begun_on]
    begun = run_batch(DUEL, options, store=store, client=first, progress=StopAfter(50))
    assert begun.interrupted and 0 < begun.runs < 100
    finished = run_batch(DUEL, options, store=store, client=second)
    assert finished.reused == begun.runs and finished.runs == 100
    whole = run_batch(DUEL, options, store=tmp_path / "whole.db")
    assert repr(finished.aggregate) == repr(whole.aggregate)


def test_workers_with_another_version_are_refused_before_any_run(
    tmp_path: Path, client: Any
) -> None:
    def pretend(version: str) -> None:
        import mands_sim

        mands_sim.__version__ = version

    before = client.run(lambda: __import__("mands_sim").__version__)
    client.run(pretend, "9.9.9")
    try:
        with pytest.raises(ExecutorError, match=r"has mands-sim 9\.9\.9, this process"):
            run_batch(DUEL, BatchOptions(runs=50), store=tmp_path / "s.db", client=client)
    finally:
        client.run(pretend, next(iter(before.values())))
    assert not (tmp_path / "s.db").exists()  # refused before anything was stored
    result = run_batch(DUEL, BatchOptions(runs=50), store=tmp_path / "s.db", client=client)
    assert result.reused == 0 and result.runs == 50


def killer(marker: Path) -> object:
    """A plugin that ends the process it first plays an encounter in, once (``marker`` says it
    has); a local class, so that Dask's cloudpickle sends it to the workers by value."""
    from mands_sim.api import hookimpl

    class KillsOnce:
        @hookimpl
        def mands_encounter_opening(self, encounter: object) -> None:
            if not marker.exists():
                marker.touch()
                os._exit(1)

    return KillsOnce()


def test_a_lost_workers_chunk_is_played_again_and_counted_once(tmp_path: Path, client: Any) -> None:
    marker = tmp_path / "killed"
    plugins = {"kills-once": killer(marker)}
    options = BatchOptions(runs=150, seed=9, jobs=1)
    on_dask = run_batch(
        DUEL, options, store=tmp_path / "d.db", client=client, extra_plugins=plugins
    )
    assert marker.exists()  # a worker died in the batch
    local = run_batch(DUEL, options, store=tmp_path / "l.db", extra_plugins=plugins)
    assert on_dask.runs == 150 and on_dask.errors == 0
    assert repr(on_dask.aggregate) == repr(local.aggregate)
    client.wait_for_workers(2, timeout=60)  # the nanny has started another


class RaisesInterrupt:
    """A broken plugin: raises ``KeyboardInterrupt`` as every encounter opens."""

    @hookimpl
    def mands_encounter_opening(self, encounter: object) -> None:
        raise KeyboardInterrupt


def test_a_plugins_keyboard_interrupt_on_a_worker_is_an_error_of_its_run(
    tmp_path: Path, client: Any
) -> None:
    """No Ctrl-C reaches a Dask worker's thread: each run is that plugin's error, as locally."""
    plugins = {"interrupts": RaisesInterrupt()}
    options = BatchOptions(runs=30, seed=1, jobs=1)
    on_dask = run_batch(
        DUEL, options, store=tmp_path / "d.db", client=client, extra_plugins=plugins
    )
    local = run_batch(DUEL, options, store=tmp_path / "l.db", extra_plugins=plugins)
    assert on_dask.runs == local.runs == 30
    assert on_dask.errors == local.errors == 30


class Tunable:
    def __init__(self, setting: str) -> None:
        self.setting = setting

    @hookimpl
    def mands_encounter_opening(self, encounter: object) -> None:
        return None


def test_a_workers_prepared_scenario_is_keyed_by_the_plugin_objects_not_their_names() -> None:
    data = scenario_content(DUEL)
    one = ScenarioContent(data, (), {"tunable": Tunable("ok")})
    assert one.key == ScenarioContent(data, (), {"tunable": Tunable("ok")}).key
    assert one.key != ScenarioContent(data, (), {"tunable": Tunable("boom")}).key


def test_plugins_disabled_by_the_environment_are_left_out_on_the_workers_too(
    tmp_path: Path, client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MANDS_SIM_DISABLE_PLUGINS", "mands_rulebook.combat.extra_effort")
    options = BatchOptions(runs=25, seed=2, jobs=1)
    on_dask = run_batch(DUEL, options, store=tmp_path / "d.db", client=client)
    local = run_batch(DUEL, options, store=tmp_path / "l.db")
    assert repr(on_dask.aggregate) == repr(local.aggregate)
    assert "mands_rulebook.combat.extra_effort" not in on_dask.plugin_versions


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (BatchOptions(executor="dask", scheduler="foo://127.0.0.1:8786"), "cannot reach"),
        (BatchOptions(executor="dask"), "needs --scheduler"),
        (BatchOptions(scheduler="tcp://127.0.0.1:8786"), "--scheduler is for --executor dask"),
    ],
)
def test_a_scheduler_that_cannot_be_used_is_an_error_before_anything_is_stored(
    tmp_path: Path, options: BatchOptions, said: str
) -> None:
    with pytest.raises(ExecutorError, match=said):
        run_batch(DUEL, options, store=tmp_path / "s.db")
    assert not (tmp_path / "s.db").exists()


def test_the_code_fingerprint_follows_a_packages_code_not_its_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An editable plugin keeps its version while it is edited: the fingerprint of its package
    sees the edit, and only the edit (the same code, the same fingerprint)."""
    package = tmp_path / "edited_plugin"
    package.mkdir()
    source = package / "__init__.py"
    source.write_text("BLOWS = 1\n", encoding="utf-8")
    (package / "table.toml").write_text("blows = 1\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    before = packages_fingerprint({"edited_plugin"})
    assert packages_fingerprint({"edited_plugin"}) == before
    source.write_text("BLOWS = 2\n", encoding="utf-8")
    assert packages_fingerprint({"edited_plugin"}) != before
    source.write_text("BLOWS = 1\n", encoding="utf-8")
    assert packages_fingerprint({"edited_plugin"}) == before
    (package / "table.toml").write_text("blows = 2\n", encoding="utf-8")  # a table is code too
    assert packages_fingerprint({"edited_plugin"}) != before


def test_a_batchs_code_is_mands_sims_and_its_installed_plugins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plugin passed in code is known by its name alone, so two processes that define it in
    different modules still share the batch; the installed ones are known by their code."""
    plain = code_fingerprint(Simulation(load_scenario(DUEL)))
    assert plain == packages_fingerprint({"mands_sim", "mands_rulebook", "mands_sim_sonic"})
    passed = Simulation(load_scenario(DUEL), extra_plugins={"tunable": Tunable("ok")})
    assert code_fingerprint(passed) == plain
