"""The clock of Simpler Combat (seed "Simpler Combat"; G-140, G-144, G-191, G-192): Combat
Turns on the segment clock, the order of things within a segment, where runners are seen."""

from __future__ import annotations

from mands_rulebook.kit.opponents.sweeps import pending_blows
from mands_rulebook.optional.simpler_combat.announcing import (
    SimplerCombatDefaults,
    announcing_learning,
)
from mands_rulebook.optional.simpler_combat.initiative import resolving_initiative
from mands_rulebook.optional.simpler_combat.turns import ANNOUNCING, TURN, turn_end, turn_start
from mands_sim.api import Encounter, Phase, SegmentTime


class CombatTurns:
    """The clock of Simpler Combat: Combat Turns from ``turns_from`` up to ``turns_until``
    (``None``: to the end), the segment clock outside them (``kernel.time.SegmentTime``)."""

    name = "combat-turns"
    turn_start = staticmethod(turn_start)
    turn_end = staticmethod(turn_end)

    def __init__(self, turns_from: int = 0, turns_until: int | None = None) -> None:
        for segment in (turns_from, turns_until):
            if segment is not None and (segment < 0 or segment % TURN):
                raise ValueError(f"switch clocks on a multiple of {TURN}, not {segment}")
        self.turns_from = turns_from
        self.turns_until = turns_until

    def in_turns(self, segment: int) -> bool:
        until = self.turns_until
        return self.turns_from <= segment and (until is None or segment < until)

    def initiation_segment(self, earliest: int) -> int:
        """Under Combat Turns, only a turn's announcing segments (G-140)."""
        if not self.in_turns(earliest) or earliest % TURN < ANNOUNCING:
            return earliest
        return self.turn_end(earliest)

    def character_initiation_segment(self, encounter: Encounter, actor: str, earliest: int) -> int:
        """As :meth:`initiation_segment`, but a sweep's next blow follows through mid-turn on
        the segment the last one landed (seed "Multiple Opponents", G-191)."""
        if earliest == encounter.now and pending_blows(encounter, actor) is not None:
            return earliest
        return self.initiation_segment(earliest)

    def tiebreak(self, encounter: Encounter, segment: int, phase: Phase, actor: str) -> int:
        """G-191: within a segment of a Combat Turn, characters announce "in order of learning
        (from lowest to highest)", a delay counting as that much more Learning, and actions
        resolve "highest initiative first"."""
        if (
            not self.in_turns(segment)
            or encounter.defaults.of(SimplerCombatDefaults).G191_segment_order == "drawn"
        ):
            return 0
        if phase == Phase.INITIATE:
            return announcing_learning(encounter, actor)
        if phase == Phase.RESOLVE:
            return -resolving_initiative(encounter, actor, segment)
        return 0

    def movement_segment(self, encounter: Encounter, segment: int) -> int:
        """The segment runners are seen at (``mands_rulebook.kit.positions``): seed "Move at the
        end of the Combat Turn" — within a turn, where its start left them (G-192)."""
        if (
            not self.in_turns(segment)
            or encounter.defaults.of(SimplerCombatDefaults).G192_turn_movement == "continuous"
        ):
            return segment
        return self.turn_start(segment)

    def completion_segment(self, start: int, performance_time: int) -> int:
        """:class:`SimplerCombat` sets an action's time so that it ends on its Initiative."""
        return start + max(1, performance_time)

    def next_payment_segment(self, after: int) -> int:
        """Seed: ongoing actions are paid "at the end of every fifth Turn": the Payment Segments
        (G-33; G-38: by the rule, not the example's ledger)."""
        return SegmentTime().next_payment_segment(after)

    def switches(self) -> list[tuple[int, str]]:
        """The segments where the clock changes, and to what."""
        found = [(self.turns_from, "combat turns")] if self.turns_from > 0 else []
        return found + ([(self.turns_until, "segments")] if self.turns_until is not None else [])
