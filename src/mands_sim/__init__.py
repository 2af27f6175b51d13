"""mands-sim: a Monte Carlo encounter simulator for the Men & Supermen role-playing game.

This module is the public facade; the work lives in the submodules.
"""

from __future__ import annotations

from mands_sim.hookspecs import HOOK_API_VERSION, answers_actions, hookimpl

__version__ = "0.1.0"

__all__ = ["HOOK_API_VERSION", "__version__", "answers_actions", "hookimpl"]
