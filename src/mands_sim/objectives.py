"""Scenario objectives as outcome conditions (``docs/scenarios.md`` "Stop conditions").

An objective ends the encounter when one of its characters, still in action, achieves it:
``reach`` — stands at a place; ``complete-action`` — has resolved an action. With ``outcome =
"win"`` the objective's side wins; with ``"end"`` the encounter ends with no winner. Objectives
are checked before the ``[stop] when`` conditions, in file order, so a villain who reaches the
exit as the last hero falls has escaped.
"""

from __future__ import annotations

from dataclasses import dataclass

from mands_sim.kernel.encounter import Encounter, OutcomeCondition, Verdict
from mands_sim.scenario import ObjectiveSpec


@dataclass(frozen=True, slots=True)
class Objective:
    """An :class:`~mands_sim.scenario.ObjectiveSpec` checked against the running encounter."""

    spec: ObjectiveSpec

    def __call__(self, encounter: Encounter) -> Verdict | None:
        for character in self.spec.characters:
            if self._achieved_by(encounter, character):
                winner = self.spec.side if self.spec.outcome == "win" else None
                return Verdict(winner, f"objective: {character} {self._describe()}")
        return None

    def _achieved_by(self, encounter: Encounter, character: str) -> bool:
        state = encounter.state[character]
        if self.spec.kind == "reach" and state.condition == "fled":
            # Fleeing through the exit that is the objective's place reaches it.
            position = state.position
            return position is not None and position.place == self.spec.place
        if not state.in_action:
            return False
        if self.spec.kind == "reach":
            position = state.position
            return position is not None and position.at_place and position.place == self.spec.place
        action = str(self.spec.action)
        if self.spec.action_outcome is not None:
            return state.outcomes.get((action, self.spec.action_outcome), 0) > 0
        return state.completed.get(action, 0) > 0

    def _describe(self) -> str:
        if self.spec.kind == "reach":
            return f"reached {self.spec.place}"
        if self.spec.action_outcome is not None:
            return f"completed {self.spec.action} ({self.spec.action_outcome})"
        return f"completed {self.spec.action}"


def objective_conditions(objectives: tuple[ObjectiveSpec, ...]) -> list[OutcomeCondition]:
    """One outcome condition per objective, in file order."""
    return [Objective(spec) for spec in objectives]


__all__ = ["Objective", "objective_conditions"]
