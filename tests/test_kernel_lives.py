"""The characters' processes (``kernel.lives``): who sleeps, who is woken, and when."""

from __future__ import annotations

from pathlib import Path

import pytest

from mands_sim.events import to_json_line
from mands_sim.kernel.lives import Lives
from mands_sim.scenario import load_scenario
from mands_sim.simulation import Simulation


def wake_every_sleeper(lives: Lives) -> None:
    """How the kernel woke sleepers after a completion before it kept the restless apart:
    every character, in id order (``Lives.wake`` skips the awake and the busy)."""
    for actor in lives.encounter.state.ids():
        lives.wake(actor)


def runs(name: str) -> list[tuple[list[str], int]]:
    """Each seed's JSONL log and the SimPy events it scheduled."""
    path = Path(__file__).parent.parent / "scenarios" / f"{name}.toml"
    simulation, found = Simulation(load_scenario(path)), []
    for seed in range(3):
        encounter = simulation.start(seed=seed)
        encounter.run(until=400)
        log = [to_json_line(event) for event in encounter.log]
        found.append((log, int(next(encounter.env._eid))))
    return found


@pytest.mark.parametrize("name", ["bank_job", "mob", "grunts"])
def test_waking_only_the_restless_logs_what_waking_every_sleeper_logs(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``Lives.wake_everyone`` looks only at sleepers that may have no active action: the same
    events, byte for byte, and the same SimPy events scheduled as waking every sleeper."""
    restless = runs(name)
    monkeypatch.setattr(Lives, "wake_everyone", wake_every_sleeper)
    assert runs(name) == restless
