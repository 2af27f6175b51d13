"""Metrics: what a rule plugin counts in a run, reported beside the core's counts.

The run summary counts what every game has (damage, actions, who went down and how). A rule
that wants its own count in the report — the blows the Comics Code pulled, the Fate Points
spent — declares a :class:`Metric` and registers it (``mands_register_metrics``): its name (as
the report prints it) and, for each of its event classes, how many to count for whom. Each run
counts it per character as the log is read; a batch stores it with the run, and the report
gives, per character, the mean and the median per run and the share of runs in which it
happened (``characters[].metrics`` in JSON, a column in the terminal and HTML). Counts are
whole numbers, below zero too (a count that takes off); a metric of halves (half an Editing
Point trained) counts in ``parts`` of 2. The core never knows what a metric means.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from mands_sim.events import Event

Count = Callable[[Any], Iterable[tuple[str, int]]]
"""``count(event) -> [(character id, amount), …]``: what one event adds, for whom."""

MAX_METRICS: Final = 64
"""The most metric names one stored character row may carry (a row is input to a resumed
batch's report, so nothing in it is unbounded)."""

MAX_PARTS: Final = 1_000
"""The most parts a metric's unit may be counted in (:attr:`Metric.parts`)."""


@dataclass(frozen=True, slots=True)
class Metric:
    """A count a rule keeps per character over a run.

    Attributes:
        name: the name the report prints (unique among metrics), e.g. ``"blows pulled"``.
        counts: for each event class, what it adds: ``count(event)`` gives ``(character,
            amount)`` pairs. Pure: no dice, no reading of the encounter.
        summary: one line for listings.
        parts: the parts of one unit a count is made of: the report divides the counts by it
            (2: the counts are halves). A whole number from 1 to :data:`MAX_PARTS`.

    Raises:
        ValueError: ``parts`` out of its range.
    """

    name: str
    counts: Mapping[type[Event], Count]
    summary: str = ""
    parts: int = 1

    def __post_init__(self) -> None:
        if isinstance(self.parts, bool) or not isinstance(self.parts, int):
            raise ValueError(f"a metric's parts is a whole number, not {self.parts!r}")
        if not 1 <= self.parts <= MAX_PARTS:
            raise ValueError(f"a metric's parts is 1 to {MAX_PARTS}, not {self.parts}")


def one_for(field: str = "character") -> Count:
    """The commonest count: one for the character an event names in ``field``."""

    def count(event: Any) -> Iterable[tuple[str, int]]:
        return ((str(getattr(event, field)), 1),)

    return count


__all__ = ["MAX_METRICS", "MAX_PARTS", "Count", "Metric", "one_for"]
