"""Named units of game time and space (``docs/rules/combat.md`` §1, ``docs/rules/charts.md`` §8)."""

from __future__ import annotations

from typing import Final, NewType

Segment = NewType("Segment", int)
"""Combat time: about a quarter of a second (``docs/rules/combat.md`` §1). Always an integer."""

Meters = NewType("Meters", float)
"""Distance on the map."""

SEGMENTS_PER_ROUND: Final = 50
"""``docs/rules/combat.md`` §1: 50 segments make a round."""

SEGMENTS_PER_MINUTE: Final = 250
"""``docs/rules/combat.md`` §1: 250 segments make a minute."""

SEGMENTS_PER_COMBAT_TURN: Final = 10
"""Seed "Simpler Combat": a Combat Turn is 10 segments (5 per round)."""
