"""Ctrl-C told from a KeyboardInterrupt or SystemExit code raised (``mands_sim.interrupts``)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections.abc import Iterator
from typing import Any

import pytest

from mands_sim import interrupts


@pytest.fixture(autouse=True)
def ctrl_c_as_in_a_terminal() -> Iterator[None]:
    """SIGINT handled as Python does by default, whatever the test runner set."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def test_a_sigint_while_watched_raises_keyboard_interrupt_and_says_it_was_pressed() -> None:
    with interrupts.watching():
        assert not interrupts.pressed()
        with pytest.raises(KeyboardInterrupt) as caught:
            os.kill(os.getpid(), signal.SIGINT)
        assert interrupts.pressed()
        assert not interrupts.raised_by_code(caught.value)


def test_a_keyboard_interrupt_that_code_raises_while_watched_is_not_the_users() -> None:
    with interrupts.watching():
        assert interrupts.raised_by_code(KeyboardInterrupt())


def test_outside_a_watch_every_keyboard_interrupt_is_the_users() -> None:
    assert not interrupts.raised_by_code(KeyboardInterrupt())


def test_system_exit_is_always_raised_by_code_and_other_errors_are_not_interrupts() -> None:
    assert interrupts.raised_by_code(SystemExit(2))
    assert not interrupts.raised_by_code(ValueError())


def test_the_previous_handler_comes_back_after_the_watch() -> None:
    before = signal.getsignal(signal.SIGINT)
    with interrupts.watching():
        assert signal.getsignal(signal.SIGINT) is not before
    assert signal.getsignal(signal.SIGINT) is before


def test_a_process_started_with_ctrl_c_ignored_keeps_it_ignored() -> None:
    """No Ctrl-C can come: every KeyboardInterrupt is then raised by code."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with interrupts.watching():
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
        assert interrupts.raised_by_code(KeyboardInterrupt())


def _waiting_worker(ready: Any, working: bool) -> None:
    """A pool worker between tasks (or, ``working``, in one) until SIGINT comes."""
    interrupts.watch_worker()
    if not working:
        ready.set()
        time.sleep(60)
        return
    try:
        with interrupts.working():
            ready.set()
            time.sleep(60)
    except KeyboardInterrupt as error:
        os._exit(3 if interrupts.pressed() and not interrupts.raised_by_code(error) else 4)


@pytest.mark.parametrize(("working", "status"), [(False, interrupts.INTERRUPTED_WORKER), (True, 3)])
def test_watch_worker_ends_an_idle_worker_quietly_and_interrupts_a_working_one(
    working: bool, status: int, capfd: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C reaches every process of the terminal's group: a worker waiting for a chunk ends
    at once, with no traceback of the pool's code; one playing a chunk gets the user's
    ``KeyboardInterrupt``."""
    context = multiprocessing.get_context("fork")
    ready = context.Event()
    worker = context.Process(target=_waiting_worker, args=(ready, working))
    worker.start()
    assert ready.wait(30)
    os.kill(worker.pid, signal.SIGINT)  # type: ignore[arg-type]
    worker.join(30)
    assert worker.exitcode == status
    assert "Traceback" not in capfd.readouterr().err


def _waiting_on_a_queue(queue: Any, ready: Any) -> None:
    interrupts.watch_worker()
    ready.set()
    queue.get()  # holds the queue's read lock while it waits, as a pool's idle worker does


def test_an_idle_worker_ended_by_ctrl_c_releases_the_queue_lock_it_holds() -> None:
    """A pool's idle worker waits on the call queue holding its read lock: ended without
    unwinding (``os._exit``), it would leave the lock taken, and the pool's other worker would
    wait on it forever (a Ctrl-C'd sweep that never ended)."""
    context = multiprocessing.get_context("fork")
    queue, ready = context.Queue(), context.Event()
    worker = context.Process(target=_waiting_on_a_queue, args=(queue, ready))
    worker.start()
    assert ready.wait(30)
    time.sleep(0.2)  # into queue.get, the lock taken
    os.kill(worker.pid, signal.SIGINT)  # type: ignore[arg-type]
    worker.join(30)
    assert worker.exitcode == interrupts.INTERRUPTED_WORKER
    assert queue._rlock.acquire(timeout=5)  # type: ignore[attr-defined]
    queue._rlock.release()  # type: ignore[attr-defined]


def _preparing_worker(ready: Any) -> None:
    """A pool worker's initializer: Ctrl-C while it prepares."""
    interrupts.watch_worker()
    try:
        ready.set()
        time.sleep(60)
    except SystemExit as error:
        interrupts.ended_quietly(error)


def test_ctrl_c_while_a_worker_prepares_ends_it_quietly(capfd: pytest.CaptureFixture[str]) -> None:
    """Raised out of a pool's initializer, the exit would be logged with a traceback."""
    context = multiprocessing.get_context("fork")
    ready = context.Event()
    worker = context.Process(target=_preparing_worker, args=(ready,))
    worker.start()
    assert ready.wait(30)
    os.kill(worker.pid, signal.SIGINT)  # type: ignore[arg-type]
    worker.join(30)
    assert worker.exitcode == interrupts.INTERRUPTED_WORKER
    assert "Traceback" not in capfd.readouterr().err


def test_a_plugins_system_exit_while_a_worker_prepares_is_raised_on() -> None:
    with pytest.raises(SystemExit):
        interrupts.ended_quietly(SystemExit(2))
