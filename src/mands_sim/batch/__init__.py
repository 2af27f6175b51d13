"""Batches of runs: per-run seeds, worker processes, the results store and the aggregate.

``mands-sim run`` and notebook users go through :func:`run_batch`.
"""

from mands_sim.batch.aggregate import Aggregate
from mands_sim.batch.records import CharacterRecord, RunRecord
from mands_sim.batch.runner import BatchOptions, BatchResult, Progress, play_chunk, run_batch
from mands_sim.batch.seeds import run_seed
from mands_sim.batch.stats import Interval, PairedDifference, quantile, wilson
from mands_sim.batch.store import ResultStore, default_store_path

__all__ = [
    "Aggregate",
    "BatchOptions",
    "BatchResult",
    "CharacterRecord",
    "Interval",
    "PairedDifference",
    "Progress",
    "ResultStore",
    "RunRecord",
    "default_store_path",
    "play_chunk",
    "quantile",
    "run_batch",
    "run_seed",
    "wilson",
]
