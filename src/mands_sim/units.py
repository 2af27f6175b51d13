"""Named units of game time and space (``rules/combat.md`` §1, ``rules/charts.md`` §8)."""

from __future__ import annotations

from typing import Final, NewType

Segment = NewType("Segment", int)
"""Combat time: about a quarter of a second (``rules/combat.md`` §1). Always an integer."""

Meters = NewType("Meters", float)
"""Distance on the map."""

SEGMENTS_PER_ROUND: Final = 50
"""``rules/combat.md`` §1: 50 segments make a round."""

SEGMENTS_PER_MINUTE: Final = 250
"""``rules/combat.md`` §1: 250 segments make a minute."""

SEGMENTS_PER_COMBAT_TURN: Final = 10
"""Seed "Simpler Combat": a Combat Turn is 10 segments (5 per round)."""
