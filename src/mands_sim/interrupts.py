"""Telling the user's Ctrl-C from a ``KeyboardInterrupt`` or ``SystemExit`` some code raised.

A batch must stop when the user presses Ctrl-C, but a plugin that raises ``KeyboardInterrupt``
or calls ``sys.exit()`` inside a run is a broken plugin, not the user: its run is an error of
that plugin and the batch goes on. The two look alike once raised, so the process playing runs
(the command, or each worker process) has SIGINT set a flag before it raises
``KeyboardInterrupt`` (:func:`watch`); :func:`raised_by_code` then reads the flag.

Outside a watch (a notebook calling :class:`~mands_sim.simulation.Simulation` directly) every
``KeyboardInterrupt`` counts as the user's, so Ctrl-C always stops.

A worker process of a pool (:func:`watch_worker`) that gets Ctrl-C while it waits for work ends
at once with status :data:`INTERRUPTED_WORKER`, printing nothing (``SystemExit``, which releases
the locks it holds on the way out): raised there, outside any run, a ``KeyboardInterrupt`` would
end it with a traceback of the pool's own code. The batch's
process, which gets the same Ctrl-C, reports the interrupt. While it plays (:func:`working`) it
raises as any watched process does, so the run in hand ends as an interrupt.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

_pressed = False
"""Whether SIGINT arrived since the watch began."""

_watched = False
"""Whether this process's SIGINT is watched (:func:`watch`)."""

_working = False
"""Whether this worker process is playing what it was given (:func:`working`)."""

_deaf = threading.local()
"""Per thread: whether no Ctrl-C can reach it (:func:`deaf`)."""

INTERRUPTED_WORKER = 130
"""A worker's exit status when Ctrl-C stops it between tasks (128 + SIGINT)."""


def _on_sigint(signum: int, frame: FrameType | None) -> None:
    global _pressed
    _pressed = True
    raise KeyboardInterrupt


def watch() -> bool:
    """From now on, SIGINT in this process sets the flag, then raises ``KeyboardInterrupt``
    as Python's own handler does. Only the main thread can set a signal handler: elsewhere
    nothing changes and the answer is ``False``."""
    global _pressed, _watched
    if threading.current_thread() is not threading.main_thread():
        return False
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:  # ignored: no Ctrl-C comes
        signal.signal(signal.SIGINT, _on_sigint)
    _pressed = False
    _watched = True
    return True


def watch_worker() -> bool:
    """:func:`watch`, for a worker process of a pool: Ctrl-C while it is not :func:`working`
    ends the process at once and quietly, with status :data:`INTERRUPTED_WORKER`."""
    if not watch():
        return False
    if signal.getsignal(signal.SIGINT) is _on_sigint:
        signal.signal(signal.SIGINT, _on_worker_sigint)
    return True


def _on_worker_sigint(signum: int, frame: FrameType | None) -> None:
    global _pressed
    if not _working:
        _pressed = True
        # SystemExit, not os._exit: unwinding releases the pool's queue lock a waiting worker
        # holds (another worker would wait on it forever), and a process ending with an int
        # exit code prints no traceback.
        raise SystemExit(INTERRUPTED_WORKER)
    _on_sigint(signum, frame)


@contextmanager
def working() -> Iterator[None]:
    """A worker process plays a task: Ctrl-C now raises ``KeyboardInterrupt`` in it."""
    global _working
    _working = True
    try:
        yield
    finally:
        _working = False


@contextmanager
def watching() -> Iterator[None]:
    """:func:`watch` for the duration of a ``with`` block; the previous handler comes back."""
    global _watched
    before = signal.getsignal(signal.SIGINT)
    was_watched = _watched
    if not watch():
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
        _watched = was_watched


def broken_by_whom() -> str:
    """Why a pool of worker processes broke: ``"interrupted"`` when the user's Ctrl-C did it
    (it reaches this process too: a moment is given for it to arrive), else ``"worker lost"``
    (a worker was killed, ran out of memory or could not start)."""
    try:
        time.sleep(BROKEN_POOL_GRACE)
    except KeyboardInterrupt:
        return "interrupted"
    return "interrupted" if _pressed else "worker lost"


BROKEN_POOL_GRACE = 0.2
"""Seconds :func:`broken_by_whom` waits for a Ctrl-C that broke a pool to reach this process."""


def ended_quietly(error: SystemExit) -> None:
    """A worker's preparation ended by the user's Ctrl-C (:func:`watch_worker`): end the
    process at once and quietly (it holds no lock yet), instead of letting the pool log the
    exit with a traceback; any other ``SystemExit`` (a plugin's) is raised on."""
    if _pressed and error.code == INTERRUPTED_WORKER:
        os._exit(INTERRUPTED_WORKER)
    raise error


def pressed() -> bool:
    """Whether the user pressed Ctrl-C (SIGINT arrived) since the watch began."""
    return _pressed


@contextmanager
def deaf() -> Iterator[None]:
    """Code that runs where no Ctrl-C can reach it (a task in a Dask worker's thread): every
    ``KeyboardInterrupt`` raised in it is some code's, an error of whatever raised it."""
    _deaf.on = True
    try:
        yield
    finally:
        _deaf.on = False


def raised_by_code(error: BaseException) -> bool:
    """Whether ``error`` is a ``SystemExit``, or a ``KeyboardInterrupt`` some code raised
    while SIGINT is watched and never arrived: an error of whatever raised it, not a request
    to stop."""
    if isinstance(error, SystemExit):
        return True
    if not isinstance(error, KeyboardInterrupt):
        return False
    return getattr(_deaf, "on", False) or (_watched and not _pressed)
