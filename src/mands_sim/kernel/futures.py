"""Futures played from a running encounter, for policies that look ahead.

A policy deciding in the middle of an encounter may ask what would follow from each answer it
could give: each *try* is an answer, the minds to play the others (and, after this answer,
itself) and a branch of the dice (:class:`Try`). Two players run them, with the same results:

* :class:`ForkedFutures` (wherever ``os.fork`` exists): the running process is copied as it
  stands (``os.fork``, copy-on-write), so a future starts from the very state the decision is
  taken in, at the cost of a copy, whatever the segment. In the copy the try's answer is given
  and the encounter runs on; at the horizon, at its end or on an error, the copy sends back the
  future's value (or the error, with its traceback) through a pipe and exits at once, never
  returning to what called the encounter. Nothing it does reaches the original: observers are
  dropped, and it writes nowhere else.
* :class:`ReplayedFutures`: the encounter is re-created from a snapshot (a fresh build replaying
  the journals and dice draws up to now, :mod:`mands_sim.kernel.snapshot`); its cost grows with
  the segment. The fallback where processes cannot be forked, and the reference the forked
  player is tested against.

:class:`ChosenFutures`, the default, replays while that is cheaper and forks after.

Both branch the dice the same way (:func:`~mands_sim.kernel.snapshot.take_snapshot`'s draw
counts, the try's branch) and stop at the same point (everything up to the horizon's segment
has run), so the values are equal to the last bit.
"""

from __future__ import annotations

import gc
import os
import pickle
import traceback
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, NoReturn, Protocol

from mands_sim.errors import MandsSimError
from mands_sim.kernel.agenda import Phase
from mands_sim.kernel.contracts import Mind
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.snapshot import (
    JournaledMind,
    Recreatable,
    Snapshot,
    StreamPath,
    branch_dice,
    recreate,
    take_snapshot,
)

__all__ = [
    "FORKING",
    "FORK_AFTER",
    "Answer",
    "ChosenFutures",
    "ForkedFutures",
    "FutureLost",
    "FuturePlayer",
    "InFuture",
    "ReplayedFutures",
    "Try",
    "default_player",
]

FORKING: Final = hasattr(os, "fork")
"""Whether this platform can copy a running process (``os.fork``: not on Windows)."""

LAST: Final = 2**62
"""The tie-break of a forked future's last entry: nothing else at its segment comes later."""

Value = Callable[[Encounter], float]
"""How good a future is, read from the encounter where it stopped."""


class FutureLost(MandsSimError):
    """A forked future ended without sending its value back (killed, or out of memory)."""


@dataclass(frozen=True, slots=True)
class Answer:
    """The answer a try gives to the question being decided, and the mind that then plays the
    deciding character (``replay``: the re-created encounter asks ``mind`` that very question
    again, so it must give ``answer`` first)."""

    answer: Any
    mind: Mind
    committed: Callable[[], Mind]
    """For a re-created future: makes a mind whose first answer is ``answer``, then
    ``mind``'s (a new one for each future)."""


@dataclass(frozen=True, slots=True)
class Try:
    """One future to play: the deciding character's answer, the minds of the others that
    change, and the dice branch after now."""

    actor: str
    answer: Answer
    others: Mapping[str, Mind]
    branch: StreamPath


@dataclass(frozen=True, slots=True)
class InFuture:
    """What a forked copy is told: you are the future of try ``index``; give its answer."""

    index: int
    answer: Any


class FuturePlayer(Protocol):
    """Plays tries from a running encounter, each to ``horizon`` segments from now."""

    def play(
        self, encounter: Encounter, tries: Sequence[Try], horizon: int, value: Value
    ) -> list[float] | InFuture: ...


# -- forked -------------------------------------------------------------------------------------


class ForkedFutures:
    """Each try played in a forked copy of the process (module docstring)."""

    def play(
        self, encounter: Encounter, tries: Sequence[Try], horizon: int, value: Value
    ) -> list[float] | InFuture:
        """The value of each try, in order; in a copy, the :class:`InFuture` it plays."""
        values = []
        end = encounter.now + horizon
        for index, attempt in enumerate(tries):
            reading, writing = os.pipe()
            pid = _fork()
            if pid == 0:  # the copy: become the future, give the answer, run on
                os.close(reading)
                _become(encounter, attempt, _Ending(writing, value), end)
                return InFuture(index, attempt.answer.answer)
            os.close(writing)
            values.append(_collect(reading, pid))
        return values


def _fork() -> int:
    """``os.fork``, without Python's warning about other threads (3.12+): the copy runs only
    the encounter in this thread, takes no lock another thread may hold (it logs and prints
    nothing; its one file is its pipe) and leaves by ``os._exit``."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "This process .* is multi-threaded", DeprecationWarning)
        return os.fork()


@dataclass(frozen=True, slots=True)
class _Ending:
    """How a forked future reports and ends: its value, or its error, down ``pipe``."""

    pipe: int
    value: Value

    def reached(self, encounter: Encounter) -> NoReturn:
        """The future is over (its horizon, or the encounter's end): send its value."""
        try:
            message: tuple[Any, ...] = ("value", float(self.value(encounter)))
        except BaseException as error:
            self.failed(error)
        self._send(message)

    def failed(self, error: BaseException) -> NoReturn:
        """An error in the future: send it (or, if it cannot travel, its traceback)."""
        text = "".join(traceback.format_exception(error))
        try:
            message: tuple[Any, ...] = ("error", pickle.dumps(error), text)
        except Exception:
            message = ("error", None, text)
        self._send(message)

    def _send(self, message: tuple[Any, ...]) -> NoReturn:
        data = pickle.dumps(message)
        try:
            with os.fdopen(self.pipe, "wb") as pipe:
                pipe.write(data)
        finally:
            os._exit(0)


def _become(encounter: Encounter, attempt: Try, ending: _Ending, end: int) -> None:
    """Turn this copy of the process into the future of ``attempt``."""
    gc.disable()  # a short life: copying every page to collect it would cost more
    encounter.observers = []
    encounter.minds = {**encounter.minds, **attempt.others, attempt.actor: attempt.answer.mind}
    branch_dice(encounter, attempt.branch)
    encounter.future = ending
    last = max(Phase)  # after everything at ``end``, whatever is scheduled there meanwhile
    encounter.agenda.add(end, last, "", lambda: ending.reached(encounter), tiebreak=LAST)


def _collect(reading: int, pid: int) -> float:
    try:
        with os.fdopen(reading, "rb") as pipe:
            data = pipe.read()
    finally:
        _, status = os.waitpid(pid, 0)  # even when interrupted: no copy is left behind
    if not data:
        raise FutureLost(f"a future ended without its value (wait status {status})")
    message = pickle.loads(data)
    if message[0] == "value":
        return float(message[1])
    _, pickled, text = message
    if pickled is None:
        raise FutureLost(f"a future failed:\n{text}")
    error: BaseException = pickle.loads(pickled)
    error.add_note(f"in a future played to look ahead:\n{text}")
    raise error


# -- replayed -----------------------------------------------------------------------------------


class ReplayedFutures:
    """Each try played in an encounter re-created from a snapshot (module docstring)."""

    def play(
        self, encounter: Encounter, tries: Sequence[Try], horizon: int, value: Value
    ) -> list[float] | InFuture:
        snapshot = take_snapshot(encounter)
        simulation: Recreatable = encounter.context["simulation"]
        return [self._one(simulation, snapshot, attempt, horizon, value) for attempt in tries]

    @staticmethod
    def _one(
        simulation: Recreatable, snapshot: Snapshot, attempt: Try, horizon: int, value: Value
    ) -> float:
        minds = {**attempt.others, attempt.actor: attempt.answer.committed()}
        future = recreate(simulation, snapshot, minds=minds, branch=attempt.branch)
        future.run(until=snapshot.segment + horizon)
        return value(future)


# -- chosen ------------------------------------------------------------------------------------


FORK_AFTER: Final = 50
"""Decisions a re-creation would replay beyond which a future is forked instead (measured,
``docs/design.md`` "Futures: forked or replayed": a fork and its slower run cost about what
re-creating a duel 50 segments in costs)."""


class ChosenFutures:
    """Replayed while the encounter is young, forked once re-creating it would replay more than
    ``fork_after`` decisions: both give the same values, so the choice is one of speed only."""

    def __init__(self, fork_after: int = FORK_AFTER) -> None:
        self.fork_after = fork_after
        self.forked = ForkedFutures()
        self.replayed = ReplayedFutures()

    def play(
        self, encounter: Encounter, tries: Sequence[Try], horizon: int, value: Value
    ) -> list[float] | InFuture:
        journals = (m for m in encounter.minds.values() if isinstance(m, JournaledMind))
        replayed = sum(len(mind.journal) for mind in journals)
        player = self.forked if replayed > self.fork_after else self.replayed
        return player.play(encounter, tries, horizon, value)


def default_player() -> FuturePlayer:
    """:class:`ChosenFutures` where processes fork, else :class:`ReplayedFutures`."""
    return ChosenFutures() if FORKING else ReplayedFutures()
