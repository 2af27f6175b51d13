"""One row per run: what a batch keeps of each encounter, small enough for 100,000 runs."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from mands_sim.batch.failures import Failure, failure_of
from mands_sim.outcome import CharacterOutcome, RunResult

RECORD_FORMAT: Final = 7
"""The format of the stored character rows. 1: condition, losses, damage, actions, injured,
throwbacks, falls; 2 adds :data:`COUNTED` (wounds, EP below zero, Death Shots, comebacks, Fate
and Editing Points); 3 adds the role (G-235) and the attacks on objectives' performers; 4 the
attacks made, the hits, the blows the Comics Code pulled and the times each weakness fired
(``weaknesses``); 5 the times each condition was imposed on it (``conditions``); 6 the
plugins' metrics (``metrics``, :mod:`mands_sim.metrics`) in place of the Fate Points, pulled
blows, Death Shots, throwbacks and falls counted by the core before; 7 counts the Editing
Points used, trained and added to Experience as metrics too, in place of the core's three
fields (a format 2 to 6 row's are ignored). A batch stored
in an older format is read with what it lacks at its default (combatants, zero counts; attacks
and hits ``None``, not counted), and is not resumed
(:class:`mands_sim.batch.store.ResultStore`)."""


@dataclass(frozen=True, slots=True)
class CharacterRecord:
    """How one character came out of one run (``mands_sim.outcome.CharacterOutcome``)."""

    id: str
    side: str
    condition: str
    vp_lost: int
    dp_lost: int
    ep_spent: float
    damage_dealt: int
    damage_taken: int
    out_at: int | None
    actions: tuple[tuple[str, int], ...]
    injured: bool = False
    wounds: int = 0
    """Wounds opened (G-19); the rest as :class:`mands_sim.run_counts.CharacterCounts`."""
    bleeding_at_end: bool = False
    exhausted: bool = False
    comebacks: int = 0
    role: str = "combatant"
    """``combatant``, ``bystander`` or ``hostage`` (G-235)."""
    objective_attacks: int = 0
    """Actions it started at a character an objective against its side hinges on."""
    attacks: int | None = None
    """Attacks it made (``docs/rules/combat.md`` §6); ``None``: not counted (a format 1–3 row)."""
    hits: int | None = None
    """Of those, the attacks that hit; ``None`` as ``attacks``."""
    weaknesses: tuple[tuple[str, int], ...] = ()
    """How often each of its weaknesses fired, by name (seed "Handicap or Weakness")."""
    conditions: tuple[tuple[str, int], ...] = ()
    """How often each condition was imposed on it, by name (:mod:`mands_sim.conditions`)."""
    metrics: tuple[tuple[str, int], ...] = ()
    """Each registered metric's count for it, by name (:mod:`mands_sim.metrics`)."""

    @property
    def out_of_action(self) -> bool:
        return self.condition != "active"

    @property
    def combatant(self) -> bool:
        """Not a bystander or hostage (G-235)."""
        return self.role == "combatant"

    @property
    def bled(self) -> bool:
        """A wound opened on it in the run (G-19)."""
        return self.wounds > 0

    @property
    def back_in_action(self) -> bool:
        """It came to at least once and was back in action (``docs/rules/combat.md`` §9, G-171)."""
        return self.comebacks > 0


@dataclass(frozen=True, slots=True)
class RunRecord:
    """One run of a batch: its index and seed, the outcome, each character, or the error
    (``error`` in one line, what the report counts runs by; ``failure`` the details: plugin,
    hook, policy, traceback)."""

    index: int
    seed: int
    winner: str | None
    reason: str
    segments: int
    characters: tuple[CharacterRecord, ...]
    error: str | None = None
    failure: Failure | None = None

    @property
    def timed_out(self) -> bool:
        return self.error is None and self.reason == "time limit"

    @classmethod
    def from_result(cls, index: int, result: RunResult) -> RunRecord:
        return cls(
            index=index,
            seed=result.seed,
            winner=result.winner,
            reason=result.reason,
            segments=result.segments,
            characters=tuple(_from_outcome(c) for c in result.characters),
        )

    @classmethod
    def failed(cls, index: int, seed: int, error: str, failure: Failure | None = None) -> RunRecord:
        return cls(index, seed, None, "error", 0, (), error, failure)

    @classmethod
    def raised(cls, index: int, seed: int, error: BaseException) -> RunRecord:
        """The record of run ``index`` that raised ``error`` (or went over its budget)."""
        failure = failure_of(error)
        return cls.failed(index, seed, failure.summary(), failure)

    def characters_json(self) -> str:
        return json.dumps([_character_row(c) for c in self.characters], separators=(",", ":"))

    def row(self) -> tuple[Any, ...]:
        """The store's ``runs`` columns after ``batch``: what :meth:`from_row` reads back."""
        return (
            self.index,
            self.seed,
            self.winner,
            self.reason,
            self.segments,
            self.characters_json(),
            self.error,
            self.failure_json(),
        )

    def failure_json(self) -> str | None:
        if self.failure is None:
            return None
        return json.dumps(self.failure.to_json(), separators=(",", ":"))

    @classmethod
    def from_row(cls, row: tuple[Any, ...]) -> RunRecord:
        """A record from the store's ``runs`` columns (index, seed, winner, reason, segments,
        characters, error, failure), checked beforehand (:mod:`mands_sim.batch.rows`). Keys a
        format-1 row lacks (:data:`COUNTED`) read as zero."""
        index, seed, winner, reason, segments, characters, error, failure = row
        return cls(
            index=index,
            seed=seed,
            winner=winner,
            reason=reason,
            segments=segments,
            characters=tuple(_character(c) for c in json.loads(characters)),
            error=error,
            failure=None if failure is None else Failure.from_json(json.loads(failure)),
        )


def _from_outcome(c: CharacterOutcome) -> CharacterRecord:
    counts = c.counts
    return CharacterRecord(
        id=c.character_id,
        side=c.side,
        condition=c.condition,
        vp_lost=c.virtual_damage_points_lost,
        dp_lost=c.damage_points_lost,
        ep_spent=float(c.endurance_points_spent),
        damage_dealt=c.damage_dealt,
        damage_taken=c.damage_taken,
        out_at=c.out_at,
        actions=c.actions,
        injured=c.injured,
        wounds=counts.wounds,
        bleeding_at_end=counts.bleeding_at_end,
        exhausted=counts.exhausted,
        comebacks=counts.comebacks,
        role=c.role,
        objective_attacks=c.objective_attacks,
        attacks=counts.attacks,
        hits=counts.hits,
        weaknesses=counts.weaknesses,
        conditions=counts.conditions,
        metrics=counts.metrics,
    )


def _character_row(c: CharacterRecord) -> dict[str, Any]:
    return {
        "id": c.id,
        "side": c.side,
        "condition": c.condition,
        "vp_lost": c.vp_lost,
        "dp_lost": c.dp_lost,
        "ep_spent": c.ep_spent,
        "damage_dealt": c.damage_dealt,
        "damage_taken": c.damage_taken,
        "out_at": c.out_at,
        "actions": [list(pair) for pair in c.actions],
        "injured": c.injured,
        "role": c.role,
        "weaknesses": [list(pair) for pair in c.weaknesses],
        "conditions": [list(pair) for pair in c.conditions],
        "metrics": [list(pair) for pair in c.metrics],
        **{name: getattr(c, name) for name in COUNTED},
    }


def _character(row: dict[str, Any]) -> CharacterRecord:
    return CharacterRecord(
        id=row["id"],
        side=row["side"],
        condition=row["condition"],
        vp_lost=row["vp_lost"],
        dp_lost=row["dp_lost"],
        ep_spent=row["ep_spent"],
        damage_dealt=row["damage_dealt"],
        damage_taken=row["damage_taken"],
        out_at=row["out_at"],
        actions=tuple((name, count) for name, count in row["actions"]),
        injured=row.get("injured", False),
        role=row.get("role", "combatant"),
        weaknesses=tuple((name, count) for name, count in row.get("weaknesses", [])),
        conditions=tuple((name, count) for name, count in row.get("conditions", [])),
        metrics=tuple((name, count) for name, count in row.get("metrics", [])),
        **{name: row[name] for name in COUNTED if name in row},
    )


COUNTED: Final = (
    "wounds",
    "bleeding_at_end",
    "exhausted",
    "comebacks",
    "objective_attacks",
    "attacks",
    "hits",
)
"""The counts record formats 2 to 4 added (:data:`RECORD_FORMAT`); format 3 adds the ``role``
besides."""
