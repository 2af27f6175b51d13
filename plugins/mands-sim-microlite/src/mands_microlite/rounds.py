"""Melee rounds, initiative and attacks per round (``docs/rules.md`` §7) as mands-sim's clock.

The plugin's time model is :class:`MeleeRounds`: a round of :attr:`MeleeRounds.length`
segments (ML-04: at least 50, and room for every attack of every character), its Payment
Segment at the round's start. Each character in action rolls initiative for a round at the start
of the round before (d20 + its initiative bonus, a roll-off die for ties, ML-03): so the order of
the next round is always known, and a character whose attacks are spent knows when it acts next.
In a round the characters go in order of initiative, "each spending all its attacks at once, one
after the other": the first from the round's first segment, the next when the first's attacks
are done. Each character's **window** is that run of segments, one per attack, fixed when the
round's initiative is rolled; an attack spent elsewhere (a dodge) shortens what it does in its
window, never moves another's. A character knocked down, or stunned by a Horror Factor, "looses
initiative": its window moves after everyone's in that round, the others' staying where they
were.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from mands_microlite.character import microlite_character
from mands_microlite.events import AttacksSpent, InitiativeLost, InitiativeRolled
from mands_microlite.figures import hand_to_hand
from mands_microlite.sheet import MicroliteSheet
from mands_microlite.tables import tables
from mands_sim.api import (
    Encounter,
    Event,
    Phase,
    Register,
    RuleState,
    ScenarioSpec,
    hookimpl,
)

SHORTEST_ROUND: Final = 50
"""ML-04: a melee round lasts at least 50 segments, the kernel's round."""

ROLLOFF_SIDES: Final = 1_000_000
"""ML-03: the roll-off die that orders equal initiatives (equal roll-offs, one in a million,
go by the characters' ids)."""

KEPT_ROUNDS: Final = 3
"""How many rounds of initiative and attacks a character's state keeps (this, the next, the
last): what the clock reads."""


@dataclass(frozen=True, slots=True)
class Melee:
    """One character's initiatives and attacks spent, by round (the last :data:`KEPT_ROUNDS`)."""

    rolls: tuple[tuple[int, int, int], ...] = ()
    """``(round, total, rolloff)`` for each round it rolled initiative for."""
    spent: tuple[tuple[int, int], ...] = ()
    """``(round, attacks)`` it spent in each round."""
    knocked_down: tuple[int, ...] = ()
    """The rounds it lost initiative in (knocked down, stunned by a Horror Factor): it lost its
    place in the order (§5, §7)."""

    def initiative(self, round_: int) -> tuple[int, int] | None:
        """``(total, rolloff)`` for ``round_``, or ``None`` when it rolled none."""
        return next(((t, o) for r, t, o in self.rolls if r == round_), None)

    def spent_in(self, round_: int) -> int:
        return next((n for r, n in self.spent if r == round_), 0)

    def down_in(self, round_: int) -> bool:
        return round_ in self.knocked_down


def _rolled(melee: Melee, event: InitiativeRolled) -> Melee:
    rolls = (*melee.rolls, (event.round, event.total, event.rolloff))
    return replace(melee, rolls=tuple(r for r in rolls if r[0] > event.round - KEPT_ROUNDS))


def _spent(melee: Melee, event: AttacksSpent) -> Melee:
    before = melee.spent_in(event.round)
    spent = [(r, n) for r, n in melee.spent if r != event.round and r > event.round - KEPT_ROUNDS]
    return replace(melee, spent=(*spent, (event.round, before + event.count)))


def _knocked(melee: Melee, event: InitiativeLost) -> Melee:
    kept = tuple(r for r in melee.knocked_down if r > event.round - KEPT_ROUNDS)
    return replace(melee, knocked_down=(*kept, event.round))


MELEE: Final = RuleState(
    "microlite-melee",
    Melee(),
    {InitiativeRolled: _rolled, AttacksSpent: _spent, InitiativeLost: _knocked},
    summary="Each character's initiative and attacks spent, by melee round (rules.md §7).",
)


def round_length(scenario: ScenarioSpec) -> int:
    """ML-04: at least :data:`SHORTEST_ROUND` segments, and one segment for every attack of
    every combatant in the scenario, and as many again for the one with the most (a character
    knocked down acts after everyone), and one more for each (a power punch begun on a window's
    last attack ends one segment on)."""
    attacks = [
        hand_to_hand(spec.sheet.hand_to_hand, spec.sheet.level).attacks
        for spec in scenario.characters
        if isinstance(spec.sheet, MicroliteSheet)
    ]
    return max(SHORTEST_ROUND, sum(attacks) + max(attacks, default=0) + len(attacks))


class MeleeRounds:
    """The Microlite clock: rounds of ``length`` segments, each character acting in its window."""

    name = "melee-rounds"

    def __init__(self, length: int) -> None:
        self.length = length

    def round_of(self, segment: int) -> int:
        return segment // self.length

    def initiation_segment(self, earliest: int) -> int:
        return earliest

    def completion_segment(self, start: int, performance_time: int) -> int:
        return start + max(1, performance_time)

    def next_payment_segment(self, after: int) -> int:
        """Each round's first segment: initiative for the round after is rolled then."""
        return (after // self.length + 1) * self.length

    def windows(self, encounter: Encounter, round_: int) -> dict[str, tuple[int, int]]:
        """Each character's window in ``round_``: ``(first segment, attacks)``, in order of
        initiative, the higher total first, then the higher roll-off (ML-03)."""
        rolled = []
        for state in encounter.state:
            initiative = state.get(MELEE).initiative(round_)
            if initiative is not None:
                rolled.append((-initiative[0], -initiative[1], state.character_id))
        start = round_ * self.length
        windows: dict[str, tuple[int, int]] = {}
        down = []
        for _, _, actor in sorted(rolled):
            attacks = microlite_character(encounter, actor).figured.attacks
            windows[actor] = (start, attacks)
            start += attacks
            if encounter.state[actor].get(MELEE).down_in(round_):
                down.append(actor)
        for actor in down:  # §7: it "looses initiative": after everyone, the others unmoved
            attacks = windows.pop(actor)[1]
            windows[actor] = (start, attacks)
            start += attacks
        return windows

    def character_initiation_segment(self, encounter: Encounter, actor: str, earliest: int) -> int:
        """The first segment at or after ``earliest`` in one of ``actor``'s windows with an
        attack left to spend; the start of the round after the last known one otherwise."""
        first = self.round_of(earliest)
        for round_ in (first, first + 1):
            window = self.windows(encounter, round_).get(actor)
            if window is None or attacks_left(encounter, actor, round_) <= 0:
                continue
            start, attacks = window
            segment = max(earliest, start)
            if segment < start + attacks:
                return segment
        return (first + 2) * self.length

    def tiebreak(self, encounter: Encounter, segment: int, phase: Phase, actor: str) -> int:
        """Within a segment, the higher initiative first (a power punch ending as the next
        character's first strike does)."""
        order = list(self.windows(encounter, self.round_of(segment)))
        return order.index(actor) if actor in order else len(order)


def attacks_left(encounter: Encounter, actor: str, round_: int) -> int:
    """``actor``'s attacks of ``round_`` not yet spent (§4)."""
    figured = microlite_character(encounter, actor).figured
    return figured.attacks - encounter.state[actor].get(MELEE).spent_in(round_)


def lose_initiative(encounter: Encounter, actor: str, why: str) -> list[Event]:
    """§5, §7: ``actor`` "looses initiative and one attack": it acts after everyone this round,
    and loses an attack of this round if it has one left, else of the next."""
    round_ = current_round(encounter)
    lost = round_ if attacks_left(encounter, actor, round_) > 0 else round_ + 1
    return [
        InitiativeLost(encounter.now, actor, round_, why),
        AttacksSpent(encounter.now, actor, lost, 1, why),
    ]


def current_round(encounter: Encounter) -> int:
    """The melee round the encounter is in."""
    clock = encounter.time
    if not isinstance(clock, MeleeRounds):
        raise TypeError("a Microlite encounter runs on the melee-rounds clock")
    return clock.round_of(encounter.now)


def initiative_rolls(encounter: Encounter, round_: int) -> list[Event]:
    """Every character in action rolls initiative for ``round_`` (§7): a d20 and its bonus,
    and the roll-off die (ML-03), each from its own dice."""
    events: list[Event] = []
    for state in encounter.state:
        if not state.in_action:
            continue
        actor = state.character_id
        dice = encounter.dice_for(actor)
        roll = dice.face(tables().combat.die)
        rolloff = dice.face(ROLLOFF_SIDES)
        bonus = microlite_character(encounter, actor).figured.initiative_bonus
        events.append(InitiativeRolled(encounter.now, actor, round_, roll, roll + bonus, rolloff))
    return events


@hookimpl
def mands_ruleset() -> str:
    return "microlite"


@hookimpl
def mands_time_model(encounter_scenario: ScenarioSpec) -> MeleeRounds | None:
    """A Microlite scenario runs on melee rounds."""
    if encounter_scenario.ruleset != "microlite":
        return None
    return MeleeRounds(round_length(encounter_scenario))


@hookimpl
def mands_encounter_opening(encounter: Encounter) -> list[Event]:
    """Initiative for the first two rounds."""
    return [*initiative_rolls(encounter, 0), *initiative_rolls(encounter, 1)]


@hookimpl
def mands_payment_segment(encounter: Encounter) -> list[Event]:
    """At a round's start, initiative for the round after (§7: "At the end of the round,
    initiative is rolled again")."""
    return initiative_rolls(encounter, current_round(encounter) + 1)


@hookimpl
def mands_register_rule_states(register: Register) -> None:
    register(MELEE.name, MELEE, summary=MELEE.summary, source="rules text")
