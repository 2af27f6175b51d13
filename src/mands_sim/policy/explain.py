"""Explainable decisions: why a policy chose what it chose, and what it passed over.

A policy that can explain itself answers the optional mind question
``explain(encounter, actor, intent) -> Explanation | None`` for the intent it just returned (a
policy that states its reason on every intent it returns answers with :func:`reason_given`);
``mands_rulebook.policies.personalities`` asks it when the action starts and logs the answer as a
:class:`~mands_sim.events.DecisionExplained` event, which ``mands-sim replay --explain`` prints
with the alternatives (:func:`explained_narrative`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from mands_sim.actions import Intent
from mands_sim.events import DecisionExplained, DecisionMade, Event
from mands_sim.narrative import tell

MAX_ALTERNATIVES: Final = 6
"""The most alternatives one explanation keeps (the best or first ones)."""


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why an intent was chosen.

    Attributes:
        reason: the rule or consideration that chose it (``rules[1]: self.dp < 5 → flee``).
        alternatives: what was considered and passed over, best or first first, each with why.
        scores: for a scored policy, the score of the choice and then of each alternative, in
            the same order (empty for a priority list, which does not score).
    """

    reason: str
    alternatives: tuple[str, ...] = ()
    scores: tuple[float, ...] = ()


def reason_given(policy: str, intent: Intent) -> Explanation | None:
    """The explanation of a policy that states why on each intent it returns
    (``Intent.reason``): ``nearest-enemy: sinister is the nearest enemy, in reach``; ``None``
    for an intent without a reason."""
    return Explanation(f"{policy}: {intent.reason}") if intent.reason else None


def explained_event(segment: int, actor: str, intent: Intent, why: Explanation) -> Event:
    """The :class:`DecisionExplained` event for ``intent``."""
    return DecisionExplained(
        segment=segment,
        character=actor,
        action=intent.action,
        target=intent.target,
        reason=why.reason,
        alternatives=why.alternatives[:MAX_ALTERNATIVES],
        scores=why.scores[: MAX_ALTERNATIVES + 1],
    )


def explanation_lines(event: Event) -> list[str]:
    """The lines ``--explain`` adds under a decision: each alternative, with its score if any."""
    if not isinstance(event, DecisionExplained):
        return []
    scores = list(event.scores[1:]) if event.scores else []
    lines = []
    for index, alternative in enumerate(event.alternatives):
        score = f" (score {scores[index]:g})" if index < len(scores) else ""
        lines.append(f"passed over: {alternative}{score}")
    return lines


def explained_narrative(
    events: Iterable[Event], names: Mapping[str, str] | None = None
) -> list[str]:
    """The narrative (:func:`mands_sim.narrative.narrate`) with every decision's alternatives
    indented under it."""
    lines: list[str] = []
    segment: int | None = None
    for event in events:
        line = tell(event, names)
        if line is None:
            continue
        if event.segment != segment:
            segment = event.segment
            lines.append(f"Segment {segment}")
        lines.append(f"  {line}")
        lines += [f"      {extra}" for extra in explanation_lines(event)]
    return lines


def decisions(events: Iterable[Event]) -> list[Event]:
    """The decision events of a log (``DecisionMade`` and ``DecisionExplained``)."""
    return [e for e in events if isinstance(e, DecisionMade | DecisionExplained)]
