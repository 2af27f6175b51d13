"""Plugins that misbehave in exactly one run of a batch: the run whose seed is given.

Importable by worker processes (``tests.data.unruly_plugin``), so batch tests can pass them to
``run_batch(extra_plugins=...)``: :class:`Flaky` raises an ordinary error, :class:`Exits`
raises ``SystemExit`` or ``KeyboardInterrupt`` as a plugin might (``sys.exit()`` in a hook),
:class:`Stuck` never returns from its hook.
"""

from __future__ import annotations

import contextlib

from mands_sim.actions import ActionInProgress
from mands_sim.api import hookimpl
from mands_sim.events import Event
from mands_sim.kernel.encounter import Encounter


class OneRun:
    """A plugin whose ``mands_action_after`` misbehaves (:meth:`misbehave`) in the run whose
    seed is ``seed`` and answers nothing in every other."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    @hookimpl
    def mands_action_after(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event]:
        if encounter.dice.seed == self.seed:
            self.misbehave()
        return []

    def misbehave(self) -> None:
        raise NotImplementedError


class Flaky(OneRun):
    """Raises a ``RuntimeError``."""

    def misbehave(self) -> None:
        raise RuntimeError("flaky plugin fails on purpose")


class Exits(OneRun):
    """Raises ``SystemExit(3)`` (or ``KeyboardInterrupt``, with ``interrupt``)."""

    def __init__(self, seed: int, interrupt: bool = False) -> None:
        super().__init__(seed)
        self.interrupt = interrupt

    def misbehave(self) -> None:
        if self.interrupt:
            raise KeyboardInterrupt
        raise SystemExit(3)


class Stuck(OneRun):
    """Loops for ever, catching every ``Exception`` as a careless plugin would."""

    def misbehave(self) -> None:
        while True:
            with contextlib.suppress(Exception):
                sum(range(1000))
