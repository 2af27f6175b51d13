"""Streaming aggregation of run records into a toughness report's numbers.

Memory stays flat however many runs: counts and integer histograms only (fight lengths and
losses are whole numbers of segments and points). Records must arrive in index order — the
convergence trace and the notable runs depend on it — which the runner guarantees.

A worker tallies the runs it played as a :class:`Part` (:func:`tally`), and
:meth:`Aggregate.merge` folds parts in index order into the same numbers as adding their
records one by one would, so the batch's process only merges.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final

from mands_sim.batch.records import RunRecord
from mands_sim.batch.stalemates import stalemate
from mands_sim.batch.stats import Interval, quantile, wilson

ROUND = 50
"""``docs/rules/combat.md`` §1: 50 segments to the round."""

CONVERGENCE_POINTS = 200
"""How many points of the win-rate convergence trace to keep (for the plot)."""

FAILED_SHOWN = 5
"""How many errored runs the report lists with their seeds (the first, in run order)."""


@dataclass(slots=True)
class CharacterTally:
    id: str
    side: str
    conditions: Counter[str] = field(default_factory=Counter)
    vp_lost: Counter[int] = field(default_factory=Counter)
    dp_lost: Counter[int] = field(default_factory=Counter)
    ep_spent: Counter[int] = field(default_factory=Counter)
    out_at: Counter[int] = field(default_factory=Counter)
    damage_dealt: int = 0
    damage_taken: int = 0
    injured: int = 0
    runs: int = 0
    bled: int = 0
    """Runs in which a wound opened on it (G-19); ``bleeding_at_end``: still bleeding at the end."""
    bleeding_at_end: int = 0
    exhausted: int = 0
    """Runs in which its EP went below zero (``docs/rules/combat.md`` §10, G-16)."""
    back_in_action: int = 0
    """Runs in which it came to and was back in action (§9, G-171)."""
    role: str = "combatant"
    """``combatant``, ``bystander`` or ``hostage`` (G-235)."""
    objective_attacks: int = 0
    """Actions it started at an objective's performer, over all runs."""
    objective_attack_runs: int = 0
    """Runs in which it started at least one."""
    weakness_runs: Counter[str] = field(default_factory=Counter)
    """Runs in which each of its weaknesses fired, by name (seed "Handicap or Weakness")."""
    condition_runs: Counter[str] = field(default_factory=Counter)
    """Runs in which each condition was imposed on it, by name (:mod:`mands_sim.conditions`)."""
    metric_counts: dict[str, Counter[int]] = field(default_factory=dict)
    """Each metric's counts per run, by name (:mod:`mands_sim.metrics`), as histograms of the
    runs in which it counted something: the runs it counted nothing in are the others."""

    def metric_histogram(self, name: str) -> Counter[int]:
        """Metric ``name``'s count in each of the character's runs, a histogram; 0 for the runs
        it counted nothing in."""
        counted = self.metric_counts.get(name, Counter())
        return counted + Counter({0: self.runs - counted.total()}) if self.runs else counted


@dataclass(slots=True)
class Aggregate:
    """Everything the report needs, updated one run at a time."""

    sides: tuple[str, ...]
    knock_out: str = "out_of_action"
    """G-239: what 'every hero out of action' counts (``out_of_action`` or ``down``)."""
    runs: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    failed: list[tuple[int, int, str]] = field(default_factory=list)
    """The first :data:`FAILED_SHOWN` errored runs: index, seed and error, to replay them."""
    wins: Counter[str] = field(default_factory=Counter)
    draws: int = 0
    timeouts: int = 0
    stalemates: Counter[str] = field(default_factory=Counter)
    """Timed-out runs by why they decided nothing (:mod:`mands_sim.batch.stalemates`)."""
    party_knock_outs: int = 0
    """Runs in which every hero (the first side's combatants) ended out of action (G-239)."""
    objective_attack_runs: dict[str, int] = field(default_factory=dict)
    """Per side: runs in which one of its characters attacked an objective's performer."""
    hero_deaths: int = 0
    """Runs in which a character of the first side (the heroes by convention) died."""
    villain_deaths: int = 0
    """Runs in which a character of any other side (the villains) died."""
    durations: Counter[int] = field(default_factory=Counter)
    characters: dict[str, CharacterTally] = field(default_factory=dict)
    actions: dict[str, Counter[str]] = field(default_factory=dict)
    trace: list[tuple[int, dict[str, int]]] = field(default_factory=list)
    notable: dict[str, tuple[int, int, str]] = field(default_factory=dict)
    _trace_every: int = 1

    @property
    def played(self) -> int:
        """Runs that finished without an error."""
        return self.runs - sum(self.errors.values())

    def add(self, record: RunRecord) -> None:
        self.runs += 1
        if record.error is not None:
            self.errors[record.error] += 1
            if len(self.failed) < FAILED_SHOWN:
                self.failed.append((record.index, record.seed, record.error))
            return
        if record.winner is not None:
            self.wins[record.winner] += 1
        elif record.timed_out:
            self.timeouts += 1
            self.stalemates[stalemate(record)] += 1
        else:
            self.draws += 1
        self.durations[record.segments] += 1
        for character in record.characters:
            self._add_character(character)
        self._count_knock_out(record)
        for side in {c.side for c in record.characters if c.objective_attacks}:
            self.objective_attack_runs[side] = self.objective_attack_runs.get(side, 0) + 1
        self._count_deaths(record)
        self._note(record)
        self._trace(self.played)

    def merge(self, part: Part) -> None:
        """Fold in the runs ``part`` tallied, the next ones in index order: the same numbers
        as :meth:`add` of each of its records in turn."""
        other = part.aggregate
        played = self.played
        for winner in part.winners:
            played += 1
            if winner is not None:
                self.wins[winner] += 1
            self._trace(played)
        self.runs += other.runs
        self.errors.update(other.errors)
        self.failed += other.failed[: max(0, FAILED_SHOWN - len(self.failed))]
        self.draws += other.draws
        self.timeouts += other.timeouts
        self.stalemates.update(other.stalemates)
        self.party_knock_outs += other.party_knock_outs
        for side, runs in other.objective_attack_runs.items():
            self.objective_attack_runs[side] = self.objective_attack_runs.get(side, 0) + runs
        self.hero_deaths += other.hero_deaths
        self.villain_deaths += other.villain_deaths
        self.durations.update(other.durations)
        for tally in other.characters.values():
            self._merge_character(tally)
        for side, mix in other.actions.items():
            self.actions.setdefault(side, Counter()).update(mix)
        for key, note in other.notable.items():
            self._note_run(key, note)

    def _merge_character(self, other: CharacterTally) -> None:
        tally = self.characters.get(other.id)
        if tally is None:
            tally = self.characters[other.id] = CharacterTally(other.id, other.side)
        tally.role = other.role
        for name in _TALLY_COUNTERS:
            getattr(tally, name).update(getattr(other, name))
        for name in _TALLY_SUMS:
            setattr(tally, name, getattr(tally, name) + getattr(other, name))
        for metric, counts in other.metric_counts.items():
            tally.metric_counts.setdefault(metric, Counter()).update(counts)

    def _add_character(self, c: Any) -> None:
        tally = self.characters.get(c.id)
        if tally is None:
            tally = self.characters[c.id] = CharacterTally(c.id, c.side)
        tally.runs += 1
        tally.role = c.role
        tally.objective_attacks += c.objective_attacks
        tally.objective_attack_runs += c.objective_attacks > 0
        tally.conditions[c.condition] += 1
        tally.vp_lost[c.vp_lost] += 1
        tally.dp_lost[c.dp_lost] += 1
        tally.ep_spent[math.floor(c.ep_spent)] += 1
        if c.out_at is not None:
            tally.out_at[c.out_at] += 1
        tally.damage_dealt += c.damage_dealt
        tally.damage_taken += c.damage_taken
        tally.injured += c.injured
        tally.bled += c.bled
        tally.bleeding_at_end += c.bleeding_at_end
        tally.exhausted += c.exhausted
        tally.back_in_action += c.back_in_action
        tally.weakness_runs.update(name for name, times in c.weaknesses if times > 0)
        tally.condition_runs.update(name for name, times in c.conditions if times > 0)
        for name, count in c.metrics:
            if count:
                tally.metric_counts.setdefault(name, Counter())[count] += 1
        mix = self.actions.setdefault(c.side, Counter())
        for name, count in c.actions:
            mix[name] += count

    def heroes(self, record: RunRecord) -> list[Any]:
        """The heroes of ``record``: the first side's combatants (G-235: no bystander or
        hostage is a hero)."""
        first = self.sides[0] if self.sides else ""
        return [c for c in record.characters if c.side == first and c.combatant]

    def villains(self, record: RunRecord) -> list[Any]:
        """The villains of ``record``: the combatants of every other side."""
        first = self.sides[0] if self.sides else ""
        return [c for c in record.characters if c.side != first and c.combatant]

    def _count_knock_out(self, record: RunRecord) -> None:
        """G-239: every hero out of action (any way, or ``down``: unconscious or dead)."""
        heroes = self.heroes(record)
        down = ("unconscious", "dead")
        if heroes and all(
            c.out_of_action if self.knock_out == "out_of_action" else c.condition in down
            for c in heroes
        ):
            self.party_knock_outs += 1

    def _count_deaths(self, record: RunRecord) -> None:
        """A run counts once on each side that lost a combatant to death."""
        self.hero_deaths += any(c.condition == "dead" for c in self.heroes(record))
        self.villain_deaths += any(c.condition == "dead" for c in self.villains(record))

    def _note(self, record: RunRecord) -> None:
        """Notable runs, first found in index order: a death among the heroes (the first side's
        combatants, by convention) and among the villains, the longest fight, and the quickest
        win by each side."""
        run = record.index, record.seed
        dead = [c.id for c in self.heroes(record) if c.condition == "dead"]
        if dead:
            self._note_run("a hero died", (*run, f"{dead[0]} died"))
        fallen = [c.id for c in self.villains(record) if c.condition == "dead"]
        if fallen:
            self._note_run("a villain died", (*run, f"{fallen[0]} died"))
        self._note_run("longest fight", (*run, f"{record.segments} segments"))
        if record.winner is not None:
            self._note_run(f"quickest {record.winner} win", (*run, f"{record.segments} segments"))

    def _note_run(self, key: str, note: tuple[int, int, str]) -> None:
        """Keep ``note`` under ``key`` if it is the first such run, or a strictly longer
        fight than the longest, or a strictly quicker win than the quickest."""
        kept = self.notable.get(key)
        if (
            kept is None
            or (key == "longest fight" and _segments(note) > _segments(kept))
            or (key.startswith("quickest ") and _segments(note) < _segments(kept))
        ):
            self.notable[key] = note

    def _trace(self, played: int) -> None:
        """A point of the convergence trace after ``played`` runs, every so many runs."""
        if played % self._trace_every:
            return
        self.trace.append((played, dict(self.wins)))
        if len(self.trace) >= 2 * CONVERGENCE_POINTS:
            self.trace = self.trace[1::2]
            self._trace_every *= 2

    # -- the numbers a report shows ------------------------------------------------------

    def win_rate(self, side: str) -> Interval:
        return wilson(self.wins[side], self.played)

    def party_knock_out_rate(self) -> Interval:
        """The share of runs in which every hero ended out of action (G-239)."""
        return wilson(self.party_knock_outs, self.played)

    def headline_rates(self) -> dict[str, Interval]:
        """Each side's win rate and the timeout rate: what ``--target-error`` watches."""
        rates = {f"{side} win": self.win_rate(side) for side in self.sides}
        rates["timeout"] = wilson(self.timeouts, self.played)
        return rates

    def duration(self, q: float) -> int | None:
        return quantile(self.durations, q)

    def survival(self, character: str, segment: int) -> float:
        """The share of runs in which ``character`` is still in action at ``segment``."""
        tally = self.characters[character]
        if tally.runs == 0:
            return 1.0
        out = sum(count for at, count in tally.out_at.items() if at <= segment)
        return 1 - out / tally.runs


def _segments(note: tuple[int, int, str]) -> int:
    return int(note[2].split()[0])


_TALLY_COUNTERS: Final = (
    "conditions", "vp_lost", "dp_lost", "ep_spent", "out_at", "weakness_runs", "condition_runs"
)  # fmt: skip
"""A :class:`CharacterTally`'s histograms, which merge by adding."""

_TALLY_SUMS: Final = (
    "runs", "damage_dealt", "damage_taken", "injured", "bled", "bleeding_at_end", "exhausted",
    "back_in_action", "objective_attacks", "objective_attack_runs",
)  # fmt: skip
"""A :class:`CharacterTally`'s counts, which merge by adding."""


@dataclass(slots=True)
class Part:
    """Runs tallied apart, to be merged (:meth:`Aggregate.merge`) in index order after the
    runs before them: their aggregate, and the winner of each run played (``None``: no
    winner), which the convergence trace needs run by run."""

    aggregate: Aggregate
    winners: list[str | None] = field(default_factory=list)


def tally(records: Iterable[RunRecord], sides: tuple[str, ...], knock_out: str) -> Part:
    """The :class:`Part` of ``records``, given in index order."""
    part = Part(Aggregate(sides=sides, knock_out=knock_out))
    for record in records:
        part.aggregate.add(record)
        if record.error is None:
            part.winners.append(record.winner)
    return part
