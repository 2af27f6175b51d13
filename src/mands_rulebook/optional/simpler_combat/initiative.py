"""Initiative under Combat Turns (seed "Simpler Combat"; G-140, G-143, G-194): d10 "at the
start of each combat", re-rolled for an Editing Point (the mind's ``reroll_initiative``; one of
the character's own with ``editing-points`` on), and which Initiative resolves first within a
segment (G-191)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar, Final

from mands_rulebook.kit.editing_points.points import (
    EDITOR,
    PLAYER,
    EditingPointsUsed,
    editing_points_in_play,
    editing_points_left,
    is_player,
)
from mands_rulebook.optional.simpler_combat.announcing import started_this_turn
from mands_sim.api import Encounter, Event, Intent

INITIATIVE_DIE: Final = 10  # seed: "Each player rolls d10 at the start of each combat"
TRAINING_SHARE: Final = Fraction(1, 2)  # seed: "These Editing Points are halved"
INITIATIVE_REROLL: Final = "initiative re-roll"
"""The ``use`` of the Editing Point a re-rolled Initiative spends (G-194)."""


@dataclass(frozen=True, slots=True)
class InitiativeRolled(Event):
    """An Initiative roll: at the start of combat, or re-rolled for an Editing Point."""

    kind: ClassVar[str] = "initiative"
    character: str
    roll: int
    initiative: int
    editing_points: int = 0
    training: Fraction = Fraction(0)
    """Seed: the Editing Points "are halved, then go to training in the action being performed"."""
    training_in: str = ""


def initiative_rolls(encounter: Encounter) -> list[Event]:
    """Seed: "Each player rolls d10 at the start of each combat. This is the character's base
    Initiative": one roll for everyone in action."""
    rolls: list[Event] = []
    for actor in encounter.state.ids():
        if encounter.state[actor].in_action:
            roll = encounter.dice_for(actor).face(INITIATIVE_DIE)
            rolls.append(InitiativeRolled(encounter.now, actor, roll, roll))
    return rolls


def initiative(encounter: Encounter, actor: str) -> int:
    """``actor``'s current base Initiative (its latest :class:`InitiativeRolled`; 0 if none)."""
    for event in reversed(encounter.log):
        if isinstance(event, InitiativeRolled) and event.character == actor:
            return event.initiative
    return 0


def base_initiative(encounter: Encounter, actor: str, rerolled: Sequence[Event]) -> int:
    """The Initiative an action starts on: a re-roll's just made, else the latest logged."""
    new = [e for e in rerolled if isinstance(e, InitiativeRolled)]
    return new[-1].initiative if new else initiative(encounter, actor)


def resolving_initiative(encounter: Encounter, actor: str, segment: int) -> int:
    """The highest Initiative among ``actor``'s actions completing at ``segment`` (its base
    Initiative for one started without a Combat Turn's schedule)."""
    due = [a for a in encounter.state[actor].actions if a.completes_at == segment]
    known = [a.prepared.whole("initiative") for a in due if "initiative" in a.prepared]
    if due and len(known) == len(due):
        return max(known)
    return max([*known, initiative(encounter, actor)])


def editing_points_spent(encounter: Encounter, actor: str) -> int:
    """The Editing Points ``actor`` has spent on Initiative in this encounter."""
    rolls = [e for e in encounter.log if isinstance(e, InitiativeRolled) and e.character == actor]
    return sum(e.editing_points for e in rolls)


def initiative_reroll(encounter: Encounter, actor: str, intent: Intent) -> list[Event]:
    """Seed: "at the start of any Combat Turn, expend one Editing Point to re-roll their
    Initiative (and take the better ...)". Asked at the turn's first announcement (G-143); with
    the ``editing-points`` rule on, the point is one of the character's (G-194)."""
    ask = getattr(encounter.minds[actor], "reroll_initiative", None)
    current = initiative(encounter, actor)
    if ask is None or started_this_turn(encounter, actor) or not ask(encounter, actor, current):
        return []
    spent = initiative_point(encounter, actor, intent)
    if spent is None:
        return []
    roll = encounter.dice_for(actor).face(INITIATIVE_DIE)
    better = max(current, roll)
    rolled = InitiativeRolled(encounter.now, actor, roll, better, 1, TRAINING_SHARE, intent.action)
    return [rolled, *spent]


def initiative_point(encounter: Encounter, actor: str, intent: Intent) -> list[Event] | None:
    """G-194: the Editing Point of a re-roll, as ``mands_rulebook.optional.editing_points`` keeps
    them —
    one of the character's, "halved, then go to training in the action being performed" — or
    ``None`` when it has none left; with that rule off, the mind keeps the budget (G-143)."""
    if not editing_points_in_play(encounter):
        return []
    if editing_points_left(encounter, actor) < 1:
        return None
    by = PLAYER if is_player(encounter, actor) else EDITOR
    why = (INITIATIVE_REROLL, "initiative", intent.action, by)
    return [EditingPointsUsed(encounter.now, actor, 1, *why)]
