"""Scenario objectives: outcome conditions, and what the policies know of them.

As outcome conditions (``docs/scenarios.md`` "Stop conditions"), an objective ends the encounter
when one of its characters, still in action, achieves it: ``reach`` — stands at a place;
``complete-action`` — has resolved an action; ``escape`` — gets to a place, or to any exit
(G-238: arriving there, or leaving through it). With ``outcome = "win"`` the objective's side
wins; with ``"end"`` the encounter ends with no winner. A ``protect`` objective is the other way
round: it ends the encounter when a protected character goes down (G-236), and its side loses —
its one opponent side wins (with several opponent sides, nobody does). Objectives are checked
before the ``[stop] when`` conditions, in file order, so a villain who reaches the exit as the
last hero falls has escaped.

For the policies (G-237 ``pursue``): :func:`objective_targets` are the characters whose success
would make a character's side lose (a safecracker at the vault, a protected character of the
other side), those performing the objective's action now first; :func:`objective_wards` are its
own side's characters an objective hinges on (its own performers, the characters it protects).
:func:`objective_reason` words why a choice served an objective, for ``replay --explain``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from mands_sim.defaults import CoreDefaults
from mands_sim.kernel.contracts import OutcomeCondition, Verdict, fighting
from mands_sim.kernel.encounter import Encounter
from mands_sim.kernel.state import CharacterState
from mands_sim.scenario import ObjectiveSpec

PURSUED = ("reach", "complete-action", "escape")
"""Kinds of objective a side achieves (``protect`` is one it can only fail)."""

OBJECTIVE = "objective"
"""How a reason marks a choice made for an objective (``objective: stop safecracker …``)."""


@dataclass(frozen=True, slots=True)
class Objective:
    """An :class:`~mands_sim.scenario.ObjectiveSpec` checked against the running encounter.

    ``sides`` are the scenario's sides, for the winner of a failed ``protect``."""

    spec: ObjectiveSpec
    sides: tuple[str, ...] = ()

    def __call__(self, encounter: Encounter) -> Verdict | None:
        if self.spec.kind == "protect":
            return self._protect(encounter)
        for character in self.spec.characters:
            if self._achieved_by(encounter, character):
                winner = self.spec.side if self.spec.outcome == "win" else None
                return Verdict(winner, f"objective: {character} {self._describe()}")
        return None

    def _protect(self, encounter: Encounter) -> Verdict | None:
        for character in self.spec.characters:
            if lost(encounter, encounter.state[character]):
                return Verdict(self._opponent(), f"objective: {character} not protected")
        return None

    def _opponent(self) -> str | None:
        others = [side for side in self.sides if side != self.spec.side]
        return others[0] if self.spec.outcome == "lose" and len(others) == 1 else None

    def _achieved_by(self, encounter: Encounter, character: str) -> bool:
        state = encounter.state[character]
        if self.spec.kind in ("reach", "escape") and state.condition == "fled":
            # Fleeing through the exit that is the objective's place reaches it.
            return self._at_goal(encounter, state)
        if not state.in_action:
            return False
        if self.spec.kind == "escape":
            arrives = encounter.defaults.of(CoreDefaults).G238_escape_counts == "arrives"  # G-238
            position = state.position
            return (
                arrives
                and position is not None
                and position.at_place
                and self._at_goal(encounter, state)
            )
        if self.spec.kind == "reach":
            position = state.position
            return position is not None and position.at_place and position.place == self.spec.place
        action = str(self.spec.action)
        if self.spec.action_outcome is not None:
            return state.outcomes.get((action, self.spec.action_outcome), 0) > 0
        return state.completed.get(action, 0) > 0

    def _at_goal(self, encounter: Encounter, state: CharacterState) -> bool:
        """At the objective's place, or (an escape with none) at any exit of the map."""
        position = state.position
        if position is None:
            return False
        if self.spec.place is not None:
            return position.place == self.spec.place
        world = encounter.world
        return world is not None and position.place in world.exits()

    def _describe(self) -> str:
        if self.spec.kind == "reach":
            return f"reached {self.spec.place}"
        if self.spec.kind == "escape":
            return f"escaped to {self.spec.place or 'an exit'}"
        if self.spec.action_outcome is not None:
            return f"completed {self.spec.action} ({self.spec.action_outcome})"
        return f"completed {self.spec.action}"


def lost(encounter: Encounter, state: CharacterState) -> bool:
    """Whether a protected character has gone down (G-236: unconscious or dead; or, with
    ``out_of_action``, out of action in any way)."""
    if encounter.defaults.of(CoreDefaults).G236_protect_fails == "out_of_action":
        return not state.in_action
    return state.condition in ("unconscious", "dead")


def objective_conditions(
    objectives: tuple[ObjectiveSpec, ...], sides: Iterable[str] = ()
) -> list[OutcomeCondition]:
    """One outcome condition per objective, in file order."""
    names = tuple(sides)
    return [Objective(spec, names) for spec in objectives]


# -- what the policies know -------------------------------------------------------------------


def scenario_objectives(encounter: Encounter) -> tuple[ObjectiveSpec, ...]:
    """The objectives among the encounter's outcome conditions, in file order."""
    return tuple(c.spec for c in encounter.outcome_conditions if isinstance(c, Objective))


def objectives_in_play(encounter: Encounter) -> tuple[ObjectiveSpec, ...]:
    """The objectives the policies know of: all of them (G-237 ``pursue``) or none."""
    if encounter.defaults.of(CoreDefaults).G237_objective_play == "ignore":  # G-237
        return ()
    return scenario_objectives(encounter)


def threatens(spec: ObjectiveSpec, side: str) -> bool:
    """Whether ``spec`` going its characters' way makes ``side`` lose: another side's objective
    it wins by, or another side's ``protect`` (``side`` gains by taking the protected down)."""
    if spec.side == side:
        return False
    return spec.kind == "protect" or spec.outcome == "win"


def stakes_against(objectives: Iterable[ObjectiveSpec], side: str) -> frozenset[str]:
    """Every character an objective against ``side`` hinges on (in action or not)."""
    return frozenset(c for spec in objectives if threatens(spec, side) for c in spec.characters)


def performing(state: CharacterState, spec: ObjectiveSpec) -> bool:
    """Whether ``state``'s character is at its objective now: the objective's action in
    progress (``complete-action``); on the way or at stake (any other kind)."""
    if spec.kind != "complete-action":
        return True
    return any(action.intent.action == spec.action for action in state.actions)


def objective_targets(encounter: Encounter, actor: str) -> list[str]:
    """The characters fighting (G-235) whose objective would make ``actor``'s side lose, those
    performing it now first, then in the encounter's tie order (G-227)."""
    side = encounter.state[actor].side
    busy: dict[str, bool] = {}
    for spec in objectives_in_play(encounter):
        if not threatens(spec, side):
            continue
        for who in spec.characters:
            state = encounter.state[who]
            if fighting(encounter, state):
                busy[who] = busy.get(who, False) or performing(state, spec)
    return sorted(busy, key=lambda who: (not busy[who], encounter.rank(who)))


def objective_wards(encounter: Encounter, actor: str) -> list[str]:
    """``actor``'s allies in action an objective of its side hinges on (its performers, the
    characters it protects), in the encounter's tie order (G-227)."""
    side = encounter.state[actor].side
    wards = {
        who
        for spec in objectives_in_play(encounter)
        if spec.side == side
        for who in spec.characters
        if who != actor and encounter.state[who].in_action
    }
    return sorted(wards, key=encounter.rank)


def objective_reason(encounter: Encounter, actor: str, target: str) -> str | None:
    """Why going after ``target`` serves an objective (``None``: it does not)."""
    side = encounter.state[actor].side
    for spec in objectives_in_play(encounter):
        if target in spec.characters and threatens(spec, side):
            return f"{OBJECTIVE}: stop {target} {_aim(spec)}"
    return None


def _aim(spec: ObjectiveSpec) -> str:
    if spec.kind == "complete-action":
        return f"completing {spec.action}"
    if spec.kind == "protect":
        return "being protected"
    return f"reaching {spec.place or 'an exit'}"


def for_objective(reason: str) -> bool:
    """Whether a decision's reason says it was made for an objective."""
    return reason.startswith(OBJECTIVE) or f" {OBJECTIVE}: " in reason or f"({OBJECTIVE}:" in reason


__all__ = [
    "OBJECTIVE",
    "Objective",
    "for_objective",
    "lost",
    "objective_conditions",
    "objective_reason",
    "objective_targets",
    "objective_wards",
    "objectives_in_play",
    "performing",
    "scenario_objectives",
    "stakes_against",
    "threatens",
]
