"""Ctrl-C told from a KeyboardInterrupt or SystemExit code raised (``mands_sim.interrupts``)."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator

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
