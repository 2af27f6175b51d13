"""Two batches compared run by run: what changes when a plugin is left out, or between two
versions of a scenario (``mands-sim run --without``, ``mands-sim compare``).

Both arms play run ``i`` with the same seed (common random numbers), so each run is a pair and
the differences are measured pair by pair, far more precisely than two separate rates allow
(``docs/reports.md``, "Comparing"). A pair in which either arm raised is left out of every
number. Arm A is the reference (the scenario as written), arm B the variant; differences are
B − A.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from mands_sim.batch.records import RunRecord
from mands_sim.batch.stats import PairedCounts, PairedDifference

DEAD = "dead"
"""The condition counted as a death (``CharacterOutcome.condition``)."""


@dataclass(slots=True)
class PairedRuns:
    """Paired tallies of two arms: wins by side, deaths by character and on the first side
    (the heroes, by convention), and fight length.

    Attributes:
        sides: the sides of A, then any B adds.
        heroes: the first side of A (``None`` when it has none).
        wins: each side's win, per pair.
        deaths: each character's death, per pair, for characters present in both arms.
        sides_of: each such character's side (in A).
        hero_dies: any character of ``heroes`` dead, per pair.
        lengths_a, lengths_b: fight lengths in segments, as histograms (for the medians).
        length: B's fight length minus A's, per pair (for the mean and its interval).
        left_out: pairs not counted because an arm raised.
    """

    sides: tuple[str, ...]
    heroes: str | None
    wins: dict[str, PairedCounts] = field(default_factory=dict)
    deaths: dict[str, PairedCounts] = field(default_factory=dict)
    sides_of: dict[str, str] = field(default_factory=dict)
    hero_dies: PairedCounts = field(default_factory=PairedCounts)
    lengths_a: Counter[int] = field(default_factory=Counter)
    lengths_b: Counter[int] = field(default_factory=Counter)
    length: PairedDifference = field(default_factory=PairedDifference)
    left_out: int = 0

    @property
    def pairs(self) -> int:
        """Pairs counted: both arms played without an error."""
        return self.length.n

    def add(self, a: RunRecord, b: RunRecord) -> None:
        """One run index, played in both arms."""
        if a.error is not None or b.error is not None:
            self.left_out += 1
            return
        for side in self.sides:
            self.wins.setdefault(side, PairedCounts()).add(a.winner == side, b.winner == side)
        self.hero_dies.add(_a_hero_dies(a, self.heroes), _a_hero_dies(b, self.heroes))
        self._add_deaths(a, b)
        self.lengths_a[a.segments] += 1
        self.lengths_b[b.segments] += 1
        self.length.add(b.segments - a.segments)

    def _add_deaths(self, a: RunRecord, b: RunRecord) -> None:
        in_b = {c.id: c for c in b.characters}
        for character in a.characters:
            other = in_b.get(character.id)
            if other is None:
                continue
            self.sides_of.setdefault(character.id, character.side)
            counts = self.deaths.setdefault(character.id, PairedCounts())
            counts.add(character.condition == DEAD, other.condition == DEAD)


def _a_hero_dies(record: RunRecord, heroes: str | None) -> bool:
    return any(c.side == heroes and c.condition == DEAD for c in record.characters)


def pair_runs(a: Iterable[RunRecord], b: Iterable[RunRecord], sides: Iterable[str]) -> PairedRuns:
    """Tally the runs of two arms, both in index order, pair by pair (``sides``: A's, then
    any B adds). Only indices both arms played are paired."""
    ordered = tuple(dict.fromkeys(sides))
    paired = PairedRuns(sides=ordered, heroes=ordered[0] if ordered else None)
    for first, second in zip(a, b, strict=False):
        if first.index != second.index:
            raise ValueError(f"runs {first.index} and {second.index} are not a pair")
        paired.add(first, second)
    return paired
