"""What else a run did to each character, counted from its event log for the run summary.

:func:`mands_sim.outcome.summarise` reads damage, actions and injuries;
this module counts the rest a batch reports per character (``docs/reports.md``): wounds and
bleeding (G-19), Endurance Points below zero (``docs/rules/combat.md`` §10, G-16), comebacks
(``back-in-action``: §9, G-171); the attacks it made and how many hit (``docs/rules/combat.md``
§6: each ``AttackResolved``), so a timed-out run can tell "nobody attacked" from "every attack
missed"; how often each of its weaknesses fired (:class:`~mands_sim.events.WeaknessFired`); how
often each condition was imposed on it (:class:`~mands_sim.events.ConditionImposed`: stunned,
held …); and each registered :class:`~mands_sim.metrics.Metric` (the blows the Comics Code
pulled, the Editing and Fate Points spent, the Death Shots given and taken …).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Final

from mands_sim.events import (
    AttackResolved,
    BackInAction,
    BleedingStopped,
    ConditionImposed,
    EndurancePaid,
    Event,
    WeaknessFired,
    WoundOpened,
    by_event_class,
)
from mands_sim.metrics import Metric


@dataclass(frozen=True, slots=True)
class CharacterCounts:
    """One character's counts over one run.

    Attributes:
        wounds: wounds opened on it (penetrating DP, G-19).
        bleeding_at_end: a wound still bleeding when the run ended.
        exhausted: its Endurance Points went below zero (``docs/rules/combat.md`` §10, G-16).
        comebacks: times it came to and was back in action (§9, G-171).
        attacks: attacks it made that came to the Attack ≥ Defense test (§6).
        hits: those that hit (whether or not they got through protection).
        weaknesses: how often each of its weaknesses fired (seed "Handicap or Weakness"), by
            the name on its sheet, sorted by name.
        conditions: how often each condition was imposed on it (:mod:`mands_sim.conditions`),
            by name, sorted by name.
        metrics: each registered metric's count for it (:mod:`mands_sim.metrics`), by name,
            sorted by name; a metric that counted nothing is left out.
    """

    wounds: int = 0
    bleeding_at_end: bool = False
    exhausted: bool = False
    comebacks: int = 0
    attacks: int = 0
    hits: int = 0
    weaknesses: tuple[tuple[str, int], ...] = ()
    conditions: tuple[tuple[str, int], ...] = ()
    metrics: tuple[tuple[str, int], ...] = ()


NO_COUNTS: Final = CharacterCounts()
"""A character nothing counted happened to."""


class RunCounts:
    """Counts for every character, fed the log one event at a time (:meth:`add`)."""

    def __init__(self, metrics: Iterable[Metric] = ()) -> None:
        self._counts: dict[str, dict[str, Any]] = {}
        self._metrics = by_event_class(metrics, lambda metric: metric.counts)
        self._by_type: dict[type, Callable[[Any], None]] = {
            WoundOpened: self._wound,
            BleedingStopped: self._bleeding_stopped,
            EndurancePaid: self._endurance_paid,
            BackInAction: self._back_in_action,
            AttackResolved: self._attack,
            WeaknessFired: self._weakness_fired,
            ConditionImposed: self._condition_imposed,
        }

    def add(self, event: Event) -> None:
        handler = self._by_type.get(type(event))
        if handler is not None:
            handler(event)
        for metric in self._metrics.get(type(event), ()):
            for character, amount in metric.counts[type(event)](event):
                self._by_name(character, "metrics", metric.name, amount)

    def of(self, character: str) -> CharacterCounts:
        counts = dict(self._counts.get(character, {}))
        counts["weaknesses"] = tuple(sorted(counts.get("weaknesses", {}).items()))
        counts["conditions"] = tuple(sorted(counts.get("conditions", {}).items()))
        metrics = counts.get("metrics", {}).items()
        counts["metrics"] = tuple(sorted((name, n) for name, n in metrics if n))
        return CharacterCounts(**counts)

    def _of(self, character: str) -> dict[str, Any]:
        return self._counts.setdefault(character, {})

    def _bump(self, character: str, key: str, by: Any = 1) -> None:
        counts = self._of(character)
        counts[key] = counts.get(key, 0) + by

    def _wound(self, event: WoundOpened) -> None:
        self._bump(event.character, "wounds")
        self._of(event.character)["bleeding_at_end"] = True

    def _bleeding_stopped(self, event: BleedingStopped) -> None:
        self._of(event.character)["bleeding_at_end"] = False

    def _endurance_paid(self, event: EndurancePaid) -> None:
        if event.endurance_after < 0:
            self._of(event.character)["exhausted"] = True

    def _back_in_action(self, event: BackInAction) -> None:
        self._bump(event.character, "comebacks")

    def _attack(self, event: AttackResolved) -> None:
        self._bump(event.character, "attacks")
        self._bump(event.character, "hits", int(event.hit))

    def _by_name(self, character: str, key: str, name: str, times: int = 1) -> None:
        """``name`` happened ``times`` more times to ``character``, counted under ``key``."""
        tally = self._of(character).setdefault(key, {})
        tally[name] = tally.get(name, 0) + times

    def _weakness_fired(self, event: WeaknessFired) -> None:
        self._by_name(event.character, "weaknesses", event.weakness)

    def _condition_imposed(self, event: ConditionImposed) -> None:
        self._by_name(event.character, "conditions", event.condition)


__all__ = ["NO_COUNTS", "CharacterCounts", "RunCounts"]
