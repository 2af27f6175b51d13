"""Telling the user's Ctrl-C from a ``KeyboardInterrupt`` or ``SystemExit`` some code raised.

A batch must stop when the user presses Ctrl-C, but a plugin that raises ``KeyboardInterrupt``
or calls ``sys.exit()`` inside a run is a broken plugin, not the user: its run is an error of
that plugin and the batch goes on. The two look alike once raised, so the process playing runs
(the command, or each worker process) has SIGINT set a flag before it raises
``KeyboardInterrupt`` (:func:`watch`); :func:`raised_by_code` then reads the flag.

Outside a watch (a notebook calling :class:`~mands_sim.simulation.Simulation` directly) every
``KeyboardInterrupt`` counts as the user's, so Ctrl-C always stops.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

_pressed = False
"""Whether SIGINT arrived since the watch began."""

_watched = False
"""Whether this process's SIGINT is watched (:func:`watch`)."""


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


def pressed() -> bool:
    """Whether the user pressed Ctrl-C (SIGINT arrived) since the watch began."""
    return _pressed


def raised_by_code(error: BaseException) -> bool:
    """Whether ``error`` is a ``SystemExit``, or a ``KeyboardInterrupt`` some code raised
    while SIGINT is watched and never arrived: an error of whatever raised it, not a request
    to stop."""
    if isinstance(error, SystemExit):
        return True
    return isinstance(error, KeyboardInterrupt) and _watched and not _pressed
