"""The summary of one run: who won, when, and what it cost each character.

:func:`summarise` reads the final state and makes one pass over the event log
(:mod:`mands_sim.run_counts` counts the rest).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from mands_sim.events import (
    ActionStarted,
    DamageTaken,
    EncounterEnded,
    Event,
    InjuryRolled,
    OutOfAction,
)
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.state import CharacterState
from mands_sim.metrics import Metric
from mands_sim.objectives import scenario_objectives, stakes_against
from mands_sim.run_counts import NO_COUNTS, CharacterCounts, RunCounts


@dataclass(frozen=True, slots=True)
class CharacterOutcome:
    """How one character came out of a run.

    ``damage_dealt`` and ``damage_taken`` count damage after protection (``DamageTaken.taken``);
    ``out_at`` is the segment the character went out of action (``None``: it never did);
    ``actions`` counts the actions it started, by name.
    """

    character_id: str
    side: str
    condition: str
    virtual_damage_points_lost: int
    damage_points_lost: int
    endurance_points_spent: Fraction
    damage_dealt: int = 0
    damage_taken: int = 0
    out_at: int | None = None
    actions: tuple[tuple[str, int], ...] = ()
    injury_points: int = 0
    """Injury damage from Injury rolls (G-18): heals monthly, so it outlasts the fight."""
    permanent_damage_points: int = 0
    counts: CharacterCounts = NO_COUNTS
    """Wounds, EP below zero, comebacks, Editing Points, the plugins' metrics
    (:mod:`mands_sim.run_counts`)."""
    role: str = "combatant"
    """``combatant``, ``bystander`` or ``hostage`` (G-235)."""
    objective_attacks: int = 0
    """Actions it started aimed at a character an objective against its side hinges on (the
    objective's performer: the safecracker at the vault), whoever chose them."""

    @property
    def injured(self) -> bool:
        return self.injury_points > 0 or self.permanent_damage_points > 0


@dataclass(frozen=True, slots=True)
class RunResult:
    """The summary of one run: who won, when, and what it cost each character."""

    seed: int
    winner: str | None
    reason: str
    segments: int
    characters: tuple[CharacterOutcome, ...]
    events: int


def summarise(
    encounter: Encounter,
    seed: int,
    ended: EncounterEnded | None,
    metrics: Iterable[Metric] = (),
) -> RunResult:
    """The run's :class:`RunResult`, read off the final state and one pass over the log;
    ``metrics`` are the plugins' counts (:mod:`mands_sim.metrics`)."""
    tally = _Tally(encounter, metrics)
    for event in encounter.log:
        tally.add(event)
    outcomes = tuple(_outcome(state, tally) for state in encounter.state)
    return RunResult(
        seed=seed,
        winner=ended.winner if ended else None,
        reason=ended.reason if ended else "stopped early",
        segments=encounter.now,
        characters=outcomes,
        events=len(encounter.log),
    )


class _Tally:
    """Per-character counts from the event log: damage dealt and taken, out of action, actions."""

    def __init__(self, encounter: Encounter, metrics: Iterable[Metric] = ()) -> None:
        objectives = scenario_objectives(encounter)
        self.sides = {state.character_id: state.side for state in encounter.state}
        self.stakes = {side: stakes_against(objectives, side) for side in set(self.sides.values())}
        self.objective_attacks: Counter[str] = Counter()
        self.dealt: Counter[str] = Counter()
        self.taken: Counter[str] = Counter()
        self.out_at: dict[str, int] = {}
        self.actions: dict[str, Counter[str]] = {}
        self.injury: Counter[str] = Counter()
        self.permanent: Counter[str] = Counter()
        self.counts = RunCounts(metrics)

    def add(self, event: Event) -> None:
        if isinstance(event, DamageTaken):
            self.dealt[event.source] += event.taken
            self.taken[event.character] += event.taken
        elif isinstance(event, ActionStarted):
            self.actions.setdefault(event.character, Counter())[event.action] += 1
            self._aimed(event)
        elif isinstance(event, OutOfAction):
            self.out_at.setdefault(event.character, event.segment)
        elif isinstance(event, InjuryRolled):
            self.injury[event.character] += event.injury_points
            self.permanent[event.character] += event.permanent_points
        self.counts.add(event)

    def _aimed(self, event: ActionStarted) -> None:
        side = self.sides.get(event.character)
        if side is not None and event.target in self.stakes[side]:
            self.objective_attacks[event.character] += 1


def _outcome(state: CharacterState, tally: _Tally) -> CharacterOutcome:
    figured = state.character.figured
    actor = state.character_id
    return CharacterOutcome(
        character_id=state.character_id,
        side=state.side,
        condition=state.condition,
        virtual_damage_points_lost=figured.virtual_damage_points - state.virtual_damage_points,
        damage_points_lost=figured.body_damage_points - state.damage_points,
        endurance_points_spent=state.ep_spent,
        damage_dealt=tally.dealt[actor],
        damage_taken=tally.taken[actor],
        out_at=tally.out_at.get(actor),
        actions=tuple(sorted(tally.actions.get(actor, Counter()).items())),
        injury_points=tally.injury[actor],
        permanent_damage_points=tally.permanent[actor],
        counts=tally.counts.of(actor),
        role=state.role,
        objective_attacks=tally.objective_attacks[actor],
    )


__all__ = ["CharacterOutcome", "RunResult", "summarise"]
