"""A plugin that holds its batch at the first action until told to go on, so a test can act
while a batch is being played in another process.

At the first ``mands_action_after`` of the process it creates the file ``started`` and waits
until the file ``release`` exists (checked every 20 ms, for two minutes at most), then lets
every run go on as usual.
"""

from __future__ import annotations

import time
from pathlib import Path

from mands_sim.actions import ActionInProgress
from mands_sim.api import hookimpl
from mands_sim.events import Event
from mands_sim.kernel.encounter import Encounter

WAIT = 120.0
"""Seconds the gate waits for its release at most."""


class Gate:
    def __init__(self, started: Path, release: Path) -> None:
        self.started = started
        self.release = release
        self.opened = False

    @hookimpl
    def mands_action_after(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event]:
        if not self.opened:
            self.opened = True
            self.started.touch()
            deadline = time.monotonic() + WAIT
            while not self.release.exists() and time.monotonic() < deadline:
                time.sleep(0.02)
        return []
