"""A plugin that raises in exactly one run of a batch: the run whose Seraph rolls a given face.

Importable by worker processes (``tests.data.flaky_plugin``), so batch tests can pass it to
``run_batch(extra_plugins=...)``.
"""

from __future__ import annotations

from mands_sim import hookimpl
from mands_sim.actions import ActionInProgress
from mands_sim.events import Event
from mands_sim.kernel.encounter import Encounter


class Flaky:
    """Raises when the run's seed is ``seed``."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    @hookimpl
    def mands_action_after(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event]:
        if encounter.dice.seed == self.seed:
            raise RuntimeError("flaky plugin fails on purpose")
        return []
