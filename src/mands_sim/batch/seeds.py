"""Per-run seeds derived from a master seed and the run's index (DESIGN.md "Determinism").

A run's seed depends only on the master seed and its index, never on which worker process runs
it or in what order, so a batch gives the same runs for any ``--jobs``.
"""

from __future__ import annotations

import hashlib


def run_seed(master: int, index: int) -> int:
    """The seed of run ``index`` of a batch with master seed ``master``: 48 bits of BLAKE2b.

    Short enough to type into ``mands-sim replay``, long enough that 100,000 runs share a seed
    with a chance of about 1 in 50,000."""
    digest = hashlib.blake2b(f"mands-sim run {master} {index}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


def scene_seed(day: int, scene: int) -> int:
    """The seed of scene ``scene`` (from 1) of an adventure day whose seed is ``day``: 48 bits of
    BLAKE2b, as :func:`run_seed`. Scene 0 is played on the day's seed itself, so the first scene
    of a day plays as the same run of a plain batch does."""
    digest = hashlib.blake2b(f"mands-sim scene {day} {scene}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")
