"""A run's wall-clock budget (``mands_sim.batch.budget``): a run over it is stopped where it is
and kept as an error naming the hook or policy running, forked futures included; a run within
it is left exactly as it would be without."""

from __future__ import annotations

import faulthandler
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mands_rulebook.policies.candidates import ESTIMATOR
from mands_sim.actions import Intent, QualityAllocation
from mands_sim.batch import budget
from mands_sim.batch.runner import play_chunk, play_run
from mands_sim.batch.seeds import run_seed
from mands_sim.events import Event, to_json_line
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.futures import FORKING, ForkedFutures
from mands_sim.policy.lookahead import Lookahead, Settings
from mands_sim.policy.tactician import Tactician
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation
from tests.data.arena import simulation
from tests.data.unruly_plugin import Stuck

GRUNTS = Path(__file__).parent.parent / "scenarios" / "grunts.toml"
QUICK = {"horizon": 20, "rollouts": 4, "candidates": 2, "margin": 1.0, "allocations": True}

pytestmark = pytest.mark.skipif(not budget.TIMED, reason="no SIGALRM on this platform")


@pytest.fixture(autouse=True)
def watchdog() -> Iterator[None]:
    """Should the budget fail to stop a run, end the test process with every thread's
    traceback rather than hang the suite."""
    faulthandler.dump_traceback_later(120, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


def test_a_run_stuck_in_a_plugin_is_stopped_and_kept_as_an_error_naming_it() -> None:
    """The plugin loops catching every Exception; the next run of the chunk plays as usual."""
    stuck = Stuck(seed=run_seed(2, 0))
    sim = Simulation(load_scenario(GRUNTS), extra_plugins={"stuck": stuck})
    with budget.timing():
        over, fine = play_chunk(sim, 2, [0, 1], run_timeout=0.5)
    assert over.failure is not None and over.failure.over_time
    assert (over.failure.plugin, over.failure.hook) == ("stuck", "mands_action_after")
    assert over.error == (
        "the run took more than its 0.5 s (--run-timeout) in plugin 'stuck' "
        "(hook 'mands_action_after')"
    )
    assert fine.error is None and fine.winner is not None


def log_of(sim: Simulation, seed: int) -> list[str]:
    events: list[Event] = []
    sim.run(seed=seed, observers=[events.append])
    return [to_json_line(event) for event in events]


def test_a_run_within_its_budget_is_the_same_run_event_for_event() -> None:
    sim = Simulation(load_scenario(GRUNTS))
    unbudgeted = [log_of(sim, seed) for seed in range(3)]
    with budget.timing(), budget.budget(60):
        assert [log_of(sim, seed) for seed in range(3)] == unbudgeted


class Loops:
    """A mind that never answers: the stand-in of a character in another's futures."""

    passive_actions = False

    def choose(self, encounter: Encounter, actor: str) -> Intent:
        while True:
            pass

    def allocate(self, *args: Any) -> QualityAllocation:
        while True:
            pass


class LoopsInFutures(Tactician):
    """A tactician whose stand-in in others' futures is :class:`Loops`."""

    def rollout_mind(self) -> Loops:
        return Loops()


def brawl(dexter: Tactician) -> Simulation:
    """Dexter (``dexter``) against Sinister, a lookahead playing its futures in forked copies."""
    sinister = Lookahead(Tactician(ESTIMATOR), Settings.from_options(QUICK), player=ForkedFutures())
    return simulation(
        {
            "dexter": ("heroes", "b", "dexter", "tactician", {}),
            "sinister": ("villains", "c", "sinister", "tactician", {}),
        },
        seed=5,
        limit=150,
        minds={"sinister": sinister, "dexter": dexter},
    )


@pytest.mark.skipif(not FORKING, reason="this platform cannot fork")
def test_a_forked_future_stuck_in_a_loop_ends_with_its_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Sinister's future never ends: its parent stops at the deadline and the copy ends by its
    own timer a grace later, so the run is kept as over time, naming Sinister's policy."""
    monkeypatch.setattr(budget, "COPY_GRACE", 0.2)
    with budget.timing():
        record = play_run(brawl(LoopsInFutures(ESTIMATOR)), 0, 0, run_timeout=0.5)
    assert record.failure is not None and record.failure.over_time
    assert record.failure.policy == "sinister's policy (Lookahead)"


@pytest.mark.skipif(not FORKING, reason="this platform cannot fork")
def test_forked_futures_within_a_budget_give_the_same_run() -> None:
    unbudgeted = log_of(brawl(Tactician(ESTIMATOR)), 5)
    budgeted = brawl(Tactician(ESTIMATOR))
    with budget.timing(), budget.budget(60):
        assert log_of(budgeted, 5) == unbudgeted
    assert budgeted.minds["sinister"].stats.futures > 0  # type: ignore[attr-defined]
