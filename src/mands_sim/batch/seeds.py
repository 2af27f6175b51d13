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
