"""Plugins that misbehave in exactly one run of a batch: the run whose seed is given.

Importable by worker processes (``tests.data.unruly_plugin``), so batch tests can pass them to
``run_batch(extra_plugins=...)``: :class:`Flaky` raises an ordinary error, :class:`Exits`
raises ``SystemExit`` or ``KeyboardInterrupt`` as a plugin might (``sys.exit()`` in a hook),
:class:`Stuck` never returns from its hook.
"""

from __future__ import annotations

import contextlib

from mands_sim import hookimpl
from mands_sim.actions import ActionInProgress
from mands_sim.events import Event
from mands_sim.kernel.encounter import Encounter


class Flaky:
    """Raises a ``RuntimeError`` in the run whose seed is ``seed``."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    @hookimpl
    def mands_action_after(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event]:
        if encounter.dice.seed == self.seed:
            raise RuntimeError("flaky plugin fails on purpose")
        return []


class Exits:
    """Raises ``SystemExit(3)`` (or ``KeyboardInterrupt``, with ``interrupt``) in the run whose
    seed is ``seed``."""

    def __init__(self, seed: int, interrupt: bool = False) -> None:
        self.seed = seed
        self.interrupt = interrupt

    @hookimpl
    def mands_action_after(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event]:
        if encounter.dice.seed == self.seed:
            if self.interrupt:
                raise KeyboardInterrupt
            raise SystemExit(3)
        return []


class Stuck:
    """Loops for ever in the run whose seed is ``seed``, catching every ``Exception`` as a
    careless plugin would."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    @hookimpl
    def mands_action_after(
        self, encounter: Encounter, actor: str, action: ActionInProgress
    ) -> list[Event]:
        while encounter.dice.seed == self.seed:
            with contextlib.suppress(Exception):
                sum(range(1000))
        return []
