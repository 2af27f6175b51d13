"""The toughness verdict: one mapping from measured results to words and to the rulebook's
award multiplier (``docs/rules/decisions.md`` G-71).

Seed ``000`` "Award Multipliers": "If an adventure is especially tough … multiply the total
editing award by a number from 1.1 to 1.5." How the Editor judges "especially tough" is not
given. G-71 (invented): read it off the first side's (the heroes') win rate — the point estimate,
so more runs refine it without changing the scale — one step harsher when any of them dies in at
least :data:`DEATH_STEP` of the runs. The scale can be switched in ``[rules.defaults]``.

A run that ends at the time limit decides nothing, so it is never counted as a loss: the win
rate is read off the runs that ended before it. When at least G-230's share of the runs
(``G230_inconclusive_timeouts``, 10 %) end at the time limit, there is no tier at all: the
verdict is :data:`INCONCLUSIVE`, at the award multiplier 1.0 (seed 000 raises an award only
for an adventure known to be especially tough), with a warning saying why the runs stalled
(:mod:`mands_sim.batch.stalemates`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from mands_sim.batch.stalemates import STALEMATES

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

TOUGHNESS_STEPS = (
    ("routine", 1.0),
    ("tough", 1.1),
    ("hard", 1.2),
    ("very hard", 1.3),
    ("grim", 1.4),
    ("deadly", 1.5),
)
"""Words and award multipliers (seed 000: 1.1 to 1.5 for "especially tough"; 1.0 otherwise)."""


INCONCLUSIVE: Final = "inconclusive"
"""G-230: the verdict when too many runs end at the time limit to tell a tier."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """How tough an encounter is for its first side; ``warning``: why it is inconclusive."""

    word: str
    multiplier: float
    reason: str
    warning: str | None = None


@dataclass(frozen=True, slots=True)
class Runs:
    """What the verdict reads off a batch: the runs played (without an error), the heroes'
    wins, the runs that ended at the time limit and why each stalled, and the highest death
    rate among the heroes."""

    played: int
    heroes_wins: int
    timeouts: int = 0
    stalemates: Mapping[str, int] | None = None
    worst_death_rate: float = 0.0


def toughness_verdict(runs: Runs, scale: str = "standard", inconclusive_at: float = 0.1) -> Verdict:
    """G-71's tier over the runs that ended before the time limit, or G-230's
    :data:`INCONCLUSIVE` when at least ``inconclusive_at`` of them ended at it."""
    decided = runs.played - runs.timeouts
    share = runs.timeouts / runs.played if runs.played else 0.0
    if decided <= 0 or share >= inconclusive_at:
        return _inconclusive(runs, share, inconclusive_at)
    tier = toughness(runs.heroes_wins / decided, runs.worst_death_rate, scale)
    if not runs.timeouts:
        return tier
    left_out = f"; {runs.timeouts} run(s) at the time limit left out ({share:.0%})"
    return Verdict(tier.word, tier.multiplier, tier.reason + left_out)


def _inconclusive(runs: Runs, share: float, inconclusive_at: float) -> Verdict:
    if runs.played == 0:
        return Verdict(INCONCLUSIVE, 1.0, "no run was played", "no run was played")
    reason = f"{share:.0%} of runs ended at the time limit (G-230: {inconclusive_at:.0%} or more)"
    return Verdict(INCONCLUSIVE, 1.0, reason, f"{reason}; {stalled(runs.stalemates or {})}")


def stalled(stalemates: Mapping[str, int]) -> str:
    """Why the timed-out runs stalled, the commonest first: ``"in 90 %: nobody … ; in 10 %: …"``."""
    total = sum(stalemates.values())
    if not total:
        return "no run says why"
    ranked = sorted(
        stalemates.items(), key=lambda item: (-item[1], list(STALEMATES).index(item[0]))
    )
    return "; ".join(f"in {count / total:.0%}: {STALEMATES[name]}" for name, count in ranked)


def toughness(heroes_win_rate: float, worst_death_rate: float, scale: str = "standard") -> Verdict:
    """G-71: the verdict for the heroes' win rate and the highest death rate among them."""
    thresholds = SCALES[scale]
    step = next((i for i, low in enumerate(thresholds) if heroes_win_rate >= low), len(thresholds))
    reason = f"heroes win {heroes_win_rate:.0%}"
    if worst_death_rate >= DEATH_STEP and step < len(TOUGHNESS_STEPS) - 1:
        step += 1
        reason += f"; the hero most at risk dies in {worst_death_rate:.0%} of runs"
    word, multiplier = TOUGHNESS_STEPS[step]
    return Verdict(word, multiplier, reason)
