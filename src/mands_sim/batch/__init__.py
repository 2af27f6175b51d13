"""Batches of runs: per-run seeds, worker processes, the results store and the aggregate.

``mands-sim run`` and notebook users go through :func:`mands_sim.batch.runner.run_batch`. Import
a name from the module that defines it.
"""
