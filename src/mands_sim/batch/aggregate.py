"""Streaming aggregation of run records into a toughness report's numbers.

Memory stays flat however many runs: counts and integer histograms only (fight lengths and
losses are whole numbers of segments and points). Records must arrive in index order — the
convergence trace and the notable runs depend on it — which the runner guarantees.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

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
        self._trace()

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
        dead = [c.id for c in self.heroes(record) if c.condition == "dead"]
        if dead and "a hero died" not in self.notable:
            self.notable["a hero died"] = (record.index, record.seed, f"{dead[0]} died")
        fallen = [c.id for c in self.villains(record) if c.condition == "dead"]
        if fallen and "a villain died" not in self.notable:
            self.notable["a villain died"] = (record.index, record.seed, f"{fallen[0]} died")
        longest = self.notable.get("longest fight")
        if longest is None or record.segments > _segments(longest):
            self.notable["longest fight"] = (
                record.index, record.seed, f"{record.segments} segments"
            )  # fmt: skip
        if record.winner is not None:
            key = f"quickest {record.winner} win"
            quickest = self.notable.get(key)
            if quickest is None or record.segments < _segments(quickest):
                self.notable[key] = (record.index, record.seed, f"{record.segments} segments")

    def _trace(self) -> None:
        if self.played % self._trace_every:
            return
        self.trace.append((self.played, dict(self.wins)))
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
