"""One process at a time plays a batch (``mands_sim.batch.locks``): a second taker is refused
naming the holder, the lock goes with its holder, and forked copies do not keep it."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from mands_sim.batch.locks import held, lock_path, take
from mands_sim.errors import BatchInPlay

KEY = "0123456789abcdef" * 4


def test_a_second_taker_is_refused_naming_the_process_that_plays_the_batch(
    tmp_path: Path,
) -> None:
    store = tmp_path / "r.sqlite"
    with take(store, KEY, "the batch of s.toml (seed 1)"):
        with pytest.raises(BatchInPlay) as refused:
            take(store, KEY, "the batch of s.toml (seed 1)")
        message = str(refused.value)
        assert message.startswith(f"{store}: the batch of s.toml (seed 1) is being played by")
        assert f"process {os.getpid()} on {socket.gethostname()}" in message
        assert "--store" in message
        assert held(store, KEY) is not None


def test_a_released_lock_leaves_no_file_and_can_be_taken_again(tmp_path: Path) -> None:
    store = tmp_path / "r.sqlite"
    take(store, KEY, "b").release()
    assert not lock_path(store, KEY).exists()
    assert held(store, KEY) is None
    take(store, KEY, "b").release()


def test_other_batches_of_the_same_store_are_not_locked(tmp_path: Path) -> None:
    store = tmp_path / "r.sqlite"
    with take(store, KEY, "b"), take(store, "f" * 64, "c"):
        assert held(store, "f" * 64) is not None


def test_a_lock_file_left_behind_by_a_killed_holder_does_not_lock(tmp_path: Path) -> None:
    store = tmp_path / "r.sqlite"
    lock_path(store, KEY).write_text('{"pid": 1, "host": "gone", "since": "then"}')
    assert held(store, KEY) is None
    take(store, KEY, "b").release()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="this platform cannot fork")
def test_a_forked_copy_of_the_holder_does_not_keep_the_lock(tmp_path: Path) -> None:
    """A worker process left running after its parent ended must not keep the batch locked."""
    store = tmp_path / "r.sqlite"
    lock = take(store, KEY, "b")
    reading, writing = os.pipe()
    pid = os.fork()
    if pid == 0:  # the copy: wait until told, then leave
        os.close(writing)
        os.read(reading, 1)
        os._exit(0)
    os.close(reading)
    try:
        assert lock.file is not None
        lock.file.close()  # the holder ends without releasing, as when killed
        take(store, KEY, "b").release()  # the copy is still alive
    finally:
        os.write(writing, b"x")
        os.close(writing)
        os.waitpid(pid, 0)
