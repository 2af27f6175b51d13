"""What happens in one segment, and in which order (DESIGN.md "Same-segment order is explicit").

Everything the kernel does is an :class:`Entry` on the :class:`Agenda`, ordered by the key

    (segment, phase, tiebreak, rank, character id, sequence)

* ``segment`` — game time (``docs/rules/combat.md`` §1).
* ``phase`` — :class:`Phase`: round bookkeeping first (Payment Segments), then actions that
  complete resolve, then conditions are checked, then characters choose, then they initiate
  new actions. So the combat example's "both punches resolve at 15, then each rolls again at
  15" holds by construction, and both choose before either rolls.
* ``tiebreak`` — lower first; 0 unless an optional rule (e.g. Simpler Combat initiative) sets it.
* ``rank`` — the character's place in the encounter's tie-break order, drawn from the dice
  when the encounter is built (``Encounter.rank``, G-227): who goes first among equals is
  chance, never an id or a listing order.
* ``character id`` — the scenario's id, compared as text: only between entries the encounter
  gave no rank (an agenda used on its own).
* ``sequence`` — only separates entries of one character in one phase (e.g. two passive
  actions resolving together), in the order they were scheduled.

SimPy's own insertion order never decides anything: the kernel's driver process pops entries one
at a time and lets SimPy run only the one character process that entry wakes.
Entries can be cancelled (an action pushed back is re-entered at its new segment); cancelled
entries are skipped lazily.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum


class Phase(IntEnum):
    """The phases of one segment, in the order they run."""

    PAYMENT = 0
    """Round boundary bookkeeping: Payment Segments (G-33), per-round rest healing."""
    RESOLVE = 1
    """Actions whose performance time completes in this segment take effect."""
    STATUS = 2
    """Conditions are checked: consciousness, encounter end."""
    DECIDE = 3
    """Characters free to act choose what to start, all on what the segment's earlier phases
    left (G-228): nobody's choice here sees another's."""
    INITIATE = 4
    """What was chosen starts (one initiation per segment); under G-228 ``in_turn`` or a time
    model with its own announcement order, characters choose here, each in its turn."""


OrderKey = tuple[int, int, int, int, str, int]


@dataclass(order=True, slots=True)
class Entry:
    """One thing the kernel will do at a segment. Ordered by :attr:`key` only."""

    key: OrderKey
    run: Callable[[], None] = field(compare=False)
    label: str = field(compare=False, default="")
    cancelled: bool = field(compare=False, default=False)

    @property
    def segment(self) -> int:
        return self.key[0]

    @property
    def phase(self) -> Phase:
        return Phase(self.key[1])

    def cancel(self) -> None:
        """Skip this entry when its turn comes (used when pushback moves an action)."""
        self.cancelled = True


class Agenda:
    """A priority queue of :class:`Entry` keyed by the documented ordering key.

    The heap holds ``(key, entry)`` pairs: keys are unique (the sequence number sees to it), so
    the heap compares plain tuples and never the entries."""

    def __init__(self) -> None:
        self._heap: list[tuple[OrderKey, Entry]] = []
        self._sequence = itertools.count()

    def add(
        self,
        segment: int,
        phase: Phase,
        character_id: str,
        run: Callable[[], None],
        *,
        tiebreak: int = 0,
        rank: int = 0,
        label: str = "",
    ) -> Entry:
        """Schedule ``run`` at ``segment`` in ``phase`` and return its entry."""
        key = (segment, int(phase), tiebreak, rank, character_id, next(self._sequence))
        entry = Entry(key, run, label)
        heapq.heappush(self._heap, (key, entry))
        return entry

    def pop(self) -> Entry | None:
        """The next live entry, or ``None`` when nothing is left."""
        heap = self._heap
        while heap:
            entry = heapq.heappop(heap)[1]
            if not entry.cancelled:
                return entry
        return None

    def next_segment(self) -> int | None:
        """The segment of the next live entry, without removing it."""
        heap = self._heap
        while heap and heap[0][1].cancelled:
            heapq.heappop(heap)
        return heap[0][0][0] if heap else None

    def entries(self) -> list[Entry]:
        """The live entries, in no particular order (for inspection and tests)."""
        return [entry for _, entry in self._heap if not entry.cancelled]

    def __len__(self) -> int:
        return sum(1 for _, entry in self._heap if not entry.cancelled)
