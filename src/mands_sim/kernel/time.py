"""Time models: where game time allows things to happen (DESIGN.md "the time model is replaceable").

The standard model is the rulebook's segment clock (``rules/combat.md`` §1): an action may start on
any segment, completes ``performance_time`` segments later, and Payment Segments fall on every
multiple of 50 (``rules/gaps.md`` G-33). Optional rules replace it — the rulebook's Simpler Combat
counts in 10-segment Combat Turns — by providing another object with the same three methods.
"""

from __future__ import annotations

from typing import Protocol

from mands_sim.units import SEGMENTS_PER_ROUND


class TimeModel(Protocol):
    """How an encounter's clock is divided. Segments are always integers (DESIGN.md contract)."""

    name: str

    def initiation_segment(self, earliest: int) -> int:
        """The first segment at or after ``earliest`` on which an action may start."""
        ...

    def completion_segment(self, start: int, performance_time: int) -> int:
        """The segment on which an action started at ``start`` completes."""
        ...

    def next_payment_segment(self, after: int) -> int:
        """The first Payment Segment strictly after ``after``."""
        ...


class SegmentTime:
    """The standard clock: every segment counts; Payment Segments every round (G-33)."""

    name = "segments"

    def initiation_segment(self, earliest: int) -> int:
        return earliest

    def completion_segment(self, start: int, performance_time: int) -> int:
        return start + max(1, performance_time)

    def next_payment_segment(self, after: int) -> int:
        """``rules/gaps.md`` G-33: global Payment Segments on every multiple of 50."""
        return (after // SEGMENTS_PER_ROUND + 1) * SEGMENTS_PER_ROUND
