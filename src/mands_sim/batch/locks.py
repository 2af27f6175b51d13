"""One process at a time plays a batch: a lock per batch, beside the store file.

Two processes started on the same batch and the same store used to both play it, the second
deleting the first's runs. Now the first takes the batch's lock and the second is refused with
:class:`~mands_sim.errors.BatchInPlay`, naming the process that holds it; other batches of the
same store play alongside. Refusing rather than joining: two processes sharing the work would
have to claim chunks from each other through the file and both would report, while a refused
second command, run again once the first has finished, reports the stored batch at once.

The lock is an advisory lock of the operating system (``flock``, ``msvcrt.locking`` on
Windows) on a small file named after the batch's key, next to the store
(``.results.sqlite.<key>.lock``). The system releases it when the process ends, however it
ends — ``kill -9`` included — so a killed batch can be resumed at once, and no stale lock is
ever left to clear by hand. The file holds who took the lock (process id, host, when), for the
message; it is removed on release.
"""

from __future__ import annotations

import json
import os
import socket
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Final

from mands_sim.errors import BatchInPlay

KEY_CHARS: Final = 16
"""Characters of the batch key in the lock file's name."""

TRIES: Final = 10
"""Attempts to lock a lock file that another process removes meanwhile, before giving up."""

PATIENCE: Final = 20
PAUSE: Final = 0.01
"""A taken lock is tried again ``PATIENCE`` times, ``PAUSE`` seconds apart, before the batch is
said to be in play (:func:`_lock_soon`)."""


def lock_path(store: Path, key: str) -> Path:
    """The lock file of batch ``key`` of the store at ``store``."""
    return store.with_name(f".{store.name}.{key[:KEY_CHARS]}.lock")


@dataclass(eq=False)
class BatchLock:
    """The held lock of one batch; :meth:`release` it (or use as a context manager)."""

    path: Path
    file: IO[str] | None

    def __enter__(self) -> BatchLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()

    def release(self) -> None:
        """Remove the lock file, then let go of the lock (others then lock a new file)."""
        if self.file is None:
            return
        _HELD.discard(self)
        try:
            self.path.unlink(missing_ok=True)
        except OSError:  # pragma: no cover - Windows keeps an open file: left for the next
            pass
        finally:
            self.file.close()  # closing releases the lock
            self.file = None

    def forget(self) -> None:
        """In a forked copy of the holder: close the copy's handle, which leaves the holder's
        lock as it is (the lock belongs to the open file both share until both close it)."""
        if self.file is not None:
            self.file.close()  # no unlock: only the last handle's closing releases the lock
            self.file = None


_HELD: set[BatchLock] = set()
"""The locks this process holds."""


def _forget_in_child() -> None:
    """Worker processes and forked futures do not keep their parent's locks: a worker left
    running after its parent was killed must not keep the batch locked."""
    for lock in list(_HELD):
        lock.forget()
    _HELD.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_in_child)


def take(store: Path, key: str, batch: str) -> BatchLock:
    """Lock batch ``key`` (described as ``batch`` in messages) of the store at ``store``.

    Raises:
        BatchInPlay: another process holds it.
    """
    path = lock_path(store, key)
    path.parent.mkdir(parents=True, exist_ok=True)
    for _ in range(TRIES):
        file = os.fdopen(os.open(path, os.O_RDWR | os.O_CREAT, 0o644), "r+", encoding="utf-8")
        if not _lock_soon(file):
            holder = _holder(file)
            file.close()
            raise BatchInPlay(store, _busy(batch, holder))
        if _same_file(path, file):
            _note_holder(file)
            lock = BatchLock(path, file)
            _HELD.add(lock)
            return lock
        file.close()  # removed by its last holder while we waited: lock the new one
    raise BatchInPlay(store, _busy(batch, ""))


def _lock_soon(file: IO[str]) -> bool:
    """Lock ``file``, trying again for a moment: :func:`held` locks a free lock file for the
    instant it takes to look (``mands-sim store list``); a batch holds it for its whole play."""
    for _ in range(PATIENCE):
        if _lock(file):
            return True
        time.sleep(PAUSE)
    return _lock(file)


def held(store: Path, key: str) -> str | None:
    """Who plays batch ``key`` of the store now (``"process 123 on host since …"``), or
    ``None`` when nobody does."""
    path = lock_path(store, key)
    if not path.exists():
        return None
    try:
        file = open(path, encoding="utf-8")  # noqa: SIM115 - closed below
    except FileNotFoundError:
        return None
    with file:
        if _lock(file):
            return None
        return _holder(file) or "another process"


def _busy(batch: str, holder: str) -> str:
    who = holder or "another process"
    return (
        f"{batch} is being played by {who}. Two processes cannot play one batch: wait for it "
        "to finish and run this again (it then reports the stored runs at once), or give "
        "--store another file to play it separately."
    )


def _same_file(path: Path, file: IO[str]) -> bool:
    try:
        return os.stat(path).st_ino == os.fstat(file.fileno()).st_ino
    except FileNotFoundError:
        return False


def _note_holder(file: IO[str]) -> None:
    file.seek(0)
    file.truncate()
    since = datetime.now(UTC).isoformat(timespec="seconds")
    json.dump({"pid": os.getpid(), "host": socket.gethostname(), "since": since}, file)
    file.flush()


def _holder(file: IO[str]) -> str:
    """``"process 123 on host since 2026-12-02T10:00:00+00:00"`` from a lock file, or ``""``."""
    try:
        file.seek(0)
        note = json.loads(file.read() or "{}")
        return f"process {note['pid']} on {note['host']} since {note['since']}"
    except (ValueError, KeyError, TypeError, OSError):
        return ""


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _lock(file: IO[str]) -> bool:
        try:
            file.seek(0)
            msvcrt.locking(file.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

else:
    import fcntl

    def _lock(file: IO[str]) -> bool:
        """Take ``file``'s exclusive lock at once, or say it is taken."""
        try:
            fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True
