"""What an errored run leaves behind (``mands_sim.batch.failures``): the exception, the plugin
and hook it was raised in, the policy deciding, the traceback, and one line for the report."""

from __future__ import annotations

from pathlib import Path

import pytest

from mands_sim.actions import Intent
from mands_sim.batch.budget import RunOverTime
from mands_sim.batch.failures import Failure, failure_of
from mands_sim.errors import PluginHookError
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation
from tests.data.unruly_plugin import Flaky

GRUNTS = Path(__file__).parent.parent / "scenarios" / "grunts.toml"


def raised(simulation: Simulation, seed: int = 1) -> BaseException:
    with pytest.raises(BaseException) as caught:
        simulation.run(seed=seed)
    return caught.value


def test_an_error_in_a_plugins_hook_names_the_plugin_and_hook_and_keeps_the_traceback() -> None:
    simulation = Simulation(load_scenario(GRUNTS), extra_plugins={"flaky": Flaky(seed=1)})
    failure = failure_of(raised(simulation))
    assert (failure.exception, failure.plugin, failure.hook) == (
        "PluginHookError", "flaky", "mands_action_after"
    )  # fmt: skip
    assert failure.summary() == (
        "plugin 'flaky' in hook 'mands_action_after': RuntimeError: flaky plugin fails on purpose"
    )
    assert "unruly_plugin.py" in failure.traceback and "RuntimeError" in failure.traceback


class Bewildered:
    """A policy that fails when asked what to do."""

    passive_actions = False

    def choose(self, encounter: Encounter, actor: str) -> Intent:
        raise ValueError("no idea")


def test_an_error_in_a_policy_names_the_character_and_the_policy() -> None:
    simulation = Simulation(load_scenario(GRUNTS), minds={"dexter": Bewildered()})
    failure = failure_of(raised(simulation))
    assert failure.policy == "dexter's policy (Bewildered)"
    assert (failure.plugin, failure.hook) == (None, None)
    assert failure.summary() == (
        "ValueError: no idea while dexter's policy (Bewildered) was deciding"
    )


def test_a_run_over_its_budget_says_so_and_where() -> None:
    failure = Failure("RunOverTime", str(RunOverTime(60)), "stuck", "mands_action_after")
    assert failure.over_time
    assert failure.summary() == (
        "the run took more than its 60 s (--run-timeout) in plugin 'stuck' "
        "(hook 'mands_action_after')"
    )


def test_a_failure_round_trips_through_json() -> None:
    try:
        raise PluginHookError("flaky", "boom", "mands_action_after")
    except PluginHookError as error:
        failure = failure_of(error)
    assert Failure.from_json(failure.to_json()) == failure
