"""mands-sim: a Monte Carlo encounter simulator for the Men & Supermen role-playing game.

The work lives in the submodules. A plugin author imports from one of them only, the plugin
API, :mod:`mands_sim.api` (``docs/api.md``).
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
