"""Adventure days: scenes played in a row, the party carrying its losses from one to the next.

An adventure file (``docs/scenarios.md`` "Adventure files") lists scenario files in order, the
rest before each, and the party; :func:`load_adventure` validates it with every scene.
:func:`play_day` plays one day (:mod:`mands_sim.carry` is what a character carries, the
plugins' hooks ``mands_carry_over`` and ``mands_rest_between_scenes`` what it keeps and heals
between scenes); :func:`play_days` plays many on worker processes and :func:`day_summary` sums
them up for the report (``mands-sim run ADVENTURE.toml``, ``docs/editor-guide.md``).
"""

from __future__ import annotations

from mands_sim.adventure._day import Day, SceneOutcome, carried_values, play_day
from mands_sim.adventure._days import DaysResult, day_summary, play_days, scene_simulations
from mands_sim.adventure._file import (
    FLED,
    Adventure,
    Scene,
    adventure_data,
    is_adventure,
    load_adventure,
)

__all__ = [
    "FLED",
    "Adventure",
    "Day",
    "DaysResult",
    "Scene",
    "SceneOutcome",
    "adventure_data",
    "carried_values",
    "day_summary",
    "is_adventure",
    "load_adventure",
    "play_day",
    "play_days",
    "scene_simulations",
]
