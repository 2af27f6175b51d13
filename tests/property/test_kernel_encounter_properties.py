"""Every action ends in the log: each ``ActionStarted`` is followed by exactly one
``ActionResolved`` or ``ActionDropped`` of its ``action_id``, or the action is still under way
when the encounter ends. A character going out of action ends what it had under way with an
``ActionDropped`` ("out of action") before its ``OutOfAction`` (``Encounter.emit``).

Over a handful of seeded runs of every bundled scenario.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from mands_sim.events import ActionDropped, ActionResolved, ActionStarted, OutOfAction
from mands_sim.kernel.encounter import Encounter
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation

SCENARIOS = sorted((Path(__file__).parent.parent.parent / "scenarios").glob("*.toml"))

SEEDS = range(5)


@cache
def played(path: Path) -> list[Encounter]:
    simulation = Simulation(load_scenario(path))
    encounters = []
    for seed in SEEDS:
        encounter = simulation.start(seed=seed)
        encounter.run()
        encounters.append(encounter)
    return encounters


def endings(encounter: Encounter) -> Counter[int]:
    return Counter(
        e.action_id for e in encounter.log if isinstance(e, ActionResolved | ActionDropped)
    )


def running_at_the_end(encounter: Encounter) -> set[int]:
    return {a.action_id for state in encounter.state for a in state.actions}


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_started_action_ends_exactly_once_or_runs_at_the_end(path: Path) -> None:
    for encounter in played(path):
        started = [e.action_id for e in encounter.log if isinstance(e, ActionStarted)]
        ended, running = endings(encounter), running_at_the_end(encounter)
        assert len(started) == len(set(started))
        assert set(ended) <= set(started), "an action ended that never started"
        for action_id in started:
            assert ended[action_id] + (action_id in running) == 1, f"action {action_id}"


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_nobody_goes_out_of_action_with_an_action_left_open(path: Path) -> None:
    for encounter in played(path):
        open_actions: dict[str, set[int]] = {}
        for event in encounter.log:
            if isinstance(event, ActionStarted):
                open_actions.setdefault(event.character, set()).add(event.action_id)
            elif isinstance(event, ActionResolved | ActionDropped):
                open_actions.get(event.character, set()).discard(event.action_id)
            elif isinstance(event, OutOfAction):
                assert open_actions.get(event.character, set()) <= _resolving(encounter, event)


def _resolving(encounter: Encounter, out: OutOfAction) -> set[int]:
    """Actions of the character resolved after ``out`` in its segment: the one whose own
    resolution put its actor out ends resolved, right after."""
    later = encounter.log[encounter.log.index(out) + 1 :]
    return {
        e.action_id
        for e in later
        if isinstance(e, ActionResolved)
        and e.character == out.character
        and e.segment == out.segment
    }
