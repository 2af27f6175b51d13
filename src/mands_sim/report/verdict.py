"""The toughness verdict: one mapping from measured results to words and to the rulebook's
award multiplier (``docs/rules/decisions.md`` G-71).

Seed ``000`` "Award Multipliers": "If an adventure is especially tough … multiply the total
editing award by a number from 1.1 to 1.5." How the Editor judges "especially tough" is not
given. G-71 (invented): read it off the first side's (the heroes') win rate — the point estimate,
so more runs refine it without changing the scale — one step harsher when any of them dies in at
least :data:`DEATH_STEP` of the runs. The scale can be switched in ``[rules.defaults]``.
"""

from __future__ import annotations

from dataclasses import dataclass

DEATH_STEP = 0.10
"""G-71: a hero dying in this share of runs or more makes the verdict one step harsher."""

SCALES: dict[str, tuple[float, ...]] = {
    # Lowest heroes' win rate for each step from routine (1.0) to deadly (1.5).
    "standard": (0.90, 0.75, 0.60, 0.45, 0.30),
    "forgiving": (0.80, 0.65, 0.50, 0.35, 0.20),
    "strict": (0.95, 0.85, 0.70, 0.55, 0.40),
}
"""G-71 thresholds: win rate at or above the first → routine, the second → tough, … below the
last → deadly."""

STEPS = (
    ("routine", 1.0),
    ("tough", 1.1),
    ("hard", 1.2),
    ("very hard", 1.3),
    ("grim", 1.4),
    ("deadly", 1.5),
)
"""Words and award multipliers (seed 000: 1.1 to 1.5 for "especially tough"; 1.0 otherwise)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """How tough an encounter is for its first side."""

    word: str
    multiplier: float
    reason: str


def toughness(heroes_win_rate: float, worst_death_rate: float, scale: str = "standard") -> Verdict:
    """G-71: the verdict for the heroes' win rate and the highest death rate among them."""
    thresholds = SCALES[scale]
    step = next((i for i, low in enumerate(thresholds) if heroes_win_rate >= low), len(thresholds))
    reason = f"heroes win {heroes_win_rate:.0%}"
    if worst_death_rate >= DEATH_STEP and step < len(STEPS) - 1:
        step += 1
        reason += f"; a hero dies in {worst_death_rate:.0%} of runs"
    word, multiplier = STEPS[step]
    return Verdict(word, multiplier, reason)
