"""One row per run: what a batch keeps of each encounter, small enough for 100,000 runs."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from mands_sim.simulation import RunResult


@dataclass(frozen=True, slots=True)
class CharacterRecord:
    """How one character came out of one run (``mands_sim.simulation.CharacterOutcome``)."""

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
    times_thrown: int = 0
    times_fallen: int = 0

    @property
    def out_of_action(self) -> bool:
        return self.condition != "active"


@dataclass(frozen=True, slots=True)
class RunRecord:
    """One run of a batch: its index and seed, the outcome, each character, or the error."""

    index: int
    seed: int
    winner: str | None
    reason: str
    segments: int
    characters: tuple[CharacterRecord, ...]
    error: str | None = None

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
            characters=tuple(
                CharacterRecord(
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
                    times_thrown=c.times_thrown,
                    times_fallen=c.times_fallen,
                )
                for c in result.characters
            ),
        )

    @classmethod
    def failed(cls, index: int, seed: int, error: str) -> RunRecord:
        return cls(index, seed, None, "error", 0, (), error)

    def characters_json(self) -> str:
        return json.dumps([_character_row(c) for c in self.characters], separators=(",", ":"))

    @classmethod
    def from_row(cls, row: tuple[Any, ...]) -> RunRecord:
        """A record from the store's ``runs`` columns (index, seed, winner, reason, segments,
        characters, error)."""
        index, seed, winner, reason, segments, characters, error = row
        return cls(
            index=index,
            seed=seed,
            winner=winner,
            reason=reason,
            segments=segments,
            characters=tuple(_character(c) for c in json.loads(characters)),
            error=error,
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
        "times_thrown": c.times_thrown,
        "times_fallen": c.times_fallen,
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
        times_thrown=row.get("times_thrown", 0),
        times_fallen=row.get("times_fallen", 0),
    )
