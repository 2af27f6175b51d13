"""The wall-clock budget of one run in a batch (``--run-timeout``).

A run that goes over its budget is stopped where it is and stored as an error of that run (its
seed, and the hook or policy that was running: :mod:`mands_sim.batch.failures`); the batch goes
on with the next run. The budget costs nothing to a run that ends in time and changes nothing
in it: same seed, same event log, whatever the budget and the number of worker processes.

How: the process playing the run (the command itself with ``--jobs 1``, else each worker
process, always in its main thread) arms a one-shot real-time timer (``setitimer``) when the run
starts and disarms it when the run ends. When it fires, SIGALRM's handler raises
:class:`RunOverTime` wherever the run is, be it a plugin's loop, a policy deciding or SimPy's
own scheduling. :class:`RunOverTime` derives from ``BaseException``, as ``KeyboardInterrupt``
does, so a plugin's ``except Exception`` cannot swallow it.

Forked futures (``mands_sim.kernel.futures``): a policy looking ahead may ``os.fork`` copies of
the process and wait for each one's value. Timers are not inherited across ``fork``, so without
care a copy stuck in a loop would never end, and its parent, whose own timer fires while it
waits, would wait for it forever (it reaps every copy it forks). So every copy forked during a
run, however deep, sets SIGALRM back to its default action (end the process) and arms its own
timer at the run's deadline plus :data:`COPY_GRACE`: the parent's timer fires first and raises
in the parent; a copy still running then ends by the signal itself, with no Python code run in
it, so it can never unwind into the batch's code or send anything back. The parent, raising
:class:`RunOverTime`, stops reading the copy's pipe and reaps it (at most :data:`COPY_GRACE`
later) on its way out, as it reaps every copy.

Limits: a run stuck inside one call into C that never returns to Python is not stopped (signal
handlers run between Python instructions), and where SIGALRM does not exist (Windows) or the
batch runs outside the main thread, runs have no budget.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType
from typing import Final

DEFAULT_RUN_TIMEOUT: Final = 60.0
"""Seconds of wall-clock time a run may take in a batch unless told (``--run-timeout``): about
fifty times the slowest run measured (a lookahead villain, ``docs/policies.md``), so only a run
that would never end, or nearly so, reaches it."""

COPY_GRACE: Final = 2.0
"""Seconds a forked copy outlives its run's deadline before its own timer ends it, so that its
parent, whose timer fires at the deadline, is the one that stops the run."""

TIMED: Final = hasattr(signal, "setitimer") and hasattr(signal, "SIGALRM")
"""Whether this platform has the real-time timer the budget uses (not on Windows)."""


class RunOverTime(BaseException):
    """Raised in the process playing a run when the run's wall-clock budget is spent.

    A ``BaseException``, as ``KeyboardInterrupt`` is, so a plugin's ``except Exception``
    cannot swallow it; the batch catches it and stores the run as an error."""

    def __init__(self, seconds: float) -> None:
        super().__init__(seconds)
        self.seconds = seconds

    def __str__(self) -> str:
        return f"the run took more than its {self.seconds:g} s (--run-timeout)"


@dataclass(slots=True)
class _Clock:
    """This process's run in progress: its budget and deadline (``time.monotonic``), and
    whether this process is a forked copy of the one playing it."""

    seconds: float = 0.0
    deadline: float | None = None
    copy: bool = False


_clock = _Clock()


def _over_time(signum: int, frame: FrameType | None) -> None:
    if _clock.deadline is None or _clock.copy:
        return  # the run ended before the handler ran: nothing to stop
    seconds = _clock.seconds
    _clock.deadline = None
    raise RunOverTime(seconds)


def _in_a_copy() -> None:
    """In a process just forked during a run: end by SIGALRM itself at the deadline plus
    :data:`COPY_GRACE` (module docstring)."""
    if _clock.deadline is None:
        return
    _clock.copy = True
    left = _clock.deadline + COPY_GRACE - time.monotonic()
    try:
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
        signal.setitimer(signal.ITIMER_REAL, max(left, 0.001))
    except ValueError:  # pragma: no cover - forked from a thread Python does not know
        pass


if TIMED:
    os.register_at_fork(after_in_child=_in_a_copy)


def can_time() -> bool:
    """Whether runs played in this thread can have a budget (the main thread, on a platform
    with SIGALRM)."""
    return TIMED and threading.current_thread() is threading.main_thread()


@contextmanager
def timing() -> Iterator[bool]:
    """SIGALRM handled by the budget for the ``with`` block (the previous handler comes back);
    gives whether runs can be timed here (:func:`can_time`)."""
    if not can_time():
        yield False
        return
    before = signal.signal(signal.SIGALRM, _over_time)
    try:
        yield True
    finally:
        signal.signal(signal.SIGALRM, before)


def time_runs() -> bool:
    """Handle SIGALRM with the budget from now on (a worker process); as :func:`timing`."""
    if not can_time():
        return False
    signal.signal(signal.SIGALRM, _over_time)
    return True


@contextmanager
def budget(seconds: float | None) -> Iterator[None]:
    """Run the ``with`` block (one run) within ``seconds`` of wall-clock time, or raise
    :class:`RunOverTime` in it. ``None`` or 0: no budget. SIGALRM must be handled by the
    budget (:func:`timing`, :func:`time_runs`); where it cannot be, the block is not timed."""
    if not seconds or not can_time() or signal.getsignal(signal.SIGALRM) is not _over_time:
        yield
        return
    _clock.seconds = seconds
    _clock.deadline = time.monotonic() + seconds
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        _clock.deadline = None
        signal.setitimer(signal.ITIMER_REAL, 0)
